//! Running the `farmhand` binary the way a user does, for the command-line suites.

use std::process::{Command, Output};

/// Runs `farmhand` with `args` and waits for it.
pub fn farmhand(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_farmhand"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// What it printed on stdout.
pub fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("UTF-8 stdout")
}

/// What it printed on stderr.
pub fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).expect("UTF-8 stderr")
}

/// Asserts that the run `o` failed with exit code `code` (1: an error the program reports, 2:
/// arguments clap refused) and said `needle` on stderr; returns stderr for further checks.
pub fn failed(o: &Output, code: i32, needle: &str) -> String {
    let err = stderr(o);
    assert_eq!(o.status.code(), Some(code), "{err}");
    assert!(err.contains(needle), "{needle:?} not in: {err}");
    err
}
