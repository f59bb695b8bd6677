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
