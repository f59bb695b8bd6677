//! Storage with sqlx, on SQLite (the embedded default) or PostgreSQL (several bot processes on
//! one database): tables (lobbies and games), seats, the action log, the event log, players'
//! preferences and their hand DMs. One body of SQL serves both, through sqlx's `Any` driver; the
//! differences are in how a connection is set up and how a write transaction begins
//! (`connect.rs`), and in the migrations (`migrations/` for SQLite, `migrations/postgres/` for
//! PostgreSQL). Nothing here knows the rules; the service decides what to write, and every write
//! of a game checks and bumps its `version` (optimistic concurrency), so two writers can never
//! both succeed on the same version (`tables.rs`). Players' own rows are in `players.rs`, the
//! records of finished games in `records.rs` and `ratings.rs`.

mod connect;
mod location;
mod migrations;
mod players;
mod ratings;
mod records;
mod reviews;
mod scheduler_bench;
mod seats;
mod tables;

pub use connect::{Backend, Backup, ProcessLock, REDRAW_CHANNEL, backend_of, shown_location};
pub use location::{Location, SSL_MODES, SqliteFile, hide_password};

pub use ratings::{
    PlayerRating, Rated, RatedSeat, RatingRow, Recomputed, Skill, places, rate_game,
};
pub use records::{
    GameRecord, HistoryPage, Leaderboard, NamedPlayer, PlayerStats, Ranking, RecordedGame,
    SeatRecord, ServerRecords, Standing,
};
pub use reviews::{REVIEW_CLAIM_STALE_MS, ReviewClaim, ReviewRow};
use serde::{Deserialize, Serialize};
use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{Any, AnyPool, Executor, Row, Transaction};
use std::path::Path;
use std::str::FromStr;
use std::time::Duration;

/// A game's row id.
pub type GameId = i64;

/// Where a table stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Waiting for players to join.
    Open,
    Active,
    Ended,
    Abandoned,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Open => "open",
            Status::Active => "active",
            Status::Ended => "ended",
            Status::Abandoned => "abandoned",
        }
    }

    fn parse(s: &str) -> Result<Status, StoreError> {
        Ok(match s {
            "open" => Status::Open,
            "active" => Status::Active,
            "ended" => Status::Ended,
            "abandoned" => Status::Abandoned,
            other => return Err(StoreError::Corrupt(format!("unknown status {other:?}"))),
        })
    }
}

/// What the host chose with /fog new.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableOptions {
    /// Seats to fill (2-6).
    pub seats: u8,
    /// Introductory mode (ruling 5).
    pub intro: bool,
    /// Minutes a player may hold the game up before the first reminder.
    pub reminder_minutes: u32,
    /// Computer players seated with the host (seats 1, 2, ...); none by default.
    #[serde(default)]
    pub bots: Vec<BotSeat>,
    /// Minutes a player may hold the game up before a bot plays that one decision for them;
    /// 0 (the default) turns the stand-in off.
    #[serde(default)]
    pub stand_in_minutes: u32,
    /// The server's language when the table was opened (Discord's `guild_locale`): the public
    /// messages of the table are drawn in it. None: English.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub locale: Option<String>,
    /// The host allows the coach's Hint button at this table (issue 30); off by default.
    #[serde(default)]
    pub hints: bool,
    /// Set on the lobby of a rematch: the finished table it replays, and who has confirmed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rematch: Option<Rematch>,
    /// How long a decision may take (issue 41): past it, the stand-in makes that one decision.
    /// Counted in each player's waking time (their quiet hours stop the clock).
    #[serde(default, skip_serializing_if = "Pace::is_live")]
    pub pace: Pace,
    /// How many days one absence of a player (`/fog away`) may hold the game (issue 41): past
    /// them, their deadline runs again.
    #[serde(default = "default_max_away_days")]
    pub max_away_days: u32,
}

/// The days one absence may hold a game when the host sets none.
pub const DEFAULT_MAX_AWAY_DAYS: u32 = 7;

impl TableOptions {
    /// A table of `seats` people with what `/fog new` sets when no other option is given (no
    /// introductory mode, no bots, no stand-in, the server's language, no hints, the live pace,
    /// the default limit on absences), reminding after `reminder_minutes`. Tables opened without
    /// Discord (the benches, the tests) start from it and change what they need.
    pub fn plain(seats: u8, reminder_minutes: u32) -> TableOptions {
        TableOptions {
            seats,
            intro: false,
            reminder_minutes,
            bots: Vec::new(),
            stand_in_minutes: 0,
            locale: None,
            hints: false,
            rematch: None,
            pace: Pace::Live,
            max_away_days: DEFAULT_MAX_AWAY_DAYS,
        }
    }
}

fn default_max_away_days() -> u32 {
    DEFAULT_MAX_AWAY_DAYS
}

/// A table's pace: the time each decision may take, in the spirit of the "days per move" of
/// correspondence play. Live: no deadline (the table plays in one sitting, or waits).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pace {
    #[default]
    Live,
    /// An hour a decision.
    Fast,
    /// A day a decision.
    Day,
    /// Three days a decision.
    Relaxed,
}

impl Pace {
    pub const ALL: [Pace; 4] = [Pace::Live, Pace::Fast, Pace::Day, Pace::Relaxed];

    /// Hours a decision may take; `None`: no deadline.
    pub fn decision_hours(self) -> Option<u32> {
        match self {
            Pace::Live => None,
            Pace::Fast => Some(1),
            Pace::Day => Some(24),
            Pace::Relaxed => Some(72),
        }
    }

    pub fn is_live(&self) -> bool {
        *self == Pace::Live
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Pace::Live => "live",
            Pace::Fast => "fast",
            Pace::Day => "day",
            Pace::Relaxed => "relaxed",
        }
    }
}

/// A rematch lobby's state (kept in the options' JSON, so no migration): the seats are the
/// finished table's, pre-filled; the game starts once every seat has confirmed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rematch {
    /// The finished table this one plays again.
    pub of: GameId,
    /// The users who have confirmed their seat (bots at once).
    pub confirmed: Vec<u64>,
}

impl Rematch {
    /// The seats of `table` still to confirm.
    pub fn waiting<'a>(&'a self, table: &'a Table) -> impl Iterator<Item = &'a SeatRow> + 'a {
        table
            .seats
            .iter()
            .filter(|s| !self.confirmed.contains(&s.user_id))
    }
}

/// Why a game is parked (issue 42): Discord said its place is gone or closed to the bot, so it
/// makes no more calls there until the host or a manager resumes it in another channel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Parked {
    /// The game's channel was deleted (CHANNEL_DELETE, or 10003 "Unknown Channel").
    ChannelGone,
    /// The channel is closed to the bot (50001 "Missing Access", 50013 "Missing Permissions").
    NoAccess,
    /// The bot was removed from the server, or the server was deleted (GUILD_DELETE).
    Removed,
}

impl Parked {
    pub fn as_str(self) -> &'static str {
        match self {
            Parked::ChannelGone => "channel_gone",
            Parked::NoAccess => "no_access",
            Parked::Removed => "removed",
        }
    }

    fn parse(s: &str) -> Result<Parked, StoreError> {
        Ok(match s {
            "channel_gone" => Parked::ChannelGone,
            "no_access" => Parked::NoAccess,
            "removed" => Parked::Removed,
            other => return Err(StoreError::Corrupt(format!("unknown parking {other:?}"))),
        })
    }
}

/// Where Discord says a place went away (issue 42): a channel, a thread or forum post that
/// tables were opened in, or a whole server.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Gone {
    Channel(u64),
    /// A deleted thread (THREAD_DELETE): the tables opened inside it are parked. A game's own
    /// thread deleted is not a loss: its next post starts a new one from the table message.
    Thread(u64),
    Guild(u64),
}

/// A computer player's seat: its stand-in user id and which bot plays it (a `BotSpec` text such
/// as `heuristic` or `search`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BotSeat {
    pub user_id: u64,
    pub bot: String,
}

/// The largest user id used for bot seats. Discord snowflakes are far larger (they carry a
/// timestamp), so a bot's id can never be a person's.
pub const MAX_BOT_USER: u64 = 64;

/// True for the user ids of bot seats.
pub fn is_bot_user(user_id: u64) -> bool {
    (1..=MAX_BOT_USER).contains(&user_id)
}

/// One game row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRow {
    pub id: GameId,
    pub kind: String,
    pub guild_id: Option<u64>,
    pub channel_id: u64,
    pub thread_id: Option<u64>,
    pub table_message_id: Option<u64>,
    pub host_id: u64,
    pub status: Status,
    pub options: TableOptions,
    pub seed: u64,
    pub version: i64,
    /// JSON `GameSnapshot`, once started.
    pub snapshot: Option<String>,
    pub waiting_since: Option<i64>,
    pub reminders_sent: i64,
    /// The seats already reminded in the current reminder round (quiet hours hold the others).
    pub round_reminded: Vec<usize>,
    /// When the scheduler next looks at the game (migration 0009).
    pub due_at: Option<i64>,
    /// What the stand-in bot last did for a slow player (shown on the table message).
    pub stand_in_note: Option<String>,
    pub created_at: i64,
    pub updated_at: i64,
    /// The seat whose stored action made the current version, when the engine found that action
    /// reversible (issue 41, undo): read with the row, never stored in it.
    pub undoable_by: Option<usize>,
    /// Why and since when the game is parked (issue 42, migration 0012): None while it plays.
    pub parked: Option<(Parked, i64)>,
}

impl GameRow {
    /// True when `seat` may take back its last decision now: the game is in progress and that
    /// seat's reversible action is the last thing that happened to it.
    pub fn may_undo(&self, seat: usize) -> bool {
        self.status == Status::Active && self.undoable_by == Some(seat)
    }

    /// The channel the game talks in: its thread if it has one.
    pub fn play_channel(&self) -> u64 {
        self.thread_id.unwrap_or(self.channel_id)
    }
}

/// One seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatRow {
    pub seat: usize,
    pub user_id: u64,
    pub name: String,
}

/// A game row with its seats.
#[derive(Clone, Debug)]
pub struct Table {
    pub game: GameRow,
    pub seats: Vec<SeatRow>,
    /// The absences set by this table's players in its server (issue 41), passed ones too:
    /// [`Table::away_at`] says who is away at a given time.
    pub away: Vec<crate::day::Away>,
    /// The seats that changed hands during the game, in order (issue 41).
    pub changes: Vec<SeatChange>,
    /// When it was read (the store's clock): what "away now" on its screens is measured at.
    pub read_at: i64,
}

/// Two reads of the same stored table are equal: when each was read is not part of it.
impl PartialEq for Table {
    fn eq(&self, other: &Table) -> bool {
        self.game == other.game
            && self.seats == other.seats
            && self.away == other.away
            && self.changes == other.changes
    }
}

impl Eq for Table {}

impl Table {
    /// A table as the store would read it, drawn without a database: game `kind` (a `game.kind`
    /// value) with a seat for each of `names` (user ids 1000, 1001...; the first hosts), at
    /// `version` in `status`, in server 111, channel 222, table message 333. For screens drawn
    /// apart from a game in the database (the tests' fixtures).
    pub fn sample(kind: &str, names: &[&str], status: Status, version: i64) -> Table {
        Table {
            game: GameRow {
                id: 4_294_967_296,
                kind: kind.to_string(),
                guild_id: Some(111),
                channel_id: 222,
                thread_id: None,
                table_message_id: Some(333),
                host_id: 1000,
                status,
                options: TableOptions::plain(names.len() as u8, 90),
                seed: 7,
                version,
                snapshot: None,
                waiting_since: None,
                reminders_sent: 0,
                round_reminded: Vec::new(),
                due_at: None,
                stand_in_note: None,
                created_at: 0,
                updated_at: 0,
                undoable_by: None,
                parked: None,
            },
            seats: names
                .iter()
                .enumerate()
                .map(|(s, n)| SeatRow {
                    seat: s,
                    user_id: 1000 + s as u64,
                    name: n.to_string(),
                })
                .collect(),
            away: Vec::new(),
            changes: Vec::new(),
            read_at: 0,
        }
    }
}

/// Why a seat changed hands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChangeKind {
    /// The player left; a bot at the table's strength took the seat.
    Left,
    /// The host (or a manager) gave the seat to another member.
    Given,
}

impl ChangeKind {
    pub fn as_str(self) -> &'static str {
        match self {
            ChangeKind::Left => "left",
            ChangeKind::Given => "given",
        }
    }
}

/// A seat that changed hands (migration 0011).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatChange {
    pub version: i64,
    pub seat: usize,
    pub from_user: u64,
    pub from_name: String,
    pub to_user: u64,
    pub kind: ChangeKind,
    pub by_user: u64,
    pub at: i64,
}

impl Table {
    /// The seat of a user, if seated.
    pub fn seat_of(&self, user_id: u64) -> Option<usize> {
        self.seats
            .iter()
            .find(|s| s.user_id == user_id)
            .map(|s| s.seat)
    }

    /// The Discord user in a seat: None for an empty seat or a bot's (bots are never mentioned,
    /// reminded or sent DMs).
    pub fn user_of(&self, seat: usize) -> Option<u64> {
        self.seats
            .iter()
            .find(|s| s.seat == seat)
            .map(|s| s.user_id)
            .filter(|&u| !is_bot_user(u))
    }

    /// The bot playing a seat (its `BotSpec` text), if a bot sits there.
    pub fn bot_of(&self, seat: usize) -> Option<(u64, &str)> {
        let user = self.seats.iter().find(|s| s.seat == seat)?.user_id;
        self.game
            .options
            .bots
            .iter()
            .find(|b| b.user_id == user)
            .map(|b| (user, b.bot.as_str()))
    }

    /// How many seats people hold (bots not counted).
    pub fn humans(&self) -> usize {
        self.seats
            .iter()
            .filter(|s| !is_bot_user(s.user_id))
            .count()
    }

    /// The absence of the player in `seat` at `now`, if they are away.
    pub fn away_at(&self, seat: usize, now: i64) -> Option<&crate::day::Away> {
        let user = self.user_of(seat)?;
        self.away
            .iter()
            .find(|a| a.user_id == user && a.covers(now))
    }

    /// The absence of the player in `seat` that bears on a decision waiting since `since`
    /// (one not yet over then), for their deadline.
    pub fn away_since(&self, seat: usize, since: i64) -> Option<&crate::day::Away> {
        let user = self.user_of(seat)?;
        self.away
            .iter()
            .find(|a| a.user_id == user && a.until > since)
    }

    /// When the stand-in may make the decision `seat` has been waited on for since `since`:
    /// the table's pace in the player's waking time (`day`: their quiet hours stop the clock),
    /// or its stand-in delay, with their absence's stretch frozen (at most the table's
    /// `max_away_days`), or at once while they are away with the stand-in playing for them.
    /// The one place reminders, the stand-in and the scheduler read a deadline from.
    /// `None`: never. With `day` `None`, no later than with their quiet hours.
    pub fn deadline(&self, seat: usize, since: i64, day: Option<&crate::day::Day>) -> Option<i64> {
        let o = &self.game.options;
        crate::day::seat_deadline(
            o.pace.decision_hours(),
            o.stand_in_minutes,
            since,
            day,
            self.away_since(seat, since),
            o.max_away_days,
        )
    }

    /// The players away when the table was read, with their seats, in seat order.
    pub fn away_now(&self) -> Vec<(usize, &crate::day::Away)> {
        let mut v: Vec<(usize, &crate::day::Away)> = self
            .seats
            .iter()
            .filter_map(|s| Some((s.seat, self.away_at(s.seat, self.read_at)?)))
            .collect();
        v.sort_by_key(|(seat, _)| *seat);
        v
    }

    /// How many times `seat` changed hands.
    pub fn handed_on(&self, seat: usize) -> u32 {
        self.changes.iter().filter(|c| c.seat == seat).count() as u32
    }

    /// The language the table's public messages are drawn in (the server's).
    pub fn locale(&self) -> crate::i18n::Locale {
        crate::i18n::Locale::from_stored(self.game.options.locale.as_deref())
    }

    /// Display names by seat.
    pub fn names(&self) -> Vec<String> {
        let mut v: Vec<&SeatRow> = self.seats.iter().collect();
        v.sort_by_key(|s| s.seat);
        v.into_iter().map(|s| s.name.clone()).collect()
    }
}

/// The name shown for the `k`-th bot seat: "Bot 1 (search)".
pub fn bot_name(k: usize, bot: &str) -> String {
    format!("Bot {} ({bot})", k + 1)
}

/// How a player wants to be reminded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reminders {
    /// A mention in the game's thread.
    Mention,
    Dm,
    Off,
}

/// A player's preferences (/fog settings).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Prefs {
    pub hand_in_dm: bool,
    pub reminders: Reminders,
    /// Their IANA time zone ("Asia/Tokyo"), as the database spells it.
    #[serde(default)]
    pub time_zone: Option<String>,
    /// When not to disturb them, in their local time.
    #[serde(default)]
    pub quiet_hours: Option<crate::day::QuietHours>,
    /// Their DMs refused the bot (50007; issue 42, migration 0013): no DM is tried until their
    /// next `settings` clears it.
    #[serde(default)]
    pub dms_closed: bool,
}

impl Prefs {
    /// Whether their hand panel lives in a DM: they asked for it, and their DMs are not known
    /// to be closed (then it is shown privately in the channel, as without the setting).
    pub fn dm_panels(&self) -> bool {
        self.hand_in_dm && !self.dms_closed
    }

    /// Their day, for reminders and deadlines (`None`: no quiet hours set).
    pub fn day(&self) -> Option<crate::day::Day> {
        crate::day::Day::of(self.time_zone.as_deref(), self.quiet_hours)
    }
}

impl Default for Prefs {
    fn default() -> Prefs {
        Prefs {
            hand_in_dm: false,
            reminders: Reminders::Mention,
            time_zone: None,
            quiet_hours: None,
            dms_closed: false,
        }
    }
}

/// Storage failures. `Conflict` means someone else wrote the game first: reload and retry.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("the game changed while this was being saved")]
    Conflict,
    #[error("no such game")]
    NotFound,
    #[error("stored data is inconsistent: {0}")]
    Corrupt(String),
    // The sqlx errors are shown in the message rather than chained as sources, so a report
    // that prints the whole chain does not repeat them.
    #[error("database error: {0}")]
    Db(sqlx::Error),
    #[error("database migration failed: {0}")]
    Migrate(sqlx::migrate::MigrateError),
    #[error("cannot create the database folder {path}: {message}")]
    Folder { path: String, message: String },
    #[error(
        "{path} is not a Farmhand database (it has {found}); it was left untouched: choose another database path"
    )]
    Foreign { path: String, found: String },
    #[error("the database {path} is in use by another Farmhand process: {why}")]
    InUse { path: String, why: String },
    /// `database.url` names nothing Farmhand can use; nothing was created or opened.
    #[error("database.url: {why}")]
    Location { why: String },
    /// PostgreSQL refused or could not be reached; the message has no password.
    #[error("cannot use the PostgreSQL database {shown} (database.url): {why}")]
    Postgres { shown: String, why: String },
    /// The database opens but cannot be written.
    #[error("the database {path} cannot be written ({why}): {todo}")]
    ReadOnly {
        path: String,
        why: String,
        todo: &'static str,
    },
    #[error("backup: {why}")]
    Backup { why: String },
    /// The one-process lock file cannot be made beside the database.
    #[error(
        "cannot create the lock file {path} beside the database ({message}): the bot needs write access to the folder {dir}"
    )]
    LockFile {
        path: String,
        dir: String,
        message: String,
    },
}

impl StoreError {
    /// True when the folder or file permissions are a likely cause (the folder cannot be
    /// created, the file cannot be opened or written), so the admin may be pointed at them. Not
    /// for a file that is not a database, or a failed migration: permissions are not why.
    pub fn may_be_permissions(&self) -> bool {
        match self {
            StoreError::Folder { .. } => true,
            // These already say what to do.
            StoreError::ReadOnly { .. } | StoreError::LockFile { .. } => false,
            StoreError::Db(sqlx::Error::Io(_)) => true,
            // SQLite's result codes: 8 READONLY, 14 CANTOPEN (extended codes keep the low byte).
            StoreError::Db(sqlx::Error::Database(e)) => e
                .code()
                .and_then(|c| c.parse::<i64>().ok())
                .is_some_and(|c| matches!(c & 0xff, 8 | 14)),
            _ => false,
        }
    }
}

impl From<sqlx::Error> for StoreError {
    fn from(e: sqlx::Error) -> StoreError {
        StoreError::Db(e)
    }
}

impl From<sqlx::migrate::MigrateError> for StoreError {
    fn from(e: sqlx::migrate::MigrateError) -> StoreError {
        StoreError::Migrate(e)
    }
}

/// At most this many games one scheduler pass reads ([`Store::due_games`]); the rest, in order
/// of their time, at the next pass.
pub const DUE_LIMIT: i64 = 500;

/// The database.
#[derive(Clone, Debug)]
pub struct Store {
    pool: AnyPool,
    backend: Backend,
    /// The one clock ([`crate::clock`]): every time the store writes (created, updated, waiting
    /// since, due) is read from it, so a test on a simulated clock sees simulated dates.
    clock: crate::clock::Clock,
}

impl Store {
    /// The clock the store (and the service and Discord layer above it) reads the date from.
    pub fn clock(&self) -> &crate::clock::Clock {
        &self.clock
    }

    /// This store on another clock (a test's simulated one); clones share it.
    pub fn with_clock(mut self, clock: crate::clock::Clock) -> Store {
        self.clock = clock;
        self
    }

    /// Now, from the store's clock, in milliseconds since the Unix epoch.
    pub fn now_ms(&self) -> i64 {
        self.clock.now_ms()
    }
}
