//! The scenario files of `tests/scenarios/` (documented in `tests/scenarios/README.md`): each one
//! is loaded, replayed with `replay::replay`, and checked against the facts it was written to
//! show. Also: replays are deterministic, and snapshots survive a JSON round trip.

use farmhand_games::fields_of_green::event::Event;
use farmhand_games::fields_of_green::game::{PRESET_MAX, SetupError, TieBreak};
use farmhand_games::fields_of_green::replay::{self, Report, Scenario};
use farmhand_games::fields_of_green::{Action, Deck, Game, GameSnapshot, Phase, Pos};
use smol_str::SmolStr;
use std::path::PathBuf;

fn dir() -> PathBuf {
    // The repository's top-level `tests/scenarios/` (this crate lives in `src/games/`).
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join("tests")
        .join("scenarios")
}

fn load(name: &str) -> Scenario {
    let path = dir().join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn run(name: &str) -> (Game, Report) {
    replay::replay(Deck::default_deck(), &load(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn all_files() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.ends_with(".json"))
        .collect();
    names.sort();
    names
}

fn p(x: i8, y: i8) -> Pos {
    Pos::new(x, y)
}

fn ids(v: &[&str]) -> Vec<SmolStr> {
    v.iter().copied().map(SmolStr::new).collect()
}

/// Refused actions each scenario is meant to show (index into `actions`).
fn expected_rejections(name: &str) -> Vec<usize> {
    match name {
        "two_player_opening.json" => vec![2],
        "three_player_draft.json" => vec![7],
        _ => vec![],
    }
}

#[test]
fn every_scenario_parses_replays_and_round_trips() {
    let files = all_files();
    assert!(files.len() >= 5, "{files:?}");
    for name in files {
        let sc = load(&name);
        // The format is its own serde form: parse -> print -> parse gives the same scenario.
        let again: Scenario = serde_json::from_str(&serde_json::to_string(&sc).unwrap()).unwrap();
        assert_eq!(again, sc, "{name}");
        let (game, report) = run(&name);
        game.check_invariants()
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let rejected: Vec<usize> = report.rejected.iter().map(|r| r.index).collect();
        assert_eq!(
            rejected,
            expected_rejections(&name),
            "{name}: {:?}",
            report.rejected
        );
        assert_eq!(
            report.steps.len() + report.rejected.len(),
            sc.actions.len(),
            "{name}"
        );
        assert_eq!(report.year, game.year());
        assert_eq!(&report.phase, game.phase());
        // The report is JSON too.
        let json = serde_json::to_string(&report).unwrap();
        let back: Report = serde_json::from_str(&json).unwrap();
        assert_eq!(back, report, "{name}");
    }
}

/// One seed plus the actions replays the game exactly (docs/ARCHITECTURE.md, "Invariants that hold everywhere").
#[test]
fn replay_is_deterministic() {
    for name in all_files() {
        let (g1, r1) = run(&name);
        let (g2, r2) = run(&name);
        assert_eq!(r1, r2, "{name}");
        assert_eq!(
            serde_json::to_string(&r1).unwrap(),
            serde_json::to_string(&r2).unwrap()
        );
        assert!(g1 == g2, "{name}");
        assert_eq!(g1.snapshot(), g2.snapshot());
    }
}

/// snapshot -> JSON -> `Game::from_snapshot` gives the same game, after every step of every
/// scenario, and the restored game goes on identically.
#[test]
fn snapshot_json_round_trip_after_every_step() {
    let deck = Deck::default_deck();
    for name in all_files() {
        let sc = load(&name);
        let (mut game, _) = Game::start(deck.clone(), sc.setup.clone()).unwrap();
        for (i, sa) in sc.actions.iter().enumerate() {
            let json = serde_json::to_string(&game.snapshot()).unwrap();
            let snap: GameSnapshot = serde_json::from_str(&json).unwrap();
            assert_eq!(snap, game.snapshot(), "{name} step {i}");
            let mut restored = Game::from_snapshot(deck.clone(), snap)
                .unwrap_or_else(|e| panic!("{name} step {i}: {e}"));
            assert!(restored == game, "{name} step {i}");
            for seat in 0..game.players() {
                assert_eq!(
                    restored.legal_actions(seat),
                    game.legal_actions(seat),
                    "{name} step {i}"
                );
            }
            let a = game.apply(sa.seat, &sa.action);
            let b = restored.apply(sa.seat, &sa.action);
            assert_eq!(a, b, "{name} step {i}");
            assert!(restored == game);
        }
    }
}

/// A snapshot of another deck or schema is refused.
#[test]
fn snapshot_of_another_deck_or_schema_is_refused() {
    let (game, _) = run("harvest_full_silo.json");
    let mut snap = game.snapshot();
    snap.deck ^= 1;
    assert!(Game::from_snapshot(Deck::default_deck(), snap).is_err());
    let mut snap = game.snapshot();
    snap.schema += 1;
    assert!(Game::from_snapshot(Deck::default_deck(), snap).is_err());
}

/// `harvest_full_silo.json` and `..._greedy.json` (ruling 14): with a full Silo, feeding the
/// Sheep first keeps the Wheat's Food; harvesting the Wheat first loses it.
#[test]
fn scenario_harvest_full_silo_order() {
    let (right, rr) = run("harvest_full_silo.json");
    let (greedy, rg) = run("harvest_full_silo_greedy.json");
    for (g, r) in [(&right, &rr), (&greedy, &rg)] {
        assert!(g.is_over());
        assert_eq!(r.phase, Phase::Ended);
        // Seats 1 and 2 had nothing to harvest and finished at the start.
        assert_eq!(
            r.start,
            vec![
                Event::HarvestFinished { seat: 1 },
                Event::HarvestFinished { seat: 2 }
            ]
        );
        assert_eq!(r.seats[0].coins, 3);
    }
    assert_eq!(rr.seats[0].food, 4);
    assert_eq!(rg.seats[0].food, 2);
    let lost = |r: &Report| -> u32 {
        r.steps
            .iter()
            .flat_map(|s| &s.events)
            .map(|e| {
                if let Event::Gained { food_lost, .. } = e {
                    *food_lost
                } else {
                    0
                }
            })
            .sum()
    };
    assert_eq!((lost(&rr), lost(&rg)), (0, 2));
    let food_line = |r: &Report| r.scores.as_ref().unwrap()[0].food;
    assert_eq!((food_line(&rr), food_line(&rg)), (2, 1));
    // 5 VP each (seats 1 and 2: 15 coins); seat 0 has 4 locations to their 2 (ruling 19).
    assert!(rr.scores.as_ref().unwrap().iter().all(|p| p.total == 5));
    assert_eq!(rr.winners, Some((vec![0], TieBreak::Locations)));
}

/// `two_player_opening.json` (ruling 21): six cards face up, the first player first, an
/// out-of-turn pick refused, two more cards after both have acted.
#[test]
fn scenario_two_player_opening() {
    let (game, r) = run("two_player_opening.json");
    let face_up: Vec<(usize, Vec<SmolStr>)> = r
        .steps
        .iter()
        .flat_map(|s| s.events.iter().map(move |e| (s.index, e)))
        .filter_map(|(i, e)| {
            if let Event::TurnedFaceUp { cards } = e {
                Some((i, cards.clone()))
            } else {
                None
            }
        })
        .collect();
    assert_eq!(
        face_up,
        vec![
            (
                1,
                ids(&["potatoes", "market", "wheat", "pigs", "granary", "sheep"])
            ),
            (7, ids(&["well", "cows"])),
            (11, ids(&["corn", "tool_shed"])),
        ]
    );
    assert_eq!(r.rejected.len(), 1);
    assert_eq!((r.rejected[0].index, r.rejected[0].seat), (2, 1));
    assert!(
        r.rejected[0].error.contains("not your turn"),
        "{}",
        r.rejected[0].error
    );
    assert_eq!(
        r.phase,
        Phase::Duel {
            current: 0,
            picks: 4,
            taken: false
        }
    );
    // Seat 0: Potatoes (3 coins, +2 Food, Equipment: the Tractor on them), then market (2 Food).
    let s0 = &r.seats[0];
    assert_eq!((s0.coins, s0.food), (15 - 3 + 6, 1));
    assert_eq!(s0.farm.at(p(1, 1)).unwrap().equipment, ids(&["tractor"]));
    // Seat 1: Wheat (3), a Water Tower (2).
    let s1 = &r.seats[1];
    assert_eq!(s1.coins, 10);
    assert_eq!(s1.farm.at(p(0, -1)).unwrap().water, 3);
    assert_eq!(game.public_view().discard, ids(&["well", "cows"]));
    assert_eq!(
        game.public_view().row,
        ids(&["market", "pigs", "granary", "sheep", "corn", "tool_shed"])
    );
    assert!(r.seats[1].legal.is_empty(), "seat 0 picks next");
    assert!(s0.legal.iter().all(|a| matches!(a, Action::Pick { .. })));
}

/// `three_player_draft.json` (rulings 7, 10, 11): a changed selection, the reveal, a refused
/// diagonal build, Corn paid with named Water, the next selection in the same visit, the Well's
/// refill.
#[test]
fn scenario_three_player_draft() {
    let (game, r) = run("three_player_draft.json");
    let revealed: Vec<(usize, u8, Vec<Option<SmolStr>>)> = r
        .steps
        .iter()
        .flat_map(|s| s.events.iter().map(move |e| (s.index, e)))
        .filter_map(|(i, e)| {
            if let Event::Revealed { turn, cards } = e {
                Some((i, *turn, cards.clone()))
            } else {
                None
            }
        })
        .collect();
    assert_eq!(
        revealed,
        vec![
            (
                6,
                1,
                ids(&["corn", "cows", "chickens"])
                    .into_iter()
                    .map(Some)
                    .collect()
            ),
            (
                13,
                2,
                ids(&["well", "wheat", "tomatoes"])
                    .into_iter()
                    .map(Some)
                    .collect()
            )
        ]
    );
    assert_eq!(
        r.rejected[0].error,
        "O27 is not an empty space next to your farm"
    );
    let refill = r.steps.iter().find(|s| s.index == 14).unwrap();
    assert!(refill.events.contains(&Event::Refilled {
        seat: 0,
        towers: vec![(p(0, 0), 1)]
    }));
    assert_eq!(r.seats[0].coins, 15 - 3 - 1);
    assert_eq!(r.seats[0].farm.at(p(0, 0)).unwrap().water, 3);
    assert_eq!(r.seats[1].coins, 10);
    assert_eq!(r.phase, Phase::Action { turn: 3 });
    assert_eq!(game.public_view().discard, ids(&["chickens"]));
    // Seats 1 and 2 still hold their turn-2 cards.
    assert_eq!(r.seats[1].revealed.as_deref(), Some("wheat"));
    assert_eq!(r.seats[2].revealed.as_deref(), Some("tomatoes"));
}

/// `score_pad.json` (ruling 18): the rulebook's score pad, Maria 62 and Mike 59.
#[test]
fn scenario_score_pad() {
    let (game, r) = run("score_pad.json");
    assert!(game.is_over());
    let pads = r.scores.as_ref().unwrap();
    let lines: Vec<[u32; 8]> = pads
        .iter()
        .map(|p| {
            [
                p.cards + p.tokens,
                p.equipment,
                p.money,
                p.food,
                p.water_towers,
                p.game_end_total,
                p.total,
                p.coins,
            ]
        })
        .collect();
    assert_eq!(
        lines,
        vec![[23, 8, 7, 4, 3, 17, 62, 22], [26, 6, 10, 1, 1, 15, 59, 32]]
    );
    let ge: Vec<Vec<u32>> = pads
        .iter()
        .map(|p| p.game_end.iter().map(|l| l.vp).collect())
        .collect();
    assert_eq!(ge, vec![vec![6, 3, 3, 5], vec![6, 5, 4]]);
    assert_eq!(r.winners, Some((vec![0], TieBreak::None)));
    assert!(
        matches!(r.steps.last().unwrap().events.last(), Some(Event::GameEnded { winners }) if winners == &vec![0])
    );
}

/// The format is strict: a misspelt field in the setup is an error, not silently ignored.
#[test]
fn scenario_unknown_setup_fields_are_refused() {
    for bad in [
        r#"{"setup": {"players": 3, "seed": 1, "start_yaer": 2}}"#,
        r#"{"setup": {"players": 3, "seed": 1}, "action": []}"#,
        r#"{"setup": {"players": 3, "seed": 1, "seats": [{"cells": [], "coin": 3}]}}"#,
        r#"{"setup": {"players": 3, "seed": 1, "seats": [{"cells": [{"pos": {"x": 0, "y": 0}, "card": "silo", "faceup": false}]}]}}"#,
    ] {
        assert!(serde_json::from_str::<Scenario>(bad).is_err(), "{bad}");
    }
    let ok = r#"{"setup": {"players": 3, "seed": 1}}"#;
    let sc: Scenario = serde_json::from_str(ok).unwrap();
    assert_eq!(sc.setup.start_year, 1);
    assert!(sc.actions.is_empty());
}

/// The same strictness for actions: `{"type": "harvest", "extras": 1}` (a typo for `extra`) must
/// not replay as a plain harvest.
#[test]
fn scenario_unknown_action_fields_are_refused() {
    let bad = r#"{"setup": {"players": 3, "seed": 1},
                  "actions": [{"seat": 0, "type": "harvest", "pos": {"x": 0, "y": 1}, "extras": 1}]}"#;
    assert!(serde_json::from_str::<Scenario>(bad).is_err());
}

/// A setup the engine refuses is reported as a setup error, not a panic.
#[test]
fn scenario_with_bad_setup_is_an_error() {
    let sc: Scenario = serde_json::from_str(r#"{"setup": {"players": 7, "seed": 1}}"#).unwrap();
    assert_eq!(
        replay::replay(Deck::default_deck(), &sc).unwrap_err(),
        SetupError::Players(7)
    );
    let sc: Scenario = serde_json::from_str(
        r#"{"setup": {"players": 3, "seed": 1, "piles": [["sheep"], [], [], []]}}"#,
    )
    .unwrap();
    assert!(matches!(
        replay::replay(Deck::default_deck(), &sc).unwrap_err(),
        SetupError::WrongPile { .. }
    ));
}

fn setup_error(json: &str) -> SetupError {
    let sc: Scenario = serde_json::from_str(json).unwrap();
    replay::replay(Deck::default_deck(), &sc).unwrap_err()
}

/// Issue 9: preset numbers wrapped in release builds (4,294,967,295 coins plus the year-2 income
/// became 2 coins; a huge VP preset scored 3). A preset out of range is refused, naming the seat
/// and the field.
#[test]
fn scenario_preset_numbers_out_of_range_are_refused() {
    let farm = r#""cells": [{"pos": {"x": 0, "y": 0}, "card": "water_tower"}, {"pos": {"x": 1, "y": 0}, "card": "silo"}]"#;
    let e = setup_error(&format!(
        r#"{{"setup": {{"players": 3, "seed": 1, "start_year": 2,
             "seats": [null, {{"coins": 4294967295, {farm}}}]}}}}"#
    ));
    assert_eq!(
        e,
        SetupError::OutOfRange {
            seat: 1,
            field: "coins",
            value: 4_294_967_295,
            max: PRESET_MAX.into(),
            why: "",
        }
    );
    assert_eq!(
        e.to_string(),
        "preset for seat 1: coins 4294967295 is more than 1000000"
    );
    let e = setup_error(&format!(
        r#"{{"setup": {{"players": 3, "seed": 1, "start_year": 4, "start_phase": "harvest",
             "seats": [{{"vp_tokens": 4294967294, {farm}}}]}}}}"#
    ));
    assert!(
        matches!(
            e,
            SetupError::OutOfRange {
                seat: 0,
                field: "vp_tokens",
                ..
            }
        ),
        "{e:?}"
    );
    // Ruling 12: the Food is one pool of the Silos' capacity (one Silo: 4).
    let e = setup_error(&format!(
        r#"{{"setup": {{"players": 3, "seed": 1, "seats": [null, null, {{"food": 5, {farm}}}]}}}}"#
    ));
    assert_eq!(
        e.to_string(),
        "preset for seat 2: food 5 is more than 4 (the Silos' capacity, ruling 12)"
    );
    // Ruling 3: a Water Tower holds 3.
    let e = setup_error(
        r#"{"setup": {"players": 3, "seed": 1, "seats": [{"cells": [{"pos": {"x": 0, "y": 0}, "card": "water_tower", "water": 200}]}]}}"#,
    );
    assert_eq!(
        e.to_string(),
        "preset for seat 0: water 200 on the Water Tower at (0,0) is more than its capacity 3 (ruling 3)"
    );
}

/// Issue 9: at the limit, nothing wraps. A seat preset with the most coins and VP tokens allowed
/// gets its year-2 income on top (ruling 3) and is scored exactly (ruling 18).
#[test]
fn scenario_preset_at_the_limit_counts_exactly() {
    let farm = r#""cells": [{"pos": {"x": 0, "y": 0}, "card": "water_tower", "water": 3}, {"pos": {"x": 1, "y": 0}, "card": "silo"}]"#;
    let sc: Scenario = serde_json::from_str(&format!(
        r#"{{"setup": {{"players": 3, "seed": 1, "start_year": 2,
             "seats": [{{"coins": {PRESET_MAX}, "vp_tokens": {PRESET_MAX}, {farm}}}]}}}}"#
    ))
    .unwrap();
    let (g, _) = replay::replay(Deck::default_deck(), &sc).unwrap();
    assert_eq!(g.state().players[0].coins, PRESET_MAX + 3);
    let sc: Scenario = serde_json::from_str(&format!(
        r#"{{"setup": {{"players": 3, "seed": 1, "start_year": 4, "start_phase": "harvest",
             "seats": [{{"coins": {PRESET_MAX}, "vp_tokens": {PRESET_MAX}, {farm}}}]}}}}"#
    ))
    .unwrap();
    let (g, r) = replay::replay(Deck::default_deck(), &sc).unwrap();
    assert!(g.is_over());
    let pad = &r.scores.unwrap()[0];
    assert_eq!(pad.money, PRESET_MAX / 3);
    assert_eq!(pad.tokens, PRESET_MAX);
    assert_eq!(pad.total, PRESET_MAX + PRESET_MAX / 3);
    assert_eq!(r.winners, Some((vec![0], TieBreak::None)));
}

/// Issue 9 (the scenario README: "asking for a fourth copy of a design is an error"): pile tops
/// used to collapse a fourth copy silently onto one already pulled; now the setup is refused,
/// naming the card. The deck has 3 copies of each location.
#[test]
fn scenario_fourth_copy_of_a_card_is_refused() {
    let e = setup_error(
        r#"{"setup": {"players": 3, "seed": 1, "piles": [["wheat", "corn", "wheat", "wheat", "wheat"], [], [], []]}}"#,
    );
    assert_eq!(
        e,
        SetupError::TooManyCopies {
            id: "wheat".into(),
            name: "Wheat".into(),
            copies: 3
        }
    );
    assert_eq!(
        e.to_string(),
        "this setup uses more copies of Wheat (\"wheat\") than the 3 in the deck"
    );
    // Copies in a preset farm count too: two in the farm, two on the pile.
    let e = setup_error(
        r#"{"setup": {"players": 3, "seed": 1, "piles": [["wheat", "wheat"], [], [], []],
             "seats": [{"cells": [{"pos": {"x": 0, "y": 0}, "card": "wheat"}, {"pos": {"x": 1, "y": 0}, "card": "wheat"}]}]}}"#,
    );
    assert!(
        matches!(&e, SetupError::TooManyCopies { id, .. } if id == "wheat"),
        "{e:?}"
    );
    // Three copies on top are fine, and they are the top three, first named on top.
    let sc: Scenario = serde_json::from_str(
        r#"{"setup": {"players": 3, "seed": 1, "piles": [["wheat", "corn", "wheat", "wheat"], [], [], []]}}"#,
    )
    .unwrap();
    let (g, _) = replay::replay(Deck::default_deck(), &sc).unwrap();
    let pile = &g.state().piles[0];
    let top: Vec<&str> = pile
        .iter()
        .rev()
        .take(4)
        .map(|&d| g.deck().location(d).id.as_str())
        .collect();
    assert_eq!(top, ["wheat", "corn", "wheat", "wheat"]);
}

/// Issue 9: three tiles of an Equipment the deck has two of (ruling 17's 15 designs x 2) are
/// refused, naming the tile, whether on the stack's top, in farms or set aside; two alike on one
/// card are refused too (ruling 17: never two of the same kind).
#[test]
fn scenario_third_tile_of_an_equipment_is_refused() {
    let third = SetupError::TooManyCopies {
        id: "hoses".into(),
        name: "Hoses".into(),
        copies: 2,
    };
    assert_eq!(
        setup_error(
            r#"{"setup": {"players": 3, "seed": 1, "equipment": ["hoses", "sacks", "hoses", "hoses"]}}"#
        ),
        third
    );
    assert_eq!(
        setup_error(
            r#"{"setup": {"players": 3, "seed": 1, "equipment": ["hoses"],
                 "seats": [{"cells": [{"pos": {"x": 0, "y": 0}, "card": "water_tower", "equipment": ["hoses"]}], "set_aside": ["hoses"]}]}}"#
        ),
        third
    );
    let e = setup_error(
        r#"{"setup": {"players": 3, "seed": 1,
             "seats": [{"cells": [{"pos": {"x": 0, "y": 0}, "card": "water_tower", "equipment": ["hoses", "hoses"]}]}]}}"#,
    );
    assert_eq!(
        e.to_string(),
        "preset for seat 0: two Hoses tiles on the card at (0,0): never two of the same kind (ruling 17)"
    );
    // Two on top are fine, in the order named.
    let sc: Scenario = serde_json::from_str(
        r#"{"setup": {"players": 3, "seed": 1, "equipment": ["hoses", "sacks", "hoses"]}}"#,
    )
    .unwrap();
    let (g, _) = replay::replay(Deck::default_deck(), &sc).unwrap();
    let top: Vec<&str> = g
        .state()
        .equipment
        .iter()
        .take(3)
        .map(|&e| g.deck().equip(e).id.as_str())
        .collect();
    assert_eq!(top, ["hoses", "sacks", "hoses"]);
}
