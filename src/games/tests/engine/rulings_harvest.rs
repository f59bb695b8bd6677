//! Rules tests (issue #2), the harvest: rulings 14-16 of `src/games/fields_of_green/RULES.md`, with the
//! rulebook's harvest example (Mike's year-2 harvest with a full Silo).

use crate::common;

use common::*;
use farmhand_games::fields_of_green::event::{Delta, Event};
use farmhand_games::fields_of_green::{Action, ActionError, Game, Phase, Pos, Space};

fn harvests(g: &Game, seat: usize) -> Vec<Action> {
    g.legal_actions(seat)
        .into_iter()
        .filter(|a| matches!(a, Action::Harvest { .. }))
        .collect()
}

fn gained_food(ev: &[Event]) -> (u32, u32) {
    ev.iter()
        .filter_map(|e| match e {
            Event::Gained {
                gained, food_lost, ..
            } => Some((gained.food, *food_lost)),
            _ => None,
        })
        .fold((0, 0), |a, b| (a.0 + b.0, a.1 + b.1))
}

fn open_areas(events: &[Event]) -> Vec<(Pos, String)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::BecameOpenArea { pos, card, .. } => Some((*pos, card.to_string())),
            _ => None,
        })
        .collect()
}

// ------------------------------------------------------------------------------------- ruling 14

/// Ruling 14: "Each face-up location with a Harvest ability may be activated ... in any order the
/// player likes; output can pay for later activations."
#[test]
fn ruling_14_any_order_and_output_pays_later_costs() {
    let farm = grown(0, 0, 3, vec![card(0, 1, "wheat"), card(1, 1, "sheep")]);
    let mut g = harvest_game(3, 4, vec![farm]);
    // The Sheep need 2 Food; there is none yet.
    assert_eq!(harvests(&g, 0), vec![harvest(0, 1)]);
    assert_eq!(
        refused(&mut g, 0, harvest(1, 1)),
        ActionError::NotEnoughFood { need: 2, have: 0 }
    );
    ok(&mut g, 0, harvest(0, 1));
    assert_eq!(food(&g, 0), 2);
    assert_eq!(
        harvests(&g, 0),
        vec![harvest(1, 1)],
        "the Wheat's Food now feeds the Sheep"
    );
    let ev = ok(&mut g, 0, harvest(1, 1));
    assert!(ev.contains(&Event::Harvested {
        seat: 0,
        pos: p(1, 1),
        card: s("sheep"),
        paid: Delta {
            food: 2,
            ..Delta::default()
        },
        extra: 0
    }));
    assert_eq!((food(&g, 0), coins(&g, 0)), (0, 3));
}

/// Ruling 14: "Every player harvests independently": seats act in any order, and the year moves on
/// only when all have finished.
#[test]
fn ruling_14_players_harvest_independently() {
    let farm = || wheat_and_oranges(0, 0);
    let mut g = harvest_game(3, 1, vec![farm(), farm()]);
    assert_eq!(g.waiting_for(), vec![0, 1]);
    ok(&mut g, 1, harvest(0, 1));
    ok(&mut g, 0, harvest(1, 1));
    ok(&mut g, 1, Action::EndHarvest);
    assert_eq!(g.phase(), &Phase::Harvest);
    assert_eq!(refused(&mut g, 1, harvest(1, 1)), ActionError::HarvestDone);
    assert_eq!(
        refused(&mut g, 1, Action::EndHarvest),
        ActionError::HarvestDone
    );
    let ev = ok(&mut g, 0, Action::EndHarvest);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::YearStarted { year: 2, .. }))
    );
}

/// Ruling 14: "may be activated once (more only where an Equipment says so)".
#[test]
fn ruling_14_each_ability_once() {
    let farm = wheat_and_oranges(0, 0);
    let mut g = harvest_game(3, 1, vec![farm]);
    ok(&mut g, 0, harvest(0, 1));
    assert_eq!(
        refused(&mut g, 0, harvest(0, 1)),
        ActionError::AlreadyHarvested
    );
    assert_eq!(harvests(&g, 0), vec![harvest(1, 1)]);
    assert_eq!(g.public_view().seats[0].harvested, vec![p(0, 1)]);
    assert_eq!(
        refused(&mut g, 0, harvest(1, 0)),
        ActionError::NoHarvestAbility(Space::new(p(1, 0), "N26"))
    );
    assert_eq!(
        refused(&mut g, 0, harvest(7, 7)),
        ActionError::NoHarvestAbility(Space::new(p(7, 7), "T33"))
    );
}

/// Ruling 14: "(more only where an Equipment says so)": a Harrow lets its Field pay and apply its
/// ability a second time, not a third.
#[test]
fn ruling_14_harrow_allows_one_extra_activation() {
    let farm = grown(
        0,
        0,
        3,
        vec![
            with_eq(card(0, 1, "wheat"), &["harrow"]),
            card(1, 1, "orange_trees"),
        ],
    );
    let mut g = harvest_game(3, 1, vec![farm]);
    ok(&mut g, 0, harvest(0, 1));
    assert!(
        harvests(&g, 0).contains(&harvest(0, 1)),
        "the Harrow offers the Wheat again"
    );
    let ev = ok(&mut g, 0, harvest(0, 1));
    assert_eq!(gained_food(&ev), (2, 0));
    assert_eq!((food(&g, 0), water(&g, 0, p(0, 0))), (4, 1));
    assert_eq!(
        refused(&mut g, 0, harvest(0, 1)),
        ActionError::AlreadyHarvested
    );
    assert_eq!(g.public_view().seats[0].harvested, vec![p(0, 1), p(0, 1)]);
}

/// Ruling 14 with an optional repeat: "Pigs: pay 1 Food, gain 3 coins; you may pay up to 2 more
/// Food for 2 coins each".
#[test]
fn ruling_14_optional_repeats_paid_up_front() {
    let farm = grown(
        0,
        2,
        3,
        vec![card(0, 1, "pigs"), card(1, 1, "orange_trees")],
    );
    let mut g = harvest_game(3, 1, vec![farm]);
    assert!(harvests(&g, 0).contains(&harvest_paid(0, 1, &[], 1)));
    assert!(!harvests(&g, 0).contains(&harvest_paid(0, 1, &[], 2)));
    let e = refused(&mut g, 0, harvest_paid(0, 1, &[], 2));
    assert_eq!(e, ActionError::NotEnoughFood { need: 3, have: 2 });
    let e = refused(&mut g, 0, harvest_paid(0, 1, &[], 3));
    assert_eq!(e, ActionError::TooManyRepeats(2));
    ok(&mut g, 0, harvest_paid(0, 1, &[], 1));
    assert_eq!(
        (food(&g, 0), coins(&g, 0)),
        (0, 5),
        "2 Food gave 5 coins, as in the rulebook"
    );
}

/// Ruling 14: "Water must come from a tower in range of the location."
#[test]
fn ruling_14_water_only_from_towers_in_range() {
    // T1 (3 Water) is 3 away from the Wheat; T2 next to it is dry.
    let farm = grown(
        0,
        0,
        3,
        vec![
            card(0, 1, "crop_circles"),
            card(0, 2, "well"),
            card(0, 3, "wheat"),
            tower(1, 3, 0),
            card(-1, 0, "orange_trees"),
        ],
    );
    let mut g = harvest_game(3, 1, vec![farm]);
    assert_eq!(
        refused(&mut g, 0, harvest(0, 3)),
        ActionError::NotEnoughWater { need: 1, have: 0 }
    );
    assert_eq!(harvests(&g, 0), vec![harvest(-1, 0)]);
    let named = harvest_paid(0, 3, &[(0, 0)], 0);
    assert_eq!(
        refused(&mut g, 0, named),
        ActionError::NotEnoughWater { need: 1, have: 0 }
    );
    // The Orange Trees next to T1 are fine; naming the far dry tower is not.
    let bad = harvest_paid(-1, 0, &[(1, 3)], 0);
    assert!(matches!(
        refused(&mut g, 0, bad),
        ActionError::BadWaterPayment(_)
    ));
    let ev = ok(&mut g, 0, harvest_paid(-1, 0, &[(0, 0)], 0));
    assert!(ev.contains(&Event::Gained {
        seat: 0,
        pos: p(-1, 0),
        gained: Delta {
            vp: 1,
            ..Delta::default()
        },
        food_lost: 0
    }));
    // Only EndHarvest is left: the seat finishes by itself and the unwatered Wheat turns over.
    assert!(
        open_areas(&ev).contains(&(p(0, 3), "wheat".into())),
        "{ev:?}"
    );
}

/// Ruling 14: "Food beyond Silo capacity is lost."
#[test]
fn ruling_14_food_overflow_lost() {
    let farm = wheat_and_oranges(0, 4);
    let mut g = harvest_game(3, 1, vec![farm]);
    let ev = ok(&mut g, 0, harvest(0, 1));
    assert!(ev.contains(&Event::Gained {
        seat: 0,
        pos: p(0, 1),
        gained: Delta::default(),
        food_lost: 2
    }));
    assert_eq!(food(&g, 0), 4);
}

/// Ruling 14 and the rulebook's remark: "If you are going to produce more Food than what you can
/// store, you must make sure to spend the Food you have first". A full Silo: harvesting the Wheat
/// first loses its Food (the greedy order), feeding the Sheep first keeps it.
#[test]
fn ruling_14_full_silo_order_matters_greedy_loses() {
    let farm = || grown(0, 4, 3, vec![card(0, 1, "wheat"), card(1, 1, "sheep")]);
    // Greedy: Field first.
    let mut greedy = harvest_game(3, 4, vec![farm()]);
    let ev = ok(&mut greedy, 0, harvest(0, 1));
    assert_eq!(
        gained_food(&ev),
        (0, 2),
        "the Silo is full: both Food are lost"
    );
    ok(&mut greedy, 0, harvest(1, 1));
    // Right: Livestock first.
    let mut right = harvest_game(3, 4, vec![farm()]);
    ok(&mut right, 0, harvest(1, 1));
    let ev = ok(&mut right, 0, harvest(0, 1));
    assert_eq!(gained_food(&ev), (2, 0));
    assert!(greedy.is_over() && right.is_over());
    assert_eq!((food(&greedy, 0), coins(&greedy, 0)), (2, 3));
    assert_eq!((food(&right, 0), coins(&right, 0)), (4, 3));
    assert_eq!(greedy.scores().unwrap()[0].food, 1);
    assert_eq!(right.scores().unwrap()[0].food, 2);
}

/// The rulebook's harvest example (Mike, year 2), in our deck's numbers: Wheat and Orange Trees
/// take 2 Water and give 2 Food and 1 VP token, filling the single Silo (2 -> 4); the 4 Food feed
/// the Sheep and the Oxen; then the Apple Trees (2 Water, 1 Food per Water Tower within 2) refill
/// it, and that Food feeds the Pigs (2 Food -> 5 coins); the Turkeys go hungry and become an Open
/// Area. Harvesting the Apple Trees before the animals (greedy) loses their Food, so the Pigs go
/// hungry too. (Year 4 rather than 2, so that the state after the last payment is final: a seat
/// with nothing left to pay finishes by itself.)
#[test]
fn ruling_14_rulebook_harvest_example() {
    let mut g = harvest_game(3, 4, vec![rulebook_harvest_farm()]);
    ok(&mut g, 0, harvest(1, 0));
    ok(&mut g, 0, harvest(0, 1));
    assert_eq!(
        (food(&g, 0), g.state().players[0].vp_tokens),
        (4, 1),
        "the Silo is full"
    );
    ok(&mut g, 0, harvest(2, 1));
    ok(&mut g, 0, harvest(3, 1));
    // Sheep: 3 coins (no other Dairy); Oxen: 1 per other Harvest location within 2 (Sheep, Apple
    // Trees, Turkeys).
    assert_eq!((food(&g, 0), coins(&g, 0)), (0, 6));
    let ev = ok(&mut g, 0, harvest(2, 0));
    assert_eq!(gained_food(&ev), (2, 0), "two Water Towers within 2");
    // 2 Food: enough for the Turkeys (1) or the Pigs with one extra Food (2), not both.
    assert_eq!(
        harvests(&g, 0),
        vec![
            harvest_paid(0, 2, &[], 0),
            harvest_paid(0, 2, &[], 1),
            harvest(2, 2),
        ]
    );
    // 2 Food feed the Pigs (1 + 1 extra): 3 + 2 coins. Nothing is left for the Turkeys, so the
    // harvest ends by itself and they become an Open Area.
    let ev = ok(&mut g, 0, harvest_paid(0, 2, &[], 1));
    assert_eq!(open_areas(&ev), vec![(p(2, 2), "turkeys".to_string())]);
    assert!(g.is_over());
    assert_eq!(
        (food(&g, 0), coins(&g, 0), g.state().players[0].vp_tokens),
        (0, 11, 1)
    );

    // Greedy: the Apple Trees while the Silo is full.
    let mut g = harvest_game(3, 4, vec![rulebook_harvest_farm()]);
    ok(&mut g, 0, harvest(1, 0));
    ok(&mut g, 0, harvest(0, 1));
    let ev = ok(&mut g, 0, harvest(2, 0));
    assert_eq!(gained_food(&ev), (0, 2), "lost");
    ok(&mut g, 0, harvest(2, 1));
    let ev = ok(&mut g, 0, harvest(3, 1));
    assert_eq!(
        open_areas(&ev),
        vec![
            (p(0, 2), "pigs".to_string()),
            (p(2, 2), "turkeys".to_string())
        ]
    );
    assert!(g.is_over());
    assert_eq!(
        (food(&g, 0), coins(&g, 0)),
        (0, 6),
        "5 coins fewer than the right order"
    );
}

// ------------------------------------------------------------------------------------- ruling 15

/// Ruling 15: "A Harvest ability left unpaid, by choice or need, turns its location face down:
/// an Open Area. An Open Area has no ... Equipment (its Equipment is discarded ...)."
#[test]
fn ruling_15_unpaid_by_need_becomes_open_area_equipment_discarded() {
    // No Water at all: the only legal action is EndHarvest, taken by itself at the start.
    let farm = grown(
        0,
        0,
        0,
        vec![with_eq(card(0, 1, "wheat"), &["harrow", "fertilizer"])],
    );
    let (g, events) = harvest_start(3, 1, vec![farm]);
    assert!(events.contains(&Event::BecameOpenArea {
        seat: 0,
        pos: p(0, 1),
        card: s("wheat"),
        equipment_lost: vec![s("harrow"), s("fertilizer")]
    }));
    let c = cell(&g, 0, p(0, 1));
    assert!(!c.face_up && c.equipment.is_empty());
    assert_eq!(
        tile_ids(&g, &g.state().equipment_discard),
        vec!["harrow", "fertilizer"]
    );
    let view = g.public_view();
    let cv = view.seats[0].farm.at(p(0, 1)).unwrap();
    assert!(!cv.face_up && cv.equipment.is_empty());
    g.check_invariants().unwrap();
}

/// Ruling 15: "... by choice ...": a payable ability left unpaid also turns face down; paid ones
/// stay face up.
#[test]
fn ruling_15_unpaid_by_choice_becomes_open_area() {
    let farm = wheat_and_oranges(0, 0);
    let mut g = harvest_game(3, 1, vec![farm]);
    ok(&mut g, 0, harvest(1, 1));
    let ev = ok(&mut g, 0, Action::EndHarvest);
    assert_eq!(open_areas(&ev), vec![(p(0, 1), "wheat".to_string())]);
    assert!(!cell(&g, 0, p(0, 1)).face_up);
    assert!(cell(&g, 0, p(1, 1)).face_up);
}

/// Ruling 15: "An Open Area has no type, ability, VP ...". It cannot be harvested, it is no Field
/// for counts, and it scores nothing.
#[test]
fn ruling_15_open_area_has_no_type_ability_or_vp() {
    // Year 4: the seat has an Orange Trees to harvest, an Open Area Wheat, and a Brewery (2 VP per
    // Grain Field in the farm).
    let farm = grown(
        0,
        0,
        3,
        vec![
            open(0, 1, "wheat"),
            card(1, 1, "orange_trees"),
            card(2, 0, "brewery"),
        ],
    );
    let mut g = harvest_game(3, 4, vec![farm]);
    assert_eq!(
        refused(&mut g, 0, harvest(0, 1)),
        ActionError::NoHarvestAbility(Space::new(p(0, 1), "M27"))
    );
    ok(&mut g, 0, harvest(1, 1));
    assert!(g.is_over());
    let pad = &g.scores().unwrap()[0];
    assert_eq!(
        pad.cards, 1,
        "Brewery 1; Orange Trees 0; the Open Area's printed 1 VP does not count"
    );
    assert_eq!(
        pad.game_end_total, 0,
        "an Open Area Wheat is no Grain Field"
    );
    assert_eq!(
        pad.locations, 4,
        "tower, Silo, Orange Trees, Brewery (ruling 19)"
    );
}

/// Ruling 15: "Nothing can be built on it."
#[test]
fn ruling_15_nothing_can_be_built_on_an_open_area() {
    let farm = grown(20, 0, 3, vec![open(0, 1, "wheat")]);
    let mut g = action_game(
        3,
        1,
        vec![farm],
        &[&["wheat", "corn", "potatoes", "sheep", "tool_shed", "market"]],
    );
    select_all(&mut g, &[Some("corn")]);
    assert_eq!(
        refused(&mut g, 0, build(0, 1)),
        ActionError::NotBuildable(Space::new(p(0, 1), "M27"))
    );
    assert_eq!(
        refused(&mut g, 0, tower_with(0, 1, &[])),
        ActionError::NotBuildable(Space::new(p(0, 1), "M27"))
    );
    assert_eq!(
        refused(&mut g, 0, silo_with(0, 1, &[])),
        ActionError::NotBuildable(Space::new(p(0, 1), "M27"))
    );
    assert!(!g.legal_actions(0).iter().any(|a| match a {
        Action::Build { pos, .. } | Action::WaterTower { pos, .. } | Action::Silo { pos, .. } =>
            *pos == p(0, 1),
        _ => false,
    }));
    // It still counts for adjacency: (0,2) touches only the Open Area.
    ok(&mut g, 0, build(0, 2));
}

/// Ruling 15 with ruling 8 E: the Open Area comes back with Restore, "its Equipment is discarded
/// and does not come back on restore", and its Harvest ability works again.
#[test]
fn ruling_15_restore_brings_the_location_back_without_equipment() {
    let farm = grown(5, 0, 0, vec![with_eq(card(0, 1, "wheat"), &["harrow"])]);
    let (mut g, events) = harvest_start(3, 3, vec![farm]);
    assert!(events.iter().any(|e| matches!(e, Event::BecameOpenArea { equipment_lost, .. } if equipment_lost == &vec![s("harrow")])));
    // Year 4: income (the tower gets its 2 Water), draw, reveal.
    assert_eq!(g.year(), 4);
    assert_eq!(water(&g, 0, p(0, 0)), 2);
    draw_all(&mut g, &[]);
    select_all(&mut g, &[]);
    let ev = ok(&mut g, 0, Action::Restore { pos: p(0, 1) });
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Restored { card, .. } if card == "wheat"))
    );
    let c = cell(&g, 0, p(0, 1));
    assert!(
        c.face_up && c.equipment.is_empty(),
        "the Harrow stays discarded"
    );
    assert_eq!(tile_ids(&g, &g.state().equipment_discard), vec!["harrow"]);
    assert_eq!(coins(&g, 0), 5 + 3 - 1);
    // Play the year out: at the harvest the Wheat may be harvested once (no Harrow any more).
    for _ in 0..5 {
        market_all(&mut g);
        select_all(&mut g, &[]);
    }
    market_all(&mut g);
    assert_eq!(g.phase(), &Phase::Harvest);
    assert_eq!(harvests(&g, 0), vec![harvest(0, 1)]);
    ok(&mut g, 0, harvest(0, 1));
    assert!(g.is_over(), "nothing left to harvest: the game ends");
    assert!(cell(&g, 0, p(0, 1)).face_up);
    assert_eq!(
        g.scores().unwrap()[0].cards,
        1,
        "the restored Wheat scores its printed VP"
    );
}

// ------------------------------------------------------------------------------------- ruling 16

/// Ruling 16: "When all players have finished, the first-player tile passes to the left."
#[test]
fn ruling_16_first_player_passes_left_after_each_harvest() {
    use rand::SeedableRng;
    for (players, first) in [(2u8, 0u8), (3, 2), (4, 1), (5, 4)] {
        let mut st = setup(players);
        st.options.first_player = first;
        let mut g = Game::with_setup(deck(), st).unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(players as u64);
        let mut passes = Vec::new();
        let mut starts = Vec::new();
        while let Some((seat, a)) = farmhand_games::fields_of_green::sim::random_step(&g, &mut rng)
        {
            for e in ok(&mut g, seat, a) {
                match e {
                    Event::FirstPlayerPassed { to } => passes.push(to),
                    Event::YearStarted { first_player, .. } => starts.push(first_player),
                    _ => {}
                }
            }
        }
        assert!(g.is_over());
        let n = players as usize;
        let want: Vec<usize> = (1..=3).map(|k| (first as usize + k) % n).collect();
        assert_eq!(passes, want, "{players} players, first {first}");
        assert_eq!(
            starts, want,
            "each new year starts with the new first player"
        );
    }
}

/// Ruling 16: the tile passes only after every player has finished the harvest.
#[test]
fn ruling_16_first_player_passes_only_when_everyone_has_finished() {
    let farm = || grown(0, 0, 3, vec![card(0, 1, "wheat")]);
    let mut g = harvest_game(3, 1, vec![farm(), farm()]);
    let ev = ok(&mut g, 0, Action::EndHarvest);
    assert!(
        !ev.iter()
            .any(|e| matches!(e, Event::FirstPlayerPassed { .. }))
    );
    assert_eq!(g.state().first_player, 0);
    let ev = ok(&mut g, 1, Action::EndHarvest);
    let k = ev
        .iter()
        .position(|e| *e == Event::HarvestFinished { seat: 1 })
        .unwrap();
    let f = ev
        .iter()
        .position(|e| *e == Event::FirstPlayerPassed { to: 1 })
        .unwrap();
    assert!(k < f);
    assert_eq!(g.state().first_player, 1);
    assert_eq!(g.turn_order(), vec![1, 2, 0]);
}
