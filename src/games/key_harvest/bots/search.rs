//! The search bot: determinized rollouts played by the heuristic bot, as Fields of Green's
//! search bot does it (a rollout is worth what its play is worth).
//!
//! On its turn prompt (an action (a)-(d) or ending the turn) the bot lists the heuristic's
//! candidates ([`heuristic::ranked`], widened with the runners-up of each choice), keeps the
//! best few, and spends its rollouts on them by successive halving. A rollout: a game rebuilt
//! from the seat's view with the hidden parts drawn at random ([`determinize::sample`]: the
//! other seats' starting counters, the removed events, the bag's order; rollout k uses the same
//! world for every candidate, so candidates are compared on the same worlds), the candidate
//! applied, then every seat played by the heuristic bot for `horizon` rounds of turns (or to the
//! end), scored as the seat's total (KH 64-66, counted as if the game ended there, plus a little
//! for counters and unharvested tiles) minus the best other seat's. The candidate with the best
//! mean wins if it beats the heuristic's own choice clearly (see [`TRUST_HEURISTIC`](crate::halving::TRUST_HEURISTIC)); otherwise
//! the heuristic's choice stands.
//!
//! Every other decision (inside a chain, an ability, an event) goes to the heuristic: the view
//! does not show enough to rebuild those positions, and they matter less. The bot never reads
//! another seat's hidden counters: it sees only its [`PlayerView`]. It is deterministic given
//! its random stream.

use super::super::action::Action;
use super::super::board::Board;
use super::super::game::{Game, Prompt};
use super::super::legal::{Choice, ListingMemo};
use super::super::pieces::Seat;
use super::super::view::PlayerView;
use super::heuristic::{self, HeuristicBot, SeatSight};
use super::random::random_choice;
use super::{Bot, determinize};
use crate::halving::{Halving, successive_halving};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

/// Rollouts per decision at two players, by default.
pub const DEFAULT_ROLLOUTS: u32 = 64;
/// Rounds of turns (every seat once) a rollout plays after the candidate, by default.
pub const DEFAULT_HORIZON: u32 = 3;
/// Candidates compared, by default.
pub const DEFAULT_CANDIDATES: usize = 6;
/// What a counter in the supply adds to the evaluation at the horizon (it buys tiles), and an
/// unharvested tile (a counter to come).
const COUNTER: f64 = 0.3;
const UNHARVESTED: f64 = 0.25;

/// The search bot with a budget of rollouts per decision.
#[derive(Clone, Debug)]
pub struct SearchBot {
    pub rollouts: u32,
    pub horizon: u32,
    pub candidates: usize,
    name: String,
}

impl Default for SearchBot {
    fn default() -> Self {
        SearchBot::new(DEFAULT_ROLLOUTS)
    }
}

impl SearchBot {
    pub fn new(rollouts: u32) -> SearchBot {
        SearchBot::with(rollouts, DEFAULT_HORIZON, DEFAULT_CANDIDATES)
    }

    pub fn with(rollouts: u32, horizon: u32, candidates: usize) -> SearchBot {
        let name = if (rollouts, horizon, candidates)
            == (DEFAULT_ROLLOUTS, DEFAULT_HORIZON, DEFAULT_CANDIDATES)
        {
            "search".to_string()
        } else {
            format!("search:{rollouts}:{horizon}:{candidates}")
        };
        SearchBot {
            rollouts: rollouts.max(1),
            horizon: horizon.max(1),
            candidates: candidates.max(1),
            name,
        }
    }

    /// `search`, `search:N` (N rollouts), `search:N:H` (H rounds of horizon) or
    /// `search:N:H:C` (C candidates).
    pub fn parse(name: &str) -> Option<SearchBot> {
        let mut parts = name.split(':');
        if parts.next()? != "search" {
            return None;
        }
        let mut nums = [DEFAULT_ROLLOUTS, DEFAULT_HORIZON, DEFAULT_CANDIDATES as u32];
        for slot in nums.iter_mut() {
            match parts.next() {
                Some(p) => *slot = p.parse().ok().filter(|&n| n >= 1)?,
                None => break,
            }
        }
        if parts.next().is_some() {
            return None;
        }
        Some(SearchBot::with(nums[0], nums[1], nums[2] as usize))
    }

    /// Rollouts per decision at a table of `players`: `rollouts` x 2 / players (a rollout plays
    /// every seat, so this keeps a decision's time about the same at every table).
    pub fn budget(&self, players: u8) -> usize {
        (self.rollouts as usize * 2 / players.max(2) as usize).max(2)
    }

    /// The actions a turn's search compares: the heuristic's own choice `own` first, then the
    /// heuristic's next best up to `candidates` in all, and ending the turn when it is legal.
    fn candidate_actions(&self, board: &Arc<Board>, view: &PlayerView, own: Action) -> Vec<Action> {
        let mut candidates = vec![own];
        for (a, _) in heuristic::ranked(board, view) {
            if candidates.len() >= self.candidates {
                break;
            }
            if !candidates.contains(&a) {
                candidates.push(a);
            }
        }
        if view.legal.iter().any(|c| matches!(c, Choice::EndTurn))
            && !candidates.contains(&Action::EndTurn)
        {
            candidates.push(Action::EndTurn);
        }
        candidates
    }
}

impl SearchBot {
    /// The coach's ranking (issue 30): the candidates this bot compares on its turn prompt, each
    /// with its mean margin (the seat's evaluation over the best other seat's) over the same
    /// `worlds` worlds sampled from the view; every candidate plays every world, so the estimates
    /// compare. `also` is added when it is not a candidate (a player's own choice, in a review).
    /// Best first. Any other decision gives the heuristic's one choice with margin 0.
    pub fn rank(
        &self,
        board: &Board,
        view: &PlayerView,
        also: Option<&Action>,
        worlds: usize,
        rng: &mut ChaCha8Rng,
    ) -> Vec<(Action, f64)> {
        let own = HeuristicBot.decide(board, view, rng);
        let on_turn = matches!(view.public.prompt, Some((s, Prompt::Turn)) if s == view.seat);
        if !on_turn || view.legal.len() <= 1 {
            return vec![(own, 0.0)];
        }
        let board = Arc::new(board.clone());
        let mut candidates = self.candidate_actions(&board, view, own);
        if let Some(a) = also
            && !candidates.contains(a)
        {
            candidates.push(a.clone());
        }
        let play = Playout {
            board: &board,
            view,
            horizon: self.horizon,
        };
        crate::coach::ranked_by_rollouts(candidates, worlds, rng, |c, w| play.rollout(c, w))
    }
}

/// The seat's evaluation with everything revealed, as the search bot's rollouts count it at
/// their horizon: its score now plus a little per counter and unharvested tile (the coach's
/// chart, issue 30).
pub fn projection(game: &Game) -> Vec<f64> {
    let pad = match game.score_pad() {
        Some(p) => p.clone(),
        None => game.compute_pad(),
    };
    let mut lines: Vec<_> = pad.lines.iter().collect();
    lines.sort_by_key(|l| l.seat);
    let over = game.is_over();
    lines
        .iter()
        .map(|l| {
            let mut v = l.total as f64;
            if !over {
                let p = &game.s.players[l.seat as usize];
                v += p.supply.total() as f64 * COUNTER
                    + p.unharvested().count_ones() as f64 * UNHARVESTED;
            }
            v
        })
        .collect()
}

impl Bot for SearchBot {
    fn name(&self) -> &str {
        &self.name
    }

    fn decide(&mut self, board: &Board, view: &PlayerView, rng: &mut ChaCha8Rng) -> Action {
        let own = HeuristicBot.decide(board, view, rng);
        let on_turn = matches!(view.public.prompt, Some((s, Prompt::Turn)) if s == view.seat);
        if !on_turn || view.legal.len() <= 1 {
            return own;
        }
        let board = Arc::new(board.clone());
        let candidates = self.candidate_actions(&board, view, own.clone());
        if candidates.len() <= 1 {
            return own;
        }
        // One seed per rollout index: the same worlds for every candidate.
        let seeds: Vec<u64> = (0..self.budget(view.public.players))
            .map(|_| rng.random())
            .collect();
        let play = Playout {
            board: &board,
            view,
            horizon: self.horizon,
        };
        successive_halving(
            &candidates,
            &seeds,
            Halving {
                min_worlds: 2,
                keep_heuristic: false,
            },
            |c, w| play.rollout(c, w),
        )
    }
}

/// What a rollout needs besides its candidate and world.
struct Playout<'a> {
    board: &'a Arc<Board>,
    view: &'a PlayerView,
    horizon: u32,
}

impl Playout<'_> {
    /// One rollout (see the module comment); None if the candidate does not apply in the world
    /// (never expected: it concerns only what the seat sees).
    fn rollout(&self, action: &Action, seed: u64) -> Option<f64> {
        let seat = self.view.seat;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut game = determinize::sample(self.board, self.view, &mut rng)?;
        game.apply_quiet(seat, action).ok()?;
        let players = game.players() as u32;
        let stop = self.view.public.turn + self.horizon * players;
        let mut steps = 0;
        // One list of choices for every decision, and the listing's memo of each seat's groups
        // and worker spaces (the same list as listing afresh, with less work).
        let mut legal = Vec::new();
        let mut memo = ListingMemo::default();
        while let Some(s) = game.to_move() {
            if game.s.turn.number >= stop && game.s.stack.is_empty() {
                break;
            }
            // The heuristic reads the game from the seat (what its view would show) rather
            // than a built view: building one on every decision was most of a rollout's time.
            game.legal_actions_memo(s, &mut legal, &mut memo);
            let a = heuristic::decide(
                self.board,
                &SeatSight {
                    game: &game,
                    seat: s,
                    legal: &legal,
                },
            );
            // A rollout reads no event: none is made. A refused action leaves the game as it was
            // (error.rs), so the supply and stock read after it are the ones the choice was made on.
            if game.apply_quiet(s, &a).is_err() {
                let a = random_choice(
                    &legal,
                    game.s.players[s as usize].supply,
                    game.s.stock,
                    &mut rng,
                );
                game.apply_quiet(s, &a).ok()?;
            }
            steps += 1;
            if steps > 5_000 {
                break;
            }
        }
        Some(margin(&game, seat))
    }
}

/// The seat's evaluation minus the best other seat's.
fn margin(game: &Game, seat: Seat) -> f64 {
    let pad = match game.score_pad() {
        Some(p) => p.clone(),
        None => game.compute_pad(),
    };
    let over = game.is_over();
    let value = |i: usize| {
        let l = &pad.lines[i];
        let mut v = l.total as f64;
        if over {
            // The tie-breaks (KH 67), as fractions of a point.
            v += l.field_tiles as f64 * 0.01 + l.counters as f64 * 0.0001;
        } else {
            let p = &game.s.players[i];
            v += p.supply.total() as f64 * COUNTER
                + p.unharvested().count_ones() as f64 * UNHARVESTED;
        }
        v
    };
    let mine = value(seat as usize);
    let best_other = (0..pad.lines.len())
        .filter(|&i| i != seat as usize)
        .map(value)
        .fold(f64::MIN, f64::max);
    mine - best_other
}
