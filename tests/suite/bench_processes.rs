//! `farmhand bench discord --processes 2` (issue 28, item 4) on a few games: two real bot
//! processes on one PostgreSQL database, each running half the shards of a fake Discord with
//! one guild per shard. The bench counts lost, doubled and out-of-order actions, reminders and
//! stand-in moves from the database and the fake's record; here they must all be 0, and
//! reminders and stand-in moves must have happened (so the zeros mean something).
//!
//! Like the other PostgreSQL tests it needs `FARMHAND_TEST_POSTGRES` (`.ci/postgres`), says so
//! and passes without it, and fails without it under `FARMHAND_REQUIRE_POSTGRES=1`.

use crate::bin::{farmhand, stderr, stdout};
use crate::postgres::fresh_database;

/// The number after `label` on the line that starts with it.
fn figure(out: &str, label: &str) -> i64 {
    let line = out
        .lines()
        .find(|l| l.trim_start().starts_with(label))
        .unwrap_or_else(|| panic!("no line {label:?} in:\n{out}"));
    line.trim_start()[label.len()..]
        .split_whitespace()
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no number after {label:?} in {line:?}"))
}

#[tokio::test]
async fn bench_discord_with_two_processes_counts_nothing_lost_doubled_or_out_of_order() {
    let Some(url) = fresh_database("bench_processes").await else {
        return;
    };
    let o = farmhand(&[
        "bench",
        "discord",
        "--processes",
        "2",
        "--database",
        &url,
        "--games",
        "2",
        "--players",
        "2",
        "--check-seconds",
        "1",
    ]);
    let (out, err) = (stdout(&o), stderr(&o));
    assert!(o.status.success(), "{out}\n{err}");
    assert!(out.contains("2 bot process(es)"), "{out}");
    assert!(out.contains("processes: 2 (shards 0-1, 2-3)"), "{out}");
    assert!(
        out.contains("2/2 games played to the end (0 failed)"),
        "{out}"
    );
    for label in [
        "lost actions:",
        "doubled actions:",
        "out-of-order actions:",
        "lost reminders:",
        "doubled reminders:",
        "out-of-order reminders:",
        "lost stand-in moves:",
        "doubled stand-in moves:",
        "out-of-order stand-in moves:",
        "fake Discord problems:",
    ] {
        assert_eq!(figure(&out, label), 0, "{label}\n{out}\n{err}");
    }
    // One reminder table and one stand-in table per guild (4): each had its turn.
    assert!(figure(&out, "reminders:") >= 4, "{out}");
    assert!(figure(&out, "stand-in moves:") >= 4, "{out}");
}
