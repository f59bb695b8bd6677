//! Evaluating a seat's position for the bots: its final score as projected from what it holds.
//!
//! [`project`]: the score the seat would have if the game ended after this year's harvest played
//! optimally (the exact planner; in year 4 that is the final score itself), without the rounding
//! of coins and Food, plus a third of a VP per Water left, plus what the Harvest locations kept
//! should yield in the later years ([`later_yield`]: Water from the income and the towers, Food
//! from the income and the Fields, each location's gains valued at what they score), plus a bonus
//! for Equipment about to be chosen. [`quick`] is the same without the planner (a greedy harvest),
//! for rollouts.
//!
//! Inside a [`MemoScope`] both remember what they computed, keyed on everything they read (the
//! seat's own farm and resources, the year, whether its harvest is over, its Equipment to
//! choose): a search decision evaluates the same few thousand farms hundreds of thousands of
//! times (its candidates, worlds and rollout seats build the same cards on the same farms), so
//! the memo answers most of them without planning a harvest again (stop 51, docs/BENCHMARKS.md).
//! Outside a scope nothing is kept.

use super::planner::{self, FINAL_SCALE, HarvestPosition, Yield};
use crate::fields_of_green::cards::Deck;
use crate::fields_of_green::farm::CellCard;
use crate::fields_of_green::game::{Game, Phase, hand_size};
use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::sync::Arc;

/// What a Water left on a tower is worth before year 4.
pub const WATER_VP: f64 = 1.0 / 3.0;
/// What an Equipment tile about to be chosen is worth (1 VP set aside, often more placed).
pub const OFFER_VP: f64 = 1.5;
/// Income per year (ruling 3): Water and Food (coins are the same for every choice).
const INCOME_WATER: f64 = 2.0;
const INCOME_FOOD: f64 = 1.0;

/// Entries a memo holds at most: past this it starts again empty (about 200 bytes an entry; a
/// four-player decision late in the game fills about 5,000).
pub const MEMO_CAP: usize = 1 << 16;

/// The projected final score of `seat`.
pub fn project(game: &Game, seat: usize) -> f64 {
    memoised(game, seat, true)
}

/// [`project`] with a greedy harvest instead of the exact planner (cheaper, for rollouts).
pub fn quick(game: &Game, seat: usize) -> f64 {
    memoised(game, seat, false)
}

/// [`project`] (`exact`) or [`quick`] computed afresh, never from the memo: for tests that
/// compare the two.
pub fn project_uncached(game: &Game, seat: usize, exact: bool) -> f64 {
    project_with(game, seat, exact)
}

/// While one lives (on this thread), [`project`] and [`quick`] remember their results. Scopes
/// nest; the memo is emptied when the outermost one ends, so nothing outlives the work that
/// asked for it. The results are the same with or without a scope: a memo entry's key holds
/// everything the evaluation reads.
#[must_use = "the memo lives only as long as the scope"]
pub struct MemoScope {
    /// Not Send: the scope belongs to its thread's memo.
    _thread: std::marker::PhantomData<*const ()>,
}

impl MemoScope {
    pub fn enter() -> MemoScope {
        MEMO.with(|m| m.borrow_mut().depth += 1);
        MemoScope {
            _thread: std::marker::PhantomData,
        }
    }
}

impl Drop for MemoScope {
    fn drop(&mut self) {
        MEMO.with(|m| {
            let mut m = m.borrow_mut();
            m.depth -= 1;
            if m.depth == 0 {
                *m = Memo::default();
            }
        });
    }
}

/// Entries the memo of this thread holds now (0 outside a scope): for tests.
pub fn memo_entries() -> usize {
    MEMO.with(|m| m.borrow().values.len())
}

/// The memo of one thread: results by key, for one deck.
#[derive(Default)]
struct Memo {
    /// Live scopes.
    depth: usize,
    /// The deck the entries were computed with (held, so its address cannot be reused).
    deck: Option<Arc<Deck>>,
    values: HashMap<Box<[u8]>, f64, BuildHasherDefault<super::FastHasher>>,
    /// The key being looked up (reused, so a hit allocates nothing).
    key: Vec<u8>,
}

thread_local! {
    static MEMO: RefCell<Memo> = RefCell::default();
}

/// Writes into `k` everything [`project_with`] reads of the game for `seat` (the game not over):
/// the seat's farm (every card, face, Water and Equipment), coins, Food, VP tokens, set-aside
/// tiles, this harvest's activations, the year, whether its harvest is over, its Equipment to
/// choose, and `exact`. Fields are written at fixed widths and lists with their lengths, so two
/// different positions never write the same bytes.
fn write_key(k: &mut Vec<u8>, game: &Game, seat: usize, exact: bool) {
    let p = &game.state().players[seat];
    k.clear();
    k.push(u8::from(exact));
    k.push(game.year());
    k.push(u8::from(game.phase() == &Phase::Harvest && p.harvest_done));
    k.push(u8::from(!p.offer.is_empty()));
    k.push(p.pending_equipment);
    for n in [p.coins, p.food, p.vp_tokens, p.set_aside.len() as u32] {
        k.extend_from_slice(&n.to_le_bytes());
    }
    k.extend_from_slice(&(p.harvested.len() as u32).to_le_bytes());
    for h in &p.harvested {
        k.extend_from_slice(&[h.x as u8, h.y as u8]);
    }
    k.extend_from_slice(&(p.farm.cells.len() as u32).to_le_bytes());
    for c in &p.farm.cells {
        let (kind, design) = match c.card {
            CellCard::Location(d) => (0u8, d),
            CellCard::WaterTower => (1, 0),
            CellCard::Silo => (2, 0),
        };
        k.extend_from_slice(&[c.pos.x as u8, c.pos.y as u8, kind]);
        k.extend_from_slice(&design.to_le_bytes());
        k.extend_from_slice(&[u8::from(c.face_up), c.water, c.equipment.len() as u8]);
        for e in &c.equipment {
            k.extend_from_slice(&e.to_le_bytes());
        }
    }
}

/// What the memo says about a position.
enum Lookup {
    /// No scope: compute, keep nothing.
    Off,
    Hit(f64),
    Miss,
}

/// [`project_with`], from the memo inside a [`MemoScope`].
fn memoised(game: &Game, seat: usize, exact: bool) -> f64 {
    if game.scores().is_some() {
        return project_with(game, seat, exact);
    }
    let lookup = MEMO.with(|m| {
        let m = &mut *m.borrow_mut();
        if m.depth == 0 {
            return Lookup::Off;
        }
        if !m
            .deck
            .as_ref()
            .is_some_and(|d| Arc::ptr_eq(d, game.deck_arc()))
        {
            m.values.clear();
            m.deck = Some(game.deck_arc().clone());
        }
        write_key(&mut m.key, game, seat, exact);
        match m.values.get(m.key.as_slice()) {
            Some(&v) => Lookup::Hit(v),
            None => Lookup::Miss,
        }
    });
    match lookup {
        Lookup::Off => project_with(game, seat, exact),
        Lookup::Hit(v) => v,
        Lookup::Miss => {
            let v = project_with(game, seat, exact);
            MEMO.with(|m| {
                let m = &mut *m.borrow_mut();
                if m.values.len() >= MEMO_CAP {
                    m.values.clear();
                }
                write_key(&mut m.key, game, seat, exact);
                let key: Box<[u8]> = m.key.as_slice().into();
                m.values.insert(key, v);
            });
            v
        }
    }
}

fn project_with(game: &Game, seat: usize, exact: bool) -> f64 {
    let deck = game.deck();
    if let Some(pads) = game.scores() {
        return pads[seat].total as f64;
    }
    let p = &game.state().players[seat];
    let year = game.year();
    let offers = (!p.offer.is_empty()) as u32 + p.pending_equipment as u32;
    let bonus = offers as f64 * OFFER_VP;
    let position = HarvestPosition::from_game(game, seat);
    let set_aside = position.set_aside;
    let done = game.phase() == &Phase::Harvest && p.harvest_done;
    if done {
        // This year's harvest is over: the state is the end of it.
        let water = p.farm.water_held();
        let now = planner::smooth_score(deck, &position);
        let later = later_yield(deck, &position, 4 - year as u32);
        return now
            + if year < 4 {
                WATER_VP * water as f64
            } else {
                0.0
            }
            + later
            + bonus;
    }
    let plan = if exact {
        planner::plan_fast(deck, &position)
    } else {
        None
    };
    match plan {
        Some(plan) => {
            if year >= 4 {
                return plan.value as f64 / FINAL_SCALE as f64 + bonus;
            }
            let (farm, food) = plan.end_farm(deck, &position);
            let end = HarvestPosition {
                farm,
                coins: plan.end.coins,
                food,
                vp_tokens: plan.end.vp_tokens,
                set_aside,
                harvested: Vec::new(),
                year: year + 1,
            };
            let now = planner::smooth_score(deck, &end);
            now + WATER_VP * plan.end.water as f64
                + later_yield(deck, &end, 4 - year as u32)
                + bonus
        }
        None => {
            // Greedy: this year's harvest as one of the later ones, from what is held now.
            let now = planner::smooth_score(deck, &position);
            let water = p.farm.water_held() as f64;
            let harvests = 5 - year as u32;
            let later = later_yield(deck, &position, harvests);
            now + if year < 4 { WATER_VP * water } else { 0.0 } + later + bonus
        }
    }
}

/// What the position's Harvest locations should add over `harvests` more harvests: each
/// harvest pays the Water users it can from the income and its share of the Water held (best
/// return per Water first), then the Food users from the income, its share of the Food held and
/// the Food made (best return per Food first). Gains count at what they score (a coin a third of
/// a VP, a Food half a VP); a location that cannot be paid loses its printed VP once.
pub fn later_yield(deck: &Deck, position: &HarvestPosition, harvests: u32) -> f64 {
    if harvests == 0 {
        return 0.0;
    }
    let Some(ys) = planner::yields(deck, position) else {
        return 0.0;
    };
    let h = harvests as f64;
    let water_held = position.farm.water_held() as f64;
    let mut water = INCOME_WATER + water_held / h;
    let mut food = INCOME_FOOD + position.food as f64 / h;
    let value = |y: &Yield| y.vp as f64 + y.coins as f64 / 3.0 - y.coins_cost as f64 / 3.0;
    let mut total = 0.0;
    let mut lost = 0.0;
    // Water users.
    let mut wet: Vec<&Yield> = ys.iter().filter(|y| y.water > 0).collect();
    wet.sort_by(|a, b| {
        let ra = (value(a) + a.food as f64 / 2.0) / a.water as f64;
        let rb = (value(b) + b.food as f64 / 2.0) / b.water as f64;
        rb.total_cmp(&ra)
    });
    for y in wet {
        if y.towers_in_range > 0 && y.water as f64 <= water + 0.5 {
            water -= y.water as f64;
            food += y.food as f64;
            total += value(y) + y.food as f64 / 2.0;
        } else {
            lost += y.printed as f64;
        }
    }
    // Food users, then the rest.
    let mut fed: Vec<&Yield> = ys
        .iter()
        .filter(|y| y.water == 0 && y.food_cost > 0)
        .collect();
    fed.sort_by(|a, b| {
        let ra = value(a) / a.food_cost as f64;
        let rb = value(b) / b.food_cost as f64;
        rb.total_cmp(&ra)
    });
    for y in fed {
        if y.food_cost as f64 <= food + 0.5 {
            food -= y.food_cost as f64;
            total += value(y) + (y.food as f64 - y.food_cost as f64) / 2.0;
        } else {
            lost += y.printed as f64;
        }
    }
    for y in ys.iter().filter(|y| y.water == 0 && y.food_cost == 0) {
        total += value(y) + y.food as f64 / 2.0;
    }
    h * total - lost
}

/// Cards a seat draws per year, for estimates (ruling 20).
pub fn cards_per_year(players: usize) -> u8 {
    hand_size(players)
}
