//! Farmhand: Fields of Green (and the Key Harvest engine) for Discord.
//!
//! - [`games`]: the pure rules engines, Fields of Green and Key Harvest (no I/O, no clock, no
//!   Discord, no database).
//! - [`render`]: views to text (farm grids, score pads, event sentences).
//! - [`discord`]: slash commands, the component router, message building, notifications.
//! - [`service`]: the one place game state changes (lock, load, apply, save, reply).
//! - [`store`]: SQLite or PostgreSQL through sqlx.
//! - [`shards`]: which gateway shards (and so which servers' games) a process looks after.
//! - [`config`]: the TOML config file and the environment.

// The unit tests' `#[test]` (src/games/unit.rs says why): in every module, it shadows the
// built-in.
#[cfg(test)]
#[macro_use]
extern crate farmhand_test_macro;

pub mod cli;
pub mod clock;
pub mod config;
pub mod day;
pub mod discord;
pub mod fake_discord;
/// The pure rules engines: the `farmhand-games` crate (`src/games/`), re-exported.
pub use farmhand_games as games;
pub mod host;
pub mod i18n;
pub mod input;
pub mod logging;
pub mod metrics;
pub mod render;
pub mod secret;
pub mod service;
pub mod shards;
pub mod store;
