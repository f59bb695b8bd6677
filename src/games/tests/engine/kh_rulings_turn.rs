//! Key Harvest rulings KH 14-32 (the turn, the four actions, displacement and chains, draws
//! from the bag), with KH 3 and KH 6, against the public API only.

use crate::kh_common;
use farmhand_games::key_harvest::game::{Frame, State};
use farmhand_games::key_harvest::{
    Action, ActionError, Choice, Counters, Crop, DeclinedWhat, Event, EventTile, Game, Place,
    Prompt, Space, TurnAction, Worker,
};
use kh_common::*;

/// Three tiles in a line: a-b and b-c adjacent, a-c not.
fn line() -> (u8, u8, u8) {
    let (a, b, c) = (sp("C3"), sp("C4"), sp("C5"));
    let bd = board();
    assert!(bd.is_adjacent(a, b) && bd.is_adjacent(b, c) && !bd.is_adjacent(a, c));
    (a, b, c)
}

fn reg(g: &Game) -> Vec<u8> {
    (0..56u8)
        .filter(|t| st(g).registry & bit(*t) != 0)
        .collect()
}

// KH 14: up to two different actions, each at most once.
#[test]
fn kh14_two_different_actions_each_once() {
    let (a, b, _) = line();
    let mut g = edit(&table(2), |s| {
        fields(s, 0, &[a, b]);
        fields(s, 0, &[sp("G8")]);
        supply(s, 0, of(&[Crop::Hops, Crop::Wine]));
    });
    ok(&mut g, 0, harvest(&[a]));
    let e = refused(&mut g, 0, harvest(&[sp("G8")]));
    assert_eq!(e, ActionError::ActionUsed('a'));
    let r = reg(&g);
    ok(&mut g, 0, take(r[0], one(Crop::Hops)));
    // Still seat 0: a second tile of (d) is possible, but no third action.
    assert_eq!(prompt(&g), (0, Prompt::Turn));
    let e = refused(&mut g, 0, Action::RemoveWorker { space: sp("A1") });
    assert_eq!(e, ActionError::TwoActionsDone);
    ok(&mut g, 0, Action::EndTurn);
    assert_eq!(prompt(&g), (1, Prompt::Turn));
}

/// Where KH 15's worker stands: seat 0's fields on four of its neighbours make room for it.
const KH15_WORKER: &str = "D4";

/// KH 15's table: seat 1's store offers A1 for one hops; seat 0 holds `supply0` and, with
/// `worker_room`, the four fields around [`KH15_WORKER`].
fn kh15_table(worker_room: bool, supply0: &[Crop]) -> Game {
    let room = if worker_room {
        nbrs(sp(KH15_WORKER))[..4].to_vec()
    } else {
        vec![]
    };
    edit(&table(2), |s| {
        fields(s, 0, &room);
        store(s, 1, sp("A1"), one(Crop::Hops));
        supply(s, 0, of(supply0));
    })
}

// KH 15: (c) may not follow (d).
#[test]
fn kh15_c_never_after_d() {
    let mut g = kh15_table(false, &[Crop::Hops, Crop::Wine]);
    let r = reg(&g);
    ok(&mut g, 0, take(r[0], one(Crop::Wine)));
    let e = refused(&mut g, 0, buy(1, sp("A1")));
    assert_eq!(e, ActionError::StoresAfterRegistry);
}

// KH 15: (c) then (d) is fine.
#[test]
fn kh15_c_then_d_is_legal() {
    let mut g = kh15_table(false, &[Crop::Hops, Crop::Wine]);
    ok(&mut g, 0, buy(1, sp("A1")));
    let r = reg(&g);
    ok(&mut g, 0, take(r[0], one(Crop::Wine)));
    assert_eq!(st(&g).players[0].store.len(), 1);
    assert!(fields_of(&g, 0) & bit(sp("A1")) != 0);
}

// KH 15: the storekeeper's placement is not (d): (b) storekeeper then (c) is legal.
#[test]
fn kh15_storekeeper_then_c_is_legal() {
    let w = sp(KH15_WORKER);
    let mut g = kh15_table(true, &[Crop::Hops, Crop::Wine]);
    ok(&mut g, 0, play(Worker::Storekeeper, w));
    let r = reg(&g);
    ok(
        &mut g,
        0,
        Action::Storekeeper {
            tile: r[0],
            bid: one(Crop::Wine),
        },
    );
    assert_eq!(prompt(&g), (0, Prompt::Turn));
    ok(&mut g, 0, buy(1, sp("A1")));
    assert!(fields_of(&g, 0) & bit(sp("A1")) != 0);
}

// KH 15: a merchant's purchase is not (c): (d) then (b) merchant is legal.
#[test]
fn kh15_d_then_merchant_is_legal() {
    let w = sp(KH15_WORKER);
    let mut g = kh15_table(true, &[Crop::Wheat, Crop::Wine]);
    let r = reg(&g);
    ok(&mut g, 0, take(r[0], one(Crop::Wheat)));
    ok(&mut g, 0, play(Worker::Merchant, w));
    ok(
        &mut g,
        0,
        Action::Merchant {
            owner: 1,
            tile: sp("A1"),
            payment: one(Crop::Wine),
        },
    );
    assert!(fields_of(&g, 0) & bit(sp("A1")) != 0);
    assert_eq!(supply_of(&g, 1), of(&[Crop::Hops, Crop::Wine]));
}

// KH 16: the turn ends at once after two actions and everything they set off.
#[test]
fn kh16_turn_ends_after_two_actions() {
    let (a, b, _) = line();
    let w = sp("F6");
    let around = nbrs(w);
    let mut g = edit(&table(2), |s| {
        fields(s, 0, &[a, b]);
        fields(s, 0, &around[..1]);
    });
    ok(&mut g, 0, harvest(&[a, b]));
    let ev = ok(&mut g, 0, play(Worker::Apprentice, w));
    assert_ability(&g, Worker::Apprentice, w, false);
    assert!(!ev.iter().any(|e| matches!(e, Event::TurnEnded { .. })));
    let ev = ok(
        &mut g,
        0,
        Action::Apprentice {
            tile: around[0],
            instead: vec![],
        },
    );
    assert_turn_passed(&g, &ev, 0, 2, 1);
}

// KH 16, 70: after one tile of (c) as the second action, the turn ends by itself only when what
// the others see proves that no second tile is possible: hidden starting counters count as any
// crop. Otherwise the player is asked (and ends the turn), whatever the hidden counters hold, so
// the table learns nothing about them.
#[test]
fn kh16_hidden_counters_never_end_the_turn_by_themselves() {
    let (a, _, _) = line();
    let (t1, t2) = (sp("G2"), sp("G3"));
    // Seat 0 holds one known hops (for seat 1's bid) and one unrevealed starting counter, of
    // `secret`; seat 2's store asks one wheat.
    let at = |secret: Option<Crop>| {
        let mut g = edit(&table(3), |s| {
            fields(s, 0, &[a]);
            store(s, 1, t1, one(Crop::Hops));
            store(s, 2, t2, one(Crop::Wheat));
            supply(s, 0, one(Crop::Hops));
            if let Some(c) = secret {
                supply(s, 0, one(c));
                s.players[0].hidden = one(c);
            }
        });
        ok(&mut g, 0, harvest(&[a]));
        let ev = ok(&mut g, 0, buy(1, t1));
        (g, ev)
    };
    for secret in [Crop::Wheat, Crop::Hops] {
        let (mut g, ev) = at(Some(secret));
        assert!(
            !ev.iter().any(|e| matches!(e, Event::TurnEnded { .. })),
            "a hidden {secret:?} might be wheat: the turn waits"
        );
        assert_eq!(prompt(&g), (0, Prompt::Turn));
        assert_eq!(g.public_view().turn_last, Some((TurnAction::FromStores, 1)));
        let can_buy = g
            .legal_actions(0)
            .iter()
            .any(|c| matches!(c, Choice::BuyFromStore { .. }));
        assert_eq!(can_buy, secret == Crop::Wheat, "only a real wheat pays");
        assert!(g.legal_actions(0).contains(&Choice::EndTurn));
        let ev = ok(&mut g, 0, Action::EndTurn);
        assert_turn_passed(&g, &ev, 0, 2, 1);
    }
    // Nothing hidden and no wheat known: everyone sees that no second tile is possible.
    let (g, ev) = at(None);
    assert_turn_passed(&g, &ev, 0, 2, 1);
}

// KH 17: a whole round without an action ends the game.
#[test]
fn kh17_a_round_without_actions_is_a_stalemate() {
    let (a, _, _) = line();
    let mut g = edit(&table(3), |s| fields(s, 1, &[a]));
    ok(&mut g, 0, Action::EndTurn);
    ok(&mut g, 1, harvest(&[a]));
    ok(&mut g, 1, Action::EndTurn);
    ok(&mut g, 2, Action::EndTurn);
    ok(&mut g, 0, Action::EndTurn);
    assert!(!g.is_over(), "seat 1 acted within the last round");
    let ev = ok(&mut g, 1, Action::EndTurn);
    assert!(ev.contains(&Event::Stalemate));
    assert!(g.is_over());
    assert!(g.score_pad().is_some());
}

// KH 18: harvest tiles of one group that need not touch; a harvested tile gives nothing.
#[test]
fn kh18_harvest_any_unharvested_tiles_of_one_group() {
    let (a, b, c) = line();
    let mut g = edit(&table(2), |s| {
        fields(s, 0, &[a, b, c]);
        harvested(s, 0, &[b]);
    });
    let e = refused(&mut g, 0, harvest(&[b]));
    assert!(matches!(e, ActionError::AlreadyHarvested(_)));
    let stock = st(&g).stock;
    let ev = ok(&mut g, 0, harvest(&[a, c]));
    let gained = of(&[crop(a), crop(c)]);
    assert!(ev.contains(&Event::Harvested {
        seat: 0,
        tiles: vec![a, c],
        gained
    }));
    assert_eq!(supply_of(&g, 0), gained);
    assert_eq!(st(&g).stock, minus(stock, gained));
    assert_eq!(st(&g).players[0].harvested, mask(&[a, b, c]));
}

// KH 19: placement: never on a field tile, enough adjacent field tiles, no adjacent worker,
// replace only a strictly lower worker.
#[test]
fn kh19_worker_placement_rules() {
    let w = sp("D4");
    let around = nbrs(w);
    let far = sp("A8");
    let mut g = edit(&table(2), |s| {
        fields(s, 0, &around[..3]);
        fields(s, 0, &nbrs(far)[..1]);
    });
    // On a field tile.
    let e = refused(&mut g, 0, play(Worker::Apprentice, around[0]));
    assert!(matches!(e, ActionError::BadWorkerSpace(..)));
    // Too few adjacent tiles: 3 around w, the merchant needs 4.
    let e = refused(&mut g, 0, play(Worker::Merchant, w));
    assert!(matches!(e, ActionError::BadWorkerSpace(..)));
    // Exactly 3: the skilled worker goes (harvested tiles count too).
    let mut g2 = edit(&g, |s| harvested(s, 0, &around[..3]));
    ok(&mut g2, 0, play(Worker::SkilledWorker, w));
    assert_eq!(worker_on(&g2, 0, w), Some(Worker::SkilledWorker));
    // Next to another worker.
    let next = *nbrs(w)
        .iter()
        .find(|s| !around[..3].contains(s))
        .expect("a free neighbour");
    let mut g3 = edit(&g, |s| worker(s, 0, Worker::CasualWorker, next));
    let e = refused(&mut g3, 0, play(Worker::Apprentice, w));
    assert!(matches!(e, ActionError::BadWorkerSpace(..)));
    // Replacing: an equal worker no, a strictly lower one yes (it goes back, KH 20).
    let mut g4 = edit(&g, |s| worker(s, 0, Worker::Labourer, w));
    let e = refused(&mut g4, 0, play(Worker::UnskilledWorker, w));
    assert!(matches!(e, ActionError::BadWorkerSpace(..)));
    let ev = ok(&mut g4, 0, play(Worker::Supervisor, w));
    assert!(ev.contains(&Event::WorkerReturned {
        seat: 0,
        worker: Worker::Labourer,
        space: w
    }));
    assert_eq!(worker_on(&g4, 0, w), Some(Worker::Supervisor));
}

/// A two-player table where seat 0 has field tiles on two of the spaces around D4 (and what
/// `more` adds): D4, the spaces around it, and the game.
fn beside_two_fields(more: impl FnOnce(&mut State, Space)) -> (Space, Vec<Space>, Game) {
    let w = sp("D4");
    let around = nbrs(w);
    let g = edit(&table(2), |s| {
        fields(s, 0, &around[..2]);
        more(s, w);
    });
    (w, around, g)
}

// KH 20: a replaced worker goes back at once and does not act; play and remove are both (b).
#[test]
fn kh20_replaced_worker_goes_back_without_acting_and_b_once() {
    let (w, _, mut g) = beside_two_fields(|s, w| {
        worker(s, 0, Worker::Apprentice, w);
        worker(s, 0, Worker::Labourer, sp("A8"));
    });
    let stock = st(&g).stock;
    let ev = ok(&mut g, 0, play(Worker::UnskilledWorker, w));
    assert!(ev.contains(&Event::WorkerReturned {
        seat: 0,
        worker: Worker::Apprentice,
        space: w
    }));
    assert!(!ev.iter().any(|e| matches!(
        e,
        Event::WorkerActs {
            worker: Worker::Apprentice,
            ..
        }
    )));
    assert_eq!(st(&g).stock, stock, "the apprentice gave nothing");
    assert!(st(&g).players[0].unplayed & (1 << Worker::Apprentice.index()) != 0);
    // The unskilled worker finds nothing harvested and the turn goes on; (b) again is refused.
    assert_eq!(prompt(&g), (0, Prompt::Turn));
    let e = refused(&mut g, 0, Action::RemoveWorker { space: sp("A8") });
    assert_eq!(e, ActionError::ActionUsed('b'));
}

// KH 21: an optional ability may be declined; the worker stays and scores; later changes never
// remove it.
#[test]
fn kh21_declined_ability_worker_stays() {
    let (w, around, mut g) = beside_two_fields(|_, _| {});
    ok(&mut g, 0, play(Worker::Labourer, w));
    let stock = st(&g).stock;
    let ev = ok(&mut g, 0, Action::Decline);
    assert!(ev.contains(&Event::Declined {
        seat: 0,
        what: Some(DeclinedWhat::Ability {
            worker: Worker::Labourer
        })
    }));
    assert_eq!(st(&g).stock, stock);
    assert_eq!(worker_on(&g, 0, w), Some(Worker::Labourer));
    // A field tile next to it leaves later (an edit standing in for F): the labourer stays.
    let g = edit(&g, |s| {
        take_tile(s, around[0]);
        s.fallow |= bit(around[0]);
    });
    assert_eq!(worker_on(&g, 0, w), Some(Worker::Labourer));
}

// KH 22: (c) takes one or two tiles one at a time, from different stores.
#[test]
fn kh22_two_tiles_from_stores_one_at_a_time() {
    let mut g = edit(&table(3), |s| {
        store(s, 1, sp("A1"), one(Crop::Hops));
        store(s, 2, sp("G8"), one(Crop::Wine));
        store(s, 2, sp("A3"), one(Crop::Wine));
        supply(s, 0, of(&[Crop::Hops, Crop::Wine]));
    });
    ok(&mut g, 0, buy(1, sp("A1")));
    ok(&mut g, 0, buy(2, sp("G8")));
    assert_eq!(fields_of(&g, 0), mask(&[sp("A1"), sp("G8")]));
    // A third tile is not part of (c).
    let mut g = edit(&g, |s| supply(s, 0, one(Crop::Wine)));
    let e = refused(&mut g, 0, buy(2, sp("A3")));
    assert_eq!(e, ActionError::ActionUsed('c'));
}

// KH 22: counters gained between the two tiles (a repositioned apprentice) may pay for the
// second.
#[test]
fn kh22_counters_gained_in_between_pay_for_the_second() {
    let t1 = sp("D4");
    let new = sp("F5");
    let nb_new = nbrs(new);
    let mut g = edit(&table(2), |s| {
        fields(s, 0, &nb_new[..1]);
        worker(s, 0, Worker::Apprentice, t1);
        store(s, 1, t1, one(Crop::Hops));
        store(s, 1, sp("A1"), one(crop(nb_new[0])));
        supply(s, 0, one(Crop::Hops));
    });
    ok(&mut g, 0, buy(1, t1));
    assert!(matches!(prompt(&g).1, Prompt::Reposition { .. }));
    ok(&mut g, 0, Action::Reposition { space: new });
    ok(
        &mut g,
        0,
        Action::Apprentice {
            tile: nb_new[0],
            instead: vec![],
        },
    );
    assert_eq!(supply_of(&g, 0), one(crop(nb_new[0])));
    ok(&mut g, 0, buy(1, sp("A1")));
    assert!(fields_of(&g, 0) & bit(sp("A1")) != 0);
}

// KH 23: exact bid matching; bid and payment to the owner; your own bid to the stock.
#[test]
fn kh23_exact_bid_and_where_it_goes() {
    let bid = of(&[Crop::Hops, Crop::Wine]);
    let mut g = edit(&table(2), |s| {
        store(s, 1, sp("A1"), bid);
        store(s, 0, sp("A3"), one(Crop::Wheat));
        supply(s, 0, of(&[Crop::Hops, Crop::Hops]));
    });
    let e = refused(&mut g, 0, buy(1, sp("A1")));
    assert!(matches!(e, ActionError::CannotPay(_)));
    // Own store: the bid goes to the stock.
    let stock = st(&g).stock;
    ok(&mut g, 0, buy(0, sp("A3")));
    assert_eq!(st(&g).stock, plus(stock, one(Crop::Wheat)));
    // Now with the right counters: the owner gets bid + payment.
    let mut g = edit(&g, |s| supply(s, 0, one(Crop::Wine)));
    let ev = ok(&mut g, 0, buy(1, sp("A1")));
    assert_eq!(supply_of(&g, 1), plus(bid, bid));
    assert_eq!(supply_of(&g, 0), one(Crop::Hops));
    assert!(ev.contains(&Event::Paid {
        seat: 0,
        to: Some(1),
        counters: bid
    }));
    assert!(ev.contains(&Event::TileAcquired {
        seat: 0,
        tile: sp("A1"),
        from: Place::Store { owner: 1 }
    }));
}

// KH 24: (d) needs room and a counter; the registry refills before the second tile.
#[test]
fn kh24_registry_to_store_then_refill_then_second_tile() {
    let mut g = edit(&table(2), |s| supply(s, 0, of(&[Crop::Hops, Crop::Wine])));
    let r = reg(&g);
    let e = refused(&mut g, 0, take(r[0], Counters::ZERO));
    assert_eq!(e, ActionError::EmptyBid);
    let e = refused(&mut g, 0, take(r[0], one(Crop::Wheat)));
    assert!(matches!(e, ActionError::CannotPay(_)));
    // Only field tiles in the bag, so the refill is a plain draw.
    let mut g = edit(&g, |s| {
        let f = s.bag_fields;
        let keep: Vec<u8> = (0..56u8).filter(|t| f & bit(*t) != 0).collect();
        bag(s, &keep, &[]);
    });
    let ev = ok(&mut g, 0, take(r[0], one(Crop::Hops)));
    assert_eq!(st(&g).registry.count_ones(), 6);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::TileToRegistry {
            from: Place::Bag,
            ..
        }
    )));
    let r2 = reg(&g);
    ok(&mut g, 0, take(r2[0], one(Crop::Wine)));
    assert_eq!(st(&g).players[0].store.len(), 2);
    assert_eq!(st(&g).players[0].store[0].bid, one(Crop::Hops));
}

// KH 25: a store tile stays with its bid until someone acquires it; nobody can discard it.
#[test]
fn kh25_store_tile_stays_with_its_bid() {
    let mut g = edit(&table(2), |s| store(s, 0, sp("A1"), one(Crop::Hops)));
    for seat in [0, 1] {
        ok(&mut g, seat, Action::EndTurn);
        if g.is_over() {
            break;
        }
    }
    assert_eq!(st(&g).players[0].store[0].tile, sp("A1"));
    assert_eq!(st(&g).players[0].store[0].bid, one(Crop::Hops));
}

// KH 26: a tile acquired onto one's own worker displaces it; it may be repositioned legally
// (the new tile counts) and acts again, or go back.
#[test]
fn kh26_displaced_worker_repositions_and_acts_again() {
    let t = sp("D4");
    let g = edit(&table(2), |s| {
        worker(s, 0, Worker::Labourer, t);
        store(s, 1, t, one(Crop::Hops));
        supply(s, 0, one(Crop::Hops));
    });
    // The only tiles near any free space are t and one more.
    let other = nbrs(t)[0];
    let g0 = edit(&g, |s| fields(s, 0, &[other]));
    let mut g = g0.clone();
    let ev = ok(&mut g, 0, buy(1, t));
    assert!(ev.contains(&Event::WorkerDisplaced {
        seat: 0,
        worker: Worker::Labourer,
        space: t
    }));
    assert_eq!(
        prompt(&g),
        (
            0,
            Prompt::Reposition {
                worker: Worker::Labourer,
                from: t
            }
        )
    );
    // A space next to t and `other`: two adjacent tiles, the new tile counting.
    let target = *nbrs(t)
        .iter()
        .find(|s| **s != other && board().is_adjacent(**s, other))
        .expect("a common neighbour");
    let lonely = sp("G8");
    let e = refused(&mut g, 0, Action::Reposition { space: lonely });
    assert!(matches!(e, ActionError::BadWorkerSpace(..)));
    ok(&mut g, 0, Action::Reposition { space: target });
    assert_ability(&g, Worker::Labourer, target, false);
    ok(
        &mut g,
        0,
        Action::Labourer {
            crops: vec![Crop::Wine, Crop::Wine],
        },
    );
    assert_eq!(supply_of(&g, 0), many(Crop::Wine, 2));
    // Declining the reposition: the worker goes back beside the board.
    let mut g = g0;
    ok(&mut g, 0, buy(1, t));
    let ev = ok(&mut g, 0, Action::Decline);
    assert!(ev.contains(&Event::WorkerReturned {
        seat: 0,
        worker: Worker::Labourer,
        space: t
    }));
    assert!(st(&g).players[0].unplayed & (1 << Worker::Labourer.index()) != 0);
    assert_eq!(
        prompt(&g),
        (0, Prompt::Turn),
        "the reposition is not an action"
    );
}

// KH 26: a repositioned worker may replace a strictly lower worker, which goes back; with no
// legal space the worker goes back by itself.
#[test]
fn kh26_reposition_replaces_lower_or_goes_back() {
    let t = sp("D4");
    let low = sp("G8");
    let g = edit(&table(2), |s| {
        worker(s, 0, Worker::Labourer, t);
        worker(s, 0, Worker::Apprentice, low);
        fields(s, 0, &nbrs(low)[..2]);
        store(s, 1, t, one(Crop::Hops));
        supply(s, 0, one(Crop::Hops));
    });
    let mut g2 = g.clone();
    ok(&mut g2, 0, buy(1, t));
    let ev = ok(&mut g2, 0, Action::Reposition { space: low });
    assert!(ev.contains(&Event::WorkerReturned {
        seat: 0,
        worker: Worker::Apprentice,
        space: low
    }));
    assert_eq!(worker_on(&g2, 0, low), Some(Worker::Labourer));
    // No legal space at all: a supervisor (3) with only t and two tiles around.
    let mut g = edit(&g, |s| {
        let i = s.players[0].workers.iter().position(|x| x.0 == t).unwrap();
        s.players[0].workers.remove(i);
        s.players[0].unplayed |= 1 << Worker::Labourer.index();
        worker(s, 0, Worker::Supervisor, t);
    });
    let ev = ok(&mut g, 0, buy(1, t));
    assert!(ev.contains(&Event::WorkerReturned {
        seat: 0,
        worker: Worker::Supervisor,
        space: t
    }));
    assert_eq!(prompt(&g), (0, Prompt::Turn));
}

// KH 27: a chain: the second use of an ability acquires a tile for another worker's space,
// and KH 26 applies again before the action goes on.
#[test]
fn kh27_chains_resolve_before_the_action_goes_on() {
    // Buying t1 displaces the merchant; repositioned, it buys t2 from seat 1's store, which
    // displaces the labourer standing on t2; that chain ends before (c)'s second tile.
    let t1 = sp("D4");
    let t2 = sp("A8");
    let target = sp("F5");
    let mut g = edit(&table(2), |s| {
        fields(s, 0, &nbrs(target)[..4]);
        worker(s, 0, Worker::Merchant, t1);
        worker(s, 0, Worker::Labourer, t2);
        store(s, 1, t1, one(Crop::Hops));
        store(s, 1, t2, one(Crop::Wine));
        supply(s, 0, of(&[Crop::Hops, Crop::Wheat]));
    });
    assert!(!board().is_adjacent(target, t2) && !board().is_adjacent(target, t1));
    ok(&mut g, 0, buy(1, t1));
    ok(&mut g, 0, Action::Reposition { space: target });
    ok(
        &mut g,
        0,
        Action::Merchant {
            owner: 1,
            tile: t2,
            payment: one(Crop::Wheat),
        },
    );
    assert_eq!(
        prompt(&g),
        (
            0,
            Prompt::Reposition {
                worker: Worker::Labourer,
                from: t2
            }
        )
    );
    ok(&mut g, 0, Action::Decline);
    assert_eq!(prompt(&g), (0, Prompt::Turn));
    assert_eq!(fields_of(&g, 0) & mask(&[t1, t2]), mask(&[t1, t2]));
}

// KH 28: refill draws fill every empty registry space; an event drawn is placed and resolved
// at once, then drawing goes on.
#[test]
fn kh28_refill_resolves_events_and_goes_on() {
    let mut g = edit(&table(2), |s| {
        supply(s, 0, one(Crop::Hops));
        registry(s, &[sp("C1"), sp("C3"), sp("C5"), sp("C7")]);
        // Y (vacation) with no workers anywhere resolves with nothing to do.
        bag(s, &[sp("A1"), sp("A2")], &[EventTile::Vacation]);
    });
    let r = reg(&g);
    let ev = ok(&mut g, 0, take(r[0], one(Crop::Hops)));
    assert!(ev.contains(&Event::EventPlaced {
        event: EventTile::Vacation,
        space: 1,
        drawer: 0
    }));
    assert!(ev.contains(&Event::EventResolved {
        event: EventTile::Vacation
    }));
    // Three spaces were empty: the whole bag (two field tiles, one event) was drawn.
    assert_eq!(st(&g).registry.count_ones(), 5);
    assert_eq!(st(&g).bag_events, 0);
    assert_eq!(st(&g).bag_fields, 0);
    assert_eq!(st(&g).track, vec![EventTile::Vacation]);
}

// KH 29: event draws set events aside until a field tile comes; then they go back.
#[test]
fn kh29_event_draws_set_events_aside() {
    let w = sp("D4");
    for seed_tile in ["A1", "G8", "B2"] {
        let mut g = edit(&table(2), |s| {
            fields(s, 0, &nbrs(w)[..5]);
            bag(
                s,
                &[sp(seed_tile)],
                &[EventTile::Windfall, EventTile::Exchange],
            );
        });
        ok(&mut g, 0, play(Worker::Trader, w));
        let ev = ok(&mut g, 0, Action::TraderDraw);
        assert!(!ev.iter().any(|e| matches!(e, Event::EventPlaced { .. })));
        let aside = ev
            .iter()
            .filter(|e| matches!(e, Event::EventSetAside { .. }))
            .count();
        if aside > 0 {
            assert!(ev.iter().any(|e| matches!(e, Event::EventsToBag { .. })));
        }
        // Everyone saw the events set aside go back: the view says they are in the bag (not
        // removed at setup).
        let expect: Vec<EventTile> = ev
            .iter()
            .filter_map(|e| match e {
                Event::EventSetAside { event } => Some(*event),
                _ => None,
            })
            .collect();
        assert_returned(&g, expect);
        assert_eq!(
            st(&g).bag_events,
            EventTile::Windfall.bit() | EventTile::Exchange.bit()
        );
        assert_eq!(
            prompt(&g).1,
            Prompt::KeepDrawn {
                tile: sp(seed_tile)
            }
        );
        assert!(st(&g).track.is_empty());
    }
}

// KH 31: an event drawn while another is being resolved (a repositioned storekeeper's refill
// during U) is placed at once but resolved only after the current event has finished.
#[test]
fn kh31_events_never_nest() {
    let t = sp("D4");
    let target = sp("F5");
    let g = edit(&table(2), |s| {
        fields(s, 0, &nbrs(target)[..4]);
        fields(s, 0, &[sp("A1")]);
        fields(s, 1, &[sp("G3")]);
        worker(s, 0, Worker::Storekeeper, t);
        registry(s, &[t, sp("A8"), sp("G1")]);
        supply(s, 0, one(Crop::Hops));
        bag(s, &[], &[EventTile::Vacation, EventTile::RegistrySwap]);
        track(s, &[EventTile::RegistrySwap]);
        s.stack.push(Frame::new_event(EventTile::RegistrySwap, 0));
    });
    let mut g = g;
    ok(
        &mut g,
        0,
        Action::RegistrySwap {
            give: sp("A1"),
            take: t,
        },
    );
    ok(&mut g, 0, Action::Reposition { space: target });
    let ev = ok(
        &mut g,
        0,
        Action::Storekeeper {
            tile: sp("A8"),
            bid: one(Crop::Hops),
        },
    );
    assert!(ev.contains(&Event::EventPlaced {
        event: EventTile::Vacation,
        space: 2,
        drawer: 0
    }));
    assert!(!ev.iter().any(|e| matches!(
        e,
        Event::EventResolved {
            event: EventTile::Vacation
        }
    )));
    assert_eq!(g.public_view().waiting, vec![EventTile::Vacation]);
    // U goes on for seat 1 before Y starts.
    assert!(matches!(
        prompt(&g),
        (
            1,
            Prompt::Event {
                event: EventTile::RegistrySwap,
                ..
            }
        )
    ));
    ok(&mut g, 1, Action::Decline);
    // Y: seat 0 has the storekeeper; seat 1 nothing.
    assert!(matches!(
        prompt(&g),
        (
            0,
            Prompt::Event {
                event: EventTile::Vacation,
                ..
            }
        )
    ));
    ok(&mut g, 0, Action::Decline);
    assert_eq!(prompt(&g), (0, Prompt::Turn));
    assert!(g.public_view().waiting.is_empty());
}

// KH 32: a refill from a bag of events only draws and resolves them one by one; empty registry
// spaces stay empty.
#[test]
fn kh32_refill_from_a_bag_of_events_only() {
    let mut g = edit(&table(2), |s| {
        supply(s, 0, one(Crop::Hops));
        bag(s, &[], &[EventTile::Vacation, EventTile::NewCrop]);
    });
    let r = reg(&g);
    let ev = ok(&mut g, 0, take(r[0], one(Crop::Hops)));
    let resolved = ev
        .iter()
        .filter(|e| matches!(e, Event::EventResolved { .. }))
        .count();
    assert_eq!(resolved, 2);
    assert_eq!(st(&g).track.len(), 2);
    assert_eq!(st(&g).registry.count_ones(), 5);
    assert_eq!(st(&g).bag_events, 0);
    assert_eq!(prompt(&g), (0, Prompt::Turn));
}

// KH 3: an acquired tile goes on its own space unharvested, even if it was harvested before.
#[test]
fn kh3_acquired_tile_lands_unharvested() {
    let t = sp("A1");
    let w = sp("D4");
    let mut g = edit(&table(2), |s| {
        fields(s, 0, &nbrs(w)[..4]);
        fields(s, 1, &[t]);
        harvested(s, 1, &[t]);
        supply(s, 0, many(Crop::Wine, 3));
    });
    ok(&mut g, 0, play(Worker::Bailiff, w));
    ok(
        &mut g,
        0,
        Action::Bailiff {
            owner: 1,
            tile: t,
            payment: many(Crop::Wine, 3),
        },
    );
    assert!(fields_of(&g, 0) & bit(t) != 0);
    assert_eq!(st(&g).players[0].harvested & bit(t), 0);
    assert_eq!(fields_of(&g, 1) & bit(t), 0);
}

// KH 6: a crop that has run out: a substitute from the stock, or none; own crops first.
#[test]
fn kh6_crop_runs_out_substitutes() {
    let (a, b, _) = line();
    assert_ne!(crop(a), crop(b), "the line needs two crops");
    let (ca, cb) = (crop(a), crop(b));
    let other = Crop::ALL
        .into_iter()
        .find(|c| *c != ca && *c != cb)
        .unwrap();
    // The stock holds no ca, one cb, and some `other`.
    let g = edit(&table(2), |s| {
        fields(s, 0, &[a, b]);
        let k = s.stock.get(ca);
        supply(s, 1, many(ca, k));
        let k = s.stock.get(cb) - 1;
        supply(s, 1, many(cb, k));
    });
    let harvest_with = |instead: Vec<Crop>| Action::Harvest {
        tiles: vec![a, b],
        instead,
    };
    // The cb counter is owed to b: it may not stand in for a.
    let e = refused(&mut g.clone(), 0, harvest_with(vec![cb]));
    assert!(matches!(e, ActionError::BadSubstitute(_)));
    let e = refused(&mut g.clone(), 0, harvest_with(vec![other, other]));
    assert!(matches!(e, ActionError::BadSubstitute(_)));
    let mut g1 = g.clone();
    ok(&mut g1, 0, harvest_with(vec![other]));
    assert_eq!(supply_of(&g1, 0), of(&[cb, other]));
    assert_eq!(st(&g1).players[0].harvested, mask(&[a, b]));
    // Or none: the tile is turned over anyway.
    let mut g2 = g;
    ok(&mut g2, 0, harvest_with(vec![]));
    assert_eq!(supply_of(&g2, 0), one(cb));
    assert_eq!(st(&g2).players[0].harvested, mask(&[a, b]));
}
