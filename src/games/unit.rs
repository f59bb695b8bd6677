//! The unit tests of both crates (the engines' and the bot's), compiled into their libraries and
//! run by a runner of each (`tests/unit.rs`, `src/games/tests/unit.rs`).
//!
//! Why not libtest's own harness: `cargo test` would compile each library a second time, as a
//! test harness, next to the library that the suite, the engines' tests and the binary link. On
//! this project's 2-core CI machine the bot's second compile was the longest step of the test
//! build, and the engines' (at `opt-level = 2`) one of the next (docs/BENCHMARKS.md, "Build and
//! CI times", stop 54). So the tests (the `unit-tests` feature, which only the tests turn on,
//! through each crate's dev-dependency on itself) build each library once, with its
//! `#[cfg(test)]` modules in it (each crate's build script sets `cfg(test)` for that build), and
//! the runners run them. A module's tests are written as anywhere in Rust:
//! `#[cfg(test)] mod tests { #[test] fn ... }`; the `#[test]` they get is farmhand-test-macro's
//! (src/test_macro/), which registers the function here.
//!
//! The runner is libtest-mimic: the same names (`discord::seats::tests::...`), filters,
//! `--exact`, `--ignored`, `--list` and summary as libtest. What libtest-mimic does not do is
//! capture a passing test's output; the tests print nothing unless asked (`--ignored` tools).
//! This module is pure as the engines are: an `async fn` test is run by the runner's own
//! `block_on` (the bot's, on tokio).

use std::future::Future;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::pin::Pin;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};

pub use inventory::submit;

/// One unit test, as `#[test]` registers it.
pub struct UnitTest {
    /// `module_path!()` where the test is written (`farmhand::discord::seats::tests`).
    pub module: &'static str,
    pub name: &'static str,
    pub run: Run,
    /// `#[should_panic]`: the text the panic's message must contain ("" for any panic).
    pub should_panic: Option<&'static str>,
    /// `#[ignore]`.
    pub ignore: bool,
}

/// How a test runs.
pub enum Run {
    Sync(fn()),
    /// An `async fn` test, run by the runner's `block_on` (the bot's: a current-thread tokio
    /// runtime with its clock and I/O drivers, as tokio's own test attribute runs one).
    Async(fn() -> TestFuture),
}

/// What an `async fn` test returns, boxed.
pub type TestFuture = Pin<Box<dyn Future<Output = ()>>>;

/// Runs an `async fn` test to completion.
pub type BlockOn = fn(TestFuture);

inventory::collect!(UnitTest);

/// Every test registered in this process: both crates' when the bot's library is linked (the
/// suite checks that each `#[test]` under src/ is among them).
pub fn registered() -> impl Iterator<Item = &'static UnitTest> {
    inventory::iter::<UnitTest>.into_iter()
}

static RUNNING: AtomicBool = AtomicBool::new(false);

/// Whether this process is a unit-test runner, not the suite or the engines' tests, which link
/// the same libraries when the tests build them. The few shortcuts the unit tests take (no
/// pictures for the screens of whole playouts) ask this, not `cfg!(test)`.
pub fn running() -> bool {
    RUNNING.load(Ordering::Relaxed)
}

/// The runner: every registered test of crate `krate` (`"farmhand"`, `"farmhand_games"`), run as
/// libtest would run them; `block_on` runs the `async fn` ones (`None`: the crate has none). The
/// thread count is `--test-threads`, else `RUST_TEST_THREADS` (as libtest reads it), else the
/// cores.
pub fn main(krate: &str, block_on: Option<BlockOn>) -> ExitCode {
    RUNNING.store(true, Ordering::Relaxed);
    let mut args = libtest_mimic::Arguments::from_args();
    if args.test_threads.is_none() {
        args.test_threads = std::env::var("RUST_TEST_THREADS")
            .ok()
            .and_then(|v| v.parse().ok())
            .filter(|&n: &usize| n > 0);
    }
    let prefix = format!("{krate}::");
    let mut trials: Vec<libtest_mimic::Trial> = registered()
        .filter_map(|t| {
            // libtest names a test by its path inside the crate.
            let module = t.module.strip_prefix(&prefix)?;
            let (run, should_panic) = (&t.run, t.should_panic);
            let trial = libtest_mimic::Trial::test(format!("{module}::{}", t.name), move || {
                outcome(run, should_panic, block_on)
            });
            Some(trial.with_ignored_flag(t.ignore))
        })
        .collect();
    // libtest lists and runs in name order.
    trials.sort_by(|a, b| a.name().cmp(b.name()));
    libtest_mimic::run(&args, trials).exit_code()
}

fn outcome(
    run: &Run,
    should_panic: Option<&str>,
    block_on: Option<BlockOn>,
) -> Result<(), libtest_mimic::Failed> {
    let result = catch_unwind(AssertUnwindSafe(|| match run {
        Run::Sync(f) => f(),
        Run::Async(f) => match block_on {
            Some(block_on) => block_on(f()),
            None => panic!("an async test, and this runner has no block_on"),
        },
    }));
    match (result, should_panic) {
        (Ok(()), None) => Ok(()),
        (Err(payload), None) => std::panic::resume_unwind(payload),
        (Ok(()), Some(_)) => Err("test did not panic as expected".into()),
        (Err(payload), Some(expected)) => {
            let message = payload
                .downcast_ref::<String>()
                .map(String::as_str)
                .or_else(|| payload.downcast_ref::<&str>().copied())
                .unwrap_or("");
            if message.contains(expected) {
                Ok(())
            } else {
                Err(format!(
                    "panic did not contain expected string\n  panic message: {message:?}\n expected substring: {expected:?}"
                )
                .into())
            }
        }
    }
}
