//! Key Harvest: seeded random games pinned to what they played before the speed work of issue
//! 29, so that making the engine or the random bot faster cannot change a seed's game without a
//! test saying so.
//!
//! The figures (decisions, each seat's final score) are those `farmhand simulate --game
//! key-harvest --players P --seed S` printed with the engine as it was before that work, except
//! six games of 3 and 4 players, pinned again in issue 44: there a turn after one tile of (c)
//! no longer ends by itself when only the hidden starting counters rule out a second tile
//! (KH 16, 70), so those games asked for an "end my turn" and went another way. Each
//! game is played three ways that must all agree with them: the playout driver with its events
//! kept (`simulate`), without them (`bench engine`), and the random bot deciding from whole
//! player views on the same random stream (a bot seat's path).

use farmhand_games::key_harvest::bots::random::random_action;
use farmhand_games::key_harvest::{Board, Game, Options, sim};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// (players, seed, decisions, final score of each seat).
fn pinned() -> Vec<(u8, u64, usize, Vec<u32>)> {
    vec![
        (2, 1, 231, vec![38, 30]),
        (2, 2, 113, vec![11, 23]),
        (2, 3, 250, vec![20, 21]),
        (2, 17, 218, vec![22, 28]),
        (2, 99, 164, vec![20, 14]),
        (2, 12345, 78, vec![15, 12]),
        (3, 1, 244, vec![16, 25, 35]),
        (3, 2, 282, vec![20, 19, 25]),
        (3, 3, 255, vec![30, 16, 13]),
        (3, 17, 206, vec![19, 13, 17]),
        (3, 99, 199, vec![14, 16, 16]),
        (3, 12345, 182, vec![13, 12, 14]),
        (4, 1, 223, vec![14, 11, 8, 17]),
        (4, 2, 212, vec![11, 16, 12, 14]),
        (4, 3, 263, vec![24, 11, 16, 16]),
        (4, 17, 220, vec![18, 13, 21, 8]),
        (4, 99, 221, vec![6, 16, 17, 12]),
        (4, 12345, 184, vec![8, 11, 5, 7]),
    ]
}

fn totals(g: &Game) -> Vec<u32> {
    g.score_pad()
        .expect("the game ended")
        .lines
        .iter()
        .map(|l| l.total)
        .collect()
}

/// The driver's game replayed by the random bot from player views, on the driver's stream.
fn view_game(players: u8, seed: u64) -> (usize, Vec<u32>) {
    let (mut g, _) = Game::new(Board::standard(), &Options { players }, seed).unwrap();
    // The stream `sim::play_random` seeds.
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x6b68_7261_6e64);
    let mut steps = 0;
    while let Some(seat) = g.to_move() {
        let a = random_action(&g.player_view(seat), &mut rng);
        g.apply(seat, &a).unwrap();
        steps += 1;
        assert!(steps < 20_000);
    }
    (steps, totals(&g))
}

#[test]
fn seeded_random_games_play_as_before() {
    for (players, seed, steps, scores) in pinned() {
        let kept = sim::play_random(Board::standard(), players, seed, true);
        assert_eq!(
            (kept.steps, totals(&kept.game)),
            (steps, scores.clone()),
            "{players} players, seed {seed}, events kept"
        );
        assert_eq!(kept.actions.len(), steps);
        assert!(kept.events.len() > steps, "every decision tells something");
        let quiet = sim::play_random(Board::standard(), players, seed, false);
        assert_eq!(
            (quiet.steps, totals(&quiet.game)),
            (steps, scores.clone()),
            "{players} players, seed {seed}, no events"
        );
        assert!(quiet.events.is_empty());
        assert_eq!(
            view_game(players, seed),
            (steps, scores),
            "{players} players, seed {seed}, from views"
        );
    }
}
