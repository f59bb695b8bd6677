//! Key Harvest scenario files (issue 32): spaces by reference (`"C4"`) as well as by number, and
//! a scenario that starts from a position (tiles, workers, counters, stock, events, the bag's
//! next draws), checked like play: an impossible position is refused with the field at fault.

use crate::kh_common::{board, sp};
use farmhand_games::key_harvest::game::{BagTile, Phase};
use farmhand_games::key_harvest::replay::{self, Scenario};
use farmhand_games::key_harvest::{Counters, EventTile, Prompt, Worker};
use serde_json::{Value, json};
use std::path::PathBuf;

fn read(v: &Value) -> Scenario {
    serde_json::from_str(&v.to_string()).unwrap_or_else(|e| panic!("{e}: {v}"))
}

/// The same file with every space of its actions written as a reference (`53` -> `"G6"`).
fn by_reference(mut v: Value) -> Value {
    let b = board();
    let to_ref = |x: &mut Value| {
        if let Some(k) = x.as_u64() {
            *x = Value::from(b.reference(k as u8));
        }
    };
    for a in v["actions"].as_array_mut().unwrap() {
        for (key, x) in a["action"].as_object_mut().unwrap() {
            if [
                "tile", "tiles", "space", "from", "to", "give", "take", "pass", "fallow",
            ]
            .contains(&key.as_str())
            {
                match x {
                    Value::Array(xs) => xs.iter_mut().for_each(to_ref),
                    x => to_ref(x),
                }
            }
        }
    }
    v
}

#[test]
fn references_and_numbers_replay_the_same_game() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/scenarios/key_harvest/three_player_opening.json");
    let numbers: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let refs = by_reference(numbers.clone());
    let text = refs.to_string();
    assert!(text.contains("\"G6\""), "{text}");
    assert!(!numbers.to_string().contains("\"G6\""));
    let (_, a) = replay::replay(board(), &read(&numbers)).unwrap();
    let (_, b) = replay::replay(board(), &read(&refs)).unwrap();
    assert!(a.rejected.is_empty(), "{:?}", a.rejected);
    assert_eq!(a, b, "the same report, read either way");
    // Lower case reads too; a space that is not on the board is an error naming it.
    let lower = text.replace("\"G6\"", "\"g6\"");
    assert_eq!(
        replay::replay(board(), &serde_json::from_str(&lower).unwrap())
            .unwrap()
            .1,
        a
    );
    let bad = text.replace("\"G6\"", "\"G9\"");
    let e = serde_json::from_str::<Scenario>(&bad)
        .unwrap_err()
        .to_string();
    assert!(e.contains("`G9` is not a space (A1 to G8)"), "{e}");
    assert!(e.contains("line 1"), "the error says where: {e}");
}

/// A two-player position in the middle of a game, as a player would report it.
fn position() -> Value {
    json!({
        "players": 2,
        "seed": 3,
        "position": {
            "active": 1,
            "turn": 7,
            "seats": [
                {
                    "fields": ["C4", "C5"],
                    "harvested": ["C4"],
                    "workers": [{"worker": "apprentice", "space": "E5"}],
                    "supply": [1, 0, 2, 0, 0],
                    "store": [{"tile": "A1", "bid": [0, 0, 0, 1, 0]}]
                },
                {
                    "fields": ["F2"],
                    "workers": [{"worker": "lawyer", "space": "B2"}],
                    "supply": [0, 1, 0, 0, 0]
                }
            ],
            "registry": ["A2", "A3", "A4", "A5", "A6", "A7"],
            "events": ["M", "good harvest"],
            "bag": ["G8", "F8"]
        }
    })
}

#[test]
fn a_position_starts_where_it_says_and_play_goes_on_from_it() {
    let (g, report) = replay::replay(board(), &read(&position())).unwrap();
    assert!(report.setup.is_empty(), "the position replaces the setup");
    let s = g.state();
    assert_eq!(s.phase, Phase::Playing);
    assert_eq!(g.prompt(), Some((1, Prompt::Turn)));
    assert_eq!(s.turn.number, 7);
    let p0 = &s.players[0];
    assert_eq!(p0.fields, (1 << sp("C4")) | (1 << sp("C5")));
    assert_eq!(p0.harvested, 1 << sp("C4"));
    assert_eq!(p0.workers, vec![(sp("E5"), Worker::Apprentice)]);
    assert_eq!(
        p0.unplayed.count_ones(),
        5,
        "the apprentice is on the board"
    );
    assert_eq!(p0.supply, Counters([1, 0, 2, 0, 0]));
    assert_eq!(p0.store.len(), 1);
    assert_eq!(p0.store[0].tile, sp("A1"));
    assert_eq!(s.players[1].workers, vec![(sp("B2"), Worker::Lawyer)]);
    assert_eq!(s.town.count_ones(), 5, "the lawyer left the town board");
    // Every counter not in a supply or a bid is in the stock.
    assert_eq!(s.stock, Counters([11, 11, 10, 11, 12]));
    assert_eq!(s.track, vec![EventTile::BlindSwap, EventTile::GoodHarvest]);
    assert_eq!(s.bag_events.count_ones(), 12);
    // 56 tiles: 3 on boards, 1 in a store, 6 in the registry; the rest in the bag.
    assert_eq!(s.bag_fields.count_ones(), 46);

    // Seat 1 takes A2 from the registry: the refill draws G8, the bag's first fixed draw.
    let mut v = position();
    v["actions"] = json!([
        {"seat": 1, "action": {"type": "take_from_registry", "tile": "A2", "bid": [0, 1, 0, 0, 0]}}
    ]);
    let (g, report) = replay::replay(board(), &read(&v)).unwrap();
    assert!(report.rejected.is_empty(), "{:?}", report.rejected);
    let s = g.state();
    assert_ne!(s.registry & (1 << sp("G8")), 0, "G8 was drawn first");
    assert_eq!(s.registry & (1 << sp("F8")), 0);
    assert_eq!(s.bag_order, vec![BagTile::Field(sp("F8"))]);
    assert_eq!(s.players[1].store[0].tile, sp("A2"));
    // The same file replays to the same report.
    assert_eq!(replay::replay(board(), &read(&v)).unwrap().1, report);
}

/// `position` with `edit` applied, refused with an error containing `says`.
fn refused(edit: impl FnOnce(&mut Value), says: &str) {
    let mut v = position();
    edit(&mut v["position"]);
    let e = match serde_json::from_str::<Scenario>(&v.to_string()) {
        Err(e) => e.to_string(),
        Ok(sc) => match replay::replay(board(), &sc) {
            Err(e) => e.to_string(),
            Ok(_) => panic!("accepted: {}", v["position"]),
        },
    };
    assert!(e.contains(says), "{e}\n  should say: {says}");
}

#[test]
fn impossible_positions_are_refused_naming_the_field() {
    refused(
        |p| p["seats"][1]["fields"] = json!(["A2"]),
        "position.seats[1].fields[0]: A2 is also in registry[0]",
    );
    refused(
        |p| p["seats"][0]["harvested"] = json!(["F2"]),
        "position.seats[0].harvested[0]: F2 is not among the seat's fields",
    );
    refused(
        |p| p["seats"][0]["workers"] = json!([{"worker": "apprentice", "space": "D4"}, {"worker": "casual worker", "space": "D5"}]),
        "workers next to each other",
    );
    refused(
        |p| p["seats"][0]["workers"] = json!([{"worker": "apprentice", "space": "C4"}]),
        "a worker under a field tile",
    );
    refused(
        |p| p["seats"][0]["workers"] = json!([{"worker": "lawyer", "space": "G1"}]),
        "position.seats[1].workers[0]: the lawyer is on a board already",
    );
    refused(
        |p| p["stock"] = json!([12, 12, 12, 12, 12]),
        "position.stock: with the supplies and bids, the counters are [13, 13, 14, 13, 12]",
    );
    refused(
        |p| p["seats"][0]["supply"] = json!([13, 0, 0, 0, 0]),
        "position.seats: the supplies and bids hold 13 counters of one crop",
    );
    refused(
        |p| p["events"] = json!(["M", "N", "O", "P", "Q", "R", "S", "T", "U", "V"]),
        "position.events: 10 on the town board; at most 9",
    );
    refused(
        |p| p["events"] = json!(["M", "blind swap"]),
        "position.events[1]: event M (blind swap) is listed twice",
    );
    refused(
        |p| p["bag"] = json!(["A3"]),
        "position.bag[0]: A3 is not in the bag but in registry[1]",
    );
    refused(
        |p| p["bag"] = json!(["P"]),
        "position.bag[0]: event P (good harvest) is not in the bag",
    );
    refused(
        |p| p["seats"] = json!([{}]),
        "position.seats: 1 entries for 2 players",
    );
    refused(
        |p| p["active"] = json!(2),
        "position.active: there is no seat 2",
    );
    refused(
        |p| p["registry"] = json!(["B1", "B3", "B4", "B5", "B6", "B7", "B8"]),
        "position.registry: 7 tiles; it holds at most 6",
    );
    refused(
        |p| p["events"] = json!(["Q9"]),
        "`Q9` is not an event (a letter M-Z",
    );
    refused(
        |p| p["seats"][0]["fields"] = json!(["C4", "H1"]),
        "`H1` is not a space (A1 to G8)",
    );
    refused(
        |p| p["seats"][0]["colour"] = json!("red"),
        "unknown field `colour`",
    );
}
