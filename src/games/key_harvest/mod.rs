//! Key Harvest: the pure rules engine (the rulings in RULES.md beside this file, cited "KH n"). Nothing here does I/O
//! (beyond loading a board file from a path on request), reads a clock, or knows about Discord or
//! a database.

pub mod action;
pub mod board;
mod engine;
pub mod error;
pub mod event;
pub mod few;
mod flow;
pub mod game;
pub mod legal;
pub mod pieces;
pub mod replay;
pub mod score;
mod undo;
pub mod view;

pub use action::{Action, TurnAction};
pub use board::{Board, Crop, Space, SpaceSet};
pub use error::ActionError;
pub use event::{DeclinedWhat, Event, Place};
pub use few::{Few, SeatTiles};
pub use game::{Game, GameSnapshot, Options, Phase, Prompt};
pub use legal::{Choice, ListingMemo};
pub use pieces::{Counters, EventTile, Seat, Worker};
pub use score::{ScoreLine, ScorePad};
pub mod bots;
pub mod sim;

/// The round (1, 2, ...) turn `turn` belongs to with `players` seats; 0 for the setup (the start
/// player is chosen before turn 1). Every seat has one turn a round, in turn order.
pub fn round_of(turn: u32, players: u32) -> u32 {
    if turn == 0 {
        0
    } else {
        (turn - 1) / players.max(1) + 1
    }
}
