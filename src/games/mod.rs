//! The games Farmhand hosts. Each game is a pure rules engine: no I/O, no clock, no async.
//!
//! [`Engine`] is the seam between a game and the host: everything the service, the store, the
//! reminders, the stand-in and bot seats, and the shared engine test harness need from a game,
//! and nothing about how a game is drawn (that is the Discord layer's, per game). A third game
//! implements this trait, gets a `game.kind` name, and the host stores, replays, reminds and
//! plays bots for it unchanged.

// The unit tests' `#[test]` (unit.rs says why): in every module, it shadows the built-in. It
// names the registry as `::farmhand_games::unit`, which in this crate is the crate itself.
#[cfg(test)]
#[macro_use]
extern crate farmhand_test_macro;
#[cfg(test)]
extern crate self as farmhand_games;

pub mod coach;
pub mod fields_of_green;
pub mod halving;
/// Hay Wagons, a game compiled only for the tests (issue 40): the proof that a third game plugs
/// into the host through the one list.
#[cfg(feature = "test-game")]
pub mod hay_wagons;
pub mod key_harvest;
pub mod stats;
mod toml_read;
#[cfg(test)]
pub mod unit;

use rand_chacha::ChaCha8Rng;
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::fmt::Debug;
use std::sync::Arc;

/// The longest piece of an error message shown to a user (one line).
pub const BRIEF: usize = 200;

/// The first line of `message`, at most [`BRIEF`] characters: an error may quote its input, and a
/// user's terminal or a Discord message must not receive a whole file.
pub fn brief(message: &str) -> String {
    let line = message.lines().next().unwrap_or("").trim_end();
    let mut out: String = line.chars().take(BRIEF).collect();
    if out.len() < line.len() || message.lines().skip(1).any(|l| !l.trim().is_empty()) {
        out.push_str(" ...");
    }
    out
}

/// A TOML error as one short line, `line L, column C: message`. toml's own display quotes the
/// whole offending line of the input under the message, which echoes a 600 KB line, or a
/// secret, back to the user.
pub fn toml_error(e: &toml::de::Error, text: &str) -> String {
    let lines: Vec<&str> = e
        .message()
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let message = brief(&lines.join("; "));
    match e.span() {
        Some(span) => {
            let before = text.get(..span.start).unwrap_or(text);
            let line = before.matches('\n').count() + 1;
            let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
            format!("line {line}, column {column}: {message}")
        }
        None => message,
    }
}

/// The random stream `bot` decides `seat`'s next move with: seeded from what that seat sees (its
/// view, as the coach's hint is) and the bot's name, never from the game's own seed or state.
/// So a decision cannot depend on anything hidden from the seat, not even through its random
/// stream (issue 44), and the same view gives the same stream: a bot restarted on the same game
/// decides the same way.
pub fn bot_rng<E: Engine>(game: &E, seat: usize, bot: &str) -> ChaCha8Rng {
    use rand::SeedableRng;
    let view = game.player_view_json(seat);
    let salt = bot.bytes().fold(coach::seed_of(&view), |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    ChaCha8Rng::seed_from_u64(salt)
}

/// The action `bot` takes for `seat` now, with [`bot_rng`]'s stream: what bot seats and the
/// stand-in play on Discord.
pub fn bot_decision<E: Engine>(game: &E, seat: usize, bot: &str) -> Result<E::Action, String> {
    let mut rng = bot_rng(game, seat, bot);
    game.bot_action(seat, bot, &mut rng)
}

/// What a table asks a game to set up: the seated players, the host's choices, the seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableSetup {
    pub players: usize,
    /// Fields of Green's introductory mode (ruling 5); other games ignore it.
    pub intro: bool,
    pub seed: u64,
}

/// How one seat finished a game, for the records of ended games (`/fog stats`, `/kh history`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatResult {
    /// The final score (the score pad's total).
    pub score: u32,
    /// True for every winner (a shared win is a win for each).
    pub won: bool,
    /// The seat's place, from 1, in the game's own order (Fields of Green: VP, locations, coins,
    /// ruling 19; Key Harvest: points, field tiles, counters, KH 67). Seats still tied share a
    /// place. Every list of the finished game's players follows it (place, then seat).
    pub place: u32,
    /// Stable ids of what the records count as this seat's favourites, once per occurrence:
    /// Fields of Green, the location cards face up in the farm; Key Harvest, the crops whose
    /// majority the seat won (KH 66). Ids, not names, so the records outlive a renamed card.
    pub favourites: Vec<String>,
}

/// A rules engine as the host sees it.
pub trait Engine: Clone + Debug + Send + Sync + Sized + 'static {
    /// The `game.kind` column value of this game's rows (never changes once released).
    const KIND: &'static str;
    /// The game's name for people.
    const NAME: &'static str;
    /// Seats a table may have.
    const PLAYERS: std::ops::RangeInclusive<usize>;
    /// The bots that can sit at a table or stand in for a player, by name.
    const BOTS: &'static [&'static str];

    /// The printed components the game is played with (a deck, a board), shared by all games.
    type Rules: Debug + Send + Sync + 'static;
    type Action: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync + 'static;
    type Event: Clone + Debug + Serialize + DeserializeOwned + Send + Sync + 'static;
    type Error: std::error::Error + Send + Sync + 'static;
    /// What a game is stored as (JSON in `game.snapshot`).
    type Snapshot: Serialize + DeserializeOwned;
    /// A marker of where the game stands before an action (a phase, a turn), so the host can
    /// tell when a turn or a round ended.
    type Stage: Clone + Debug + PartialEq + Send + Sync;

    /// A new game, with the events of its set-up (deterministic for the seed).
    fn start(
        rules: &Arc<Self::Rules>,
        setup: &TableSetup,
    ) -> Result<(Self, Vec<Self::Event>), String>;
    fn snapshot(&self) -> Self::Snapshot;
    /// Restores a stored game, refusing one that breaks the rules' bookkeeping.
    fn restore(rules: &Arc<Self::Rules>, snapshot: Self::Snapshot) -> Result<Self, String>;

    fn players(&self) -> usize;
    /// The seats the game waits for now (one seat on a turn, several in a simultaneous phase).
    fn waiting_for(&self) -> Vec<usize>;
    fn is_over(&self) -> bool;
    /// Each seat's result, by seat, once the game is over (`None` before).
    fn results(&self) -> Option<Vec<SeatResult>>;
    fn stage(&self) -> Self::Stage;
    /// Validates fully, then applies; a refused action changes nothing.
    fn apply(
        &mut self,
        seat: usize,
        action: &Self::Action,
    ) -> Result<Vec<Self::Event>, Self::Error>;

    /// Whether `seat`'s `action`, which took the game from `self` to `after` producing `events`,
    /// may be taken back (issue 41): it drew nothing, used no chance, revealed nothing some other
    /// seat did not know, and did not end a round or the game. Whether anyone acted since is the
    /// host's to check.
    fn undoable(
        &self,
        after: &Self,
        seat: usize,
        action: &Self::Action,
        events: &[Self::Event],
    ) -> bool;

    /// Concrete legal actions for `seat`: every one for a game whose choices are few, and a
    /// sample drawn with `rng` (at least one per kind of choice) where a choice has too many
    /// fillings to list (Key Harvest's bids and payments).
    fn legal_sample(&self, seat: usize, rng: &mut ChaCha8Rng) -> Vec<Self::Action>;
    /// True when `action` is among (or fills one of) the legal choices of `seat` now. The shared
    /// engine harness checks that `apply` refuses every action this says is not listed.
    fn listed(&self, seat: usize, action: &Self::Action) -> bool;
    fn check_invariants(&self) -> Result<(), String>;
    /// What `seat` may see, as JSON (for checks that nothing hidden leaks).
    fn player_view_json(&self, seat: usize) -> String;
    /// What everyone may see, as JSON.
    fn public_view_json(&self) -> String;

    /// The game as the scenario `farmhand replay` reads (the game's `replay::Scenario`): set up
    /// as `setup`, then `actions` (seat, action) in order. `names` (by seat) are for people; the
    /// replay ignores them. A game played with other rules than the defaults needs them passed
    /// to `farmhand replay` (`--deck`, `--board`).
    fn scenario(
        setup: &TableSetup,
        names: &[String],
        actions: Vec<(usize, Self::Action)>,
    ) -> serde_json::Value;

    /// True when `bot` names a bot of this game.
    fn valid_bot(bot: &str) -> Result<(), String>;
    /// The action `bot` takes for `seat`, from that seat's view only.
    fn bot_action(
        &self,
        seat: usize,
        bot: &str,
        rng: &mut ChaCha8Rng,
    ) -> Result<Self::Action, String>;

    /// The coach (issue 30): the game's strong bot's ranking of `seat`'s choices now, computed
    /// from that seat's view only (hidden parts sampled with `rng`, never read), best first, each
    /// with the bot's estimate of the seat's final points over the best other seat's, on the same
    /// `worlds` sampled worlds. `also` is ranked too when it is a legal choice the bot would not
    /// have compared (a player's own choice, in a review). One entry (estimate 0) for a decision
    /// the bot does not compare choices for.
    fn coach_rank(
        &self,
        seat: usize,
        also: Option<&Self::Action>,
        worlds: usize,
        rng: &mut ChaCha8Rng,
    ) -> Vec<(Self::Action, f64)>;
    /// Each seat's expected final score, by seat, as the strong bot evaluates a position with
    /// everything revealed (the review's chart); the final scores once the game is over.
    fn projection(&self) -> Vec<f64>;
    /// Each seat's expected final score, by seat (the review's chart, issue 43): the rest of the
    /// game played out by the game's heuristic bot in every seat, and its final scores; the
    /// final scores once the game is over. By default each seat decides from its own view
    /// through [`Engine::bot_action`] with `seed` seeding the bots' stream (see
    /// [`coach::forecast`]); a game may play it out faster on the whole state.
    fn forecast(&self, seed: u64) -> Vec<f64> {
        coach::forecast(self, seed)
    }
    /// Runs `work`, a review ([`coach::review`]), with whatever the game keeps to answer the
    /// same question twice (Fields of Green: the bots' evaluations of a farm, which the
    /// rankings of successive decisions and the forecasts ask again and again); nothing is
    /// kept once it returns, and the answers are the same as without. By default just `work`.
    fn reviewing<R>(work: impl FnOnce() -> R) -> R {
        work()
    }
    /// Where the game stands, in the units the game names to players (issue 43): Fields of
    /// Green's year and turn of the year (0 in the upkeep, one past the last turn in the
    /// harvest), Key Harvest's round and turn number. The review's chart has a point after
    /// each change and a tick at each change of the first number.
    fn chapter(&self) -> (u32, u32);
}
