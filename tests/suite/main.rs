//! Farmhand's integration tests, built as ONE test binary.
//!
//! Each file under `tests/` used to be its own crate, compiled and linked again against the
//! whole library and its dependencies: 31 binaries, and the link step dominated the test build
//! (cargo's own `tests/testsuite/main.rs` is the model; see Aleksey Kladov, "Delete Cargo
//! Integration Tests"). A subject is now a module; the shared helpers live in `common` (Fields
//! of Green) and `kh_common` (Key Harvest).
//!
//! Run one subject with a filter: `cargo test --test suite e2e_key_harvest::`.

mod common;
mod kh_common;

mod admin_inputs;
mod backup;
mod bin;
mod bots;
mod catch_up;
mod cli;
mod cli_key_harvest;
mod crash;
mod demo_determinism;
mod determinism;
mod discord_permissions;
mod discord_recovery;
mod discord_startup;
mod e2e;
mod e2e_games;
mod e2e_key_harvest;
mod engine_harness;
mod engine_purity;
mod error_messages;
mod fog_legal_property;
mod kh_playouts;
mod kh_rulings_events;
mod kh_rulings_scoring;
mod kh_rulings_setup;
mod kh_rulings_turn;
mod kh_rulings_workers;
mod kh_search_bot;
mod kh_thread_rounds;
mod pictures;
mod plain_words;
mod planner;
mod playouts;
mod postgres;
mod postgres_tls;
mod records;
mod replay_scenarios;
mod rulings_actions;
mod rulings_equipment;
mod rulings_harvest;
mod rulings_scoring;
mod rulings_setup;
mod run_failure;
mod server_needs_doc;
mod service;
mod service_two_games;
mod thread_once;
mod upgrade_from_release;
