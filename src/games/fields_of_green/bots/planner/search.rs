//! The branch and bound over which activations to pay, on the fast model, with its bounds.

use super::*;

/// The best leaf found so far.
#[derive(Clone, Debug)]
pub(super) struct Best {
    pub(super) kept: u32,
    pub(super) value: i64,
    pub(super) choice: Vec<usize>,
    /// Towers drained (year 4).
    pub(super) drain: u32,
    pub(super) food: u32,
}

pub(super) struct Search<'m> {
    pub(super) m: &'m Model,
    pub(super) deck: &'m Deck,
    pub(super) pos: &'m HarvestPosition,
    pub(super) choice: Vec<usize>,
    pub(super) counts: Vec<u8>,
    pub(super) hall: Option<Hall>,
    pub(super) sums: Sums,
    pub(super) worth: i64,
    pub(super) kept: u32,
    /// Year 4: VP surely lost by the locations decided to turn over (see `loss`).
    pub(super) dropped_vp: i64,
    /// Year 4: VP in `static_ub` that needs every location kept (no Open Area anywhere).
    pub(super) whole_bonus: i64,
    /// Year 4: per location, VP surely lost if it turns over: its printed VP plus what uncapped
    /// Game End counts of cards that cannot turn over give for it (minus what counts of Open
    /// Areas would give for it). Years 1-3: 0.
    pub(super) loss: Vec<i64>,
    pub(super) suf_loss: Vec<i64>,
    pub(super) best: Option<Best>,
    pub(super) memo: FastMap<u128, i32>,
    pub(super) nodes: u64,
    /// Suffix bounds: from location k on.
    pub(super) suf_keep: Vec<u32>,
    pub(super) suf_lin: Vec<i64>,
    pub(super) suf_food: Vec<i64>,
    pub(super) suf_vp: Vec<i64>,
    pub(super) suf_coins: Vec<i64>,
    /// Year 4: the static part of the score (cards, Equipment, Game End, empty towers) with every
    /// location kept and every tower empty: an upper bound when fewer are kept (Game End
    /// abilities count face-up cards, so keeping more never scores less).
    pub(super) static_ub: i64,
    /// Locations that can be kept without Water or Food (from k on).
    pub(super) suf_free: Vec<u32>,
    /// Locations whose every option needs Water, by the least they need (location, Water);
    /// and those whose every option needs Food (and some option no Water), by the least Food.
    pub(super) water_order: Vec<(usize, u32)>,
    pub(super) food_order: Vec<(usize, u32)>,
    /// Water on all the towers that hold some.
    pub(super) wet: i64,
    /// Year 4: what emptying each tower (bit) adds to the score, when that is the same whatever
    /// else happens (see [`drain_weights`]); None: try every maximal set of towers instead.
    pub(super) drain_weights: Option<Vec<i64>>,
    /// Best set of towers to empty, per Water needs.
    pub(super) drain_memo: FastMap<Vec<(u32, u32)>, u32>,
    /// Year-4 leaf scores: (turned over, emptied, coins, Food, tokens) -> (value, Food).
    pub(super) score_memo: FastMap<ScoreKey, (i64, u32)>,
    /// Year 4 with `drain_weights`: the towers by weight per Water (bit, Water, weight), and the
    /// most Water the locations from k on can pay: a tower empties only if its Water is paid.
    pub(super) tower_knap: Vec<(usize, u32, i64)>,
    pub(super) suf_wmax: Vec<i64>,
    /// Value bounds that count resources: the most each location can add to the value (see
    /// `gain`), summed from k on for the locations that need neither Water nor Food, and in
    /// best-value-per-resource order for the Water-needing and the Food-needing ones
    /// (location, least need, most value).
    pub(super) suf_free_gain: Vec<i64>,
    pub(super) water_knap: Vec<(usize, u32, i64)>,
    pub(super) food_knap: Vec<(usize, u32, i64)>,
    /// Food the locations needing no Water can make (from k on), and the Water-needing ones by
    /// Food made per Water (location, least Water, most Food).
    pub(super) suf_bmax_dry: Vec<i64>,
    pub(super) food_from_water: Vec<(usize, u32, i64)>,
}

impl<'m> Search<'m> {
    pub(super) fn new(m: &'m Model, deck: &'m Deck, pos: &'m HarvestPosition) -> Search<'m> {
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
    pub(super) fn food_avail(&self, k: usize) -> i64 {
        let water = self.wet - self.sums.water;
        let wet = Self::knap(&self.food_from_water, k, water).floor() as i64;
        self.m.food0 as i64 + self.sums.food + self.suf_bmax_dry[k] + wet
    }

    pub(super) fn keep_bound(&self, k: usize) -> u32 {
        let wet_ones = Self::fitting(&self.water_order, k, self.wet - self.sums.water);
        let fed = Self::fitting(&self.food_order, k, self.food_avail(k));
        (self.suf_free[k] + wet_ones + fed).min(self.suf_keep[k])
    }

    /// How many of the locations from `k` on, taken in `order` (location, need), are paid from
    /// `budget` before the first that no longer fits.
    #[inline]
    fn fitting(order: &[(usize, u32)], k: usize, mut budget: i64) -> u32 {
        let mut n = 0;
        for &(l, need) in order {
            if l < k {
                continue;
            }
            if (need as i64) > budget {
                break;
            }
            budget -= need as i64;
            n += 1;
        }
        n
    }

    /// Fractional knapsack over the locations of `items` from `k` on, with `room` of the resource.
    pub(super) fn knap(items: &[(usize, u32, i64)], k: usize, room: i64) -> f64 {
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
            total += Self::take(&mut room, need, value);
        }
        total
    }

    pub(super) fn bound(&self, k: usize) -> (u32, i64) {
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

    /// One item of a fractional knapsack, `need` of the resource for `value`: taken whole when it
    /// fits in `room`, else the fraction that does (filling the room). Its value taken.
    #[inline]
    fn take(room: &mut f64, need: f64, value: i64) -> f64 {
        if need <= *room {
            *room -= need;
            value as f64
        } else {
            let part = value as f64 * *room / need;
            *room = 0.0;
            part
        }
    }

    /// [`Search::knap`] with one more item: keeping Food in the Silos, worth `per` a Food, for
    /// at most `cap` Food.
    pub(super) fn knap_with_store(
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
            total += Self::take(&mut room, need, value);
        }
        if !stored {
            total += cap.min(room) * per;
        }
        total
    }

    pub(super) fn beaten(&self, ub: (u32, i64)) -> bool {
        match &self.best {
            None => false,
            Some(b) => ub <= (b.kept, b.value),
        }
    }

    pub(super) fn dfs(&mut self, k: usize) {
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
    pub(super) fn needs(&self) -> Vec<(u32, u32)> {
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

    pub(super) fn leaf(&mut self) {
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
    pub(super) fn flipped(&self) -> Vec<usize> {
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
    pub(super) fn final_value(&mut self, food: u32) -> Option<(i64, u32, u32)> {
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
    pub(super) fn score_with(
        &mut self,
        needs: &[(u32, u32)],
        set: u32,
        food: u32,
    ) -> Option<(i64, u32)> {
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
    pub(super) fn best_drain(&mut self, needs: &[(u32, u32)]) -> u32 {
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
    pub(super) fn lossless(&self, v: &[u8]) -> Option<i32> {
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

    pub(super) fn key(v: &[u8]) -> u128 {
        v.iter()
            .enumerate()
            .fold(0u128, |acc, (k, &c)| acc | ((c as u128) << (5 * k)))
    }

    /// The most Food held after paying exactly the multiset `v` of order classes in the best
    /// order; -1 when no order can pay them all.
    pub(super) fn best_food(&mut self, v: &mut [u8]) -> i32 {
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

    pub(super) fn into_plan(mut self) -> Plan {
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

    pub(super) fn counts_of(&self, choice: &[usize]) -> Vec<u8> {
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

    pub(super) fn sums_of(&self, choice: &[usize]) -> Sums {
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
pub(super) fn game_end_counts(
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
pub(super) fn turn_over_loss(
    deck: &Deck,
    farm: &Farm,
    geo: &Geometry,
    locs: &[Loc],
    l: &Loc,
) -> i64 {
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
pub(super) fn all_kept_bonus(
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
            let vp = geo.at(deck, farm, coins, food).game_end_vp(i, a) as i64;
            total += if generator { 2 * vp } else { vp };
        }
        for &e in &c.equipment {
            let a = &deck.equip(e).ability;
            if needs_whole(a) {
                total += geo.at(deck, farm, coins, food).game_end_vp(i, a) as i64;
            }
        }
    }
    total
}

/// What emptying each tower of `towers` adds to the year-4 score, if that is additive and the
/// same whatever turns over: every Game End reference to empty towers is a plain count (no cap,
/// no "every N", not in a condition), sits on a card that cannot turn over (no Harvest ability,
/// not on one), and is not repeated by a Power Generator. Otherwise None.
pub(super) fn drain_weights(
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
