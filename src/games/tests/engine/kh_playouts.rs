//! Key Harvest: seeded random playouts for 2-4 players to the end, with the invariants checked
//! after every step (KH 4 tiles in one place, KH 5 counters conserved, workers, events), the
//! random bot's every action accepted (listing and `apply` agree), refused actions changing
//! nothing, snapshots round-tripping, views hiding what KH 69 hides, and replays deterministic.

use farmhand_games::key_harvest::bots::random::random_action;
use farmhand_games::key_harvest::{Action, Board, Choice, Event, Game, Options};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn snapshot_json(g: &Game) -> String {
    serde_json::to_string(&g.snapshot()).unwrap()
}

/// Plays one game with the random bot; returns the actions and the final snapshot.
fn play(players: u8, seed: u64, deep_checks: bool) -> (Vec<(u8, Action)>, Game) {
    let (mut g, _) = Game::new(Board::standard(), &Options { players }, seed).unwrap();
    g.check_invariants().unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
    let mut log = Vec::new();
    let mut steps = 0;
    while let Some(seat) = g.to_move() {
        steps += 1;
        assert!(steps < 20_000, "seed {seed}: the game does not end");
        let view = g.player_view(seat);
        assert!(
            !view.legal.is_empty(),
            "seed {seed}: seat {seat} has no choice"
        );
        let action = random_action(&view, &mut rng);
        if deep_checks {
            // A refused action changes nothing: try a wrong seat and a nonsense action first.
            let before = snapshot_json(&g);
            let other = (seat + 1) % players;
            assert!(g.apply(other, &action).is_err());
            assert!(
                g.apply(
                    seat,
                    &Action::Harvest {
                        tiles: vec![200],
                        instead: vec![]
                    }
                )
                .is_err()
            );
            assert!(
                g.apply(seat, &Action::ChooseStartPlayer { seat: 9 })
                    .is_err()
            );
            assert!(g.apply(seat, &Action::Reposition { space: 77 }).is_err());
            // Listing and `apply` agree on what is not listed: a worker on a space outside its
            // listed set, a harvest when none is listed, and a registry tile when (d) is not
            // listed are all refused.
            for c in &view.legal {
                if let Choice::PlayWorker { worker, spaces } = c {
                    for s in 0..56u8 {
                        if spaces & (1u64 << s) == 0 {
                            let a = Action::PlayWorker {
                                worker: *worker,
                                space: s,
                            };
                            assert!(g.apply(seat, &a).is_err(), "seed {seed}: unlisted {a:?}");
                        }
                    }
                }
            }
            let me = g.state().players[seat as usize].clone();
            if !view
                .legal
                .iter()
                .any(|c| matches!(c, Choice::Harvest { .. }))
                && let Some(t) = (0..56u8).find(|t| me.fields & !me.harvested & (1u64 << t) != 0)
            {
                let a = Action::Harvest {
                    tiles: vec![t],
                    instead: vec![],
                };
                assert!(g.apply(seat, &a).is_err(), "seed {seed}: unlisted harvest");
            }
            if !view
                .legal
                .iter()
                .any(|c| matches!(c, Choice::TakeFromRegistry { .. }))
                && let Some(t) = (0..56u8).find(|t| g.state().registry & (1u64 << t) != 0)
            {
                let a = Action::TakeFromRegistry {
                    tile: t,
                    bid: me.supply,
                };
                assert!(g.apply(seat, &a).is_err(), "seed {seed}: unlisted (d)");
            }
            assert_eq!(
                snapshot_json(&g),
                before,
                "seed {seed}: refused action changed state"
            );
            assert_eq!(
                snapshot_json(&g),
                before,
                "seed {seed}: refused action changed state"
            );
        }
        let events = match g.apply(seat, &action) {
            Ok(ev) => ev,
            Err(e) => panic!(
                "seed {seed} step {steps}: listed action {action:?} refused: {e}\nprompt {:?}",
                g.prompt()
            ),
        };
        log.push((seat, action));
        if let Err(e) = g.check_invariants() {
            panic!("seed {seed} step {steps}: {e}");
        }
        for e in &events {
            if let Event::WorkerPlayed { seat, space, .. } = e {
                let p = &g.state().players[*seat as usize];
                let others = p.worker_spaces() & !(1u64 << space);
                assert_eq!(g.board().neighbours(*space) & others, 0, "KH 19 adjacency");
            }
        }
        if deep_checks {
            let back =
                Game::from_snapshot(serde_json::from_str(&snapshot_json(&g)).unwrap()).unwrap();
            assert_eq!(snapshot_json(&back), snapshot_json(&g));
            // KH 69: no view holds another seat's hidden starting counters.
            for viewer in 0..players {
                let v = g.player_view(viewer);
                for (i, s) in v.public.seats.iter().enumerate() {
                    let p = &g.state().players[i];
                    assert_eq!(s.total(), p.supply.total());
                    if i as u8 != viewer {
                        assert!(p.supply.contains(&s.known));
                    }
                }
                assert_eq!(v.supply, g.state().players[viewer as usize].supply);
                if !g.is_over() {
                    assert!(v.public.removed.is_none());
                }
            }
        }
    }
    assert!(g.score_pad().is_some());
    (log, g)
}

#[test]
fn random_playouts_keep_every_invariant() {
    for players in 2..=4u8 {
        for seed in 0..40u64 {
            play(players, seed * 7 + players as u64, seed < 8);
        }
    }
}

#[test]
fn replay_is_deterministic() {
    for players in 2..=4u8 {
        let (log, end) = play(players, 99, false);
        let (mut g, _) = Game::new(Board::standard(), &Options { players }, 99).unwrap();
        for (seat, a) in &log {
            g.apply(*seat, a).unwrap();
        }
        assert_eq!(snapshot_json(&g), snapshot_json(&end));
    }
}

#[test]
fn games_end_by_the_tenth_event_or_stalemate() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    for _ in 0..30 {
        let players = rng.random_range(2..=4);
        let (_, g) = play(players, rng.random(), false);
        let s = g.state();
        assert!(s.track.len() == 10 || s.idle_turns >= players || s.final_turns == Some(0));
    }
}

/// The playout driver lists with a memo of each seat's groups and worker spaces
/// (`legal_actions_memo`): at every decision of random games it lists exactly what
/// `legal_actions` lists, even with one memo carried from game to game (its entries then
/// describe another game's farms, and must be recognised as stale).
#[test]
fn listing_with_a_memo_lists_the_same() {
    use farmhand_games::key_harvest::ListingMemo;
    use farmhand_games::key_harvest::bots::random::random_choice;
    for players in 2..=4u8 {
        let mut memo = ListingMemo::default();
        for seed in 0..12u64 {
            let (mut g, _) = Game::new(Board::standard(), &Options { players }, seed).unwrap();
            let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x6d656d6f);
            let mut listed = Vec::new();
            let mut steps = 0;
            while let Some(seat) = g.to_move() {
                g.legal_actions_memo(seat, &mut listed, &mut memo);
                assert_eq!(
                    listed,
                    g.legal_actions(seat),
                    "players {players} seed {seed} step {steps}"
                );
                // Another seat's list through the same memo: empty, as without one.
                let other = (seat + 1) % players;
                let mut none = Vec::new();
                g.legal_actions_memo(other, &mut none, &mut memo);
                assert_eq!(none, g.legal_actions(other));
                let supply = g.state().players[seat as usize].supply;
                let a = random_choice(&listed, supply, g.state().stock, &mut rng);
                g.apply_quiet(seat, &a).unwrap();
                steps += 1;
                assert!(steps < 20_000, "seed {seed}: the game does not end");
            }
        }
    }
}

/// The listing drops workers a number at a time with `Worker::OF_NUMBER`: each mask holds
/// exactly the workers of that number.
#[test]
fn workers_of_each_number_are_their_masks() {
    use farmhand_games::key_harvest::Worker;
    for (k, &mask) in Worker::OF_NUMBER.iter().enumerate() {
        for (i, w) in Worker::ALL.iter().enumerate() {
            assert_eq!(
                mask & 1 << i != 0,
                w.number() as usize == k,
                "{w:?} and {k}"
            );
        }
    }
}
