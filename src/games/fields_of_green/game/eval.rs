//! Interpreting the effect vocabulary against a farm: filters, counts, conditions, Ongoing
//! modifiers, capacities, ranges and who can pay Water where.

use super::PlayerState;
use crate::fields_of_green::cards::{Deck, DesignIdx};
use crate::fields_of_green::effects::{
    Ability, Amount, Condition, Count, Effect, Filter, Modifier, Scope, Timing,
};
use crate::fields_of_green::farm::{Cell, CellCard, Dists, FAR, Farm, Grid, Pos};
use smallvec::SmallVec;

/// Towers paying Water, as (cell index, Water it holds or pays): inline, since a farm rarely has
/// more than a handful of towers and the listing of legal actions asks for them on every space.
pub(crate) type Towers = SmallVec<[(usize, u8); 8]>;

/// The ability printed on a card, if it is face up (ruling 15: an Open Area has none).
pub fn cell_ability<'d>(deck: &'d Deck, farm: &Farm, i: usize) -> Option<&'d Ability> {
    let c = &farm.cells[i];
    match c.card {
        CellCard::Location(d) if c.face_up => deck.location(d).ability.as_ref(),
        _ => None,
    }
}

/// True when a location design matches a filter as if face up (used for a card being built).
pub fn design_matches(deck: &Deck, d: DesignIdx, filter: Filter) -> bool {
    let def = deck.location(d);
    match filter {
        Filter::Card | Filter::Location => true,
        Filter::OpenArea | Filter::WaterTower | Filter::EmptyWaterTower | Filter::Silo => false,
        Filter::Pile(p) => def.pile == p,
        Filter::Kind(k) => def.kind == Some(k),
        Filter::Harvest => def.timing() == Some(Timing::Harvest),
        Filter::GameEnd => def.timing() == Some(Timing::GameEnd),
    }
}

/// True when the card of `farm.cells[i]` matches a filter.
pub fn cell_matches(deck: &Deck, farm: &Farm, i: usize, filter: Filter) -> bool {
    let c = &farm.cells[i];
    match filter {
        Filter::Card => true,
        Filter::OpenArea => !c.face_up,
        _ if !c.face_up => false,
        Filter::Location => true,
        Filter::WaterTower => c.card == CellCard::WaterTower,
        Filter::EmptyWaterTower => c.card == CellCard::WaterTower && c.water == 0,
        Filter::Silo => c.card == CellCard::Silo,
        _ => match c.card {
            CellCard::Location(d) => design_matches(deck, d, filter),
            _ => false,
        },
    }
}

/// Cards in `scope` of `from` (a card or an empty space), never the card at `from` itself.
pub fn cells_in_scope(farm: &Farm, from: Pos, scope: Scope) -> Vec<usize> {
    match scope {
        Scope::This => farm.index_of(from).into_iter().collect(),
        Scope::Adjacent => (0..farm.cells.len())
            .filter(|&i| farm.cells[i].pos.is_adjacent(from))
            .collect(),
        Scope::Within(n) => {
            let d = farm.distances_within(&Grid::new(farm), from, n);
            (0..farm.cells.len())
                .filter(|&i| d[i] >= 1 && d[i] <= n)
                .collect()
        }
        Scope::Farm => (0..farm.cells.len())
            .filter(|&i| farm.cells[i].pos != from)
            .collect(),
    }
}

/// The value of a count for the card (or space) at `subject`.
pub fn count(deck: &Deck, farm: &Farm, coins: u32, food: u32, subject: Pos, c: &Count) -> u32 {
    SeatFarm::new(deck, farm, None, coins, food).count(subject, c)
}

/// Evaluates an amount for the card (or space) at `subject`.
pub fn amount(deck: &Deck, farm: &Farm, coins: u32, food: u32, subject: Pos, a: &Amount) -> u32 {
    SeatFarm::new(deck, farm, None, coins, food).amount(subject, a)
}

/// Whether an optional condition holds (no condition always holds).
pub fn holds(
    deck: &Deck,
    farm: &Farm,
    coins: u32,
    food: u32,
    subject: Pos,
    cond: &Option<Condition>,
) -> bool {
    SeatFarm::new(deck, farm, None, coins, food).holds(subject, cond)
}

/// What counts, amounts and conditions read for one seat: the deck, the seat's farm (on the
/// farm's grid when the caller has one: the game caches one per farm, and a count within a
/// distance then needs no grid of its own), and the seat's coins and Food. Each question names
/// the card (or space) it is asked for, `subject`.
#[derive(Clone, Copy)]
pub struct SeatFarm<'a> {
    pub(crate) deck: &'a Deck,
    pub(crate) farm: &'a Farm,
    pub(crate) grid: Option<&'a Grid>,
    pub(crate) coins: u32,
    pub(crate) food: u32,
}

impl<'a> SeatFarm<'a> {
    #[inline]
    pub(crate) fn new(
        deck: &'a Deck,
        farm: &'a Farm,
        grid: Option<&'a Grid>,
        coins: u32,
        food: u32,
    ) -> Self {
        SeatFarm {
            deck,
            farm,
            grid,
            coins,
            food,
        }
    }

    /// Seat `p`'s farm, coins and Food.
    #[inline]
    pub(crate) fn of(deck: &'a Deck, p: &'a PlayerState, grid: Option<&'a Grid>) -> Self {
        Self::new(deck, &p.farm, grid, p.coins, p.food)
    }
}

impl Reads for SeatFarm<'_> {
    type Subject = Pos;

    fn seat(&self) -> &SeatFarm<'_> {
        self
    }

    fn count_cards(&self, subject: Pos, of: Filter, scope: Scope) -> u32 {
        let (deck, farm, grid) = (self.deck, self.farm, self.grid);
        match scope {
            // Fast paths for the common scopes, which need no distance search.
            Scope::Adjacent => match grid {
                // The cards on the four neighbouring squares (at the edge of the plane a
                // neighbour saturates to `subject` itself, which is not adjacent).
                Some(grid) => subject
                    .neighbours()
                    .into_iter()
                    .filter(|&m| m != subject)
                    .filter_map(|m| grid.at(m))
                    .filter(|&i| cell_matches(deck, farm, i, of))
                    .count() as u32,
                None => (0..farm.cells.len())
                    .filter(|&i| {
                        farm.cells[i].pos.is_adjacent(subject) && cell_matches(deck, farm, i, of)
                    })
                    .count() as u32,
            },
            Scope::Farm => (0..farm.cells.len())
                .filter(|&i| farm.cells[i].pos != subject && cell_matches(deck, farm, i, of))
                .count() as u32,
            Scope::Within(n) => {
                let own;
                let grid = match grid {
                    Some(g) => g,
                    None => {
                        own = Grid::new(farm);
                        &own
                    }
                };
                if n == FAR {
                    // Cards the search never reaches are left at `FAR`, which is within `n`.
                    let d = farm.distances_within(grid, subject, n);
                    return (0..farm.cells.len())
                        .filter(|&i| d[i] >= 1 && d[i] <= n && cell_matches(deck, farm, i, of))
                        .count() as u32;
                }
                // The cards the search reaches (each once, the only ones within `n`) instead of
                // every card of the farm.
                let mut count = 0u32;
                farm.search_within(grid, subject, n, |i, d| {
                    if d >= 1 && d <= n && cell_matches(deck, farm, i, of) {
                        count += 1;
                    }
                });
                count
            }
            Scope::This => 0,
        }
    }
}

/// Counts read at a subject: a position for the engine ([`SeatFarm`]), a card of the farm for the
/// bots' table of distances (`bots::geometry::GeoFarm`). Amounts, conditions and Game End VP
/// follow from the count the same way for both.
pub trait Reads {
    type Subject: Copy;

    /// The seat read: its coins and Food are what `Count::Coins` and `Count::Food` count.
    fn seat(&self) -> &SeatFarm<'_>;

    /// The cards matching `of` in `scope` of the card (or space) at `subject`.
    fn count_cards(&self, subject: Self::Subject, of: Filter, scope: Scope) -> u32;

    /// The value of count `c` for the card (or space) at `subject`.
    #[inline]
    fn count(&self, subject: Self::Subject, c: &Count) -> u32 {
        match *c {
            Count::Food => self.seat().food,
            Count::Coins => self.seat().coins,
            Count::Cards { of, scope } => self.count_cards(subject, of, scope),
        }
    }

    /// The value of amount `a` for the card (or space) at `subject`.
    #[inline]
    fn amount(&self, subject: Self::Subject, a: &Amount) -> u32 {
        match &a.count {
            None => a.eval(0),
            Some(c) => a.eval(self.count(subject, c)),
        }
    }

    /// Whether an optional condition holds at `subject` (no condition always holds).
    #[inline]
    fn holds(&self, subject: Self::Subject, cond: &Option<Condition>) -> bool {
        cond.as_ref()
            .is_none_or(|cond| cond.admits(self.count(subject, &cond.count)))
    }

    /// VP of a Game End ability for the card at `subject`: its Gains whose conditions hold
    /// (ruling 18).
    #[inline]
    fn game_end_vp(&self, subject: Self::Subject, a: &Ability) -> u32 {
        if a.timing != Timing::GameEnd {
            return 0;
        }
        a.effects
            .iter()
            .map(|e| match e {
                Effect::Gain { gain, when } if self.holds(subject, when) => {
                    self.amount(subject, &gain.vp)
                }
                _ => 0,
            })
            .fold(0u32, u32::saturating_add)
    }
}

/// The least and the most [`SeatFarm::amount`] can give for `a` at any space of a farm of `cards`
/// cards, for a seat with `coins` and `food`. A count of cards counts each card of the farm at
/// most once, so it lies in `0..=cards`, and [`Amount::eval`] is monotone in its count (a floor
/// division, a product by `per`, a minimum and a clamp, each monotone): its extremes are at the
/// two ends. Counts of coins or Food are the same at every space.
pub(crate) fn amount_bounds(a: &Amount, coins: u32, food: u32, cards: u32) -> (u32, u32) {
    let at = |n: u32| {
        let v = a.eval(n);
        (v, v)
    };
    match a.count {
        None => at(0),
        Some(Count::Coins) => at(coins),
        Some(Count::Food) => at(food),
        Some(Count::Cards { .. }) => {
            let (none, all) = (a.eval(0), a.eval(cards));
            (none.min(all), none.max(all))
        }
    }
}

/// Every Ongoing modifier in the farm with the position of the card it acts from: face-up
/// locations with an Ongoing ability, and Equipment with an Ongoing ability (acting from its host).
pub fn modifiers<'a>(
    deck: &'a Deck,
    farm: &'a Farm,
) -> impl Iterator<Item = (Pos, &'a Modifier)> + 'a {
    farm.cells
        .iter()
        .enumerate()
        .filter(|(_, c)| c.face_up)
        .flat_map(move |(i, c)| {
            let own = cell_ability(deck, farm, i)
                .filter(|a| a.timing == Timing::Ongoing)
                .map(|a| a.modifiers.as_slice());
            let tiles = c
                .equipment
                .iter()
                .map(move |&e| &deck.equip(e).ability)
                .filter(|a| a.timing == Timing::Ongoing);
            own.into_iter()
                .chain(tiles.map(|a| a.modifiers.as_slice()))
                .flat_map(|ms| ms.iter())
                .map(move |m| (c.pos, m))
        })
}

/// True when a modifier acting from `source` reaches the card at `target`.
pub fn reaches(farm: &Farm, source: Pos, scope: Scope, target: Pos) -> bool {
    match scope {
        Scope::This => source == target,
        Scope::Adjacent => source.is_adjacent(target),
        Scope::Within(n) => {
            // Only distances up to `n` matter: the search stops there.
            let grid = Grid::new(farm);
            within(&grid, &farm.distances_within(&grid, source, n), target, n)
        }
        Scope::Farm => true,
    }
}

/// True when `target` is within `n` of the card whose distances (searched up to `n`) are `d`:
/// a card 1 to `n` away, or an empty space one step beyond a card less than `n` away.
fn within(grid: &Grid, d: &Dists, target: Pos, n: u8) -> bool {
    match grid.at(target) {
        Some(i) => d[i] >= 1 && d[i] <= n,
        // An empty space: one step beyond a card next to it.
        None => target
            .neighbours()
            .iter()
            .filter_map(|&m| grid.at(m))
            .any(|j| d[j] < n),
    }
}

/// Water a tower holds at most (ruling 3: 3 unless an Equipment says otherwise).
pub fn tower_capacity(deck: &Deck, farm: &Farm, i: usize) -> u8 {
    let pos = farm.cells[i].pos;
    let mut cap = deck.supply.tower_capacity;
    if !may_have_modifiers(deck, farm) {
        return cap;
    }
    for (src, m) in modifiers(deck, farm) {
        if let Modifier::TowerCapacity { bonus, scope } = *m
            && reaches(farm, src, scope, pos)
        {
            cap = cap.saturating_add(bonus);
        }
    }
    cap
}

/// A tower's range (ruling 11: 2, plus Equipment).
pub fn tower_range(deck: &Deck, farm: &Farm, i: usize) -> u8 {
    let ranges: Vec<(Pos, Modifier)> = modifiers(deck, farm)
        .filter(|(_, m)| matches!(m, Modifier::TowerRange { .. }))
        .map(|(p, m)| (p, *m))
        .collect();
    range_with(deck, farm, &ranges, i)
}

/// A tower's range given the farm's `TowerRange` modifiers, collected once by the caller.
fn range_with(deck: &Deck, farm: &Farm, ranges: &[(Pos, Modifier)], i: usize) -> u8 {
    let pos = farm.cells[i].pos;
    let mut range = deck.supply.tower_range;
    for &(src, m) in ranges {
        if let Modifier::TowerRange { bonus, scope } = m
            && reaches(farm, src, scope, pos)
        {
            range = range.saturating_add(bonus);
        }
    }
    range
}

/// True when any face-up card carries an Ongoing ability or any Equipment: the common case of
/// "no modifiers at all" is answered without walking the abilities.
fn may_have_modifiers(deck: &Deck, farm: &Farm) -> bool {
    farm.cells.iter().enumerate().any(|(i, c)| {
        c.face_up
            && (!c.equipment.is_empty()
                || cell_ability(deck, farm, i).is_some_and(|a| a.timing == Timing::Ongoing))
    })
}

/// Food the farm's Silos hold together (ruling 12: one pool with a capacity).
pub fn food_capacity(deck: &Deck, farm: &Farm) -> u32 {
    if !may_have_modifiers(deck, farm) {
        let silos = farm
            .cells
            .iter()
            .filter(|c| c.card == CellCard::Silo)
            .count() as u32;
        return silos * deck.supply.silo_capacity as u32;
    }
    // `modifiers(deck, farm)` keeping only Silo capacities, walked in one plain pass: this runs
    // on every gain of Food.
    let mut mods: SmallVec<[(Pos, &Modifier); 4]> = SmallVec::new();
    for c in farm.cells.iter().filter(|c| c.face_up) {
        let own = match c.card {
            CellCard::Location(d) => deck
                .location(d)
                .ability
                .as_ref()
                .filter(|a| a.timing == Timing::Ongoing),
            _ => None,
        };
        let tiles = c
            .equipment
            .iter()
            .map(|&e| &deck.equip(e).ability)
            .filter(|a| a.timing == Timing::Ongoing);
        for a in own.into_iter().chain(tiles) {
            mods.extend(
                a.modifiers
                    .iter()
                    .filter(|m| matches!(m, Modifier::SiloCapacity { .. }))
                    .map(|m| (c.pos, m)),
            );
        }
    }
    let mut cap = 0u32;
    for c in farm.cells.iter().filter(|c| c.card == CellCard::Silo) {
        cap += deck.supply.silo_capacity as u32;
        for (src, m) in &mods {
            if let Modifier::SiloCapacity { bonus, scope } = **m
                && reaches(farm, *src, scope, c.pos)
            {
                cap += bonus as u32;
            }
        }
    }
    cap
}

/// Towers that may pay Water for `target` (a card or an empty space being built on), with the
/// Water each holds; only towers holding some Water (ruling 11).
pub fn water_sources(deck: &Deck, farm: &Farm, target: Pos) -> Vec<(usize, u8)> {
    let towers: Vec<usize> = (0..farm.cells.len())
        .filter(|&i| farm.cells[i].card == CellCard::WaterTower && farm.cells[i].water > 0)
        .collect();
    if towers.is_empty() {
        return Vec::new();
    }
    let ranges: Vec<(Pos, Modifier)> = if may_have_modifiers(deck, farm) {
        modifiers(deck, farm)
            .filter(|(_, m)| matches!(m, Modifier::TowerRange { .. }))
            .map(|(p, m)| (p, *m))
            .collect()
    } else {
        Vec::new()
    };
    let dist = farm.distances(target);
    towers
        .into_iter()
        .filter(|&i| dist[i] <= range_with(deck, farm, &ranges, i))
        .map(|i| (i, farm.cells[i].water))
        .collect()
}

/// How many times the Harvest ability of a card may be activated this harvest (ruling 14: once,
/// more where an Equipment says so).
pub fn harvest_limit(deck: &Deck, farm: &Farm, i: usize) -> u8 {
    let pos = farm.cells[i].pos;
    let mut n = 1u8;
    if !may_have_modifiers(deck, farm) {
        return n;
    }
    for (src, m) in modifiers(deck, farm) {
        if let Modifier::ExtraHarvest { times } = *m
            && src == pos
        {
            n = n.saturating_add(times);
        }
    }
    n
}

/// Coins off the build cost of design `d` on `space` from Ongoing discounts.
pub fn build_discount(deck: &Deck, farm: &Farm, d: Option<DesignIdx>, space: Pos) -> u32 {
    let mut off = 0u32;
    if !may_have_modifiers(deck, farm) {
        return off;
    }
    for (src, m) in modifiers(deck, farm) {
        if let Modifier::BuildDiscount { of, scope, coins } = *m {
            let matches = match d {
                Some(d) => design_matches(deck, d, of),
                None => false,
            };
            if matches && reaches(farm, src, scope, space) {
                off += coins as u32;
            }
        }
    }
    off
}

/// Picks which towers pay `need` Water from `sources`: the tower holding the least Water first, so
/// that towers run dry and the Water left sits on as few towers as possible (ruling 18 scores
/// empty towers). Returns None when the sources hold too little.
pub fn default_water(sources: &[(usize, u8)], need: u32) -> Option<Vec<usize>> {
    default_payment(sources, need).map(SmallVec::into_vec)
}

/// The towers paying each Water, one entry per Water (inline: costs are a few Water).
pub(crate) type Paid = SmallVec<[usize; 8]>;

/// [`default_water`] without a heap allocation, for the checks the listing of legal actions runs
/// on every space.
pub(crate) fn default_payment(sources: &[(usize, u8)], need: u32) -> Option<Paid> {
    let total: u32 = sources.iter().map(|&(_, w)| w as u32).sum();
    if total < need {
        return None;
    }
    let mut left: Towers = sources.iter().copied().collect();
    let mut out = Paid::with_capacity(need as usize);
    for _ in 0..need {
        let k = (0..left.len())
            .filter(|&k| left[k].1 > 0)
            .min_by_key(|&k| (left[k].1, left[k].0))?;
        left[k].1 -= 1;
        out.push(left[k].0);
    }
    Some(out)
}

/// What paying for builds and harvests needs to know about one farm, worked out once per check
/// or per listing of legal actions instead of once per space: the Ongoing modifiers, and for each
/// tower holding Water its range and its distance to every card.
pub struct FarmInfo<'g> {
    /// Every Ongoing modifier of the farm with the position it acts from ([`farm_modifiers`]).
    pub mods: std::borrow::Cow<'g, [(Pos, Modifier)]>,
    /// The farm's grid when the caller has one (the game caches one per farm, see
    /// `Game::farm_info`).
    shared: Option<&'g Grid>,
    /// What a `FarmInfo` without the game's caches builds for itself, in one box made on first
    /// use: the game makes one `FarmInfo` per check and never fills these (it keeps the grid and
    /// the towers' reach), and one box is one test when it is dropped instead of one per part.
    own: std::cell::OnceCell<Box<Own>>,
    /// For each of `mods` with a `Within` scope: distances from its card, built on first use.
    mod_dists: std::cell::OnceCell<Box<[std::cell::OnceCell<Dists>]>>,
    /// The reach of the farm's towers, when the caller keeps it between checks (the game caches
    /// one per farm, see `Game::farm_info`); filled on first use.
    reach: Option<&'g std::sync::OnceLock<std::sync::Arc<TowerReach>>>,
}

/// The parts of a [`FarmInfo`] built on demand when the caller keeps no grid nor towers' reach.
#[derive(Default)]
struct Own {
    /// The farm's grid, built on first use: many checks need no Water at all.
    grid: std::cell::OnceCell<Grid>,
    /// (cell index, range) of each tower holding Water, built on first use.
    ranges: std::cell::OnceCell<Vec<(usize, u8)>>,
    /// Distance from each of `ranges`' towers to every card, built when Water sources are asked
    /// for a second time (see [`FarmInfo::water_sources`]).
    towers: std::cell::OnceCell<Vec<Dists>>,
    /// How many times Water sources were asked for.
    asked: std::cell::Cell<u32>,
}

/// Every Water Tower of a farm, Water or not, as (cell index, range, distance from it to every
/// card searched up to its range). It depends only on where the cards are, which side is up and
/// their Equipment, not on the Water they hold, so it stays right until the farm's cards change:
/// Water sources are then a lookup per tower instead of a search.
pub(crate) type TowerReach = Vec<(usize, u8, Dists)>;

/// Distance from a tower to `target` (a card or an empty space), given the tower's distances
/// to every card (searched at least as far as the answers that matter).
fn dist_to(grid: &Grid, target: Pos) -> impl Fn(&Dists) -> u8 {
    let here = grid.at(target);
    let near: [Option<usize>; 4] = match here {
        Some(_) => [None; 4],
        None => target.neighbours().map(|m| grid.at(m)),
    };
    move |dist: &Dists| match here {
        Some(i) => dist[i],
        // An empty space is one step beyond the nearest card next to it.
        None => near
            .iter()
            .flatten()
            .map(|&j| dist[j].saturating_add(1))
            .min()
            .unwrap_or(FAR),
    }
}

/// [`modifiers`] collected in one plain pass (this runs for every listing and every check of a
/// build or a harvest that finds no cached copy): every Ongoing modifier of the farm's face-up
/// cards and their Equipment, with the position each acts from.
pub(crate) fn farm_modifiers(deck: &Deck, farm: &Farm) -> Vec<(Pos, Modifier)> {
    let mut mods: Vec<(Pos, Modifier)> = Vec::new();
    for c in &farm.cells {
        cell_modifiers(deck, c, &mut mods);
    }
    mods
}

/// The Ongoing modifiers of one card, if it is face up: its own, then its Equipment's, in
/// [`farm_modifiers`]' order.
pub(crate) fn cell_modifiers(deck: &Deck, c: &Cell, mods: &mut Vec<(Pos, Modifier)>) {
    if !c.face_up {
        return;
    }
    if let CellCard::Location(d) = c.card
        && let Some(a) = &deck.location(d).ability
        && a.timing == Timing::Ongoing
    {
        mods.extend(a.modifiers.iter().map(|&m| (c.pos, m)));
    }
    for &e in &c.equipment {
        let a = &deck.equip(e).ability;
        if a.timing == Timing::Ongoing {
            mods.extend(a.modifiers.iter().map(|&m| (c.pos, m)));
        }
    }
}

impl FarmInfo<'static> {
    pub fn new(deck: &Deck, farm: &Farm) -> FarmInfo<'static> {
        FarmInfo::build(std::borrow::Cow::Owned(farm_modifiers(deck, farm)), None)
    }
}

impl<'g> FarmInfo<'g> {
    /// [`FarmInfo::new`] from the farm's grid and modifiers, already worked out by the caller
    /// (the game caches both per farm, see `Game::farm_info`).
    pub(crate) fn with_cache(
        grid: &'g Grid,
        mods: &'g [(Pos, Modifier)],
        reach: &'g std::sync::OnceLock<std::sync::Arc<TowerReach>>,
    ) -> FarmInfo<'g> {
        let mut info = FarmInfo::build(std::borrow::Cow::Borrowed(mods), Some(grid));
        info.reach = Some(reach);
        info
    }

    fn build(
        mods: std::borrow::Cow<'g, [(Pos, Modifier)]>,
        shared: Option<&'g Grid>,
    ) -> FarmInfo<'g> {
        FarmInfo {
            mods,
            shared,
            own: std::cell::OnceCell::new(),
            mod_dists: std::cell::OnceCell::new(),
            reach: None,
        }
    }

    /// The bonuses of one kind of modifier (`bonus` gives a modifier's, or None for another
    /// kind) that reach `pos`, in the order of the modifiers.
    fn bonuses_at<'a>(
        &'a self,
        farm: &'a Farm,
        pos: Pos,
        bonus: impl Fn(Modifier) -> Option<u8> + 'a,
    ) -> impl Iterator<Item = u8> + 'a {
        self.mods
            .iter()
            .enumerate()
            .filter_map(move |(k, &(_, m))| bonus(m).filter(|_| self.mod_reaches(farm, k, pos)))
    }

    /// [`reaches`] for modifier `k`, with its distances computed once.
    pub(crate) fn mod_reaches(&self, farm: &Farm, k: usize, target: Pos) -> bool {
        let (src, m) = self.mods[k];
        let scope = match m {
            Modifier::TowerRange { scope, .. }
            | Modifier::TowerCapacity { scope, .. }
            | Modifier::SiloCapacity { scope, .. }
            | Modifier::HarvestBonus { scope, .. }
            | Modifier::BuildDiscount { scope, .. } => scope,
            Modifier::ExtraHarvest { .. } | Modifier::GameEndAgain { .. } => Scope::This,
        };
        let Scope::Within(n) = scope else {
            return reaches(farm, src, scope, target);
        };
        let grid = self.grid(farm);
        let dists = self.mod_dists.get_or_init(|| {
            self.mods
                .iter()
                .map(|_| std::cell::OnceCell::new())
                .collect()
        });
        let dist = dists[k].get_or_init(|| farm.distances_within(grid, src, n));
        within(grid, dist, target, n)
    }

    /// The farm's grid, built on first use.
    pub(crate) fn grid(&self, farm: &Farm) -> &Grid {
        match self.shared {
            Some(grid) => grid,
            None => self.own().grid.get_or_init(|| Grid::new(farm)),
        }
    }

    /// [`Farm::build_spaces`], from the grid the checks use as well.
    pub fn build_spaces(&self, farm: &Farm) -> Vec<Pos> {
        self.grid(farm).build_spaces().into_vec()
    }

    /// The parts built on demand (see `own`), the box made on first use.
    fn own(&self) -> &Own {
        self.own.get_or_init(Box::default)
    }

    /// [`FarmInfo::build_spaces`] without a heap allocation for ordinary farms.
    pub(crate) fn spaces(&self, farm: &Farm) -> crate::fields_of_green::farm::Spaces {
        self.grid(farm).build_spaces()
    }

    /// True when `pos` is an empty space next to a card ([`Farm::is_build_space`] by grid).
    pub fn is_build_space(&self, farm: &Farm, pos: Pos) -> bool {
        self.grid(farm).is_build_space(pos)
    }

    /// The range of tower `i` (ruling 11: 2, plus Equipment): `range_with`, with each
    /// modifier's distances searched once.
    pub(crate) fn range_of(&self, deck: &Deck, farm: &Farm, i: usize) -> u8 {
        let bonuses = self.bonuses_at(farm, farm.cells[i].pos, |m| match m {
            Modifier::TowerRange { bonus, .. } => Some(bonus),
            _ => None,
        });
        bonuses.fold(deck.supply.tower_range, u8::saturating_add)
    }

    /// Towers holding Water, with their ranges.
    fn ranges(&self, deck: &Deck, farm: &Farm) -> &[(usize, u8)] {
        self.own().ranges.get_or_init(|| {
            (0..farm.cells.len())
                .filter(|&i| farm.cells[i].card == CellCard::WaterTower && farm.cells[i].water > 0)
                .map(|i| (i, self.range_of(deck, farm, i)))
                .collect()
        })
    }

    /// The farm's [`TowerReach`], worked out from scratch.
    fn tower_reach(&self, deck: &Deck, farm: &Farm) -> TowerReach {
        let grid = self.grid(farm);
        (0..farm.cells.len())
            .filter(|&i| farm.cells[i].card == CellCard::WaterTower)
            .map(|i| {
                let range = self.range_of(deck, farm, i);
                // Spaces are one step beyond a card, so cards up to `range` away matter.
                (
                    i,
                    range,
                    farm.distances_within(grid, farm.cells[i].pos, range),
                )
            })
            .collect()
    }

    /// Towers that may pay Water for `target` (a card or an empty space), with their Water
    /// (ruling 11). Same answer as [`water_sources`].
    ///
    /// Distance through the farm is symmetric, so one search from the target answers a single
    /// check (what `apply` asks). A listing asks for many targets: from the second question on,
    /// each tower is searched from once and every target is a lookup.
    pub fn water_sources(&self, deck: &Deck, farm: &Farm, target: Pos) -> Towers {
        if let Some(sources) = self.kept_sources(deck, farm, target) {
            return sources.collect();
        }
        let ranges = self.ranges(deck, farm);
        if ranges.is_empty() {
            return Towers::new();
        }
        let grid = self.grid(farm);
        let water = |&(i, _): &(usize, u8)| (i, farm.cells[i].water);
        let asked = &self.own().asked;
        asked.set(asked.get().saturating_add(1));
        if asked.get() == 1 {
            let reach = ranges.iter().map(|&(_, r)| r).max().unwrap_or(0);
            let dist = farm.distances_within(grid, target, reach);
            return ranges
                .iter()
                .filter(|&&(i, range)| dist[i] <= range)
                .map(water)
                .collect();
        }
        let towers = self.own().towers.get_or_init(|| {
            ranges
                .iter()
                // Spaces are one step beyond a card, so cards up to `range` away matter.
                .map(|&(i, range)| farm.distances_within(grid, farm.cells[i].pos, range))
                .collect()
        });
        let d = dist_to(grid, target);
        ranges
            .iter()
            .zip(towers)
            .filter(|&(&(_, range), dist)| d(dist) <= range)
            .map(|(t, _)| water(t))
            .collect()
    }

    /// The Water that the towers that may pay for `target` hold together: the sum over
    /// [`FarmInfo::water_sources`], without listing them (a check that only asks whether an
    /// action is allowed needs no more).
    pub(crate) fn water_in_reach(&self, deck: &Deck, farm: &Farm, target: Pos) -> u32 {
        let Some(reach) = self.reach else {
            return self
                .water_sources(deck, farm, target)
                .iter()
                .map(|&(_, w)| w as u32)
                .sum();
        };
        // `kept_sources` summed, as one plain loop over the towers: the listing of legal
        // actions asks this on every build space of a card that costs Water. The distance to an
        // empty space is that of `dist_to`, one step beyond the nearest card next to it.
        let reach = reach.get_or_init(|| std::sync::Arc::new(self.tower_reach(deck, farm)));
        let grid = self.grid(farm);
        let cells = &farm.cells[..];
        let mut near = [0usize; 4];
        let mut n = 0;
        let here = grid.at(target);
        if here.is_none() {
            for j in target.neighbours().into_iter().filter_map(|m| grid.at(m)) {
                near[n] = j;
                n += 1;
            }
        }
        let near = &near[..n];
        let mut have = 0u32;
        for &(i, range, ref dist) in reach.iter() {
            let water = cells[i].water;
            if water == 0 {
                continue;
            }
            let dist: &[u8] = dist;
            let d = match here {
                Some(k) => dist[k],
                None => near
                    .iter()
                    .map(|&j| dist[j].saturating_add(1))
                    .min()
                    .unwrap_or(FAR),
            };
            if d <= range {
                have += water as u32;
            }
        }
        debug_assert_eq!(
            Some(have),
            self.kept_sources(deck, farm, target)
                .map(|s| s.map(|(_, w)| w as u32).sum::<u32>())
        );
        have
    }

    /// [`FarmInfo::water_sources`] when the towers' reach is kept between checks (see
    /// `reach`): one lookup per tower. None when it is not kept.
    fn kept_sources<'a>(
        &'a self,
        deck: &Deck,
        farm: &'a Farm,
        target: Pos,
    ) -> Option<impl Iterator<Item = (usize, u8)> + 'a> {
        let reach = self
            .reach?
            .get_or_init(|| std::sync::Arc::new(self.tower_reach(deck, farm)));
        let d = dist_to(self.grid(farm), target);
        Some(
            reach
                .iter()
                .filter(move |&&(i, range, ref dist)| farm.cells[i].water > 0 && d(dist) <= range)
                .map(|&(i, _, _)| (i, farm.cells[i].water)),
        )
    }

    /// Food the farm's Silos hold together (see [`food_capacity`]), from the modifiers at hand:
    /// this runs on every gain of Food.
    pub fn food_capacity(&self, deck: &Deck, farm: &Farm) -> u32 {
        let mut cap = 0u32;
        for c in farm.cells.iter().filter(|c| c.card == CellCard::Silo) {
            cap += deck.supply.silo_capacity as u32;
            let bonuses = self.bonuses_at(farm, c.pos, |m| match m {
                Modifier::SiloCapacity { bonus, .. } => Some(bonus),
                _ => None,
            });
            cap += bonuses.map(u32::from).sum::<u32>();
        }
        cap
    }

    /// Water tower `i` holds at most (see [`tower_capacity`]).
    pub fn tower_capacity(&self, deck: &Deck, farm: &Farm, i: usize) -> u8 {
        let bonuses = self.bonuses_at(farm, farm.cells[i].pos, |m| match m {
            Modifier::TowerCapacity { bonus, .. } => Some(bonus),
            _ => None,
        });
        bonuses.fold(deck.supply.tower_capacity, u8::saturating_add)
    }

    /// How many times the Harvest ability of card `i` may be used (see [`harvest_limit`]).
    pub fn harvest_limit(&self, farm: &Farm, i: usize) -> u8 {
        let pos = farm.cells[i].pos;
        let mut n = 1u8;
        for &(src, m) in self.mods.iter() {
            if let Modifier::ExtraHarvest { times } = m
                && src == pos
            {
                n = n.saturating_add(times);
            }
        }
        n
    }

    /// Coins off the build cost of design `d` on `space` (see [`build_discount`]).
    pub fn build_discount(&self, deck: &Deck, farm: &Farm, d: DesignIdx, space: Pos) -> u32 {
        let mut off = 0u32;
        for (k, &(_, m)) in self.mods.iter().enumerate() {
            if let Modifier::BuildDiscount { of, coins, .. } = m
                && design_matches(deck, d, of)
                && self.mod_reaches(farm, k, space)
            {
                off += coins as u32;
            }
        }
        off
    }
}
