//! Whole games played by bots, for the CLI (simulate, bench, arena, balance) and the tests.

use super::action::Action;
use super::board::Board;
use super::bots::Bot;
use super::bots::random::{random_action, random_listed};
use super::event::Event;
use super::game::{Game, Options};
use super::legal::ListingMemo;
use super::pieces::Seat;
use super::view::PlayerView;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

/// Decisions after which a game is abandoned as stuck (never reached by a legal game: the
/// stalemate rule, KH 17, ends a game in which nobody acts).
pub const MAX_STEPS: usize = 100_000;

/// A finished game with its history.
pub struct Played {
    pub game: Game,
    pub actions: Vec<(Seat, Action)>,
    pub events: Vec<Event>,
    pub steps: usize,
}

/// Counts one more decision of game `seed`; a game still going at [`MAX_STEPS`] is a bug.
fn count_step(steps: &mut usize, seed: u64) {
    *steps += 1;
    assert!(*steps < MAX_STEPS, "game {seed} does not end");
}

/// Plays a game with random legal actions (the engine's playout driver). `record` keeps the
/// actions and events.
pub fn play_random(board: Arc<Board>, players: u8, seed: u64, record: bool) -> Played {
    let (mut game, setup) = Game::new(board, &Options { players }, seed).expect("2-4 players");
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x6b68_7261_6e64);
    let mut actions = Vec::new();
    let mut events = if record { setup } else { Vec::new() };
    let mut steps = 0;
    // One list of choices, refilled for every decision, and the listing's memo of each seat's
    // groups and worker spaces (the same lists, less work).
    let mut legal = Vec::new();
    let mut memo = ListingMemo::default();
    // The prompt is read once per decision, for the listing and the play.
    while let Some((seat, prompt)) = game.prompt() {
        // The random bot's inputs without building a whole view: the legal choices, the seat's
        // supply and the stock.
        game.legal_actions_prompted(seat, &prompt, &mut legal, &mut memo);
        let supply = game.state().players[seat as usize].supply;
        let action = random_listed(&legal, supply, game.state().stock, &mut rng);
        // Unrecorded, no event is made.
        if record {
            game.apply_into(seat, &action, &mut events)
        } else {
            game.apply_quiet_prompted(seat, &prompt, &action)
        }
        .expect("the random bot plays legal actions");
        if record {
            actions.push((seat, action));
        }
        count_step(&mut steps, seed);
    }
    Played {
        game,
        actions,
        events,
        steps,
    }
}

/// Plays a game with one bot per seat. `decide` asks a bot for its action (the CLI wraps it to
/// time decisions; the engine reads no clock). A bot's refused action (a bot bug) is replaced by
/// a random legal one, so a game always ends; `refused` counts them.
pub fn play_bots(
    board: Arc<Board>,
    bots: &mut [Box<dyn Bot>],
    seed: u64,
    mut decide: impl FnMut(Seat, &mut dyn Bot, &Board, &PlayerView, &mut ChaCha8Rng) -> Action,
) -> (Played, usize) {
    let players = bots.len() as u8;
    let (mut game, setup) =
        Game::new(board.clone(), &Options { players }, seed).expect("2-4 players");
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x626f_7473);
    let mut actions = Vec::new();
    let mut events = setup;
    let mut steps = 0;
    let mut refused = 0;
    while let Some(seat) = game.to_move() {
        let view = game.player_view(seat);
        let action = decide(seat, bots[seat as usize].as_mut(), &board, &view, &mut rng);
        let (action, ev) = match game.apply(seat, &action) {
            Ok(ev) => (action, ev),
            Err(_) => {
                refused += 1;
                let a = random_action(&view, &mut rng);
                let ev = game.apply(seat, &a).expect("random legal action");
                (a, ev)
            }
        };
        count_step(&mut steps, seed);
        actions.push((seat, action));
        events.extend(ev);
    }
    (
        Played {
            game,
            actions,
            events,
            steps,
        },
        refused,
    )
}
