//! The `farmhand` binary end to end: arguments in, text and exit codes out.

use std::path::Path;
use std::process::Command;

/// The embedded deck's text, to write (correct or broken) deck files from.
const DECK: &str = include_str!("../../src/games/fields_of_green/deck.toml");

use crate::bin::{failed, farmhand, stderr, stdout};

use crate::fixture::TempDir;

/// A fresh directory for one test, removed when dropped.
fn arg(p: &Path) -> &str {
    p.to_str().expect("UTF-8 temp path")
}

/// `--help` describes each value of `--game` from the one list of games: its name and seats. The
/// tests' binary has the test game too (feature `test-game`); the shipped one has the two.
#[test]
fn game_help_names_each_game_and_its_seats() {
    let o = farmhand(&["simulate", "--help"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    for line in [
        "fields-of-green: Fields of Green, 2-6 players",
        "key-harvest:     Key Harvest, 2-4 players",
        "hay-wagons:      Hay Wagons, 2 players",
    ] {
        assert!(out.contains(line), "{line:?} missing:\n{out}");
    }
}

#[test]
fn simulate_one_game_prints_farms_and_the_score_pad() {
    let o = farmhand(&["simulate", "--players", "3", "--seed", "5"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.starts_with("Fields of Green: 3 players, seed 5, "),
        "{out}"
    );
    for seat in ["P1", "P2", "P3"] {
        assert!(
            out.contains(&format!("\n{seat}: ")),
            "{seat} missing:\n{out}"
        );
    }
    // Grids: a header of column letters. Squares keep their names for the whole game, so the
    // letters are those of the fixed sheet (the starting Water Tower stands at M26), not A, B, C
    // from the farm's corner: column M is always in a farm's header.
    let headers: Vec<Vec<&str>> = out
        .lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>())
        .filter(|w| {
            w.len() >= 3
                && w.iter().all(|c| {
                    (1..=2).contains(&c.len()) && c.chars().all(|ch| ch.is_ascii_uppercase())
                })
        })
        .collect();
    assert!(
        headers.iter().any(|h| h.contains(&"M")),
        "no grid header with column M:\n{out}"
    );
    assert!(out.contains("Score pad"));
    for line in [
        "Cards/Tokens",
        "Equipment",
        "Money",
        "Food",
        "Water Towers",
        "Game End total",
        "Total",
    ] {
        assert!(
            out.lines().any(|l| l.starts_with(line)),
            "{line} missing:\n{out}"
        );
    }
    assert!(
        out.trim_end().ends_with("VP.") || out.contains("share the win"),
        "{out}"
    );
    // Same seed, same game.
    assert_eq!(
        stdout(&farmhand(&["simulate", "--players", "3", "--seed", "5"])),
        out
    );
}

#[test]
fn simulate_log_describes_every_event() {
    let o = farmhand(&["simulate", "--players", "2", "--seed", "3", "--log"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("Game log"));
    assert!(
        out.contains("  Year 1 begins. P1 is first player.\n"),
        "{out}"
    );
    assert!(out.contains("  The game is over"), "{out}");
}

#[test]
fn simulate_many_games_prints_a_summary() {
    let o = farmhand(&["simulate", "--players", "4", "--seed", "10", "--games", "3"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.starts_with("Fields of Green: 3 games, 4 players, seeds 10..=12"),
        "{out}"
    );
    for line in [
        "Winning score:",
        "Mean score by seat:",
        "Wins by seat:",
        "Mean actions/game:",
        "Elapsed:",
    ] {
        assert!(out.contains(line), "{line} missing:\n{out}");
    }
    assert!(!out.contains("Score pad"));
}

#[test]
fn simulate_refuses_bad_options_with_a_message() {
    // (arguments, exit code: 2 where clap refuses the value, 1 where the check is ours, words)
    for (args, code, says) in [
        (&["--players", "7"][..], 2, "7 is not in 2..=6"),
        (
            &["--players", "5", "--intro"],
            1,
            "--intro is for 2 to 4 players",
        ),
        (&["--players", "2", "--games", "0"], 2, "at least one game"),
        (
            &["--players", "2", "--games", "2", "--log"],
            1,
            "--log prints one game",
        ),
    ] {
        failed(&farmhand(&[&["simulate"], args].concat()), code, says);
    }
}

#[test]
fn deck_check_accepts_the_embedded_deck() {
    let o = farmhand(&["deck", "check"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert_eq!(out.lines().count(), 1, "{out}");
    assert!(out.starts_with("ok: embedded deck: "), "{out}");
    assert!(
        out.contains("Field 11/33") && out.contains("fingerprint "),
        "{out}"
    );

    let dir = TempDir::new("cli", "deck-ok");
    let file = dir.write("deck.toml", DECK);
    let o = farmhand(&["deck", "check", arg(&file)]);
    assert!(o.status.success(), "{}", stderr(&o));
    // The same deck read from a file has the same fingerprint.
    assert_eq!(
        stdout(&o).split(": ").skip(2).collect::<Vec<_>>(),
        out.split(": ").skip(2).collect::<Vec<_>>()
    );
}

#[test]
fn deck_check_names_the_card_and_field_at_fault() {
    let dir = TempDir::new("cli", "deck-bad");
    let file = dir.write(
        "deck.toml",
        &DECK.replacen("code = \"WHT\"", "code = \"WHEAT\"", 1),
    );
    let o = farmhand(&["deck", "check", arg(&file)]);
    let err = failed(&o, 1, "card \"wheat\"");
    assert!(err.contains("field \"code\""), "{err}");
    assert!(err.contains(arg(&file)), "{err}");
    assert!(stdout(&o).is_empty());
}

#[test]
fn deck_show_lists_every_card_with_its_text() {
    let o = farmhand(&["deck", "show"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains(
        "3x [WHT] Wheat - Field (Grain) - cost 3 coins - 1 VP - Harvest: pay 1 Water: gain 2 Food."
    ));
    for heading in [
        "\nFields (",
        "\nLivestock (",
        "\nConstructions (",
        "\nBuildings (",
        "\nEquipment (",
        "\nSupply",
    ] {
        assert!(out.contains(heading), "{heading} missing");
    }
    assert!(out.contains("x [HOS] Hoses - place on: Water Tower"));
    assert!(out.contains("20x Water Tower - ") && out.contains("14x Silo - "));
}

/// A 3-player scenario: seat 0 draws, draws again (refused), then seat 1 draws.
const SCENARIO: &str = r#"{
  "setup": { "players": 3, "seed": 1 },
  "actions": [
    { "seat": 0, "type": "draw", "split": [3, 2, 1, 0] },
    { "seat": 0, "type": "draw", "split": [3, 2, 1, 0] },
    { "seat": 1, "type": "draw", "split": [2, 2, 1, 1] }
  ]
}"#;

/// [`SCENARIO`] naming `deck` as its deck file.
fn scenario_with_deck(deck: &str) -> String {
    SCENARIO.replacen("{\n", &format!("{{\n  \"deck\": \"{deck}\",\n"), 1)
}

#[test]
fn replay_prints_the_report_and_reports_rejected_actions_by_index() {
    let dir = TempDir::new("cli", "replay");
    let file = dir.write("scenario.json", SCENARIO);
    let o = farmhand(&["replay", arg(&file)]);
    assert!(o.status.success(), "{}", stderr(&o));
    let report: serde_json::Value = serde_json::from_slice(&o.stdout).expect("stdout is JSON");
    let steps: Vec<u64> = report["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["index"].as_u64().unwrap())
        .collect();
    assert_eq!(steps, [0, 2]);
    let rejected = report["rejected"].as_array().unwrap();
    assert_eq!(rejected.len(), 1);
    assert_eq!(rejected[0]["index"], 1);
    assert_eq!(rejected[0]["seat"], 0);
    assert!(
        rejected[0]["error"]
            .as_str()
            .unwrap()
            .contains("already drawn")
    );
    assert_eq!(report["seats"].as_array().unwrap().len(), 3);
    assert!(
        stderr(&o).contains("actions[1] (seat 0, draw) was rejected"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn replay_reads_the_deck_next_to_the_scenario() {
    let dir = TempDir::new("cli", "replay-deck");
    let file = dir.write("scenario.json", &scenario_with_deck("my-deck.toml"));
    // Not there yet: the error names the path resolved next to the scenario.
    let o = farmhand(&["replay", arg(&file)]);
    failed(&o, 1, arg(&dir.path("my-deck.toml")));
    dir.write("my-deck.toml", DECK);
    let o = farmhand(&["replay", arg(&file)]);
    assert!(o.status.success(), "{}", stderr(&o));
    // --deck overrides the scenario's deck.
    let bad = dir.write("bad.toml", "name = 3");
    let o = farmhand(&["replay", arg(&file), "--deck", arg(&bad)]);
    failed(&o, 1, "invalid deck file");
}

#[test]
fn bad_input_fails_with_a_clear_message() {
    let dir = TempDir::new("cli", "bad-input");
    let missing = dir.path("missing.json");
    let err = failed(&farmhand(&["replay", arg(&missing)]), 1, "missing.json");
    assert!(err.starts_with("error: cannot read scenario "), "{err}");

    let broken = dir.write("broken.json", "{ \"setup\": { \"players\": 3, ");
    let err = failed(&farmhand(&["replay", arg(&broken)]), 1, "invalid scenario");
    assert!(err.contains("line 1"), "{err}");
    assert!(!err.contains("panicked"), "{err}");

    let unknown = dir.write(
        "unknown.json",
        r#"{ "setup": { "players": 3, "seed": 1, "piles": [["no_such_card"], [], [], []] } }"#,
    );
    let o = farmhand(&["replay", arg(&unknown)]);
    failed(&o, 1, "there is no card \"no_such_card\" in this deck");
    let o = farmhand(&["deck", "check", arg(&missing)]);
    failed(&o, 1, "cannot read deck file");
}

/// Issue 10, hard inputs: a scenario naming `/dev/zero` as its deck fails at once; a huge line is
/// never echoed back; a value of the wrong type names its field; a malformed token line in the
/// config file does not print the token; oversized files are refused by size.
#[test]
fn hard_inputs_fail_fast_and_quote_at_most_a_line() {
    let dir = TempDir::new("cli", "hard-inputs");
    // A device as the deck.
    let file = dir.write("zero.json", &scenario_with_deck("/dev/zero"));
    failed(&farmhand(&["replay", arg(&file)]), 1, "not a regular file");

    // A 600 KB line in a scenario and in a deck: the error stays short.
    let long = "x".repeat(600_000);
    let file = dir.write(
        "long.json",
        &format!(r#"{{ "setup": {{ "players": 3, "seed": "{long}" }} }}"#),
    );
    let err = failed(&farmhand(&["replay", arg(&file)]), 1, "setup.seed");
    assert!(err.len() < 1_000, "{} bytes of error", err.len());
    let deck = dir.write("long.toml", &format!("name = \"{long}\nother = 1\n"));
    let err = failed(&farmhand(&["deck", "check", arg(&deck)]), 1, "line 1");
    assert!(err.len() < 1_000, "{} bytes of error", err.len());

    // A value of the wrong type: the field and the expected type.
    let file = dir.write(
        "wrong-type.json",
        r#"{ "setup": { "players": 3, "seed": 1 }, "actions": [ { "seat": "zero", "type": "draw", "split": [3, 2, 1, 0] } ] }"#,
    );
    let err = failed(&farmhand(&["replay", arg(&file)]), 1, "actions[0]");
    assert!(err.contains("expected"), "{err}");

    // A malformed token line: the error names the line, never the token.
    let secret = "MTIzNDU2Nzg5.secret-part.do-not-print";
    let config = dir.write("farmhand.toml", &format!("[discord]\ntoken = {secret}\n"));
    let o = Command::new(env!("CARGO_BIN_EXE_farmhand"))
        .args(["run", "--config", arg(&config)])
        .env_remove("FARMHAND_DISCORD_TOKEN")
        .output()
        .unwrap();
    let err = failed(&o, 1, "line 2");
    assert!(!err.contains("secret-part"), "the token was printed: {err}");
    let config = dir.write(
        "quoted.toml",
        &format!("[discord]\ntoken = 12\"{secret}\"\n"),
    );
    let o = farmhand(&["run", "--config", arg(&config)]);
    assert!(!stderr(&o).contains("secret-part"), "{}", stderr(&o));

    // Oversized: refused by size, not read.
    let big = dir.write("big.toml", &"#\n".repeat(40_000));
    let o = farmhand(&["run", "--config", arg(&big)]);
    failed(&o, 1, "larger than 64 KiB");
}

/// Issue 12: `farmhand demo --seed S` names the seed in its transcript, which reads on a phone.
/// That a seed plays the same game every time (the game's seed and the players' choices both
/// come from S) is shown in tests/demo_determinism.rs, which plays each game twice, at two
/// edit intervals (issue 32); one play is enough here (each computes a review: tens of seconds
/// of CPU in a test build).
#[test]
fn demo_with_a_seed_names_it_and_reads_on_a_phone() {
    let dir = TempDir::new("cli", "demo-seed");
    let play = |name: &str| {
        let page = dir.path(name);
        let o = farmhand(&[
            "demo",
            "--players",
            "2",
            "--seed",
            "7",
            "--transcript",
            arg(&page),
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
        // One summary line; the time taken differs from run to run.
        let out: Vec<String> = stdout(&o)
            .lines()
            .map(|l| l.split(" actions · ").next().unwrap_or(l).to_string())
            .collect();
        (out, std::fs::read_to_string(&page).unwrap())
    };
    let (first, page) = play("one.html");
    assert!(first.len() == 1 && first[0].contains(" won"), "{first:?}");
    assert!(
        page.contains("Game seed 7"),
        "the transcript does not name the seed"
    );
    // Issue 12: the page reads on a phone: a viewport, and one column at a time there (a tab
    // per column: the channel and each of the two players).
    assert!(
        page.contains(r#"<meta name="viewport" content="width=device-width, initial-scale=1">"#)
    );
    assert!(page.contains("@media (max-width: 700px)"));
    assert_eq!(
        page.matches(r#"class="pick""#).count(),
        3,
        "one tab per column"
    );
    assert!(page.contains("#col2:checked ~ .columns > .col:nth-child(3)"));
}
