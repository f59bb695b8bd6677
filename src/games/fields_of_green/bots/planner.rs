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

use super::geometry::Geometry;
use crate::fields_of_green::action::Action;
use crate::fields_of_green::cards::Deck;
use crate::fields_of_green::effects::{
    Ability, Amount, Condition, Count, Effect, Filter, Gain, Modifier, Timing,
};
use crate::fields_of_green::farm::{CellCard, Farm, Pos};
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

/// The final score (ruling 18) without its rounding: coins count a third of a VP each and Food
/// half a VP, so one more coin or Food always shows. For the bots' evaluations.
pub fn smooth_score(
    deck: &Deck,
    farm: &Farm,
    coins: u32,
    food: u32,
    vp_tokens: u32,
    set_aside: u32,
) -> f64 {
    let (total, left) = final_score(deck, farm, coins, food, vp_tokens, set_aside);
    total as f64 + (left % 3) as f64 / 3.0 + (food % 2) as f64 / 2.0
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

// ------------------------------------------------------------------------------ valuation

/// The objective of a finished harvest: `end_farm` is the farm after `EndHarvest` (Open Areas
/// turned, storage clamped), `start` the position before the harvest began being planned.
pub fn objective(
    deck: &Deck,
    start: &HarvestPosition,
    end_farm: &Farm,
    coins: u32,
    food: u32,
    vp_tokens: u32,
) -> (u32, i64) {
    let cells = start.harvest_cells(deck);
    let kept_cells: Vec<usize> = cells
        .iter()
        .copied()
        .filter(|&i| end_farm.cells[i].face_up)
        .collect();
    let kept = kept_cells.len() as u32;
    let value = match start.valuation() {
        Valuation::Interim => {
            let water: i64 = end_farm
                .cells
                .iter()
                .filter(|c| c.card == CellCard::WaterTower)
                .map(|c| c.water as i64)
                .sum();
            let worth: i64 = kept_cells
                .iter()
                .map(|&i| location_worth(deck, end_farm, i))
                .sum();
            VP * vp_tokens as i64 + COIN * coins as i64 + FOOD * food as i64 + WATER * water + worth
        }
        Valuation::Final => {
            let (total, coins_left) =
                final_score(deck, end_farm, coins, food, vp_tokens, start.set_aside);
            FINAL_SCALE * total as i64 + coins_left as i64
        }
    };
    (kept, value)
}

/// Interim worth of keeping the location of cell `i` face up: its printed VP and its tiles.
fn location_worth(deck: &Deck, farm: &Farm, i: usize) -> i64 {
    let c = &farm.cells[i];
    let printed = match c.card {
        CellCard::Location(d) => deck.location(d).vp as i64,
        _ => 0,
    };
    VP * printed + TILE * c.equipment.len() as i64
}

/// One seat's final score (ruling 18) and the coins left after Power Generator payments, the same
/// way the engine's score pad counts them (tests compare the two).
pub fn final_score(
    deck: &Deck,
    farm: &Farm,
    coins: u32,
    food: u32,
    vp_tokens: u32,
    set_aside: u32,
) -> (u32, u32) {
    final_score_with(
        deck,
        farm,
        &Geometry::new(farm),
        coins,
        food,
        vp_tokens,
        set_aside,
    )
}

/// [`final_score`] with the farm's distances at hand (`geo` may come from the farm before its
/// locations turned over: distances do not change).
pub fn final_score_with(
    deck: &Deck,
    farm: &Farm,
    geo: &Geometry,
    coins: u32,
    food: u32,
    vp_tokens: u32,
    set_aside: u32,
) -> (u32, u32) {
    let parts = score_parts(deck, farm, geo, coins, food);
    let total_of = |parts: &ScoreParts, left: u32, paid: u64| -> u32 {
        let repeats = parts
            .generators
            .iter()
            .enumerate()
            .filter(|&(k, _)| paid & (1 << k) != 0)
            .map(|(_, g)| g.0)
            .fold(0u32, u32::saturating_add);
        [
            parts.cards,
            vp_tokens,
            parts.equipment,
            set_aside,
            repeats,
            left / 3,
            food / 2,
            parts.towers,
            parts.game_end,
        ]
        .into_iter()
        .fold(0u32, u32::saturating_add)
    };
    if parts.generators.is_empty() {
        return (total_of(&parts, coins, 0), coins);
    }
    // The engine's rule (scoring::choose_payments): payments first, then everything counts the
    // coins left, so the parts are counted again for each amount left.
    let costs: Vec<u32> = parts.generators.iter().map(|g| g.1).collect();
    let at = |left: u32| {
        if left == coins {
            None
        } else {
            Some(score_parts(deck, farm, geo, left, food))
        }
    };
    let (paid, left) = scoring::choose_payments(coins, &costs, |left, paid| {
        total_of(at(left).as_ref().unwrap_or(&parts), left, paid)
    });
    (
        total_of(at(left).as_ref().unwrap_or(&parts), left, paid),
        left,
    )
}

/// The parts of a score that depend on the farm.
struct ScoreParts {
    cards: u32,
    /// Equipment Game End abilities (not the Power Generator repeats, not set-aside tiles).
    equipment: u32,
    /// Power Generator-style repeats: (VP of the host's Game End ability, coins to pay).
    generators: Vec<(u32, u32)>,
    towers: u32,
    game_end: u32,
}

fn score_parts(deck: &Deck, farm: &Farm, geo: &Geometry, coins: u32, food: u32) -> ScoreParts {
    let mut parts = ScoreParts {
        cards: 0,
        equipment: 0,
        generators: Vec::new(),
        towers: 0,
        game_end: 0,
    };
    for (i, c) in farm.cells.iter().enumerate() {
        if c.card == CellCard::WaterTower && c.water == 0 {
            parts.towers += 1;
        }
        if !c.face_up {
            continue;
        }
        let own = eval::cell_ability(deck, farm, i);
        let own_vp = own.map_or(0, |a| geo.game_end_vp(deck, farm, coins, food, i, a));
        if let CellCard::Location(d) = c.card {
            parts.cards += deck.location(d).vp as u32;
            if own.is_some_and(|a| a.timing == Timing::GameEnd) {
                parts.game_end += own_vp;
            }
        }
        for &e in &c.equipment {
            let a = &deck.equip(e).ability;
            parts.equipment += geo.game_end_vp(deck, farm, coins, food, i, a);
            if a.timing == Timing::Ongoing {
                for m in &a.modifiers {
                    if let Modifier::GameEndAgain { coins } = *m {
                        parts.generators.push((own_vp, coins as u32));
                    }
                }
            }
        }
    }
    parts
}

/// The farm after `EndHarvest` (ruling 15): Harvest locations not in `kept` turn into Open Areas
/// and lose their Equipment; tower Water is set from `water` (per cell) and clamped to what the
/// towers hold now. Returns the farm and `food` clamped to the Silos' capacity.
pub fn end_farm(
    deck: &Deck,
    start: &Farm,
    flipped: &[usize],
    water: &[u8],
    food: u32,
) -> (Farm, u32) {
    let mut farm = start.clone();
    for &i in flipped {
        let c = &mut farm.cells[i];
        c.face_up = false;
        c.equipment.clear();
    }
    for (i, &w) in water.iter().enumerate() {
        farm.cells[i].water = w;
    }
    if !flipped.is_empty() {
        let caps: Vec<(usize, u8)> = (0..farm.cells.len())
            .filter(|&i| farm.cells[i].card == CellCard::WaterTower)
            .map(|i| (i, eval::tower_capacity(deck, &farm, i)))
            .collect();
        for (i, cap) in caps {
            farm.cells[i].water = farm.cells[i].water.min(cap);
        }
        let cap = eval::food_capacity(deck, &farm);
        return (farm, food.min(cap));
    }
    (farm, food)
}

// ------------------------------------------------------------------------------ the fast model

/// True when an amount does not change during a harvest (it counts cards, which only turn over at
/// its end; not Food, coins or empty towers, which change).
fn static_amount(a: &Amount) -> bool {
    static_count(&a.count)
}

fn static_count(c: &Option<Count>) -> bool {
    match c {
        None => true,
        Some(Count::Cards { of, .. }) => *of != Filter::EmptyWaterTower,
        Some(Count::Food | Count::Coins) => false,
    }
}

fn static_condition(c: &Option<Condition>) -> bool {
    c.as_ref().is_none_or(|c| static_count(&Some(c.count)))
}

fn static_gain(g: &Gain) -> bool {
    static_amount(&g.coins) && static_amount(&g.food) && static_amount(&g.vp)
}

/// True when a Harvest ability fits the fast model.
fn static_ability(a: &Ability) -> bool {
    let cost_ok =
        static_amount(&a.cost.coins) && static_amount(&a.cost.water) && static_amount(&a.cost.food);
    cost_ok
        && a.effects.iter().all(|e| match e {
            Effect::Gain { gain, when } => static_gain(gain) && static_condition(when),
            Effect::Repeat { pay, gain, .. } => {
                static_amount(&pay.coins)
                    && static_amount(&pay.water)
                    && static_amount(&pay.food)
                    && static_gain(gain)
            }
            // A refill changes Water mid-harvest; an Equipment gain opens an offer.
            Effect::Refill { .. } | Effect::Equipment { .. } => false,
        })
}

/// One way to activate a location once: `extra` optional repeats; Food cost `a` and gain `b`,
/// coin cost `c` and gain `d`, VP tokens `vp`, Water `w`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Variant {
    extra: u8,
    a: u32,
    b: u32,
    c: u32,
    d: u32,
    vp: u32,
    w: u32,
    /// Order class (None: touches neither Food nor, where they can run short, coins).
    class: Option<usize>,
}

/// A Harvest location still to decide.
#[derive(Clone, Debug)]
struct Loc {
    cell: usize,
    pos: Pos,
    /// Already activated this harvest (so it stays face up whatever happens now).
    used: bool,
    /// Towers (bits over `Model::towers`) that may pay its Water.
    mask: u32,
    variants: Vec<Variant>,
    /// Ways to use it now: lists of variant indices (the empty list last).
    options: Vec<Vec<usize>>,
    /// Interim worth of keeping it face up.
    worth: i64,
    /// Printed VP (lost with an Open Area).
    printed: i64,
    /// Identical to the location before it: its option index is never lower (symmetry).
    twin: bool,
    /// The activation without repeats, payable now or not.
    base: Variant,
}

/// An order class: activations that change Food (and coins) alike.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Class {
    a: u32,
    b: u32,
    c: u32,
    d: u32,
}

/// Per-option sums.
#[derive(Clone, Copy, Debug, Default)]
struct Sums {
    /// Net coins.
    coins: i64,
    /// Net Food, before losses to the Silo cap.
    food: i64,
    vp: i64,
    water: i64,
}

impl Sums {
    fn of(variants: &[Variant], picks: &[usize]) -> Sums {
        let mut s = Sums::default();
        for &k in picks {
            let v = &variants[k];
            s.coins += v.d as i64 - v.c as i64;
            s.food += v.b as i64 - v.a as i64;
            s.vp += v.vp as i64;
            s.water += v.w as i64;
        }
        s
    }
}

struct Model {
    /// Distances of the farm (the same for every end of the harvest).
    geo: Geometry,
    locs: Vec<Loc>,
    /// Towers holding Water: cell indices (bit k of a mask is `towers[k]`).
    towers: Vec<usize>,
    tower_water: Vec<u32>,
    classes: Vec<Class>,
    coins0: u32,
    food0: u32,
    tokens0: u32,
    cap: u32,
    water0: u32,
    valuation: Valuation,
    /// Locations already activated before planning (kept whatever happens).
    kept0: u32,
    /// Whether turning locations over can change the farm's capacities (an Ongoing modifier
    /// hosted on a Harvest location): then the end farm is rebuilt for every candidate.
    caps_move: bool,
}

impl Model {
    /// The fast model of a position, or None if an ability is outside it. Without `full`, only
    /// what [`yields`] reads is built (the locations, in the search order, with their variants):
    /// no ways to use each location and no twins. The evaluation asks for yields after every
    /// action a bot tries, and the options were most of the model's cost there.
    fn new(deck: &Deck, p: &HarvestPosition, full: bool) -> Option<Model> {
        let farm = &p.farm;
        let info = eval::FarmInfo::new(deck, farm);
        let towers: Vec<usize> = (0..farm.cells.len())
            .filter(|&i| farm.cells[i].card == CellCard::WaterTower && farm.cells[i].water > 0)
            .collect();
        if towers.len() > 30 {
            return None;
        }
        let tower_water = towers.iter().map(|&i| farm.cells[i].water as u32).collect();
        let water0 = farm
            .cells
            .iter()
            .filter(|c| c.card == CellCard::WaterTower)
            .map(|c| c.water as u32)
            .sum();
        let geo = Geometry::new(farm);
        // (card index of the source, filter, scope, gain)
        let bonuses: Vec<(usize, Filter, crate::fields_of_green::effects::Scope, Gain)> =
            eval::modifiers(deck, farm)
                .filter_map(|(src, m)| match *m {
                    Modifier::HarvestBonus { of, scope, gain } => {
                        Some((farm.index_of(src)?, of, scope, gain))
                    }
                    _ => None,
                })
                .collect();
        if bonuses.iter().any(|b| !static_gain(&b.3)) {
            return None;
        }
        let amount =
            |subject: usize, a: &Amount| geo.amount(deck, farm, p.coins, p.food, subject, a);
        let cap = eval::food_capacity(deck, farm);
        let mut locs = Vec::new();
        let mut kept0 = 0;
        let mut caps_move = false;
        // Per location (in the order built), the most variants one use of it takes.
        let mut slots_of: Vec<u32> = Vec::new();
        for i in p.harvest_cells(deck) {
            let c = &farm.cells[i];
            let ability = eval::cell_ability(deck, farm, i).expect("a harvest cell");
            if !static_ability(ability) {
                return None;
            }
            if c.equipment.iter().any(|&e| {
                let a = &deck.equip(e).ability;
                a.timing == Timing::Ongoing
                    && a.modifiers.iter().any(|m| {
                        matches!(
                            m,
                            Modifier::SiloCapacity { .. } | Modifier::TowerCapacity { .. }
                        )
                    })
            }) {
                caps_move = true;
            }
            let used = p.harvested.iter().filter(|&&x| x == c.pos).count() as u8;
            if used > 0 {
                kept0 += 1;
            }
            let slots = info.harvest_limit(farm, i).saturating_sub(used);
            let mut mask = 0u32;
            for (t, _) in info.water_sources(deck, farm, c.pos) {
                if let Some(k) = towers.iter().position(|&x| x == t) {
                    mask |= 1 << k;
                }
            }
            let in_range: u32 = (0..towers.len())
                .filter(|k| mask & (1 << k) != 0)
                .map(|k| farm.cells[towers[k]].water as u32)
                .sum();
            // Gains that do not depend on the repeats: the Gain effects that hold, and the
            // Ongoing harvest bonuses that reach this location.
            let (mut g_coins, mut g_food, mut g_vp) = (0u32, 0u32, 0u32);
            let mut rep_pay = (0u32, 0u32, 0u32);
            let mut rep_gain = (0u32, 0u32, 0u32);
            let mut max_extra = 0u8;
            for e in &ability.effects {
                match e {
                    Effect::Gain { gain, when } => {
                        if geo.holds(deck, farm, p.coins, p.food, i, when) {
                            g_coins += amount(i, &gain.coins);
                            g_food += amount(i, &gain.food);
                            g_vp += amount(i, &gain.vp);
                        }
                    }
                    Effect::Repeat { max, pay, gain } => {
                        max_extra = *max;
                        rep_pay = (
                            amount(i, &pay.coins),
                            amount(i, &pay.water),
                            amount(i, &pay.food),
                        );
                        rep_gain = (
                            amount(i, &gain.coins),
                            amount(i, &gain.food),
                            amount(i, &gain.vp),
                        );
                    }
                    Effect::Refill { .. } | Effect::Equipment { .. } => unreachable!("static"),
                }
            }
            for (src, of, scope, gain) in &bonuses {
                if eval::cell_matches(deck, farm, i, *of) && geo.reaches(farm, *src, *scope, i) {
                    g_coins += amount(*src, &gain.coins);
                    g_food += amount(*src, &gain.food);
                    g_vp += amount(*src, &gain.vp);
                }
            }
            let base = (
                amount(i, &ability.cost.coins),
                amount(i, &ability.cost.water),
                amount(i, &ability.cost.food),
            );
            let mut variants = Vec::new();
            let mut base_variant = None;
            for extra in 0..=max_extra {
                let e = extra as u32;
                let v = Variant {
                    extra,
                    c: base.0 + e * rep_pay.0,
                    w: base.1 + e * rep_pay.1,
                    a: base.2 + e * rep_pay.2,
                    d: g_coins + e * rep_gain.0,
                    b: g_food + e * rep_gain.1,
                    vp: g_vp + e * rep_gain.2,
                    class: None,
                };
                if extra == 0 {
                    base_variant = Some(v);
                }
                // Never payable: more Water than the towers in range hold, more Food than the
                // Silos can ever hold.
                if v.w > in_range || (v.w > 0 && mask == 0) || v.a > cap.max(p.food) {
                    continue;
                }
                variants.push(v);
            }
            // Towers in range matter only to a location that pays Water.
            if variants.iter().all(|v| v.w == 0) {
                mask = 0;
            }
            locs.push(Loc {
                cell: i,
                pos: c.pos,
                used: used > 0,
                mask,
                variants,
                options: Vec::new(),
                worth: location_worth(deck, farm, i),
                printed: match c.card {
                    CellCard::Location(d) => deck.location(d).vp as i64,
                    _ => 0,
                },
                twin: false,
                base: base_variant.expect("extra 0 is always built"),
            });
            let loc = locs.last_mut().expect("pushed");
            let n = loc.variants.len();
            // The longest way to use it (what the coin bound below reads): `slots` variants.
            slots_of.push(if n == 0 { 0 } else { slots as u32 });
            if !full {
                continue;
            }
            // Options: multisets of up to `slots` variants, best-looking first, none last.
            let mut options: Vec<Vec<usize>> = Vec::new();
            if slots >= 1 {
                for k in 0..n {
                    options.push(vec![k]);
                }
            }
            if slots >= 2 {
                for k in 0..n {
                    for l in k..n {
                        options.push(vec![k, l]);
                    }
                }
            }
            if slots >= 3 {
                // More than one extra activation (two Harrow-like tiles): deeper multisets.
                let mut level: Vec<Vec<usize>> =
                    options.iter().filter(|o| o.len() == 2).cloned().collect();
                for _ in 3..=slots {
                    let mut next = Vec::new();
                    for o in &level {
                        for k in *o.last().expect("non-empty")..n {
                            let mut m = o.clone();
                            m.push(k);
                            next.push(m);
                        }
                    }
                    options.extend(next.iter().cloned());
                    level = next;
                }
            }
            options.push(Vec::new());
            loc.options = options;
        }
        // Can coins run short? Only if all coin costs together exceed the coins held.
        let coin_need: u32 = locs
            .iter()
            .zip(&slots_of)
            .map(|(l, &slots)| slots * l.variants.iter().map(|v| v.c).max().unwrap_or(0))
            .sum();
        let coins_bind = coin_need > p.coins;
        let mut classes: Vec<Class> = Vec::new();
        for l in locs.iter_mut() {
            for v in l.variants.iter_mut() {
                // Food beyond the capacity is lost whatever the order, and coins beyond all the
                // coin costs together never make a payment possible: the classes need not tell
                // such gains apart (the check "coins >= cost" gives the same answer either way).
                let b = v.b.min(cap);
                let key = if coins_bind {
                    Class {
                        a: v.a,
                        b,
                        c: v.c,
                        d: v.d.min(coin_need),
                    }
                } else {
                    Class {
                        a: v.a,
                        b,
                        c: 0,
                        d: 0,
                    }
                };
                if key
                    == (Class {
                        a: 0,
                        b: 0,
                        c: 0,
                        d: 0,
                    })
                {
                    continue;
                }
                let k = match classes.iter().position(|&x| x == key) {
                    Some(k) => k,
                    None => {
                        classes.push(key);
                        classes.len() - 1
                    }
                };
                v.class = Some(k);
            }
        }
        if classes.len() > MAX_CLASSES {
            return None;
        }
        // Sort option lists: the most valuable first (a good first incumbent), none last.
        let valuation = p.valuation();
        if full {
            for l in locs.iter_mut() {
                let vars = l.variants.clone();
                let score = |o: &Vec<usize>| -> i64 {
                    if o.is_empty() {
                        return i64::MIN;
                    }
                    let s = Sums::of(&vars, o);
                    VP * s.vp + COIN * s.coins + FOOD * s.food - WATER * s.water
                };
                l.options.sort_by_key(|o| std::cmp::Reverse(score(o)));
            }
        }
        // Identical locations next to each other, so the search can take them in a fixed order
        // (years 1-3 only: in year 4 where a card stands can matter to Game End abilities).
        // The search order: locations paying Water first (once they are decided the Food
        // supply is nearly known, and the bounds on feeding the rest are tight), then those
        // needing neither, then the Food-paying ones by the least Food they need and the most
        // coins they give.
        let order_key = |l: &Loc| {
            let wet = !l.variants.is_empty() && l.variants.iter().all(|v| v.w > 0);
            let fed = !l.variants.is_empty() && l.variants.iter().all(|v| v.a > 0);
            let rank = if wet {
                0
            } else if fed {
                2
            } else {
                1
            };
            let least_food = l.variants.iter().map(|v| v.a).min().unwrap_or(0);
            let most_coins = l.variants.iter().map(|v| v.d).max().unwrap_or(0);
            (rank, least_food, std::cmp::Reverse(most_coins))
        };
        locs.sort_by(|x, y| {
            order_key(x)
                .cmp(&order_key(y))
                .then_with(|| {
                    (x.mask, x.worth, x.printed, x.used).cmp(&(y.mask, y.worth, y.printed, y.used))
                })
                .then_with(|| x.variants.cmp(&y.variants))
        });
        if full {
            let sources = if valuation == Valuation::Final {
                game_end_counts(deck, farm)
            } else {
                Vec::new()
            };
            for k in 1..locs.len() {
                let (a, b) = (&locs[k - 1], &locs[k]);
                let same = !a.used
                    && !b.used
                    && a.mask == b.mask
                    && a.worth == b.worth
                    && a.printed == b.printed
                    && a.variants == b.variants
                    && a.options == b.options;
                let (ca, cb) = (&farm.cells[a.cell], &farm.cells[b.cell]);
                // Year 4: also the same design, no tiles, and every Game End count that could count
                // one of them counts both or neither (so the score cannot tell them apart).
                let twin = same
                    && match valuation {
                        Valuation::Interim => true,
                        Valuation::Final => {
                            ca.card == cb.card
                                && ca.equipment.is_empty()
                                && cb.equipment.is_empty()
                                && sources.iter().all(|&(src, of, scope)| {
                                    let could = matches!(of, Filter::Card | Filter::OpenArea)
                                        || eval::cell_matches(deck, farm, a.cell, of);
                                    let Some(si) = farm.index_of(src) else {
                                        return false;
                                    };
                                    !could
                                        || geo.reaches(farm, si, scope, a.cell)
                                            == geo.reaches(farm, si, scope, b.cell)
                                })
                        }
                    };
                locs[k].twin = twin;
            }
        }
        Some(Model {
            geo,
            locs,
            towers,
            tower_water,
            classes,
            coins0: p.coins,
            food0: p.food,
            tokens0: p.vp_tokens,
            cap,
            water0,
            valuation,
            kept0,
            caps_move,
        })
    }

    fn solve(&self, deck: &Deck, p: &HarvestPosition) -> Plan {
        let mut s = Search::new(self, deck, p);
        s.dfs(0);
        s.into_plan()
    }
}

/// Order classes are packed 5 bits each into a u128 key.
const MAX_CLASSES: usize = 25;

/// Hall's condition for paying Water: for every set X of towers, the Water needed by locations
/// whose towers in range all lie in X is at most the Water X holds. `slack[X]` is that margin.
struct Hall {
    slack: Vec<i32>,
    full: u32,
}

/// Towers beyond this many are checked by max-flow at the leaves only.
const HALL_TOWERS: usize = 12;

impl Hall {
    fn new(water: &[u32]) -> Option<Hall> {
        let t = water.len();
        if t > HALL_TOWERS {
            return None;
        }
        let n = 1usize << t;
        let mut slack = vec![0i32; n];
        for (x, s) in slack.iter_mut().enumerate() {
            *s = (0..t)
                .filter(|k| x & (1 << k) != 0)
                .map(|k| water[k] as i32)
                .sum();
        }
        Some(Hall {
            slack,
            full: (n - 1) as u32,
        })
    }

    /// Adds a need of `w` from towers `mask`; false (and nothing changed) when it cannot be met.
    fn add(&mut self, mask: u32, w: i32) -> bool {
        if w == 0 {
            return true;
        }
        let mut x = mask;
        loop {
            if self.slack[x as usize] < w {
                return false;
            }
            if x == self.full {
                break;
            }
            x = (x + 1) | mask;
        }
        let mut x = mask;
        loop {
            self.slack[x as usize] -= w;
            if x == self.full {
                break;
            }
            x = (x + 1) | mask;
        }
        true
    }

    fn remove(&mut self, mask: u32, w: i32) {
        if w == 0 {
            return;
        }
        let mut x = mask;
        loop {
            self.slack[x as usize] += w;
            if x == self.full {
                break;
            }
            x = (x + 1) | mask;
        }
    }
}

/// A small max-flow (augmenting paths on an adjacency matrix): Water from towers to needs.
struct Flow {
    n: usize,
    cap: Vec<i32>,
}

impl Flow {
    fn new(n: usize) -> Flow {
        Flow {
            n,
            cap: vec![0; n * n],
        }
    }

    fn add(&mut self, from: usize, to: usize, c: i32) {
        self.cap[from * self.n + to] += c;
    }

    fn residual(&self, from: usize, to: usize) -> i32 {
        self.cap[from * self.n + to]
    }

    /// Pushes as much as possible from `s` to `t`; returns the amount.
    fn run(&mut self, s: usize, t: usize) -> i32 {
        let n = self.n;
        let mut total = 0;
        let mut prev = vec![usize::MAX; n];
        let mut queue = Vec::with_capacity(n);
        loop {
            // Breadth-first search for an augmenting path.
            prev.fill(usize::MAX);
            prev[s] = s;
            queue.clear();
            queue.push(s);
            let mut head = 0;
            while head < queue.len() && prev[t] == usize::MAX {
                let u = queue[head];
                head += 1;
                let row = &self.cap[u * n..(u + 1) * n];
                for (v, &c) in row.iter().enumerate() {
                    if c > 0 && prev[v] == usize::MAX {
                        prev[v] = u;
                        queue.push(v);
                    }
                }
            }
            if prev[t] == usize::MAX {
                return total;
            }
            let mut push = i32::MAX;
            let mut v = t;
            while v != s {
                let u = prev[v];
                push = push.min(self.cap[u * n + v]);
                v = u;
            }
            let mut v = t;
            while v != s {
                let u = prev[v];
                self.cap[u * n + v] -= push;
                self.cap[v * n + u] += push;
                v = u;
            }
            total += push;
        }
    }
}

/// A way to pay the Water of a set of needs: for each need mask, units per tower (bit index).
type Assignment = Vec<(u32, Vec<(usize, u32)>)>;

/// Pays `needs` (Water per tower mask) from towers holding `water`, draining every tower of
/// `drain` completely. None when impossible.
fn assign_water(needs: &[(u32, u32)], water: &[u32], drain: u32) -> Option<Assignment> {
    let m = needs.len();
    let t = water.len();
    // Nodes: 0 source, 1 sink, 2.. needs, then towers.
    let mut f = Flow::new(2 + m + t);
    let need_total: u32 = needs.iter().map(|n| n.1).sum();
    for (k, &(mask, w)) in needs.iter().enumerate() {
        f.add(0, 2 + k, w as i32);
        for b in 0..t {
            if mask & (1 << b) != 0 {
                f.add(2 + k, 2 + m + b, w as i32);
            }
        }
    }
    // First fill the towers to drain; the sink edges of the others open afterwards. Augmenting
    // paths never push flow back out of the sink, so the drained towers stay drained.
    let mut drained = 0;
    for (b, &w) in water.iter().enumerate().take(t) {
        if drain & (1 << b) != 0 {
            f.add(2 + m + b, 1, w as i32);
            drained += w;
        }
    }
    let mut flowed = f.run(0, 1);
    if (flowed as u32) < drained {
        return None;
    }
    for (b, &w) in water.iter().enumerate().take(t) {
        if drain & (1 << b) == 0 {
            f.add(2 + m + b, 1, w as i32);
        }
    }
    flowed += f.run(0, 1);
    if flowed as u32 != need_total {
        return None;
    }
    let mut out = Vec::with_capacity(m);
    for (k, &(mask, w)) in needs.iter().enumerate() {
        let mut per = Vec::new();
        for b in 0..t {
            if mask & (1 << b) != 0 {
                // Flow on need->tower = original capacity - residual.
                let used = w as i32 - f.residual(2 + k, 2 + m + b);
                if used > 0 {
                    per.push((b, used as u32));
                }
            }
        }
        out.push((mask, per));
    }
    Some(out)
}

/// The best leaf found so far.
#[derive(Clone, Debug)]
struct Best {
    kept: u32,
    value: i64,
    choice: Vec<usize>,
    /// Towers drained (year 4).
    drain: u32,
    food: u32,
}

struct Search<'m> {
    m: &'m Model,
    deck: &'m Deck,
    pos: &'m HarvestPosition,
    choice: Vec<usize>,
    counts: Vec<u8>,
    hall: Option<Hall>,
    sums: Sums,
    worth: i64,
    kept: u32,
    /// Year 4: VP surely lost by the locations decided to turn over (see `loss`).
    dropped_vp: i64,
    /// Year 4: VP in `static_ub` that needs every location kept (no Open Area anywhere).
    whole_bonus: i64,
    /// Year 4: per location, VP surely lost if it turns over: its printed VP plus what uncapped
    /// Game End counts of cards that cannot turn over give for it (minus what counts of Open
    /// Areas would give for it). Years 1-3: 0.
    loss: Vec<i64>,
    suf_loss: Vec<i64>,
    best: Option<Best>,
    memo: FastMap<u128, i32>,
    nodes: u64,
    /// Suffix bounds: from location k on.
    suf_keep: Vec<u32>,
    suf_lin: Vec<i64>,
    suf_food: Vec<i64>,
    suf_vp: Vec<i64>,
    suf_coins: Vec<i64>,
    /// Year 4: the static part of the score (cards, Equipment, Game End, empty towers) with every
    /// location kept and every tower empty: an upper bound when fewer are kept (Game End
    /// abilities count face-up cards, so keeping more never scores less).
    static_ub: i64,
    /// Locations that can be kept without Water or Food (from k on).
    suf_free: Vec<u32>,
    /// Locations whose every option needs Water, by the least they need (location, Water);
    /// and those whose every option needs Food (and some option no Water), by the least Food.
    water_order: Vec<(usize, u32)>,
    food_order: Vec<(usize, u32)>,
    /// Water on all the towers that hold some.
    wet: i64,
    /// Year 4: what emptying each tower (bit) adds to the score, when that is the same whatever
    /// else happens (see [`drain_weights`]); None: try every maximal set of towers instead.
    drain_weights: Option<Vec<i64>>,
    /// Best set of towers to empty, per Water needs.
    drain_memo: FastMap<Vec<(u32, u32)>, u32>,
    /// Year-4 leaf scores: (turned over, emptied, coins, Food, tokens) -> (value, Food).
    score_memo: FastMap<ScoreKey, (i64, u32)>,
    /// Year 4 with `drain_weights`: the towers by weight per Water (bit, Water, weight), and the
    /// most Water the locations from k on can pay: a tower empties only if its Water is paid.
    tower_knap: Vec<(usize, u32, i64)>,
    suf_wmax: Vec<i64>,
    /// Value bounds that count resources: the most each location can add to the value (see
    /// `gain`), summed from k on for the locations that need neither Water nor Food, and in
    /// best-value-per-resource order for the Water-needing and the Food-needing ones
    /// (location, least need, most value).
    suf_free_gain: Vec<i64>,
    water_knap: Vec<(usize, u32, i64)>,
    food_knap: Vec<(usize, u32, i64)>,
    /// Food the locations needing no Water can make (from k on), and the Water-needing ones by
    /// Food made per Water (location, least Water, most Food).
    suf_bmax_dry: Vec<i64>,
    food_from_water: Vec<(usize, u32, i64)>,
}

impl<'m> Search<'m> {
    fn new(m: &'m Model, deck: &'m Deck, pos: &'m HarvestPosition) -> Search<'m> {
        let n = m.locs.len();
        let loss: Vec<i64> = match m.valuation {
            Valuation::Interim => vec![0; n],
            Valuation::Final => m
                .locs
                .iter()
                .map(|l| {
                    if l.used {
                        0
                    } else {
                        turn_over_loss(deck, &pos.farm, &m.geo, &m.locs, l)
                    }
                })
                .collect(),
        };
        let mut suf_loss = vec![0i64; n + 1];
        for k in (0..n).rev() {
            suf_loss[k] = suf_loss[k + 1] + loss[k];
        }
        let mut suf_keep = vec![0u32; n + 1];
        let mut suf_lin = vec![0i64; n + 1];
        let mut suf_food = vec![0i64; n + 1];
        let mut suf_vp = vec![0i64; n + 1];
        let mut suf_coins = vec![0i64; n + 1];
        for k in (0..n).rev() {
            let l = &m.locs[k];
            let non_empty: Vec<&Vec<usize>> = l.options.iter().filter(|o| !o.is_empty()).collect();
            let keepable = !l.used && !non_empty.is_empty();
            suf_keep[k] = suf_keep[k + 1] + keepable as u32;
            let mut lin = 0i64;
            let mut food = 0i64;
            let mut vp = 0i64;
            let mut coins = 0i64;
            for o in &non_empty {
                let s = Sums::of(&l.variants, o);
                let worth = if l.used { 0 } else { l.worth };
                lin = lin.max(VP * s.vp + COIN * s.coins - WATER * s.water + worth);
                food = food.max(s.food);
                vp = vp.max(s.vp);
                coins = coins.max(s.coins);
            }
            suf_lin[k] = suf_lin[k + 1] + lin;
            suf_food[k] = suf_food[k + 1] + food;
            suf_vp[k] = suf_vp[k + 1] + vp;
            suf_coins[k] = suf_coins[k + 1] + coins;
        }
        let mut suf_free = vec![0u32; n + 1];
        let mut suf_bmax = vec![0i64; n + 1];
        let mut water_order = Vec::new();
        let mut food_order = Vec::new();
        for k in (0..n).rev() {
            let l = &m.locs[k];
            let sums: Vec<(u32, u32, u32)> = l
                .options
                .iter()
                .filter(|o| !o.is_empty())
                .map(|o| {
                    o.iter().fold((0, 0, 0), |acc, &vi| {
                        let v = &l.variants[vi];
                        (acc.0 + v.w, acc.1 + v.a, acc.2 + v.b)
                    })
                })
                .collect();
            suf_bmax[k] = suf_bmax[k + 1] + sums.iter().map(|x| x.2 as i64).max().unwrap_or(0);
            let mut free = 0;
            if !l.used && !sums.is_empty() {
                if sums.iter().all(|x| x.0 > 0) {
                    water_order.push((k, sums.iter().map(|x| x.0).min().unwrap_or(0)));
                } else if sums.iter().all(|x| x.1 > 0) {
                    let least = sums
                        .iter()
                        .filter(|x| x.0 == 0)
                        .map(|x| x.1)
                        .min()
                        .unwrap_or(0);
                    food_order.push((k, least));
                } else {
                    free = 1;
                }
            }
            suf_free[k] = suf_free[k + 1] + free;
        }
        water_order.sort_by_key(|x| x.1);
        food_order.sort_by_key(|x| x.1);
        // The gain of an option, in the units of the bound: years 1-3 the value without Food
        // (kept worth included), year 4 thirds of a VP from VP tokens and coins.
        let gain = |k: usize, o: &Vec<usize>| -> i64 {
            let l = &m.locs[k];
            let x = Sums::of(&l.variants, o);
            match m.valuation {
                Valuation::Interim => {
                    VP * x.vp + COIN * x.coins - WATER * x.water + if l.used { 0 } else { l.worth }
                }
                Valuation::Final => 3 * x.vp + x.coins + 3 * loss[k],
            }
        };
        let mut suf_free_gain = vec![0i64; n + 1];
        let mut water_knap = Vec::new();
        let mut food_knap = Vec::new();
        for k in (0..n).rev() {
            let l = &m.locs[k];
            let best = l
                .options
                .iter()
                .filter(|o| !o.is_empty())
                .map(|o| gain(k, o))
                .max()
                .unwrap_or(0)
                .max(0);
            let mut free = best;
            if let Some(&(_, w)) = water_order.iter().find(|x| x.0 == k) {
                water_knap.push((k, w, best));
                free = 0;
            } else if let Some(&(_, a)) = food_order.iter().find(|x| x.0 == k) {
                food_knap.push((k, a, best));
                free = 0;
            }
            suf_free_gain[k] = suf_free_gain[k + 1] + free;
        }
        let by_ratio = |x: &(usize, u32, i64), y: &(usize, u32, i64)| {
            // x.2 / x.1 > y.2 / y.1, needs never 0 here.
            (y.2 * x.1 as i64).cmp(&(x.2 * y.1 as i64))
        };
        water_knap.sort_by(by_ratio);
        food_knap.sort_by(by_ratio);
        let mut suf_bmax_dry = vec![0i64; n + 1];
        let mut food_from_water = Vec::new();
        for k in (0..n).rev() {
            let made = suf_bmax[k] - suf_bmax[k + 1];
            match water_order.iter().find(|x| x.0 == k) {
                Some(&(_, w)) => {
                    suf_bmax_dry[k] = suf_bmax_dry[k + 1];
                    food_from_water.push((k, w, made));
                }
                None => suf_bmax_dry[k] = suf_bmax_dry[k + 1] + made,
            }
        }
        food_from_water.sort_by(by_ratio);
        let wet = m.tower_water.iter().map(|&w| w as i64).sum();
        let drain = if m.valuation == Valuation::Final {
            drain_weights(deck, pos, &m.geo, &m.towers, &m.locs)
        } else {
            None
        };
        // Towers that may end empty, by weight per Water (bit, Water, weight); with no
        // additive weights, every tower counts as emptied in `static_ub` instead.
        let mut tower_knap: Vec<(usize, u32, i64)> = match &drain {
            Some(w) => (0..m.towers.len())
                .map(|b| (b, m.tower_water[b], w[b]))
                .filter(|x| x.2 > 0)
                .collect(),
            None => Vec::new(),
        };
        tower_knap.sort_by(|x, y| (y.2 * x.1 as i64).cmp(&(x.2 * y.1 as i64)));
        let mut suf_wmax = vec![0i64; n + 1];
        for k in (0..n).rev() {
            let l = &m.locs[k];
            let most = l
                .options
                .iter()
                .map(|o| o.iter().map(|&vi| l.variants[vi].w as i64).sum::<i64>())
                .max()
                .unwrap_or(0);
            suf_wmax[k] = suf_wmax[k + 1] + most;
        }
        let static_ub = if m.valuation == Valuation::Final {
            let coins_ub = (m.coins0 as i64 + suf_coins[0]).max(0) as u32;
            let food_ub = m.cap.max(m.food0);
            let mut farm = pos.farm.clone();
            if drain.is_none() {
                for c in farm.cells.iter_mut() {
                    if c.card == CellCard::WaterTower {
                        c.water = 0;
                    }
                }
            }
            // Everything but VP tokens, money and Food (bounded on their own), with every Power
            // Generator paid for nothing.
            let parts = score_parts(deck, &farm, &m.geo, coins_ub, food_ub);
            let repeats: u32 = parts.generators.iter().map(|g| g.0).sum();
            let total = (parts.cards
                + parts.equipment
                + repeats
                + pos.set_aside
                + parts.towers
                + parts.game_end) as i64;
            (
                total,
                all_kept_bonus(deck, &farm, &m.geo, &m.locs, coins_ub, food_ub),
            )
        } else {
            (0, 0)
        };
        let (static_ub, whole_bonus) = static_ub;
        Search {
            m,
            deck,
            pos,
            choice: vec![usize::MAX; n],
            counts: vec![0; m.classes.len()],
            hall: Hall::new(&m.tower_water),
            sums: Sums::default(),
            worth: m.locs.iter().filter(|l| l.used).map(|l| l.worth).sum(),
            kept: m.kept0,
            dropped_vp: 0,
            whole_bonus,
            loss,
            suf_loss,
            best: None,
            memo: FastMap::default(),
            nodes: 0,
            suf_keep,
            suf_lin,
            suf_food,
            suf_vp,
            suf_coins,
            static_ub,
            suf_free,
            water_order,
            food_order,
            wet,
            drain_weights: drain,
            tower_knap,
            suf_wmax,
            drain_memo: FastMap::default(),
            score_memo: FastMap::default(),
            suf_free_gain,
            water_knap,
            food_knap,
            suf_bmax_dry,
            food_from_water,
        }
    }

    /// Upper bound on (kept, value) for any completion from location `k`.
    /// How many of the locations from `k` on can still be kept, counting the Water and Food they
    /// need against what is left: each Water-needing one needs its least Water from the towers'
    /// Water left, each Food-needing one its least Food from the Food held plus the most the
    /// remaining locations can add (any order pays at most what came in).
    /// The most Food that can be paid from location `k` on: held now, plus what the remaining
    /// locations can make (those needing Water only as far as the Water left allows).
    fn food_avail(&self, k: usize) -> i64 {
        let water = self.wet - self.sums.water;
        let wet = Self::knap(&self.food_from_water, k, water).floor() as i64;
        self.m.food0 as i64 + self.sums.food + self.suf_bmax_dry[k] + wet
    }

    fn keep_bound(&self, k: usize) -> u32 {
        let mut water = self.wet - self.sums.water;
        let mut wet_ones = 0;
        for &(l, w) in &self.water_order {
            if l < k {
                continue;
            }
            if (w as i64) > water {
                break;
            }
            water -= w as i64;
            wet_ones += 1;
        }
        let mut food = self.food_avail(k);
        let mut fed = 0;
        for &(l, a) in &self.food_order {
            if l < k {
                continue;
            }
            if (a as i64) > food {
                break;
            }
            food -= a as i64;
            fed += 1;
        }
        (self.suf_free[k] + wet_ones + fed).min(self.suf_keep[k])
    }

    /// Fractional knapsack over the locations of `items` from `k` on, with `room` of the resource.
    fn knap(items: &[(usize, u32, i64)], k: usize, room: i64) -> f64 {
        let mut room = room.max(0) as f64;
        let mut total = 0.0;
        for &(l, need, value) in items {
            if l < k || value <= 0 {
                continue;
            }
            if room <= 0.0 {
                break;
            }
            let need = need as f64;
            if need <= room {
                room -= need;
                total += value as f64;
            } else {
                total += value as f64 * room / need;
                room = 0.0;
            }
        }
        total
    }

    fn bound(&self, k: usize) -> (u32, i64) {
        let m = self.m;
        let kept = self.kept + self.keep_bound(k);
        let food_ub = (m.food0 as i64 + self.sums.food + self.suf_food[k])
            .min(m.cap as i64)
            .max(0);
        let water_room = self.wet - self.sums.water;
        let food_room = self.food_avail(k);
        let knap_w = Self::knap(&self.water_knap, k, water_room);
        let value = match m.valuation {
            Valuation::Interim => {
                let base = VP * (m.tokens0 as i64 + self.sums.vp)
                    + COIN * (m.coins0 as i64 + self.sums.coins)
                    + WATER * (m.water0 as i64 - self.sums.water)
                    + self.worth;
                let simple = base + self.suf_lin[k] + FOOD * food_ub;
                // Food either feeds the remaining locations or stays in the Silos.
                let knap_f =
                    Self::knap_with_store(&self.food_knap, k, food_room, FOOD as f64, m.cap as f64);
                simple.min(base + self.suf_free_gain[k] + (knap_w + knap_f).floor() as i64)
            }
            Valuation::Final => {
                let coins_ub = (m.coins0 as i64 + self.sums.coins + self.suf_coins[k]).max(0);
                let tokens_ub = m.tokens0 as i64 + self.sums.vp + self.suf_vp[k];
                // A location turns over for sure: bonuses for having no Open Area are gone.
                let mut statics = if kept < m.locs.len() as u32 {
                    self.static_ub - self.whole_bonus
                } else {
                    self.static_ub
                };
                if self.drain_weights.is_some() {
                    let paid = self.sums.water + self.suf_wmax[k];
                    statics += Self::knap(&self.tower_knap, 0, paid).floor() as i64;
                }
                let simple = tokens_ub + coins_ub / 3 + food_ub / 2 + statics - self.dropped_vp;
                // Every remaining location counted as turned over, those kept bought back by the
                // knapsacks (gain includes the loss avoided); Food left scores half a VP.
                let knap_f =
                    Self::knap_with_store(&self.food_knap, k, food_room, 1.5, m.cap as f64);
                let thirds = 3 * (m.tokens0 as i64 + self.sums.vp)
                    + m.coins0 as i64
                    + self.sums.coins
                    + 3 * (statics - self.dropped_vp - self.suf_loss[k])
                    + self.suf_free_gain[k]
                    + (knap_w + knap_f).floor() as i64;
                let score_ub = simple.min(thirds.div_euclid(3));
                FINAL_SCALE * score_ub + coins_ub
            }
        };
        (kept, value)
    }

    /// [`Search::knap`] with one more item: keeping Food in the Silos, worth `per` a Food, for
    /// at most `cap` Food.
    fn knap_with_store(
        items: &[(usize, u32, i64)],
        k: usize,
        room: i64,
        per: f64,
        cap: f64,
    ) -> f64 {
        let mut room = room.max(0) as f64;
        let mut total = 0.0;
        let mut stored = false;
        for &(l, need, value) in items {
            if l < k || value <= 0 {
                continue;
            }
            let need = need as f64;
            if !stored && (value as f64) / need < per {
                let take = cap.min(room);
                total += take * per;
                room -= take;
                stored = true;
            }
            if room <= 0.0 {
                break;
            }
            if need <= room {
                room -= need;
                total += value as f64;
            } else {
                total += value as f64 * room / need;
                room = 0.0;
            }
        }
        if !stored {
            total += cap.min(room) * per;
        }
        total
    }

    fn beaten(&self, ub: (u32, i64)) -> bool {
        match &self.best {
            None => false,
            Some(b) => ub <= (b.kept, b.value),
        }
    }

    fn dfs(&mut self, k: usize) {
        self.nodes += 1;
        if k == self.m.locs.len() {
            self.leaf();
            return;
        }
        // Whatever comes next, the Food paid cannot exceed the Food held plus the Food made.
        if self.m.food0 as i64 + self.sums.food + self.suf_food[k] < 0 {
            return;
        }
        if self.beaten(self.bound(k)) {
            return;
        }
        let loc = &self.m.locs[k];
        // Symmetry: an identical location before this one took option `first` or a later one.
        let first = if loc.twin { self.choice[k - 1] } else { 0 };
        for oi in first..loc.options.len() {
            let opt = &loc.options[oi];
            let add = Sums::of(&loc.variants, opt);
            if add.water > 0
                && let Some(h) = self.hall.as_mut()
                && !h.add(loc.mask, add.water as i32)
            {
                continue;
            }
            for &vi in opt {
                if let Some(c) = loc.variants[vi].class {
                    self.counts[c] += 1;
                }
            }
            let newly_kept = !opt.is_empty() && !loc.used;
            self.sums.coins += add.coins;
            self.sums.food += add.food;
            self.sums.vp += add.vp;
            self.sums.water += add.water;
            if newly_kept {
                self.kept += 1;
                self.worth += loc.worth;
            }
            if opt.is_empty() && !loc.used {
                self.dropped_vp += self.loss[k];
            }
            self.choice[k] = oi;

            self.dfs(k + 1);

            let loc = &self.m.locs[k];
            let opt = &loc.options[oi];
            if opt.is_empty() && !loc.used {
                self.dropped_vp -= self.loss[k];
            }
            if newly_kept {
                self.kept -= 1;
                self.worth -= loc.worth;
            }
            self.sums.coins -= add.coins;
            self.sums.food -= add.food;
            self.sums.vp -= add.vp;
            self.sums.water -= add.water;
            for &vi in opt {
                if let Some(c) = loc.variants[vi].class {
                    self.counts[c] -= 1;
                }
            }
            if add.water > 0
                && let Some(h) = self.hall.as_mut()
            {
                h.remove(loc.mask, add.water as i32);
            }
        }
    }

    /// Water needed per tower mask by the current choice.
    fn needs(&self) -> Vec<(u32, u32)> {
        let mut needs: Vec<(u32, u32)> = Vec::new();
        for (k, l) in self.m.locs.iter().enumerate() {
            let w: u32 = l.options[self.choice[k]]
                .iter()
                .map(|&vi| l.variants[vi].w)
                .sum();
            if w == 0 {
                continue;
            }
            match needs.iter_mut().find(|n| n.0 == l.mask) {
                Some(n) => n.1 += w,
                None => needs.push((l.mask, w)),
            }
        }
        needs
    }

    fn leaf(&mut self) {
        let m = self.m;
        if m.food0 as i64 + self.sums.food < 0 || self.beaten(self.bound(m.locs.len())) {
            return;
        }
        let mut v = self.counts.clone();
        let food = self.best_food(&mut v);
        if food < 0 {
            return;
        }
        let food = food as u32;
        if self.hall.is_none() && assign_water(&self.needs(), &m.tower_water, 0).is_none() {
            return;
        }
        let (value, drain, food) = match m.valuation {
            Valuation::Interim => {
                let food = if m.caps_move {
                    let flipped = self.flipped();
                    end_farm(self.deck, &self.pos.farm, &flipped, &[], food).1
                } else {
                    food
                };
                let value = VP * (m.tokens0 as i64 + self.sums.vp)
                    + COIN * (m.coins0 as i64 + self.sums.coins)
                    + FOOD * food as i64
                    + WATER * (m.water0 as i64 - self.sums.water)
                    + self.worth;
                (value, 0, food)
            }
            Valuation::Final => match self.final_value(food) {
                Some(x) => x,
                None => return,
            },
        };
        let cand = (self.kept, value);
        if self.best.as_ref().is_none_or(|b| cand > (b.kept, b.value)) {
            self.best = Some(Best {
                kept: self.kept,
                value,
                choice: self.choice.clone(),
                drain,
                food,
            });
        }
    }

    /// Cells turning into Open Areas with the current choice.
    fn flipped(&self) -> Vec<usize> {
        self.m
            .locs
            .iter()
            .enumerate()
            .filter(|(k, l)| !l.used && l.options[self.choice[*k]].is_empty())
            .map(|(_, l)| l.cell)
            .collect()
    }

    /// Year 4: the best final value over the ways to pay the Water (which towers end empty).
    /// Returns (value, towers drained, Food after clamping).
    fn final_value(&mut self, food: u32) -> Option<(i64, u32, u32)> {
        let needs = self.needs();
        if self.drain_weights.is_some() {
            let set = self.best_drain(&needs);
            return self.score_with(&needs, set, food).map(|(v, f)| (v, set, f));
        }
        let m = self.m;
        let reach: u32 = needs.iter().fold(0, |acc, n| acc | n.0);
        // Every maximal set of towers that can be drained, include-first.
        let candidates: Vec<usize> = (0..m.towers.len())
            .filter(|&b| reach & (1 << b) != 0)
            .collect();
        let mut best: Option<(i64, u32, u32)> = None;
        let mut stack: Vec<(usize, u32)> = vec![(0, 0)];
        while let Some((i, set)) = stack.pop() {
            if i == candidates.len() {
                let maximal = candidates.iter().all(|&b| {
                    set & (1 << b) != 0
                        || assign_water(&needs, &m.tower_water, set | (1 << b)).is_none()
                });
                if !maximal {
                    continue;
                }
                if let Some((value, food)) = self.score_with(&needs, set, food)
                    && best.is_none_or(|b| value > b.0)
                {
                    best = Some((value, set, food));
                }
                continue;
            }
            let b = candidates[i];
            // Without b first (popped last), with b if feasible (popped first).
            stack.push((i + 1, set));
            let with = set | (1 << b);
            if assign_water(&needs, &m.tower_water, with).is_some() {
                stack.push((i + 1, with));
            }
        }
        best
    }

    /// The final value when the towers of `set` end empty: (value, Food after clamping).
    fn score_with(&mut self, needs: &[(u32, u32)], set: u32, food: u32) -> Option<(i64, u32)> {
        let m = self.m;
        let assignment = assign_water(needs, &m.tower_water, set)?;
        let mut water: Vec<u8> = self.pos.farm.cells.iter().map(|c| c.water).collect();
        for (_, per) in &assignment {
            for &(b, u) in per {
                water[m.towers[b]] -= u as u8;
            }
        }
        let coins = (m.coins0 as i64 + self.sums.coins) as u32;
        let tokens = (m.tokens0 as i64 + self.sums.vp) as u32;
        // The score depends on which locations turn over and which towers end empty (not on
        // how much Water the others keep): cache on those and the resources.
        let emptied = (0..m.towers.len())
            .filter(|&b| water[m.towers[b]] == 0)
            .fold(0u32, |acc, b| acc | (1 << b));
        let turned: Option<u64> = (m.locs.len() <= 64).then(|| {
            m.locs
                .iter()
                .enumerate()
                .filter(|(k, l)| !l.used && l.options[self.choice[*k]].is_empty())
                .fold(0u64, |acc, (k, _)| acc | (1 << k))
        });
        let key = turned.map(|t| (t, emptied, coins, food, tokens));
        if let Some(key) = key
            && let Some(&hit) = self.score_memo.get(&key)
        {
            return Some(hit);
        }
        let flipped = self.flipped();
        let (farm, food_end) = end_farm(self.deck, &self.pos.farm, &flipped, &water, food);
        let (total, left) = final_score_with(
            self.deck,
            &farm,
            &m.geo,
            coins,
            food_end,
            tokens,
            self.pos.set_aside,
        );
        let out = (FINAL_SCALE * total as i64 + left as i64, food_end);
        if let Some(key) = key {
            self.score_memo.insert(key, out);
        }
        Some(out)
    }

    /// The set of towers of most total weight that can be emptied while paying `needs`: a branch
    /// and bound over the towers, bounded by a fractional knapsack (a tower empties only by
    /// paying all its Water, and the needs pay only so much).
    fn best_drain(&mut self, needs: &[(u32, u32)]) -> u32 {
        if let Some(&set) = self.drain_memo.get(needs) {
            return set;
        }
        let m = self.m;
        let weights = self.drain_weights.as_ref().expect("checked by the caller");
        let reach: u32 = needs.iter().fold(0, |acc, n| acc | n.0);
        let total: u32 = needs.iter().map(|n| n.1).sum();
        let mut cands: Vec<usize> = (0..m.towers.len())
            .filter(|&b| reach & (1 << b) != 0 && weights[b] > 0 && m.tower_water[b] <= total)
            .collect();
        // Best weight per Water first: the knapsack bound reads them in this order.
        cands.sort_by(|&x, &y| {
            (weights[y] * m.tower_water[x] as i64).cmp(&(weights[x] * m.tower_water[y] as i64))
        });
        struct Ctx<'a> {
            needs: &'a [(u32, u32)],
            water: &'a [u32],
            weights: &'a [i64],
            cands: Vec<usize>,
            total: u32,
            best: (i64, u32),
        }
        fn bound(c: &Ctx, i: usize, room: u32) -> f64 {
            let mut room = room as f64;
            let mut add = 0.0;
            for &b in &c.cands[i..] {
                let s = c.water[b] as f64;
                if s <= room {
                    room -= s;
                    add += c.weights[b] as f64;
                } else {
                    add += c.weights[b] as f64 * room / s;
                    break;
                }
            }
            add
        }
        fn go(c: &mut Ctx, i: usize, set: u32, weight: i64, used: u32) {
            if weight > c.best.0 {
                c.best = (weight, set);
            }
            if i == c.cands.len() || weight as f64 + bound(c, i, c.total - used) <= c.best.0 as f64
            {
                return;
            }
            let b = c.cands[i];
            let s = c.water[b];
            if used + s <= c.total && assign_water(c.needs, c.water, set | (1 << b)).is_some() {
                go(c, i + 1, set | (1 << b), weight + c.weights[b], used + s);
            }
            go(c, i + 1, set, weight, used);
        }
        let mut c = Ctx {
            needs,
            water: &m.tower_water,
            weights,
            cands: std::mem::take(&mut cands),
            total,
            best: (0, 0),
        };
        go(&mut c, 0, 0, 0, 0);
        let set = c.best.1;
        self.drain_memo.insert(needs.to_vec(), set);
        set
    }

    /// A quick try for `best_food`: an order that pays the multiset `v` without losing any Food
    /// to the Silo cap ends with `food0 + gains - costs`, which no order can beat (capped at the
    /// capacity, which no order can pass either). The order tried: pay a Food-costing activation
    /// whenever one can be paid (coin-giving ones first, so coin costs can be met), otherwise the
    /// largest Food gain that still fits. Returns that final Food when the order exists, None
    /// when this simple order gets stuck or loses Food (then the full search decides).
    fn lossless(&self, v: &[u8]) -> Option<i32> {
        let m = self.m;
        let mut left = v.to_vec();
        let mut food = m.food0 as i64;
        let mut coins = m.coins0 as i64;
        let cap = m.cap as i64;
        let mut remaining: u32 = left.iter().map(|&c| c as u32).sum();
        while remaining > 0 {
            let mut pick: Option<usize> = None;
            // 1. Something that costs Food, can be paid and does not overflow.
            for (k, &n) in left.iter().enumerate() {
                let cl = m.classes[k];
                if n == 0 || cl.a == 0 {
                    continue;
                }
                let after = food - cl.a as i64 + cl.b as i64;
                if food >= cl.a as i64 && coins >= cl.c as i64 && after <= cap {
                    let better = match pick {
                        None => true,
                        Some(j) => {
                            let o = m.classes[j];
                            (cl.c == 0, cl.d, cl.a) > (o.c == 0, o.d, o.a)
                        }
                    };
                    if better {
                        pick = Some(k);
                    }
                }
            }
            // 2. Otherwise the largest Food gain that fits.
            if pick.is_none() {
                for (k, &n) in left.iter().enumerate() {
                    let cl = m.classes[k];
                    if n == 0 || cl.a != 0 || coins < cl.c as i64 || food + cl.b as i64 > cap {
                        continue;
                    }
                    if pick.is_none_or(|j| cl.b > m.classes[j].b) {
                        pick = Some(k);
                    }
                }
            }
            let k = pick?;
            let cl = m.classes[k];
            food = food - cl.a as i64 + cl.b as i64;
            coins += cl.d as i64 - cl.c as i64;
            left[k] -= 1;
            remaining -= 1;
        }
        Some(food as i32)
    }

    fn key(v: &[u8]) -> u128 {
        v.iter()
            .enumerate()
            .fold(0u128, |acc, (k, &c)| acc | ((c as u128) << (5 * k)))
    }

    /// The most Food held after paying exactly the multiset `v` of order classes in the best
    /// order; -1 when no order can pay them all.
    fn best_food(&mut self, v: &mut [u8]) -> i32 {
        if v.iter().all(|&c| c == 0) {
            return self.m.food0 as i32;
        }
        if v.iter().any(|&c| c > 31) {
            return -1;
        }
        let key = Self::key(v);
        if let Some(&f) = self.memo.get(&key) {
            return f;
        }
        if let Some(f) = self.lossless(v) {
            self.memo.insert(key, f);
            return f;
        }
        let m = self.m;
        // Coins after paying v (order-independent).
        let coins: i64 = m.coins0 as i64
            + v.iter()
                .enumerate()
                .map(|(k, &c)| c as i64 * (m.classes[k].d as i64 - m.classes[k].c as i64))
                .sum::<i64>();
        let mut best = -1i32;
        for k in 0..v.len() {
            if v[k] == 0 {
                continue;
            }
            let cl = m.classes[k];
            v[k] -= 1;
            let before = self.best_food(v);
            v[k] += 1;
            let coins_before = coins - (cl.d as i64 - cl.c as i64);
            if before >= cl.a as i32 && coins_before >= cl.c as i64 {
                let after = (before - cl.a as i32 + cl.b as i32).min(m.cap as i32);
                best = best.max(after);
            }
        }
        self.memo.insert(key, best);
        best
    }

    fn into_plan(mut self) -> Plan {
        let nodes = self.nodes;
        let Some(best) = self.best.clone() else {
            // Cannot happen (paying nothing is always possible), but stay total.
            return Plan {
                actions: vec![Action::EndHarvest],
                kept: self.m.kept0,
                value: 0,
                end: EndState::default(),
                exact: true,
                nodes,
                fast: true,
            };
        };
        let m = self.m;
        self.choice = best.choice.clone();
        // The order of the classes, traced back through the memo.
        let mut v = self.counts_of(&best.choice);
        let mut order: Vec<usize> = Vec::new();
        loop {
            if v.iter().all(|&c| c == 0) {
                break;
            }
            let here = self.best_food(&mut v.clone());
            let coins: i64 = m.coins0 as i64
                + v.iter()
                    .enumerate()
                    .map(|(k, &c)| c as i64 * (m.classes[k].d as i64 - m.classes[k].c as i64))
                    .sum::<i64>();
            let mut step = None;
            for k in 0..v.len() {
                if v[k] == 0 {
                    continue;
                }
                let cl = m.classes[k];
                let mut u = v.clone();
                u[k] -= 1;
                let before = self.best_food(&mut u);
                let coins_before = coins - (cl.d as i64 - cl.c as i64);
                if before >= cl.a as i32
                    && coins_before >= cl.c as i64
                    && (before - cl.a as i32 + cl.b as i32).min(m.cap as i32) == here
                {
                    step = Some(k);
                    break;
                }
            }
            let k = step.expect("the memo holds a way to reach its value");
            order.push(k);
            v[k] -= 1;
        }
        order.reverse();
        // Activations per class, and the free ones (no class) first.
        let mut queues: Vec<Vec<(usize, usize)>> = vec![Vec::new(); m.classes.len()];
        let mut sequence: Vec<(usize, usize)> = Vec::new();
        for (li, l) in m.locs.iter().enumerate() {
            for &vi in &l.options[best.choice[li]] {
                match l.variants[vi].class {
                    Some(c) => queues[c].push((li, vi)),
                    None => sequence.push((li, vi)),
                }
            }
        }
        for q in queues.iter_mut() {
            q.reverse();
        }
        for c in order {
            sequence.push(queues[c].pop().expect("class counts match"));
        }
        // Water: one assignment for the whole plan, handed out per activation.
        let needs = self.needs();
        let assignment = assign_water(&needs, &m.tower_water, best.drain).unwrap_or_default();
        let mut pools: Vec<(u32, Vec<(usize, u32)>)> = assignment;
        let mut actions = Vec::with_capacity(sequence.len() + 1);
        let mut spent = 0u32;
        for (li, vi) in sequence {
            let l = &m.locs[li];
            let var = l.variants[vi];
            let mut water = Vec::with_capacity(var.w as usize);
            if var.w > 0 {
                let pool = pools
                    .iter_mut()
                    .find(|p| p.0 == l.mask)
                    .expect("a need for this mask");
                for _ in 0..var.w {
                    let slot = pool
                        .1
                        .iter_mut()
                        .find(|s| s.1 > 0)
                        .expect("the assignment covers the need");
                    slot.1 -= 1;
                    water.push(self.pos.farm.cells[m.towers[slot.0]].pos);
                }
                spent += var.w;
            }
            actions.push(Action::Harvest {
                pos: l.pos,
                water,
                extra: var.extra,
            });
        }
        actions.push(Action::EndHarvest);
        let end = EndState {
            coins: (m.coins0 as i64 + self.sums_of(&best.choice).coins) as u32,
            food: best.food,
            vp_tokens: (m.tokens0 as i64 + self.sums_of(&best.choice).vp) as u32,
            water: m.water0 - spent,
        };
        Plan {
            actions,
            kept: best.kept,
            value: best.value,
            end,
            exact: true,
            nodes,
            fast: true,
        }
    }

    fn counts_of(&self, choice: &[usize]) -> Vec<u8> {
        let mut v = vec![0u8; self.m.classes.len()];
        for (li, l) in self.m.locs.iter().enumerate() {
            for &vi in &l.options[choice[li]] {
                if let Some(c) = l.variants[vi].class {
                    v[c] += 1;
                }
            }
        }
        v
    }

    fn sums_of(&self, choice: &[usize]) -> Sums {
        let mut s = Sums::default();
        for (li, l) in self.m.locs.iter().enumerate() {
            let x = Sums::of(&l.variants, &l.options[choice[li]]);
            s.coins += x.coins;
            s.food += x.food;
            s.vp += x.vp;
            s.water += x.water;
        }
        s
    }
}

/// Every card count made by a face-up Game End ability or Equipment of the farm, except those
/// over the whole farm: (card it counts from, filter, scope).
fn game_end_counts(
    deck: &Deck,
    farm: &Farm,
) -> Vec<(Pos, Filter, crate::fields_of_green::effects::Scope)> {
    use crate::fields_of_green::effects::Scope;
    let mut out = Vec::new();
    let add = |src: Pos, a: &Ability, out: &mut Vec<(Pos, Filter, Scope)>| {
        if a.timing != Timing::GameEnd {
            return;
        }
        for e in &a.effects {
            if let Effect::Gain { gain, when } = e {
                let counts = [gain.vp.count, when.as_ref().map(|w| w.count)];
                for c in counts.into_iter().flatten() {
                    if let Count::Cards { of, scope } = c
                        && scope != Scope::Farm
                    {
                        out.push((src, of, scope));
                    }
                }
            }
        }
    };
    for (i, c) in farm.cells.iter().enumerate() {
        if !c.face_up {
            continue;
        }
        if let Some(a) = eval::cell_ability(deck, farm, i) {
            add(c.pos, a, &mut out);
        }
        for &e in &c.equipment {
            add(c.pos, &deck.equip(e).ability, &mut out);
        }
    }
    out
}

/// A lower bound on the year-4 VP lost when location `l` turns over: its printed VP, plus for
/// each Game End count (on a card that cannot turn over) that counts it without a cap, a
/// condition or "every N", the VP per card; minus, for counts of Open Areas in reach, the most
/// they could give for it.
fn turn_over_loss(deck: &Deck, farm: &Farm, geo: &Geometry, locs: &[Loc], l: &Loc) -> i64 {
    let mut loss = l.printed;
    let flippable: Vec<usize> = locs.iter().map(|x| x.cell).collect();
    let target = l.cell;
    let mut look = |src: usize, a: &Ability| {
        if a.timing != Timing::GameEnd {
            return;
        }
        for e in &a.effects {
            let Effect::Gain { gain, when } = e else {
                continue;
            };
            let Some(Count::Cards { of, scope }) = gain.vp.count else {
                continue;
            };
            if src == target || gain.vp.per <= 0 || !geo.reaches(farm, src, scope, target) {
                continue;
            }
            if of == Filter::OpenArea {
                loss -= gain.vp.per as i64;
            } else if when.is_none()
                && gain.vp.max.is_none()
                && gain.vp.every <= 1
                && of != Filter::Card
                && eval::cell_matches(deck, farm, l.cell, of)
            {
                loss += gain.vp.per as i64;
            }
        }
    };
    for (i, c) in farm.cells.iter().enumerate() {
        if !c.face_up || flippable.contains(&i) {
            continue;
        }
        if let Some(a) = eval::cell_ability(deck, farm, i) {
            look(i, a);
        }
        for &e in &c.equipment {
            look(i, &deck.equip(e).ability);
        }
    }
    // Its own tiles are discarded: their Game End VP is at least what they give counting
    // nothing (when their counts never subtract).
    for &e in &farm.cells[l.cell].equipment {
        let a = &deck.equip(e).ability;
        if a.timing != Timing::GameEnd {
            continue;
        }
        for eff in &a.effects {
            if let Effect::Gain { gain, when: None } = eff
                && gain.vp.per >= 0
            {
                loss += gain.vp.eval(0) as i64;
            }
        }
    }
    loss
}

/// Year-4 VP of the Game End abilities that need the farm to have no Open Area (a count of
/// Open Areas with at most 0), on cards that cannot turn over, as they score on `farm` (every
/// location kept); doubled where a Power Generator repeats them.
fn all_kept_bonus(
    deck: &Deck,
    farm: &Farm,
    geo: &Geometry,
    locs: &[Loc],
    coins: u32,
    food: u32,
) -> i64 {
    let flippable: Vec<usize> = locs.iter().map(|x| x.cell).collect();
    let needs_whole = |a: &Ability| {
        a.timing == Timing::GameEnd
            && a.effects.iter().any(|e| {
                matches!(e, Effect::Gain { when: Some(w), .. }
                    if matches!(w.count, Count::Cards { of: Filter::OpenArea, .. })
                        && w.max == Some(0))
            })
    };
    let mut total = 0i64;
    for (i, c) in farm.cells.iter().enumerate() {
        if !c.face_up || flippable.contains(&i) {
            continue;
        }
        let generator = c.equipment.iter().any(|&e| {
            deck.equip(e)
                .ability
                .modifiers
                .iter()
                .any(|m| matches!(m, Modifier::GameEndAgain { .. }))
        });
        if let Some(a) = eval::cell_ability(deck, farm, i)
            && needs_whole(a)
        {
            let vp = geo.game_end_vp(deck, farm, coins, food, i, a) as i64;
            total += if generator { 2 * vp } else { vp };
        }
        for &e in &c.equipment {
            let a = &deck.equip(e).ability;
            if needs_whole(a) {
                total += geo.game_end_vp(deck, farm, coins, food, i, a) as i64;
            }
        }
    }
    total
}

/// What emptying each tower of `towers` adds to the year-4 score, if that is additive and the
/// same whatever turns over: every Game End reference to empty towers is a plain count (no cap,
/// no "every N", not in a condition), sits on a card that cannot turn over (no Harvest ability,
/// not on one), and is not repeated by a Power Generator. Otherwise None.
fn drain_weights(
    deck: &Deck,
    pos: &HarvestPosition,
    geo: &Geometry,
    towers: &[usize],
    locs: &[Loc],
) -> Option<Vec<i64>> {
    fn mentions(c: &Option<Count>) -> bool {
        matches!(
            c,
            Some(Count::Cards {
                of: Filter::EmptyWaterTower,
                ..
            })
        )
    }
    fn plain(a: &Amount) -> bool {
        !mentions(&a.count) || (a.max.is_none() && a.every <= 1 && a.per >= 0)
    }
    fn check(a: &Ability) -> Option<bool> {
        // Some(refers to empty towers) if additive, None if not.
        let mut refers = false;
        for e in &a.effects {
            if let Effect::Gain { gain, when } = e {
                if when.as_ref().is_some_and(|w| mentions(&Some(w.count))) {
                    return None;
                }
                if !plain(&gain.vp) {
                    return None;
                }
                refers |= mentions(&gain.vp.count);
            }
        }
        Some(refers)
    }
    let farm = &pos.farm;
    let flippable: Vec<usize> = locs.iter().map(|l| l.cell).collect();
    for (i, c) in farm.cells.iter().enumerate() {
        if !c.face_up {
            continue;
        }
        let own = eval::cell_ability(deck, farm, i).filter(|a| a.timing == Timing::GameEnd);
        let own_refers = match own {
            Some(a) => check(a)?,
            None => false,
        };
        let mut tiles_refer = false;
        let mut generator = false;
        for &e in &c.equipment {
            let a = &deck.equip(e).ability;
            if a.timing == Timing::GameEnd {
                tiles_refer |= check(a)?;
            }
            generator |= a
                .modifiers
                .iter()
                .any(|m| matches!(m, Modifier::GameEndAgain { .. }));
        }
        if (own_refers || tiles_refer) && flippable.contains(&i) {
            return None;
        }
        if own_refers && generator {
            return None;
        }
    }
    let score = |f: &Farm| {
        final_score_with(
            deck,
            f,
            geo,
            pos.coins,
            pos.food,
            pos.vp_tokens,
            pos.set_aside,
        )
        .0 as i64
    };
    let base = score(farm);
    let mut weights = Vec::with_capacity(towers.len());
    for &t in towers {
        let mut f = farm.clone();
        f.cells[t].water = 0;
        weights.push(score(&f) - base);
    }
    Some(weights)
}

// ------------------------------------------------------------------------------ engine search

/// The exhaustive harvest search on the engine itself: every Harvest action the seat may take
/// (each extra, each choice of paying towers) is applied to a copy of the game, states are
/// memoised on (activations used, coins, Food, VP tokens, Water per tower), and the end is valued
/// by [`objective`] on the engine's own end state. Exact when it finishes within `budget` states;
/// the reference the fast planner is tested against, and the fallback for farms outside its model.
pub fn plan_with_engine(game: &Game, seat: usize, budget: u64) -> Plan {
    let start = HarvestPosition::from_game(game, seat);
    // Keep another seat harvesting, so finishing ours does not move the game on to the next
    // year (income would blur the end state) or end it.
    let mut snap = game.snapshot();
    for (s, p) in snap.state.players.iter_mut().enumerate() {
        if s != seat {
            p.harvest_done = false;
        }
    }
    let work =
        Game::from_snapshot(game.deck_arc().clone(), snap).expect("a valid game stays valid");
    let mut es = EngineSearch {
        seat,
        start: &start,
        memo: HashMap::new(),
        nodes: 0,
        budget,
        complete: true,
    };
    let (obj, actions, end) = es.best(&work);
    Plan {
        actions,
        kept: obj.0,
        value: obj.1,
        end,
        exact: es.complete,
        nodes: es.nodes,
        fast: false,
    }
}

type EngineKey = (Vec<Pos>, u32, u32, u32, Vec<u8>);
/// What the exhaustive search remembers per position: (objective, actions, where they lead).
type EngineEntry = ((u32, i64), Vec<Action>, EndState);

struct EngineSearch<'a> {
    seat: usize,
    start: &'a HarvestPosition,
    memo: HashMap<EngineKey, EngineEntry>,
    nodes: u64,
    budget: u64,
    complete: bool,
}

impl EngineSearch<'_> {
    fn key(&self, g: &Game) -> EngineKey {
        let p = &g.state().players[self.seat];
        let mut h = p.harvested.clone();
        h.sort_unstable();
        (
            h,
            p.coins,
            p.food,
            p.vp_tokens,
            p.farm.cells.iter().map(|c| c.water).collect(),
        )
    }

    /// Value of ending the harvest now (or of the state once ended).
    fn end_value(&self, g: &Game) -> ((u32, i64), EndState) {
        let deck = g.deck();
        let p = &g.state().players[self.seat];
        let (farm, food) = if p.harvest_done {
            (p.farm.clone(), p.food)
        } else {
            // Ending is not possible while an Equipment offer is open; value the state as if it
            // ended (the same flips `EndHarvest` makes).
            let flipped: Vec<usize> = (0..p.farm.cells.len())
                .filter(|&i| {
                    eval::cell_ability(deck, &p.farm, i)
                        .is_some_and(|a| a.timing == Timing::Harvest)
                        && !p.harvested.contains(&p.farm.cells[i].pos)
                })
                .collect();
            end_farm(deck, &p.farm, &flipped, &[], p.food)
        };
        let obj = objective(deck, self.start, &farm, p.coins, food, p.vp_tokens);
        let water = farm
            .cells
            .iter()
            .filter(|c| c.card == CellCard::WaterTower)
            .map(|c| c.water as u32)
            .sum();
        (
            obj,
            EndState {
                coins: p.coins,
                food,
                vp_tokens: p.vp_tokens,
                water,
            },
        )
    }

    fn best(&mut self, g: &Game) -> ((u32, i64), Vec<Action>, EndState) {
        self.nodes += 1;
        let p = &g.state().players[self.seat];
        if p.harvest_done || !p.offer.is_empty() {
            let (obj, end) = self.end_value(g);
            return (obj, Vec::new(), end);
        }
        let key = self.key(g);
        if let Some(hit) = self.memo.get(&key) {
            return hit.clone();
        }
        // Ending now.
        let mut ended = g.clone();
        ended
            .apply_quiet(self.seat, &Action::EndHarvest)
            .expect("EndHarvest is legal with no offer open");
        let (obj, end) = self.end_value(&ended);
        let mut best = (obj, vec![Action::EndHarvest], end);
        if self.nodes > self.budget {
            self.complete = false;
        } else {
            for a in harvest_moves(g, self.seat) {
                let mut next = g.clone();
                if next.apply_quiet(self.seat, &a).is_err() {
                    continue;
                }
                let (obj, mut rest, end) = self.best(&next);
                if obj > best.0 {
                    rest.insert(0, a);
                    best = (obj, rest, end);
                }
            }
        }
        self.memo.insert(key, best.clone());
        best
    }
}

/// Every distinct Harvest action of the seat: each listed action with each way to name the towers
/// that pay its Water.
fn harvest_moves(g: &Game, seat: usize) -> Vec<Action> {
    let deck = g.deck();
    let farm = &g.state().players[seat].farm;
    let mut out = Vec::new();
    for a in g.legal_actions(seat) {
        let Action::Harvest { pos, extra, .. } = a else {
            continue;
        };
        // The Water this activation needs: play it once with the engine's default towers.
        let mut probe = g.clone();
        let Ok(events) = probe.apply(seat, &a) else {
            continue;
        };
        let need = events
            .iter()
            .find_map(|e| match e {
                crate::fields_of_green::event::Event::Harvested { paid, .. } => Some(paid.water),
                _ => None,
            })
            .unwrap_or(0);
        let sources = eval::water_sources(deck, farm, pos);
        if need == 0 || sources.len() <= 1 {
            out.push(a);
            continue;
        }
        // Multisets of `need` towers within their Water.
        let mut combos: Vec<Vec<Pos>> = Vec::new();
        fn rec(
            sources: &[(usize, u8)],
            farm: &Farm,
            from: usize,
            left: u32,
            acc: &mut Vec<Pos>,
            out: &mut Vec<Vec<Pos>>,
        ) {
            if left == 0 {
                out.push(acc.clone());
                return;
            }
            for k in from..sources.len() {
                let pos = farm.cells[sources[k].0].pos;
                let used = acc.iter().filter(|&&p| p == pos).count();
                if used < sources[k].1 as usize {
                    acc.push(pos);
                    rec(sources, farm, k, left - 1, acc, out);
                    acc.pop();
                }
            }
        }
        rec(&sources, farm, 0, need, &mut Vec::new(), &mut combos);
        for water in combos {
            out.push(Action::Harvest { pos, water, extra });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fields_of_green::bots::stress::{self, FarmShape};
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// A location as [`yields`] and the search order read it.
    type LocShape = (usize, Pos, bool, u32, Vec<Variant>, i64, i64, Variant);

    /// What [`yields`] reads of a model: the locations in order, with their variants.
    fn shape_of(m: &Model) -> Vec<LocShape> {
        m.locs
            .iter()
            .map(|l| {
                (
                    l.cell,
                    l.pos,
                    l.used,
                    l.mask,
                    l.variants.clone(),
                    l.worth,
                    l.printed,
                    l.base,
                )
            })
            .collect()
    }

    /// The light model (for [`yields`]) refuses the same farms as the full one and lists the same
    /// locations in the same order, on random farms of every size and year.
    #[test]
    fn the_light_model_lists_what_the_full_model_lists() {
        let deck = Deck::default_deck();
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let mut compared = 0;
        for case in 0..300u64 {
            let mut shape = FarmShape::stress(rng.random_range(4..=14));
            shape.towers = rng.random_range(1..=3);
            shape.silos = rng.random_range(1..=2);
            let preset = stress::random_seat(&deck, shape, &mut rng);
            let year = rng.random_range(1..=4u8);
            let Some(g) = stress::harvest_game(&deck, preset, 3, year, case) else {
                continue;
            };
            let position = HarvestPosition::from_game(&g, 0);
            let full = Model::new(&deck, &position, true);
            let light = Model::new(&deck, &position, false);
            assert_eq!(full.is_some(), light.is_some(), "case {case}");
            if let (Some(full), Some(light)) = (full, light) {
                assert_eq!(shape_of(&full), shape_of(&light), "case {case}");
                assert_eq!(full.classes, light.classes, "case {case}");
                compared += 1;
            }
        }
        assert!(compared > 100, "only {compared} farms compared");
    }
}
