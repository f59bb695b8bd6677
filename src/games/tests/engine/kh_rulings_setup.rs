//! Key Harvest rulings KH 1-13 (words, components, setup) and KH 68-70 (information), one test
//! per ruling or more, against the public API only.

use crate::kh_common;
use farmhand_games::key_harvest::{
    Action, ActionError, Counters, Crop, Event, EventTile, Game, Options, Prompt, Worker,
};
use kh_common::*;

// KH 1: turn order is seat order; passing the bag makes the next seat active.
#[test]
fn kh1_turn_order_is_seat_order() {
    let mut g = table(3);
    for expected in [0u8, 1, 2, 0, 1] {
        assert_eq!(prompt(&g), (expected, Prompt::Turn));
        assert_eq!(st(&g).turn.active, expected);
        ok(&mut g, expected, Action::EndTurn);
        if g.is_over() {
            break;
        }
    }
}

// KH 2: a group is linked through adjacent field tiles only; a worker tile never links two
// field tiles, and a tile next to only a worker is unconnected.
#[test]
fn kh2_workers_never_link_field_tiles_into_a_group() {
    let b = board();
    // A line a - w - c where w is a worker between two field tiles that do not touch.
    let w = sp("D4");
    let (a, c) = {
        let n = nbrs(w);
        let a = n[0];
        let c = *n
            .iter()
            .find(|&&x| x != a && !b.is_adjacent(a, x))
            .expect("two non-adjacent neighbours");
        (a, c)
    };
    let mut g = edit(&table(2), |s| {
        fields(s, 0, &[a, c]);
        worker(s, 0, Worker::Apprentice, w);
    });
    assert_eq!(g.unconnected(0), mask(&[a, c]));
    let e = refused(&mut g, 0, harvest(&[a, c]));
    assert_eq!(e, ActionError::NotOneGroup);
}

// KH 4: every field tile is in exactly one place; a position breaking this is refused.
#[test]
fn kh4_a_tile_in_two_places_is_refused() {
    let g = table(2);
    let mut snap = g.snapshot();
    let t = snap.state.registry.trailing_zeros() as u8;
    snap.state.players[0].fields |= bit(t);
    assert!(Game::from_snapshot(snap).is_err());
    let mut snap = g.snapshot();
    let t = snap.state.bag_fields.trailing_zeros() as u8;
    snap.state.bag_fields &= !bit(t);
    assert!(Game::from_snapshot(snap).is_err(), "a tile nowhere");
}

// KH 5: 60 counters, 12 per crop, never created or destroyed; setup takes only the starting
// pool from them (no counters for the start-player draw).
#[test]
fn kh5_sixty_counters_and_the_start_draw_uses_none() {
    for n in 2..=4u8 {
        let g = fresh(n, 11);
        let s = st(&g);
        let mut total = s.stock;
        for p in &s.players {
            total.add(&p.supply);
        }
        assert_eq!(total, Counters([12; 5]));
        assert_eq!(s.stock.total(), 60 - s.pool.total());
    }
    let mut snap = table(2).snapshot();
    snap.state.stock.0[0] += 1;
    assert!(Game::from_snapshot(snap).is_err(), "a 61st counter");
}

// KH 7: six farmhands each beside the board, six unique townsfolk on the town board; numbers
// as printed; only the supervisor is mandatory.
#[test]
fn kh7_workers_their_numbers_and_the_mandatory_supervisor() {
    let g = fresh(3, 3);
    for p in &st(&g).players {
        assert_eq!(p.unplayed, 0b11_1111);
        assert!(p.workers.is_empty());
    }
    assert_eq!(st(&g).town, 0b11_1111);
    let numbers: Vec<u8> = Worker::ALL.iter().map(|w| w.number()).collect();
    assert_eq!(numbers, [1, 1, 2, 2, 3, 3, 4, 4, 4, 5, 5, 5]);
    let mandatory: Vec<Worker> = Worker::ALL
        .into_iter()
        .filter(|w| w.is_mandatory())
        .collect();
    assert_eq!(mandatory, [Worker::Supervisor]);
    // A townsfolk on one board is not available to another player.
    let mut g = edit(&table(2), |s| {
        fields(s, 1, &nbrs(sp("D4"))[..5]);
        worker(s, 0, Worker::Lawyer, sp("A1"));
    });
    ok(&mut g, 0, Action::EndTurn);
    let e = refused(&mut g, 1, play(Worker::Lawyer, sp("D4")));
    assert!(matches!(e, ActionError::WorkerUnavailable(_)));
}

// KH 8: a store holds at most 2 tiles.
#[test]
fn kh8_a_store_holds_two_tiles() {
    let r: Vec<u8> = (0..56u8)
        .filter(|t| st(&table(2)).registry & bit(*t) != 0)
        .collect();
    let mut g = edit(&table(2), |s| {
        store(s, 0, sp("A1"), one(Crop::Hops));
        store(s, 0, sp("A2"), one(Crop::Hops));
        supply(s, 0, one(Crop::Wine));
    });
    let e = refused(&mut g, 0, take(r[0], one(Crop::Wine)));
    assert_eq!(e, ActionError::StoreFull);
}

// KH 9: a random seat names the start player, any seat including their own; nobody else may.
#[test]
fn kh9_the_drawn_seat_names_any_start_player() {
    for seed in 0..6 {
        let (g0, ev) = Game::new(board(), &Options { players: 4 }, seed).unwrap();
        let (chooser, p) = g0.prompt().unwrap();
        assert_eq!(p, Prompt::StartPlayer);
        assert!(ev.contains(&Event::Setup {
            players: 4,
            chooser,
            removed: 2
        }));
        let mut g = g0.clone();
        let other = (chooser + 1) % 4;
        assert_eq!(
            refused(&mut g, other, Action::ChooseStartPlayer { seat: other }),
            ActionError::NotYourDecision(chooser)
        );
        for pick in [chooser, (chooser + 2) % 4] {
            let mut g = g0.clone();
            let ev = ok(&mut g, chooser, Action::ChooseStartPlayer { seat: pick });
            assert!(ev.contains(&Event::StartPlayer {
                chooser,
                seat: pick
            }));
            assert_eq!(prompt(&g), (pick, Prompt::Turn));
        }
    }
}

// KH 10: each player has one start pair, both tiles on their own spaces, unharvested; with 2
// or 3 players the undrawn pairs are in the bag.
#[test]
fn kh10_start_pairs_and_the_undrawn_pairs_in_the_bag() {
    for n in 2..=4u8 {
        let (g, ev) = Game::new(board(), &Options { players: n }, 5).unwrap();
        let s = st(&g);
        let mut used = Vec::new();
        let b = board();
        for (i, p) in s.players.iter().enumerate() {
            let pair = &b.start_pairs()[p.start_pair as usize];
            assert_eq!(p.fields, mask(&pair.tiles));
            assert_eq!(p.harvested, 0);
            assert!(ev.contains(&Event::StartPair {
                seat: i as u8,
                colour: pair.colour.clone(),
                tiles: pair.tiles
            }));
            used.push(p.start_pair);
        }
        used.sort_unstable();
        used.dedup();
        assert_eq!(used.len(), n as usize, "different pairs");
        for (i, pair) in b.start_pairs().iter().enumerate() {
            if !used.contains(&(i as u8)) {
                for t in pair.tiles {
                    assert!(
                        s.bag_fields & bit(t) != 0 || s.registry & bit(t) != 0,
                        "an undrawn start tile joins the other field tiles"
                    );
                }
            }
        }
    }
}

// KH 11: 2 players: one counter each of four crops and two of the fifth; each player gets one
// of the doubled crop and two of the other four; all public.
#[test]
fn kh11_two_player_starting_counters() {
    for seed in 0..10 {
        let (g, ev) = Game::new(board(), &Options { players: 2 }, seed).unwrap();
        let s = st(&g);
        let mut pool = s.pool.0;
        pool.sort_unstable();
        assert_eq!(pool, [1, 1, 1, 1, 2]);
        let doubled = Crop::ALL.into_iter().find(|c| s.pool.get(*c) == 2).unwrap();
        let (a, b) = (s.players[0].supply, s.players[1].supply);
        assert_eq!(a.total(), 3);
        assert_eq!(b.total(), 3);
        assert_eq!(plus(a, b), s.pool);
        assert_eq!(a.get(doubled), 1);
        assert_eq!(b.get(doubled), 1);
        assert!(a.0.iter().all(|&k| k <= 1) && b.0.iter().all(|&k| k <= 1));
        // Public: visible to the other player and to everyone.
        for e in &ev {
            if let Event::StartingCounters { .. } = e {
                assert!(
                    e.visible_to(None, 2) && e.visible_to(Some(0), 2) && e.visible_to(Some(1), 2)
                );
            }
        }
        assert_eq!(s.players[0].hidden, Counters::ZERO);
    }
}

// KH 12: 3 players: a pool of 9 (2,2,2,2,1); 4 players: 12 (3,3,2,2,2); each draws 3 at
// random, the whole pool.
#[test]
fn kh12_three_and_four_player_pools() {
    for (n, shape) in [(3u8, [1u8, 2, 2, 2, 2]), (4, [2, 2, 2, 3, 3])] {
        let mut seen_crops = 0u32;
        for seed in 0..8 {
            let (g, _) = Game::new(board(), &Options { players: n }, seed).unwrap();
            let s = st(&g);
            let mut pool = s.pool.0;
            pool.sort_unstable();
            assert_eq!(pool, shape);
            let mut all = Counters::ZERO;
            for p in &s.players {
                assert_eq!(p.supply.total(), 3);
                assert_eq!(p.hidden, p.supply, "all three hidden from the others");
                all.add(&p.supply);
            }
            assert_eq!(all, s.pool);
            let odd = Crop::ALL
                .into_iter()
                .position(|c| s.pool.get(c) == shape[0])
                .unwrap();
            seen_crops |= 1 << odd;
        }
        assert!(seen_crops.count_ones() > 1, "the odd crop is random");
    }
}

// KH 13: the registry is drawn before the events go in; the bag then holds 46+14 (2p),
// 44+12 (3p), 42+12 (4p); 3-4 players lose 2 events unseen.
#[test]
fn kh13_stock_bag_registry_and_events() {
    for (n, f, e) in [(2u8, 46u32, 14u32), (3, 44, 12), (4, 42, 12)] {
        for seed in 0..5 {
            let (g, ev) = Game::new(board(), &Options { players: n }, seed).unwrap();
            let s = st(&g);
            assert_eq!(s.registry.count_ones(), 6);
            assert_eq!(s.bag_fields.count_ones(), f);
            assert_eq!(s.bag_events.count_ones(), e);
            assert_eq!(s.removed_events.count_ones(), 14 - e);
            assert!(s.track.is_empty());
            let to_registry = ev
                .iter()
                .filter(|x| matches!(x, Event::TileToRegistry { .. }))
                .count();
            assert_eq!(to_registry, 6);
            assert!(!ev.iter().any(|x| matches!(x, Event::EventPlaced { .. })));
        }
    }
}

// KH 68: boards, stores, registry, fallow, town, stock and bag counts are public.
#[test]
fn kh68_the_public_view() {
    let g = edit(&table(3), |s| {
        fields(s, 1, &[sp("C3"), sp("C4")]);
        store(s, 2, sp("A1"), one(Crop::Wine));
        worker(s, 1, Worker::Merchant, sp("A8"));
    });
    let v = g.public_view();
    assert_eq!(v.seats[1].fields, mask(&[sp("C3"), sp("C4")]));
    assert_eq!(v.seats[2].store[0].tile, sp("A1"));
    assert_eq!(v.seats[2].store[0].bid, one(Crop::Wine));
    assert!(!v.town.contains(&Worker::Merchant));
    assert_eq!(v.seats[1].unplayed.len(), 6);
    assert_eq!(v.stock, st(&g).stock);
    assert_eq!(v.registry, st(&g).registry);
    assert_eq!(v.bag_fields, st(&g).bag_fields.count_ones());
    assert_eq!(v.bag_events, st(&g).bag_events.count_ones());
}

// KH 69: in 3-4 player games the starting counters and the removed events are hidden; the
// removed events are shown at the end. In 2-player games the starting counters are public.
#[test]
fn kh69_hidden_starting_counters_and_removed_events() {
    let (g, ev) = Game::new(board(), &Options { players: 3 }, 9).unwrap();
    for e in &ev {
        if let Event::StartingCounters { seat, .. } = e {
            assert!(e.visible_to(Some(*seat), 3));
            assert!(!e.visible_to(None, 3));
            assert!(!e.visible_to(Some((*seat + 1) % 3), 3));
        }
    }
    let v = g.public_view();
    assert_eq!(v.removed, None, "removed events hidden during play");
    for sv in &v.seats {
        assert_eq!(sv.known, Counters::ZERO);
        assert_eq!(sv.unknown, 3);
    }
    assert_eq!(g.player_view(1).supply, st(&g).players[1].supply);
    let removed: Vec<EventTile> = EventTile::ALL
        .into_iter()
        .filter(|e| st(&g).removed_events & e.bit() != 0)
        .collect();
    assert_eq!(removed.len(), 2);
    // Play to the end by stalemate: the removed events and all supplies are shown.
    let mut g = g;
    let (c, _) = prompt(&g);
    ok(&mut g, c, Action::ChooseStartPlayer { seat: 0 });
    let mut last = Vec::new();
    for seat in 0..3 {
        last = ok(&mut g, seat, Action::EndTurn);
    }
    assert!(g.is_over());
    assert_eq!(g.public_view().removed, Some(removed.clone()));
    assert!(last.iter().any(|e| matches!(e,
        Event::GameEnded { removed_events, .. } if *removed_events == removed)));
    for sv in &g.public_view().seats {
        assert_eq!(sv.unknown, 0);
    }
}

// KH 70: others see known counters plus "?"; paying a crop with no known counter reveals one
// "?" as that crop; gains are known.
#[test]
fn kh70_counter_view_reveals_hidden_counters_when_spent() {
    let g = fresh(3, 21);
    let hidden = st(&g).players[0].supply;
    let c = hidden.crops().next().unwrap();
    let r = st(&g).registry.trailing_zeros() as u8;
    let mut g = g;
    ok(&mut g, 0, take(r, one(c)));
    let v = g.public_view();
    assert_eq!(v.seats[0].unknown, 2);
    assert_eq!(st(&g).players[0].hidden, minus(hidden, one(c)));
    assert_eq!(v.seats[0].total(), st(&g).players[0].supply.total());
    // A counter gained openly is known to all.
    let g = edit(&g, |s| supply(s, 0, one(Crop::Wheat)));
    let v = g.public_view();
    assert_eq!(v.seats[0].known, one(Crop::Wheat));
    assert_eq!(v.seats[0].total(), 3);
}
