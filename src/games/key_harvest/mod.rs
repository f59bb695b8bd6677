//! Key Harvest: the pure rules engine for our second game (rules/KEY-HARVEST-RULINGS.md). No I/O,
//! no clock, no async; the only file access is [`board::Board::load`], which reads a board file
//! on request.
//!
//! - [`board`]: the country board (grid, adjacency, the crop of each field tile, start pairs),
//!   loaded from `board.toml` (design/KEY-HARVEST-BOARD.md).

pub mod board;
