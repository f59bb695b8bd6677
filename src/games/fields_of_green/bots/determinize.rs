//! Determinization: a complete [`Game`] built from one seat's [`PlayerView`] plus a random sample
//! of what the seat cannot see, consistent with everything it can.
//!
//! Seen by the seat: every farm (Open Areas keep their design), the discard pile, the face-up
//! 2-player row, every revealed card, its own hand, selection and Equipment offer, the size of
//! every pile, hand and offer, and the Equipment tiles on farms and set aside. Unseen, and sampled:
//! - a hand the seat held earlier this year's draft (3+ players; [`PlayerView::known_hands`]) is
//!   not sampled: its holder gets exactly those cards, one of them as the face-down selection if
//!   it has selected (which one is sampled);
//! - the location cards not seen anywhere go, by pile, into the four piles (each pile gets random
//!   cards of its own kind, as many as it holds); what is left goes to the other seats' hands and
//!   face-down selections (3+ players) or into the 2-player row's face-down pile, shuffled;
//! - with 3+ players, a hand holds as many cards of each pile's kind as everyone can work out
//!   ([`public_kinds`]): the split its first holder drew it with (ruling 4: public) less the
//!   cards picked from it since, each turned face up (ruling 7). Such a hand is dealt random
//!   unseen cards of those kinds, and its holder's face-down selection is one of them;
//! - the Equipment tiles not seen go to the other seats' offers and the stack (shuffled), each as
//!   large as the view says; the tiles discarded with Open Areas are public (ruling 15) and stay
//!   in the discard;
//! - the seed of the game's own shuffles (the 2-player row of later years).
//!
//! The result passes [`Game::from_snapshot`]'s invariant check (card conservation and the rest).

use crate::fields_of_green::cards::{Deck, DesignIdx, EquipIdx};
use crate::fields_of_green::event::Direction;
use crate::fields_of_green::game::{
    Game, GameSnapshot, Options, Phase, PlayerState, SNAPSHOT_SCHEMA, State,
};
use crate::fields_of_green::view::{PlayerView, PublicView};
use rand::Rng;
use rand::seq::SliceRandom;
use std::collections::VecDeque;
use std::sync::Arc;

/// A seat holds the cards `h`: when it has a face-down selection (ruling 7), one of them drawn
/// with `rng`, and the others as its hand, sorted (the order `h` came in does not show).
fn hold<R: Rng>(player: &mut PlayerState, mut h: Vec<DesignIdx>, has_selected: bool, rng: &mut R) {
    if has_selected {
        let at = rng.random_range(0..h.len());
        player.selected = Some(h.swap_remove(at));
    }
    h.sort_unstable();
    player.hand = h;
}

/// A game consistent with `view`, hidden parts sampled with `rng`. None when the view does not
/// fit the deck (another deck's view) or is inconsistent.
pub fn sample<R: Rng>(deck: &Arc<Deck>, view: &PlayerView, rng: &mut R) -> Option<Game> {
    let snap = sample_snapshot(deck, view, rng)?;
    Game::from_snapshot(deck.clone(), snap).ok()
}

/// The snapshot [`sample`] restores (exposed for tests).
pub fn sample_snapshot<R: Rng>(
    deck: &Arc<Deck>,
    view: &PlayerView,
    rng: &mut R,
) -> Option<GameSnapshot> {
    let t = &view.table;
    let n = t.players;
    let me = view.seat;
    let loc = |id: &str| deck.location_by_id(id);
    let tile = |id: &str| deck.equipment_by_id(id);

    // Location cards not seen anywhere.
    let mut unseen: Vec<i32> = deck.locations.iter().map(|d| d.copies as i32).collect();
    let see = |d: DesignIdx, unseen: &mut Vec<i32>| unseen[d as usize] -= 1;
    let mut players: Vec<PlayerState> = Vec::with_capacity(n);
    for sv in &t.seats {
        let farm = super::farm_from_view(deck, &sv.farm)?;
        for c in &farm.cells {
            if let crate::fields_of_green::farm::CellCard::Location(d) = c.card {
                see(d, &mut unseen);
            }
        }
        let revealed = match &sv.revealed {
            Some(id) => Some(loc(id)?),
            None => None,
        };
        if let Some(d) = revealed {
            see(d, &mut unseen);
        }
        let mut picked = Vec::with_capacity(sv.picked.len());
        for id in &sv.picked {
            picked.push(match id {
                Some(id) => Some(loc(id)?),
                None => None,
            });
        }
        let mut set_aside = Vec::with_capacity(sv.set_aside.len());
        for e in &sv.set_aside {
            set_aside.push(tile(e)?);
        }
        players.push(PlayerState {
            farm,
            coins: sv.coins,
            food: sv.food,
            vp_tokens: sv.vp_tokens,
            set_aside,
            hand: Vec::new(),
            selected: None,
            revealed,
            offer: Vec::new(),
            pending_equipment: 0,
            pending_water: sv.pending_water,
            split: sv.split,
            picked,
            harvested: sv.harvested.clone(),
            harvest_done: sv.harvest_done,
        });
    }
    let mut discard = Vec::with_capacity(t.discard.len());
    for id in &t.discard {
        let d = loc(id)?;
        see(d, &mut unseen);
        discard.push(d);
    }
    let mut row = Vec::with_capacity(t.row.len());
    for id in &t.row {
        let d = loc(id)?;
        see(d, &mut unseen);
        row.push(d);
    }
    let mut hand = Vec::with_capacity(view.hand.len());
    for id in &view.hand {
        let d = loc(id)?;
        see(d, &mut unseen);
        hand.push(d);
    }
    hand.sort_unstable();
    players[me].hand = hand;
    if let Some(id) = &view.selected {
        let d = loc(id)?;
        see(d, &mut unseen);
        players[me].selected = Some(d);
    }
    // Hands the seat has held this year: known card for card.
    let mut known = vec![false; n];
    for (q, cards) in view.known_hands.iter().enumerate() {
        let (Some(cards), Some(sv)) = (cards, t.seats.get(q)) else {
            continue;
        };
        if q == me || cards.len() != sv.hand_size + sv.has_selected as usize {
            return None;
        }
        let mut h = Vec::with_capacity(cards.len());
        for id in cards {
            let d = loc(id)?;
            see(d, &mut unseen);
            h.push(d);
        }
        hold(&mut players[q], h, sv.has_selected, rng);
        known[q] = true;
    }
    if unseen.iter().any(|&c| c < 0) {
        return None;
    }

    // The piles: random unseen cards of each pile's kind; the rest of each kind (shuffled) is in
    // the hands or the 2-player row's face-down pile.
    let mut by_pile: [Vec<DesignIdx>; 4] = Default::default();
    for (d, &c) in unseen.iter().enumerate() {
        let k = deck.locations[d].pile.index();
        for _ in 0..c {
            by_pile[k].push(d as DesignIdx);
        }
    }
    let mut piles: [Vec<DesignIdx>; 4] = Default::default();
    let mut rest_by_kind: [Vec<DesignIdx>; 4] = Default::default();
    for k in 0..4 {
        let mut cards = std::mem::take(&mut by_pile[k]);
        if cards.len() < t.piles[k] {
            return None;
        }
        cards.shuffle(rng);
        rest_by_kind[k] = cards.split_off(t.piles[k]);
        piles[k] = cards;
    }
    // 3+ players: first the hands whose kinds are public (rulings 4 and 7), card by card of
    // their kinds; their holders' face-down selections are among those cards.
    if n >= 3 {
        for (s, kinds) in public_kinds(deck, t).into_iter().enumerate() {
            let sv = &t.seats[s];
            let Some(kinds) = kinds else { continue };
            if s == me || known[s] {
                continue;
            }
            if kinds.iter().sum::<usize>() != sv.hand_size + sv.has_selected as usize {
                return None;
            }
            let mut h = Vec::with_capacity(sv.hand_size + 1);
            for (k, &c) in kinds.iter().enumerate() {
                let have = rest_by_kind[k].len();
                if have < c {
                    return None;
                }
                h.extend(rest_by_kind[k].split_off(have - c));
            }
            hold(&mut players[s], h, sv.has_selected, rng);
            known[s] = true;
        }
    }
    let mut rest: Vec<DesignIdx> = rest_by_kind.into_iter().flatten().collect();
    rest.shuffle(rng);
    // The rest: the other seats' hands and selections, or the 2-player face-down row pile.
    let mut row_pile = Vec::new();
    if n == 2 {
        if rest.len() != t.row_pile {
            return None;
        }
        row_pile = rest;
    } else {
        for (s, sv) in t.seats.iter().enumerate() {
            if s == me || known[s] {
                continue;
            }
            if rest.len() < sv.hand_size + sv.has_selected as usize {
                return None;
            }
            let mut h = rest.split_off(rest.len() - sv.hand_size);
            h.sort_unstable();
            players[s].hand = h;
            if sv.has_selected {
                players[s].selected = rest.pop();
            }
        }
        if !rest.is_empty() || t.row_pile != 0 {
            return None;
        }
    }

    // Equipment tiles not seen.
    let mut tiles: Vec<i32> = deck.equipment.iter().map(|e| e.copies as i32).collect();
    for p in &players {
        for c in &p.farm.cells {
            for &e in &c.equipment {
                tiles[e as usize] -= 1;
            }
        }
        for &e in &p.set_aside {
            tiles[e as usize] -= 1;
        }
    }
    // Ruling 15: the tiles lost with Open Areas were discarded in front of everyone.
    let mut equipment_discard = Vec::with_capacity(t.equipment_discard.len());
    for id in &t.equipment_discard {
        let e = tile(id)?;
        tiles[e as usize] -= 1;
        equipment_discard.push(e);
    }
    let mut offer = Vec::with_capacity(view.offer.len());
    for id in &view.offer {
        let e = tile(id)?;
        tiles[e as usize] -= 1;
        offer.push(e);
    }
    players[me].offer = offer;
    if tiles.iter().any(|&c| c < 0) {
        return None;
    }
    let mut pool: Vec<EquipIdx> = Vec::new();
    for (e, &c) in tiles.iter().enumerate() {
        for _ in 0..c {
            pool.push(e as EquipIdx);
        }
    }
    pool.shuffle(rng);
    for (s, sv) in t.seats.iter().enumerate() {
        if s == me || sv.equipment_offer == 0 {
            continue;
        }
        if pool.len() < sv.equipment_offer {
            return None;
        }
        players[s].offer = pool.split_off(pool.len() - sv.equipment_offer);
    }
    // Every tile not seen and not in an offer is in the stack.
    if pool.len() != t.equipment_left {
        return None;
    }
    let stack: VecDeque<EquipIdx> = pool.into();

    // The First Player tile moves left once a year (ruling 16): the year-1 holder follows.
    let first_year1 = (t.first_player + n * 4 - (t.year as usize - 1)) % n;
    let state = State {
        seed: rng.random(),
        options: Options {
            players: n as u8,
            intro: t.intro,
            first_player: first_year1 as u8,
        },
        year: t.year,
        first_player: t.first_player as u8,
        phase: t.phase.clone(),
        piles,
        discard,
        equipment: stack,
        equipment_discard,
        towers_left: t.water_towers_left,
        silos_left: t.silos_left,
        row,
        row_pile,
        players,
        scores: if t.phase == Phase::Ended {
            t.scores.clone()
        } else {
            None
        },
    };
    Some(GameSnapshot {
        schema: SNAPSHOT_SCHEMA,
        deck: deck.fingerprint,
        state,
    })
}

/// Per seat, how many cards of each pile's kind its hand and face-down selection hold together,
/// as everyone can work out (3+ players; None where it cannot be told). While the players draw,
/// a seat that has drawn holds its split (ruling 4: public). In the draft, at turn `t` a hand has
/// been passed `t - 1` times (ruling 6), each holder picking one card of it that was then turned
/// face up (ruling 7): it holds its first holder's split less the kinds of those picks.
pub fn public_kinds(deck: &Deck, t: &PublicView) -> Vec<Option<[usize; 4]>> {
    let n = t.players;
    let kind = |id: &str| {
        Some(
            deck.locations[deck.location_by_id(id)? as usize]
                .pile
                .index(),
        )
    };
    match t.phase {
        Phase::Upkeep { .. } if n >= 3 => t
            .seats
            .iter()
            .map(|sv| sv.split.map(|sp| sp.map(usize::from)))
            .collect(),
        Phase::Action { turn } if n >= 3 => {
            let passes = turn.saturating_sub(1) as usize;
            // Seat `o`'s hand after `j` passes: to the left it goes from seat k to seat k + 1.
            let on = |o: usize, j: usize| match t.direction {
                Direction::Left => (o + j) % n,
                Direction::Right => (o + n - j % n) % n,
            };
            (0..n)
                .map(|q| {
                    let first = match t.direction {
                        Direction::Left => (q + n - passes % n) % n,
                        Direction::Right => (q + passes) % n,
                    };
                    let mut left = t.seats.get(first)?.split?.map(i32::from);
                    for j in 0..passes {
                        // Turn j + 1's pick from this hand, made by its holder then.
                        if let Some(id) = t.seats.get(on(first, j))?.picked.get(j)? {
                            left[kind(id)?] -= 1;
                        }
                    }
                    if left.iter().any(|&c| c < 0) {
                        return None;
                    }
                    Some(left.map(|c| c as usize))
                })
                .collect()
        }
        _ => vec![None; n],
    }
}

/// `game` with `card` in front of `seat` as if just revealed (from its hand in the draft, from
/// the face-up row with 2 players), so the card's actions can be listed and tried. None when the
/// seat cannot have that card now.
pub fn with_revealed(game: &Game, seat: usize, card: &str) -> Option<Game> {
    let d = game.deck().location_by_id(card)?;
    // An edited copy, not a snapshot restored: the copy keeps every farm's caches (the card's
    // actions are listed and tried on it next), and moving a card from the hand or the row to
    // the revealed place keeps the invariants a restored snapshot would check.
    game.edited(|s| {
        let p = s.players.get_mut(seat)?;
        if p.revealed.is_some() {
            return None;
        }
        match s.phase {
            Phase::Action { .. } => {
                let at = p.hand.iter().position(|&x| x == d)?;
                p.hand.remove(at);
                if let Some(old) = p.selected.take() {
                    p.hand.push(old);
                    p.hand.sort_unstable();
                }
                p.revealed = Some(d);
            }
            Phase::Duel { current, picks, .. } if current as usize == seat => {
                let at = s.row.iter().position(|&x| x == d)?;
                s.row.remove(at);
                s.players[seat].revealed = Some(d);
                s.phase = Phase::Duel {
                    current,
                    picks: picks + 1,
                    taken: true,
                };
            }
            _ => return None,
        }
        Some(())
    })
}
