//! Rules tests (issue #2), setup and upkeep: rulings 1-6, 20 and 21 of
//! `src/games/fields_of_green/RULES.md`.

use crate::common;

use common::*;
use farmhand_games::fields_of_green::event::{Direction, Event};
use farmhand_games::fields_of_green::farm::CellCard;
use farmhand_games::fields_of_green::game::{PresetSeat, Setup, SetupError, StartPhase};
use farmhand_games::fields_of_green::{Action, ActionError, Game, Options, Phase, Pos};

/// A 3-player game started in `year` (its income paid) with seat 0 on `farm`.
fn start_in_year(year: u8, farm: PresetSeat) -> (Game, Vec<Event>) {
    let mut st = preset_setup(3, vec![farm]);
    st.start_year = year;
    Game::start(deck(), st).unwrap()
}

/// Ruling 3's income event for `seat`: the coins, Water and Food `gained`, and the Water and
/// Food `lost` (what did not fit).
fn income(seat: usize, gained: [u32; 3], lost: [u32; 2]) -> Event {
    Event::Income {
        seat,
        coins: gained[0],
        water: gained[1],
        food: gained[2],
        water_lost: lost[0],
        food_lost: lost[1],
    }
}

/// Ruling 3's choice of the towers that take the income's Water, one tower per Water.
fn place_water(towers: Vec<Pos>) -> Action {
    Action::PlaceWater { towers }
}

// ------------------------------------------------------------------------------------- ruling 1

/// Ruling 1: "Each player starts with 15 coins, one Water Tower holding 3 Water and one Silo
/// holding 1 Food, placed orthogonally adjacent to each other."
#[test]
fn ruling_01_standard_start() {
    for players in 2..=6u8 {
        let g = Game::new(deck(), opts(players), 1).unwrap();
        for seat in 0..players as usize {
            let ps = &g.state().players[seat];
            assert_eq!(ps.coins, 15);
            assert_eq!(ps.food, 1);
            assert_eq!(ps.vp_tokens, 0);
            assert_eq!(ps.farm.cells.len(), 2);
            let t = ps.farm.at(p(0, 0)).unwrap();
            let si = ps.farm.at(p(1, 0)).unwrap();
            assert_eq!(
                (t.card, t.water, t.face_up),
                (CellCard::WaterTower, 3, true)
            );
            assert_eq!((si.card, si.water), (CellCard::Silo, 0));
            assert!(t.pos.is_adjacent(si.pos));
            let view = &g.public_view().seats[seat];
            assert_eq!(view.food_capacity, 4, "a Silo holds 4 Food (ruling 3)");
            assert_eq!(
                view.farm.at(p(0, 0)).unwrap().capacity,
                3,
                "a tower holds 3 Water"
            );
        }
    }
}

/// Ruling 1: "Water Tower cards (20) and Silo cards (14) are limited" (the starting ones come out of
/// that supply).
#[test]
fn ruling_01_tower_and_silo_cards_are_limited_20_and_14() {
    let d = deck();
    assert_eq!((d.supply.water_towers, d.supply.silos), (20, 14));
    let g = Game::new(deck(), opts(4), 1).unwrap();
    assert_eq!((g.state().towers_left, g.state().silos_left), (16, 10));
    let v = g.public_view();
    assert_eq!((v.water_towers_left, v.silos_left), (16, 10));
}

// ------------------------------------------------------------------------------------- ruling 2

/// Ruling 2: "Four location piles (Field, Livestock, Construction, Building), shuffled, face down.
/// Pile sizes are public. Equipment tiles are shuffled face down."
#[test]
fn ruling_02_four_shuffled_piles_sizes_public() {
    let a = Game::new(deck(), opts(3), 1).unwrap();
    let b = Game::new(deck(), opts(3), 2).unwrap();
    assert_eq!(a.public_view().piles, [33, 33, 33, 33]);
    assert_eq!(a.public_view().equipment_left, 30);
    for k in 0..4 {
        assert_eq!(a.state().piles[k].len(), 33);
        let mut sorted = a.state().piles[k].clone();
        sorted.sort_unstable();
        assert_ne!(a.state().piles[k], sorted, "pile {k} is not shuffled");
        assert_ne!(
            a.state().piles[k],
            b.state().piles[k],
            "pile {k}: two seeds, same order"
        );
    }
    assert_ne!(
        a.state().equipment,
        b.state().equipment,
        "Equipment stack not shuffled"
    );
    // Same seed, same order (one seed drives every shuffle).
    let a2 = Game::new(deck(), opts(3), 1).unwrap();
    assert_eq!(a.state().piles, a2.state().piles);

    // Sizes are public after a draw; the order is never in a view.
    let mut g = a.clone();
    ok(&mut g, 0, draw([3, 2, 1, 0]));
    assert_eq!(g.public_view().piles, [30, 31, 32, 33]);
    let json = serde_json::to_value(g.player_view(1)).unwrap();
    assert!(
        json["table"]["piles"]
            .as_array()
            .unwrap()
            .iter()
            .all(|n| n.is_u64())
    );
}

// ------------------------------------------------------------------------------------- ruling 3

/// Ruling 3: "Income (years 2-4 only)": nothing in year 1.
#[test]
fn ruling_03_no_income_in_year_1() {
    let (g, events) = Game::start(deck(), setup(3)).unwrap();
    assert!(!events.iter().any(|e| matches!(e, Event::Income { .. })));
    assert!(
        g.state()
            .players
            .iter()
            .all(|ps| ps.coins == 15 && ps.food == 1)
    );
}

/// Ruling 3: "Income (years 2-4 only): 3 coins, 2 Water, 1 Food." The starting tower is full, so
/// its 2 Water are lost.
#[test]
fn ruling_03_income_from_year_2_full_tower_loses_water() {
    for year in 2..=4u8 {
        let mut st = setup(3);
        st.start_year = year;
        let (g, events) = Game::start(deck(), st).unwrap();
        for seat in 0..3 {
            assert!(events.contains(&income(seat, [3, 0, 1], [2, 0])));
            assert_eq!(
                (coins(&g, seat), food(&g, seat), water(&g, seat, p(0, 0))),
                (18, 2, 3)
            );
        }
    }
}

/// Ruling 3: "Water goes onto Water Towers with room (max 3 each ...). What does not fit is lost."
#[test]
fn ruling_03_water_only_onto_towers_with_room_overflow_lost() {
    let (g, events) = start_in_year(2, grown(0, 0, 2, vec![]));
    assert!(events.contains(&income(0, [3, 1, 1], [1, 0])));
    assert_eq!(water(&g, 0, p(0, 0)), 3);
    assert_eq!(g.state().players[0].pending_water, 0);
}

/// Ruling 3: "max 3 each, unless an Equipment says otherwise": an Extra Tank tower holds 5.
#[test]
fn ruling_03_equipment_raises_tower_capacity() {
    let (g, events) = start_in_year(
        2,
        seat(
            0,
            0,
            vec![with_eq(tower(0, 0, 3), &["extra_tank"]), silo(1, 0)],
        ),
    );
    assert!(events.contains(&income(0, [3, 2, 1], [0, 0])));
    assert_eq!(water(&g, 0, p(0, 0)), 5);
}

/// Ruling 3: "The player chooses which towers receive the Water": asked only when the choice
/// matters (two towers with room for more than the income).
#[test]
fn ruling_03_place_water_required_when_choice_matters() {
    let farm = vec![tower(0, 0, 0), silo(1, 0), tower(2, 0, 1)];
    let (mut g, events) = start_in_year(2, seat(0, 0, farm));
    assert!(events.contains(&income(0, [3, 0, 1], [0, 0])));
    assert!(events.contains(&Event::WaterToPlace { seat: 0, water: 2 }));
    assert_eq!(g.state().players[0].pending_water, 2);
    assert_eq!(g.public_view().seats[0].pending_water, 2);
    // Every placement is offered: (0,0)x2, (0,0)+(2,0), (2,0)x2.
    let mut placements: Vec<Action> = g
        .legal_actions(0)
        .into_iter()
        .filter(|a| matches!(a, Action::PlaceWater { .. }))
        .collect();
    placements.sort_by_key(|a| format!("{a:?}"));
    let mut want = vec![
        place_water(vec![p(0, 0), p(0, 0)]),
        place_water(vec![p(0, 0), p(2, 0)]),
        place_water(vec![p(2, 0), p(2, 0)]),
    ];
    want.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(placements, want);

    // Everyone draws; the draft still waits for the Water.
    draw_all(&mut g, &[]);
    assert!(matches!(g.phase(), Phase::Upkeep { .. }));
    assert_eq!(g.waiting_for(), vec![0]);

    // Bad placements are refused with the typed error.
    assert!(matches!(
        refused(&mut g, 0, place_water(vec![p(0, 0)])),
        ActionError::BadWaterPlacement(_)
    ));
    assert!(matches!(
        refused(&mut g, 0, place_water(vec![p(1, 0), p(0, 0)])),
        ActionError::BadWaterPlacement(_)
    ));
    assert!(matches!(
        refused(&mut g, 1, place_water(vec![p(0, 0), p(0, 0)])),
        ActionError::NoWaterToPlace
    ));

    let ev = ok(&mut g, 0, place_water(vec![p(2, 0), p(0, 0)]));
    assert!(ev.contains(&Event::WaterPlaced {
        seat: 0,
        towers: vec![p(2, 0), p(0, 0)]
    }));
    assert_eq!((water(&g, 0, p(0, 0)), water(&g, 0, p(2, 0))), (1, 2));
    assert_eq!(g.phase(), &Phase::Action { turn: 1 });
}

/// Ruling 3: a tower cannot take Water beyond its room, even when the player chooses.
#[test]
fn ruling_03_place_water_full_tower_refused() {
    let farm = vec![tower(0, 0, 2), silo(1, 0), tower(2, 0, 0)];
    let mut st = preset_setup(3, vec![seat(0, 0, farm)]);
    st.start_year = 2;
    let mut g = Game::with_setup(deck(), st).unwrap();
    assert_eq!(g.state().players[0].pending_water, 2);
    let e = refused(&mut g, 0, place_water(vec![p(0, 0), p(0, 0)]));
    assert!(matches!(e, ActionError::BadWaterPlacement(_)), "{e:?}");
    ok(&mut g, 0, place_water(vec![p(0, 0), p(2, 0)]));
    assert_eq!((water(&g, 0, p(0, 0)), water(&g, 0, p(2, 0))), (3, 1));
}

/// Ruling 3: when only one placement is possible the engine places the Water itself: two towers
/// with room 1 each, or only one tower with room.
#[test]
fn ruling_03_place_water_automatic_when_no_choice() {
    // (Water on the two towers before, after): room 1 + 1, both towers get one; only one tower
    // with room, it gets both.
    for (before, after) in [((2, 2), (3, 3)), ((3, 0), (3, 2))] {
        let farm = vec![tower(0, 0, before.0), silo(1, 0), tower(2, 0, before.1)];
        let (g, events) = start_in_year(3, seat(0, 0, farm));
        let placed = |e: &Event| matches!(e, Event::WaterToPlace { .. });
        assert!(!events.iter().any(placed), "{before:?}");
        assert!(events.contains(&income(0, [3, 2, 1], [0, 0])), "{before:?}");
        let waters = (water(&g, 0, p(0, 0)), water(&g, 0, p(2, 0)));
        assert_eq!(waters, after, "{before:?}");
        let place = |a: &Action| matches!(a, Action::PlaceWater { .. });
        assert!(!g.legal_actions(0).iter().any(place), "{before:?}");
    }
}

/// Ruling 3: "Food onto Silos (max 4 each). What does not fit is lost."
#[test]
fn ruling_03_food_overflow_lost() {
    let (g, events) = start_in_year(2, grown(5, 4, 3, vec![]));
    assert!(events.contains(&income(0, [3, 0, 0], [2, 1])));
    assert_eq!((coins(&g, 0), food(&g, 0)), (8, 4));
}

// ------------------------------------------------------------------------------------- ruling 4

/// Ruling 4: "6 in total, from at least 3 different piles".
#[test]
fn ruling_04_split_six_cards_from_at_least_three_piles() {
    let mut g = Game::new(deck(), opts(3), 1).unwrap();
    for bad in [
        [6, 0, 0, 0],
        [3, 3, 0, 0],
        [0, 4, 0, 2],
        [2, 2, 1, 0],
        [2, 2, 2, 1],
    ] {
        let e = refused(&mut g, 0, draw(bad));
        assert!(matches!(e, ActionError::BadSplit(_)), "{bad:?}: {e:?}");
    }
    let splits: Vec<[u8; 4]> = g
        .legal_actions(0)
        .into_iter()
        .filter_map(|a| {
            if let Action::Draw { split } = a {
                Some(split)
            } else {
                None
            }
        })
        .collect();
    // Compositions of 6 into 4 parts (84) minus those using 1 pile (4) or 2 piles (6 x 5).
    assert_eq!(splits.len(), 50);
    assert!(
        splits
            .iter()
            .all(|s| s.iter().sum::<u8>() == 6 && s.iter().filter(|&&c| c > 0).count() >= 3)
    );
    for good in [[3, 2, 1, 0], [2, 1, 1, 2], [1, 4, 0, 1]] {
        assert!(splits.contains(&good), "the rulebook's example {good:?}");
    }
    ok(&mut g, 0, draw([1, 4, 0, 1]));
    assert_eq!(g.player_view(0).hand.len(), 6);
}

/// Ruling 4: "starting with the first player and going clockwise, each player names how many
/// cards to take".
#[test]
fn ruling_04_draw_in_turn_order_from_first_player() {
    let mut st = setup(4);
    st.options.first_player = 2;
    let mut g = Game::with_setup(deck(), st).unwrap();
    assert_eq!(g.turn_order(), vec![2, 3, 0, 1]);
    assert_eq!(g.waiting_for(), vec![2]);
    for seat in [0, 1, 3] {
        assert!(g.legal_actions(seat).is_empty());
        let e = refused(&mut g, seat, draw([3, 2, 1, 0]));
        assert!(matches!(e, ActionError::NotYourTurn(_)), "{e:?}");
    }
    let mut drawn = Vec::new();
    for seat in [2, 3, 0, 1] {
        assert_eq!(g.waiting_for(), vec![seat]);
        for ev in ok(&mut g, seat, draw([3, 2, 1, 0])) {
            if let Event::Drew { seat, .. } = ev {
                drawn.push(seat);
            }
        }
    }
    assert_eq!(drawn, vec![2, 3, 0, 1]);
    assert_eq!(
        refused(&mut g, 2, draw([3, 2, 1, 0])),
        ActionError::WrongPhase("cards are drawn in the upkeep")
    );
}

/// Ruling 4: "all taken at once": the cards are the top cards of each pile; drawing twice is
/// refused.
#[test]
fn ruling_04_draw_takes_top_cards_at_once() {
    let mut st = setup(3);
    set_hands(
        &mut st,
        &[&["wheat", "corn", "sheep", "pigs", "well", "market"]],
    );
    let mut g = Game::with_setup(deck(), st).unwrap();
    ok(&mut g, 0, draw([2, 2, 1, 1]));
    let mut h = hand(&g, 0);
    h.sort();
    assert_eq!(h, vec!["corn", "market", "pigs", "sheep", "well", "wheat"]);
    let e = refused(&mut g, 0, draw([2, 2, 1, 1]));
    assert_eq!(e, ActionError::AlreadyDrawn);
}

/// Ruling 4: "Each split is public and visible to the players after." The hand itself is not.
#[test]
fn ruling_04_splits_public_in_events_and_views() {
    let mut g = Game::new(deck(), opts(3), 1).unwrap();
    let ev = ok(&mut g, 0, draw([1, 2, 1, 2]));
    assert!(ev.contains(&drew(0, [1, 2, 1, 2])));
    let v = g.player_view(1);
    assert_eq!(v.table.seats[0].split, Some([1, 2, 1, 2]));
    assert_eq!(v.table.seats[0].hand_size, 6);
    assert!(v.hand.is_empty(), "seat 1 sees none of seat 0's cards");
    assert_eq!(g.public_view().seats[1].split, None);
    // The events carry no card names (the hand is private).
    let json = serde_json::to_string(&ev).unwrap();
    for id in hand(&g, 0) {
        assert!(!json.contains(&format!("\"{id}\"")), "event leaks {id}");
    }
}

/// Ruling 4: "A player may not ask a pile for more cards than it holds."
#[test]
fn ruling_04_not_more_than_a_pile_holds() {
    // Seat 1's farm holds 31 of the 33 Buildings: 2 are left.
    let buildings = all_of_pile(3);
    let names: Vec<&str> = buildings.iter().take(31).map(String::as_str).collect();
    let mut cells = vec![tower(0, 0, 3)];
    cells.extend(row_cells(1, &names));
    let mut st = preset_setup(3, vec![]);
    st.seats = vec![None, Some(seat(0, 0, cells))];
    let mut g = Game::with_setup(deck(), st).unwrap();
    assert_eq!(g.public_view().piles, [33, 33, 33, 2]);
    let e = refused(&mut g, 0, draw([2, 1, 0, 3]));
    assert!(
        matches!(&e, ActionError::BadSplit(why) if why.contains("holds only 2")),
        "{e:?}"
    );
    assert!(!offers(
        &g,
        0,
        |a| matches!(a, Action::Draw { split } if split[3] > 2)
    ));
    let ev = ok(&mut g, 0, draw([2, 1, 1, 2]));
    assert!(ev.contains(&Event::PileEmptied {
        pile: farmhand_games::fields_of_green::effects::Pile::Building
    }));
    assert_eq!(g.public_view().piles[3], 0);
    // Seat 1 now draws from the 3 piles that have cards.
    let e = refused(&mut g, 1, draw([2, 2, 1, 1]));
    assert!(matches!(e, ActionError::BadSplit(_)));
    ok(&mut g, 1, draw([2, 2, 2, 0]));
}

/// Ruling 4: "If fewer than 3 piles still hold cards, the player must draw from every non-empty
/// pile."
#[test]
fn ruling_04_fewer_than_three_piles_draw_from_every_non_empty_pile() {
    // Seat 2's farm holds every Construction and every Building.
    let mut g = Game::with_setup(deck(), piles_holding([33, 33, 0, 0])).unwrap();
    assert_eq!(g.public_view().piles, [33, 33, 0, 0]);
    for bad in [[6, 0, 0, 0], [0, 6, 0, 0], [2, 2, 1, 1]] {
        assert!(
            matches!(refused(&mut g, 0, draw(bad)), ActionError::BadSplit(_)),
            "{bad:?}"
        );
    }
    let splits: Vec<Action> = g.legal_actions(0);
    assert_eq!(
        splits,
        (1..=5u8)
            .map(|a| draw([a, 6 - a, 0, 0]))
            .collect::<Vec<_>>(),
        "every split using both non-empty piles, and only those"
    );
    ok(&mut g, 0, draw([3, 3, 0, 0]));
}

/// Ruling 4: with a single non-empty pile there is only one legal split: it is drawn for the
/// player (no click with one answer).
#[test]
fn ruling_04_single_non_empty_pile_is_drawn_automatically() {
    let (g, events) = Game::start(deck(), piles_holding([33, 0, 0, 0])).unwrap();
    let draws: Vec<&Event> = events
        .iter()
        .filter(|e| matches!(e, Event::Drew { .. }))
        .collect();
    assert_eq!(
        draws,
        vec![
            &drew(0, [6, 0, 0, 0]),
            &drew(1, [6, 0, 0, 0]),
            &drew(2, [6, 0, 0, 0]),
        ]
    );
    assert_eq!(g.public_view().piles, [15, 0, 0, 0]);
    assert_eq!(g.phase(), &Phase::Action { turn: 1 });
}

/// A 3-player setup whose piles hold exactly `keep` cards: seat 2's farm holds all the others.
fn piles_holding(keep: [usize; 4]) -> Setup {
    let mut st = preset_setup(3, vec![]);
    st.seats = vec![None, None, Some(hoarder(keep))];
    st
}

/// A preset seat holding every location card except `keep[pile]` cards of each pile, so that the
/// piles hold exactly `keep` cards.
fn hoarder(keep: [usize; 4]) -> PresetSeat {
    let mut names = Vec::new();
    for (pile, &k) in keep.iter().enumerate() {
        names.extend(all_of_pile(pile)[k..].to_vec());
    }
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let mut cells = vec![tower(0, 0, 3)];
    for (r, chunk) in names.chunks(33).enumerate() {
        cells.extend(row_cells(r as i8 + 1, chunk));
    }
    seat(0, 0, cells)
}

/// Ruling 4: "if fewer than 6 cards remain in all piles, they take what remains." Four cards are
/// left (Field 2, Livestock 1, Construction 1): the first player must take all four (the only
/// legal split, drawn for them), the others get nothing, and the game goes on.
#[test]
fn ruling_04_fewer_than_six_cards_take_what_remains() {
    let started = Game::start(deck(), piles_holding([2, 1, 1, 0]));
    let (g, events) = started.expect("the game should start even when the piles run short");
    assert!(events.contains(&drew(0, [2, 1, 1, 0])));
    assert!(events.contains(&drew(1, [0, 0, 0, 0])));
    assert_eq!(g.public_view().piles, [0, 0, 0, 0]);
    assert_eq!(g.player_view(0).hand.len(), 4);
    g.check_invariants().unwrap();
    assert!(
        !g.waiting_for().is_empty() || g.is_over(),
        "the game is stuck"
    );
}

/// Ruling 4, the same clause reached in play: 10 cards are left; the first player draws 6 by
/// choice, the second must take the last 4, the third gets none; the draft goes on with the short
/// hands (a seat without cards simply has nothing to select).
#[test]
fn ruling_04_short_piles_later_seats_take_what_remains() {
    let mut g = Game::with_setup(deck(), piles_holding([3, 3, 2, 2])).unwrap();
    assert_eq!(g.public_view().piles, [3, 3, 2, 2]);
    let ev = ok(&mut g, 0, draw([2, 2, 1, 1]));
    assert!(ev.contains(&drew(1, [1, 1, 1, 1])), "forced: what remains");
    assert!(ev.contains(&drew(2, [0, 0, 0, 0])));
    assert_eq!(g.player_view(1).hand.len(), 4);
    g.check_invariants().unwrap();
    // The draft must be able to go on: play it out at random.
    use rand::SeedableRng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    let mut steps = 0;
    while g.year() == 1 {
        let Some((seat, a)) = farmhand_games::fields_of_green::sim::random_step(&g, &mut rng)
        else {
            panic!("stuck in {:?} after {steps} steps", g.phase());
        };
        ok(&mut g, seat, a);
        g.check_invariants().unwrap();
        steps += 1;
    }
}

// ------------------------------------------------------------------------------------- ruling 5

/// Ruling 5: "Introductory mode ... fixes the split per year: Y1 3/2/1/0, Y2 2/2/1/1, Y3 1/2/1/2,
/// Y4 0/2/1/3": drawn for every player without asking.
#[test]
fn ruling_05_intro_splits_each_year_auto_drawn() {
    let want = [[3, 2, 1, 0], [2, 2, 1, 1], [1, 2, 1, 2], [0, 2, 1, 3]];
    for (y, split) in want.iter().enumerate() {
        for players in [2u8, 3, 4] {
            let mut st = setup(players);
            st.options.intro = true;
            st.start_year = y as u8 + 1;
            let (mut g, events) = Game::start(deck(), st).unwrap();
            let drew: Vec<Event> = events
                .iter()
                .filter(|e| matches!(e, Event::Drew { .. }))
                .cloned()
                .collect();
            let expect: Vec<Event> = (0..players as usize)
                .map(|seat| Event::Drew {
                    seat,
                    split: *split,
                })
                .collect();
            assert_eq!(drew, expect, "year {} with {players} players", y + 1);
            assert!(!matches!(g.phase(), Phase::Upkeep { .. }));
            assert!(g.state().players.iter().all(|ps| ps.split == Some(*split)));
            assert!(!offers(&g, 0, |a| matches!(a, Action::Draw { .. })));
            let e = refused(&mut g, 0, draw(*split));
            assert!(
                matches!(e, ActionError::WrongPhase(_) | ActionError::AlreadyDrawn),
                "{e:?}"
            );
        }
    }
}

/// Ruling 5 over a whole game: the intro split is used every year, the draft runs without a
/// single Draw action.
#[test]
fn ruling_05_intro_mode_whole_game() {
    use rand::SeedableRng;
    let mut g = Game::new(
        deck(),
        Options {
            players: 3,
            intro: true,
            first_player: 0,
        },
        5,
    )
    .unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    let mut splits = Vec::new();
    while let Some((seat, a)) = farmhand_games::fields_of_green::sim::random_step(&g, &mut rng) {
        assert!(
            !matches!(a, Action::Draw { .. }),
            "intro mode never asks for a split"
        );
        for e in ok(&mut g, seat, a) {
            if let Event::Drew { split, .. } = e {
                splits.push(split);
            }
        }
    }
    assert!(g.is_over());
    // Year 1's draws happened at the start; years 2-4 during play.
    assert_eq!(
        splits,
        vec![[2, 2, 1, 1]; 3]
            .into_iter()
            .chain(vec![[1, 2, 1, 2]; 3])
            .chain(vec![[0, 2, 1, 3]; 3])
            .collect::<Vec<_>>()
    );
}

// ------------------------------------------------------------------------------------- ruling 6

/// Ruling 6: "years 1 and 3 pass to the left (clockwise), years 2 and 4 to the right." Clockwise:
/// seat i hands its cards to seat i+1.
#[test]
fn ruling_06_pass_directions_by_year() {
    for year in 1..=4u8 {
        let mut st = setup(4);
        st.start_year = year;
        let (mut g, events) = Game::start(deck(), st).unwrap();
        let dir = if year % 2 == 1 {
            Direction::Left
        } else {
            Direction::Right
        };
        assert!(events.contains(&Event::YearStarted {
            year,
            first_player: 0,
            direction: dir
        }));
        assert_eq!(g.public_view().direction, dir);
        draw_all(&mut g, &[]);
        let mut before: Vec<Vec<String>> = (0..4).map(|seat| hand(&g, seat)).collect();
        let events = select_all(&mut g, &[]);
        for b in before.iter_mut() {
            b.remove(0); // the selected card
        }
        assert!(events.contains(&Event::HandsPassed { direction: dir }));
        for to in 0..4usize {
            let from = if dir == Direction::Left {
                (to + 3) % 4
            } else {
                (to + 1) % 4
            };
            let mut got = hand(&g, to);
            got.sort();
            let mut want = before[from].clone();
            want.sort();
            assert_eq!(
                got, want,
                "year {year}: seat {to} should hold seat {from}'s cards"
            );
        }
    }
}

// ------------------------------------------------------------------------------------- ruling 20

/// Ruling 20's variant year with `players` players: each draws `hand` cards (a split of another
/// size, `wrong`, is refused, and every listed draw takes `hand`), plays `hand` turns each
/// revealing one card per player, then the harvest (nobody has anything to do in it) and year 2.
/// The 30 cards played go to the discard pile.
fn ruling_20_variant_year(players: u8, hand: u8, wrong: [u8; 4]) {
    let mut g = Game::new(deck(), opts(players), 1).unwrap();
    assert_eq!(g.hand_size(), hand);
    let e = refused(&mut g, 0, draw(wrong));
    assert!(
        matches!(e, ActionError::BadSplit(_)),
        "{wrong:?} with {players} players: {e:?}"
    );
    assert!(
        g.legal_actions(0)
            .iter()
            .all(|a| matches!(a, Action::Draw { split } if split.iter().sum::<u8>() == hand))
    );
    draw_all(&mut g, &[]);
    assert!((0..players as usize).all(|seat| g.player_view(seat).hand.len() == hand as usize));
    let mut last = Vec::new();
    for turn in 1..=hand {
        assert_eq!(g.phase(), &Phase::Action { turn });
        let ev = select_all(&mut g, &[]);
        assert!(
            ev.iter()
                .any(|e| matches!(e, Event::Revealed { turn: t, cards }
            if *t == turn && cards.len() == players as usize))
        );
        last = market_all(&mut g);
    }
    assert_eq!(
        last.iter()
            .filter(|e| matches!(e, Event::HarvestFinished { .. }))
            .count(),
        players as usize
    );
    assert_eq!(g.year(), 2);
    assert_eq!(g.state().discard.len(), 30);
}

/// Ruling 20: "5 players draw 6 cards each per year".
#[test]
fn ruling_20_five_players_draw_six() {
    ruling_20_variant_year(5, 6, [2, 1, 1, 1]);
}

/// Ruling 20: "6 players draw 5 each (and play 5 turns)."
#[test]
fn ruling_20_six_players_draw_five_and_play_five_turns() {
    ruling_20_variant_year(6, 5, [2, 2, 1, 1]);
}

/// Ruling 20: "3-4 players is the standard game. 2 players use ruling 21. 5-6 players are a
/// variant": 2 to 6 players; 1 and 7 are refused.
#[test]
fn ruling_20_two_to_six_players_allowed() {
    for players in 2..=6u8 {
        assert!(
            Game::new(deck(), opts(players), 1).is_ok(),
            "{players} players"
        );
    }
    for players in [0u8, 1, 7, 8] {
        assert_eq!(
            Game::new(deck(), opts(players), 1).unwrap_err(),
            SetupError::Players(players)
        );
    }
}

// ------------------------------------------------------------------------------------- ruling 21

/// Ruling 21: "both draw their 6 as usual without looking; the 12 cards are shuffled into a
/// face-down pile and 6 are turned face up. The first player takes one face-up card and performs
/// an action with it, then the other player does; after both have acted, 2 more cards are turned
/// face up. This repeats until all 12 are taken (6 each). No passing."
#[test]
fn ruling_21_two_player_row() {
    let mut st = setup(2);
    st.options.first_player = 1;
    let mut g = Game::with_setup(deck(), st).unwrap();
    ok(&mut g, 1, draw([3, 2, 1, 0]));
    let ev = ok(&mut g, 0, draw([0, 2, 1, 3]));
    // Nobody looks: the hands went into the face-down pile.
    assert!(g.player_view(0).hand.is_empty() && g.player_view(1).hand.is_empty());
    let up: Vec<&Event> = ev
        .iter()
        .filter(|e| matches!(e, Event::TurnedFaceUp { .. }))
        .collect();
    assert!(matches!(up.as_slice(), [Event::TurnedFaceUp { cards }] if cards.len() == 6));
    let v = g.public_view();
    assert_eq!((v.row.len(), v.row_pile), (6, 6));
    // The 12 cards are the two splits' cards.
    let mut all: Vec<u16> = g
        .state()
        .row
        .iter()
        .chain(&g.state().row_pile)
        .copied()
        .collect();
    all.sort_unstable();
    let mut per_pile = [0u8; 4];
    for d in all {
        per_pile[g.deck().location(d).pile.index()] += 1;
    }
    assert_eq!(per_pile, [3, 4, 2, 3]);

    let mut picks = Vec::new();
    let mut row_sizes = Vec::new();
    let mut taken = [0usize; 2];
    while let Phase::Duel { current, .. } = g.phase().clone() {
        let seat = current as usize;
        let other = 1 - seat;
        assert!(
            g.legal_actions(other).is_empty(),
            "only the current player acts"
        );
        let card = g.public_view().row[0].clone();
        let e = refused(&mut g, other, Action::Pick { card: card.clone() });
        assert!(matches!(e, ActionError::NotYourTurn(_)), "{e:?}");
        ok(&mut g, seat, Action::Pick { card: card.clone() });
        // One card per turn: a second pick is refused until the card is used.
        if let Some(c2) = g.public_view().row.first().cloned() {
            assert_eq!(
                refused(&mut g, seat, Action::Pick { card: c2 }),
                ActionError::AlreadyPicked
            );
        }
        let ev = ok(&mut g, seat, Action::Market { food: 0 });
        assert!(
            !ev.iter().any(|e| matches!(e, Event::HandsPassed { .. })),
            "no passing"
        );
        picks.push(seat);
        taken[seat] += 1;
        row_sizes.push(g.public_view().row.len());
    }
    assert_eq!(
        picks,
        vec![1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0],
        "first player first, alternating"
    );
    assert_eq!(taken, [6, 6]);
    // Row after each action: 5, then 4+2 after both acted, ... until the pile is empty.
    assert_eq!(row_sizes, vec![5, 6, 5, 6, 5, 6, 5, 4, 3, 2, 1, 0]);
    // All 12 taken: the harvest ran (standard farms: nothing to harvest) and year 2 began.
    assert_eq!(g.year(), 2);
    assert_eq!(g.state().discard.len(), 12);
}

/// Ruling 21: a card not face up cannot be taken; a card is used by the player who took it.
#[test]
fn ruling_21_pick_only_face_up_cards() {
    let mut g = Game::new(deck(), opts(2), 3).unwrap();
    draw_all(&mut g, &[]);
    let row: Vec<String> = g.public_view().row.iter().map(|c| c.to_string()).collect();
    let hidden = g
        .deck()
        .locations
        .iter()
        .map(|d| d.id.clone())
        .find(|id| !row.contains(id))
        .unwrap();
    assert_eq!(
        refused(&mut g, 0, Action::Pick { card: s(&hidden) }),
        ActionError::NotFaceUp(hidden.clone())
    );
    assert_eq!(
        refused(&mut g, 0, Action::Market { food: 0 }),
        ActionError::NothingRevealed
    );
    // The legal picks are exactly the distinct face-up cards.
    let mut legal: Vec<String> = g
        .legal_actions(0)
        .into_iter()
        .map(|a| match a {
            Action::Pick { card } => card.to_string(),
            other => panic!("unexpected {other:?}"),
        })
        .collect();
    let mut want = row.clone();
    want.sort();
    want.dedup();
    legal.sort();
    assert_eq!(legal, want);
}

/// Ruling 21 with ruling 16: in year 2 the other player holds the First Player tile and picks
/// first.
#[test]
fn ruling_21_first_player_of_the_year_picks_first() {
    let mut st = setup(2);
    st.start_year = 2;
    st.options.first_player = 1;
    st.start_phase = StartPhase::Upkeep;
    let mut g = Game::with_setup(deck(), st).unwrap();
    draw_all(&mut g, &[]);
    assert_eq!(
        g.phase(),
        &Phase::Duel {
            current: 1,
            picks: 0,
            taken: false
        }
    );
    assert_eq!(g.waiting_for(), vec![1]);
}
