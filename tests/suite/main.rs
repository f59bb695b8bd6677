//! Farmhand's integration tests, built as ONE test binary.
//!
//! Each file under `tests/` used to be its own crate, compiled and linked again against the
//! whole library and its dependencies: 31 binaries, and the link step dominated the test build
//! (cargo's own `tests/testsuite/main.rs` is the model; see Aleksey Kladov, "Delete Cargo
//! Integration Tests"). A subject is a module; the shared end-to-end setup is `e2e`.
//!
//! The engines' own tests (rulings, playouts, bots, scenarios) are the `farmhand-games` crate's
//! test binary, `src/games/tests/engine/`: they build and run without the bot
//! (`cargo test -p farmhand-games`), which is what one works with while changing an engine.
//!
//! Run one subject with a filter: `cargo test --test suite e2e_key_harvest::`.

/// The allocator the bot itself runs with (`src/main.rs`): the end-to-end tests run the bot, the
/// fake Discord and the scripted players in this process, and under glibc's malloc a fifth of
/// their CPU time was spent allocating and freeing (perf, `e2e_games::three_players_whole_game`).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

// The async tests run on tokio's current-thread runtime (plain `#[tokio::test]`): the bot, the
// fake Discord and the scripted players share one thread, so a request and its answer pass
// between tasks instead of waking another thread (the engine's work and SQLite still run on their
// own threads). Two whole games (e2e_key_harvest::two_players_whole_game and
// e2e_games::three_players_whole_game) took 4.6 and 6.5 s of CPU with 39 and 58 thousand task
// switches, against 8.2 and 8.4 s with 110 and 114 thousand on two worker threads (perf stat,
// back to back, stop 55; measured together with the store's change of the same stop, one
// connection and no ping per table read); the whole suite's kernel time fell from 92 to 52 s.

/// One scenario, `run(which, args..)`, as a test for each game: two `#[tokio::test]`s, each
/// with its own name (a filter picks it, a failure names it), run beside the other tests.
/// `for_both_games!(run, fog_test(args..), kh_test(args..));`
macro_rules! for_both_games {
    ($run:ident, $fog:ident($($fog_args:expr),*), $kh:ident($($kh_args:expr),*)) => {
        #[tokio::test]
        async fn $fog() {
            $run(crate::e2e::Which::FieldsOfGreen, $($fog_args),*).await;
        }

        #[tokio::test]
        async fn $kh() {
            $run(crate::e2e::Which::KeyHarvest, $($kh_args),*).await;
        }
    };
}

/// One scenario generic over the game, `run::<G>(kind, args..)`, as a test for each game (Fields
/// of Green, then Key Harvest), each with its own name:
/// `each_game!(run, fog_test(args..), kh_test(args..));`
macro_rules! each_game {
    ($run:ident, $fog:ident($($fog_args:expr),*), $kh:ident($($kh_args:expr),*)) => {
        each_game!(@one $run, $fog, FieldsOfGreen, fields_of_green, $($fog_args),*);
        each_game!(@one $run, $kh, KeyHarvest, key_harvest, $($kh_args),*);
    };
    (@one $run:ident, $test:ident, $kind:ident, $game:ident, $($args:expr),*) => {
        #[tokio::test]
        async fn $test() {
            $run::<farmhand::games::$game::Game>(farmhand::host::Kind::$kind, $($args),*).await;
        }
    };
}

/// Fields of Green's position builders, shared with the engine's tests (one file, two binaries).
#[path = "../../src/games/tests/engine/common.rs"]
mod common;

mod admin_inputs;
mod backup;
mod bench_processes;
mod bin;
mod catch_up;
mod cli;
mod cli_key_harvest;
mod closed_threads;
mod crash;
mod demo_determinism;
mod discord_codes;
mod discord_deadline;
mod discord_faults;
mod discord_permissions;
mod discord_ratelimits;
mod discord_recovery;
mod discord_startup;
mod discord_timeouts;
mod discord_token_buckets;
mod e2e;
mod e2e_both;
mod e2e_coach;
mod e2e_games;
mod e2e_key_harvest;
mod e2e_review;
mod engine_purity;
mod fixture;
mod gateway_cross_check;
mod hay_wagons;
mod hours_old_panels;
mod kh_thread_rounds;
mod layers;
mod metrics;
mod parked;
mod phone_pictures;
mod pictures;
mod plain_words;
mod postgres;
mod postgres_processes;
mod postgres_tls;
mod records;
mod run_failure;
mod scheduler;
mod seats;
mod server_needs_doc;
mod service;
mod service_two_games;
mod table_language;
mod table_places;
mod thread_once;
mod transcript_browser;
mod two_weeks;
mod undo;
mod unit_registry;
mod upgrade_from_release;
