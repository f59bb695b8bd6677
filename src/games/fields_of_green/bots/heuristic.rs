//! The heuristic bot: one-ply lookahead on the projected final score ([`eval::project`]).
//!
//! - Harvest: the exact planner, one action per visit.
//! - Card actions (build where, Water Tower, Silo, market, restore), Equipment, income Water:
//!   every legal action is tried on a game rebuilt from the view ([`determinize::sample`]; the
//!   outcome of these actions depends only on the seat's own, visible state, except which
//!   Equipment tiles a gain draws) and the best projection wins.
//! - The draft pick (3+ players) and the row pick (2 players): each card is valued by its best
//!   action as if it were revealed now.
//! - The pile split: the most valuable split by a static value of the cards still unseen in each
//!   pile ([`design_value`]).
//!
//! Ties go to the first action in the engine's stable order, so the bot is deterministic given
//! its random stream (used only to sample the hidden parts, which do not change its choices).

use super::{Bot, determinize, eval, planner};
use crate::fields_of_green::action::Action;
use crate::fields_of_green::cards::{Deck, DesignIdx};
use crate::fields_of_green::effects::{Amount, Effect, Timing};
use crate::fields_of_green::game::{Game, Phase};
use crate::fields_of_green::view::PlayerView;
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

/// The heuristic bot. `exact` uses the planner inside the evaluation (the default); without it
/// the evaluation harvests greedily (a faster, weaker bot for rollouts).
#[derive(Clone, Debug)]
pub struct HeuristicBot {
    pub exact: bool,
}

impl Default for HeuristicBot {
    fn default() -> Self {
        HeuristicBot { exact: true }
    }
}

impl Bot for HeuristicBot {
    fn name(&self) -> String {
        "heuristic".into()
    }

    fn decide(&mut self, view: &PlayerView, deck: &Arc<Deck>, rng: &mut ChaCha8Rng) -> Action {
        if let Some(a) = planner::harvest_step(deck, view) {
            return a;
        }
        if view.legal.len() == 1 {
            return view.legal[0].clone();
        }
        match determinize::sample(deck, view, rng) {
            Some(game) => self.choose(&game, view.seat, &view.legal),
            None => view.legal[0].clone(),
        }
    }
}

impl HeuristicBot {
    /// The evaluation in use.
    pub fn eval(&self, game: &Game, seat: usize) -> f64 {
        if self.exact {
            eval::project(game, seat)
        } else {
            eval::quick(game, seat)
        }
    }

    /// The action for `seat` among `legal` in `game` (a complete game: rebuilt from a view, or
    /// a rollout's world). Looks only at the seat's own state and public facts.
    pub fn choose(&self, game: &Game, seat: usize, legal: &[Action]) -> Action {
        if legal.len() == 1 {
            return legal[0].clone();
        }
        if game.phase() == &Phase::Harvest
            && !game.state().players[seat].offer.is_empty()
            && let Some((a, _)) = self.best_after(game, seat, legal)
        {
            return a;
        }
        if game.phase() == &Phase::Harvest {
            let plan = planner::plan_game(game, seat, planner::ENGINE_BUDGET);
            return plan
                .actions
                .into_iter()
                .next()
                .unwrap_or(Action::EndHarvest);
        }
        // Settle the revealed card or an Equipment offer first: every listed action but the
        // next pick is about the seat's own state.
        let now = settling(legal);
        if !now.is_empty()
            && let Some((a, _)) = self.best_after(game, seat, &now)
        {
            return a;
        }
        let picks: Vec<&Action> = legal
            .iter()
            .filter(|a| matches!(a, Action::Select { .. } | Action::Pick { .. }))
            .collect();
        if !picks.is_empty() {
            let mut values = CardValues::new(self, game, seat);
            let mut best: Option<(&Action, f64)> = None;
            for a in picks {
                let card = match a {
                    Action::Select { card } | Action::Pick { card } => card,
                    _ => unreachable!("filtered"),
                };
                let v = values.of(card);
                if best.is_none_or(|b| v > b.1) {
                    best = Some((a, v));
                }
            }
            return best.expect("non-empty").0.clone();
        }
        if legal.iter().any(|a| matches!(a, Action::Draw { .. })) {
            return self.choose_split(game, seat, legal);
        }
        legal[0].clone()
    }

    /// The best of `actions` by the evaluation after playing each on a copy of `game`.
    pub fn best_after(
        &self,
        game: &Game,
        seat: usize,
        actions: &[Action],
    ) -> Option<(Action, f64)> {
        let mut best: Option<(Action, f64)> = None;
        // One scratch game, copied into for each action (its lists reused).
        let mut g = game.clone();
        let mut fresh = true;
        for a in actions {
            if !fresh {
                g.clone_from(game);
            }
            fresh = false;
            if g.apply_quiet(seat, a).is_err() {
                continue;
            }
            let v = self.eval(&g, seat);
            if best.as_ref().is_none_or(|b| v > b.1) {
                best = Some((a.clone(), v));
            }
        }
        best
    }

    /// What a card is worth to the seat: the projection after its best action, as if it were
    /// revealed now. To value several cards of one seat, [`CardValues`] gives the same values
    /// for less.
    pub fn card_value(&self, game: &Game, seat: usize, card: &str) -> f64 {
        let Some(g) = determinize::with_revealed(game, seat, card) else {
            return f64::MIN;
        };
        let actions: Vec<Action> = g
            .legal_actions(seat)
            .into_iter()
            .filter(|a| !matches!(a, Action::Select { .. } | Action::Pick { .. }))
            .collect();
        self.best_after(&g, seat, &actions)
            .map_or(f64::MIN, |(_, v)| v)
    }

    /// The split drawing the most value: the sum over piles of cards drawn times the mean
    /// [`design_value`] of the cards not yet seen of that pile.
    pub fn choose_split(&self, game: &Game, seat: usize, legal: &[Action]) -> Action {
        let mut best: Option<(&Action, f64)> = None;
        for (a, v) in split_values(game, seat, legal) {
            if best.is_none_or(|b| v > b.1) {
                best = Some((a, v));
            }
        }
        best.map_or_else(|| legal[0].clone(), |b| b.0.clone())
    }
}

/// Each split among `legal` (ruling 4) with the value it draws for `seat`: the sum over piles of
/// the cards drawn times the mean [`design_value`] of the cards of that pile the seat has not
/// seen. In the order listed.
pub fn split_values<'a>(game: &Game, seat: usize, legal: &'a [Action]) -> Vec<(&'a Action, f64)> {
    let deck = game.deck();
    let year = game.year();
    let mean: Vec<f64> = unseen_by_pile(game, seat)
        .iter()
        .map(|cards| {
            if cards.is_empty() {
                0.0
            } else {
                cards
                    .iter()
                    .map(|&d| design_value(deck, d, year))
                    .sum::<f64>()
                    / cards.len() as f64
            }
        })
        .collect();
    legal
        .iter()
        .filter_map(|a| match a {
            Action::Draw { split } => Some((
                a,
                split.iter().zip(&mean).map(|(&n, &m)| n as f64 * m).sum(),
            )),
            _ => None,
        })
        .collect()
}

/// The listed actions about the seat's own state (the revealed card, an Equipment offer, income
/// Water): every one but the next pick (a selection, a 2-player pick, a draw).
pub fn settling(legal: &[Action]) -> Vec<Action> {
    legal
        .iter()
        .filter(|a| {
            !matches!(
                a,
                Action::Select { .. } | Action::Pick { .. } | Action::Draw { .. }
            )
        })
        .cloned()
        .collect()
}

/// True for the actions that use a revealed card without building it: a Water Tower or a Silo
/// in its place, the market, a restore (ruling 8, B to E). The card is discarded, so the seat's farm and
/// stores after one of them are the same whichever card was revealed, and so is its evaluation.
fn card_free(a: &Action) -> bool {
    matches!(
        a,
        Action::WaterTower { .. }
            | Action::Silo { .. }
            | Action::Market { .. }
            | Action::Restore { .. }
    )
}

/// [`HeuristicBot::card_value`] of several cards of one seat in one game (a pick compares a
/// whole hand): each card's best action is found as there, but the actions that do not depend
/// on the card ([`card_free`]: a Water Tower or Silo on each space, the market) are played and
/// evaluated once, for the first card that lists them, instead of once per card, which was most
/// of a pick's cost. The values are the same as `card_value`'s.
pub struct CardValues<'a> {
    bot: &'a HeuristicBot,
    game: &'a Game,
    seat: usize,
    /// Each card-free action tried so far, with its evaluation (None when it did not apply).
    known: std::collections::HashMap<
        Action,
        Option<f64>,
        std::hash::BuildHasherDefault<super::FastHasher>,
    >,
}

impl<'a> CardValues<'a> {
    pub fn new(bot: &'a HeuristicBot, game: &'a Game, seat: usize) -> CardValues<'a> {
        CardValues {
            bot,
            game,
            seat,
            known: Default::default(),
        }
    }

    /// What `card` is worth to the seat ([`HeuristicBot::card_value`]).
    pub fn of(&mut self, card: &str) -> f64 {
        let seat = self.seat;
        let Some(g) = determinize::with_revealed(self.game, seat, card) else {
            return f64::MIN;
        };
        let mut best = f64::MIN;
        // One scratch game, copied into for each action tried (its lists reused).
        let mut after: Option<Game> = None;
        for a in g.legal_actions(seat) {
            if matches!(a, Action::Select { .. } | Action::Pick { .. }) {
                continue;
            }
            let free = card_free(&a);
            let value = match self.known.get(&a) {
                Some(&v) if free => v,
                _ => {
                    let after = match &mut after {
                        Some(scratch) => {
                            scratch.clone_from(&g);
                            scratch
                        }
                        None => after.insert(g.clone()),
                    };
                    let v = after
                        .apply_quiet(seat, &a)
                        .ok()
                        .map(|()| self.bot.eval(after, seat));
                    if free {
                        self.known.insert(a, v);
                    }
                    v
                }
            };
            // The best action's value, as `best_after` finds it (the first of equal values
            // wins there, which changes nothing here: only the value is kept).
            if let Some(v) = value
                && v > best
            {
                best = v;
            }
        }
        best
    }
}

/// The designs (one entry per copy) the seat has not seen, by pile: the whole deck minus every
/// farm, the discard, the face-up row, the revealed cards and the seat's own hand and selection.
/// Public information only.
pub fn unseen_by_pile(game: &Game, seat: usize) -> [Vec<DesignIdx>; 4] {
    let deck = game.deck();
    let s = game.state();
    let mut left: Vec<i32> = deck.locations.iter().map(|d| d.copies as i32).collect();
    let mut see = |d: DesignIdx| left[d as usize] -= 1;
    for p in &s.players {
        for c in &p.farm.cells {
            if let crate::fields_of_green::farm::CellCard::Location(d) = c.card {
                see(d);
            }
        }
        if let Some(d) = p.revealed {
            see(d);
        }
    }
    for &d in s.discard.iter().chain(&s.row) {
        see(d);
    }
    let me = &s.players[seat];
    for &d in me.hand.iter().chain(&me.selected) {
        see(d);
    }
    let mut out: [Vec<DesignIdx>; 4] = Default::default();
    for (d, &n) in left.iter().enumerate() {
        for _ in 0..n.max(0) {
            out[deck.locations[d].pile.index()].push(d as DesignIdx);
        }
    }
    out
}

/// A rough value of a design for a typical farm in `year`, in VP: printed VP, plus its ability
/// (a Harvest ability's gains minus costs per harvest left, a Game End ability as if it counted
/// two cards, an Immediate one's gains, an Ongoing one a flat 1.5), minus its coin cost (a third
/// of a VP per coin).
pub fn design_value(deck: &Deck, d: DesignIdx, year: u8) -> f64 {
    let def = deck.location(d);
    let guess = |a: &Amount| -> f64 {
        let n = a.base as f64
            + if a.count.is_some() {
                2.0 * a.per as f64 / a.every.max(1) as f64
            } else {
                0.0
            };
        match a.max {
            Some(m) => n.min(m as f64).max(0.0),
            None => n.max(0.0),
        }
    };
    let gains = |effects: &[Effect]| -> f64 {
        effects
            .iter()
            .map(|e| match e {
                Effect::Gain { gain, .. } => {
                    guess(&gain.vp) + guess(&gain.coins) / 3.0 + guess(&gain.food) / 2.0
                }
                Effect::Refill { water, .. } => *water as f64 / 3.0,
                Effect::Equipment { count, .. } => *count as f64 * eval::OFFER_VP * 0.7,
                Effect::Repeat { max, gain, pay } => {
                    let each = guess(&gain.coins) / 3.0 + guess(&gain.food) / 2.0 + guess(&gain.vp)
                        - guess(&pay.coins) / 3.0
                        - guess(&pay.food) / 2.0
                        - guess(&pay.water) / 3.0;
                    (each.max(0.0)) * (*max as f64) * 0.5
                }
            })
            .sum()
    };
    let harvests_left = (5 - year.min(4)) as f64;
    let ability = match &def.ability {
        None => 0.0,
        Some(a) => match a.timing {
            Timing::Harvest => {
                let cost = guess(&a.cost.coins) / 3.0
                    + guess(&a.cost.food) / 2.0
                    + guess(&a.cost.water) / 3.0;
                (gains(&a.effects) - cost).max(0.0) * harvests_left
            }
            Timing::GameEnd => gains(&a.effects),
            Timing::Immediate => gains(&a.effects),
            Timing::Ongoing => 1.5,
        },
    };
    let cost =
        guess(&def.cost.coins) / 3.0 + guess(&def.cost.water) / 3.0 + guess(&def.cost.food) / 2.0;
    def.vp as f64 + ability - cost
}
