//! `farmhand demo` plays one game for a seed whatever the edit interval and the machine's load
//! (issue 32, item 5): the same stored actions (its scenario file, byte for byte), the same
//! scores, the same number of actions. It shows its progress on stderr and ends with one summary
//! line on stdout.

use std::path::Path;
use std::process::{Command, Output};

use crate::fixture::TempDir;

/// A path as a command-line argument.
pub(super) fn arg(p: &Path) -> &str {
    p.to_str().expect("UTF-8 temp path")
}

/// One demo run: its stdout, stderr and scenario file.
struct Run {
    stdout: String,
    stderr: String,
    scenario: String,
    page_bytes: u64,
    /// Earlier versions of channel messages the page shows, marked (issue 43).
    marked_versions: usize,
    /// The transcript page.
    page: String,
}

fn demo(dir: &TempDir, tag: &str, extra: &[&str]) -> Run {
    let page = dir.path(&format!("{tag}.html"));
    let scenario = dir.path(&format!("{tag}.json"));
    let mut args = vec![
        "demo",
        "--transcript",
        arg(&page),
        "--scenario",
        arg(&scenario),
    ];
    args.extend_from_slice(extra);
    // The demo's temp folder is a fresh one of its own: what the demo leaves there is seen.
    let temp = dir.path(&format!("{tag}-temp"));
    std::fs::create_dir_all(&temp).expect("temp dir");
    let o: Output = Command::new(env!("CARGO_BIN_EXE_farmhand"))
        .args(&args)
        .env("TMPDIR", &temp)
        .output()
        .expect("the binary runs");
    let stdout = String::from_utf8(o.stdout).expect("UTF-8");
    let stderr = String::from_utf8(o.stderr).expect("UTF-8");
    assert!(o.status.success(), "{args:?}:\n{stdout}\n{stderr}");
    assert!(page.exists(), "no transcript");
    // Its database went with it (issue 43: 4 MB of "e2e" files were left behind).
    let left: Vec<_> = std::fs::read_dir(&temp)
        .expect("temp dir")
        .map(|e| e.expect("an entry").file_name())
        .collect();
    assert!(left.is_empty(), "left in the temp folder: {left:?}");
    let text = std::fs::read_to_string(&page).expect("the transcript");
    Run {
        stdout,
        stderr,
        scenario: std::fs::read_to_string(&scenario).expect("the scenario file"),
        page_bytes: std::fs::metadata(&page).expect("the transcript").len(),
        marked_versions: text.matches("<div class=\"version\">").count(),
        page: text,
    }
}

/// Issue 43: the demo shows the bot. Its players click Scores, the farms (or boards), Log, a
/// Hint, Review and Rematch, each through the fake Discord, and the transcript shows each click
/// and the bot's answer: the hint's advice and the review with its chart's caption.
fn shows_the_bot(run: &Run, boards: &str) {
    for label in ["Scores", boards, "Log", "Hint", "Review", "Rematch"] {
        let click = format!("clicked <b>[{label}]</b>");
        assert!(run.page.contains(&click), "no {click:?} in the transcript");
    }
    assert!(run.page.contains("<b>Hint:</b>"), "no hint answered");
    assert!(run.page.contains("Review of table #"), "no review answered");
    assert!(
        run.page.contains("Expected final score after each turn"),
        "the review's chart is not described"
    );
    assert!(run.page.contains("Rematch of table #"), "no rematch lobby");
    // Every wait after the game is said as it happens.
    assert!(run.stderr.contains("clicks Review"), "{}", run.stderr);
    assert!(run.stderr.contains("The review is shown"), "{}", run.stderr);
}

/// The summary line without the time taken: `Ada won · Ada 19, Bram 15 · 274 actions`.
fn summary(run: &Run) -> String {
    let last = run.stdout.lines().last().unwrap_or_default();
    assert_eq!(
        run.stdout.lines().count(),
        1,
        "stdout is one summary line:\n{}",
        run.stdout
    );
    let cut = last.rfind(" actions · ").expect("an action count") + " actions".len();
    last[..cut].to_string()
}

fn same_game_at_two_intervals(game: &[&str]) -> Run {
    let dir = TempDir::new("demo", &game.join("-").replace("--", ""));
    let mut fast_args = game.to_vec();
    fast_args.extend_from_slice(&["--edit-interval-ms", "0"]);
    let mut slow_args = game.to_vec();
    slow_args.extend_from_slice(&["--edit-interval-ms", "200"]);
    let fast = demo(&dir, "fast", &fast_args);
    let slow = demo(&dir, "slow", &slow_args);
    assert_eq!(summary(&fast), summary(&slow), "one seed, two games");
    assert!(
        fast.scenario == slow.scenario,
        "the stored actions differ between edit intervals 0 and 200"
    );
    assert!(
        fast.scenario.contains("\"actions\""),
        "{}",
        &fast.scenario[..fast.scenario.len().min(400)]
    );
    // Progress on stderr: a line per stage, each with the actions so far.
    let stages: Vec<&str> = fast
        .stderr
        .lines()
        .filter(|l| l.contains(" actions · "))
        .collect();
    assert!(stages.len() >= 4, "too little progress:\n{}", fast.stderr);
    println!(
        "{game:?}: {}\n{} progress lines, the page {} bytes",
        fast.stdout.trim(),
        stages.len(),
        fast.page_bytes
    );
    fast
}

#[test]
fn fields_of_green_demo_is_the_same_game_at_any_edit_interval() {
    // README's own demo: four players, seed 5. Its page stays under 1.5 MB (issue 32), the
    // pictures written once beside it.
    let fast = same_game_at_two_intervals(&["--players", "4", "--seed", "5"]);
    // The table message is seen changing: three earlier versions, marked, where they happened.
    assert!(
        fast.marked_versions >= 3,
        "{} marked versions",
        fast.marked_versions
    );
    assert!(
        fast.page_bytes <= 1_500_000,
        "the 4-player transcript weighs {} bytes",
        fast.page_bytes
    );
    shows_the_bot(&fast, "Farms");
}

#[test]
fn key_harvest_demo_is_the_same_game_at_any_edit_interval() {
    let fast =
        same_game_at_two_intervals(&["--game", "key-harvest", "--players", "2", "--seed", "2"]);
    shows_the_bot(&fast, "Boards");
}

/// A transcript (or scenario) path that cannot be written is refused before the game starts
/// (issue 43: it was reported after the whole game), with nothing made: no game, no folder, no
/// file.
#[test]
fn an_unwritable_transcript_is_refused_before_the_game() {
    let dir = TempDir::new("demo", "unwritable");
    let temp = dir.path("temp");
    std::fs::create_dir_all(&temp).expect("temp dir");
    let fine = dir.path("made/later/page.html");
    let folder = format!("cannot write {}: it is a folder", arg(dir.dir()));
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["--transcript", "/proc/nope/x.html"],
            "cannot write /proc/nope/x.html: no file can be made in /proc",
        ),
        (vec!["--transcript", arg(dir.dir())], &folder),
        (
            vec!["--transcript", arg(&fine), "--scenario", "/proc/nope.json"],
            "cannot write /proc/nope.json",
        ),
        (
            vec!["--transcript", "/dev/null/x.html"],
            "cannot write /dev/null/x.html: /dev/null is not a folder",
        ),
    ];
    for (args, said) in cases {
        let o = Command::new(env!("CARGO_BIN_EXE_farmhand"))
            .arg("demo")
            .args(&args)
            .env("TMPDIR", &temp)
            .output()
            .expect("the binary runs");
        let stderr = String::from_utf8_lossy(&o.stderr);
        assert!(!o.status.success(), "{args:?}");
        assert!(stderr.contains(said), "{args:?}: {stderr}");
        assert!(!stderr.contains("sitting down"), "a game started: {stderr}");
        assert!(o.stdout.is_empty());
    }
    // Nothing was made: not the transcript's folders, not a database.
    assert!(!dir.path("made").exists());
    assert_eq!(std::fs::read_dir(&temp).expect("temp dir").count(), 0);
}
