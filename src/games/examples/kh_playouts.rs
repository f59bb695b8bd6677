//! A fixed workload for profilers: Key Harvest random games played exactly as `farmhand bench
//! engine --game key-harvest` plays them (the unrecorded playout driver), but a fixed number of
//! them from fixed seeds, so that `valgrind --tool=callgrind` counts the same games before and
//! after a change. The bot's allocator (mimalloc) is used here too, as in the binary.
//!
//! `cargo build --release -p farmhand-games --example kh_playouts`, then
//! `valgrind --tool=callgrind target/release/examples/kh_playouts 3 200` (players, games).
//! Subtract a run with 0 games to leave the board loading out.

use farmhand_games::key_harvest::{Board, sim};

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let mut args = std::env::args().skip(1);
    let players: u8 = args.next().and_then(|a| a.parse().ok()).unwrap_or(3);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(200);
    let board = Board::standard();
    let mut steps = 0usize;
    for seed in 0..games {
        steps += sim::play_random(board.clone(), players, seed, false).steps;
    }
    println!("{games} games, {players} players, {steps} decisions");
}
