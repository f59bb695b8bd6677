//! Bots for Key Harvest. They decide from their own [`PlayerView`] only (KH 68-70): never from
//! the bag's order or another player's hidden counters.

pub mod determinize;
pub mod heuristic;
pub mod random;
pub mod search;

use super::action::Action;
use super::board::Board;
use super::view::PlayerView;
use rand_chacha::ChaCha8Rng;

/// A player that decides from its view.
pub trait Bot {
    fn name(&self) -> &str;
    /// An action for the view's seat; the seat must have a decision to make.
    fn decide(&mut self, board: &Board, view: &PlayerView, rng: &mut ChaCha8Rng) -> Action;
}

/// Bot kinds by name, for the CLI and the Discord seats.
pub fn by_name(name: &str) -> Option<Box<dyn Bot>> {
    match name {
        "random" => Some(Box::new(random::RandomBot)),
        "heuristic" => Some(Box::new(heuristic::HeuristicBot)),
        // `search`, or `search:N[:H[:C]]` with its budget spelled out.
        _ => search::SearchBot::parse(name).map(|b| Box::new(b) as Box<dyn Bot>),
    }
}

pub const BOT_NAMES: [&str; 3] = ["random", "heuristic", "search"];
