//! The fast model: farms whose abilities fall in the planner's class, reduced to locations,
//! classes and sums, with the Water assignment (Hall's condition, max-flow).

use super::*;

/// True when an amount does not change during a harvest (it counts cards, which only turn over at
/// its end; not Food, coins or empty towers, which change).
pub(super) fn static_amount(a: &Amount) -> bool {
    static_count(&a.count)
}

pub(super) fn static_count(c: &Option<Count>) -> bool {
    match c {
        None => true,
        Some(Count::Cards { of, .. }) => *of != Filter::EmptyWaterTower,
        Some(Count::Food | Count::Coins) => false,
    }
}

pub(super) fn static_condition(c: &Option<Condition>) -> bool {
    c.as_ref().is_none_or(|c| static_count(&Some(c.count)))
}

pub(super) fn static_gain(g: &Gain) -> bool {
    static_amount(&g.coins) && static_amount(&g.food) && static_amount(&g.vp)
}

/// True when a Harvest ability fits the fast model.
pub(super) fn static_ability(a: &Ability) -> bool {
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
pub(super) struct Variant {
    pub(super) extra: u8,
    pub(super) a: u32,
    pub(super) b: u32,
    pub(super) c: u32,
    pub(super) d: u32,
    pub(super) vp: u32,
    pub(super) w: u32,
    /// Order class (None: touches neither Food nor, where they can run short, coins).
    pub(super) class: Option<usize>,
}

/// A Harvest location still to decide.
#[derive(Clone, Debug)]
pub(super) struct Loc {
    pub(super) cell: usize,
    pub(super) pos: Pos,
    /// Already activated this harvest (so it stays face up whatever happens now).
    pub(super) used: bool,
    /// Towers (bits over `Model::towers`) that may pay its Water.
    pub(super) mask: u32,
    pub(super) variants: Vec<Variant>,
    /// Ways to use it now: lists of variant indices (the empty list last).
    pub(super) options: Vec<Vec<usize>>,
    /// Interim worth of keeping it face up.
    pub(super) worth: i64,
    /// Printed VP (lost with an Open Area).
    pub(super) printed: i64,
    /// Identical to the location before it: its option index is never lower (symmetry).
    pub(super) twin: bool,
    /// The activation without repeats, payable now or not.
    pub(super) base: Variant,
}

/// An order class: activations that change Food (and coins) alike.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct Class {
    pub(super) a: u32,
    pub(super) b: u32,
    pub(super) c: u32,
    pub(super) d: u32,
}

/// Per-option sums.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Sums {
    /// Net coins.
    pub(super) coins: i64,
    /// Net Food, before losses to the Silo cap.
    pub(super) food: i64,
    pub(super) vp: i64,
    pub(super) water: i64,
}

impl Sums {
    pub(super) fn of(variants: &[Variant], picks: &[usize]) -> Sums {
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

pub(super) struct Model {
    /// Distances of the farm (the same for every end of the harvest).
    pub(super) geo: Geometry,
    pub(super) locs: Vec<Loc>,
    /// Towers holding Water: cell indices (bit k of a mask is `towers[k]`).
    pub(super) towers: Vec<usize>,
    pub(super) tower_water: Vec<u32>,
    pub(super) classes: Vec<Class>,
    pub(super) coins0: u32,
    pub(super) food0: u32,
    pub(super) tokens0: u32,
    pub(super) cap: u32,
    pub(super) water0: u32,
    pub(super) valuation: Valuation,
    /// Locations already activated before planning (kept whatever happens).
    pub(super) kept0: u32,
    /// Whether turning locations over can change the farm's capacities (an Ongoing modifier
    /// hosted on a Harvest location): then the end farm is rebuilt for every candidate.
    pub(super) caps_move: bool,
}

impl Model {
    /// The fast model of a position, or None if an ability is outside it. Without `full`, only
    /// what [`yields`] reads is built (the locations, in the search order, with their variants):
    /// no ways to use each location and no twins. The evaluation asks for yields after every
    /// action a bot tries, and the options were most of the model's cost there.
    pub(super) fn new(deck: &Deck, p: &HarvestPosition, full: bool) -> Option<Model> {
        let farm = &p.farm;
        let info = eval::FarmInfo::new(deck, farm);
        let towers: Vec<usize> = (0..farm.cells.len())
            .filter(|&i| farm.cells[i].card == CellCard::WaterTower && farm.cells[i].water > 0)
            .collect();
        if towers.len() > 30 {
            return None;
        }
        let tower_water = towers.iter().map(|&i| farm.cells[i].water as u32).collect();
        let water0 = farm.water_held();
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
        let counts = geo.at(deck, farm, p.coins, p.food);
        let amount = |subject: usize, a: &Amount| counts.amount(subject, a);
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
                        if counts.holds(i, when) {
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

    pub(super) fn solve(&self, deck: &Deck, p: &HarvestPosition) -> Plan {
        let mut s = Search::new(self, deck, p);
        s.dfs(0);
        s.into_plan()
    }
}

/// Order classes are packed 5 bits each into a u128 key.
pub(super) const MAX_CLASSES: usize = 25;

/// Hall's condition for paying Water: for every set X of towers, the Water needed by locations
/// whose towers in range all lie in X is at most the Water X holds. `slack[X]` is that margin.
pub(super) struct Hall {
    pub(super) slack: Vec<i32>,
    pub(super) full: u32,
}

/// Towers beyond this many are checked by max-flow at the leaves only.
pub(super) const HALL_TOWERS: usize = 12;

impl Hall {
    pub(super) fn new(water: &[u32]) -> Option<Hall> {
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
    pub(super) fn add(&mut self, mask: u32, w: i32) -> bool {
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

    pub(super) fn remove(&mut self, mask: u32, w: i32) {
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
pub(super) struct Flow {
    pub(super) n: usize,
    pub(super) cap: Vec<i32>,
}

impl Flow {
    pub(super) fn new(n: usize) -> Flow {
        Flow {
            n,
            cap: vec![0; n * n],
        }
    }

    pub(super) fn add(&mut self, from: usize, to: usize, c: i32) {
        self.cap[from * self.n + to] += c;
    }

    pub(super) fn residual(&self, from: usize, to: usize) -> i32 {
        self.cap[from * self.n + to]
    }

    /// Pushes as much as possible from `s` to `t`; returns the amount.
    pub(super) fn run(&mut self, s: usize, t: usize) -> i32 {
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
pub(super) type Assignment = Vec<(u32, Vec<(usize, u32)>)>;

/// Pays `needs` (Water per tower mask) from towers holding `water`, draining every tower of
/// `drain` completely. None when impossible.
pub(super) fn assign_water(needs: &[(u32, u32)], water: &[u32], drain: u32) -> Option<Assignment> {
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
