//! The games Farmhand hosts. Each game is a pure rules engine: no I/O, no clock, no async.
//!
//! [`Engine`] is the seam between a game and the host: everything the service, the store, the
//! reminders, the stand-in and bot seats, and the shared engine test harness need from a game,
//! and nothing about how a game is drawn (that is the Discord layer's, per game). A third game
//! implements this trait, gets a `game.kind` name, and the host stores, replays, reminds and
//! plays bots for it unchanged.

pub mod coach;
pub mod fields_of_green;
pub mod halving;
pub mod key_harvest;
pub mod stats;

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

impl Engine for fields_of_green::Game {
    const KIND: &'static str = "fields_of_green";
    const NAME: &'static str = "Fields of Green";
    const PLAYERS: std::ops::RangeInclusive<usize> = 2..=6;
    const BOTS: &'static [&'static str] = &["random", "heuristic", "search"];

    type Rules = fields_of_green::Deck;
    type Action = fields_of_green::Action;
    type Event = fields_of_green::Event;
    type Error = fields_of_green::ActionError;
    type Snapshot = fields_of_green::GameSnapshot;
    type Stage = fields_of_green::Phase;

    fn start(
        rules: &Arc<Self::Rules>,
        setup: &TableSetup,
    ) -> Result<(Self, Vec<Self::Event>), String> {
        let options = fields_of_green::Options {
            players: setup.players as u8,
            intro: setup.intro && setup.players <= 4,
            first_player: 0,
        };
        fields_of_green::Game::start(
            rules.clone(),
            fields_of_green::Setup::new(options, setup.seed),
        )
        .map_err(|e| e.to_string())
    }
    fn snapshot(&self) -> Self::Snapshot {
        fields_of_green::Game::snapshot(self)
    }
    fn restore(rules: &Arc<Self::Rules>, snapshot: Self::Snapshot) -> Result<Self, String> {
        fields_of_green::Game::from_snapshot(rules.clone(), snapshot).map_err(|e| e.to_string())
    }
    fn players(&self) -> usize {
        fields_of_green::Game::players(self)
    }
    fn waiting_for(&self) -> Vec<usize> {
        fields_of_green::Game::waiting_for(self)
    }
    fn is_over(&self) -> bool {
        fields_of_green::Game::is_over(self)
    }
    fn results(&self) -> Option<Vec<SeatResult>> {
        let pads = self.scores()?;
        let (winners, _) = self.winners()?;
        let deck = self.deck();
        let standings = fields_of_green::game::scoring::standings(pads);
        Some(
            pads.iter()
                .map(|pad| SeatResult {
                    score: pad.total,
                    won: winners.contains(&pad.seat),
                    place: standings
                        .iter()
                        .find(|(s, _)| *s == pad.seat)
                        .map_or(0, |(_, place)| *place),
                    // Cards built face up; an Open Area is a card turned face down, not one the
                    // player chose to have (ruling 15).
                    favourites: self.state().players[pad.seat]
                        .farm
                        .cells
                        .iter()
                        .filter(|c| c.face_up)
                        .filter_map(|c| match c.card {
                            fields_of_green::farm::CellCard::Location(d) => {
                                Some(deck.location(d).id.clone())
                            }
                            _ => None,
                        })
                        .collect(),
                })
                .collect(),
        )
    }
    fn stage(&self) -> Self::Stage {
        self.phase().clone()
    }
    fn apply(
        &mut self,
        seat: usize,
        action: &Self::Action,
    ) -> Result<Vec<Self::Event>, Self::Error> {
        fields_of_green::Game::apply(self, seat, action)
    }
    fn undoable(
        &self,
        after: &Self,
        seat: usize,
        action: &Self::Action,
        events: &[Self::Event],
    ) -> bool {
        fields_of_green::Game::undoable(self, after, seat, action, events)
    }
    fn legal_sample(&self, seat: usize, _rng: &mut ChaCha8Rng) -> Vec<Self::Action> {
        self.legal_actions(seat)
    }
    fn listed(&self, seat: usize, action: &Self::Action) -> bool {
        self.legal_actions(seat).contains(action)
    }
    fn check_invariants(&self) -> Result<(), String> {
        fields_of_green::Game::check_invariants(self)
    }
    fn player_view_json(&self, seat: usize) -> String {
        serde_json::to_string(&self.player_view(seat)).expect("views serialize")
    }
    fn public_view_json(&self) -> String {
        serde_json::to_string(&self.public_view()).expect("views serialize")
    }
    fn scenario(
        setup: &TableSetup,
        names: &[String],
        actions: Vec<(usize, Self::Action)>,
    ) -> serde_json::Value {
        // The same options as `start`, so the scenario sets up the game the table played.
        let options = fields_of_green::Options {
            players: setup.players as u8,
            intro: setup.intro && setup.players <= 4,
            first_player: 0,
        };
        let scenario = fields_of_green::replay::Scenario {
            deck: None,
            setup: fields_of_green::Setup::new(options, setup.seed),
            names: names.to_vec(),
            actions: actions
                .into_iter()
                .map(|(seat, action)| fields_of_green::replay::SeatAction { seat, action })
                .collect(),
        };
        serde_json::to_value(&scenario).expect("scenarios serialize")
    }
    fn valid_bot(bot: &str) -> Result<(), String> {
        fields_of_green::bots::BotSpec::parse(bot).map(|_| ())
    }
    fn bot_action(
        &self,
        seat: usize,
        bot: &str,
        rng: &mut ChaCha8Rng,
    ) -> Result<Self::Action, String> {
        let spec = fields_of_green::bots::BotSpec::parse(bot)?;
        let view = self.player_view(seat);
        Ok(spec.build().decide(&view, self.deck_arc(), rng))
    }
    fn coach_rank(
        &self,
        seat: usize,
        also: Option<&Self::Action>,
        worlds: usize,
        rng: &mut ChaCha8Rng,
    ) -> Vec<(Self::Action, f64)> {
        let bot =
            fields_of_green::bots::search::SearchBot::new(fields_of_green::bots::DEFAULT_ROLLOUTS);
        bot.rank(&self.player_view(seat), self.deck_arc(), also, worlds, rng)
    }
    fn projection(&self) -> Vec<f64> {
        (0..self.players())
            .map(|s| fields_of_green::bots::eval::project(self, s))
            .collect()
    }
    /// The heuristic bot's choice on the whole state for every seat, as the search bot's
    /// rollouts play (`bots::search`), rather than from each seat's view (a view is rebuilt into
    /// a sampled game at every decision, which made the review's forecasts cost as much as its
    /// pricing); its evaluation harvests greedily, while the harvests themselves are the exact
    /// planner's, as in the search bot's cheap rollouts. The draws to come are the game's own.
    fn forecast(&self, _seed: u64) -> Vec<f64> {
        let bot = fields_of_green::bots::heuristic::HeuristicBot { exact: false };
        // Each choice evaluates the same farms again (every card on the same spaces).
        let _memo = fields_of_green::bots::eval::MemoScope::enter();
        let mut g = self.clone();
        for _ in 0..coach::FORECAST_STEPS {
            if g.is_over() {
                break;
            }
            let Some(&seat) = fields_of_green::Game::waiting_for(&g).first() else {
                break;
            };
            let legal = g.legal_actions(seat);
            let planned = (g.phase() == &fields_of_green::Phase::Harvest)
                .then(|| fields_of_green::bots::planner::plan_game(&g, seat, 2_000))
                .and_then(|plan| plan.actions.into_iter().next())
                .filter(|a| legal.contains(a));
            let action = planned.unwrap_or_else(|| bot.choose(&g, seat, &legal));
            if g.apply_quiet(seat, &action).is_err() {
                break;
            }
        }
        match g.scores() {
            Some(pads) => pads.iter().map(|p| f64::from(p.total)).collect(),
            None => self.projection(),
        }
    }
    /// One evaluation memo for the whole review ([`fields_of_green::bots::eval::MemoScope`]):
    /// successive decisions evaluate many of the same farms.
    fn reviewing<R>(work: impl FnOnce() -> R) -> R {
        let _memo = fields_of_green::bots::eval::MemoScope::enter();
        work()
    }
    fn chapter(&self) -> (u32, u32) {
        let year = u32::from(self.year());
        let turn = match self.phase() {
            fields_of_green::Phase::Upkeep { .. } => 0,
            // The turn whose cards are being chosen (the cards of the turn before are being
            // used meanwhile).
            fields_of_green::Phase::Action { turn } => u32::from(*turn),
            // Two players take a card each per turn (ruling 21).
            fields_of_green::Phase::Duel { picks, .. } => u32::from(*picks) / 2 + 1,
            fields_of_green::Phase::Harvest | fields_of_green::Phase::Ended => {
                u32::from(self.hand_size()) + 1
            }
        };
        (year, turn)
    }
}

impl Engine for key_harvest::Game {
    const KIND: &'static str = "key_harvest";
    const NAME: &'static str = "Key Harvest";
    const PLAYERS: std::ops::RangeInclusive<usize> = 2..=4;
    const BOTS: &'static [&'static str] = &key_harvest::bots::BOT_NAMES;

    type Rules = key_harvest::Board;
    type Action = key_harvest::Action;
    type Event = key_harvest::Event;
    type Error = key_harvest::ActionError;
    type Snapshot = key_harvest::GameSnapshot;
    /// The turn number and the seat on turn.
    type Stage = (u32, usize);

    fn start(
        rules: &Arc<Self::Rules>,
        setup: &TableSetup,
    ) -> Result<(Self, Vec<Self::Event>), String> {
        let options = key_harvest::Options {
            players: setup.players as u8,
        };
        key_harvest::Game::new(rules.clone(), &options, setup.seed).map_err(|e| e.to_string())
    }
    fn snapshot(&self) -> Self::Snapshot {
        key_harvest::Game::snapshot(self)
    }
    fn restore(_rules: &Arc<Self::Rules>, snapshot: Self::Snapshot) -> Result<Self, String> {
        // The snapshot carries its own board (a group may have swapped in its printed one
        // since the game began; the game goes on with the board it started with).
        key_harvest::Game::from_snapshot(snapshot).map_err(|e| e.to_string())
    }
    fn players(&self) -> usize {
        usize::from(key_harvest::Game::players(self))
    }
    fn waiting_for(&self) -> Vec<usize> {
        self.to_move().map(usize::from).into_iter().collect()
    }
    fn is_over(&self) -> bool {
        key_harvest::Game::is_over(self)
    }
    fn results(&self) -> Option<Vec<SeatResult>> {
        let pad = self.score_pad()?;
        let mut lines: Vec<&key_harvest::ScoreLine> = pad.lines.iter().collect();
        lines.sort_by_key(|l| l.seat);
        Some(
            lines
                .into_iter()
                .map(|l| SeatResult {
                    score: l.total,
                    won: pad.winners.contains(&l.seat),
                    place: u32::from(l.rank),
                    favourites: l.crops.iter().map(|c| c.id().to_string()).collect(),
                })
                .collect(),
        )
    }
    fn stage(&self) -> Self::Stage {
        let s = self.state();
        (s.turn.number, usize::from(s.turn.active))
    }
    fn apply(
        &mut self,
        seat: usize,
        action: &Self::Action,
    ) -> Result<Vec<Self::Event>, Self::Error> {
        key_harvest::Game::apply(self, seat as key_harvest::Seat, action)
    }
    fn undoable(
        &self,
        after: &Self,
        seat: usize,
        action: &Self::Action,
        events: &[Self::Event],
    ) -> bool {
        key_harvest::Game::undoable(self, after, seat, action, events)
    }
    fn legal_sample(&self, seat: usize, rng: &mut ChaCha8Rng) -> Vec<Self::Action> {
        let seat = seat as key_harvest::Seat;
        let supply = self.state().players[usize::from(seat)].supply;
        let stock = self.state().stock;
        self.legal_actions(seat)
            .iter()
            .filter_map(|c| key_harvest::bots::random::fill_choice(c, supply, stock, rng))
            .collect()
    }
    fn listed(&self, seat: usize, action: &Self::Action) -> bool {
        self.lists(seat as key_harvest::Seat, action)
    }
    fn check_invariants(&self) -> Result<(), String> {
        key_harvest::Game::check_invariants(self)
    }
    fn player_view_json(&self, seat: usize) -> String {
        serde_json::to_string(&self.player_view(seat as key_harvest::Seat))
            .expect("views serialize")
    }
    fn public_view_json(&self) -> String {
        serde_json::to_string(&self.public_view()).expect("views serialize")
    }
    fn scenario(
        setup: &TableSetup,
        names: &[String],
        actions: Vec<(usize, Self::Action)>,
    ) -> serde_json::Value {
        let scenario = key_harvest::replay::Scenario {
            players: setup.players as u8,
            seed: setup.seed,
            board: None,
            names: names.to_vec(),
            position: None,
            actions: actions
                .into_iter()
                .map(|(seat, action)| key_harvest::replay::SeatAction {
                    seat: seat as key_harvest::pieces::Seat,
                    action,
                })
                .collect(),
        };
        serde_json::to_value(&scenario).expect("scenarios serialize")
    }
    fn valid_bot(bot: &str) -> Result<(), String> {
        match key_harvest::bots::by_name(bot) {
            Some(_) => Ok(()),
            None => Err(format!(
                "unknown bot {bot:?}: use {}",
                key_harvest::bots::BOT_NAMES.join(" or ")
            )),
        }
    }
    fn bot_action(
        &self,
        seat: usize,
        bot: &str,
        rng: &mut ChaCha8Rng,
    ) -> Result<Self::Action, String> {
        let mut b =
            key_harvest::bots::by_name(bot).ok_or_else(|| format!("unknown bot {bot:?}"))?;
        let view = self.player_view(seat as key_harvest::Seat);
        Ok(b.decide(self.board(), &view, rng))
    }
    fn coach_rank(
        &self,
        seat: usize,
        also: Option<&Self::Action>,
        worlds: usize,
        rng: &mut ChaCha8Rng,
    ) -> Vec<(Self::Action, f64)> {
        let view = self.player_view(seat as key_harvest::Seat);
        key_harvest::bots::search::SearchBot::default().rank(self.board(), &view, also, worlds, rng)
    }
    fn projection(&self) -> Vec<f64> {
        key_harvest::bots::search::projection(self)
    }
    fn chapter(&self) -> (u32, u32) {
        let turn = self.state().turn.number;
        (key_harvest::round_of(turn, u32::from(self.players())), turn)
    }
}
