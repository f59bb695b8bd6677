//! Opening the database: SQLite files (checked to be ours and writable, with their one-process
//! lock) or PostgreSQL (TLS, shard-range locks), the migrations, backups, and how a write
//! transaction begins on each backend. The rest of the store only reads and writes rows.

use super::*;

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
    crate::secret::redact(&shown)
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
const KNOWN_TABLES: [&str; 15] = [
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
    "game_undo",
    "player_away",
    "game_seat_change",
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
            // No ping before each use: the file is in this process, and a connection to it cannot
            // go stale the way a network connection can (a failing disk fails the query itself).
            // The ping was a round trip to the connection's worker thread for every query: 2.7%
            // of a two-player end-to-end game's CPU went to waking that thread for it (perf,
            // stop 55).
            .test_before_acquire(false)
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
            Backend::Sqlite => super::migrations::migrator(false).run(&pool).await?,
            Backend::Postgres => super::migrations::migrator(true).run(&pool).await?,
        }
        Ok(Store {
            pool,
            backend,
            clock: crate::clock::Clock::system(),
        })
    }

    /// A write transaction. On SQLite it takes the write lock at once (a deferred transaction
    /// that upgrades to writing fails with SQLITE_BUSY instead of waiting). On PostgreSQL a plain
    /// one: every game write is guarded by its version (`UPDATE ... WHERE version = $2`), which
    /// PostgreSQL re-checks against the latest row, so two writers never both win.
    pub(super) async fn write(&self) -> Result<Transaction<'static, Any>, StoreError> {
        Ok(match self.backend {
            Backend::Sqlite => self.pool.begin_with("BEGIN IMMEDIATE").await?,
            Backend::Postgres => self.pool.begin().await?,
        })
    }
}
