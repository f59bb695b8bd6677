//! The coach (issue 30), for any game: a hint for a seat now, and the review of a finished game.
//!
//! Both ask the game's strong bot through [`Engine::coach_rank`], which sees only the seat's
//! view. A hint's random stream is seeded from that view itself, so the same view always gives
//! the same hint, whatever the other seats hold. The review replays a finished game's actions
//! and, at each decision where the bot compared choices, prices the player's choice against the
//! bot's best from the view the player had; its chart is each seat's expected final score after
//! every turn ([`forecast`]: the rest of the game played out by the game's heuristic bot in every
//! seat), so it starts near where a game of bots would end and ends at the final scores.
//!
//! Pure, like the engines: no clock, no I/O. The words (what an action was, in a language) are
//! the caller's, through a closure, because only the per-game layers above know how to say them.

use super::Engine;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

/// Worlds a hint's candidates are each played on, at two players; fewer at more (a rollout
/// plays every seat, so a hint costs about the same at every table). The aim is a p99 under 2 s
/// on one core: `farmhand bench coach` on a release build, idle, measured Fields of Green's
/// 4-player p99 at 1.58 s and Key Harvest's at 4 ms (docs/BENCHMARKS.md); lower this if a change
/// of the bots pushes it over.
pub const HINT_WORLDS: usize = 16;
/// Worlds per candidate at each decision of a review, at two players (fewer at more): a review
/// ranks every decision of every seat, so it spends less on each than a hint. Issue 43 asks a
/// four-player Fields of Green review to take at most 10 s on one core: with 6 (3 worlds at four
/// players) it took 11.3 s before its chart became a forecast, so 4 (2 worlds at three to six
/// players, 4 at two). The bots' speed-ups of stop 51 (the same choices, faster) then brought
/// README's demo game's review from 22 s to under 4 s; the figures are in docs/BENCHMARKS.md.
pub const REVIEW_WORLDS: usize = 4;
/// Decisions of each seat a review keeps (the costliest).
pub const KEPT: usize = 3;
/// The bot that plays every seat out in a [`forecast`]: both games have it, and it plays a
/// whole game in a fraction of a second (the strong bot would take minutes).
pub const FORECAST_BOT: &str = "heuristic";
/// Actions a forecast plays at most before it gives up (a whole game is a few hundred).
pub(crate) const FORECAST_STEPS: usize = 5_000;

/// Worlds at a table of `players`, from a two-player budget.
pub fn worlds(budget: usize, players: usize) -> usize {
    (budget * 2 / players.max(2)).max(2)
}

/// `candidates` ranked by their mean rollout result over `worlds` sampled worlds, best first:
/// the part of each search bot's `rank` (what [`Engine::coach_rank`] calls) that does not
/// depend on the game. `rollout(candidate, world seed)` plays one candidate out in one world and
/// gives its result, or None when that world cannot be played; a candidate no world could play
/// ranks last. The sort is stable, so ties keep the candidates' order (the heuristic's).
pub fn ranked_by_rollouts<A>(
    candidates: Vec<A>,
    worlds: usize,
    rng: &mut ChaCha8Rng,
    rollout: impl Fn(&A, u64) -> Option<f64>,
) -> Vec<(A, f64)> {
    use rand::Rng;
    let seeds: Vec<u64> = (0..worlds.max(1)).map(|_| rng.random()).collect();
    let mut ranked: Vec<(A, f64)> = candidates
        .into_iter()
        .map(|c| {
            let (sum, n) = seeds
                .iter()
                .filter_map(|&w| rollout(&c, w))
                .fold((0.0, 0usize), |(s, n), m| (s + m, n + 1));
            let mean = if n == 0 { f64::MIN } else { sum / n as f64 };
            (c, mean)
        })
        .collect();
    ranked.sort_by(|x, y| y.1.total_cmp(&x.1));
    ranked
}

/// The strong bot's advice for a seat now.
#[derive(Clone, Debug, PartialEq)]
pub struct Hint<A> {
    pub best: A,
    /// The runner-up and how many points (final points over the best rival) the bot expects the
    /// best to be worth more than it; None when the bot had one sensible choice.
    pub runner_up: Option<(A, f64)>,
}

/// A seed from a seat's view: the same view, the same stream (FNV-1a). The bots' decisions on
/// Discord are seeded the same way ([`crate::bot_rng`]).
pub fn seed_of(view: &str) -> u64 {
    view.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The hint for `seat`, or None when the game does not wait for that seat. Computed from the
/// seat's view only: [`Engine::coach_rank`] sees nothing else, and the random stream is seeded
/// from the view.
pub fn hint<E: Engine>(game: &E, seat: usize) -> Option<Hint<E::Action>> {
    if game.is_over() || !game.waiting_for().contains(&seat) {
        return None;
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed_of(&game.player_view_json(seat)));
    let ranked = game.coach_rank(seat, None, worlds(HINT_WORLDS, game.players()), &mut rng);
    let mut it = ranked.into_iter();
    let (best, top) = it.next()?;
    let runner_up = it.next().map(|(a, v)| (a, (top - v).max(0.0)));
    Some(Hint { best, runner_up })
}

/// Each seat's expected final score, by seat, from `game` (issue 43; [`Engine::forecast`]'s
/// default): the game played on to its end with [`FORECAST_BOT`] in every seat, each seat
/// deciding from its own view (so the draws to come are the game's own, and no bot reads what
/// its seat cannot see), and the final scores of that playout; the final scores themselves once the game is over. `seed` seeds the bots'
/// random stream, so a review is the same on every run. Falls back to the engine's
/// [`Engine::projection`] if the playout cannot finish (never expected).
pub fn forecast<E: Engine>(game: &E, seed: u64) -> Vec<f64> {
    let mut g = game.clone();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..FORECAST_STEPS {
        if g.is_over() {
            break;
        }
        let Some(&seat) = g.waiting_for().first() else {
            break;
        };
        let Ok(action) = g.bot_action(seat, FORECAST_BOT, &mut rng) else {
            break;
        };
        if g.apply(seat, &action).is_err() {
            break;
        }
    }
    match g.results() {
        Some(results) => results.iter().map(|r| f64::from(r.score)).collect(),
        None => game.projection(),
    }
}

/// One decision a review priced: what the seat did, what the bot would have done, and the
/// points (final points over the best rival) the bot expects the difference to be worth.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Decision<W> {
    pub seat: usize,
    /// The turn (1-based): the chart's point the decision led to.
    pub turn: usize,
    pub cost: f64,
    /// The caller's words for it (what was done, what the bot would have done).
    pub words: W,
}

/// The review of a finished game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Review<W> {
    pub players: usize,
    /// Each seat's expected final score (by seat, [`forecast`]) at the start and after every
    /// turn ([`Engine::chapter`]); the last point is the final scores.
    pub curve: Vec<Vec<f64>>,
    /// For each point of `curve`, the first number of its [`Engine::chapter`] (Fields of
    /// Green's year, Key Harvest's round): the chart's ticks. Empty in a review stored before
    /// issue 43, whose curve was a running projection ([`Engine::projection`]), not a forecast.
    #[serde(default)]
    pub periods: Vec<u32>,
    /// Per seat, its [`KEPT`] costliest decisions, costliest first (fewer when it made fewer
    /// that cost anything).
    pub costliest: Vec<Vec<Decision<W>>>,
    /// Decisions priced (where the bot compared choices), for the figures.
    pub priced: usize,
}

/// Reviews the game that starts as `game` (just set up) and is played as `actions` (seat,
/// action). At each decision where the bot compares choices it ranks the seat's own choice with
/// its candidates, on `worlds(budget, players)` worlds from the seat's view; a choice priced below
/// the best costs the difference. `words(game before, seat, chosen, best)` says one decision in
/// the caller's words; it is called only for the decisions kept. `progress(game after, done,
/// total)` is told after each action. Fails when an action is refused (the log is not this
/// game's). The same as a [`Reviewer`] fed every action, then finished.
pub fn review<E: Engine, W>(
    game: E,
    actions: &[(usize, E::Action)],
    budget: usize,
    words: impl FnMut(&E, usize, &E::Action, &E::Action) -> W,
    mut progress: impl FnMut(&E, usize, usize),
) -> Result<Review<W>, String> {
    E::reviewing(|| {
        let mut reviewer = Reviewer::new(game, budget);
        for (i, (seat, action)) in actions.iter().enumerate() {
            reviewer.step(*seat, action)?;
            progress(reviewer.game(), i + 1, actions.len());
        }
        reviewer.finish(words)
    })
}

/// A decision kept for the review, with the game before it (its words are said at the end).
#[derive(Clone, Debug)]
struct Kept<E: Engine> {
    seat: usize,
    turn: usize,
    cost: f64,
    before: E,
    chosen: E::Action,
    best: E::Action,
}

/// A review made one action at a time (issue 43): the bot prices each decision as it is played,
/// so that when the game ends only its last few decisions are left to price. Each step depends
/// only on the game before it (every decision's random stream is seeded from the seat's view),
/// so a review fed the actions in several sittings is the same as one made at once.
#[derive(Clone, Debug)]
pub struct Reviewer<E: Engine> {
    game: E,
    players: usize,
    worlds: usize,
    curve: Vec<Vec<f64>>,
    chapter: (u32, u32),
    periods: Vec<u32>,
    /// Per seat, its [`KEPT`] costliest decisions so far, costliest first.
    kept: Vec<Vec<Kept<E>>>,
    priced: usize,
    steps: usize,
}

impl<E: Engine> Reviewer<E> {
    /// A review of the game that starts as `game` (just set up), with `budget` worlds at two
    /// players ([`REVIEW_WORLDS`]).
    pub fn new(game: E, budget: usize) -> Reviewer<E> {
        let players = game.players();
        let chapter = game.chapter();
        Reviewer {
            curve: vec![game.forecast(0)],
            periods: vec![chapter.0],
            chapter,
            worlds: worlds(budget, players),
            players,
            kept: (0..players).map(|_| Vec::new()).collect(),
            priced: 0,
            steps: 0,
            game,
        }
    }

    /// The game after the actions fed so far.
    pub fn game(&self) -> &E {
        &self.game
    }

    /// How many actions were fed.
    pub fn steps(&self) -> usize {
        self.steps
    }

    /// Prices `seat`'s `action` (the game's next), then plays it. Fails, changing nothing, when
    /// the action is refused.
    pub fn step(&mut self, seat: usize, action: &E::Action) -> Result<(), String> {
        let i = self.steps;
        if seat >= self.players {
            return Err(format!("action {i}: there is no seat {seat}"));
        }
        // A fixed stream per decision: the review of a game is the same on every run.
        let mut rng = ChaCha8Rng::seed_from_u64(seed_of(&self.game.player_view_json(seat)));
        let ranked = self
            .game
            .coach_rank(seat, Some(action), self.worlds, &mut rng);
        let mut priced = None;
        if ranked.len() > 1
            && let Some(mine) = ranked.iter().find(|(a, _)| a == action)
        {
            let (best, top) = &ranked[0];
            let cost = top - mine.1;
            let kept = (best != action && cost > 0.0).then(|| Kept {
                seat,
                turn: self.curve.len(),
                cost,
                before: self.game.clone(),
                chosen: action.clone(),
                best: best.clone(),
            });
            priced = Some(kept);
        }
        // A refused action changes nothing (the engine validates before it applies), and the
        // review neither.
        self.game
            .apply(seat, action)
            .map_err(|e| format!("action {i} (seat {seat}) was refused: {e}"))?;
        if let Some(kept) = priced {
            self.priced += 1;
            if let Some(k) = kept {
                let seat_kept = &mut self.kept[seat];
                seat_kept.push(k);
                seat_kept.sort_by(|a, b| b.cost.total_cmp(&a.cost).then(a.turn.cmp(&b.turn)));
                seat_kept.truncate(KEPT);
            }
        }
        self.steps += 1;
        let now = self.game.chapter();
        if now != self.chapter || self.game.is_over() {
            self.curve.push(self.game.forecast(self.curve.len() as u64));
            self.periods.push(now.0);
            self.chapter = now;
        }
        Ok(())
    }

    /// The review of the finished game, each kept decision said by `words(game before, seat,
    /// chosen, best)`. Fails when the game did not end.
    pub fn finish<W>(
        self,
        mut words: impl FnMut(&E, usize, &E::Action, &E::Action) -> W,
    ) -> Result<Review<W>, String> {
        if !self.game.is_over() {
            return Err("the game did not end: a review needs a finished game".to_string());
        }
        let costliest = self
            .kept
            .into_iter()
            .map(|seat| {
                seat.into_iter()
                    .map(|k| Decision {
                        seat: k.seat,
                        turn: k.turn,
                        cost: k.cost,
                        words: words(&k.before, k.seat, &k.chosen, &k.best),
                    })
                    .collect()
            })
            .collect();
        Ok(Review {
            players: self.players,
            curve: self.curve,
            periods: self.periods,
            costliest,
            priced: self.priced,
        })
    }
}
