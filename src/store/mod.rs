//! Storage with sqlx, on SQLite (the embedded default) or PostgreSQL (several bot processes on
//! one database): tables (lobbies and games), seats, the action log, the event log, players'
//! preferences and their hand DMs. One body of SQL serves both, through sqlx's `Any` driver; the
//! differences are in how a connection is set up and how a write transaction begins, here, and
//! in the migrations (`migrations/` for SQLite, `migrations/postgres/` for PostgreSQL). Nothing here knows the rules; the service decides
//! what to write, and every write of a game checks and bumps its `version` (optimistic
//! concurrency), so two writers can never both succeed on the same version.

mod location;
mod ratings;
mod records;
mod reviews;

pub use location::{Location, SSL_MODES, SqliteFile, hide_password};

pub use ratings::{
    PlayerRating, Rated, RatedSeat, RatingRow, Recomputed, Skill, places, rate_game,
};
pub use records::{
    GameRecord, HistoryPage, Leaderboard, PlayerStats, Ranking, RecordedGame, SeatRecord,
    ServerRecords, Standing,
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
    /// What the stand-in bot last did for a slow player (shown on the table message).
    pub stand_in_note: Option<String>,
    pub created_at: i64,
    pub updated_at: i64,
}

impl GameRow {
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
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    pub game: GameRow,
    pub seats: Vec<SeatRow>,
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

    /// Display names by seat.
    /// The language the table's public messages are drawn in (the server's).
    pub fn locale(&self) -> crate::i18n::Locale {
        crate::i18n::Locale::from_stored(self.game.options.locale.as_deref())
    }

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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Prefs {
    pub hand_in_dm: bool,
    pub reminders: Reminders,
}

impl Default for Prefs {
    fn default() -> Prefs {
        Prefs {
            hand_in_dm: false,
            reminders: Reminders::Mention,
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

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

/// The database.
#[derive(Clone, Debug)]
pub struct Store {
    pool: AnyPool,
    backend: Backend,
}

/// What [`Store::backup`] copied.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Backup {
    pub games: i64,
    pub actions: i64,
    pub bytes: u64,
}

/// Which database a store runs on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// Where the database is: a PostgreSQL URL, or a SQLite file (a path, or a `sqlite://` URL).
pub fn backend_of(location: &str) -> Backend {
    if matches!(Location::parse(location), Ok(Location::Postgres(_))) {
        Backend::Postgres
    } else {
        Backend::Sqlite
    }
}

/// A database location fit to show: a URL's password is replaced by `***`.
pub fn shown_location(location: &str) -> String {
    let shown = match url::Url::parse(location) {
        Ok(mut u) if u.password().is_some() => {
            let _ = u.set_password(Some("***"));
            u.to_string()
        }
        _ => location.to_string(),
    };
    crate::config::redact(&shown)
}

/// Why a SQLite file could not be opened or written, saying what to do when the file or its
/// folder may not be written (SQLite's READONLY and CANTOPEN, or an I/O error); other errors
/// are passed on.
fn sqlite_unwritable(file: &SqliteFile, e: sqlx::Error) -> StoreError {
    let unwritable = match &e {
        sqlx::Error::Io(_) => true,
        sqlx::Error::Database(d) => d
            .code()
            .and_then(|c| c.parse::<i64>().ok())
            .is_some_and(|c| matches!(c & 0xff, 8 | 14)),
        _ => false,
    };
    if !unwritable {
        return StoreError::Db(e);
    }
    let why = match &e {
        sqlx::Error::Database(d) => d.message().to_string(),
        other => other.to_string(),
    };
    StoreError::ReadOnly {
        path: file.shown.display().to_string(),
        why,
        todo: "give the user running the bot write access to the file and to its folder (SQLite writes its journal beside the file), or choose another database.url",
    }
}

/// A PostgreSQL error as one line that names the setting: the server's own message (without
/// sqlx's "at line N", which is a line of PostgreSQL's source code), never the password.
fn postgres_error(url: &str, e: sqlx::Error) -> StoreError {
    let why = match &e {
        sqlx::Error::Database(d) => d.message().to_string(),
        // A refused certificate comes out of the handshake as an I/O error around rustls's.
        sqlx::Error::Io(io)
            if io
                .get_ref()
                .is_some_and(|inner| inner.downcast_ref::<rustls::Error>().is_some()) =>
        {
            format!("TLS: {io} (see database.sslmode and database.sslrootcert)")
        }
        sqlx::Error::Io(io) => format!("cannot reach the server: {io}"),
        sqlx::Error::Tls(t) => format!("TLS: {t} (see database.sslmode and database.sslrootcert)"),
        sqlx::Error::PoolTimedOut => {
            "no connection within 10 s (is the server up and reachable?)".to_string()
        }
        other => other.to_string(),
    };
    StoreError::Postgres {
        shown: shown_location(url),
        why: hide_password(url, &why),
    }
}

/// Set on every new SQLite connection. WAL lets readers work while one writer commits; FULL
/// syncs every commit (in WAL mode NORMAL may lose the last commits on a power cut, and a
/// player is told "done" right after the commit); the busy timeout makes a writer wait for the
/// write lock instead of failing.
const SQLITE_SETUP: &str = "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; \
                            PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON;";

/// Every table Farmhand's migrations create (`migrations/`).
const KNOWN_TABLES: [&str; 12] = [
    "game",
    "game_seat",
    "game_action",
    "game_event",
    "user_pref",
    "game_dm",
    "game_record",
    "game_record_seat",
    "rating",
    "rating_seat",
    "coach_hint",
    "coach_review",
];

/// Held while a bot process uses a SQLite file: a second process on the same file is refused at
/// start instead of sending every reminder twice. An advisory lock (`flock`) on a file beside the
/// database (`<file>.lock`), never on the database itself: SQLite's own locks are POSIX locks,
/// which closing any other descriptor of the database file would release. The lock goes when the
/// process ends, even on a crash.
///
/// On PostgreSQL, where several processes may share the database, the guard is per shard:
/// session advisory locks, held on a connection of their own, one per shard the process runs
/// (see [`crate::shards`]). Two processes never look after the same server's games, a process
/// running every shard is alone, and all processes must agree on the number of shards.
#[derive(Debug)]
pub struct ProcessLock {
    _held: Held,
}

#[derive(Debug)]
enum Held {
    File(#[allow(dead_code)] std::fs::File),
    Postgres(#[allow(dead_code)] sqlx::PgConnection),
    /// An in-memory database: no other process can reach it.
    Nothing,
}

/// The PostgreSQL notification channel on which processes ask each other for redraws.
pub const REDRAW_CHANNEL: &str = "farmhand_redraw";

/// The first key of Farmhand's PostgreSQL advisory locks ("Frmh" in ASCII); the second key says
/// which shard: 0 for a process running every shard, `total << 16 | shard` for one shard of a
/// range (both below 2^15, so the key stays positive).
const PG_LOCK_CLASS: i32 = 0x4672_6d68;
/// Held for a moment while a process looks at the others' locks and takes its own, so two
/// processes starting together cannot both see a free database.
const PG_STARTUP_CLASS: i32 = 0x4672_6d69;

fn pg_shard_key(total: u32, shard: u32) -> i32 {
    ((total << 16) | shard) as i32
}

/// Why the shards another process holds (the second keys of its locks) clash with `shards`.
fn pg_clash(shards: crate::shards::Shards, held: &[i64]) -> Option<String> {
    use crate::shards::Shards;
    let first = *held.first()?;
    match shards {
        Shards::All => Some(if first == 0 {
            "another bot process runs every shard on this database (stop it, or give each process its own discord.shard_range)".to_string()
        } else {
            format!(
                "other bot processes run shards of this database (discord.shards = {}); this one would run them all: give it a discord.shard_range of its own",
                first >> 16
            )
        }),
        Shards::Range {
            first: a,
            last: b,
            total,
        } => {
            for &k in held {
                if k == 0 {
                    return Some("another bot process runs every shard on this database (give it a discord.shard_range too)".to_string());
                }
                let (t, s) = ((k >> 16) as u32, (k & 0xffff) as u32);
                if t != total {
                    return Some(format!(
                        "other bot processes run this database with discord.shards = {t}, this one with {total}: every process must name the same number"
                    ));
                }
                if (a..=b).contains(&s) {
                    return Some(format!(
                        "shard {s} of {total} is already run by another bot process (discord.shard_range must not overlap)"
                    ));
                }
            }
            None
        }
    }
}

impl ProcessLock {
    /// Takes the lock for the database at `location` (a SQLite path or a PostgreSQL URL), for a
    /// process running `shards`.
    pub async fn acquire_for(
        location: &str,
        shards: crate::shards::Shards,
    ) -> Result<ProcessLock, StoreError> {
        match Location::parse(location)? {
            Location::Sqlite(path) => ProcessLock::acquire(&path),
            Location::Memory => Ok(ProcessLock {
                _held: Held::Nothing,
            }),
            Location::Postgres(url) => {
                let pg = |e: sqlx::Error| postgres_error(&url, e);
                let mut conn = <sqlx::PgConnection as sqlx::Connection>::connect(&url)
                    .await
                    .map_err(pg)?;
                sqlx::query("SELECT pg_advisory_lock($1, 0)")
                    .bind(PG_STARTUP_CLASS)
                    .execute(&mut conn)
                    .await
                    .map_err(pg)?;
                let taken = ProcessLock::take_shards(&mut conn, shards).await;
                sqlx::query("SELECT pg_advisory_unlock($1, 0)")
                    .bind(PG_STARTUP_CLASS)
                    .execute(&mut conn)
                    .await
                    .map_err(pg)?;
                if let Some(why) = taken? {
                    return Err(StoreError::InUse {
                        path: shown_location(location),
                        why,
                    });
                }
                Ok(ProcessLock {
                    _held: Held::Postgres(conn),
                })
            }
        }
    }

    /// Under the start-up lock: reads the shard locks other processes hold on this database and,
    /// unless they clash with `shards`, takes this process's own. Returns the clash, if any.
    async fn take_shards(
        conn: &mut sqlx::PgConnection,
        shards: crate::shards::Shards,
    ) -> Result<Option<String>, StoreError> {
        use crate::shards::Shards;
        // Advisory locks with two int4 keys show as classid/objid with objsubid 2.
        let held: Vec<i64> = sqlx::query_scalar(
            "SELECT objid::bigint FROM pg_locks
             WHERE locktype = 'advisory' AND objsubid = 2 AND granted
               AND classid::bigint = $1 AND pid <> pg_backend_pid()
               AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
             ORDER BY objid::bigint",
        )
        .bind(i64::from(PG_LOCK_CLASS))
        .fetch_all(&mut *conn)
        .await?;
        if let Some(why) = pg_clash(shards, &held) {
            return Ok(Some(why));
        }
        let keys: Vec<i32> = match shards {
            Shards::All => vec![0],
            Shards::Range { first, last, total } => {
                (first..=last).map(|s| pg_shard_key(total, s)).collect()
            }
        };
        for key in keys {
            // Never blocks: the check above saw the key free, and keys are only taken under the
            // start-up lock; a refusal here would be a process outside that rule.
            let got: bool = sqlx::query_scalar("SELECT pg_try_advisory_lock($1, $2)")
                .bind(PG_LOCK_CLASS)
                .bind(key)
                .fetch_one(&mut *conn)
                .await?;
            if !got {
                return Ok(Some(
                    "another bot process holds this process's shards".to_string(),
                ));
            }
        }
        Ok(None)
    }

    /// Takes the lock for the SQLite file at `path`, or says which file is in use. The path is
    /// checked first ([`SqliteFile::resolve`]: no special file, no second name), and the lock
    /// is keyed to the file's real path, so a symbolic link and its target share one lock.
    pub fn acquire(path: &Path) -> Result<ProcessLock, StoreError> {
        ProcessLock::acquire_file(&SqliteFile::resolve(path)?)
    }

    fn acquire_file(file: &SqliteFile) -> Result<ProcessLock, StoreError> {
        let mut lock_path = file.real.as_os_str().to_owned();
        lock_path.push(".lock");
        let lock_path = std::path::PathBuf::from(lock_path);
        let lock_file = std::fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&lock_path)
            .map_err(|e| StoreError::LockFile {
                path: lock_path.display().to_string(),
                dir: lock_path
                    .parent()
                    .map_or_else(String::new, |d| d.display().to_string()),
                message: e.to_string(),
            })?;
        match lock_file.try_lock() {
            Ok(()) => Ok(ProcessLock {
                _held: Held::File(lock_file),
            }),
            Err(std::fs::TryLockError::WouldBlock) => Err(StoreError::InUse {
                path: file.shown.display().to_string(),
                why: "SQLite serves one process (stop the other one, or use PostgreSQL)"
                    .to_string(),
            }),
            Err(std::fs::TryLockError::Error(e)) => Err(StoreError::LockFile {
                path: lock_path.display().to_string(),
                dir: lock_path
                    .parent()
                    .map_or_else(String::new, |d| d.display().to_string()),
                message: e.to_string(),
            }),
        }
    }
}

impl Store {
    /// The journal mode and `synchronous` level the database runs with (`("wal", 2)` for a
    /// file: 2 is FULL, so a commit survives a power cut before anyone is told "done").
    /// On PostgreSQL: `("postgres", 2)` when `synchronous_commit` is on (its default).
    pub async fn durability(&self) -> Result<(String, i64), StoreError> {
        if self.backend == Backend::Postgres {
            let sync: String = sqlx::query_scalar("SHOW synchronous_commit")
                .fetch_one(&self.pool)
                .await?;
            return Ok(("postgres".into(), if sync == "off" { 0 } else { 2 }));
        }
        let mode: String = sqlx::query_scalar("PRAGMA journal_mode")
            .fetch_one(&self.pool)
            .await?;
        let sync: i64 = sqlx::query_scalar("PRAGMA synchronous")
            .fetch_one(&self.pool)
            .await?;
        Ok((mode, sync))
    }

    /// Opens (creating if needed) the SQLite file at `path` and applies the migrations. A file
    /// that holds another program's tables is refused before anything is written to it; a
    /// special file (a FIFO, `/dev/null`) before it is opened; a file that cannot be written
    /// at start, with what to do.
    pub async fn open(path: &Path) -> Result<Store, StoreError> {
        sqlx::any::install_default_drivers();
        let file = SqliteFile::resolve(path)?;
        Store::check_ours(&file).await?;
        let pool = AnyPoolOptions::new()
            .max_connections(4)
            .after_connect(|conn, _| {
                Box::pin(async move { conn.execute(SQLITE_SETUP).await.map(|_| ()) })
            })
            .connect(&file.url())
            .await
            .map_err(|e| sqlite_unwritable(&file, e))?;
        Store::check_writable(&pool, &file).await?;
        Store::migrated(pool, Backend::Sqlite).await
    }

    /// A write that is rolled back: SQLite opens a file it may not write read-only without a
    /// word, and every command would then fail ("attempt to write a readonly database").
    async fn check_writable(pool: &AnyPool, file: &SqliteFile) -> Result<(), StoreError> {
        let result = async {
            let mut tx = pool.begin_with("BEGIN IMMEDIATE").await?;
            sqlx::query("CREATE TABLE farmhand_write_check (x INTEGER)")
                .execute(&mut *tx)
                .await?;
            tx.rollback().await
        }
        .await;
        result.map_err(|e| sqlite_unwritable(file, e))
    }

    /// Whether the database takes writes now: a write transaction that is rolled back (SQLite:
    /// `BEGIN IMMEDIATE`, which also waits for the write lock; PostgreSQL: a read-only server or
    /// role refuses the `CREATE TABLE`). For `/healthz`; nothing is kept.
    pub async fn write_check(&self) -> Result<(), StoreError> {
        let begin = match self.backend {
            Backend::Sqlite => "BEGIN IMMEDIATE",
            Backend::Postgres => "BEGIN",
        };
        let mut tx = self.pool.begin_with(begin).await?;
        sqlx::query("CREATE TABLE farmhand_write_check (x INTEGER)")
            .execute(&mut *tx)
            .await?;
        tx.rollback().await?;
        Ok(())
    }

    /// Opens the database at `location` (`database.url`): a `postgres://` URL, or a SQLite file
    /// (a path or a `sqlite://` URL, see [`Store::open`]), or `:memory:`. The migrations are
    /// applied either way.
    pub async fn connect(location: &str) -> Result<Store, StoreError> {
        sqlx::any::install_default_drivers();
        match Location::parse(location)? {
            Location::Sqlite(path) => Store::open(&path).await,
            Location::Memory => Store::open_in_memory().await,
            Location::Postgres(url) => {
                let pool = AnyPoolOptions::new()
                    .max_connections(8)
                    .acquire_timeout(Duration::from_secs(10))
                    .connect(&url)
                    .await
                    .map_err(|e| postgres_error(&url, e))?;
                // A read-only server (a standby) or role would fail every command instead.
                let read_only: String = sqlx::query_scalar("SHOW transaction_read_only")
                    .fetch_one(&pool)
                    .await
                    .map_err(|e| postgres_error(&url, e))?;
                if read_only == "on" {
                    return Err(StoreError::ReadOnly {
                        path: shown_location(&url),
                        why: "transaction_read_only is on".into(),
                        todo: "point database.url at the primary server, or give the role write access",
                    });
                }
                Store::migrated(pool, Backend::Postgres)
                    .await
                    .map_err(|e| match e {
                        StoreError::Migrate(m) => StoreError::Postgres {
                            shown: shown_location(&url),
                            why: hide_password(&url, &format!("migration failed: {m}")),
                        },
                        other => other,
                    })
            }
        }
    }

    /// Which database this store runs on.
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// Closes the connections (a command-line tool that is done: PostgreSQL sees the sessions
    /// end, SQLite checkpoints its WAL file).
    pub async fn close(&self) {
        self.pool.close().await;
    }

    /// Refuses an existing SQLite file that is not a Farmhand database: one without our tables,
    /// or with tables we do not know. It is looked at through a read-only connection, so a
    /// refused file is left byte for byte as it was (opening it for real would switch it to WAL
    /// mode and add our tables). A missing or empty file is a new database.
    async fn check_ours(file: &SqliteFile) -> Result<(), StoreError> {
        let path = &file.shown;
        match std::fs::metadata(&file.real) {
            Ok(m) if m.len() > 0 => {}
            _ => return Ok(()),
        }
        let opts = SqliteConnectOptions::from_str("sqlite://")?
            .filename(&file.real)
            .read_only(true);
        // A file this user may not write can fail even this look (its WAL index is not
        // writable): that is said as such, not as an unknown database error.
        let mut conn = <sqlx::SqliteConnection as sqlx::Connection>::connect_with(&opts)
            .await
            .map_err(|e| sqlite_unwritable(file, e))?;
        let tables: Vec<String> = sqlx::query_scalar(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
        )
        .fetch_all(&mut conn)
        .await
        .map_err(|e| sqlite_unwritable(file, e))?;
        let _ = sqlx::Connection::close(conn).await;
        let ours = |t: &str| t == "_sqlx_migrations" || KNOWN_TABLES.contains(&t);
        let strangers: Vec<&str> = tables
            .iter()
            .map(String::as_str)
            .filter(|t| !ours(t))
            .collect();
        let found = if tables.is_empty() {
            "no tables".to_string()
        } else if !strangers.is_empty() {
            let shown: Vec<&str> = strangers.iter().take(5).copied().collect();
            format!("tables Farmhand does not know: {}", shown.join(", "))
        } else if !tables.iter().any(|t| t == "_sqlx_migrations") {
            "no record of Farmhand's migrations".to_string()
        } else {
            return Ok(());
        };
        Err(StoreError::Foreign {
            path: path.display().to_string(),
            found,
        })
    }

    /// A consistent copy of the SQLite database at `location` (`database.url`), taken while a
    /// bot may be writing it (`VACUUM INTO` reads one snapshot, committed transactions only,
    /// including those still in the WAL file), into the new file `target`. The copy is then
    /// checked (`PRAGMA integrity_check`) and counted. PostgreSQL has its own tool (`pg_dump`).
    pub async fn backup(location: &str, target: &Path) -> Result<Backup, StoreError> {
        use sqlx::Connection as _;
        let refused = |why: &str| StoreError::Location { why: why.into() };
        let path = match Location::parse(location)? {
            Location::Sqlite(path) => path,
            Location::Memory => {
                return Err(refused("an in-memory database has nothing to back up"));
            }
            Location::Postgres(_) => {
                return Err(refused(
                    "this is a PostgreSQL database: back it up with pg_dump (see the documentation, \"Backups\")",
                ));
            }
        };
        let backup_error = |why: String| StoreError::Backup { why };
        if !std::fs::metadata(&path).is_ok_and(|m| m.len() > 0) {
            return Err(backup_error(format!(
                "there is no database at {}",
                path.display()
            )));
        }
        let file = SqliteFile::resolve(&path)?;
        Store::check_ours(&file).await?;
        if std::fs::symlink_metadata(target).is_ok() {
            return Err(backup_error(format!(
                "{} already exists; a backup never overwrites a file: choose a new name",
                target.display()
            )));
        }
        let copy = SqliteFile::resolve(target)?;
        let Some(copy_path) = copy.real.to_str() else {
            return Err(backup_error(format!(
                "{} is not a UTF-8 path",
                target.display()
            )));
        };
        let source = SqliteConnectOptions::from_str(&file.url_with_mode("rw"))?
            .busy_timeout(Duration::from_secs(10));
        let mut conn = sqlx::SqliteConnection::connect_with(&source).await?;
        sqlx::query("VACUUM INTO ?")
            .bind(copy_path)
            .execute(&mut conn)
            .await
            .map_err(|e| backup_error(format!("cannot write {}: {e}", target.display())))?;
        let _ = conn.close().await;
        let check = SqliteConnectOptions::from_str(&copy.url_with_mode("ro"))?;
        let mut conn = sqlx::SqliteConnection::connect_with(&check).await?;
        let integrity: String = sqlx::query_scalar("PRAGMA integrity_check")
            .fetch_one(&mut conn)
            .await?;
        if integrity != "ok" {
            return Err(backup_error(format!(
                "the copy {} failed its integrity check: {integrity}",
                target.display()
            )));
        }
        let games: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM game")
            .fetch_one(&mut conn)
            .await?;
        let actions: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM game_action")
            .fetch_one(&mut conn)
            .await?;
        let _ = conn.close().await;
        Ok(Backup {
            games,
            actions,
            bytes: std::fs::metadata(&copy.real).map_or(0, |m| m.len()),
        })
    }

    /// A private in-memory database (tests): one connection, since each in-memory connection
    /// would otherwise be its own database.
    pub async fn open_in_memory() -> Result<Store, StoreError> {
        sqlx::any::install_default_drivers();
        // The database lives only as long as its one connection: never let the pool close it.
        let pool = AnyPoolOptions::new()
            .max_connections(1)
            .idle_timeout(None)
            .max_lifetime(None)
            .after_connect(|conn, _| {
                Box::pin(async move { conn.execute("PRAGMA foreign_keys = ON").await.map(|_| ()) })
            })
            .connect("sqlite::memory:")
            .await?;
        Store::migrated(pool, Backend::Sqlite).await
    }

    async fn migrated(pool: AnyPool, backend: Backend) -> Result<Store, StoreError> {
        match backend {
            Backend::Sqlite => sqlx::migrate!("./migrations").run(&pool).await?,
            Backend::Postgres => sqlx::migrate!("./migrations/postgres").run(&pool).await?,
        }
        Ok(Store { pool, backend })
    }

    /// A write transaction. On SQLite it takes the write lock at once (a deferred transaction
    /// that upgrades to writing fails with SQLITE_BUSY instead of waiting). On PostgreSQL a plain
    /// one: every game write is guarded by its version (`UPDATE ... WHERE version = $2`), which
    /// PostgreSQL re-checks against the latest row, so two writers never both win.
    async fn write(&self) -> Result<Transaction<'static, Any>, StoreError> {
        Ok(match self.backend {
            Backend::Sqlite => self.pool.begin_with("BEGIN IMMEDIATE").await?,
            Backend::Postgres => self.pool.begin().await?,
        })
    }

    /// Opens a table (a lobby) of the game `kind` (the `game.kind` column) with its host in
    /// seat 0.
    #[allow(clippy::too_many_arguments)]
    pub async fn create_table(
        &self,
        kind: &str,
        guild_id: Option<u64>,
        channel_id: u64,
        host_id: u64,
        host_name: &str,
        options: &TableOptions,
        seed: u64,
    ) -> Result<GameId, StoreError> {
        let mut seats = vec![SeatRow {
            seat: 0,
            user_id: host_id,
            name: host_name.to_string(),
        }];
        for (k, b) in options.bots.iter().enumerate() {
            seats.push(SeatRow {
                seat: k + 1,
                user_id: b.user_id,
                name: bot_name(k, &b.bot),
            });
        }
        self.create_table_seated(kind, guild_id, channel_id, host_id, &seats, options, seed)
            .await
    }

    /// Opens a table (a lobby) with these seats already taken (a rematch's).
    #[allow(clippy::too_many_arguments)]
    pub async fn create_table_seated(
        &self,
        kind: &str,
        guild_id: Option<u64>,
        channel_id: u64,
        host_id: u64,
        seats: &[SeatRow],
        options: &TableOptions,
        seed: u64,
    ) -> Result<GameId, StoreError> {
        let now = now_ms();
        let mut tx = self.write().await?;
        let id: i64 = sqlx::query(
            "INSERT INTO game (kind, guild_id, channel_id, host_id, status, options, seed, version, created_at, updated_at)
             VALUES ($1, $2, $3, $4, 'open', $5, $6, 0, $7, $7) RETURNING id",
        )
        .bind(kind)
        .bind(guild_id.map(|g| g as i64))
        .bind(channel_id as i64)
        .bind(host_id as i64)
        .bind(serde_json::to_string(options).expect("options serialize"))
        .bind(seed as i64)
        .bind(now)
        .fetch_one(&mut *tx)
        .await?
        .get(0);
        for s in seats {
            sqlx::query(
                "INSERT INTO game_seat (game_id, seat, user_id, name) VALUES ($1, $2, $3, $4)",
            )
            .bind(id)
            .bind(s.seat as i64)
            .bind(s.user_id as i64)
            .bind(&s.name)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(id)
    }

    /// Replaces the options of an open table (a rematch's confirmations), at `version`.
    pub async fn set_options(
        &self,
        id: GameId,
        version: i64,
        options: &TableOptions,
    ) -> Result<i64, StoreError> {
        let mut tx = self.write().await?;
        let v = Store::bump(&mut tx, id, version).await?;
        sqlx::query("UPDATE game SET options = $2 WHERE id = $1")
            .bind(id)
            .bind(serde_json::to_string(options).expect("options serialize"))
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(v)
    }

    /// A game with its seats.
    pub async fn table(&self, id: GameId) -> Result<Table, StoreError> {
        let row = sqlx::query("SELECT * FROM game WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        let game = match row {
            Some(r) => game_row(&r)?,
            None => return Err(StoreError::NotFound),
        };
        let seats = self.seats(id).await?;
        Ok(Table { game, seats })
    }

    async fn seats(&self, id: GameId) -> Result<Vec<SeatRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT seat, user_id, name FROM game_seat WHERE game_id = $1 ORDER BY seat",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .iter()
            .map(|r| SeatRow {
                seat: r.get::<i64, _>(0) as usize,
                user_id: r.get::<i64, _>(1) as u64,
                name: r.get(2),
            })
            .collect())
    }

    /// Bumps the version if it is still `version`, inside `tx`; fails with `Conflict` otherwise.
    async fn bump(
        tx: &mut Transaction<'static, Any>,
        id: GameId,
        version: i64,
    ) -> Result<i64, StoreError> {
        let done = sqlx::query(
            "UPDATE game SET version = version + 1, updated_at = $3 WHERE id = $1 AND version = $2",
        )
        .bind(id)
        .bind(version)
        .bind(now_ms())
        .execute(&mut **tx)
        .await?;
        if done.rows_affected() != 1 {
            return Err(StoreError::Conflict);
        }
        Ok(version + 1)
    }

    /// Replaces the seats of an open table (join / leave), at `version`.
    pub async fn set_seats(
        &self,
        id: GameId,
        version: i64,
        seats: &[SeatRow],
    ) -> Result<i64, StoreError> {
        let mut tx = self.write().await?;
        let v = Store::bump(&mut tx, id, version).await?;
        sqlx::query("DELETE FROM game_seat WHERE game_id = $1")
            .bind(id)
            .execute(&mut *tx)
            .await?;
        for s in seats {
            sqlx::query(
                "INSERT INTO game_seat (game_id, seat, user_id, name) VALUES ($1, $2, $3, $4)",
            )
            .bind(id)
            .bind(s.seat as i64)
            .bind(s.user_id as i64)
            .bind(&s.name)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(v)
    }

    /// Starts a game: final seats, the first snapshot and its start events, at `version`.
    pub async fn start(
        &self,
        id: GameId,
        version: i64,
        seats: &[SeatRow],
        snapshot: &str,
        events: &[String],
    ) -> Result<i64, StoreError> {
        let mut tx = self.write().await?;
        let v = Store::bump(&mut tx, id, version).await?;
        sqlx::query("DELETE FROM game_seat WHERE game_id = $1")
            .bind(id)
            .execute(&mut *tx)
            .await?;
        for s in seats {
            sqlx::query(
                "INSERT INTO game_seat (game_id, seat, user_id, name) VALUES ($1, $2, $3, $4)",
            )
            .bind(id)
            .bind(s.seat as i64)
            .bind(s.user_id as i64)
            .bind(&s.name)
            .execute(&mut *tx)
            .await?;
        }
        sqlx::query("UPDATE game SET status = 'active', snapshot = $2, waiting_since = $3, reminders_sent = 0 WHERE id = $1")
            .bind(id)
            .bind(snapshot)
            .bind(now_ms())
            .execute(&mut *tx)
            .await?;
        Store::append_events(&mut tx, id, v, events).await?;
        tx.commit().await?;
        Ok(v)
    }

    async fn append_events(
        tx: &mut Transaction<'static, Any>,
        id: GameId,
        version: i64,
        events: &[String],
    ) -> Result<(), StoreError> {
        let next: i64 =
            sqlx::query("SELECT COALESCE(MAX(seq) + 1, 0) FROM game_event WHERE game_id = $1")
                .bind(id)
                .fetch_one(&mut **tx)
                .await?
                .get(0);
        let now = now_ms();
        for (k, e) in events.iter().enumerate() {
            sqlx::query("INSERT INTO game_event (game_id, seq, version, event, created_at) VALUES ($1, $2, $3, $4, $5)")
                .bind(id)
                .bind(next + k as i64)
                .bind(version)
                .bind(e)
                .bind(now)
                .execute(&mut **tx)
                .await?;
        }
        Ok(())
    }

    /// Saves one applied action in a single transaction: the new snapshot, the action, its
    /// events, and the status. Fails with `Conflict` (and writes nothing) if the game is no longer
    /// at `version`. `moved_on` restarts the reminder clock.
    #[allow(clippy::too_many_arguments)]
    pub async fn save_action(
        &self,
        id: GameId,
        version: i64,
        seat: usize,
        action: &str,
        snapshot: &str,
        events: &[String],
        status: Status,
        moved_on: bool,
    ) -> Result<i64, StoreError> {
        let row = (action.to_string(), events.to_vec());
        self.save_actions(
            id,
            version,
            seat,
            std::slice::from_ref(&row),
            snapshot,
            status,
            moved_on,
        )
        .await
    }

    /// Saves several applied actions of one seat in a single transaction (a confirmed harvest
    /// plan): all of them or none. Each `(action, events)` gets its own version, consecutive from
    /// `version + 1`, exactly as if saved one by one with [`Store::save_action`], so the action
    /// log still replays step by step; the snapshot and status are the state after the last one.
    /// Fails with `Conflict` (and writes nothing) if the game is no longer at `version`. An empty
    /// list writes nothing. Returns the new version.
    #[allow(clippy::too_many_arguments)]
    pub async fn save_actions(
        &self,
        id: GameId,
        version: i64,
        seat: usize,
        actions: &[(String, Vec<String>)],
        snapshot: &str,
        status: Status,
        moved_on: bool,
    ) -> Result<i64, StoreError> {
        self.save_actions_recorded(id, version, seat, actions, snapshot, status, moved_on, None)
            .await
    }

    /// [`Store::save_actions`], writing `record` in the same transaction: the actions that end
    /// a game and its record are stored together or not at all, so a finished game is never
    /// missing from the history, and never in it without its last move.
    #[allow(clippy::too_many_arguments)]
    pub async fn save_actions_recorded(
        &self,
        id: GameId,
        version: i64,
        seat: usize,
        actions: &[(String, Vec<String>)],
        snapshot: &str,
        status: Status,
        moved_on: bool,
        record: Option<&GameRecord>,
    ) -> Result<i64, StoreError> {
        if actions.is_empty() {
            return Ok(version);
        }
        let mut tx = self.write().await?;
        let now = now_ms();
        let mut v = version;
        for (action, events) in actions {
            // The first bump checks the version the caller saw; the later ones cannot fail
            // inside this write transaction.
            v = Store::bump(&mut tx, id, v).await?;
            sqlx::query("INSERT INTO game_action (game_id, version, seat, action, created_at) VALUES ($1, $2, $3, $4, $5)")
                .bind(id)
                .bind(v)
                .bind(seat as i64)
                .bind(action)
                .bind(now)
                .execute(&mut *tx)
                .await?;
            Store::append_events(&mut tx, id, v, events).await?;
        }
        sqlx::query("UPDATE game SET snapshot = $2, status = $3 WHERE id = $1")
            .bind(id)
            .bind(snapshot)
            .bind(status.as_str())
            .execute(&mut *tx)
            .await?;
        if moved_on {
            sqlx::query("UPDATE game SET waiting_since = $2, reminders_sent = 0 WHERE id = $1")
                .bind(id)
                .bind(now)
                .execute(&mut *tx)
                .await?;
        }
        if let Some(record) = record {
            self.insert_record(&mut tx, id, record).await?;
        }
        tx.commit().await?;
        Ok(v)
    }

    /// Sets the status (cancel, abandon), at `version`.
    pub async fn set_status(
        &self,
        id: GameId,
        version: i64,
        status: Status,
    ) -> Result<i64, StoreError> {
        self.set_status_recorded(id, version, status, None).await
    }

    /// [`Store::set_status`], writing `record` in the same transaction (an abandoned game's).
    pub async fn set_status_recorded(
        &self,
        id: GameId,
        version: i64,
        status: Status,
        record: Option<&GameRecord>,
    ) -> Result<i64, StoreError> {
        let mut tx = self.write().await?;
        let v = Store::bump(&mut tx, id, version).await?;
        sqlx::query("UPDATE game SET status = $2 WHERE id = $1")
            .bind(id)
            .bind(status.as_str())
            .execute(&mut *tx)
            .await?;
        if let Some(record) = record {
            self.insert_record(&mut tx, id, record).await?;
        }
        tx.commit().await?;
        Ok(v)
    }

    /// Records where the table lives in Discord (no version bump: this is bookkeeping, not
    /// game state, and must not make players' buttons stale).
    pub async fn set_message(
        &self,
        id: GameId,
        thread_id: Option<u64>,
        table_message_id: Option<u64>,
    ) -> Result<(), StoreError> {
        sqlx::query("UPDATE game SET thread_id = COALESCE($2, thread_id), table_message_id = COALESCE($3, table_message_id) WHERE id = $1")
            .bind(id)
            .bind(thread_id.map(|t| t as i64))
            .bind(table_message_id.map(|t| t as i64))
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Records that the public table message now shows `version` of the game (bookkeeping, no
    /// version bump). Never moves backwards: a slow redraw of an older version cannot hide a newer
    /// one.
    pub async fn note_table_drawn(&self, id: GameId, version: i64) -> Result<(), StoreError> {
        sqlx::query(
            "UPDATE game SET table_drawn_version = $2 WHERE id = $1 AND (table_drawn_version IS NULL OR table_drawn_version < $2)",
        )
        .bind(id)
        .bind(version)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Tables whose public message was last drawn before their latest version (or never since it
    /// was posted): what a crash between a commit and a redraw leaves behind.
    pub async fn stale_tables(&self) -> Result<Vec<GameId>, StoreError> {
        let rows = sqlx::query(
            "SELECT id FROM game WHERE table_message_id IS NOT NULL AND (table_drawn_version IS NULL OR table_drawn_version < version) ORDER BY id",
        )
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.iter().map(|r| r.get(0)).collect())
    }

    /// Records what the stand-in bot did, and restarts the reminder and stand-in clock so the
    /// player gets the full delay again before the next one (bookkeeping, no version bump).
    pub async fn note_stand_in(&self, id: GameId, note: &str) -> Result<(), StoreError> {
        sqlx::query(
            "UPDATE game SET stand_in_note = $2, waiting_since = $3, reminders_sent = 0 WHERE id = $1",
        )
        .bind(id)
        .bind(note)
        .bind(now_ms())
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Asks the bot process that looks after a game's server to redraw one of its messages
    /// (`payload` says which, see `discord::redraw`). PostgreSQL only, where several processes
    /// share the database: a `NOTIFY` on [`REDRAW_CHANNEL`], delivered to every listening
    /// process. Nothing to do on SQLite, whose one process looks after every game.
    pub async fn announce_redraw(&self, payload: &str) -> Result<(), StoreError> {
        if self.backend == Backend::Postgres {
            sqlx::query("SELECT pg_notify($1, $2)")
                .bind(REDRAW_CHANNEL)
                .bind(payload)
                .execute(&self.pool)
                .await?;
        }
        Ok(())
    }

    /// Claims the next reminder of a game (bookkeeping, no version bump): counts it as sent if
    /// the game is still active, has sent `sent` reminders and still waits since
    /// `waiting_since`. True for exactly one caller, even with several bot processes on one
    /// database: the one that may send it. A reminder is claimed before it goes out, so a crash
    /// in between loses that one reminder rather than sending it twice.
    pub async fn claim_reminder(
        &self,
        id: GameId,
        sent: i64,
        waiting_since: i64,
    ) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "UPDATE game SET reminders_sent = reminders_sent + 1
             WHERE id = $1 AND reminders_sent = $2 AND waiting_since = $3 AND status = 'active'",
        )
        .bind(id)
        .bind(sent)
        .bind(waiting_since)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Open and active tables in a channel or its threads, newest first.
    pub async fn live_tables_in(&self, channel_id: u64) -> Result<Vec<GameId>, StoreError> {
        let rows = sqlx::query(
            "SELECT id FROM game WHERE (channel_id = $1 OR thread_id = $1) AND status IN ('open', 'active') ORDER BY id DESC",
        )
        .bind(channel_id as i64)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.iter().map(|r| r.get(0)).collect())
    }

    /// The newest started table of game `kind` (a `game.kind` value) in a channel or its
    /// threads, whatever its status (for `/fog export`, which wants ended games too).
    pub async fn latest_started_in(
        &self,
        channel_id: u64,
        kind: &str,
    ) -> Result<Option<GameId>, StoreError> {
        let row = sqlx::query(
            "SELECT id FROM game WHERE (channel_id = $1 OR thread_id = $1) AND kind = $2 AND snapshot IS NOT NULL ORDER BY id DESC LIMIT 1",
        )
        .bind(channel_id as i64)
        .bind(kind)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map(|r| r.get(0)))
    }

    /// Open and active tables in a server, newest first.
    pub async fn live_tables_in_guild(&self, guild_id: u64) -> Result<Vec<GameId>, StoreError> {
        let rows = sqlx::query("SELECT id FROM game WHERE guild_id = $1 AND status IN ('open', 'active') ORDER BY id DESC")
            .bind(guild_id as i64)
            .fetch_all(&self.pool)
            .await?;
        Ok(rows.iter().map(|r| r.get(0)).collect())
    }

    /// Live tables where `user_id` holds a seat, newest first.
    pub async fn live_tables_of(&self, user_id: u64) -> Result<Vec<GameId>, StoreError> {
        let rows = sqlx::query(
            "SELECT g.id FROM game g JOIN game_seat s ON s.game_id = g.id
             WHERE s.user_id = $1 AND g.status IN ('open', 'active') ORDER BY g.id DESC",
        )
        .bind(user_id as i64)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.iter().map(|r| r.get(0)).collect())
    }

    /// Every active game (for the reminder loop).
    pub async fn active_games(&self) -> Result<Vec<GameId>, StoreError> {
        let rows = sqlx::query("SELECT id FROM game WHERE status = 'active' ORDER BY id")
            .fetch_all(&self.pool)
            .await?;
        Ok(rows.iter().map(|r| r.get(0)).collect())
    }

    /// The accepted actions of a game, in order: (version, seat, action JSON).
    pub async fn actions(&self, id: GameId) -> Result<Vec<(i64, usize, String)>, StoreError> {
        let rows = sqlx::query(
            "SELECT version, seat, action FROM game_action WHERE game_id = $1 ORDER BY version",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .iter()
            .map(|r| (r.get(0), r.get::<i64, _>(1) as usize, r.get(2)))
            .collect())
    }

    /// The last `limit` events of a game, oldest first: (version, event JSON).
    pub async fn recent_events(
        &self,
        id: GameId,
        limit: i64,
    ) -> Result<Vec<(i64, String)>, StoreError> {
        let rows = sqlx::query(
            "SELECT version, event FROM (SELECT seq, version, event FROM game_event WHERE game_id = $1 ORDER BY seq DESC LIMIT $2) AS recent ORDER BY seq",
        )
        .bind(id)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.iter().map(|r| (r.get(0), r.get(1))).collect())
    }

    /// The public log since `seat` last acted (events of versions after its newest stored
    /// action, or since the start when it has none), up to `up_to` (the version a view is drawn
    /// at): whether the seat has acted at all, how many events there are, and the newest
    /// `limit` of them (version, JSON), oldest first.
    pub async fn events_since_seat(
        &self,
        id: GameId,
        seat: usize,
        up_to: i64,
        limit: i64,
    ) -> Result<(bool, i64, Vec<(i64, String)>), StoreError> {
        let last: Option<i64> =
            sqlx::query("SELECT MAX(version) FROM game_action WHERE game_id = $1 AND seat = $2")
                .bind(id)
                .bind(seat as i64)
                .fetch_one(&self.pool)
                .await?
                .get(0);
        let after = last.unwrap_or(0);
        let total: i64 = sqlx::query(
            "SELECT COUNT(*) FROM game_event WHERE game_id = $1 AND version > $2 AND version <= $3",
        )
        .bind(id)
        .bind(after)
        .bind(up_to)
        .fetch_one(&self.pool)
        .await?
        .get(0);
        let rows = sqlx::query(
            "SELECT version, event FROM (SELECT seq, version, event FROM game_event WHERE game_id = $1 AND version > $2 AND version <= $3 ORDER BY seq DESC LIMIT $4) AS recent ORDER BY seq",
        )
        .bind(id)
        .bind(after)
        .bind(up_to)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        Ok((
            last.is_some(),
            total,
            rows.iter().map(|r| (r.get(0), r.get(1))).collect(),
        ))
    }

    pub async fn prefs(&self, user_id: u64) -> Result<Prefs, StoreError> {
        let row = sqlx::query("SELECT hand_in_dm, reminders FROM user_pref WHERE user_id = $1")
            .bind(user_id as i64)
            .fetch_optional(&self.pool)
            .await?;
        Ok(match row {
            None => Prefs::default(),
            Some(r) => Prefs {
                hand_in_dm: r.get::<i64, _>(0) != 0,
                reminders: match r.get::<String, _>(1).as_str() {
                    "dm" => Reminders::Dm,
                    "off" => Reminders::Off,
                    _ => Reminders::Mention,
                },
            },
        })
    }

    pub async fn set_prefs(&self, user_id: u64, prefs: Prefs) -> Result<(), StoreError> {
        let reminders = match prefs.reminders {
            Reminders::Mention => "mention",
            Reminders::Dm => "dm",
            Reminders::Off => "off",
        };
        sqlx::query(
            "INSERT INTO user_pref (user_id, hand_in_dm, reminders) VALUES ($1, $2, $3)
             ON CONFLICT (user_id) DO UPDATE SET hand_in_dm = excluded.hand_in_dm, reminders = excluded.reminders",
        )
        .bind(user_id as i64)
        .bind(prefs.hand_in_dm as i64)
        .bind(reminders)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The language a player's Discord client was last seen in (None: never seen).
    pub async fn locale(&self, user_id: u64) -> Result<Option<crate::i18n::Locale>, StoreError> {
        let row = sqlx::query("SELECT locale FROM user_pref WHERE user_id = $1")
            .bind(user_id as i64)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row
            .and_then(|r| r.get::<Option<String>, _>(0))
            .map(|tag| crate::i18n::Locale::from_discord(&tag)))
    }

    /// Counts a hint shown to `seat` of game `id` (the coach, issue 30), durably; returns how
    /// many that seat has used now.
    pub async fn count_hint(&self, id: GameId, seat: usize) -> Result<u32, StoreError> {
        let row = sqlx::query(
            "INSERT INTO coach_hint (game_id, seat, used) VALUES ($1, $2, 1)
             ON CONFLICT (game_id, seat) DO UPDATE SET used = coach_hint.used + 1
             RETURNING used",
        )
        .bind(id)
        .bind(seat as i64)
        .fetch_one(&self.pool)
        .await?;
        Ok(row.get::<i64, _>(0) as u32)
    }

    /// Hints used in game `id`, by seat (seats that asked for none are left out).
    pub async fn hints_used(&self, id: GameId) -> Result<Vec<(usize, u32)>, StoreError> {
        let rows = sqlx::query(
            "SELECT seat, used FROM coach_hint WHERE game_id = $1 AND used > 0 ORDER BY seat",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .iter()
            .map(|r| (r.get::<i64, _>(0) as usize, r.get::<i64, _>(1) as u32))
            .collect())
    }

    /// Keeps the language a player's client is set to, for the DMs the bot sends them unasked.
    pub async fn note_locale(
        &self,
        user_id: u64,
        locale: crate::i18n::Locale,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO user_pref (user_id, locale) VALUES ($1, $2)
             ON CONFLICT (user_id) DO UPDATE SET locale = excluded.locale",
        )
        .bind(user_id as i64)
        .bind(locale.tag())
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The DM message showing a player's hand for a game: (channel, message).
    pub async fn dm(&self, id: GameId, user_id: u64) -> Result<Option<(u64, u64)>, StoreError> {
        let row = sqlx::query(
            "SELECT channel_id, message_id FROM game_dm WHERE game_id = $1 AND user_id = $2",
        )
        .bind(id)
        .bind(user_id as i64)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map(|r| (r.get::<i64, _>(0) as u64, r.get::<i64, _>(1) as u64)))
    }

    pub async fn set_dm(
        &self,
        id: GameId,
        user_id: u64,
        channel_id: u64,
        message_id: u64,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO game_dm (game_id, user_id, channel_id, message_id) VALUES ($1, $2, $3, $4)
             ON CONFLICT (game_id, user_id) DO UPDATE SET channel_id = excluded.channel_id, message_id = excluded.message_id",
        )
        .bind(id)
        .bind(user_id as i64)
        .bind(channel_id as i64)
        .bind(message_id as i64)
        .execute(&self.pool)
        .await?;
        Ok(())
    }
}

fn game_row(r: &AnyRow) -> Result<GameRow, StoreError> {
    let opt = |name: &str| -> Option<u64> { r.get::<Option<i64>, _>(name).map(|v| v as u64) };
    let options: String = r.get("options");
    Ok(GameRow {
        id: r.get("id"),
        kind: r.get("kind"),
        guild_id: opt("guild_id"),
        channel_id: r.get::<i64, _>("channel_id") as u64,
        thread_id: opt("thread_id"),
        table_message_id: opt("table_message_id"),
        host_id: r.get::<i64, _>("host_id") as u64,
        status: Status::parse(r.get::<String, _>("status").as_str())?,
        options: serde_json::from_str(&options)
            .map_err(|e| StoreError::Corrupt(format!("options: {e}")))?,
        seed: r.get::<i64, _>("seed") as u64,
        version: r.get("version"),
        snapshot: r.get("snapshot"),
        waiting_since: r.get("waiting_since"),
        reminders_sent: r.get("reminders_sent"),
        stand_in_note: r.get("stand_in_note"),
        created_at: r.get("created_at"),
        updated_at: r.get("updated_at"),
    })
}
