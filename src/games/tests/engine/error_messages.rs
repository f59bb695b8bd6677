//! Issue 9: the sentences players and CLI users read when an action or a setup is refused. They
//! name spaces the way the farm grid does (`N26`), never in Rust's debug form (`Pos { x: 1, .. }`),
//! and they say what is true.

use crate::common;

use common::*;
use farmhand_games::fields_of_green::error::Space;
use farmhand_games::fields_of_green::game::{PresetSeat, StartPhase};
use farmhand_games::fields_of_green::{Action, ActionError, Game};

const HAND: &[&str] = &["wheat", "corn", "potatoes", "sheep", "tool_shed", "market"];

/// Seat 0 of a 3-player year-1 draft, with `farm` and the Wheat revealed.
fn wheat_revealed(farm: PresetSeat) -> Game {
    let mut g = action_game(3, 1, vec![farm], &[HAND]);
    select_all(&mut g, &[Some("wheat")]);
    g
}

fn text(g: &mut Game, a: Action) -> String {
    refused(g, 0, a).to_string()
}

/// No sentence may show a Rust debug form.
fn assert_plain(t: &str) {
    for debug in ["Pos {", "{ x:", "Some(", "Pile(", "Kind(", "[3,", "\\\""] {
        assert!(!t.contains(debug), "debug form {debug:?} in {t:?}");
    }
}

/// Ruling 10 refusals name the space by its grid label. Labels are fixed for the whole game
/// (issue 43): the starting tower at (0,0) is M26, the Silo at (1,0) N26.
#[test]
fn refusals_name_spaces_as_the_grid_does() {
    let mut g = wheat_revealed(grown(20, 0, 3, vec![]));
    let t = text(&mut g, build(1, 0));
    assert_eq!(t, "N26 is not an empty space next to your farm");
    assert_eq!(
        text(&mut g, build(2, 1)),
        "O27 is not an empty space next to your farm"
    );
    assert_eq!(
        text(&mut g, Action::Restore { pos: p(0, 0) }),
        "there is no Open Area at M26"
    );
    // A space far from the farm still has its fixed name.
    assert_eq!(
        text(&mut g, build(7, -3)),
        "T23 is not an empty space next to your farm"
    );
    // Only a scenario file can name a space above row 1; it is named as the file writes it.
    assert_eq!(
        text(&mut g, build(7, -30)),
        "(7,-30) is not an empty space next to your farm"
    );
    assert_plain(&t);
    // The label stays put as the farm grows left (it moved with the grid before issue 43).
    ok(&mut g, 0, build(-1, 0));
    assert_eq!(
        ActionError::NotBuildable(Space::at(p(1, 0))).to_string(),
        "N26 is not an empty space next to your farm"
    );
}

/// Harvest refusals (ruling 14) name the space the same way.
#[test]
fn harvest_refusals_name_spaces_as_the_grid_does() {
    let farm = grown(0, 0, 3, vec![card(0, 1, "wheat")]);
    let mut g = harvest_game(3, 1, vec![farm]);
    let t = text(&mut g, harvest(1, 0));
    assert_eq!(t, "there is no location with a Harvest ability at N26");
    assert_eq!(
        text(
            &mut g,
            Action::Harvest {
                pos: p(0, 1),
                water: vec![p(1, 0)],
                extra: 0,
            }
        ),
        "invalid Water payment: there is no Water Tower with Water in range at N26"
    );
    assert_plain(&t);
}

/// "can be repeated at most 0 times" read wrong: an ability with no repeat cannot be repeated.
#[test]
fn repeats_say_what_is_true() {
    let mut g = wheat_revealed(grown(20, 0, 3, vec![]));
    let mut a = build(0, 1);
    if let Action::Build { extra, .. } = &mut a {
        *extra = 1;
    }
    assert_eq!(
        refused(&mut g, 0, a.clone()),
        ActionError::TooManyRepeats(0)
    );
    assert_eq!(text(&mut g, a), "that ability cannot be repeated");
    assert_eq!(
        ActionError::TooManyRepeats(1).to_string(),
        "that ability can be repeated only once"
    );
    assert_eq!(
        ActionError::TooManyRepeats(2).to_string(),
        "that ability can be repeated at most 2 times"
    );
}

/// Ruling 3: "the tower is full" read wrong when the tower had room for one of the two Water
/// named for it. The year-2 income brings 2 Water; the tower at M26 has room for 1, the one at O26
/// for 3, so the player chooses.
#[test]
fn water_placement_says_how_much_room_a_tower_has() {
    let mut st = preset_setup(3, vec![grown(0, 0, 2, vec![tower(2, 0, 3)])]);
    st.seats[0].as_mut().unwrap().cells[2].water = 0;
    st.start_year = 2;
    st.start_phase = StartPhase::Upkeep;
    let (mut g, _) = Game::start(deck(), st).unwrap();
    let t = text(
        &mut g,
        Action::PlaceWater {
            towers: vec![p(0, 0), p(0, 0)],
        },
    );
    assert_eq!(
        t,
        "invalid Water placement: the Water Tower at M26 has room for only 1 Water, and you named it 2 times"
    );
    assert_eq!(
        text(
            &mut g,
            Action::PlaceWater {
                towers: vec![p(1, 0), p(2, 0)],
            }
        ),
        "invalid Water placement: there is no Water Tower at N26"
    );
    assert_eq!(
        text(
            &mut g,
            Action::PlaceWater {
                towers: vec![p(2, 0)],
            }
        ),
        "invalid Water placement: place exactly 2 Water, not 1"
    );
    ok(
        &mut g,
        0,
        Action::PlaceWater {
            towers: vec![p(0, 0), p(2, 0)],
        },
    );
}

/// Plurals: "you need 2 coins and have 1 coin", not "1 coins".
#[test]
fn coins_are_counted_in_english() {
    let mut g = wheat_revealed(grown(1, 0, 3, vec![]));
    let t = text(&mut g, tower_with(0, 1, &[]));
    assert_eq!(t, "you need 2 coins and have 1 coin");
}

/// Ruling 17: where a tile goes is said in the card's words, not as `Pile(Building)` /
/// `GameEnd`.
#[test]
fn equipment_placement_says_where_the_tile_goes() {
    let mut farm = grown(20, 0, 3, vec![]);
    farm.set_aside = vec![s("power_generator")];
    let mut g = wheat_revealed(farm);
    let mut a = build(0, 1);
    if let Action::Build { equipment, .. } = &mut a {
        *equipment = vec![s("power_generator")];
    }
    let t = text(&mut g, a);
    assert_eq!(
        t,
        "power_generator cannot be placed there: it goes on: Building with a Game End ability"
    );
    assert_plain(&t);
}

/// Every refusal the engine can give reads without a debug form, whatever it carries.
#[test]
fn no_refusal_prints_a_debug_form() {
    let sp = || Space::new(p(2, 1), "C2");
    let all = [
        ActionError::GameOver,
        ActionError::NoSuchSeat(7),
        ActionError::NotYourTurn("x"),
        ActionError::WrongPhase("x"),
        ActionError::EquipmentPending,
        ActionError::UnknownCard("whaet".into()),
        ActionError::UnknownEquipment("hose".into()),
        ActionError::NotInHand("wheat".into()),
        ActionError::AlreadySelected("wheat".into()),
        ActionError::NotFaceUp("wheat".into()),
        ActionError::NothingRevealed,
        ActionError::RevealedPending,
        ActionError::AlreadyPicked,
        ActionError::BadSplit("x".into()),
        ActionError::AlreadyDrawn,
        ActionError::NoWaterToPlace,
        ActionError::WaterPending,
        ActionError::BadWaterPlacement("x".into()),
        ActionError::NotBuildable(sp()),
        ActionError::NotEnoughCoins { need: 1, have: 0 },
        ActionError::NotEnoughFood { need: 1, have: 0 },
        ActionError::NotEnoughWater { need: 1, have: 0 },
        ActionError::BadWaterPayment("x".into()),
        ActionError::NoWaterTowersLeft,
        ActionError::NoSilosLeft,
        ActionError::BadMarketFood,
        ActionError::NotOpenArea(sp()),
        ActionError::NotOffered("hoses".into()),
        ActionError::NotSetAside("hoses".into()),
        ActionError::BadEquipmentPlace {
            tile: "hoses".into(),
            why: "x".into(),
        },
        ActionError::NoHarvestAbility(sp()),
        ActionError::AlreadyHarvested,
        ActionError::TooManyRepeats(0),
        ActionError::HarvestDone,
    ];
    for e in all {
        assert_plain(&e.to_string());
    }
    assert_eq!(
        ActionError::UnknownCard("whaet".into()).to_string(),
        "there is no card called \"whaet\" in this deck"
    );
}
