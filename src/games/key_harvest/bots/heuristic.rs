//! The heuristic bot: one-ply judgement from its own view. It values a board by what it scores
//! (largest group x1, second largest x2, KH 65) and takes tiles that raise that value, buys its
//! own store tiles back (the bid is already paid), bids one counter on registry tiles it wants
//! (others who buy them pay it counters), plays its highest workers where they fit, preferring
//! spaces where one of its own store tiles will land (the worker is displaced, repositioned and
//! acts again, KH 26), and harvests when it has nothing better to do.

use super::super::action::Action;
use super::super::board::{Board, Crop, Space, SpaceSet, bit, spaces_in};
use super::super::few::Few;
use super::super::game::{Game, Prompt, StoreTile};
use super::super::legal::Choice;
use super::super::pieces::{Counters, Seat, Worker};
use super::super::view::PlayerView;
use super::Bot;
use rand_chacha::ChaCha8Rng;
use std::cell::OnceCell;

/// What one counter is worth in points when judging a purchase.
const COUNTER: f64 = 0.45;

#[derive(Default)]
pub struct HeuristicBot;

impl Bot for HeuristicBot {
    fn name(&self) -> &str {
        "heuristic"
    }
    fn decide(&mut self, board: &Board, view: &PlayerView, _rng: &mut ChaCha8Rng) -> Action {
        decide(board, view)
    }
}

/// The heuristic's choice from what `sight` shows (the same as [`HeuristicBot`]'s from a view
/// showing the same; it draws nothing at random).
pub fn decide(board: &Board, sight: &impl Sight) -> Action {
    Ctx::new(board, sight, false).decide()
}

/// What the heuristic reads of a position, and all it reads: the seat's own supply and choices,
/// and what everyone sees. A [`PlayerView`] shows it; so does [`SeatSight`], the game itself
/// read from one seat, which a search's rollouts use so as not to build a whole view (the
/// seats' scores, groups and colours, the town, the events) on every decision only for this.
pub trait Sight {
    /// The seat deciding.
    fn seat(&self) -> Seat;
    /// Its legal choices.
    fn legal(&self) -> &[Choice];
    /// Its own supply.
    fn supply(&self) -> Counters;
    fn stock(&self) -> Counters;
    fn registry(&self) -> SpaceSet;
    /// Actions done this turn.
    fn actions_done(&self) -> u8;
    fn fields(&self, seat: Seat) -> SpaceSet;
    fn harvested(&self, seat: Seat) -> SpaceSet;
    /// A seat's workers on the board, at most one to a space (in any order: the heuristic only
    /// looks them up by space).
    fn workers(&self, seat: Seat) -> &[(Space, Worker)];
    fn store(&self, seat: Seat) -> &[StoreTile];
    /// The prompt being answered (read only to reposition a worker, KH 26).
    fn prompt(&self) -> Option<(Seat, Prompt)>;
}

impl Sight for PlayerView {
    fn seat(&self) -> Seat {
        self.seat
    }
    fn legal(&self) -> &[Choice] {
        &self.legal
    }
    fn supply(&self) -> Counters {
        self.supply
    }
    fn stock(&self) -> Counters {
        self.public.stock
    }
    fn registry(&self) -> SpaceSet {
        self.public.registry
    }
    fn actions_done(&self) -> u8 {
        self.public.actions_done
    }
    fn fields(&self, seat: Seat) -> SpaceSet {
        self.public.seats[seat as usize].fields
    }
    fn harvested(&self, seat: Seat) -> SpaceSet {
        self.public.seats[seat as usize].harvested
    }
    fn workers(&self, seat: Seat) -> &[(Space, Worker)] {
        &self.public.seats[seat as usize].workers
    }
    fn store(&self, seat: Seat) -> &[StoreTile] {
        &self.public.seats[seat as usize].store
    }
    fn prompt(&self) -> Option<(Seat, Prompt)> {
        self.public.prompt.clone()
    }
}

/// The game read from `seat`, with `legal` its legal choices ([`Game::legal_actions`]): only
/// what the seat's [`PlayerView`] would show (its own supply, nothing hidden of the others),
/// read straight from the state. The view sorts each seat's workers and this does not, which
/// the heuristic cannot tell (it looks workers up by space, and a space holds one).
pub struct SeatSight<'a> {
    pub game: &'a Game,
    pub seat: Seat,
    pub legal: &'a [Choice],
}

impl Sight for SeatSight<'_> {
    fn seat(&self) -> Seat {
        self.seat
    }
    fn legal(&self) -> &[Choice] {
        self.legal
    }
    fn supply(&self) -> Counters {
        self.game.s.players[self.seat as usize].supply
    }
    fn stock(&self) -> Counters {
        self.game.s.stock
    }
    fn registry(&self) -> SpaceSet {
        self.game.s.registry
    }
    fn actions_done(&self) -> u8 {
        self.game.s.turn.actions()
    }
    fn fields(&self, seat: Seat) -> SpaceSet {
        self.game.s.players[seat as usize].fields
    }
    fn harvested(&self, seat: Seat) -> SpaceSet {
        self.game.s.players[seat as usize].harvested
    }
    fn workers(&self, seat: Seat) -> &[(Space, Worker)] {
        &self.game.s.players[seat as usize].workers
    }
    fn store(&self, seat: Seat) -> &[StoreTile] {
        &self.game.s.players[seat as usize].store
    }
    fn prompt(&self) -> Option<(Seat, Prompt)> {
        self.game.prompt()
    }
}

/// Alternatives a wide listing adds for one choice, beside its best filling.
const WIDE: usize = 2;

/// Every action the heuristic would consider from `view`, with its value, best first (ties in
/// the order offered, so the first is the heuristic's own choice whenever that is not ending the
/// turn or declining). Wide: for a worker, a registry tile, a store tile or a bid, the next best
/// fillings too, so a search can compare them. Duplicates are left out.
pub fn ranked(board: &Board, view: &PlayerView) -> Vec<(Action, f64)> {
    let ctx = Ctx::new(board, view, true);
    let mut all: Vec<(Action, f64)> = Vec::new();
    for c in &view.legal {
        ctx.consider(c, &mut |a, v| {
            if !all.iter().any(|(b, _)| *b == a) {
                all.push((a, v));
            }
        });
    }
    // Stable: equal values keep the order offered.
    all.sort_by(|a, b| b.1.total_cmp(&a.1));
    all
}

struct Ctx<'a, S: Sight> {
    board: &'a Board,
    view: &'a S,
    /// Offer the next best fillings too (see [`ranked`]); the bot's own choice is the same
    /// either way, since alternatives are offered after the best and never beat it.
    wide: bool,
    /// The value of my fields as they are, which every gain and loss subtracts from or to:
    /// computed once a decision (from `groups`), when first asked.
    now: OnceCell<f64>,
    /// The groups of my fields as they are, found once a decision when first asked: a tile
    /// added to them joins the groups it touches and leaves the others as they are.
    groups: OnceCell<Few<SpaceSet, { Board::SPACES }>>,
    /// Where a tile of my store will land ([`Ctx::coming`]), asked for every space a worker
    /// could take: worked out once a decision.
    coming: OnceCell<SpaceSet>,
}

/// KH 65: largest + 2 x second largest.
pub fn board_value(board: &Board, fields: SpaceSet) -> f64 {
    let mut top = TopTwo::default();
    board.for_each_group(fields, |g| top.add(g.count_ones()));
    top.value()
}

/// The two largest of some group sizes (the second may equal the first), which is all
/// [`board_value`] reads of a board's groups: it does not depend on their order.
#[derive(Default)]
struct TopTwo {
    a: u32,
    b: u32,
}

impl TopTwo {
    fn add(&mut self, n: u32) {
        if n > self.a {
            self.b = self.a;
            self.a = n;
        } else if n > self.b {
            self.b = n;
        }
    }
    fn value(&self) -> f64 {
        // A little for the third group, which may still grow into second place.
        (self.a + 2 * self.b) as f64
    }
}

/// A choice's spaces as a list, in reference order: in place, since every decision lists
/// several and most are only read.
fn list(set: &SpaceSet) -> Few<Space, { Board::SPACES }> {
    let mut out = Few::new();
    for s in spaces_in(*set) {
        out.push(s);
    }
    out
}

impl<'a, S: Sight> Ctx<'a, S> {
    fn new(board: &'a Board, view: &'a S, wide: bool) -> Self {
        Ctx {
            board,
            view,
            wide,
            now: OnceCell::new(),
            groups: OnceCell::new(),
            coming: OnceCell::new(),
        }
    }
    fn me(&self) -> Seat {
        self.view.seat()
    }
    fn fields(&self) -> SpaceSet {
        self.view.fields(self.me())
    }
    fn value(&self, f: SpaceSet) -> f64 {
        if f == self.fields() {
            *self.now.get_or_init(|| {
                let mut top = TopTwo::default();
                for g in self.groups() {
                    top.add(g.count_ones());
                }
                top.value()
            })
        } else {
            board_value(self.board, f)
        }
    }
    /// The groups of my fields ([`Board::groups`]), found once a decision.
    fn groups(&self) -> &[SpaceSet] {
        self.groups.get_or_init(|| {
            let mut groups = Few::new();
            self.board.for_each_group(self.fields(), |g| groups.push(g));
            groups
        })
    }
    /// What acquiring `t` adds to this board.
    fn gain(&self, t: Space) -> f64 {
        self.gain_on(self.fields(), t)
    }
    /// The value of my fields with `t` added: [`board_value`] of that set, worked out from my
    /// groups as they are (the groups `t` touches join it into one, the others stay) instead
    /// of finding every group again, since most decisions weigh several tiles.
    fn value_with(&self, t: Space) -> f64 {
        let f = self.fields();
        if f & bit(t) != 0 {
            return self.value(f);
        }
        let around = self.board.neighbours(t);
        let mut joined = 1;
        let mut top = TopTwo::default();
        for &g in self.groups() {
            if g & around != 0 {
                joined += g.count_ones();
            } else {
                top.add(g.count_ones());
            }
        }
        top.add(joined);
        top.value()
    }
    fn gain_on(&self, f: SpaceSet, t: Space) -> f64 {
        let with = if f == self.fields() {
            self.value_with(t)
        } else {
            self.value(f | bit(t))
        };
        let mut g = with - self.value(f);
        // A tile on one of my workers' spaces sets off a reposition: the worker acts again.
        if self.view.workers(self.me()).iter().any(|(s, _)| *s == t) {
            g += 1.0;
        }
        g
    }
    /// What a tile is worth beyond today's groups: every tile counts for the first tie-break
    /// (KH 67), and one within two spaces of my fields can link up with them later.
    fn potential(&self, t: Space) -> f64 {
        let near = self.board.within_two(t) & self.fields() != 0;
        0.25 + if near { 0.35 } else { 0.0 }
    }
    /// The value of my fields without `t`: [`board_value`] of that set, worked out from my
    /// groups as they are (only the group that held `t` may break up).
    fn value_without(&self, t: Space) -> f64 {
        let mut top = TopTwo::default();
        for &g in self.groups() {
            if g & bit(t) != 0 {
                self.board
                    .for_each_group(g & !bit(t), |h| top.add(h.count_ones()));
            } else {
                top.add(g.count_ones());
            }
        }
        top.value()
    }
    /// What losing `t` costs this board.
    fn loss(&self, t: Space) -> f64 {
        self.value(self.fields()) - self.value_without(t)
    }
    fn cheapest(&self, tiles: &[Space]) -> Option<Space> {
        tiles
            .iter()
            .copied()
            .min_by(|a, b| self.loss(*a).total_cmp(&self.loss(*b)))
    }
    /// The runners-up after [`Ctx::best`]'s pick when listing wide: up to [`WIDE`] others,
    /// best first.
    fn others<T: Copy + PartialEq>(
        &self,
        items: &[T],
        chosen: T,
        score: impl Fn(T) -> f64,
    ) -> Vec<(T, f64)> {
        if !self.wide {
            return Vec::new();
        }
        let mut v: Vec<(T, f64)> = items
            .iter()
            .filter(|&&i| i != chosen)
            .map(|&i| (i, score(i)))
            .collect();
        v.sort_by(|a, b| b.1.total_cmp(&a.1));
        v.truncate(WIDE);
        v
    }
    fn best<T: Copy>(&self, items: &[T], score: impl Fn(T) -> f64) -> Option<(T, f64)> {
        items
            .iter()
            .map(|&i| (i, score(i)))
            .max_by(|a, b| a.1.total_cmp(&b.1))
    }
    /// `k` counters from the crops I hold most of.
    fn payment(&self, k: u32) -> Counters {
        let mut left = self.view.supply();
        let mut out = Counters::ZERO;
        for _ in 0..k {
            let c = Crop::ALL
                .into_iter()
                .max_by_key(|c| left.get(*c))
                .expect("five crops");
            if left.get(c) == 0 {
                break;
            }
            left.0[c.index()] -= 1;
            out.0[c.index()] += 1;
        }
        out
    }
    /// Substitutes for counters the stock cannot give (KH 6).
    fn substitutes(&self, owed: Counters) -> Vec<Crop> {
        let stock = self.view.stock();
        let got = owed.min(&stock);
        let short = owed.total() - got.total();
        let mut left = stock;
        left.sub(&got);
        let mut v = Vec::new();
        for _ in 0..short {
            if let Some(c) = Crop::ALL
                .into_iter()
                .filter(|c| left.get(*c) > 0)
                .max_by_key(|c| left.get(*c))
            {
                left.0[c.index()] -= 1;
                v.push(c);
            }
        }
        v
    }
    fn crops_of(&self, tiles: &[Space]) -> Counters {
        Counters::of(
            &tiles
                .iter()
                .map(|t| self.board.crop(*t))
                .collect::<Vec<_>>(),
        )
    }
    /// My own store's tiles: where a field tile is coming.
    fn coming(&self) -> SpaceSet {
        *self.coming.get_or_init(|| {
            self.view
                .store(self.me())
                .iter()
                .fold(0, |m, st| m | bit(st.tile))
        })
    }
    /// How good it is to put `w` on `s` now: its points, what its ability does, and a bonus
    /// when a tile of my store will land there.
    fn worker_value(&self, w: Worker, s: Space) -> f64 {
        let me = self.me();
        let (fields, harvested) = (self.view.fields(me), self.view.harvested(me));
        let around = self.board.neighbours(s);
        let replaced = self
            .view
            .workers(me)
            .iter()
            .find(|(p, _)| *p == s)
            .map_or(0, |(_, o)| o.number() as i32);
        let ability = match w {
            Worker::Apprentice => f64::from(u8::from(around & fields & !harvested != 0)) * COUNTER,
            Worker::CasualWorker => {
                ((around & fields & !harvested).count_ones().min(2)) as f64 * COUNTER
            }
            Worker::Labourer => 2.0 * COUNTER,
            Worker::UnskilledWorker => (around & harvested).count_ones() as f64 * COUNTER * 0.8,
            Worker::SkilledWorker | Worker::Merchant => 0.8,
            // The supervisor's discard is mandatory (KH 38).
            Worker::Supervisor => -1.5,
            Worker::Storekeeper => 0.8,
            Worker::Bailiff => 0.6,
            Worker::Lawyer => 1.0,
            Worker::Trader => 1.2,
            Worker::Benefactor => 1.8,
        };
        let coming = if self.coming() & bit(s) != 0 {
            1.5
        } else {
            0.0
        };
        // A worker takes a space a field tile of mine could use.
        let blocks = if self.view.registry() & bit(s) != 0 {
            0.3
        } else {
            0.0
        };
        w.number() as f64 - replaced as f64 + ability + coming - blocks
    }

    fn decide(&self) -> Action {
        let legal = self.view.legal();
        let fallback = || match legal
            .iter()
            .find(|c| matches!(c, Choice::Decline | Choice::EndTurn))
        {
            Some(Choice::EndTurn) => Action::EndTurn,
            Some(_) => Action::Decline,
            None => Action::EndTurn,
        };
        let mut best: Option<(Action, f64)> = None;
        let mut offer = |a: Action, v: f64| {
            if best.as_ref().is_none_or(|(_, b)| v > *b) {
                best = Some((a, v));
            }
        };
        for c in legal {
            self.consider(c, &mut offer);
        }
        match best {
            Some((a, v))
                if v > 0.0
                    || !legal
                        .iter()
                        .any(|c| matches!(c, Choice::Decline | Choice::EndTurn)) =>
            {
                a
            }
            _ => fallback(),
        }
    }

    /// Offers the best filled-in action of one choice with its value (> 0 to be taken over
    /// ending the turn or declining).
    fn consider(&self, c: &Choice, offer: &mut impl FnMut(Action, f64)) {
        let me = self.me();
        let supply = self.view.supply();
        match c {
            Choice::StartPlayer { .. } => offer(Action::ChooseStartPlayer { seat: me }, 1.0),
            Choice::Harvest { tiles } => {
                let tiles = &list(tiles);
                let owed = self.crops_of(tiles);
                let v = tiles.len() as f64 * COUNTER * 0.9;
                offer(
                    Action::Harvest {
                        tiles: tiles.to_vec(),
                        instead: self.substitutes(owed),
                    },
                    v,
                );
            }
            Choice::PlayWorker { worker, spaces } => {
                let spaces = &list(spaces);
                let score = |s| self.worker_value(*worker, s);
                if let Some((s, v)) = self.best(spaces, score) {
                    offer(
                        Action::PlayWorker {
                            worker: *worker,
                            space: s,
                        },
                        v,
                    );
                    for (s, v) in self.others(spaces, s, score) {
                        offer(
                            Action::PlayWorker {
                                worker: *worker,
                                space: s,
                            },
                            v,
                        );
                    }
                }
            }
            Choice::RemoveWorker { .. } | Choice::EndTurn | Choice::Decline => {}
            Choice::BuyFromStore { tiles } => {
                let score = |(o, t): (Seat, Space)| {
                    let cost = if o == me {
                        0.0
                    } else {
                        self.view
                            .store(o)
                            .iter()
                            .find(|st| st.tile == t)
                            .map_or(9.0, |st| st.bid.total() as f64 * COUNTER)
                    };
                    self.gain(t).max(0.0) + self.potential(t) - cost
                        + if o == me { 0.5 } else { 0.0 }
                };
                if let Some(((owner, tile), v)) = self.best(tiles, score) {
                    offer(Action::BuyFromStore { owner, tile }, v + 0.5);
                    for ((owner, tile), v) in self.others(tiles, (owner, tile), score) {
                        offer(Action::BuyFromStore { owner, tile }, v + 0.5);
                    }
                }
            }
            Choice::TakeFromRegistry { tiles } => {
                let tiles = &list(tiles);
                // (c) may not follow (d): leave (d) for last when a store tile is waiting.
                let buy_first = self.view.actions_done() < 2
                    && self
                        .view
                        .store(me)
                        .iter()
                        .any(|st| self.gain(st.tile) > 0.0);
                let score = |t| self.gain(t).max(0.0) + self.potential(t);
                let value = |v: f64| v * 0.7 - COUNTER * 0.5 - if buy_first { 2.0 } else { 0.0 };
                if let Some((t, v)) = self.best(tiles, score) {
                    offer(
                        Action::TakeFromRegistry {
                            tile: t,
                            bid: self.payment(1),
                        },
                        value(v),
                    );
                    for (t, v) in self.others(tiles, t, score) {
                        offer(
                            Action::TakeFromRegistry {
                                tile: t,
                                bid: self.payment(1),
                            },
                            value(v),
                        );
                    }
                    // A higher bid: dearer for anyone else to buy (KH 23).
                    if self.wide && supply.total() >= 2 {
                        offer(
                            Action::TakeFromRegistry {
                                tile: t,
                                bid: self.payment(2),
                            },
                            value(v) - COUNTER,
                        );
                    }
                }
            }
            Choice::Reposition { spaces } => {
                let spaces = &list(spaces);
                // A repositioned supervisor must discard again (KH 26, 38).
                let Some((w, _)) = self.displaced() else {
                    return;
                };
                if let Some((s, v)) = self.best(spaces, |s| self.worker_value(w, s)) {
                    offer(Action::Reposition { space: s }, v);
                }
            }
            Choice::Apprentice { tiles } => {
                let tiles = &list(tiles);
                if let Some(&t) = tiles.first() {
                    let owed = Counters::one(self.board.crop(t));
                    offer(
                        Action::Apprentice {
                            tile: t,
                            instead: self.substitutes(owed),
                        },
                        COUNTER,
                    );
                }
            }
            Choice::CasualWorker { tiles } => {
                let tiles = &list(tiles);
                let t: Vec<Space> = tiles.iter().copied().take(2).collect();
                if !t.is_empty() {
                    let owed = self.crops_of(&t);
                    offer(
                        Action::CasualWorker {
                            instead: self.substitutes(owed),
                            tiles: t,
                        },
                        COUNTER,
                    );
                }
            }
            Choice::Labourer { take } => {
                let mut stock = self.view.stock();
                let mut crops = Vec::new();
                for _ in 0..*take {
                    // Strengthen the crop I hold most of that the stock still has.
                    if let Some(c) = Crop::ALL
                        .into_iter()
                        .filter(|c| stock.get(*c) > 0)
                        .max_by_key(|c| (supply.get(*c), stock.get(*c)))
                    {
                        stock.0[c.index()] -= 1;
                        crops.push(c);
                    }
                }
                offer(Action::Labourer { crops }, COUNTER);
            }
            Choice::UnskilledWorker { tiles } => {
                let tiles = &list(tiles);
                if !tiles.is_empty() {
                    offer(
                        Action::UnskilledWorker {
                            tiles: tiles.to_vec(),
                        },
                        COUNTER,
                    );
                }
            }
            Choice::SkilledWorker { tiles } | Choice::Merchant { tiles } => {
                if let Some(((o, t, need), v)) =
                    self.best(tiles, |(_, t, need)| self.gain(t) - need as f64 * COUNTER)
                {
                    let payment = self.payment(need);
                    let a = if matches!(c, Choice::SkilledWorker { .. }) {
                        Action::SkilledWorker {
                            owner: o,
                            tile: t,
                            payment,
                        }
                    } else {
                        Action::Merchant {
                            owner: o,
                            tile: t,
                            payment,
                        }
                    };
                    offer(a, v);
                }
            }
            Choice::Supervisor { tiles } => {
                let tiles = &list(tiles);
                if let Some(t) = self.cheapest(tiles) {
                    offer(Action::Supervisor { tile: t }, 1.0);
                }
            }
            Choice::Storekeeper { tiles } => {
                let tiles = &list(tiles);
                if let Some((t, v)) =
                    self.best(tiles, |t| self.gain(t).max(0.0) + self.potential(t))
                {
                    offer(
                        Action::Storekeeper {
                            tile: t,
                            bid: self.payment(1),
                        },
                        v * 0.7 - COUNTER * 0.5,
                    );
                }
            }
            Choice::Bailiff { tiles } => {
                if let Some(((o, t), v)) =
                    self.best(&tiles.to_vec(), |(_, t)| self.gain(t) - 3.0 * COUNTER)
                {
                    offer(
                        Action::Bailiff {
                            owner: o,
                            tile: t,
                            payment: self.payment(3),
                        },
                        v,
                    );
                }
            }
            Choice::Lawyer { spaces } => {
                let spaces = &list(spaces);
                let workers = self.view.workers(me);
                let worker_at = |s: Space| workers.iter().find(|(p, _)| *p == s).map(|(_, w)| *w);
                if let Some((s, v)) = self.best(spaces, |s| match worker_at(s) {
                    Some(Worker::Supervisor) | None => -5.0,
                    Some(w) => 0.5 + w.number() as f64 * 0.1,
                }) {
                    offer(Action::Lawyer { worker_at: s }, v);
                }
            }
            Choice::TraderDraw => offer(Action::TraderDraw, 1.0),
            Choice::TraderRegistry { tiles } => {
                let tiles = &list(tiles);
                if let Some((t, v)) = self.best(tiles, |t| self.gain(t)) {
                    offer(
                        Action::TraderRegistry {
                            tile: t,
                            keep: v > 0.0,
                        },
                        1.0,
                    );
                }
            }
            Choice::KeepDrawn { tile } => {
                offer(
                    Action::KeepDrawn {
                        keep: self.gain(*tile) > 0.0,
                    },
                    1.0,
                );
            }
            Choice::Benefactor { tiles } => {
                let tiles = &list(tiles);
                if let Some((t, v)) =
                    self.best(tiles, |t| self.gain(t).max(0.0) + self.potential(t))
                {
                    offer(Action::Benefactor { tile: t }, v + 0.1);
                }
            }
            Choice::BlindSwap { tiles } => {
                let tiles = &list(tiles);
                if let Some(t) = self.cheapest(tiles) {
                    offer(Action::BlindSwap { tile: t }, 0.3 - self.loss(t));
                }
            }
            Choice::Exchange { give, take } => {
                let give = &list(give);
                if let Some(g) = self.cheapest(give) {
                    let after = self.fields() & !bit(g);
                    if let Some(((w, t), v)) =
                        self.best(&take.to_vec(), |(_, t)| self.gain_on(after, t))
                    {
                        offer(
                            Action::Exchange {
                                give: g,
                                with: w,
                                take: t,
                            },
                            v - self.loss(g),
                        );
                    }
                }
            }
            Choice::GiveAway { pass, received, .. } => {
                let pass = &list(pass);
                let keep = received.is_some_and(|r| self.gain(r) > 0.0);
                let p = match received {
                    // Pass on a tile I do not want rather than give up one of mine.
                    Some(r) if pass.contains(r) && !keep => Some(*r),
                    _ => self.cheapest(
                        &pass
                            .iter()
                            .copied()
                            .filter(|t| Some(*t) != *received)
                            .collect::<Vec<_>>(),
                    ),
                };
                offer(Action::GiveAway { pass: p, keep }, 1.0);
            }
            Choice::GoodHarvest { crops } => {
                if let Some(&c) = crops.first() {
                    let stock = self.view.stock();
                    let instead = if stock.get(c) == 0 {
                        stock.crops().next()
                    } else {
                        None
                    };
                    offer(Action::GoodHarvest { crop: c, instead }, COUNTER);
                }
            }
            Choice::LuckyDip { registry } => {
                let registry = &list(registry);
                if supply.total() >= 4 {
                    let r = self.best(registry, |t| self.gain(t)).map(|(t, _)| t);
                    offer(
                        Action::LuckyDip {
                            payment: self.payment(2),
                            registry: r,
                        },
                        0.5,
                    );
                }
            }
            Choice::NewCrop { tiles } => {
                let tiles = &list(tiles);
                offer(
                    Action::NewCrop {
                        tiles: tiles.iter().copied().take(2).collect(),
                    },
                    COUNTER,
                );
            }
            Choice::QuickSale { tiles } => {
                let tiles = &list(tiles);
                if let Some((t, v)) = self.best(tiles, |t| self.gain(t)) {
                    offer(
                        Action::QuickSale {
                            payment: self.payment(3),
                            tile: t,
                        },
                        v - 3.0 * COUNTER - 0.5,
                    );
                }
            }
            Choice::RegistrySwap { give, take } => {
                let give = &list(give);
                let take = &list(take);
                if let Some(g) = self.cheapest(give) {
                    let after = self.fields() & !bit(g);
                    if let Some((t, v)) = self.best(take, |t| self.gain_on(after, t)) {
                        offer(
                            Action::RegistrySwap { give: g, take: t },
                            v - self.loss(g) - 0.2,
                        );
                    }
                }
            }
            Choice::RemoteHarvest { tiles } => {
                let tiles = &list(tiles);
                let owed = self.crops_of(tiles);
                offer(
                    Action::RemoteHarvest {
                        tiles: tiles.to_vec(),
                        instead: self.substitutes(owed),
                    },
                    COUNTER,
                );
            }
            Choice::Replace { drawn, fallow } => {
                let fallow = &list(fallow);
                let choice = self.cheapest(fallow).filter(|&f| {
                    let after = self.fields() & !bit(f);
                    self.gain_on(after, *drawn) - self.loss(f) > 0.0
                });
                offer(Action::Replace { fallow: choice }, 1.0);
            }
            Choice::MoveWorker { .. } | Choice::Vacation { .. } => {}
            Choice::Windfall { recipient, crops } => {
                let c = if *recipient == me {
                    crops.iter().copied().max_by_key(|c| supply.get(*c))
                } else {
                    crops.iter().copied().min_by_key(|c| supply.get(*c))
                };
                if let Some(crop) = c {
                    offer(Action::Windfall { crop }, 1.0);
                }
            }
        }
    }

    /// The worker waiting to be repositioned (KH 26), from the prompt.
    fn displaced(&self) -> Option<(Worker, Space)> {
        match self.view.prompt() {
            Some((_, Prompt::Reposition { worker, from })) => {
                if worker == Worker::Supervisor {
                    None
                } else {
                    Some((worker, from))
                }
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::key_harvest::game::Options;
    use rand::{Rng, SeedableRng};

    /// `value_with` and `value_without` work a tile's gain and loss out from the groups as they
    /// are; they must be [`board_value`] of the fields with and without the tile, for any fields
    /// and tile (joining one group, several, or none; splitting one; a tile there or not).
    #[test]
    fn the_value_with_or_without_a_tile_is_the_board_value_of_the_fields_so() {
        let board = Board::standard();
        let (game, _) = Game::new(board.clone(), &Options { players: 2 }, 1).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let mut joins = 0;
        for _ in 0..400 {
            let mut g = game.clone();
            // Random fields of up to 20 tiles for seat 0.
            let fields = (0..rng.random_range(0..20))
                .fold(0, |m: SpaceSet, _| m | bit(rng.random_range(0..56)));
            g.s.players[0].fields = fields;
            let view = g.player_view(0);
            let ctx = Ctx::new(&board, &view, false);
            for t in 0..56 {
                let with = ctx.value_with(t);
                assert_eq!(
                    with,
                    board_value(&board, fields | bit(t)),
                    "{fields:#x} {t}"
                );
                if with > ctx.value(fields) + 1.0 {
                    joins += 1;
                }
                assert_eq!(
                    ctx.value_without(t),
                    board_value(&board, fields & !bit(t)),
                    "{fields:#x} {t}"
                );
            }
        }
        assert!(joins > 100, "{joins} tiles that joined groups");
    }
}
