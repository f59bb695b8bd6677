//! Fields of Green: the pure rules engine. Nothing here does I/O, reads a clock or knows about
//! Discord or a database (a test in `tests/suite/engine_purity.rs` keeps it so).

pub mod action;
pub mod bots;
pub mod cards;
pub mod deck_file;
pub mod effects;
mod engine;
pub mod error;
pub mod event;
pub mod farm;
pub mod game;
pub mod replay;
pub mod sim;
pub mod view;

pub use action::Action;
pub use cards::Deck;
pub use error::{ActionError, Space};
pub use event::Event;
pub use farm::Pos;
pub use game::{Game, GameSnapshot, Options, Phase, ScorePad, Setup};
