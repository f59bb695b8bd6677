//! `farmhand ... --game key-harvest` end to end: the binary's text, JSON and exit codes, and the
//! example scenarios of `tests/scenarios/key_harvest/` replayed (KH rulings cited where a
//! scenario shows one).

use farmhand::games::key_harvest::replay::{Report, Scenario};
use farmhand::games::key_harvest::{Board, Event, Game, Options};
use std::path::PathBuf;
use std::process::Output;

use crate::bin::{failed, farmhand, stderr, stdout};

/// Runs `farmhand` with `args` for Key Harvest (`--game key-harvest` after them).
fn kh(args: &[&str]) -> Output {
    farmhand(&[args, &["--game", "key-harvest"]].concat())
}

fn scenario(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/scenarios/key_harvest")
        .join(name)
}

#[test]
fn simulate_prints_every_board_the_town_board_and_the_score_pad() {
    let o = kh(&["simulate", "--players", "3", "--seed", "7", "--log"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.starts_with("Key Harvest, 3 players, seed 7: "), "{out}");
    // Three country boards, each drawn with the header line of section 6 of the board design.
    assert_eq!(
        out.matches("   1   2   3   4   5   6   7   8\n").count(),
        3,
        "{out}"
    );
    for part in [
        "== Registry",
        "== Stores",
        "== Town board",
        " 7?: ",
        "== Score pad",
        "Winner: ",
        "Turn 1: ",
        "The game is over: ",
    ] {
        assert!(out.contains(part), "missing {part:?} in\n{out}");
    }
    // ASCII only, so Discord code blocks and phones keep the alignment.
    assert!(out.is_ascii());
}

#[test]
fn simulate_is_deterministic_for_a_seed() {
    let a = kh(&["simulate", "--players", "2", "--seed", "3"]);
    let b = kh(&["simulate", "--players", "2", "--seed", "3"]);
    assert!(a.status.success());
    assert_eq!(stdout(&a), stdout(&b));
}

#[test]
fn key_harvest_is_for_two_to_four_players() {
    failed(
        &kh(&["simulate", "--players", "5"]),
        1,
        "Key Harvest is for 2 to 4 players, not 5",
    );
}

#[test]
fn simulate_summary_over_several_games() {
    let o = kh(&["simulate", "--players", "4", "--seed", "1", "--games", "5"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("5 random games, 4 players"), "{out}");
    assert!(out.contains("winning score: mean "), "{out}");
}

#[test]
fn a_broken_board_file_is_refused_naming_the_field() {
    let dir = std::env::temp_dir().join(format!("farmhand-kh-board-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("board.toml");
    let text = include_str!("../../src/games/key_harvest/board.toml")
        .replace("B4 = \"hops\"", "B9 = \"hops\"");
    std::fs::write(&path, text).unwrap();
    let o = kh(&[
        "simulate",
        "--players",
        "2",
        "--board",
        path.to_str().unwrap(),
    ]);
    let _ = std::fs::remove_dir_all(&dir);
    assert!(!o.status.success());
    let err = stderr(&o);
    assert!(err.contains("board.toml") && err.contains("B9"), "{err}");
}

#[test]
fn a_board_file_that_is_missing_is_named() {
    failed(
        &kh(&[
            "simulate",
            "--players",
            "2",
            "--board",
            "/nonexistent/kh.toml",
        ]),
        1,
        "/nonexistent/kh.toml",
    );
}

fn replay(name: &str) -> Report {
    let o = kh(&["replay", scenario(name).to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    serde_json::from_str(&stdout(&o)).expect("a JSON report")
}

#[test]
fn the_whole_two_player_game_replays_to_the_end() {
    let report = replay("two_player_whole_game.json");
    assert!(report.rejected.is_empty(), "{:?}", report.rejected);
    assert!(report.ended);
    let pad = report.view.pad.expect("a score pad");
    // KH 62: the game ended by the tenth event, not by a stalemate.
    assert_eq!(report.view.track.len(), 10);
    assert!(
        report
            .steps
            .iter()
            .flat_map(|s| &s.events)
            .any(|e| matches!(e, Event::EndTriggered { .. }))
    );
    // The report agrees with the engine replaying the same file.
    let text = std::fs::read_to_string(scenario("two_player_whole_game.json")).unwrap();
    let sc: Scenario = serde_json::from_str(&text).unwrap();
    let (mut g, _) = Game::new(Board::standard(), &Options { players: 2 }, sc.seed).unwrap();
    for sa in &sc.actions {
        g.apply(sa.seat, &sa.action).unwrap();
    }
    assert_eq!(g.score_pad(), Some(&pad));
}

#[test]
fn the_three_player_opening_waits_for_the_next_decision() {
    let report = replay("three_player_opening.json");
    assert!(report.rejected.is_empty(), "{:?}", report.rejected);
    assert!(!report.ended);
    assert!(report.view.prompt.is_some());
    // KH 9: the start player was chosen by the seat drawn at setup.
    assert!(
        report
            .setup
            .iter()
            .any(|e| matches!(e, Event::Setup { players: 3, .. }))
    );
}

#[test]
fn refusals_are_reported_and_change_nothing() {
    let report = replay("refused_stores_after_registry.json");
    let errors: Vec<(usize, &str)> = report
        .rejected
        .iter()
        .map(|r| (r.index, r.error.as_str()))
        .collect();
    // KH 15: (c) may not follow (d); then a seat not on turn is refused.
    assert_eq!(errors.len(), 2, "{errors:?}");
    assert_eq!(errors[0].0, 2);
    assert!(
        errors[0].1.contains("(c) may not follow action (d)"),
        "{errors:?}"
    );
    assert_eq!(errors[1].0, 3);
    assert!(errors[1].1.contains("not your decision"), "{errors:?}");
    // The turn ended normally afterwards.
    assert_eq!(report.steps.last().map(|s| s.index), Some(4));
}

#[test]
fn bench_arena_and_balance_print_figures() {
    let o = kh(&["bench", "engine", "--seconds", "0.2"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("games/s"), "{out}");
    assert_eq!(
        out.lines()
            .filter(|l| l.trim_start().starts_with(['2', '3', '4']))
            .count(),
        3,
        "{out}"
    );
    let o = kh(&["arena", "--games", "4", "--players", "3"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("heuristic") && out.contains("random"), "{out}");
    assert!(out.contains("win share"), "{out}");
    let o = kh(&["arena", "--bots", "searcher", "--players", "2"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("no Key Harvest bot called \"searcher\""));
    // The search bot, with a small budget, on two threads.
    let o = kh(&[
        "arena",
        "--bots",
        "search:4,heuristic",
        "--games",
        "2",
        "--players",
        "2",
        "--threads",
        "2",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains("search:4") && out.contains("win share"),
        "{out}"
    );
    assert!(out.contains("on 2 thread(s)"), "{out}");
    let o = kh(&["balance", "--games", "3", "--players", "2"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("win share by seat"), "{}", stdout(&o));
}

#[test]
fn replay_as_text_reads_as_a_game() {
    let path = scenario("refused_stores_after_registry.json");
    let o = kh(&["replay", "--text", path.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    // Player 1 was drawn and chose themself: said once (issue 43), not "Player 1 chose Player 1".
    assert!(out.contains("\nPlayer 1 chose to start.\n"), "{out}");
    assert!(!out.contains("chose Player 1"), "{out}");
    assert!(out.contains("in their store with a bid of"), "{out}");
    assert!(
        out.contains("[#2 refused: buy_from_store by seat 1: action (c) may not follow action (d)"),
        "{out}"
    );
    assert!(out.contains("== Country boards"), "{out}");
    let o = farmhand(&["replay", "--text", path.to_str().unwrap()]);
    assert!(!o.status.success());
}
