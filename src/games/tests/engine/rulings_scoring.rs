//! Rules tests (issue #2), scoring and the end: rulings 18 and 19 of `src/games/fields_of_green/RULES.md`,
//! with the rulebook's score pad (Maria 62, Mike 59).

use crate::common;

use common::*;
use farmhand_games::fields_of_green::event::Event;
use farmhand_games::fields_of_green::game::{PresetCell, PresetSeat, ScorePad, TieBreak};
use farmhand_games::fields_of_green::{Action, ActionError, Game, Phase};

/// A 2+ player game at the year-4 harvest; seats without anything to harvest finish by
/// themselves, so with such farms the game is already scored.
fn final_pads(seats: Vec<PresetSeat>) -> (Game, Vec<ScorePad>) {
    let n = seats.len().max(2) as u8;
    let (g, events) = harvest_start(n, 4, seats);
    assert!(g.is_over(), "every seat should have finished by itself");
    assert!(events.iter().any(|e| matches!(e, Event::GameEnded { .. })));
    let pads = g.scores().unwrap().to_vec();
    (g, pads)
}

fn pad_lines(p: &ScorePad) -> [u32; 8] {
    [
        p.cards,
        p.tokens,
        p.equipment,
        p.money,
        p.food,
        p.water_towers,
        p.game_end_total,
        p.total,
    ]
}

// ------------------------------------------------------------------------------------- ruling 18

/// Ruling 18: "1 VP per 3 coins (rounded down); 1 VP per 2 Food (rounded down); 1 VP per empty
/// Water Tower; 1 VP per set-aside Equipment", with the rulebook's numbers: 22 coins -> 7,
/// 32 coins -> 10, 8 Food -> 4, 3 Food -> 1.
#[test]
fn ruling_18_score_pad_line_arithmetic() {
    let maria = grown(22, 8, 0, vec![silo(2, 0), tower(3, 0, 0), tower(4, 0, 0)]);
    let mike = PresetSeat {
        coins: 32,
        food: 3,
        vp_tokens: 4,
        cells: vec![tower(0, 0, 2), silo(1, 0), tower(2, 0, 0), tower(3, 0, 3)],
        set_aside: vec![s("hoses")],
    };
    let odd = grown(2, 1, 1, vec![]);
    let edge = PresetSeat {
        set_aside: vec![s("harrow"), s("sacks")],
        ..grown(3, 2, 3, vec![])
    };
    let (_, pads) = final_pads(vec![maria, mike, odd, edge]);
    // [cards, tokens, equipment, money, food, water towers, game end, total]
    assert_eq!(pad_lines(&pads[0]), [0, 0, 0, 7, 4, 3, 0, 14]);
    assert_eq!(pad_lines(&pads[1]), [0, 4, 1, 10, 1, 1, 0, 17]);
    assert_eq!(pad_lines(&pads[2]), [0, 0, 0, 0, 0, 0, 0, 0]);
    assert_eq!(pad_lines(&pads[3]), [0, 0, 2, 1, 1, 0, 0, 4]);
    assert_eq!((pads[1].set_aside, pads[3].set_aside), (1, 2));
    assert_eq!(
        pads.iter().map(|p| p.seat).collect::<Vec<_>>(),
        vec![0, 1, 2, 3]
    );
}

/// Ruling 18, every line of the pad: "printed VP of face-up locations; VP tokens; Equipment Game
/// End abilities; 1 VP per set-aside Equipment; 1 VP per 3 coins; 1 VP per 2 Food; 1 VP per empty
/// Water Tower; location Game End abilities."
#[test]
fn ruling_18_every_line_of_the_pad() {
    //  y\x  -1    0     1     2
    //  -1         .     FHS   MKT
    //   0   T2    T     SI*   POT       * Sacks on the Silo
    //   1         (WHT) POT             (WHT) = Open Area
    let cells = vec![
        tower(0, 0, 0),
        with_eq(silo(1, 0), &["sacks"]),
        card(1, 1, "potatoes"),
        card(2, 0, "potatoes"),
        open(0, 1, "wheat"),
        tower(-1, 0, 1),
        card(1, -1, "farmhouse"),
        card(2, -1, "market"),
    ];
    let seat0 = PresetSeat {
        coins: 11,
        food: 3,
        vp_tokens: 5,
        cells,
        set_aside: vec![s("hoses"), s("harrow")],
    };
    let (_, pads) = final_pads(vec![seat0]);
    let pad = &pads[0];
    assert_eq!(
        pad.cards,
        1 + 1 + 2 + 1,
        "Potatoes x2, Farmhouse, Market; not the Open Area's Wheat"
    );
    assert_eq!(pad.tokens, 5);
    assert_eq!(
        pad.equipment,
        2 + 2,
        "Sacks: 2 Fields within 2 (the Open Area is none); 2 set aside"
    );
    assert_eq!(pad.set_aside, 2);
    assert_eq!(pad.money, 3);
    assert_eq!(pad.food, 1);
    assert_eq!(pad.water_towers, 1, "the tower at (-1,0) still holds Water");
    let lines: Vec<(&str, i8, i8, u32)> = pad
        .game_end
        .iter()
        .map(|l| (l.card.as_str(), l.pos.x, l.pos.y, l.vp))
        .collect();
    assert_eq!(
        lines,
        vec![("farmhouse", 1, -1, 0), ("market", 2, -1, 3)],
        "the Farmhouse wants no Open Area"
    );
    assert_eq!(pad.game_end_total, 3);
    assert_eq!(pad.total, 5 + 5 + 4 + 3 + 1 + 1 + 3);
    assert_eq!(pad.locations, 7, "Open Areas are not locations (ruling 19)");
    assert_eq!(pad.coins, 11);
}

/// A seat whose Building at (0,1) carries a Power Generator; the tower at (0,0) is full, so no
/// empty-tower VP.
fn with_generator(coins: u32, building: &str, extra: Vec<PresetCell>) -> PresetSeat {
    let mut cells = vec![
        tower(0, 0, 3),
        silo(1, 0),
        with_eq(card(0, 1, building), &["power_generator"]),
    ];
    cells.extend(extra);
    seat(coins, 0, cells)
}

/// The pad adds up line by line.
fn assert_adds_up(p: &ScorePad) {
    assert_eq!(
        p.total,
        p.cards + p.tokens + p.equipment + p.money + p.food + p.water_towers + p.game_end_total,
        "{p:?}"
    );
    assert_eq!(
        p.game_end_total,
        p.game_end.iter().map(|l| l.vp).sum::<u32>()
    );
}

fn game_end_vp(p: &ScorePad, card: &str) -> u32 {
    p.game_end
        .iter()
        .find(|l| l.card == card)
        .unwrap_or_else(|| panic!("no {card} line in {p:?}"))
        .vp
}

/// Ruling 18: the Power Generator ("pay coins to apply this Building's Game End ability again")
/// is used when it raises the score, and not otherwise. Rulebook p.9 ("Game End"): Equipment Game
/// End abilities come before the coins and before the locations' Game End abilities, so the
/// payment is made first and the repeat, the money line and the Market all count what is left.
#[test]
fn ruling_18_power_generator_pays_when_worth_it() {
    // Market, 15 coins. Not paying: Market 5 (15 coins) + money 5 = 10. Paying 4: 11 coins, so
    // Market 3 + the repeat 3 + money 3 = 9: not worth it.
    // Market, 40 coins. Not paying: Market 5 + money 13 = 18. Paying: 36 coins, Market 5 (max) +
    // repeat 5 + money 12 = 22.
    // Farmhouse next to an Open Area scores 0: not worth 4 coins.
    // The deck has two Power Generators: two games.
    let (_, mut pads) = final_pads(vec![
        with_generator(15, "market", vec![]),
        with_generator(40, "market", vec![]),
    ]);
    let (_, farmhouse) = final_pads(vec![with_generator(
        15,
        "farmhouse",
        vec![open(1, 1, "wheat")],
    )]);
    pads.push(farmhouse[0].clone());
    let line = |p: &ScorePad| {
        (
            p.coins_paid,
            p.coins,
            p.money,
            p.equipment,
            p.game_end_total,
        )
    };
    assert_eq!(line(&pads[0]), (0, 15, 5, 0, 5));
    assert_eq!(pads[0].total, 1 + 5 + 5);
    assert_eq!(line(&pads[1]), (4, 36, 12, 5, 5));
    assert_eq!(pads[1].total, 1 + 12 + 5 + 5);
    assert_eq!(line(&pads[2]), (0, 15, 5, 0, 0));
    pads.iter().for_each(assert_adds_up);
}

/// Rulebook p.9 order (ruling 18): "Calculate VP from Equipment tiles with Game End abilities"
/// (the Power Generator's payment is one), then "1 VP for every 3 coins", then "locations in your
/// Farm with Game End abilities". Coins paid to the Generator are gone before the Market counts
/// coins: with 16 coins the Generator is worth paying (12 left: Market 4 + repeat 4 + money 4 =
/// 12, against Market 5 + money 5 = 10), and the Market's line then reads 4, not the 5 that the
/// 16 coins before the payment would give.
#[test]
fn ruling_18_rulebook_p9_generator_paid_before_the_market_counts_coins() {
    let (_, pads) = final_pads(vec![with_generator(16, "market", vec![])]);
    let pad = &pads[0];
    assert_eq!((pad.coins_paid, pad.coins, pad.money), (4, 12, 4));
    assert_eq!(
        game_end_vp(pad, "market"),
        4,
        "the Market counts the 12 coins left"
    );
    assert_eq!(pad.equipment, 4, "the repeat counts the 12 coins left too");
    assert_eq!(pad.total, 1 + 4 + 4 + 4);
    assert_adds_up(pad);
}

/// Rulebook p.9 order (ruling 18): the decision to pay counts what a coin-counting location
/// ability elsewhere in the farm loses. The Generator sits on a Granary between two Silos (4 VP,
/// coins do not matter to it) and a Market stands beside it. With 15 coins, paying 4 would add the
/// Granary's 4 but cost 2 money VP and 2 Market VP (15 -> 11 coins): a draw, so the coins are kept
/// (ruling 19's second tie-break). With 16 coins, paying adds 4 and costs 1 money VP and 1 Market
/// VP (16 -> 12): worth it.
#[test]
fn ruling_18_rulebook_p9_generator_decision_counts_what_the_market_loses() {
    // The Granary at (0,1) touches the tower (0,0), the Market (1,1) and two Silos.
    let farm = |coins: u32| {
        let beside = vec![silo(0, 2), silo(-1, 1), card(1, 1, "market")];
        with_generator(coins, "granary", beside)
    };
    let (_, pads) = final_pads(vec![farm(15), farm(16)]);
    let (kept, paid) = (&pads[0], &pads[1]);
    assert_eq!(game_end_vp(kept, "granary"), 4);
    assert_eq!(
        (kept.coins_paid, kept.coins, kept.money, kept.equipment),
        (0, 15, 5, 0)
    );
    assert_eq!(game_end_vp(kept, "market"), 5);
    assert_eq!(
        (paid.coins_paid, paid.coins, paid.money, paid.equipment),
        (4, 12, 4, 4)
    );
    assert_eq!(game_end_vp(paid, "market"), 4);
    assert_eq!(game_end_vp(paid, "granary"), 4);
    assert_eq!(paid.total, kept.total + 2, "{kept:?} {paid:?}");
    assert_adds_up(kept);
    assert_adds_up(paid);
}

/// Ruling 18: "The game ends after the year-4 harvest" (and not after an earlier one); after the
/// end nothing more can be done.
#[test]
fn ruling_18_game_ends_after_the_year_4_harvest() {
    let mut st = setup(3);
    st.start_year = 3;
    st.start_phase = farmhand_games::fields_of_green::game::StartPhase::Harvest;
    let (mut g, events) = Game::start(deck(), st).unwrap();
    assert!(!g.is_over());
    assert!(!events.iter().any(|e| matches!(e, Event::GameEnded { .. })));
    assert_eq!(g.year(), 4);
    draw_all(&mut g, &[]);
    let mut last = Vec::new();
    for _ in 0..6 {
        select_all(&mut g, &[]);
        last = market_all(&mut g);
    }
    assert!(g.is_over());
    assert_eq!(g.phase(), &Phase::Ended);
    assert!(
        matches!(last.last(), Some(Event::GameEnded { .. })),
        "{last:?}"
    );
    assert!(!last.iter().any(|e| matches!(
        e,
        Event::FirstPlayerPassed { .. } | Event::YearStarted { .. }
    )));
    let pads = g.scores().unwrap();
    assert_eq!(pads.len(), 3);
    // 15 + 3 income + 6 x 2 market coins = 30 coins -> 10; 2 Food -> 1; the tower is full.
    assert!(
        pads.iter()
            .all(|p| p.money == 10 && p.food == 1 && p.total == 11)
    );
    assert_eq!(g.winners(), Some((vec![0, 1, 2], TieBreak::Shared)));
    assert_eq!(g.public_view().scores.as_deref(), Some(pads));
    for seat in 0..3 {
        assert!(g.legal_actions(seat).is_empty());
        assert_eq!(
            refused(&mut g, seat, Action::EndHarvest),
            ActionError::GameOver
        );
    }
    assert!(g.waiting_for().is_empty());
    g.check_invariants().unwrap();
}

/// Ruling 18: "The score pad in the rulebook (Maria 62, Mike 59) shows the breakdown players
/// expect to see." Both farms are built from our deck so that every line of the rulebook's pad
/// comes out the same, after a last harvest:
///
/// | line               | Maria                               | Mike                                  |
/// |--------------------|-------------------------------------|---------------------------------------|
/// | Cards/Tokens       | 23 (cards) + 0                      | 22 (cards) + 4 (Geese 2, Pumpkins 2)  |
/// | Equipment          | 8: Power Generator 6 + Fences 2 (*) | 6: Sacks 3 + Fences 2 + 1 set aside   |
/// | Money              | 7 (26 coins - 4 for the Generator)  | 10 (32 coins)                         |
/// | Food               | 4 (8 Food in 2 Silos)               | 1 (3 Food)                            |
/// | Water Towers       | 3 (all three empty)                 | 1 (one of two empty)                  |
/// | Game End abilities | 6 3 3 5 = 17                        | 6 5 4 = 15                            |
/// | Total              | 62                                  | 59                                    |
///
/// (*) In the rulebook the Power Generator alone gives Maria 8; our Generator repeats the
/// Building's ability, and none of her Buildings scores 8 alone with the lines 6 3 3 5, so Fences
/// add the other 2.
#[test]
fn ruling_18_rulebook_score_pad_maria_62_mike_59() {
    // Maria (seat 0). Three towers around the Pump House (6: 3 empty towers within 2, and again
    // with the Power Generator); each tower waters one Corn (2) and one Wheat (1). The Silos are
    // full at the end, so the Fields' Food is lost. The Goat (Fences: 1 + the adjacent Rabbit) is
    // within 2 of the Creamery (3); the Rabbit within 3 of the Slaughterhouse (3); the Market gets
    // 5 (max). A row of eight VP-1 Constructions under the Slaughterhouse touches no animal, Field
    // or Silo.
    //
    //  y\x  -1    0     1     2     3     4     5
    //  -1         .     CRN   .
    //   0         WHT   T1    .
    //   1   CRN   T2    PMP   T3    CRN
    //   2         WHT   SI    WHT
    //   3         CRM   GOT   RAB   HRS   HRS   HRS
    //   4         SI    SLA   MKT
    //   5               8 Constructions -> x = 1..8
    let mut maria = vec![
        tower(1, 0, 3),
        tower(0, 1, 3),
        tower(2, 1, 3),
        with_eq(card(1, 1, "pump_house"), &["power_generator"]),
        card(0, 0, "wheat"),
        card(1, -1, "corn"),
        card(-1, 1, "corn"),
        card(0, 2, "wheat"),
        card(3, 1, "corn"),
        card(2, 2, "wheat"),
        silo(1, 2),
        with_eq(card(1, 3, "goats"), &["fences"]),
        card(2, 3, "rabbits"),
        card(1, 4, "slaughterhouse"),
        card(0, 3, "creamery"),
        silo(0, 4),
        card(2, 4, "market"),
        card(3, 3, "horses"),
        card(4, 3, "horses"),
        card(5, 3, "horses"),
    ];
    let fillers = [
        "animal_pen",
        "animal_pen",
        "animal_pen",
        "greenhouse",
        "greenhouse",
        "greenhouse",
        "storehouse",
        "storehouse",
    ];
    maria.extend(
        fillers
            .iter()
            .enumerate()
            .map(|(i, c)| card(i as i8 + 1, 5, c)),
    );

    // Mike (seat 1). The Sacks Silo has exactly the three Potatoes within 2; the Granary touches
    // three Silos (6), the Market gets 5, the Farmhouse 4 (no Open Area). Two Geese (Fences: 1 +
    // the other Goose) and two Pumpkins far from the Sacks, watered by two towers of which one
    // ends empty. Hoses set aside.
    //
    //  y\x  -1    0     1     2     3     4     5     6 ...
    //  -3         FHS   9 Constructions in a row ->
    //  -2         MKT
    //  -1   SI    GRN   SI
    //   0   POT   SI*   POT   WND   WND   T1    PUM        * Sacks
    //   1         POT               T2    PUM
    //   2         GES+                                     + Fences
    //   3         GES
    let mut mike = vec![
        with_eq(silo(0, 0), &["sacks"]),
        card(1, 0, "potatoes"),
        card(-1, 0, "potatoes"),
        card(0, 1, "potatoes"),
        card(0, -1, "granary"),
        silo(-1, -1),
        silo(1, -1),
        card(0, -2, "market"),
        card(0, -3, "farmhouse"),
        card(2, 0, "windmill"),
        card(3, 0, "windmill"),
        tower(4, 0, 2),
        card(5, 0, "pumpkins"),
        tower(4, 1, 3),
        card(5, 1, "pumpkins"),
        with_eq(card(0, 2, "geese"), &["fences"]),
        card(0, 3, "geese"),
    ];
    let fillers = [
        "windmill",
        "irrigation_canal",
        "irrigation_canal",
        "irrigation_canal",
        "feed_mill",
        "feed_mill",
        "feed_mill",
    ];
    mike.extend(
        fillers
            .iter()
            .enumerate()
            .map(|(i, c)| card(i as i8 + 1, -3, c)),
    );

    let maria = seat(17, 8, maria);
    let mike = PresetSeat {
        set_aside: vec![s("hoses")],
        ..seat(30, 1, mike)
    };
    let mut g = harvest_game(2, 4, vec![maria, mike]);

    // Maria feeds her animals first (8 -> 3 Food), then waters every Field from the tower next to
    // it, refilling the Silos (the rest is lost) and emptying all three towers.
    for (x, y) in [(1, 3), (2, 3), (3, 3), (4, 3), (5, 3)] {
        ok(&mut g, 0, harvest(x, y));
    }
    assert_eq!((food(&g, 0), coins(&g, 0)), (3, 26));
    let fields = [
        ((0, 0), (1, 0)),
        ((1, -1), (1, 0)),
        ((-1, 1), (0, 1)),
        ((0, 2), (0, 1)),
        ((3, 1), (2, 1)),
        ((2, 2), (2, 1)),
    ];
    for ((x, y), (tx, ty)) in fields {
        let need = if (x, y) == (0, 0) || (x, y) == (0, 2) || (x, y) == (2, 2) {
            1
        } else {
            2
        };
        ok(
            &mut g,
            0,
            Action::Harvest {
                pos: p(x, y),
                water: vec![p(tx, ty); need],
                extra: 0,
            },
        );
    }
    // Mike: Pumpkins first (2 Water each: 2 Food and 1 VP token), then the Geese (1 Food: 1 coin
    // and 1 VP token).
    ok(&mut g, 1, harvest_paid(5, 0, &[(4, 0), (4, 0)], 0));
    ok(&mut g, 1, harvest_paid(5, 1, &[(4, 1), (4, 1)], 0));
    ok(&mut g, 1, harvest(0, 2));
    let ev = ok(&mut g, 1, harvest(0, 3));
    assert!(g.is_over());
    assert_eq!(ev.last(), Some(&Event::GameEnded { winners: vec![0] }));

    let pads = g.scores().unwrap();
    let (m, k) = (&pads[0], &pads[1]);
    assert_eq!((m.cards, m.tokens), (23, 0));
    assert_eq!((k.cards, k.tokens), (22, 4));
    assert_eq!((m.equipment, m.set_aside, m.coins_paid), (8, 0, 4));
    assert_eq!((k.equipment, k.set_aside, k.coins_paid), (6, 1, 0));
    assert_eq!((m.coins, m.money), (22, 7));
    assert_eq!((k.coins, k.money), (32, 10));
    assert_eq!((m.food, k.food), (4, 1));
    assert_eq!((m.water_towers, k.water_towers), (3, 1));
    let vps = |p: &ScorePad| p.game_end.iter().map(|l| l.vp).collect::<Vec<_>>();
    assert_eq!((vps(m), m.game_end_total), (vec![6, 3, 3, 5], 17));
    assert_eq!((vps(k), k.game_end_total), (vec![6, 5, 4], 15));
    assert_eq!((m.total, k.total), (62, 59));
    assert_eq!(g.winners(), Some((vec![0], TieBreak::None)));
}

// ------------------------------------------------------------------------------------- ruling 19

fn plain(coins: u32, extra: Vec<PresetCell>) -> PresetSeat {
    // A full tower (no empty-tower VP), a Silo, no Food: 0 VP unless `extra` scores.
    let mut cells = vec![tower(0, 0, 3), silo(1, 0)];
    cells.extend(extra);
    seat(coins, 0, cells)
}

/// Ruling 19: "Ties: most locations (face-up locations plus Water Towers and Silos ...)".
#[test]
fn ruling_19_tie_broken_by_most_locations() {
    let (g, pads) = final_pads(vec![
        plain(2, vec![]),
        plain(0, vec![card(0, 1, "crop_circles")]),
    ]);
    assert_eq!((pads[0].total, pads[1].total), (0, 0));
    assert_eq!((pads[0].locations, pads[1].locations), (2, 3));
    assert_eq!(
        g.winners(),
        Some((vec![1], TieBreak::Locations)),
        "more locations beat more coins"
    );
}

/// Ruling 19: "(... Open Areas do not count), then most coins".
#[test]
fn ruling_19_open_areas_do_not_count_then_most_coins() {
    let (g, pads) = final_pads(vec![plain(2, vec![]), plain(1, vec![open(0, 1, "wheat")])]);
    assert_eq!((pads[0].total, pads[1].total), (0, 0));
    assert_eq!((pads[0].locations, pads[1].locations), (2, 2));
    assert_eq!(g.winners(), Some((vec![0], TieBreak::Coins)));
}

/// Ruling 19: Water Towers and Silos count as locations; "then the tied players share the win."
#[test]
fn ruling_19_towers_and_silos_count_then_shared_win() {
    let (g, pads) = final_pads(vec![
        plain(2, vec![silo(0, 1)]),
        plain(2, vec![card(0, 1, "crop_circles")]),
        plain(2, vec![tower(0, 1, 3)]),
        plain(2, vec![open(0, 1, "wheat")]),
    ]);
    assert!(pads.iter().all(|p| p.total == 0));
    assert_eq!(
        pads.iter().map(|p| p.locations).collect::<Vec<_>>(),
        vec![3, 3, 3, 2]
    );
    assert_eq!(g.winners(), Some((vec![0, 1, 2], TieBreak::Shared)));
    assert_eq!(
        g.public_view().winners,
        Some((vec![0, 1, 2], TieBreak::Shared))
    );
}

/// Ruling 19: the most VP wins outright, whatever the tie-break numbers say.
#[test]
fn ruling_19_most_vp_wins_outright() {
    let (g, pads) = final_pads(vec![
        plain(3, vec![]),
        plain(0, vec![card(0, 1, "crop_circles"), silo(2, 0)]),
    ]);
    assert_eq!((pads[0].total, pads[1].total), (1, 0));
    assert_eq!(g.winners(), Some((vec![0], TieBreak::None)));
}
