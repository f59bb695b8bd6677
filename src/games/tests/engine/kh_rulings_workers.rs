//! Key Harvest rulings KH 33-44: each worker's ability (acting under KH 21), with the source's
//! own examples (the supervisor over lower farmhands, a bailiff chain), against the public API.

use crate::kh_common;
use farmhand_games::key_harvest::{
    Action, ActionError, Counters, Crop, Event, EventTile, Game, Place, Prompt, Worker,
};
use kh_common::*;

const W: &str = "D4";

/// Seat 0 with `k` field tiles around D4 (harvested ones listed), after `f`; then plays
/// `worker` on D4 and returns the game at the ability prompt.
fn played(
    worker: Worker,
    k: usize,
    f: impl FnOnce(&mut farmhand_games::key_harvest::game::State),
) -> Game {
    let w = sp(W);
    let mut g = edit(&table(2), |s| {
        fields(s, 0, &nbrs(w)[..k]);
        f(s);
    });
    ok(&mut g, 0, play(worker, w));
    g
}

fn ability(g: &Game) -> Worker {
    match prompt(g).1 {
        Prompt::Ability { worker, .. } => worker,
        p => panic!("not an ability prompt: {p:?}"),
    }
}

// KH 33: one counter of one adjacent unharvested tile's crop; the tile stays unharvested.
#[test]
fn kh33_apprentice_one_counter_from_an_adjacent_unharvested_tile() {
    let n = nbrs(sp(W));
    let mut g = played(Worker::Apprentice, 2, |s| {
        harvested(s, 0, &[n[1]]);
        fields(s, 0, &[sp("A8")]);
    });
    assert_eq!(ability(&g), Worker::Apprentice);
    let a = |t| Action::Apprentice {
        tile: t,
        instead: vec![],
    };
    assert!(matches!(
        refused(&mut g, 0, a(sp("A8"))),
        ActionError::NotAdjacent(_)
    ));
    // KH 33: the apprentice takes from an unharvested tile; the player's own harvested tile is
    // refused as what it is (issue 32: a refusal says what is true).
    assert!(matches!(
        refused(&mut g, 0, a(n[1])),
        ActionError::AlreadyHarvested(_)
    ));
    ok(&mut g, 0, a(n[0]));
    assert_eq!(supply_of(&g, 0), one(crop(n[0])));
    assert_eq!(
        st(&g).players[0].harvested,
        bit(n[1]),
        "n[0] stays unharvested"
    );
    // With no adjacent unharvested tile, it gives nothing (found nothing to act on).
    let g = played(Worker::Apprentice, 1, |s| {
        harvested(s, 0, &[nbrs(sp(W))[0]])
    });
    assert_eq!(prompt(&g), (0, Prompt::Turn));
    assert_eq!(supply_of(&g, 0), Counters::ZERO);
}

// KH 34: up to two different adjacent unharvested tiles, one counter each.
#[test]
fn kh34_casual_worker_two_different_tiles() {
    let n = nbrs(sp(W));
    let mut g = played(Worker::CasualWorker, 3, |_| {});
    let b = |tiles: Vec<u8>| Action::CasualWorker {
        tiles,
        instead: vec![],
    };
    assert!(matches!(
        refused(&mut g, 0, b(vec![n[0], n[0]])),
        ActionError::Repeated(_)
    ));
    assert_eq!(
        refused(&mut g, 0, b(vec![n[0], n[1], n[2]])),
        ActionError::TileCount { min: 1, max: 2 }
    );
    ok(&mut g, 0, b(vec![n[0], n[2]]));
    assert_eq!(supply_of(&g, 0), of(&[crop(n[0]), crop(n[2])]));
    assert_eq!(st(&g).players[0].harvested, 0);
}

// KH 35: any two counters of your choice; fewer if the stock holds fewer.
#[test]
fn kh35_labourer_chooses_two_or_takes_what_there_is() {
    let mut g = played(Worker::Labourer, 2, |_| {});
    assert!(matches!(
        refused(
            &mut g,
            0,
            Action::Labourer {
                crops: vec![Crop::Wine]
            }
        ),
        ActionError::Invalid(_)
    ));
    let ev = ok(
        &mut g,
        0,
        Action::Labourer {
            crops: vec![Crop::Wheat, Crop::Wheat],
        },
    );
    assert_eq!(supply_of(&g, 0), many(Crop::Wheat, 2));
    assert!(ev.contains(&Event::Gained {
        seat: 0,
        counters: many(Crop::Wheat, 2),
        from: farmhand_games::key_harvest::event::Gain::Worker(Worker::Labourer)
    }));
    // A stock of one counter: take that one.
    let mut g = played(Worker::Labourer, 2, |s| {
        let mut rest = s.stock;
        rest.0[Crop::Hops.index()] -= 1;
        supply(s, 1, rest);
    });
    ok(
        &mut g,
        0,
        Action::Labourer {
            crops: vec![Crop::Hops],
        },
    );
    assert_eq!(supply_of(&g, 0), one(Crop::Hops));
    assert!(st(&g).stock.is_empty());
}

// KH 36: turn any or all adjacent harvested tiles back to unharvested.
#[test]
fn kh36_unskilled_worker_renews_adjacent_harvested_tiles() {
    let n = nbrs(sp(W));
    let mut g = played(Worker::UnskilledWorker, 3, |s| {
        harvested(s, 0, &n[..2]);
        fields(s, 0, &[sp("A8")]);
        harvested(s, 0, &[sp("A8")]);
    });
    assert!(matches!(
        refused(&mut g, 0, Action::UnskilledWorker { tiles: vec![n[2]] }),
        ActionError::NotHarvested(_)
    ));
    assert!(matches!(
        refused(
            &mut g,
            0,
            Action::UnskilledWorker {
                tiles: vec![sp("A8")]
            }
        ),
        ActionError::NotAdjacent(_)
    ));
    ok(
        &mut g,
        0,
        Action::UnskilledWorker {
            tiles: vec![n[0], n[1]],
        },
    );
    assert_eq!(st(&g).players[0].harvested, bit(sp("A8")));
}

// KH 37: a tile from another player's store for one counter more than its bid, any crops.
#[test]
fn kh37_skilled_worker_pays_one_more_than_the_bid() {
    let bid = of(&[Crop::Hops, Crop::Wine]);
    let mut g = played(Worker::SkilledWorker, 3, |s| {
        store(s, 1, sp("A1"), bid);
        store(s, 0, sp("A3"), one(Crop::Hops));
        supply(s, 0, many(Crop::Wheat, 4));
    });
    assert_eq!(
        refused(
            &mut g,
            0,
            Action::SkilledWorker {
                owner: 0,
                tile: sp("A3"),
                payment: many(Crop::Wheat, 2)
            }
        ),
        ActionError::OwnStore
    );
    assert_eq!(
        refused(
            &mut g,
            0,
            Action::SkilledWorker {
                owner: 1,
                tile: sp("A1"),
                payment: many(Crop::Wheat, 2)
            }
        ),
        ActionError::PaymentSize {
            expected: 3,
            got: 2
        }
    );
    ok(
        &mut g,
        0,
        Action::SkilledWorker {
            owner: 1,
            tile: sp("A1"),
            payment: many(Crop::Wheat, 3),
        },
    );
    assert_eq!(supply_of(&g, 1), plus(bid, many(Crop::Wheat, 3)));
    assert_eq!(supply_of(&g, 0), one(Crop::Wheat));
    assert!(fields_of(&g, 0) & bit(sp("A1")) != 0);
    assert!(st(&g).players[1].store.is_empty());
}

// KH 38: the supervisor must move one tile of the player's board, any tile, to the fallow area.
#[test]
fn kh38_supervisor_discard_is_mandatory_and_any_tile() {
    let mut g = played(Worker::Supervisor, 3, |s| fields(s, 0, &[sp("A8")]));
    assert_eq!(refused(&mut g, 0, Action::Decline), ActionError::Mandatory);
    assert!(matches!(
        refused(&mut g, 0, Action::Supervisor { tile: sp("G1") }),
        ActionError::NotOnYourBoard(_)
    ));
    let ev = ok(&mut g, 0, Action::Supervisor { tile: sp("A8") });
    assert!(ev.contains(&Event::TileFallowed {
        tile: sp("A8"),
        from: Place::Board { owner: 0 }
    }));
    assert!(st(&g).fallow & bit(sp("A8")) != 0);
    assert_eq!(fields_of(&g, 0) & bit(sp("A8")), 0);
}

// KH 38 with the source's example: the supervisor may be played over the apprentice, the
// casual worker, the unskilled worker or the labourer, not over the skilled worker.
#[test]
fn kh38_supervisor_over_the_lower_farmhands() {
    let w = sp(W);
    for (lower, allowed) in [
        (Worker::Apprentice, true),
        (Worker::CasualWorker, true),
        (Worker::UnskilledWorker, true),
        (Worker::Labourer, true),
        (Worker::SkilledWorker, false),
    ] {
        let mut g = edit(&table(2), |s| {
            fields(s, 0, &nbrs(w)[..3]);
            worker(s, 0, lower, w);
        });
        let a = play(Worker::Supervisor, w);
        if allowed {
            let ev = ok(&mut g, 0, a);
            assert!(ev.contains(&Event::WorkerReturned {
                seat: 0,
                worker: lower,
                space: w
            }));
            assert_eq!(ability(&g), Worker::Supervisor);
        } else {
            assert!(matches!(
                refused(&mut g, 0, a),
                ActionError::BadWorkerSpace(..)
            ));
        }
    }
}

// KH 39: as E, paying exactly as many counters as the bid, any crops.
#[test]
fn kh39_merchant_pays_as_many_counters_as_the_bid() {
    let bid = of(&[Crop::Hops, Crop::Wine]);
    let mut g = played(Worker::Merchant, 4, |s| {
        store(s, 1, sp("A1"), bid);
        supply(s, 0, many(Crop::Wheat, 3));
    });
    assert_eq!(
        refused(
            &mut g,
            0,
            Action::Merchant {
                owner: 1,
                tile: sp("A1"),
                payment: many(Crop::Wheat, 3)
            }
        ),
        ActionError::PaymentSize {
            expected: 2,
            got: 3
        }
    );
    ok(
        &mut g,
        0,
        Action::Merchant {
            owner: 1,
            tile: sp("A1"),
            payment: many(Crop::Wheat, 2),
        },
    );
    assert_eq!(supply_of(&g, 1), plus(bid, many(Crop::Wheat, 2)));
    assert!(fields_of(&g, 0) & bit(sp("A1")) != 0);
}

// KH 40: a registry tile into the store with a bid, then a refill; nothing with a full store.
#[test]
fn kh40_storekeeper_takes_a_registry_tile_then_refills() {
    let mut g = played(Worker::Storekeeper, 4, |s| {
        supply(s, 0, one(Crop::Wine));
        let f = s.bag_fields;
        let keep: Vec<u8> = (0..56u8).filter(|t| f & bit(*t) != 0).collect();
        bag(s, &keep, &[]);
    });
    let r = (0..56u8).find(|t| st(&g).registry & bit(*t) != 0).unwrap();
    ok(
        &mut g,
        0,
        Action::Storekeeper {
            tile: r,
            bid: one(Crop::Wine),
        },
    );
    assert_eq!(st(&g).players[0].store[0].tile, r);
    assert_eq!(st(&g).registry.count_ones(), 6);
    assert!(
        !st(&g)
            .turn
            .has_done(farmhand_games::key_harvest::TurnAction::ToStore)
    );
    // A full store: the storekeeper finds nothing to act on.
    let g = played(Worker::Storekeeper, 4, |s| {
        supply(s, 0, one(Crop::Wine));
        store(s, 0, sp("A1"), one(Crop::Hops));
        store(s, 0, sp("A2"), one(Crop::Hops));
    });
    assert_eq!(prompt(&g), (0, Prompt::Turn));
}

// KH 41: an unconnected tile from another board for exactly three counters; its space becomes
// empty; a connected tile or fewer than three counters will not do.
#[test]
fn kh41_bailiff_takes_an_unconnected_tile_for_three_counters() {
    let (lone, pair) = (sp("A1"), [sp("G4"), sp("G5")]);
    let mut g = played(Worker::Bailiff, 4, |s| {
        fields(s, 1, &[lone]);
        fields(s, 1, &pair);
        supply(
            s,
            0,
            of(&[Crop::Hops, Crop::Wine, Crop::Wheat, Crop::Wheat]),
        );
    });
    let bail = |tile, payment| Action::Bailiff {
        owner: 1,
        tile,
        payment,
    };
    assert!(matches!(
        refused(
            &mut g,
            0,
            bail(pair[0], of(&[Crop::Hops, Crop::Wine, Crop::Wheat]))
        ),
        ActionError::NotUnconnected(_)
    ));
    assert_eq!(
        refused(&mut g, 0, bail(lone, of(&[Crop::Hops, Crop::Wine]))),
        ActionError::PaymentSize {
            expected: 3,
            got: 2
        }
    );
    let pay = of(&[Crop::Hops, Crop::Wine, Crop::Wheat]);
    let ev = ok(&mut g, 0, bail(lone, pay));
    assert!(ev.contains(&Event::Paid {
        seat: 0,
        to: Some(1),
        counters: pay
    }));
    assert_eq!(supply_of(&g, 1), pay);
    assert_eq!(fields_of(&g, 1), mask(&pair));
    assert!(fields_of(&g, 0) & bit(lone) != 0);
    // Fewer than three counters: nothing to act on.
    let g = played(Worker::Bailiff, 4, |s| {
        fields(s, 1, &[lone]);
        supply(s, 0, many(Crop::Wine, 2));
    });
    assert_eq!(prompt(&g), (0, Prompt::Turn));
}

// KH 41 + KH 27: the bailiff takes the tile for its own space; repositioned, it acts again,
// and the chain repeats.
#[test]
fn kh41_bailiff_chain_on_its_own_space() {
    let w = sp(W);
    let second = sp("F5");
    assert!(!board().is_adjacent(w, second));
    let mut g = edit(&table(2), |s| {
        fields(s, 0, &nbrs(w)[..4]);
        fields(s, 0, &nbrs(second)[..4]);
        fields(s, 1, &[w]);
        fields(s, 1, &[second]);
        supply(s, 0, many(Crop::Wheat, 6));
    });
    assert_eq!(g.unconnected(1), mask(&[w, second]));
    ok(&mut g, 0, play(Worker::Bailiff, w));
    // Not yet on D4: it is seat 1's tile, and seat 0's D4 holds the bailiff.
    let ev = ok(
        &mut g,
        0,
        Action::Bailiff {
            owner: 1,
            tile: w,
            payment: many(Crop::Wheat, 3),
        },
    );
    assert!(ev.contains(&Event::WorkerDisplaced {
        seat: 0,
        worker: Worker::Bailiff,
        space: w
    }));
    ok(&mut g, 0, Action::Reposition { space: second });
    assert_eq!(ability(&g), Worker::Bailiff);
    ok(
        &mut g,
        0,
        Action::Bailiff {
            owner: 1,
            tile: second,
            payment: many(Crop::Wheat, 3),
        },
    );
    assert_eq!(
        prompt(&g),
        (
            0,
            Prompt::Reposition {
                worker: Worker::Bailiff,
                from: second
            }
        )
    );
    ok(&mut g, 0, Action::Decline);
    assert_eq!(fields_of(&g, 1), 0);
    assert!(fields_of(&g, 0) & mask(&[w, second]) == mask(&[w, second]));
    assert!(st(&g).town & (1 << (Worker::Bailiff.index() - 6)) != 0);
    assert_eq!(supply_of(&g, 1), many(Crop::Wheat, 6));
}

// KH 42: the lawyer copies another worker where it stands; copying the supervisor makes the
// discard mandatory; it cannot copy itself.
#[test]
fn kh42_lawyer_copies_where_the_worker_stands() {
    let app = sp("G7");
    let an = nbrs(app);
    let mut g = played(Worker::Lawyer, 5, |s| {
        fields(s, 0, &an[..1]);
        worker(s, 0, Worker::Apprentice, app);
    });
    assert!(!board().is_adjacent(an[0], sp(W)));
    assert!(matches!(
        refused(&mut g, 0, Action::Lawyer { worker_at: sp(W) }),
        ActionError::Invalid(_)
    ));
    assert!(matches!(
        refused(
            &mut g,
            0,
            Action::Lawyer {
                worker_at: sp("A1")
            }
        ),
        ActionError::NoWorkerThere(_)
    ));
    ok(&mut g, 0, Action::Lawyer { worker_at: app });
    assert_ability(&g, Worker::Apprentice, app, true);
    ok(
        &mut g,
        0,
        Action::Apprentice {
            tile: an[0],
            instead: vec![],
        },
    );
    assert_eq!(supply_of(&g, 0), one(crop(an[0])));
    assert_eq!(worker_on(&g, 0, app), Some(Worker::Apprentice));
}

// KH 42: a copied supervisor must discard.
#[test]
fn kh42_lawyer_copying_the_supervisor_is_mandatory() {
    let sup = sp("G7");
    let mut g = played(Worker::Lawyer, 5, |s| {
        fields(s, 0, &nbrs(sup)[..1]);
        worker(s, 0, Worker::Supervisor, sup);
    });
    // Declining the lawyer itself is allowed.
    let mut g2 = g.clone();
    ok(&mut g2, 0, Action::Decline);
    ok(&mut g, 0, Action::Lawyer { worker_at: sup });
    assert_eq!(refused(&mut g, 0, Action::Decline), ActionError::Mandatory);
    let t = nbrs(sp(W))[0];
    ok(&mut g, 0, Action::Supervisor { tile: t });
    assert!(st(&g).fallow & bit(t) != 0);
}

// KH 43: the trader draws unseen (an event draw) and keeps the tile or puts it fallow.
#[test]
fn kh43_trader_draws_then_keeps_or_fallows() {
    let make = || {
        let mut g = played(Worker::Trader, 5, |s| bag(s, &[sp("A1")], &[]));
        ok(&mut g, 0, Action::TraderDraw);
        assert_eq!(prompt(&g).1, Prompt::KeepDrawn { tile: sp("A1") });
        g
    };
    let mut g = make();
    ok(&mut g, 0, Action::KeepDrawn { keep: true });
    assert!(fields_of(&g, 0) & bit(sp("A1")) != 0);
    let mut g = make();
    ok(&mut g, 0, Action::KeepDrawn { keep: false });
    assert!(st(&g).fallow & bit(sp("A1")) != 0);
}

// KH 43: with no field tile in the bag, a registry tile instead; nothing drawn or refilled.
#[test]
fn kh43_trader_with_a_bag_empty_of_fields_takes_from_the_registry() {
    let mut g = played(Worker::Trader, 5, |s| {
        registry(s, &[sp("A1"), sp("A2")]);
        bag(s, &[], &[EventTile::Windfall]);
    });
    assert!(matches!(
        refused(&mut g, 0, Action::TraderDraw),
        ActionError::Invalid(_)
    ));
    let ev = ok(
        &mut g,
        0,
        Action::TraderRegistry {
            tile: sp("A1"),
            keep: true,
        },
    );
    assert!(fields_of(&g, 0) & bit(sp("A1")) != 0);
    assert_eq!(st(&g).registry, bit(sp("A2")));
    assert_eq!(st(&g).bag_events, EventTile::Windfall.bit());
    assert!(!ev.iter().any(|e| matches!(e, Event::EventPlaced { .. })));
}

// KH 44: a registry tile for free, then a refill.
#[test]
fn kh44_benefactor_takes_a_registry_tile_free_then_refills() {
    let mut g = played(Worker::Benefactor, 5, |s| {
        registry(s, &[sp("A1"), sp("A2")]);
        bag(s, &[sp("G8")], &[]);
    });
    let stock = st(&g).stock;
    ok(&mut g, 0, Action::Benefactor { tile: sp("A1") });
    assert!(fields_of(&g, 0) & bit(sp("A1")) != 0);
    assert_eq!(st(&g).registry, mask(&[sp("A2"), sp("G8")]));
    assert_eq!(st(&g).stock, stock);
}
