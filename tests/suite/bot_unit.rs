//! The bot's unit tests (the `#[cfg(test)]` modules under src/, outside src/games), run among the
//! suite's own tests: a plain `cargo test` runs them here, in two shards, and not as a run of
//! their own.
//!
//! Why: they are CPU-bound (their panel playouts draw every screen of whole games), while the
//! suite's end-to-end tests mostly wait on the fake Discord, the scripted players and the clock.
//! Run one after the other (stop 57, CI: the suite 322 s, then the unit tests 62 s on both
//! cores), the suite left a core mostly idle. Here each shard runs on its own thread at the
//! kernel's idle priority (SCHED_IDLE), so it takes only what the end-to-end tests leave: a
//! waking test takes the core back at once, and the answer-time checks (3 s for a click) see no
//! more load than before. CI runs two more tests at a time for the two shards (.ci/run).
//!
//! They are the same tests, run the same way (src/games/unit.rs, `run_shard`); a failure names
//! each failing test, and its panic is printed above. To run some of them by name, with
//! libtest's filters: `cargo test --test unit discord::seats` (tests/unit.rs, which a plain
//! `cargo test` skips: Cargo.toml's `test = false`).

use farmhand::games::unit;

const SHARDS: usize = 2;

fn shard(n: usize) {
    // This thread only (libtest runs each test on a thread of its own): 0 is the calling thread.
    let param = libc::sched_param { sched_priority: 0 };
    // SAFETY: a plain system call on the calling thread, with a valid parameter.
    let rc = unsafe { libc::sched_setscheduler(0, libc::SCHED_IDLE, &param) };
    if rc != 0 {
        eprintln!(
            "the unit tests' shard runs at normal priority: {}",
            std::io::Error::last_os_error()
        );
    }
    unit::run_shard("farmhand", n, SHARDS, Some(block_on));
}

/// An `async fn` test on a current-thread runtime with its clock and I/O drivers, as
/// tests/unit.rs runs one.
fn block_on(test: unit::TestFuture) {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a tokio runtime for an async test")
        .block_on(test)
}

#[test]
fn shard_0() {
    shard(0);
}

#[test]
fn shard_1() {
    shard(1);
}
