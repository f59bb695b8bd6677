//! The search bot: determinized Monte Carlo rollouts.
//!
//! For a decision worth searching (a draft or row pick, the revealed card's action, an Equipment
//! choice, the pile split) the bot takes the heuristic bot's best candidates, then spends its
//! budget of rollouts on them by successive halving. A rollout: a complete game sampled from the
//! seat's view ([`determinize::sample`]: other hands from the unseen cards, piles and the
//! Equipment stack shuffled; rollout k uses the same sample for every candidate, so candidates are
//! compared on the same worlds), the candidate applied, then every seat played by the rollout
//! policy until the end of the year's harvest (or the game) or the horizon, and the result scored
//! as the seat's projected final score minus the best other seat's ([`eval::project`]). The
//! candidate with the best mean margin wins if it beats the heuristic's own choice clearly (see
//! [`TRUST_HEURISTIC`](crate::halving::TRUST_HEURISTIC)); otherwise the heuristic's choice stands.
//!
//! The rollout policy ([`RolloutPolicy`]) is by default the heuristic bot itself, for every seat:
//! each seat in the sampled world does what the heuristic bot would do there. That costs far more
//! per rollout than the cheap policy ([`Rollout`]) the bot used before, so it plays far fewer
//! rollouts, but it measured much stronger (README, "Benchmarks"): a rollout is worth what its
//! play is worth, and the cheap policy's card placements misjudged the candidates.
//!
//! Harvests use the exact planner directly; single-choice decisions and income Water placements
//! use the heuristic. The bot is deterministic given its random stream.

use super::heuristic::{self, HeuristicBot};
use super::{Bot, BotSpec, determinize, eval, planner};
use crate::fields_of_green::action::Action;
use crate::fields_of_green::cards::Deck;
use crate::fields_of_green::effects::Timing;
use crate::fields_of_green::farm::Pos;
use crate::fields_of_green::game::{Game, Phase, eval as game_eval};
use crate::fields_of_green::view::PlayerView;
use crate::halving::{Halving, successive_halving};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

/// Rounds of picks a rollout plays after the candidate, by default.
pub const DEFAULT_HORIZON: u32 = 2;
/// Candidate actions compared, by default.
pub const DEFAULT_CANDIDATES: u32 = 6;
/// Cards a rollout's pick compares by their best action (the rest are cut by static value).
pub const ROLLOUT_PICKS: usize = 3;

/// How a rollout plays every seat after the candidate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RolloutPolicy {
    /// The heuristic bot's own choice for every seat (the default).
    Heuristic,
    /// The cheap policy of [`Rollout`]: about ten times as many rollouts per second, weaker.
    Quick,
}

/// The search bot with a budget of rollouts per decision.
#[derive(Clone, Debug)]
pub struct SearchBot {
    pub rollouts: u32,
    /// Rounds of picks (every seat picks once per round) a rollout plays after the candidate
    /// before the evaluation takes over (it stops at the end of the year's harvest anyway).
    pub horizon: u32,
    /// Candidates kept from the heuristic's ranking.
    pub candidates: usize,
    pub policy: RolloutPolicy,
    heuristic: HeuristicBot,
}

impl SearchBot {
    pub fn new(rollouts: u32) -> SearchBot {
        SearchBot::with(
            rollouts,
            DEFAULT_HORIZON,
            DEFAULT_CANDIDATES,
            RolloutPolicy::Heuristic,
        )
    }

    pub fn with(rollouts: u32, horizon: u32, candidates: u32, policy: RolloutPolicy) -> SearchBot {
        SearchBot {
            rollouts,
            horizon,
            candidates: candidates.max(1) as usize,
            policy,
            heuristic: HeuristicBot::default(),
        }
    }
}

impl Bot for SearchBot {
    fn name(&self) -> String {
        BotSpec::Search {
            rollouts: self.rollouts,
            horizon: self.horizon,
            candidates: self.candidates as u32,
            quick: self.policy == RolloutPolicy::Quick,
        }
        .to_string()
    }

    fn decide(&mut self, view: &PlayerView, deck: &Arc<Deck>, rng: &mut ChaCha8Rng) -> Action {
        if let Some(a) = planner::harvest_step(deck, view) {
            return a;
        }
        if view.legal.len() == 1 {
            return view.legal[0].clone();
        }
        // The rollouts evaluate the same farms over and over: remember them for this decision.
        let _memo = eval::MemoScope::enter();
        let seat = view.seat;
        let Some(game) = determinize::sample(deck, view, rng) else {
            return view.legal[0].clone();
        };
        let candidates = self.candidates(&game, seat, &view.legal);
        if candidates.len() <= 1 {
            return candidates
                .into_iter()
                .next()
                .unwrap_or_else(|| self.heuristic.choose(&game, seat, &view.legal));
        }
        // One seed per rollout index: the same worlds for every candidate.
        let players = view.table.players;
        let seeds: Vec<u64> = (0..self.budget(players, view.table.year))
            .map(|_| rng.random())
            .collect();
        let play = self.playout(deck, view);
        // At 3+ players the heuristic's choice stays in every round (see the function).
        successive_halving(
            &candidates,
            &seeds,
            Halving {
                min_worlds: 1,
                keep_heuristic: players >= 3,
            },
            |c, w| play.rollout(c, w),
        )
    }
}

impl SearchBot {
    /// The coach's ranking (issue 30): the candidates this bot compares for the seat now, each
    /// with its mean margin (projected final points over the best other seat) over the same
    /// `worlds` worlds sampled from the view. Unlike [`Bot::decide`] every candidate plays every
    /// world (no halving), so the estimates can be compared and quoted. `also` is added when it
    /// is not a candidate (a player's own choice, in a review). Best first. A decision the bot
    /// does not search (a harvest step, a single choice, income Water) gives its one choice, with
    /// no estimate worth quoting (margin 0).
    pub fn rank(
        &self,
        view: &PlayerView,
        deck: &Arc<Deck>,
        also: Option<&Action>,
        worlds: usize,
        rng: &mut ChaCha8Rng,
    ) -> Vec<(Action, f64)> {
        if let Some(a) = planner::harvest_step(deck, view) {
            return vec![(a, 0.0)];
        }
        if view.legal.len() == 1 {
            return vec![(view.legal[0].clone(), 0.0)];
        }
        // The rollouts evaluate the same farms over and over: remember them for this ranking.
        let _memo = eval::MemoScope::enter();
        let Some(game) = determinize::sample(deck, view, rng) else {
            return vec![(view.legal[0].clone(), 0.0)];
        };
        let mut candidates = self.candidates(&game, view.seat, &view.legal);
        if let Some(a) = also
            && !candidates.contains(a)
            && view.legal.contains(a)
        {
            candidates.push(a.clone());
        }
        if candidates.len() <= 1 {
            let only = candidates
                .into_iter()
                .next()
                .unwrap_or_else(|| self.heuristic.choose(&game, view.seat, &view.legal));
            return vec![(only, 0.0)];
        }
        let play = self.playout(deck, view);
        // Ties keep the heuristic's order (the candidates' order).
        crate::coach::ranked_by_rollouts(candidates, worlds, rng, |c, w| play.rollout(c, w))
    }
}

impl SearchBot {
    /// The rollouts of this bot's decisions for the seat of `view`.
    fn playout<'a>(&'a self, deck: &'a Arc<Deck>, view: &'a PlayerView) -> Playout<'a> {
        Playout {
            deck,
            view,
            horizon: self.horizon as usize,
            policy: self.policy,
            heuristic: &self.heuristic,
        }
    }

    /// Rollouts per decision at a table of `players` in `year`: `rollouts` at two players, fewer
    /// at more (`rollouts` x 2 / players, at least 1), as a rollout plays every seat and its cost
    /// grows with the table. At 3+ players that base is scaled by the year, x4, x2, x1.5 and x1 in
    /// years 1 to 4 (60, 30, 22 and 15 rollouts at four players): a decision gets dearer every
    /// year (the farms grow, and the evaluation plans their harvests), so the early years can
    /// afford more rollouts for the same time as the dearest decisions of year 4 (the dearest
    /// decision of a 4-player game measured 118, 262, 381 and 609 ms of CPU in years 1-4 with
    /// 15 rollouts). Measured at four players: BENCHMARKS.md, "fourth pass on issue 29".
    pub fn budget(&self, players: usize, year: u8) -> usize {
        let base = (self.rollouts as usize * 2 / players.max(2)).max(1);
        if players < 3 {
            return base;
        }
        // Scale by num / den.
        let (num, den) = match year {
            0 | 1 => (4, 1),
            2 => (2, 1),
            3 => (3, 2),
            _ => (1, 1),
        };
        (base * num / den).max(1)
    }

    /// The actions worth comparing, best first by the heuristic: every card for a pick, the
    /// heuristic's best few for the revealed card, an Equipment offer or the split; nothing to
    /// search (one candidate: the heuristic's choice) for income Water.
    fn candidates(&self, game: &Game, seat: usize, legal: &[Action]) -> Vec<Action> {
        let h = &self.heuristic;
        let offer = !game.state().players[seat].offer.is_empty();
        let now = heuristic::settling(legal);
        if !offer && now.iter().all(|a| matches!(a, Action::PlaceWater { .. })) && !now.is_empty() {
            return vec![h.choose(game, seat, legal)];
        }
        if !now.is_empty() {
            let mut scored: Vec<(Action, f64)> = now
                .into_iter()
                .filter_map(|a| {
                    let mut g = game.clone();
                    g.apply_quiet(seat, &a).ok()?;
                    Some((a, h.eval(&g, seat)))
                })
                .collect();
            scored.sort_by(|x, y| y.1.total_cmp(&x.1));
            return scored
                .into_iter()
                .take(self.candidates)
                .map(|x| x.0)
                .collect();
        }
        let picks: Vec<Action> = legal
            .iter()
            .filter(|a| matches!(a, Action::Select { .. } | Action::Pick { .. }))
            .cloned()
            .collect();
        if !picks.is_empty() {
            let mut values = heuristic::CardValues::new(h, game, seat);
            let mut scored: Vec<(Action, f64)> = picks
                .into_iter()
                .map(|a| {
                    let v = match &a {
                        Action::Select { card } | Action::Pick { card } => values.of(card),
                        _ => 0.0,
                    };
                    (a, v)
                })
                .collect();
            scored.sort_by(|x, y| y.1.total_cmp(&x.1));
            return scored.into_iter().map(|x| x.0).collect();
        }
        // The split: the heuristic's best few.
        let mut splits: Vec<(Action, f64)> = heuristic::split_values(game, seat, legal)
            .into_iter()
            .map(|(a, v)| (a.clone(), v))
            .collect();
        splits.sort_by(|x, y| y.1.total_cmp(&x.1));
        splits.into_iter().take(4).map(|x| x.0).collect()
    }
}

/// What a rollout needs besides its candidate and world.
struct Playout<'a> {
    deck: &'a Arc<Deck>,
    view: &'a PlayerView,
    horizon: usize,
    policy: RolloutPolicy,
    heuristic: &'a HeuristicBot,
}

impl Playout<'_> {
    /// One rollout: the world of `seed`, `action` applied, the policy until the year's harvest
    /// is over or the horizon is reached; the seat's projected margin over the best other seat.
    /// None if the action does not apply in that world (it always should: it concerns visible
    /// state).
    fn rollout(&self, action: &Action, seed: u64) -> Option<f64> {
        let seat = self.view.seat;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut game = determinize::sample(self.deck, self.view, &mut rng)?;
        game.apply_quiet(seat, action).ok()?;
        let year = game.year();
        let quick = Rollout::new();
        let players = game.players();
        let mut steps = 0;
        let mut picks = 0;
        while !game.is_over() && game.year() == year {
            let Some(&s) = game.waiting_for().first() else {
                break;
            };
            let a = match self.policy {
                RolloutPolicy::Heuristic => {
                    let legal = game.legal_actions(s);
                    self.heuristic.choose(&game, s, &legal)
                }
                RolloutPolicy::Quick => quick.act(&game, s, &mut rng),
            };
            if matches!(a, Action::Select { .. } | Action::Pick { .. }) {
                picks += 1;
                // The horizon: `horizon` more rounds of picks, then the evaluation takes over.
                if picks > self.horizon * players {
                    break;
                }
            }
            if game.apply_quiet(s, &a).is_err() {
                // Never expected; fall back to the first listed action.
                let first = game.legal_actions(s).into_iter().next()?;
                game.apply_quiet(s, &first).ok()?;
            }
            steps += 1;
            if steps > 2_000 {
                break;
            }
        }
        let mine = eval::project(&game, seat);
        let best_other = (0..players)
            .filter(|&s| s != seat)
            .map(|s| eval::project(&game, s))
            .fold(f64::MIN, f64::max);
        Some(mine - best_other)
    }
}

/// The cheap rollout policy ([`RolloutPolicy::Quick`]): the exact planner for harvests; picks by
/// a static card value (made a little noisy, so rollouts differ); for the revealed card, the best of a few actions by
/// the quick evaluation (building it on its best spaces by Water reach and neighbours, a Water
/// Tower, a Silo, the market); the heuristic's split; Equipment and income Water by the quick
/// evaluation.
pub struct Rollout {
    quick: HeuristicBot,
}

impl Default for Rollout {
    fn default() -> Self {
        Rollout::new()
    }
}

impl Rollout {
    pub fn new() -> Rollout {
        Rollout {
            quick: HeuristicBot { exact: false },
        }
    }

    pub fn act(&self, game: &Game, seat: usize, rng: &mut ChaCha8Rng) -> Action {
        let legal = game.legal_actions(seat);
        if legal.len() == 1 {
            return legal[0].clone();
        }
        let p = &game.state().players[seat];
        if !p.offer.is_empty() || legal.iter().all(|a| matches!(a, Action::PlaceWater { .. })) {
            return self
                .quick
                .best_after(game, seat, &legal)
                .map_or_else(|| legal[0].clone(), |x| x.0);
        }
        if game.phase() == &Phase::Harvest {
            let plan = planner::plan_game(game, seat, 2_000);
            return plan
                .actions
                .into_iter()
                .next()
                .unwrap_or(Action::EndHarvest);
        }
        if legal.iter().any(|a| matches!(a, Action::Draw { .. })) {
            return self.quick.choose_split(game, seat, &legal);
        }
        if p.revealed.is_some() {
            return self.card_action(game, seat, &legal);
        }
        // A pick: the few cards of most static value ([`heuristic::design_value`]), each valued
        // by its best action on a short list, a little noise added so rollouts differ. Valuing
        // every card this way was most of a rollout's cost; the cut buys more rollouts.
        let year = game.year();
        let deck = game.deck();
        let mut cards: Vec<(&Action, &str, f64)> = legal
            .iter()
            .filter_map(|a| match a {
                Action::Select { card } | Action::Pick { card } => {
                    let d = deck.location_by_id(card)?;
                    Some((a, card.as_str(), heuristic::design_value(deck, d, year)))
                }
                _ => None,
            })
            .collect();
        // Stable: ties keep the engine's order.
        cards.sort_by(|x, y| y.2.total_cmp(&x.2));
        cards.truncate(ROLLOUT_PICKS);
        let mut best: Option<(&Action, f64)> = None;
        for (a, card, _) in cards {
            let Some(g) = determinize::with_revealed(game, seat, card) else {
                continue;
            };
            let options = g.legal_actions(seat);
            let short = self.short_list(&g, seat, &options, 1);
            let v = self
                .quick
                .best_after(&g, seat, &short)
                .map_or(f64::MIN, |x| x.1)
                + rng.random_range(0.0..0.3);
            if best.is_none_or(|b| v > b.1) {
                best = Some((a, v));
            }
        }
        best.map_or_else(|| legal[0].clone(), |b| b.0.clone())
    }

    /// The revealed card's action: a short list tried with the quick evaluation.
    fn card_action(&self, game: &Game, seat: usize, legal: &[Action]) -> Action {
        let short = self.short_list(game, seat, legal, 2);
        self.quick
            .best_after(game, seat, &short)
            .map_or_else(|| legal[0].clone(), |x| x.0)
    }

    /// A few of the revealed card's actions worth trying: building it on its best `spaces`
    /// spaces (Water reach for a Harvest Field, then neighbours), a Water Tower and a Silo on the
    /// most connected space, the market, a restore.
    fn short_list(&self, game: &Game, seat: usize, legal: &[Action], spaces: usize) -> Vec<Action> {
        let deck = game.deck();
        let p = &game.state().players[seat];
        let farm = &p.farm;
        let d = p.revealed.expect("checked by the caller");
        let needs_water = deck.location(d).ability.as_ref().is_some_and(|a| {
            a.timing == Timing::Harvest && (!a.cost.water.is_fixed() || a.cost.water.base > 0)
        });
        let space_score = |pos: Pos| -> i64 {
            let near = farm.cells.iter().filter(|c| c.pos.is_adjacent(pos)).count() as i64;
            let wet = if needs_water {
                game_eval::water_sources(deck, farm, pos).len() as i64 * 10
            } else {
                0
            };
            wet + near
        };
        let mut short: Vec<Action> = Vec::new();
        let mut builds: Vec<(&Action, i64)> = legal
            .iter()
            .filter_map(|a| match a {
                Action::Build { pos, .. } => Some((a, space_score(*pos))),
                _ => None,
            })
            .collect();
        builds.sort_by_key(|x| std::cmp::Reverse(x.1));
        short.extend(builds.iter().take(spaces).map(|x| x.0.clone()));
        for kind in [0, 1] {
            let mut best: Option<(&Action, i64)> = None;
            for a in legal {
                let pos = match (kind, a) {
                    (0, Action::WaterTower { pos, equipment }) if equipment.is_empty() => *pos,
                    (1, Action::Silo { pos, equipment }) if equipment.is_empty() => *pos,
                    _ => continue,
                };
                let v = farm.cells.iter().filter(|c| c.pos.is_adjacent(pos)).count() as i64;
                if best.is_none_or(|b| v > b.1) {
                    best = Some((a, v));
                }
            }
            if let Some(b) = best {
                short.push(b.0.clone());
            }
        }
        short.extend(
            legal
                .iter()
                .filter(|a| matches!(a, Action::Market { .. } | Action::Restore { .. }))
                .cloned(),
        );
        short
    }
}
