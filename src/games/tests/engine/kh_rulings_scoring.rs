//! Key Harvest rulings KH 64-67: scoring at the end, through a finished game.

use crate::kh_common;
use farmhand_games::key_harvest::{Action, Crop, Game, ScorePad, Worker};
use kh_common::*;

/// Ends the game at once on the edited position: the last of the final turns is running.
fn end(g: &Game, f: impl FnOnce(&mut farmhand_games::key_harvest::game::State)) -> ScorePad {
    let mut g = edit(g, |s| {
        f(s);
        s.end_triggered = true;
        s.final_turns = Some(1);
    });
    ok(&mut g, 0, Action::EndTurn);
    assert!(g.is_over());
    g.score_pad().expect("a pad").clone()
}

// KH 64: workers on the board score their numbers; unplayed ones nothing.
#[test]
fn kh64_workers_score_their_numbers() {
    let pad = end(&table(2), |s| {
        worker(s, 0, Worker::Lawyer, sp("A1"));
        worker(s, 0, Worker::Apprentice, sp("G8"));
    });
    assert_eq!(pad.lines[0].workers, 6);
    assert_eq!(pad.lines[1].workers, 0);
}

// KH 65: the largest group 1 a tile, the second 2 a tile; equal sizes are still first and
// second; one group scores no second; store tiles do not count.
#[test]
fn kh65_equal_groups_and_store_tiles() {
    let pad = end(&table(2), |s| {
        fields(s, 0, &[sp("A1"), sp("A2"), sp("A3")]);
        fields(s, 0, &[sp("G1"), sp("G2"), sp("G3")]);
        fields(s, 0, &[sp("D6"), sp("D7"), sp("D8")]);
        fields(s, 1, &[sp("C1"), sp("C2")]);
        store(s, 1, sp("E5"), one(Crop::Hops));
    });
    let l = &pad.lines[0];
    assert_eq!((l.largest_group, l.second_group, l.group_points), (3, 3, 9));
    let l = &pad.lines[1];
    assert_eq!((l.largest_group, l.second_group, l.group_points), (2, 0, 2));
    assert_eq!(l.field_tiles, 2);
}

// KH 66: one point per crop for the single highest count; a shared highest count, everyone at
// zero included, scores nothing; bids count for nothing.
#[test]
fn kh66_crop_majorities() {
    let pad = end(&table(3), |s| {
        supply(s, 0, of(&[Crop::Hops, Crop::Hops, Crop::Wine]));
        supply(s, 1, of(&[Crop::Hops, Crop::Wine]));
        supply(s, 2, of(&[Crop::Hops, Crop::Hops]));
        store(s, 1, sp("A1"), many(Crop::Wheat, 3));
    });
    // Hops 2-1-2 shared; wine 1-1-0 shared; wheat 0-0-0 (the bid does not count).
    for l in &pad.lines {
        assert!(l.crops.is_empty(), "seat {}: {:?}", l.seat, l.crops);
    }
    let pad = end(&table(3), |s| {
        supply(s, 2, one(Crop::Wheat));
    });
    assert_eq!(pad.lines[2].crops, vec![Crop::Wheat]);
    assert_eq!(pad.lines[2].crop_points, 1);
}

// KH 67: the highest total wins; ties go to the most field tiles, then the most counters; a
// tie after both is shared.
#[test]
fn kh67_winner_and_tie_breaks() {
    // Seat 0: a group of 1 and a group of 1 (1 + 2 = 3), 2 tiles. Seat 1: a group of 3 (3), 3
    // tiles. Level on 3: seat 1 wins on field tiles.
    let pad = end(&table(2), |s| {
        fields(s, 0, &[sp("A1"), sp("G8")]);
        fields(s, 1, &[sp("C1"), sp("C2"), sp("C3")]);
    });
    assert_eq!(pad.lines[0].total, pad.lines[1].total);
    assert_eq!(pad.winners, vec![1]);
    assert_eq!(pad.tie_break, 1);
    // Level on tiles too: the counters decide. Each wins one crop (hops 2-0, wine 0-1).
    let pad = end(&table(2), |s| {
        fields(s, 0, &[sp("A1")]);
        fields(s, 1, &[sp("G8")]);
        supply(s, 0, many(Crop::Hops, 2));
        supply(s, 1, one(Crop::Wine));
    });
    let (a, b) = (&pad.lines[0], &pad.lines[1]);
    assert_eq!((a.total, a.field_tiles), (b.total, b.field_tiles));
    assert!(a.counters > b.counters);
    assert_eq!(pad.winners, vec![0]);
    assert_eq!(pad.tie_break, 2);
    // Level on everything: a shared win.
    let pad = end(&table(2), |s| {
        fields(s, 0, &[sp("A1")]);
        fields(s, 1, &[sp("G8")]);
    });
    assert_eq!(pad.winners, vec![0, 1]);
    assert_eq!(pad.tie_break, 3);
}

// KH 69: the running score shown during play leaves out crop points (they could reveal hidden
// starting counters): workers plus the two largest groups only, even when a crop majority is
// already held.
#[test]
fn kh69_running_score_leaves_out_crop_points() {
    let g = edit(&table(3), |s| {
        worker(s, 0, Worker::Lawyer, sp("A1"));
        supply(s, 0, many(Crop::Wine, 5));
    });
    let v = g.public_view();
    let p = &g.state().players[0];
    let sizes: Vec<u32> = g
        .board()
        .groups(p.fields)
        .iter()
        .map(|m| m.count_ones())
        .collect();
    let (_, _, groups) = farmhand_games::key_harvest::score::group_points(sizes);
    assert_eq!(v.seats[0].running_score, 5 + groups);
    // Seat 0 alone holds the most wine, yet no crop point shows.
    let pad = g.compute_pad();
    assert!(pad.lines[0].crops.contains(&Crop::Wine));
    assert_eq!(
        pad.lines[0].total,
        v.seats[0].running_score + pad.lines[0].crop_points
    );
}
