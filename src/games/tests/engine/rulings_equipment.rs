//! Rules tests (issue #2), Equipment: ruling 17 of `src/games/fields_of_green/RULES.md`.

use crate::common;

use common::*;
use farmhand_games::fields_of_green::event::Event;
use farmhand_games::fields_of_green::game::{PresetCell, PresetSeat, StartPhase};
use farmhand_games::fields_of_green::{Action, ActionError, Game, Pos};

const HAND: &[&str] = &["wheat", "corn", "potatoes", "sheep", "tool_shed", "market"];

/// A 3-player year-1 game where seat 0 (farm `cells`, 20 coins, `set_aside`) holds `HAND`, the
/// Equipment stack starts with `tops`, and seat 0's revealed card is `card`.
fn game(cells: Vec<PresetCell>, set_aside: &[&str], tops: &[&str], card: &str) -> Game {
    let preset = PresetSeat {
        set_aside: set_aside.iter().map(|t| s(t)).collect(),
        ..seat(20, 1, cells)
    };
    let mut st = preset_setup(3, vec![preset]);
    set_hands(&mut st, &[HAND]);
    st.equipment = tops.iter().map(|t| s(t)).collect();
    let mut g = Game::with_setup(deck(), st).unwrap();
    draw_all(&mut g, &[HAND]);
    select_all(&mut g, &[Some(card)]);
    g
}

fn start_farm() -> Vec<PresetCell> {
    vec![tower(0, 0, 3), silo(1, 0)]
}

fn keep(tile: &str, place: Option<Pos>) -> Action {
    Action::Equipment {
        keep: s(tile),
        place,
    }
}

/// Seat 0, on the start farm, has built a Tool Shed on (0, 1) ("gain an Equipment") and has the
/// top three tiles of the stack, `tops`, on offer (ruling 17).
fn tool_shed_offering(tops: &[&str]) -> Game {
    let mut g = game(start_farm(), &[], tops, "tool_shed");
    ok(&mut g, 0, build(0, 1));
    g
}

fn build_with(x: i8, y: i8, tiles: &[&str]) -> Action {
    Action::Build {
        pos: p(x, y),
        water: vec![],
        extra: 0,
        equipment: tiles.iter().map(|t| s(t)).collect(),
    }
}

/// Every (tile, place) the legal actions offer for the current Equipment choice.
fn offered(g: &Game, seat: usize) -> Vec<(String, Option<Pos>)> {
    g.legal_actions(seat)
        .into_iter()
        .map(|a| match a {
            Action::Equipment { keep, place } => (keep.to_string(), place),
            other => panic!("only Equipment choices while an offer is open, got {other:?}"),
        })
        .collect()
}

/// Ruling 17: "Gaining an Equipment: draw 3 tiles, keep 1, put the other 2 at the bottom of the
/// stack" (in the order drawn; ruling 2: "tiles put back go to the bottom").
#[test]
fn ruling_17_draw_three_keep_one_others_to_the_bottom_in_order() {
    let mut g = game(
        start_farm(),
        &[],
        &["harrow", "hoses", "sacks", "fences"],
        "tool_shed",
    );
    let ev = ok(&mut g, 0, build(0, 1));
    assert!(ev.contains(&Event::EquipmentDrawn { seat: 0, count: 3 }));
    assert!(
        !serde_json::to_string(&ev).unwrap().contains("harrow"),
        "which tiles were drawn is private"
    );
    assert_eq!(
        g.player_view(0).offer,
        vec![s("harrow"), s("hoses"), s("sacks")]
    );
    assert_eq!(g.public_view().seats[0].equipment_offer, 3);
    assert_eq!(g.public_view().equipment_left, 27);
    assert_eq!(stack(&g)[0], "fences");

    let ev = ok(&mut g, 0, keep("hoses", Some(p(0, 0))));
    assert!(ev.contains(&placed(0, "hoses", 0, 0)));
    assert_eq!(
        cell(&g, 0, p(0, 0)).equipment,
        vec![g.deck().equipment_by_id("hoses").unwrap()]
    );
    let st = stack(&g);
    assert_eq!(st.len(), 29);
    assert_eq!(st[0], "fences", "the top of the stack is untouched");
    assert_eq!(
        st[27..],
        ["harrow".to_string(), "sacks".to_string()],
        "the other two at the bottom, in order"
    );
    assert!(g.player_view(0).offer.is_empty());
}

/// Ruling 17 (with ruling 7): while tiles are on offer, the player first decides about them.
#[test]
fn ruling_17_offer_must_be_settled_first() {
    let mut g = tool_shed_offering(&["harrow", "hoses", "sacks"]);
    let next = hand(&g, 0)[0].clone();
    assert_eq!(
        refused(&mut g, 0, Action::Select { card: s(&next) }),
        ActionError::EquipmentPending
    );
    assert_eq!(
        refused(&mut g, 0, Action::Market { food: 0 }),
        ActionError::EquipmentPending
    );
    assert_eq!(
        refused(&mut g, 0, keep("fences", None)),
        ActionError::NotOffered("fences".into())
    );
    assert_eq!(
        refused(&mut g, 0, keep("nope", None)),
        ActionError::UnknownEquipment("nope".into())
    );
    assert!(g.waiting_for().contains(&0));
    ok(&mut g, 0, keep("sacks", Some(p(1, 0))));
    ok(&mut g, 0, Action::Select { card: s(&next) });
}

/// Ruling 17: "The kept tile goes on a face-up location that matches its placement text now" —
/// including the host's timing ("Field - Harvest" is a Field with a Harvest ability).
#[test]
fn ruling_17_placement_must_match_host_text_and_timing() {
    let cells = vec![
        tower(0, 0, 3),
        silo(1, 0),
        card(-1, 0, "wheat"),
        card(0, -1, "potatoes"),
        card(2, 0, "quarters"),
        card(1, -1, "market"),
        open(0, 1, "barley"),
    ];
    let mut g = game(
        cells,
        &[],
        &["harrow", "power_generator", "sacks"],
        "tool_shed",
    );
    ok(&mut g, 0, build(-1, 1));
    let mut got = offered(&g, 0);
    got.sort();
    let mut want = vec![
        ("harrow".to_string(), None),
        ("harrow".to_string(), Some(p(-1, 0))),
        ("power_generator".to_string(), None),
        ("power_generator".to_string(), Some(p(1, -1))),
        ("sacks".to_string(), None),
        ("sacks".to_string(), Some(p(1, 0))),
    ];
    want.sort();
    assert_eq!(got, want);
    let bad = |tile: &str, pos: Pos| (tile.to_string(), pos);
    for (tile, pos) in [
        bad("harrow", p(0, -1)),         // a Field, but Immediate
        bad("harrow", p(-1, 1)),         // the Tool Shed: not a Field
        bad("harrow", p(0, 1)),          // an Open Area (a face-down Barley)
        bad("power_generator", p(2, 0)), // a Building, but Harvest (Quarters)
        bad("sacks", p(0, 0)),           // a Water Tower, not a Silo
        bad("sacks", p(9, 9)),           // nothing there
    ] {
        let e = refused(&mut g, 0, keep(&tile, Some(pos)));
        assert!(
            matches!(&e, ActionError::BadEquipmentPlace { tile: t, .. } if *t == tile),
            "{tile} at {pos:?}: {e:?}"
        );
    }
    ok(&mut g, 0, keep("harrow", Some(p(-1, 0))));
}

/// Ruling 17: "A location holds at most 2 Equipment, and never two of the same kind."
#[test]
fn ruling_17_at_most_two_never_two_alike() {
    let cells = vec![
        tower(0, 0, 3),
        silo(1, 0),
        with_eq(card(0, 1, "wheat"), &["harrow", "fertilizer"]),
        with_eq(card(-1, 0, "barley"), &["tractor"]),
    ];
    let mut g = game(cells, &[], &["harrow", "tractor", "hoses"], "tool_shed");
    ok(&mut g, 0, build(1, 1));
    let got = offered(&g, 0);
    assert!(got.contains(&("harrow".to_string(), Some(p(-1, 0)))));
    assert!(
        !got.contains(&("harrow".to_string(), Some(p(0, 1)))),
        "the Wheat is full"
    );
    assert!(
        !got.iter().any(|(t, pl)| t == "tractor" && pl.is_some()),
        "Wheat full, Barley has one"
    );
    let e = refused(&mut g, 0, keep("tractor", Some(p(0, 1))));
    assert!(
        matches!(&e, ActionError::BadEquipmentPlace { why, .. } if why.contains("at most 2")),
        "{e:?}"
    );
    let e = refused(&mut g, 0, keep("tractor", Some(p(-1, 0))));
    assert!(
        matches!(&e, ActionError::BadEquipmentPlace { why, .. } if why.contains("same kind")),
        "{e:?}"
    );
    ok(&mut g, 0, keep("harrow", Some(p(-1, 0))));
    assert_eq!(cell(&g, 0, p(-1, 0)).equipment.len(), 2);
}

/// Ruling 17: "... or is set aside." A set-aside tile cannot later be put on a card already built.
#[test]
fn ruling_17_set_aside() {
    let mut g = tool_shed_offering(&["harrow", "hoses", "sacks"]);
    let ev = ok(&mut g, 0, keep("sacks", None));
    assert!(ev.contains(&Event::EquipmentSetAside {
        seat: 0,
        tile: s("sacks")
    }));
    assert_eq!(g.public_view().seats[0].set_aside, vec![s("sacks")]);
    assert_eq!(stack(&g)[27..], ["harrow".to_string(), "hoses".to_string()]);
    // No action puts it on the existing Silo.
    assert_eq!(
        refused(&mut g, 0, keep("sacks", Some(p(1, 0)))),
        ActionError::NotOffered("sacks".into())
    );
    assert!(!offers(&g, 0, |a| matches!(a, Action::Equipment { .. })));
    // Next turn: it goes on a new Silo as that Silo is built.
    market_all(&mut g);
    select_all(&mut g, &[]);
    let ev = ok(&mut g, 0, silo_with(2, 0, &["sacks"]));
    assert!(ev.contains(&placed(0, "sacks", 2, 0)));
    assert!(g.public_view().seats[0].set_aside.is_empty());
}

/// Ruling 17: "A set-aside tile may be placed only on a location as that location is built" and
/// only where its placement text fits.
#[test]
fn ruling_17_set_aside_tile_placed_while_building_a_matching_card() {
    let mut g = game(start_farm(), &["harrow", "hoses"], &[], "wheat");
    // The legal builds offer the Wheat with and without the Harrow, never with the Hoses.
    let legal = g.legal_actions(0);
    assert!(legal.contains(&build_with(0, 1, &["harrow"])));
    assert!(legal.contains(&build_with(0, 1, &[])));
    assert!(
        !legal.iter().any(
            |a| matches!(a, Action::Build { equipment, .. } if equipment.contains(&s("hoses")))
        )
    );
    assert!(legal.contains(&Action::WaterTower {
        pos: p(0, 1),
        equipment: vec![s("hoses")]
    }));
    let e = refused(&mut g, 0, build_with(0, 1, &["hoses"]));
    assert!(matches!(e, ActionError::BadEquipmentPlace { .. }), "{e:?}");
    assert_eq!(
        refused(&mut g, 0, build_with(0, 1, &["sacks"])),
        ActionError::NotSetAside("sacks".into())
    );
    let e = refused(&mut g, 0, silo_with(0, 1, &["hoses"]));
    assert!(matches!(e, ActionError::BadEquipmentPlace { .. }), "{e:?}");
    let ev = ok(&mut g, 0, build_with(0, 1, &["harrow"]));
    assert!(ev.contains(&placed(0, "harrow", 0, 1)));
    assert_eq!(g.public_view().seats[0].set_aside, vec![s("hoses")]);
    assert_eq!(
        g.public_view().seats[0].farm.at(p(0, 1)).unwrap().equipment,
        vec![s("harrow")]
    );
    // A Water Tower built later takes the Hoses.
    market_all(&mut g);
    select_all(&mut g, &[]);
    ok(
        &mut g,
        0,
        Action::WaterTower {
            pos: p(-1, 0),
            equipment: vec![s("hoses")],
        },
    );
    assert_eq!(
        cell(&g, 0, p(-1, 0)).equipment,
        vec![g.deck().equipment_by_id("hoses").unwrap()]
    );
    assert!(g.public_view().seats[0].set_aside.is_empty());
}

/// Ruling 17: a set-aside tile that needs a host timing fits only a card with that timing: the
/// Harrow ("Field - Harvest") does not go on Potatoes (an Immediate Field).
#[test]
fn ruling_17_set_aside_tile_respects_host_timing() {
    let mut g = game(start_farm(), &["harrow"], &[], "potatoes");
    assert!(!offers(
        &g,
        0,
        |a| matches!(a, Action::Build { equipment, .. } if !equipment.is_empty())
    ));
    let e = refused(&mut g, 0, build_with(0, 1, &["harrow"]));
    assert!(matches!(e, ActionError::BadEquipmentPlace { .. }), "{e:?}");
}

/// Ruling 17: "An Equipment with no timing applies once, when placed": the Rain Barrel fills its
/// tower when placed; the Wheelbarrow gives 2 Food when placed. Neither does anything again.
#[test]
fn ruling_17_no_timing_equipment_applies_once_when_placed() {
    let mut g = game(
        vec![tower(0, 0, 0), silo(1, 0)],
        &[],
        &["rain_barrel", "wheelbarrow", "sacks"],
        "tool_shed",
    );
    ok(&mut g, 0, build(0, 1));
    let ev = ok(&mut g, 0, keep("rain_barrel", Some(p(0, 0))));
    assert!(ev.contains(&Event::Refilled {
        seat: 0,
        towers: vec![(p(0, 0), 3)]
    }));
    assert_eq!(water(&g, 0, p(0, 0)), 3);

    let mut g = tool_shed_offering(&["rain_barrel", "wheelbarrow", "sacks"]);
    let ev = ok(&mut g, 0, keep("wheelbarrow", Some(p(0, 1))));
    assert!(ev.contains(&food_gained(0, p(0, 1), 2, 0)));
    assert_eq!(food(&g, 0), 3);
    // The next turns pass without any further Food from it.
    market_all(&mut g);
    select_all(&mut g, &[]);
    ok(&mut g, 0, Action::Market { food: 0 });
    assert_eq!(food(&g, 0), 3);

    // Already in the farm at the start of a year: the Rain Barrel's tower gets only the income.
    let mut st = preset_setup(
        3,
        vec![seat(
            0,
            0,
            vec![with_eq(tower(0, 0, 0), &["rain_barrel"]), silo(1, 0)],
        )],
    );
    st.start_year = 2;
    let g = Game::with_setup(deck(), st).unwrap();
    assert_eq!(water(&g, 0, p(0, 0)), 2);
    // And at the harvest it does nothing either.
    let mut st = preset_setup(
        3,
        vec![seat(
            0,
            0,
            vec![
                with_eq(tower(0, 0, 0), &["rain_barrel"]),
                silo(1, 0),
                card(0, 1, "wheat"),
            ],
        )],
    );
    st.start_phase = StartPhase::Harvest;
    let (_, events) = Game::start(deck(), st).unwrap();
    assert!(!events.iter().any(|e| matches!(e, Event::Refilled { .. })));
}

/// Ruling 17 with Potatoes: "if built adjacent to a Silo, also gain an Equipment", and the tile may
/// go on the Potatoes themselves (now face up and matching "Field").
#[test]
fn ruling_17_potatoes_next_to_a_silo_gain_equipment() {
    let mut g = game(
        start_farm(),
        &[],
        &["tractor", "harrow", "sacks"],
        "potatoes",
    );
    let ev = ok(&mut g, 0, build(1, 1));
    assert!(ev.contains(&Event::EquipmentDrawn { seat: 0, count: 3 }));
    let got = offered(&g, 0);
    assert!(got.contains(&("tractor".to_string(), Some(p(1, 1)))));
    assert!(
        !got.contains(&("harrow".to_string(), Some(p(1, 1)))),
        "Potatoes have no Harvest ability"
    );
    ok(&mut g, 0, keep("tractor", Some(p(1, 1))));
}

/// Ruling 17: a set-aside tile with no timing applies when it is placed on the card being built:
/// a Wheelbarrow put on a new Silo gives its 2 Food then (into the new room).
#[test]
fn ruling_17_set_aside_no_timing_tile_applies_when_placed_on_build() {
    let mut g = game(
        vec![tower(0, 0, 3), silo(1, 0)],
        &["wheelbarrow"],
        &[],
        "wheat",
    );
    assert_eq!(food(&g, 0), 1);
    let ev = ok(&mut g, 0, silo_with(2, 0, &["wheelbarrow"]));
    assert!(ev.contains(&placed(0, "wheelbarrow", 2, 0)));
    assert!(ev.contains(&food_gained(0, p(2, 0), 2, 0)));
    assert_eq!(food(&g, 0), 3);
}
