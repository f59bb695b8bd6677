//! Rules tests (issue #2), the action phase: rulings 7-13 of `src/games/fields_of_green/RULES.md`.

use crate::common;

use common::*;
use farmhand_games::fields_of_green::event::{Delta, Direction, Event};
use farmhand_games::fields_of_green::farm::CellCard;
use farmhand_games::fields_of_green::game::{PresetCell, PresetSeat};
use farmhand_games::fields_of_green::{Action, ActionError, Game, Phase, Pos, Setup, Space};

/// The hand most tests give seat 0 (Field 3, Livestock 1, Construction 1, Building 1).
const HAND: &[&str] = &["wheat", "corn", "potatoes", "sheep", "tool_shed", "market"];

/// A 3-player game in the year-1 draft where seat 0 (first player) holds `hand` and has `farm`.
fn game0(farm: Option<PresetSeat>, hand: &[&str]) -> Game {
    action_game(3, 1, farm.into_iter().collect(), &[hand])
}

/// Everyone selects; seat 0 selects `card`. After this, seat 0's revealed card is `card`.
fn reveal0(g: &mut Game, card: &str) -> Vec<Event> {
    let ev = select_all(g, &[Some(card)]);
    assert_eq!(g.public_view().seats[0].revealed.as_deref(), Some(card));
    ev
}

/// [`game0`] with [`HAND`], after everyone selected and seat 0 revealed `card`: where most action
/// rulings start.
fn revealed(farm: Option<PresetSeat>, card: &str) -> Game {
    let mut g = game0(farm, HAND);
    reveal0(&mut g, card);
    g
}

/// Seat 0's event for building the Location `card` on (x, y), paying `[coins, water, food]`
/// (ruling 8 A).
fn built0(card: &str, x: i8, y: i8, [coins, water, food]: [u32; 3]) -> Event {
    Event::Built {
        seat: 0,
        card: s(card),
        pos: p(x, y),
        paid: Delta {
            coins,
            water,
            food,
            vp: 0,
        },
    }
}

/// [`game0`] with [`HAND`] where seat 0's farm holds `towers` Water Towers and `silos` Silos of
/// the supply's 20 + 14 (ruling 1): the other two seats' farms hold 2 + 2, so 18 and 12 leave none.
fn supply_held(towers: i8, silos: i8) -> Game {
    let mut cells: Vec<PresetCell> = (0..towers).map(|x| tower(x, 0, 3)).collect();
    cells.extend((0..silos).map(|x| silo(x, 1)));
    game0(Some(seat(10, 0, cells)), HAND)
}

fn build_positions(g: &Game, seat: usize) -> Vec<Pos> {
    let mut v: Vec<Pos> = g
        .legal_actions(seat)
        .into_iter()
        .filter_map(|a| match a {
            Action::Build { pos, .. } => Some(pos),
            _ => None,
        })
        .collect();
    v.sort();
    v.dedup();
    v
}

fn sorted(mut v: Vec<Pos>) -> Vec<Pos> {
    v.sort();
    v
}

// ------------------------------------------------------------------------------------- ruling 7

/// Ruling 7: "Each turn every player selects one card from the hand, face down, and passes the
/// rest. When every player has selected, all selected cards are revealed at once and every player
/// receives the passed hand."
#[test]
fn ruling_07_reveal_only_when_every_player_has_selected() {
    let hand1: &[&str] = &["barley", "tomatoes", "cows", "goats", "windmill", "brewery"];
    let mut g = action_game(3, 1, vec![], &[HAND, hand1]);
    let ev = ok(&mut g, 0, Action::Select { card: s("wheat") });
    assert_eq!(ev, vec![Event::Selected { seat: 0 }]);
    let ev = ok(&mut g, 1, Action::Select { card: s("cows") });
    assert_eq!(ev, vec![Event::Selected { seat: 1 }]);
    // Face down: others see that seat 0 selected, not what.
    let v = g.player_view(1);
    assert!(v.table.seats[0].has_selected);
    assert_eq!(v.table.seats[0].revealed, None);
    assert_eq!(v.selected.as_deref(), Some("cows"));
    assert!(
        !serde_json::to_string(&v).unwrap().contains("\"wheat\""),
        "seat 1 must not see seat 0's pick"
    );
    assert_eq!(g.player_view(0).hand.len(), 5);
    assert_eq!(g.phase(), &Phase::Action { turn: 1 });

    let third = hand(&g, 2)[0].clone();
    let ev = ok(&mut g, 2, Action::Select { card: s(&third) });
    assert!(ev.contains(&Event::Revealed {
        turn: 1,
        cards: vec![Some(s("wheat")), Some(s("cows")), Some(s(&third))]
    }));
    assert!(ev.contains(&Event::HandsPassed {
        direction: Direction::Left
    }));
    assert_eq!(g.phase(), &Phase::Action { turn: 2 });
    let revealed: Vec<_> = g
        .public_view()
        .seats
        .iter()
        .map(|sv| sv.revealed.clone())
        .collect();
    assert_eq!(
        revealed,
        vec![Some(s("wheat")), Some(s("cows")), Some(s(&third))]
    );
    // Seat 1 received seat 0's five remaining cards.
    let mut got = hand(&g, 1);
    got.sort();
    assert_eq!(
        got,
        vec!["corn", "market", "potatoes", "sheep", "tool_shed"]
    );
}

/// Ruling 7: the face-down card "may be changed until the cards are revealed" (Action::Select).
#[test]
fn ruling_07_change_selection_before_the_reveal() {
    let mut g = game0(None, HAND);
    ok(&mut g, 0, Action::Select { card: s("wheat") });
    ok(&mut g, 0, Action::Select { card: s("corn") });
    assert_eq!(g.player_view(0).selected.as_deref(), Some("corn"));
    assert!(
        hand(&g, 0).contains(&"wheat".to_string()),
        "the first choice went back to the hand"
    );
    assert_eq!(hand(&g, 0).len(), 5);
    assert_eq!(
        refused(&mut g, 0, Action::Select { card: s("cows") }),
        ActionError::NotInHand("cows".into())
    );
    assert_eq!(
        refused(&mut g, 0, Action::Select { card: s("nope") }),
        ActionError::UnknownCard("nope".into())
    );
    let c1 = hand(&g, 1)[0].clone();
    let c2 = hand(&g, 2)[0].clone();
    ok(&mut g, 1, Action::Select { card: s(&c1) });
    let ev = ok(&mut g, 2, Action::Select { card: s(&c2) });
    assert!(ev.contains(&Event::Revealed {
        turn: 1,
        cards: vec![Some(s("corn")), Some(s(&c1)), Some(s(&c2))]
    }));
    assert!(
        hand(&g, 1).contains(&"wheat".to_string()),
        "wheat was passed on"
    );
}

/// Ruling 7: "Only then does each player choose what to do with the revealed card" and the next
/// reveal waits until every revealed card has been used; selections may still change meanwhile.
#[test]
fn ruling_07_next_reveal_waits_until_every_revealed_card_is_used() {
    let mut g = revealed(None, "wheat");
    ok(&mut g, 1, Action::Market { food: 0 });
    ok(&mut g, 2, Action::Market { food: 0 });
    // Everyone selects for turn 2, seat 0 still holding its revealed Wheat.
    let ev = select_all(&mut g, &[]);
    assert!(
        !ev.iter().any(|e| matches!(e, Event::Revealed { .. })),
        "seat 0 has not used its card"
    );
    assert_eq!(g.phase(), &Phase::Action { turn: 2 });
    // Seat 1 may still change its mind.
    let other = hand(&g, 1)[0].clone();
    assert_eq!(
        ok(&mut g, 1, Action::Select { card: s(&other) }),
        vec![Event::Selected { seat: 1 }]
    );
    let ev = ok(&mut g, 0, Action::Market { food: 0 });
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Revealed { turn: 2, .. })),
        "{ev:?}"
    );
    assert!(g.state().players.iter().all(|ps| ps.revealed.is_some()));
}

/// Ruling 7: "Because the next hand has already arrived, a player may resolve the revealed card
/// and select from the new hand in one visit", in either order.
#[test]
fn ruling_07_resolve_and_select_in_one_visit() {
    let mut g = revealed(None, "wheat");
    let legal = g.legal_actions(0);
    assert!(legal.contains(&Action::Market { food: 0 }));
    assert!(legal.iter().any(|a| matches!(a, Action::Select { .. })));
    let next = hand(&g, 0)[0].clone();
    ok(&mut g, 0, Action::Select { card: s(&next) });
    ok(&mut g, 0, build(0, 1));
    assert!(g.state().players[0].revealed.is_none());
    assert!(g.state().players[0].selected.is_some());
    // Seat 1 does it the other way round.
    ok(&mut g, 1, Action::Market { food: 0 });
    let c = hand(&g, 1)[0].clone();
    ok(&mut g, 1, Action::Select { card: s(&c) });
    // Seat 2's single visit triggers the turn-2 reveal.
    ok(&mut g, 2, Action::Market { food: 0 });
    let c = hand(&g, 2)[0].clone();
    let ev = ok(&mut g, 2, Action::Select { card: s(&c) });
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Revealed { turn: 2, .. }))
    );
}

/// Ruling 7: "One wait per turn": once a seat has selected (and used its card) the game no longer
/// waits for it; `waiting_for` names only the seats that still have to act.
#[test]
fn ruling_07_waiting_for_only_seats_that_still_have_to_select() {
    let mut g = game0(None, HAND);
    assert_eq!(g.waiting_for(), vec![0, 1, 2]);
    ok(&mut g, 0, Action::Select { card: s("wheat") });
    let c = hand(&g, 1)[0].clone();
    ok(&mut g, 1, Action::Select { card: s(&c) });
    assert_eq!(g.waiting_for(), vec![2]);
}

/// Ruling 7: a card is used once; there is nothing to use before the reveal, and nothing can be
/// selected after the last turn.
#[test]
fn ruling_07_nothing_to_use_before_reveal_and_no_seventh_card() {
    let mut g = game0(None, HAND);
    assert_eq!(
        refused(&mut g, 0, Action::Market { food: 0 }),
        ActionError::NothingRevealed
    );
    assert_eq!(
        refused(&mut g, 0, build(0, 1)),
        ActionError::NothingRevealed
    );
    for _turn in 1..=5 {
        select_all(&mut g, &[]);
        market_all(&mut g);
    }
    // Turn 6: seats 1 and 2 play; seat 0 selects its last card but keeps it revealed.
    let ev = select_all(&mut g, &[]);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Revealed { turn: 6, .. }))
    );
    assert!(
        !ev.iter().any(|e| matches!(e, Event::HandsPassed { .. })),
        "no cards left to pass"
    );
    assert!(hand(&g, 0).is_empty());
    assert_eq!(g.phase(), &Phase::Action { turn: 7 });
    let e = refused(&mut g, 0, Action::Select { card: s("wheat") });
    assert!(matches!(e, ActionError::WrongPhase(_)), "{e:?}");
    assert_eq!(
        refused(&mut g, 0, Action::EndHarvest),
        ActionError::WrongPhase("the harvest has not started")
    );
}

// ------------------------------------------------------------------------------------- ruling 8

/// Ruling 8 A: "build that location" paying its coin cost; the card is not discarded.
#[test]
fn ruling_08_a_build_location_pays_its_cost() {
    let mut g = revealed(None, "wheat");
    let ev = ok(&mut g, 0, build(0, 1));
    assert!(ev.contains(&built0("wheat", 0, 1, [3, 0, 0])));
    assert_eq!(coins(&g, 0), 12);
    let c = cell(&g, 0, p(0, 1));
    assert!(c.face_up && matches!(c.card, CellCard::Location(_)));
    assert!(g.public_view().discard.is_empty());
    assert_eq!(g.state().players[0].revealed, None);
}

/// Ruling 8 A with a Water cost: Corn costs 3 coins and 1 Water from a tower in range.
#[test]
fn ruling_08_a_build_with_water_cost() {
    let mut g = revealed(None, "corn");
    let ev = ok(&mut g, 0, build(-1, 0));
    assert!(ev.contains(&built0("corn", -1, 0, [3, 1, 0])));
    assert_eq!((coins(&g, 0), water(&g, 0, p(0, 0))), (12, 2));
}

/// Ruling 8 B: "discard it and build a Water Tower (2 coins, arrives with 3 Water)".
#[test]
fn ruling_08_b_water_tower_costs_two_and_arrives_full() {
    let mut g = revealed(None, "wheat");
    let left = g.state().towers_left;
    let ev = ok(&mut g, 0, tower_with(0, 1, &[]));
    assert!(ev.contains(&Event::BuiltWaterTower {
        seat: 0,
        pos: p(0, 1),
        discarded: s("wheat"),
        paid: Delta {
            coins: 2,
            ..Delta::default()
        }
    }));
    assert_eq!(coins(&g, 0), 13);
    assert_eq!(water(&g, 0, p(0, 1)), 3);
    assert_eq!(g.state().towers_left, left - 1);
    assert_eq!(
        g.public_view().discard,
        vec![s("wheat")],
        "discards are public"
    );
}

/// Ruling 8 C: "discard it and build a Silo (free, arrives empty)".
#[test]
fn ruling_08_c_silo_is_free_and_arrives_empty() {
    let mut g = revealed(None, "corn");
    let left = g.state().silos_left;
    let ev = ok(&mut g, 0, silo_with(2, 0, &[]));
    assert!(ev.contains(&Event::BuiltSilo {
        seat: 0,
        pos: p(2, 0),
        discarded: s("corn")
    }));
    assert_eq!((coins(&g, 0), food(&g, 0)), (15, 1));
    assert_eq!(g.public_view().seats[0].food_capacity, 8);
    assert_eq!(g.state().silos_left, left - 1);
    assert_eq!(g.public_view().discard, vec![s("corn")]);
}

/// The market actions (ruling 8 D) offered to seat 0, one per amount of Food it may sell.
fn market_offers(g: &Game) -> Vec<Action> {
    g.legal_actions(0)
        .into_iter()
        .filter(|a| matches!(a, Action::Market { .. }))
        .collect()
}

/// Ruling 8 D: "discard it and go to market (2 coins, plus 2 coins per Food sold, up to 2 Food)".
#[test]
fn ruling_08_d_market_two_coins_plus_two_per_food() {
    let farm = grown(0, 3, 3, vec![]);
    let mut g = revealed(Some(farm), "wheat");
    assert_eq!(
        market_offers(&g),
        vec![
            Action::Market { food: 0 },
            Action::Market { food: 1 },
            Action::Market { food: 2 }
        ]
    );
    assert_eq!(
        refused(&mut g, 0, Action::Market { food: 3 }),
        ActionError::BadMarketFood
    );
    let ev = ok(&mut g, 0, Action::Market { food: 2 });
    assert!(ev.contains(&Event::WentToMarket {
        seat: 0,
        discarded: s("wheat"),
        food_sold: 2,
        coins: 6
    }));
    assert_eq!((coins(&g, 0), food(&g, 0)), (6, 1));

    market_all(&mut g);
    select_all(&mut g, &[]);
    assert_eq!(
        market_offers(&g),
        vec![Action::Market { food: 0 }, Action::Market { food: 1 }]
    );
    assert_eq!(
        refused(&mut g, 0, Action::Market { food: 2 }),
        ActionError::NotEnoughFood { need: 2, have: 1 }
    );
    ok(&mut g, 0, Action::Market { food: 1 });
    assert_eq!((coins(&g, 0), food(&g, 0)), (10, 0));

    market_all(&mut g);
    select_all(&mut g, &[]);
    ok(&mut g, 0, Action::Market { food: 0 });
    assert_eq!(coins(&g, 0), 12);
    market_all(&mut g);
    assert_eq!(
        g.public_view().discard.len(),
        9,
        "every market card is discarded face up"
    );
}

/// Ruling 8 E: "discard it and pay 1 coin to flip one Open Area of yours face up."
#[test]
fn ruling_08_e_restore_open_area_for_one_coin() {
    let farm = grown(1, 0, 3, vec![open(0, 1, "wheat")]);
    let mut g = revealed(Some(farm), "corn");
    assert!(
        g.legal_actions(0)
            .contains(&Action::Restore { pos: p(0, 1) })
    );
    assert_eq!(
        refused(&mut g, 0, Action::Restore { pos: p(1, 0) }),
        ActionError::NotOpenArea(Space::new(p(1, 0), "N26"))
    );
    assert_eq!(
        refused(&mut g, 0, Action::Restore { pos: p(5, 5) }),
        ActionError::NotOpenArea(Space::new(p(5, 5), "R31"))
    );
    let ev = ok(&mut g, 0, Action::Restore { pos: p(0, 1) });
    assert!(ev.contains(&Event::Restored {
        seat: 0,
        pos: p(0, 1),
        card: s("wheat"),
        discarded: s("corn")
    }));
    assert!(cell(&g, 0, p(0, 1)).face_up);
    assert_eq!(coins(&g, 0), 0);
    assert_eq!(g.public_view().discard, vec![s("corn")]);
}

/// Ruling 8: "An action that cannot be paid or has no legal target is not offered": Restore with
/// no coin, or with no Open Area.
#[test]
fn ruling_08_e_restore_not_offered_without_coin_or_open_area() {
    let farm = grown(0, 0, 3, vec![open(0, 1, "wheat")]);
    let mut g = revealed(Some(farm), "corn");
    assert!(!offers(&g, 0, |a| matches!(a, Action::Restore { .. })));
    assert_eq!(
        refused(&mut g, 0, Action::Restore { pos: p(0, 1) }),
        ActionError::NotEnoughCoins { need: 1, have: 0 }
    );
    let g = revealed(None, "corn");
    assert!(!offers(&g, 0, |a| matches!(a, Action::Restore { .. })));
}

/// Ruling 8: "An action that cannot be paid ... is not offered" and `apply` refuses it with a
/// typed error, leaving the game unchanged.
#[test]
fn ruling_08_unpayable_actions_not_offered_and_refused() {
    // 2 coins: Wheat (3) cannot be built; a Water Tower (2) can.
    let mut g = revealed(Some(grown(2, 0, 3, vec![])), "wheat");
    let legal = g.legal_actions(0);
    assert!(!legal.iter().any(|a| matches!(a, Action::Build { .. })));
    assert!(legal.iter().any(|a| matches!(a, Action::WaterTower { .. })));
    assert_eq!(
        refused(&mut g, 0, build(0, 1)),
        ActionError::NotEnoughCoins { need: 3, have: 2 }
    );

    // 1 coin: no Water Tower; the free Silo still is.
    let mut g = revealed(Some(grown(1, 0, 3, vec![])), "wheat");
    let legal = g.legal_actions(0);
    assert!(!legal.iter().any(|a| matches!(a, Action::WaterTower { .. })));
    assert!(legal.iter().any(|a| matches!(a, Action::Silo { .. })));
    assert_eq!(
        refused(&mut g, 0, tower_with(0, 1, &[])),
        ActionError::NotEnoughCoins { need: 2, have: 1 }
    );

    // Corn needs 1 Water; the only tower is dry.
    let mut g = revealed(Some(grown(9, 0, 0, vec![])), "corn");
    assert!(!offers(&g, 0, |a| matches!(a, Action::Build { .. })));
    assert_eq!(
        refused(&mut g, 0, build(0, 1)),
        ActionError::NotEnoughWater { need: 1, have: 0 }
    );
}

/// Ruling 8 (with ruling 1): "B) ... C) ... when none is left, that action is unavailable."
#[test]
fn ruling_08_b_c_unavailable_when_the_supply_runs_out() {
    // Seat 0 holds 18 Water Towers and 12 Silos; seats 1 and 2 hold the other 2 + 2.
    let mut g = supply_held(18, 12);
    assert_eq!((g.state().towers_left, g.state().silos_left), (0, 0));
    assert_eq!(
        (
            g.public_view().water_towers_left,
            g.public_view().silos_left
        ),
        (0, 0)
    );
    reveal0(&mut g, "wheat");
    let legal = g.legal_actions(0);
    assert!(
        !legal
            .iter()
            .any(|a| matches!(a, Action::WaterTower { .. } | Action::Silo { .. }))
    );
    assert!(legal.iter().any(|a| matches!(a, Action::Build { .. })));
    assert_eq!(
        refused(&mut g, 0, tower_with(0, 2, &[])),
        ActionError::NoWaterTowersLeft
    );
    assert_eq!(
        refused(&mut g, 0, silo_with(0, 2, &[])),
        ActionError::NoSilosLeft
    );
}

// ------------------------------------------------------------------------------------- ruling 9

/// Ruling 9: "Where two actions compete for a limited supply (the last Water Tower or Silo card
/// ...), the action submitted first is applied first."
#[test]
fn ruling_09_last_water_tower_and_silo_go_to_the_first_applied() {
    // Seat 0 holds 17 towers and 11 Silos: 1 of each is left.
    let mut g = supply_held(17, 11);
    assert_eq!((g.state().towers_left, g.state().silos_left), (1, 1));
    reveal0(&mut g, "wheat");
    for seat in 0..3 {
        assert!(offers(&g, seat, |a| matches!(a, Action::WaterTower { .. })));
    }
    // Seat 2 submits first and gets the last tower.
    ok(&mut g, 2, tower_with(0, 1, &[]));
    assert_eq!(g.state().towers_left, 0);
    assert_eq!(
        refused(&mut g, 0, tower_with(0, 2, &[])),
        ActionError::NoWaterTowersLeft
    );
    assert!(!offers(&g, 1, |a| matches!(a, Action::WaterTower { .. })));
    // Seat 1 takes the last Silo; seat 0 is too late.
    ok(&mut g, 1, silo_with(0, 1, &[]));
    assert_eq!(
        refused(&mut g, 0, silo_with(0, 2, &[])),
        ActionError::NoSilosLeft
    );
    ok(&mut g, 0, Action::Market { food: 0 });
}

/// Ruling 9: "... the order of Equipment draws ...: the action submitted first is applied first."
#[test]
fn ruling_09_equipment_draws_in_the_order_submitted() {
    let hand1: &[&str] = &[
        "barley",
        "tomatoes",
        "cows",
        "goats",
        "tool_shed",
        "brewery",
    ];
    let mut st = preset_setup(3, vec![]);
    set_hands(&mut st, &[HAND, hand1]);
    st.equipment = ["harrow", "hoses", "sacks", "fences", "feeder", "fertilizer"]
        .iter()
        .map(|t| s(t))
        .collect();
    let mut g = Game::with_setup(deck(), st).unwrap();
    draw_all(&mut g, &[HAND, hand1]);
    select_all(&mut g, &[Some("tool_shed"), Some("tool_shed")]);
    // Seat 1 submits first.
    let ev = ok(&mut g, 1, build(0, 1));
    assert!(ev.contains(&Event::EquipmentDrawn { seat: 1, count: 3 }));
    assert_eq!(
        g.player_view(1).offer,
        vec![s("harrow"), s("hoses"), s("sacks")]
    );
    ok(&mut g, 0, build(0, 1));
    assert_eq!(
        g.player_view(0).offer,
        vec![s("fences"), s("feeder"), s("fertilizer")]
    );
    // Offers are private: only the count is public.
    assert_eq!(g.public_view().seats[1].equipment_offer, 3);
    assert!(
        !serde_json::to_string(&g.player_view(0))
            .unwrap()
            .contains("\"harrow\"")
    );
}

/// The seats, in order, of the events `seat_of` picks out of the start of a 3-player game with
/// `first_player` first and the setup otherwise changed by `change` (ruling 9's turn order).
fn seats_in_start(
    first_player: u8,
    change: impl FnOnce(&mut Setup),
    seat_of: impl Fn(&Event) -> Option<usize>,
) -> Vec<usize> {
    let mut st = setup(3);
    st.options.first_player = first_player;
    change(&mut st);
    let (_, events) = Game::start(deck(), st).unwrap();
    events.iter().filter_map(seat_of).collect()
}

/// Ruling 9: "Effects that happen to all players at once (upkeep ...) run in turn order starting
/// with the first player": income is paid seat 1, 2, 0 when seat 1 holds the tile.
#[test]
fn ruling_09_upkeep_runs_in_turn_order() {
    let income = seats_in_start(
        1,
        |st| st.start_year = 2,
        |e| match e {
            Event::Income { seat, .. } => Some(*seat),
            _ => None,
        },
    );
    assert_eq!(income, vec![1, 2, 0]);
}

/// Ruling 9: "... (upkeep, harvest bookkeeping) run in turn order starting with the first
/// player": seats that finish their harvest by themselves are finished in turn order.
#[test]
fn ruling_09_harvest_bookkeeping_runs_in_turn_order() {
    let finished = seats_in_start(
        2,
        |st| st.start_phase = farmhand_games::fields_of_green::game::StartPhase::Harvest,
        |e| match e {
            Event::HarvestFinished { seat } => Some(*seat),
            _ => None,
        },
    );
    assert_eq!(finished, vec![2, 0, 1]);
}

// ------------------------------------------------------------------------------------- ruling 10

/// Ruling 10: "A new card ... goes on an empty space orthogonally adjacent to a card already in
/// the farm. The farm has no fixed size."
#[test]
fn ruling_10_build_only_on_empty_orthogonally_adjacent_spaces() {
    let mut g = revealed(None, "wheat");
    let want = sorted(vec![
        p(0, -1),
        p(1, -1),
        p(-1, 0),
        p(2, 0),
        p(0, 1),
        p(1, 1),
    ]);
    assert_eq!(build_positions(&g, 0), want);
    // Squares are named for the whole game (issue 43): the tower's M26 is (0,0).
    for (bad, label) in [
        (p(2, 1), "O27"),
        (p(-1, -1), "L25"),
        (p(2, -1), "O25"),
        (p(-1, 1), "L27"),
    ] {
        assert_eq!(
            refused(&mut g, 0, build(bad.x, bad.y)),
            ActionError::NotBuildable(Space::new(bad, label)),
            "diagonal {bad:?}"
        );
    }
    assert_eq!(
        refused(&mut g, 0, build(1, 0)),
        ActionError::NotBuildable(Space::new(p(1, 0), "N26")),
        "occupied"
    );
    assert_eq!(
        refused(&mut g, 0, build(5, 5)),
        ActionError::NotBuildable(Space::new(p(5, 5), "R31")),
        "detached: off the grid drawn, still named"
    );
    assert_eq!(
        refused(&mut g, 0, tower_with(2, 1, &[])),
        ActionError::NotBuildable(Space::new(p(2, 1), "O27"))
    );
    assert_eq!(
        refused(&mut g, 0, silo_with(0, 0, &[])),
        ActionError::NotBuildable(Space::new(p(0, 0), "M26"))
    );
    // Negative coordinates are fine: the farm grows in every direction.
    ok(&mut g, 0, build(-1, 0));
    market_all(&mut g);
    select_all(&mut g, &[]);
    let towers: Vec<Pos> = g
        .legal_actions(0)
        .into_iter()
        .filter_map(|a| {
            if let Action::WaterTower { pos, .. } = a {
                Some(pos)
            } else {
                None
            }
        })
        .collect();
    assert!(
        towers.contains(&p(-2, 0)) && towers.contains(&p(-1, -1)) && towers.contains(&p(-1, 1))
    );
}

// ------------------------------------------------------------------------------------- ruling 11

/// Ruling 11: "Distance is counted orthogonally, stepping only through cards already in the
/// farm": the space (2,0) is 2 from the tower on the grid, but 4 through the farm's cards.
#[test]
fn ruling_11_water_range_counted_through_cards() {
    // T . x      T = tower (0,0), x = target (2,0), (1,0) is empty
    // S C C      S = Silo, C = Crop Circles
    let farm = seat(
        20,
        0,
        vec![
            tower(0, 0, 3),
            silo(0, 1),
            card(1, 1, "crop_circles"),
            card(2, 1, "crop_circles"),
        ],
    );
    let mut g = revealed(Some(farm), "corn");
    assert_eq!(
        refused(&mut g, 0, build(2, 0)),
        ActionError::NotEnoughWater { need: 1, have: 0 }
    );
    // Exactly the spaces within 2 of the tower, counted through cards, are offered.
    assert_eq!(
        build_positions(&g, 0),
        sorted(vec![p(0, -1), p(1, 0), p(-1, 0), p(-1, 1), p(0, 2)])
    );
    ok(&mut g, 0, build(0, 2));
    assert_eq!(water(&g, 0, p(0, 0)), 2);
}

/// Ruling 11: "Open Areas are cards: they count for adjacency and carry distance."
#[test]
fn ruling_11_open_areas_carry_distance_and_adjacency() {
    let farm = seat(20, 0, vec![tower(0, 0, 3), silo(0, 1), open(1, 0, "wheat")]);
    let mut g = revealed(Some(farm), "corn");
    // (2,0) touches only the Open Area, and the tower is 2 away through it.
    let ev = ok(&mut g, 0, build(2, 0));
    assert!(ev.contains(&built0("corn", 2, 0, [3, 1, 0])));
    assert_eq!(water(&g, 0, p(0, 0)), 2);
}

/// Ruling 11: range is "2, plus Equipment": Hoses (+1) let a tower pay 3 away.
#[test]
fn ruling_11_hoses_extend_range() {
    let cells = |tiles: &[&str]| {
        vec![
            with_eq(tower(0, 0, 3), tiles),
            silo(0, 1),
            card(1, 0, "crop_circles"),
            card(2, 0, "crop_circles"),
        ]
    };
    let mut g = revealed(Some(seat(20, 0, cells(&[]))), "corn");
    assert_eq!(
        refused(&mut g, 0, build(3, 0)),
        ActionError::NotEnoughWater { need: 1, have: 0 }
    );
    assert!(!build_positions(&g, 0).contains(&p(3, 0)));

    let mut g = revealed(Some(seat(20, 0, cells(&["hoses"]))), "corn");
    assert!(build_positions(&g, 0).contains(&p(3, 0)));
    ok(&mut g, 0, build(3, 0));
    assert_eq!(water(&g, 0, p(0, 0)), 2);
}

/// Ruling 11 with an Ongoing location: the Irrigation Canal gives towers within 2 +1 range, but
/// only while it is face up (ruling 13).
#[test]
fn ruling_11_irrigation_canal_extends_range_while_face_up() {
    let cells = |canal_up: bool| {
        let canal = if canal_up {
            card(1, 0, "irrigation_canal")
        } else {
            open(1, 0, "irrigation_canal")
        };
        vec![
            tower(0, 0, 3),
            silo(0, 1),
            canal,
            card(2, 0, "crop_circles"),
        ]
    };
    let mut g = revealed(Some(seat(20, 0, cells(true))), "corn");
    ok(&mut g, 0, build(3, 0));
    let mut g = revealed(Some(seat(20, 0, cells(false))), "corn");
    assert_eq!(
        refused(&mut g, 0, build(3, 0)),
        ActionError::NotEnoughWater { need: 1, have: 0 }
    );
}

/// Ruling 11's row `T1 S T2 C C T3` (C = Crop Circles) with 20 coins: the space (1,1) under the
/// Silo is 2 from T1 and T2, which hold `near` Water, and 5 from T3, which holds 3.
fn three_towers(near: u8) -> PresetSeat {
    seat(
        20,
        0,
        vec![
            tower(0, 0, near),
            silo(1, 0),
            tower(2, 0, near),
            card(3, 0, "crop_circles"),
            card(4, 0, "crop_circles"),
            tower(5, 0, 3),
        ],
    )
}

/// Ruling 11: "A Water Tower's Water may pay for a build on a space within its range": the player
/// may name the tower; a tower out of range, a card that is not a tower, or the wrong number of
/// Water is refused.
#[test]
fn ruling_11_explicit_water_payment_choice() {
    let farm = three_towers(3);
    let mut g = revealed(Some(farm), "corn");
    let pay = |towers: Vec<Pos>| Action::Build {
        pos: p(1, 1),
        water: towers,
        extra: 0,
        equipment: vec![],
    };
    for bad in [
        vec![p(5, 0)],
        vec![p(1, 0)],
        vec![p(0, 0), p(2, 0)],
        vec![p(9, 9)],
    ] {
        let e = refused(&mut g, 0, pay(bad.clone()));
        assert!(
            matches!(e, ActionError::BadWaterPayment(_)),
            "{bad:?}: {e:?}"
        );
    }
    let ev = ok(&mut g, 0, pay(vec![p(2, 0)]));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Built { paid, .. } if paid.water == 1))
    );
    assert_eq!(
        (
            water(&g, 0, p(0, 0)),
            water(&g, 0, p(2, 0)),
            water(&g, 0, p(5, 0))
        ),
        (3, 2, 3)
    );
}

/// Ruling 11: only Water in range counts; a far tower's Water cannot help.
#[test]
fn ruling_11_water_out_of_range_does_not_count() {
    let farm = three_towers(0);
    let mut g = revealed(Some(farm), "corn");
    assert_eq!(
        refused(&mut g, 0, build(1, 1)),
        ActionError::NotEnoughWater { need: 1, have: 0 }
    );
    // Right next to the far tower it works.
    ok(&mut g, 0, build(5, 1));
    assert_eq!(water(&g, 0, p(5, 0)), 2);
}

// ------------------------------------------------------------------------------------- ruling 12

/// Ruling 12: "Food may be paid from any Silo; ... the farm's Food is one pool with a capacity."
/// Two Silos far apart hold 8 together; the Sheep far from both are fed from the pool; a gain
/// beyond the pooled capacity is lost.
#[test]
fn ruling_12_food_is_one_pool_from_any_silo() {
    let farm = grown(
        0,
        7,
        3,
        vec![
            card(0, 1, "wheat"),
            card(2, 0, "crop_circles"),
            card(3, 0, "well"),
            card(4, 0, "fuel_depot"),
            card(5, 0, "sheep"),
            card(6, 0, "windmill"),
            card(7, 0, "tool_shed"),
            silo(8, 0),
        ],
    );
    // Year 4, so that the state after the last harvest is final (no income follows).
    let mut g = harvest_game(3, 4, vec![farm]);
    assert_eq!(g.public_view().seats[0].food_capacity, 8);
    let ev = ok(&mut g, 0, harvest(0, 1));
    assert!(ev.contains(&food_gained(0, p(0, 1), 1, 1)));
    assert_eq!(food(&g, 0), 8, "4 + 4 across two Silos");
    ok(&mut g, 0, harvest(5, 0));
    assert!(g.is_over());
    assert_eq!((food(&g, 0), coins(&g, 0)), (6, 3));
}

/// Ruling 12 with ruling 3: income Food goes into any Silo with room.
#[test]
fn ruling_12_income_food_fills_the_pool() {
    let mut st = preset_setup(3, vec![grown(0, 7, 3, vec![silo(2, 0)])]);
    st.start_year = 2;
    let (g, events) = Game::start(deck(), st).unwrap();
    assert!(events.contains(&Event::Income {
        seat: 0,
        coins: 3,
        water: 0,
        food: 1,
        water_lost: 2,
        food_lost: 0
    }));
    assert_eq!(food(&g, 0), 8);
}

// ------------------------------------------------------------------------------------- ruling 13

/// Ruling 13: "A location with an Immediate ability applies it on being built": Potatoes give 2
/// Food, and an Equipment only when built next to a Silo.
#[test]
fn ruling_13_immediate_applies_on_build() {
    let mut g = revealed(None, "potatoes");
    let ev = ok(&mut g, 0, build(0, 1));
    assert!(ev.contains(&food_gained(0, p(0, 1), 2, 0)));
    assert!(
        !ev.iter().any(|e| matches!(e, Event::EquipmentDrawn { .. })),
        "(0,1) is diagonal to the Silo"
    );
    assert_eq!(food(&g, 0), 3);

    let mut g = revealed(None, "potatoes");
    let ev = ok(&mut g, 0, build(1, 1));
    assert!(ev.contains(&Event::EquipmentDrawn { seat: 0, count: 3 }));
    assert_eq!(food(&g, 0), 3);
}

/// Ruling 13: "Harvest abilities apply in the Harvest phase": building Wheat gives nothing, and a
/// Harvest action is refused outside the harvest.
#[test]
fn ruling_13_harvest_ability_only_at_harvest() {
    let mut g = revealed(None, "wheat");
    let ev = ok(&mut g, 0, build(0, 1));
    assert!(!ev.iter().any(|e| matches!(e, Event::Gained { .. })));
    assert_eq!((food(&g, 0), water(&g, 0, p(0, 0))), (1, 3));
    assert!(matches!(
        refused(&mut g, 0, harvest(0, 1)),
        ActionError::WrongPhase(_)
    ));
}

/// Ruling 13: "Game End abilities at scoring": building a Market gives nothing; it scores only on
/// the final pad.
#[test]
fn ruling_13_game_end_ability_only_at_scoring() {
    let mut g = revealed(None, "market");
    let ev = ok(&mut g, 0, build(0, 1));
    assert!(!ev.iter().any(|e| matches!(e, Event::Gained { .. })));
    assert_eq!(g.state().players[0].vp_tokens, 0);
    assert!(g.scores().is_none());

    // At the end of year 4 the Market scores 1 VP per 3 coins (max 5).
    let farm = grown(15, 0, 3, vec![card(0, 1, "market")]);
    let (g, events) = harvest_start(3, 4, vec![farm]);
    assert!(g.is_over());
    assert!(events.iter().any(|e| matches!(e, Event::GameEnded { .. })));
    let pad = &g.scores().unwrap()[0];
    assert_eq!(pad.game_end.len(), 1);
    assert_eq!(
        (pad.game_end[0].card.as_str(), pad.game_end[0].vp),
        ("market", 5)
    );
    assert_eq!(pad.tokens, 0);
}

/// Ruling 13: "Ongoing effects ... apply while the card is face up": a Storehouse next to a Silo
/// adds 2 capacity; as an Open Area it adds nothing.
#[test]
fn ruling_13_ongoing_only_while_face_up() {
    for (storehouse, capacity, face) in [
        (card(1, 1, "storehouse"), 6, "face up"),
        (open(1, 1, "storehouse"), 4, "an Open Area"),
    ] {
        let g = harvest_game(
            3,
            1,
            vec![grown(0, 0, 3, vec![storehouse, card(0, 1, "wheat")])],
        );
        assert_eq!(
            g.public_view().seats[0].food_capacity,
            capacity,
            "Storehouse {face}"
        );
    }

    // An Animal Pen pays 2 coins when an adjacent Livestock is harvested, only face up (the
    // deck's balance pass, issue 5, raised its bonus from 1 coin to 2).
    for (pen_up, want) in [(true, 5), (false, 3)] {
        let pen = if pen_up {
            card(1, 1, "animal_pen")
        } else {
            open(1, 1, "animal_pen")
        };
        let farm = grown(0, 2, 3, vec![pen, card(0, 1, "sheep"), card(0, 2, "wheat")]);
        let mut g = harvest_game(3, 1, vec![farm]);
        ok(&mut g, 0, harvest(0, 1));
        // Sheep: 3 coins + 1 per other Dairy within 2 (none) = 3; Wheat is no Dairy.
        assert_eq!(coins(&g, 0), want, "pen face up: {pen_up}");
    }
}

/// Ruling 13 with ruling 8 A: an Immediate ability with optional repeats (Windmill: "up to 3
/// times: pay 1 Food, gain 3 coins") is paid and applied as the card is built, and the legal
/// builds offer only the repeats that can be paid.
#[test]
fn ruling_13_immediate_optional_repeats_paid_on_build() {
    let hand: &[&str] = &["wheat", "corn", "sheep", "windmill", "tool_shed", "market"];
    let mut g = game0(Some(grown(10, 2, 3, vec![])), hand);
    reveal0(&mut g, "windmill");
    let extras: Vec<u8> = g
        .legal_actions(0)
        .into_iter()
        .filter_map(|a| match a {
            Action::Build { pos, extra, .. } if pos == p(0, 1) => Some(extra),
            _ => None,
        })
        .collect();
    assert_eq!(extras, vec![0, 1, 2], "2 Food: at most 2 repeats");
    let three = Action::Build {
        pos: p(0, 1),
        water: vec![],
        extra: 3,
        equipment: vec![],
    };
    assert_eq!(
        refused(&mut g, 0, three),
        ActionError::NotEnoughFood { need: 3, have: 2 }
    );
    let four = Action::Build {
        pos: p(0, 1),
        water: vec![],
        extra: 4,
        equipment: vec![],
    };
    assert_eq!(refused(&mut g, 0, four), ActionError::TooManyRepeats(3));
    let ev = ok(
        &mut g,
        0,
        Action::Build {
            pos: p(0, 1),
            water: vec![],
            extra: 2,
            equipment: vec![],
        },
    );
    assert!(ev.contains(&built0("windmill", 0, 1, [3, 0, 2])));
    assert_eq!((coins(&g, 0), food(&g, 0)), (10 - 3 + 6, 0));
}

/// Ruling 13 with ruling 8 E: an Immediate ability applies "on being built"; restoring an Open
/// Area is not building it, so restored Potatoes give no Food and no Equipment.
#[test]
fn ruling_13_restore_does_not_apply_immediate_again() {
    let farm = grown(3, 0, 3, vec![open(1, 1, "potatoes")]);
    let mut g = revealed(Some(farm), "wheat");
    let ev = ok(&mut g, 0, Action::Restore { pos: p(1, 1) });
    assert!(
        !ev.iter()
            .any(|e| matches!(e, Event::Gained { .. } | Event::EquipmentDrawn { .. })),
        "{ev:?}"
    );
    assert_eq!((coins(&g, 0), food(&g, 0)), (2, 0));
    assert!(cell(&g, 0, p(1, 1)).face_up);
}
