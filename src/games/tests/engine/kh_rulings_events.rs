//! Key Harvest rulings KH 30 and KH 45-63: the events M-Z, the "?" check, the tenth event and
//! the events after it, against the public API only.

use crate::kh_common;
use farmhand_games::key_harvest::{
    Action, ActionError, Counters, Crop, Event, EventTile as E, Place, Prompt, Space, Worker,
};
use kh_common::*;

// KH 45: events act for each player in turn, clockwise from the drawer.

/// Event G (Give away)'s answer: the tile passed on (none when the seat has none), and whether
/// the seat keeps the tile it received (else it goes fallow).
fn give_away(pass: Option<Space>, keep: bool) -> Action {
    Action::GiveAway { pass, keep }
}

#[test]
fn kh45_clockwise_from_the_drawer() {
    let (mut g, _) = start_event(&table(3), E::NewCrop, 1, |s| {
        for seat in 0..3u8 {
            let t = [sp("A1"), sp("D4"), sp("G8")][seat as usize];
            fields(s, seat, &[t]);
            harvested(s, seat, &[t]);
        }
    });
    let mut order = Vec::new();
    while let Some((seat, e)) = event_prompt(&g) {
        assert_eq!(e, E::NewCrop);
        order.push(seat);
        ok(&mut g, seat, Action::Decline);
    }
    assert_eq!(order, vec![1, 2, 0]);
    assert_eq!(prompt(&g), (0, Prompt::Turn));
}

// KH 46 + KH 26: a tile an event puts on a board is acquired, so a worker there is displaced
// even off-turn, and that player's chain ends before the next player's part.
#[test]
fn kh46_events_acquire_and_displace_off_turn() {
    let t = sp("D4");
    let (mut g, _) = start_event(&table(2), E::QuickSale, 1, |s| {
        registry(s, &[t, sp("A8")]);
        worker(s, 1, Worker::Labourer, t);
        fields(s, 1, &nbrs(sp("G7"))[..2]);
        supply(s, 1, many(Crop::Wheat, 3));
        supply(s, 0, many(Crop::Wine, 3));
    });
    assert_eq!(event_prompt(&g), Some((1, E::QuickSale)));
    ok(
        &mut g,
        1,
        Action::QuickSale {
            payment: many(Crop::Wheat, 3),
            tile: t,
        },
    );
    assert_eq!(
        prompt(&g),
        (
            1,
            Prompt::Reposition {
                worker: Worker::Labourer,
                from: t
            }
        )
    );
    ok(&mut g, 1, Action::Decline);
    assert_eq!(event_prompt(&g), Some((0, E::QuickSale)));
}

// KH 47: M: a tile to the fallow area, then acquire a drawn tile; only with a field tile in
// the bag.
#[test]
fn kh47_blind_swap() {
    let (mut g, _) = start_event(&table(2), E::BlindSwap, 0, |s| {
        fields(s, 0, &[sp("A1")]);
        fields(s, 1, &[sp("G1")]);
        bag(s, &[sp("D4")], &[E::BlindSwap]);
    });
    ok(&mut g, 0, Action::BlindSwap { tile: sp("A1") });
    assert_eq!(fields_of(&g, 0), bit(sp("D4")));
    assert!(st(&g).fallow & bit(sp("A1")) != 0);
    // Seat 1: the bag has no field tile left, so M is not offered.
    assert_eq!(prompt(&g), (0, Prompt::Turn));
    assert_eq!(fields_of(&g, 1), bit(sp("G1")));
}

// KH 48: N: give any tile for another player's unconnected tile; both acquire; KH 26 for both,
// the giver first.
#[test]
fn kh48_exchange() {
    let (give, take) = (sp("A1"), sp("G8"));
    let (mut g, _) = start_event(&table(2), E::Exchange, 0, |s| {
        fields(s, 0, &[give]);
        worker(s, 0, Worker::Apprentice, take);
        fields(s, 1, &[take]);
        fields(s, 1, &[sp("C3"), sp("C4")]);
        worker(s, 1, Worker::Labourer, give);
    });
    assert!(matches!(
        refused(
            &mut g,
            0,
            Action::Exchange {
                give,
                with: 1,
                take: sp("C3")
            }
        ),
        ActionError::NotUnconnected(_)
    ));
    ok(
        &mut g,
        0,
        Action::Exchange {
            give,
            with: 1,
            take,
        },
    );
    assert_eq!(fields_of(&g, 0), bit(take));
    assert_eq!(fields_of(&g, 1), mask(&[give, sp("C3"), sp("C4")]));
    assert_eq!(
        prompt(&g),
        (
            0,
            Prompt::Reposition {
                worker: Worker::Apprentice,
                from: take
            }
        )
    );
    ok(&mut g, 0, Action::Decline);
    assert_eq!(
        prompt(&g),
        (
            1,
            Prompt::Reposition {
                worker: Worker::Labourer,
                from: give
            }
        )
    );
}

// KH 49: O: P1 passes from the board; a later player may pass the received tile on, except
// the last; P1 receives last and keeps it or puts it fallow.
#[test]
fn kh49_give_away_passing_rules() {
    let (a, b, c) = (sp("A1"), sp("D4"), sp("G8"));
    let (mut g, _) = start_event(&table(3), E::GiveAway, 0, |s| {
        fields(s, 0, &[a]);
        fields(s, 1, &[b]);
        fields(s, 2, &[c]);
    });
    // P1 must pass a tile (mandatory).
    assert_eq!(refused(&mut g, 0, Action::Decline), ActionError::Mandatory);
    ok(&mut g, 0, give_away(Some(a), false));
    assert_eq!(fields_of(&g, 0), 0);
    // P2 passes the received tile on.
    ok(&mut g, 1, give_away(Some(a), false));
    assert_eq!(fields_of(&g, 1), bit(b));
    // P3, the last, may not pass it on: passes own c and keeps a.
    assert!(matches!(
        refused(&mut g, 2, give_away(Some(a), true)),
        ActionError::Invalid(_)
    ));
    ok(&mut g, 2, give_away(Some(c), true));
    assert_eq!(fields_of(&g, 2), bit(a));
    // P1 receives c last: keep it.
    assert_eq!(event_prompt(&g), Some((0, E::GiveAway)));
    assert!(matches!(
        refused(&mut g, 0, give_away(Some(c), true)),
        ActionError::Invalid(_)
    ));
    ok(&mut g, 0, give_away(None, true));
    assert_eq!(fields_of(&g, 0), bit(c));
    assert_eq!(prompt(&g), (0, Prompt::Turn));
}

// KH 49: a player with no tile passes nothing; the next receives nothing and passes from their
// own board; a kept tile can also go fallow.
#[test]
fn kh49_give_away_with_nothing_to_pass() {
    let (b, c) = (sp("D4"), sp("G8"));
    let (mut g, ev) = start_event(&table(3), E::GiveAway, 0, |s| {
        fields(s, 1, &[b]);
        fields(s, 2, &[c]);
    });
    assert!(!ev.iter().any(|e| matches!(e, Event::TileToHands { .. })));
    assert_eq!(event_prompt(&g), Some((1, E::GiveAway)));
    ok(&mut g, 1, give_away(Some(b), false));
    ok(&mut g, 2, give_away(Some(c), false));
    assert!(st(&g).fallow & bit(b) != 0);
    ok(&mut g, 0, give_away(None, true));
    assert_eq!(fields_of(&g, 0), bit(c));
    assert_eq!(fields_of(&g, 1), 0);
    assert_eq!(fields_of(&g, 2), 0);
}

// KH 50: P: one counter of the crop with the most unharvested tiles (a choice among ties).
#[test]
fn kh50_good_harvest() {
    let tiles = [sp("A1"), sp("A3"), sp("A5"), sp("A7"), sp("C1"), sp("C3")];
    let (mut g, _) = start_event(&table(2), E::GoodHarvest, 0, |s| fields(s, 0, &tiles));
    let mut count = [0u8; 5];
    for t in tiles {
        count[crop(t).index()] += 1;
    }
    let best = *count.iter().max().unwrap();
    let top: Vec<Crop> = Crop::ALL
        .into_iter()
        .filter(|c| count[c.index()] == best)
        .collect();
    if let Some(worse) = Crop::ALL.into_iter().find(|c| count[c.index()] < best) {
        assert!(matches!(
            refused(
                &mut g,
                0,
                Action::GoodHarvest {
                    crop: worse,
                    instead: None
                }
            ),
            ActionError::Invalid(_)
        ));
    }
    ok(
        &mut g,
        0,
        Action::GoodHarvest {
            crop: top[top.len() - 1],
            instead: None,
        },
    );
    assert_eq!(supply_of(&g, 0), one(top[top.len() - 1]));
    assert_eq!(st(&g).players[0].harvested, 0, "no tile is turned");
    // Seat 1 has no unharvested tile: nothing to do.
    assert_eq!(prompt(&g), (0, Prompt::Turn));
}

// KH 51: Q: pay 2 to the stock and acquire a drawn tile; with no field tile in the bag, a
// registry tile instead.
#[test]
fn kh51_lucky_dip() {
    let (mut g, _) = start_event(&table(2), E::LuckyDip, 0, |s| {
        supply(s, 0, many(Crop::Wine, 2));
        supply(s, 1, many(Crop::Hops, 2));
        registry(s, &[sp("A1")]);
        bag(s, &[sp("D4")], &[]);
    });
    let stock = st(&g).stock;
    assert!(matches!(
        refused(
            &mut g,
            0,
            Action::LuckyDip {
                payment: many(Crop::Wine, 2),
                registry: Some(sp("A1"))
            }
        ),
        ActionError::Invalid(_)
    ));
    ok(
        &mut g,
        0,
        Action::LuckyDip {
            payment: many(Crop::Wine, 2),
            registry: None,
        },
    );
    assert_eq!(fields_of(&g, 0), bit(sp("D4")));
    assert_eq!(st(&g).stock, plus(stock, many(Crop::Wine, 2)));
    // Seat 1: the bag is out of field tiles: the registry tile, no refill.
    ok(
        &mut g,
        1,
        Action::LuckyDip {
            payment: many(Crop::Hops, 2),
            registry: Some(sp("A1")),
        },
    );
    assert_eq!(fields_of(&g, 1), bit(sp("A1")));
    assert_eq!(st(&g).registry, 0);
}

// KH 52: R: up to two harvested tiles back to unharvested.
#[test]
fn kh52_new_crop() {
    let t = [sp("A1"), sp("A3"), sp("A5")];
    let (mut g, _) = start_event(&table(2), E::NewCrop, 0, |s| {
        fields(s, 0, &t);
        harvested(s, 0, &t);
    });
    assert_eq!(
        refused(&mut g, 0, Action::NewCrop { tiles: t.to_vec() }),
        ActionError::TileCount { min: 1, max: 2 }
    );
    ok(
        &mut g,
        0,
        Action::NewCrop {
            tiles: vec![t[0], t[2]],
        },
    );
    assert_eq!(st(&g).players[0].harvested, bit(t[1]));
}

// KH 53: S: the registry goes back into the bag, then event draws refill all six spaces.
#[test]
fn kh53_new_registry() {
    let (g, ev) = start_event(&table(2), E::NewRegistry, 0, |s| {
        registry(s, &[sp("A1"), sp("A2")]);
        let f = s.bag_fields;
        let keep: Vec<u8> = (0..56u8).filter(|t| f & bit(*t) != 0).collect();
        bag(s, &keep[..6], &[E::Windfall, E::NewRegistry]);
    });
    assert!(ev.contains(&Event::RegistryToBag {
        tiles: vec![sp("A1"), sp("A2")]
    }));
    assert_eq!(st(&g).registry.count_ones(), 6);
    assert_eq!(st(&g).bag_fields.count_ones(), 2);
    assert_eq!(st(&g).bag_events, E::Windfall.bit(), "set aside, then back");
    assert!(ev.contains(&Event::EventResolved {
        event: E::NewRegistry
    }));
    assert_eq!(prompt(&g), (0, Prompt::Turn));
}

// KH 54: T: pay 3 to the stock for a registry tile; the registry is refilled only after every
// player has had the chance.
#[test]
fn kh54_quick_sale_refills_after_everyone() {
    let (mut g, _) = start_event(&table(2), E::QuickSale, 0, |s| {
        registry(s, &[sp("A1"), sp("A2")]);
        supply(s, 0, many(Crop::Wine, 3));
        supply(s, 1, many(Crop::Hops, 3));
        bag(
            s,
            &[sp("G1"), sp("G2"), sp("G3"), sp("G4"), sp("G5"), sp("G6")],
            &[],
        );
    });
    ok(
        &mut g,
        0,
        Action::QuickSale {
            payment: many(Crop::Wine, 3),
            tile: sp("A1"),
        },
    );
    assert_eq!(st(&g).registry, bit(sp("A2")), "no refill yet");
    ok(
        &mut g,
        1,
        Action::QuickSale {
            payment: many(Crop::Hops, 3),
            tile: sp("A2"),
        },
    );
    assert_eq!(st(&g).registry.count_ones(), 6);
    assert_eq!(fields_of(&g, 0), bit(sp("A1")));
    assert_eq!(fields_of(&g, 1), bit(sp("A2")));
    assert_eq!(supply_of(&g, 0), Counters::ZERO);
}

// KH 55: U: swap a tile of the board with a registry tile; a later player may take it.
#[test]
fn kh55_registry_swap() {
    let (mut g, _) = start_event(&table(2), E::RegistrySwap, 0, |s| {
        registry(s, &[sp("A1")]);
        fields(s, 0, &[sp("D4")]);
        fields(s, 1, &[sp("G8")]);
    });
    let bag0 = st(&g).bag_fields;
    ok(
        &mut g,
        0,
        Action::RegistrySwap {
            give: sp("D4"),
            take: sp("A1"),
        },
    );
    assert_eq!(st(&g).registry, bit(sp("D4")));
    ok(
        &mut g,
        1,
        Action::RegistrySwap {
            give: sp("G8"),
            take: sp("D4"),
        },
    );
    assert_eq!(fields_of(&g, 0), bit(sp("A1")));
    assert_eq!(fields_of(&g, 1), bit(sp("D4")));
    assert_eq!(st(&g).registry, bit(sp("G8")));
    assert_eq!(st(&g).bag_fields, bag0, "nothing drawn");
}

// KH 56: V: harvest any number of unconnected unharvested tiles.
#[test]
fn kh56_remote_harvest() {
    let (a, b) = (sp("A1"), sp("G8"));
    let (mut g, _) = start_event(&table(2), E::RemoteHarvest, 0, |s| {
        fields(s, 0, &[a, b, sp("D4"), sp("D5")]);
    });
    assert!(matches!(
        refused(
            &mut g,
            0,
            Action::RemoteHarvest {
                tiles: vec![sp("D4")],
                instead: vec![]
            }
        ),
        ActionError::NotUnconnected(_)
    ));
    ok(
        &mut g,
        0,
        Action::RemoteHarvest {
            tiles: vec![a, b],
            instead: vec![],
        },
    );
    assert_eq!(st(&g).players[0].harvested, mask(&[a, b]));
    assert_eq!(supply_of(&g, 0), of(&[crop(a), crop(b)]));
}

// KH 57: W: draw; fallow a tile of the board and keep the drawn one, or fallow the drawn one;
// with no tile on the board, the drawn tile goes fallow.
#[test]
fn kh57_replacement() {
    let (mut g, _) = start_event(&table(3), E::Replacement, 0, |s| {
        fields(s, 0, &[sp("A1")]);
        fields(s, 1, &[sp("A3")]);
        bag(s, &[sp("D4"), sp("D6")], &[E::Replacement]);
    });
    assert_eq!(refused(&mut g, 0, Action::Decline), ActionError::Mandatory);
    let Some((0, Prompt::Event { held: Some(d0), .. })) = g.prompt() else {
        panic!("seat 0 holds a drawn tile: {:?}", g.prompt())
    };
    ok(
        &mut g,
        0,
        Action::Replace {
            fallow: Some(sp("A1")),
        },
    );
    assert_eq!(fields_of(&g, 0), bit(d0));
    let Some((1, Prompt::Event { held: Some(d1), .. })) = g.prompt() else {
        panic!("seat 1 holds a drawn tile")
    };
    ok(&mut g, 1, Action::Replace { fallow: None });
    assert!(st(&g).fallow & mask(&[sp("A1"), d1]) == mask(&[sp("A1"), d1]));
    assert_eq!(fields_of(&g, 1), bit(sp("A3")));
    // Seat 2 had nothing on the board: the bag is empty of fields, so KH 30 applies; nothing
    // reaches seat 2's board.
    assert_eq!(fields_of(&g, 2), 0);
    assert_eq!(prompt(&g), (0, Prompt::Turn));
}

// KH 57: a player with no field tile must put the drawn tile fallow.
#[test]
fn kh57_replacement_without_a_board_tile() {
    let (g, ev) = start_event(&table(2), E::Replacement, 0, |s| {
        fields(s, 1, &[sp("A3")]);
        bag(s, &[sp("D4"), sp("D6")], &[E::Replacement]);
    });
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::TileFallowed {
            from: Place::Hands { seat: 0 },
            ..
        }
    )));
    assert_eq!(event_prompt(&g), Some((1, E::Replacement)));
}

// KH 30 (through KH 57): W with a bag holding no field tile: every event in the bag comes out,
// placed with the drawer of the draw, resolved after W; later players draw nothing.
#[test]
fn kh30_no_field_tile_for_an_event_draw() {
    let (g, ev) = start_event(&table(2), E::Replacement, 0, |s| {
        fields(s, 0, &[sp("A1")]);
        fields(s, 1, &[sp("A3")]);
        bag(s, &[], &[E::Replacement, E::Vacation, E::NewCrop]);
    });
    let placed: Vec<(E, u8)> = ev
        .iter()
        .filter_map(|e| match e {
            Event::EventPlaced { event, drawer, .. } => Some((*event, *drawer)),
            _ => None,
        })
        .collect();
    assert_eq!(placed.len(), 2);
    assert!(placed.iter().all(|(_, d)| *d == 0));
    // W finished before the others resolved.
    let w_done = ev
        .iter()
        .position(|e| {
            *e == Event::EventResolved {
                event: E::Replacement,
            }
        })
        .unwrap();
    let others = ev
        .iter()
        .position(|e| matches!(e, Event::EventResolved { event } if *event != E::Replacement))
        .unwrap();
    assert!(w_done < others);
    assert_eq!(st(&g).track.len(), 3);
    assert_eq!(st(&g).bag_events, 0);
    assert_eq!(fields_of(&g, 0), bit(sp("A1")));
    assert_eq!(fields_of(&g, 1), bit(sp("A3")));
    assert_eq!(prompt(&g), (0, Prompt::Turn));
}

// KH 58: X: move a worker to another legal space (judged with it lifted); it does not act.
#[test]
fn kh58_reposition_event() {
    let w = sp("D4");
    let to = sp("F5");
    let (mut g, _) = start_event(&table(2), E::Reposition, 0, |s| {
        fields(s, 0, &nbrs(w)[..2]);
        fields(s, 0, &nbrs(to)[..2]);
        worker(s, 0, Worker::Labourer, w);
    });
    assert!(matches!(
        refused(&mut g, 0, Action::MoveWorker { from: w, to: w }),
        ActionError::BadWorkerSpace(..)
    ));
    let stock = st(&g).stock;
    let ev = ok(&mut g, 0, Action::MoveWorker { from: w, to });
    assert!(!ev.iter().any(|e| matches!(e, Event::WorkerActs { .. })));
    assert_eq!(worker_on(&g, 0, to), Some(Worker::Labourer));
    assert_eq!(worker_on(&g, 0, w), None);
    assert_eq!(st(&g).stock, stock);
}

// KH 59: Y: a farmhand goes beside the board, a townsfolk to the town board.
#[test]
fn kh59_vacation() {
    let (mut g, _) = start_event(&table(2), E::Vacation, 0, |s| {
        worker(s, 0, Worker::Apprentice, sp("A1"));
        worker(s, 1, Worker::Lawyer, sp("G8"));
    });
    ok(&mut g, 0, Action::Vacation { space: sp("A1") });
    ok(&mut g, 1, Action::Vacation { space: sp("G8") });
    assert!(st(&g).players[0].unplayed & 1 != 0);
    assert!(st(&g).town & (1 << (Worker::Lawyer.index() - 6)) != 0);
    assert!(st(&g).players[1].workers.is_empty());
}

// KH 60: Z: the drawer gives each player one counter of their choice, clockwise from the
// drawer, themselves included; once the stock is empty, the others get nothing.
#[test]
fn kh60_windfall() {
    let (mut g, _) = start_event(&table(3), E::Windfall, 1, |_| {});
    let mut order = Vec::new();
    while let Some((seat, Prompt::Event { recipient, .. })) = g.prompt() {
        assert_eq!(seat, 1, "the drawer decides");
        order.push(recipient.unwrap());
        ok(&mut g, 1, Action::Windfall { crop: Crop::Wine });
    }
    assert_eq!(order, vec![1, 2, 0]);
    for seat in 0..3 {
        assert_eq!(supply_of(&g, seat), one(Crop::Wine));
    }
    // A stock of one counter.
    let (mut g, _) = start_event(&table(3), E::Windfall, 0, |s| {
        let mut rest = s.stock;
        rest.0[Crop::Hops.index()] -= 1;
        supply(s, 2, rest);
    });
    assert!(matches!(
        refused(&mut g, 0, Action::Windfall { crop: Crop::Wine }),
        ActionError::Invalid(_)
    ));
    ok(&mut g, 0, Action::Windfall { crop: Crop::Hops });
    assert_eq!(supply_of(&g, 0), one(Crop::Hops));
    assert_eq!(prompt(&g), (0, Prompt::Turn));
}

/// Seat 0 takes a registry tile into the store (action d) on a table with `track` placed
/// events and this bag; the refill needs `need` draws.
fn d_with(
    g0: &farmhand_games::key_harvest::Game,
    track_events: &[E],
    tiles: &[u8],
    events: &[E],
    need: usize,
    f: impl FnOnce(&mut farmhand_games::key_harvest::game::State),
) -> (farmhand_games::key_harvest::Game, Vec<Event>) {
    let reg: Vec<u8> =
        [sp("C1"), sp("C3"), sp("C5"), sp("C7"), sp("E1"), sp("E3")][..7 - need].to_vec();
    let mut g = edit(g0, |s| {
        registry(s, &reg);
        supply(s, 0, one(Crop::Hops));
        let mut evs: Vec<E> = events.to_vec();
        evs.extend_from_slice(track_events);
        bag(s, tiles, &evs);
        track(s, track_events);
        f(s);
    });
    let ev = ok(&mut g, 0, take(reg[0], one(Crop::Hops)));
    (g, ev)
}

/// KH 61's setting, by [`d_with`]: a 2-player table of random stream `seed` with the events
/// `six` on the track, the field tiles G1-G3 and the Vacation in the bag and a refill of three
/// draws (which may place the Vacation on space 7); `f` edits the position as in `d_with`.
fn vacation_on_seven(
    seed: u64,
    six: &[E],
    f: impl FnOnce(&mut farmhand_games::key_harvest::game::State),
) -> (farmhand_games::key_harvest::Game, Vec<Event>) {
    let refill = [sp("G1"), sp("G2"), sp("G3")];
    d_with(&table_seeded(2, seed), six, &refill, &[E::Vacation], 3, f)
}

// KH 61: an event placed on space 7 while someone has fewer than 7 tiles sends spaces 1-2
// back to the bag and moves 3-7 down.
#[test]
fn kh61_question_check_moves_events_down() {
    let six = other_events(6, &[E::Vacation]);
    let mut seen = 0;
    for seed in 0..12 {
        let (g, ev) = vacation_on_seven(seed, &six, |_| {});
        if !ev.iter().any(|e| {
            matches!(
                e,
                Event::EventPlaced {
                    event: E::Vacation,
                    ..
                }
            )
        }) {
            continue;
        }
        seen += 1;
        assert!(ev.contains(&Event::EventPlaced {
            event: E::Vacation,
            space: 7,
            drawer: 0
        }));
        // The first check returns spaces 1 and 2 (the refill may draw them again later).
        let first = ev
            .iter()
            .find_map(|e| match e {
                Event::QuestionCheck { returned } => Some(returned.clone()),
                _ => None,
            })
            .expect("a ? check");
        assert_eq!(first, six[..2].to_vec());
        // Everyone saw them go back (this check's and any later one's): the view lists those
        // still in the bag as such.
        let expect: Vec<E> = ev
            .iter()
            .filter_map(|e| match e {
                Event::QuestionCheck { returned } => Some(returned.clone()),
                _ => None,
            })
            .flatten()
            .filter(|e| st(&g).bag_events & e.bit() != 0)
            .collect();
        assert_returned(&g, expect);
        let placed = ev
            .iter()
            .filter(|e| matches!(e, Event::EventPlaced { .. }))
            .count();
        if placed == 1 {
            let mut expect = six[2..].to_vec();
            expect.push(E::Vacation);
            assert_eq!(st(&g).track, expect);
            assert_eq!(st(&g).bag_events, six[0].bit() | six[1].bit());
        }
    }
    assert!(seen > 0, "no seed drew the event");
}

// KH 61: the site's exception: no field tile in the bag at the check, nothing moves; nor when
// everyone has 7 tiles.
#[test]
fn kh61_question_check_exceptions() {
    let six = other_events(6, &[E::Vacation]);
    let (g, ev) = d_with(&table(2), &six, &[], &[E::Vacation], 1, |_| {});
    assert!(!ev.iter().any(|e| matches!(e, Event::QuestionCheck { .. })));
    assert_eq!(st(&g).track.len(), 7);
    let big: Vec<u8> = (0..14u8)
        .map(|i| sp(&format!("{}{}", (b'A' + i / 7) as char, i % 7 + 1)))
        .collect();
    let mut seen = 0;
    for seed in 0..12 {
        let (g, ev) = vacation_on_seven(seed, &six, |s| {
            fields(s, 0, &big[..7]);
            fields(s, 1, &big[7..]);
        });
        if st(&g).track.len() < 7 {
            continue;
        }
        seen += 1;
        assert!(!ev.iter().any(|e| matches!(e, Event::QuestionCheck { .. })));
    }
    assert!(seen > 0);
}

// KH 62: the tenth event starts the end: the turn finishes, then two more turns each, the
// active player last.
#[test]
fn kh62_tenth_event_two_more_turns_each() {
    let nine = other_events(9, &[E::Vacation]);
    // Each player has two unconnected tiles to harvest, one a turn (no stalemate, KH 17).
    let own = [
        [sp("A1"), sp("A3")],
        [sp("A5"), sp("A7")],
        [sp("G2"), sp("G4")],
    ];
    let (mut g, ev) = d_with(&table(3), &nine, &[], &[E::Vacation], 1, |s| {
        for (seat, t) in own.iter().enumerate() {
            fields(s, seat as u8, t);
        }
    });
    assert!(ev.contains(&Event::EndTriggered { last_turn_seat: 0 }));
    ok(&mut g, 0, Action::EndTurn);
    let mut turns = Vec::new();
    while !g.is_over() {
        let (seat, p) = prompt(&g);
        assert_eq!(p, Prompt::Turn);
        let k = turns.iter().filter(|s| **s == seat).count();
        turns.push(seat);
        ok(&mut g, seat, harvest(&[own[seat as usize][k]]));
        ok(&mut g, seat, Action::EndTurn);
        assert!(turns.len() <= 6);
    }
    assert_eq!(turns, vec![1, 2, 0, 1, 2, 0]);
}

// KH 63: events drawn after the tenth are shown and removed without effect; field tiles are
// still drawn.
#[test]
fn kh63_events_after_the_tenth_are_ignored() {
    let ten = other_events(10, &[E::Vacation]);
    let (g, ev) = d_with(&table(2), &ten, &[sp("G1")], &[E::Vacation], 2, |s| {
        s.end_triggered = true;
    });
    assert!(ev.contains(&Event::EventIgnored { event: E::Vacation }));
    assert!(!ev.iter().any(|e| matches!(e, Event::EventPlaced { .. })));
    assert_eq!(st(&g).track.len(), 10);
    assert!(st(&g).registry & bit(sp("G1")) != 0);
    assert_eq!(g.public_view().ignored, vec![E::Vacation]);
}

// KH 62 (our reading): the tenth event can be drawn by a player who is not on turn, here by
// seat 1 making event W's first draw from a bag without field tiles (KH 30 places the last event
// on space 10). The count still runs from the active player, who takes the very last turn.
#[test]
fn kh62_tenth_event_drawn_off_turn_counts_from_the_active_player() {
    let (g, ev) = start_event(&table(3), E::Replacement, 1, |s| {
        let in_bag: Vec<E> = E::ALL
            .into_iter()
            .filter(|e| s.bag_events & e.bit() != 0 && *e != E::Replacement)
            .collect();
        track(s, &in_bag[..8]);
        bag(s, &[], &[in_bag[8]]);
    });
    assert_eq!(st(&g).turn.active, 0);
    assert!(
        ev.iter().any(|e| matches!(
            e,
            Event::EventPlaced {
                space: 10,
                drawer: 1,
                ..
            }
        )),
        "{ev:?}"
    );
    assert!(ev.contains(&Event::EndTriggered { last_turn_seat: 0 }));
    // The event's parts are done; seat 0's turn goes on, and when it ends the two more turns
    // each begin to its left: six turns, seat 0 last (KH 62).
    let mut g = g;
    assert_eq!(prompt(&g), (0, Prompt::Turn));
    ok(&mut g, 0, Action::EndTurn);
    assert_eq!(st(&g).final_turns, Some(6));
    assert_eq!(prompt(&g), (1, Prompt::Turn));
}
