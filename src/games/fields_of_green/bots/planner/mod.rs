//! The harvest planner (issue #5): an exact optimal harvest for one farm.
//!
//! # What is maximised
//! Lexicographically:
//! 1. the number of face-up Harvest locations kept face up (ruling 15: an unpaid one becomes an
//!    Open Area), so no location that could be kept turns over;
//! 2. a value ([`Plan::value`]):
//!    - years 1-3 ([`Valuation::Interim`]), in sixths of a VP: 6 per VP token, 2 per coin and 3
//!      per Food held at the end (1 VP per 3 coins and per 2 Food, ruling 18, without rounding:
//!      they keep their worth into next year), 2 per Water left on the towers (a third of a VP:
//!      Water is worth about a Food next year), plus for each kept location 6 per printed VP and
//!      6 per Equipment tile on it (both lost with an Open Area);
//!    - year 4 ([`Valuation::Final`]): the seat's final score (ruling 18, exactly as the engine
//!      scores it: empty Water Towers, Game End abilities of what stays face up, rounding),
//!      times [`FINAL_SCALE`], plus the coins left (the second tie-break of ruling 19).
//!
//! # How
//! Within one harvest nothing but coins, Food, Water and VP tokens changes (locations turn over
//! only at the end), so for the usual abilities (amounts counted from cards, not from Food, coins
//! or empty towers; no refills or Equipment gains) each activation has fixed costs and gains.
//! Then:
//! - coins, VP tokens and Water spent depend only on *which* activations are paid, not on their
//!   order; Water paid from towers in range is a transportation problem whose feasibility is
//!   Hall's condition over sets of towers ([`Hall`]), so the tower choice is made at the end by a
//!   max-flow ([`Flow`]) and never wrongly early;
//! - Food is the only resource whose final amount depends on the order (Silo capacity, ruling
//!   14). For a chosen multiset of activations the best order is found by a memoised search over
//!   multisets of *order classes* (activations with the same Food cost and gain, and coin cost and
//!   gain where coins could run short): `best_food(v)` is the most Food one can hold after paying
//!   exactly the multiset `v`. More Food never hurts later payments, so the maximum is all that
//!   needs remembering.
//! - Which activations to pay (per location: none, once, twice with a Harrow, with how many
//!   optional repeats) is a branch and bound over the locations, with bounds on the kept count and
//!   the value.
//!
//! Farms with abilities outside that class fall back to [`plan_with_engine`], an exhaustive
//! memoised search that plays every harvest action (and every choice of paying towers) on copies
//! of the game. Tests check the fast path against it on random farms.
//!
//! The parts: [`valuation`] (what a plan is worth), [`model`] (the fast model and the Water
//! assignment), [`search`] (the branch and bound), [`engine`] (the exhaustive fallback).

mod engine;
mod model;
mod search;
mod valuation;

pub use engine::*;
use model::*;
use search::*;
pub use valuation::*;

use super::geometry::Geometry;
use crate::fields_of_green::action::Action;
use crate::fields_of_green::cards::Deck;
use crate::fields_of_green::effects::{
    Ability, Amount, Condition, Count, Effect, Filter, Gain, Modifier, Timing,
};
use crate::fields_of_green::farm::{CellCard, Farm, Pos};
use crate::fields_of_green::game::eval::Reads;
use crate::fields_of_green::game::{Game, Phase, eval, scoring};
use crate::fields_of_green::view::PlayerView;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::Arc;

/// A small multiplicative hasher for the planner's memo tables (keys are a few integers).
#[derive(Default)]
struct FastHasher(u64);

impl Hasher for FastHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_u32(&mut self, n: u32) {
        self.write_u64(n as u64);
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }

    fn write_u128(&mut self, n: u128) {
        self.write_u64(n as u64);
        self.write_u64((n >> 64) as u64);
    }
}

type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<FastHasher>>;
/// Year-4 leaf score key: (turned over, emptied, coins, Food, tokens).
type ScoreKey = (u64, u32, u32, u32, u32);

/// Value of a VP in the interim valuation (units: sixths of a VP).
pub const VP: i64 = 6;
/// Value of a coin in the interim valuation (a third of a VP).
pub const COIN: i64 = 2;
/// Value of a Food in the interim valuation (half a VP).
pub const FOOD: i64 = 3;
/// Value of a Water left on a tower in the interim valuation (a third of a VP).
pub const WATER: i64 = 2;
/// Value of an Equipment tile kept on a location in the interim valuation (a VP).
pub const TILE: i64 = 6;
/// Year 4: value = final score x FINAL_SCALE + coins left.
pub const FINAL_SCALE: i64 = 1 << 16;

/// How the end of a harvest is valued (after the kept count).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Valuation {
    /// Years 1-3: resources toward the final score, see the module text.
    Interim,
    /// Year 4: the final score, exactly.
    Final,
}

/// What the planner needs to know about one seat at the harvest: all of it public (the view has
/// it), so a bot can plan from its view.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HarvestPosition {
    pub farm: Farm,
    pub coins: u32,
    pub food: u32,
    pub vp_tokens: u32,
    /// Set-aside Equipment tiles (1 VP each at the end).
    pub set_aside: u32,
    /// Activations already used this harvest (a position once per activation).
    pub harvested: Vec<Pos>,
    pub year: u8,
}

impl HarvestPosition {
    /// The seat's position in a game.
    pub fn from_game(game: &Game, seat: usize) -> HarvestPosition {
        let p = &game.state().players[seat];
        HarvestPosition {
            farm: p.farm.clone(),
            coins: p.coins,
            food: p.food,
            vp_tokens: p.vp_tokens,
            set_aside: p.set_aside.len() as u32,
            harvested: p.harvested.clone(),
            year: game.year(),
        }
    }

    /// The seat's position from its view (None if the view names cards not in `deck`).
    pub fn from_view(deck: &Deck, view: &PlayerView) -> Option<HarvestPosition> {
        let me = view.table.seats.get(view.seat)?;
        Some(HarvestPosition {
            farm: super::farm_from_view(deck, &me.farm)?,
            coins: me.coins,
            food: me.food,
            vp_tokens: me.vp_tokens,
            set_aside: me.set_aside.len() as u32,
            harvested: me.harvested.clone(),
            year: view.table.year,
        })
    }

    pub fn valuation(&self) -> Valuation {
        if self.year >= 4 {
            Valuation::Final
        } else {
            Valuation::Interim
        }
    }

    /// Cells holding a face-up location with a Harvest ability (the ones that may turn over).
    pub fn harvest_cells(&self, deck: &Deck) -> Vec<usize> {
        (0..self.farm.cells.len())
            .filter(|&i| {
                eval::cell_ability(deck, &self.farm, i).is_some_and(|a| a.timing == Timing::Harvest)
            })
            .collect()
    }
}

/// The resources after the harvest.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EndState {
    pub coins: u32,
    pub food: u32,
    pub vp_tokens: u32,
    /// Water left on all towers together.
    pub water: u32,
}

/// An optimal harvest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// `Harvest` actions in order (each naming the towers that pay its Water), then `EndHarvest`.
    /// Empty when the seat has nothing to decide.
    pub actions: Vec<Action>,
    /// Harvest locations face up after the harvest.
    pub kept: u32,
    /// The value maximised after `kept` (see the module text).
    pub value: i64,
    pub end: EndState,
    /// False only when the engine search ran out of its node budget.
    pub exact: bool,
    /// Search nodes (branch and bound nodes, or engine states).
    pub nodes: u64,
    /// True when the fast model was used, false for the engine search.
    pub fast: bool,
}

impl Plan {
    /// The objective as a comparable pair.
    pub fn objective(&self) -> (u32, i64) {
        (self.kept, self.value)
    }

    /// The farm after playing this plan from `start` (Open Areas turned, tower Water paid, as
    /// `EndHarvest` leaves it) and the Food then held.
    pub fn end_farm(&self, deck: &Deck, start: &HarvestPosition) -> (Farm, u32) {
        let mut water: Vec<u8> = start.farm.cells.iter().map(|c| c.water).collect();
        let mut paid: Vec<Pos> = start.harvested.clone();
        for a in &self.actions {
            if let Action::Harvest { pos, water: w, .. } = a {
                paid.push(*pos);
                for t in w {
                    if let Some(i) = start.farm.index_of(*t) {
                        water[i] = water[i].saturating_sub(1);
                    }
                }
            }
        }
        let flipped: Vec<usize> = start
            .harvest_cells(deck)
            .into_iter()
            .filter(|&i| !paid.contains(&start.farm.cells[i].pos))
            .collect();
        end_farm(deck, &start.farm, &flipped, &water, self.end.food)
    }
}

/// The final score (ruling 18) of what the position holds, without its rounding: coins count a
/// third of a VP each and Food half a VP, so one more coin or Food always shows. For the bots'
/// evaluations.
pub fn smooth_score(deck: &Deck, at: &HarvestPosition) -> f64 {
    let (total, left) = final_score(
        deck,
        &at.farm,
        at.coins,
        at.food,
        at.vp_tokens,
        at.set_aside,
    );
    total as f64 + (left % 3) as f64 / 3.0 + (at.food % 2) as f64 / 2.0
}

/// One Harvest location's activation (no optional repeats), for the bots' estimates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Yield {
    pub pos: Pos,
    /// Water, Food and coins it costs.
    pub water: u32,
    pub food_cost: u32,
    pub coins_cost: u32,
    /// Food, coins and VP tokens it gives.
    pub food: u32,
    pub coins: u32,
    pub vp: u32,
    /// Water Towers in its range (holding Water or not).
    pub towers_in_range: u32,
    /// Printed VP (lost if it turns over).
    pub printed: u32,
    /// Already activated this harvest.
    pub used: bool,
}

/// The activations of the position's Harvest locations with their costs and gains as the fast
/// model sees them (None when a farm is outside it). Locations that can never be paid are
/// listed with `water_in_range` below `water`.
pub fn yields(deck: &Deck, position: &HarvestPosition) -> Option<Vec<Yield>> {
    let m = Model::new(deck, position, false)?;
    let farm = &position.farm;
    let towers: Vec<(usize, u8)> = (0..farm.cells.len())
        .filter(|&i| farm.cells[i].card == CellCard::WaterTower)
        .map(|i| (i, eval::tower_range(deck, farm, i)))
        .collect();
    let mut out = Vec::with_capacity(m.locs.len());
    for l in &m.locs {
        let v = l.base;
        let reach = if v.w == 0 || towers.is_empty() {
            0
        } else {
            towers
                .iter()
                .filter(|&&(i, range)| m.geo.d(farm, l.cell, i) <= range)
                .count() as u32
        };
        out.push(Yield {
            pos: l.pos,
            water: v.w,
            food_cost: v.a,
            coins_cost: v.c,
            food: v.b,
            coins: v.d,
            vp: v.vp,
            towers_in_range: reach,
            printed: l.printed as u32,
            used: l.used,
        });
    }
    Some(out)
}

/// Plans the harvest of `position`: the fast exact planner when the farm's abilities allow it,
/// otherwise None (use [`plan_with_engine`] on a game).
pub fn plan_fast(deck: &Deck, position: &HarvestPosition) -> Option<Plan> {
    let model = Model::new(deck, position, true)?;
    Some(model.solve(deck, position))
}

/// Plans the seat's harvest in a game: the fast planner, or the engine search when the farm has
/// abilities outside the fast model (then at most `budget` states are searched).
pub fn plan_game(game: &Game, seat: usize, budget: u64) -> Plan {
    let position = HarvestPosition::from_game(game, seat);
    match plan_fast(game.deck(), &position) {
        Some(plan) => plan,
        None => plan_with_engine(game, seat, budget),
    }
}

/// The next harvest action for the seat whose view this is, or None when the view is not a
/// harvest decision of this seat. Uses the fast planner; for farms outside its model, a game
/// rebuilt from the view (the harvest touches only the seat's own farm, so the hidden parts do not
/// matter) and the engine search.
pub fn harvest_step(deck: &Arc<Deck>, view: &PlayerView) -> Option<Action> {
    if view.table.phase != Phase::Harvest || !view.offer.is_empty() {
        return None;
    }
    if !view
        .legal
        .iter()
        .any(|a| matches!(a, Action::Harvest { .. } | Action::EndHarvest))
    {
        return None;
    }
    let position = HarvestPosition::from_view(deck, view)?;
    let plan = match plan_fast(deck, &position) {
        Some(plan) => plan,
        None => {
            use rand::SeedableRng;
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0);
            let game = super::determinize::sample(deck, view, &mut rng)?;
            plan_with_engine(&game, view.seat, ENGINE_BUDGET)
        }
    };
    plan.actions.into_iter().next().or(Some(Action::EndHarvest))
}

/// Engine-search budget used by bots for farms outside the fast model.
pub const ENGINE_BUDGET: u64 = 20_000;

#[cfg(test)]
mod tests;
