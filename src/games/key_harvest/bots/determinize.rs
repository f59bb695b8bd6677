//! A whole game rebuilt from one seat's view, with what the seat cannot see drawn at random
//! (KH 69): the other seats' unrevealed starting counters, which events were removed at setup,
//! and the bag's order (a fresh random stream). An event everyone saw go back into the bag (KH 29,
//! 61) is in the bag, never among those removed. The search bot plays its rollouts on such
//! games; it never reads the real game's hidden state.
//!
//! Only a turn decision is rebuilt (the prompt `Turn`: nothing on the stack, no event waiting):
//! the view does not show the inside of a chain or an event, and the search bot leaves those
//! decisions to the heuristic.

use super::super::board::{ALL_SPACES, Board, bit};
use super::super::game::{
    COUNTERS_PER_CROP, Game, Phase, PlayerState, Prompt, State, Turn, shuffle,
};
use super::super::pieces::{Counters, EventTile, Worker};
use super::super::view::PlayerView;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::VecDeque;
use std::sync::Arc;

/// The other seats' unrevealed starting counters, all together: every counter is in the stock,
/// a supply or a bid (KH 5), 12 of each crop, and every one of them is visible to `view`'s
/// seat except those. None if the view does not add up (never expected).
pub fn hidden_pool(view: &PlayerView) -> Option<Counters> {
    let v = &view.public;
    let mut left = [COUNTERS_PER_CROP as i32; 5];
    let mut take = |c: &Counters| {
        for (l, n) in left.iter_mut().zip(c.0) {
            *l -= n as i32;
        }
    };
    take(&v.stock);
    take(&view.supply);
    for s in &v.seats {
        if s.seat != view.seat {
            take(&s.known);
        }
        for st in &s.store {
            take(&st.bid);
        }
    }
    let mut out = Counters::ZERO;
    for (o, l) in out.0.iter_mut().zip(left) {
        *o = u8::try_from(l).ok()?;
    }
    let unknown: u32 = v
        .seats
        .iter()
        .filter(|s| s.seat != view.seat)
        .map(|s| s.unknown)
        .sum();
    (out.total() == unknown).then_some(out)
}

/// A game consistent with `view`, its hidden parts drawn from `rng`; None unless the view's
/// seat is deciding its turn (see the module comment).
pub fn sample(board: &Arc<Board>, view: &PlayerView, rng: &mut ChaCha8Rng) -> Option<Game> {
    let v = &view.public;
    if v.ended || !matches!(v.prompt, Some((s, Prompt::Turn)) if s == view.seat) {
        return None;
    }
    if !v.waiting.is_empty() {
        return None;
    }
    // The other seats' hidden counters: the pool dealt out at random, as many as each shows.
    let pool = hidden_pool(view)?;
    let mut counters: Vec<usize> = (0..5)
        .flat_map(|c| std::iter::repeat_n(c, pool.0[c] as usize))
        .collect();
    shuffle(&mut counters, rng);
    let mut dealt = counters.into_iter();
    let mut placed = 0u64;
    let mut players = Vec::with_capacity(v.seats.len());
    for s in &v.seats {
        let mut hidden = Counters::ZERO;
        let supply = if s.seat == view.seat {
            hidden = view.supply;
            hidden.sub(&s.known);
            view.supply
        } else {
            for _ in 0..s.unknown {
                hidden.0[dealt.next()?] += 1;
            }
            let mut supply = s.known;
            supply.add(&hidden);
            supply
        };
        let start_pair = board
            .start_pairs()
            .iter()
            .position(|p| p.colour == s.start_pair)? as u8;
        placed |= s.fields;
        for st in &s.store {
            placed |= bit(st.tile);
        }
        players.push(PlayerState {
            fields: s.fields,
            harvested: s.harvested,
            workers: s.workers.clone(),
            unplayed: s
                .unplayed
                .iter()
                .fold(0, |m, w: &Worker| m | (1 << w.index())),
            supply,
            hidden,
            store: s.store.clone(),
            start_pair,
        });
    }
    // The events seen going back into the bag are in it (KH 29, 61); the others in the bag are
    // among those nobody has seen, with (3-4 players) the two removed at setup (KH 13).
    let mask = |es: &[EventTile]| es.iter().fold(0u16, |m, e| m | e.bit());
    let returned = mask(&v.returned);
    let seen = v
        .track
        .iter()
        .chain(&v.ignored)
        .fold(returned, |m, e| m | e.bit());
    let mut unseen: Vec<EventTile> = EventTile::ALL
        .into_iter()
        .filter(|e| seen & e.bit() == 0)
        .collect();
    let in_bag = (v.bag_events as usize).checked_sub(v.returned.len())?;
    if unseen.len() < in_bag {
        return None;
    }
    shuffle(&mut unseen, rng);
    let (bag, removed) = unseen.split_at(in_bag);
    let bag_fields = ALL_SPACES & !placed & !v.registry & !v.fallow;
    if bag_fields.count_ones() != v.bag_fields {
        return None;
    }
    let s = State {
        players,
        stock: v.stock,
        bag_fields,
        bag_events: mask(bag) | returned,
        registry: v.registry,
        fallow: v.fallow,
        town: v
            .town
            .iter()
            .fold(0, |m, w: &Worker| m | (1 << (w.index() - 6))),
        track: v.track.clone(),
        removed_events: mask(removed),
        ignored_events: mask(&v.ignored),
        waiting: VecDeque::new(),
        stack: Vec::new(),
        phase: Phase::Playing,
        turn: Turn {
            active: v.active,
            number: v.turn,
            done: v.turn_done,
            last: v.turn_last,
        },
        start_player: v.start_player,
        end_triggered: v.end_triggered,
        final_turns: v.final_turns,
        idle_turns: v.idle_turns,
        pool: v.pool,
        // The bag's order: a fresh stream.
        rng: ChaCha8Rng::seed_from_u64(rng.random()),
        pad: None,
        // Unknown to a player (a scenario's fixed draws): the sampled world draws at random.
        bag_order: Vec::new(),
        returned_events: returned,
    };
    Some(Game {
        board: board.clone(),
        s,
    })
}
