//! The rules engines' own tests, built as ONE test binary of the `farmhand-games` crate.
//!
//! They need nothing but the engines, so they live beside them: a change in an engine file
//! rebuilds the engine crate and this binary, not the bot (`cargo test -p farmhand-games`).
//! The tests of the host (service, store, Discord, CLI) are the root package's `tests/suite/`.
//!
//! Run one subject with a filter: `cargo test -p farmhand-games --test engine kh_rulings_turn::`.

// The bot's allocator, as the suite and the examples have: the property tests and playouts
// clone games and build candidate lists at every step, and glibc's malloc and free were a seventh
// of this binary's CPU (perf, stop 56).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

mod common;
mod kh_common;

mod bots;
mod coach;
mod determinism;
mod engine_harness;
mod error_messages;
mod fog_legal_property;
mod fog_twins;
mod hw_rulings;
mod kh_playouts;
mod kh_rulings_events;
mod kh_rulings_scoring;
mod kh_rulings_setup;
mod kh_rulings_turn;
mod kh_rulings_workers;
mod kh_scenario_position;
mod kh_search_bot;
mod kh_seeded_games;
mod kh_twins;
mod planner;
mod playouts;
mod replay_scenarios;
mod rulings_actions;
mod rulings_equipment;
mod rulings_harvest;
mod rulings_scoring;
mod rulings_setup;
mod twin_checks;
mod undo;
