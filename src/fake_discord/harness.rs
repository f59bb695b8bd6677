//! Running the real bot against the fake: a temporary SQLite file, the bot's own `prepare` /
//! `client_with_http`, start and stop (a stop shuts the shards down and drops the client, like a
//! process exit as far as Discord can tell), and a panic recorder.

use super::FakeDiscord;
use crate::config::Config;
use crate::discord::{self, Data};
use anyhow::Context as _;
use poise::serenity_prelude as serenity;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, Once};
use std::time::Duration;

static COUNTER: AtomicUsize = AtomicUsize::new(0);

/// A database for one test: a SQLite file in the temp folder, removed (with its WAL files) when
/// dropped; or, when `FARMHAND_TEST_DATABASE=postgres` and `FARMHAND_TEST_POSTGRES` (the URL of a
/// server where tests may create databases, see `.ci/postgres`) are set, a fresh PostgreSQL
/// database on that server, so the same end-to-end suites run on both (`.ci/run` does both).
/// [`TempDb::path`] is then the database's URL.
pub struct TempDb {
    path: PathBuf,
}

impl TempDb {
    /// A test's database: its SQLite file in memory where the system has `/dev/shm`
    /// ([`sqlite_dir`]).
    pub fn new(tag: &str) -> TempDb {
        TempDb::made_in(tag, sqlite_dir())
    }

    /// A benchmark's database: its SQLite file in the temp folder, on a disk like a server's, so
    /// that what the benchmark measures includes each commit's flush.
    pub fn on_disk(tag: &str) -> TempDb {
        TempDb::made_in(tag, std::env::temp_dir())
    }

    fn made_in(tag: &str, dir: PathBuf) -> TempDb {
        let n = COUNTER.fetch_add(1, Ordering::SeqCst);
        if let Some(admin) = postgres_for_suites() {
            let name = format!("farmhand_e2e_{}_{n}", std::process::id());
            let url = create_postgres_database(&admin, &name);
            return TempDb {
                path: PathBuf::from(url),
            };
        }
        let path = dir.join(format!(
            "farmhand-e2e-{}-{n}-{tag}.sqlite",
            std::process::id()
        ));
        let db = TempDb { path };
        db.remove();
        db
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The location to give `Store::connect` (a SQLite path or a PostgreSQL URL).
    pub fn location(&self) -> String {
        self.path.display().to_string()
    }

    pub fn is_postgres(&self) -> bool {
        crate::store::backend_of(&self.location()) == crate::store::Backend::Postgres
    }

    fn remove(&self) {
        if self.is_postgres() {
            // The throwaway server goes with its folder; open pools may still hold the database.
            return;
        }
        for suffix in ["", "-wal", "-shm", "-journal"] {
            let mut p = self.path.clone().into_os_string();
            p.push(suffix);
            let _ = std::fs::remove_file(PathBuf::from(p));
        }
    }
}

/// Where the tests' SQLite files go: `/dev/shm` (memory) where the system has it, else the temp
/// folder. The bot commits with `synchronous = FULL` (each commit flushed to disk before a player
/// is told "done"); on `/dev/shm` the flush returns at once. The bot's SQL and its settings are
/// the same (what a power cut would lose, no test can see: the crash tests kill the process, and
/// the kernel keeps its writes), and the flushes' work in the kernel no longer costs the suite
/// CPU. The throwaway PostgreSQL server runs without flushing for the same reason (.ci/postgres).
/// The benchmarks keep theirs on disk ([`TempDb::on_disk`]): a server's flushes are part of what
/// they measure.
fn sqlite_dir() -> PathBuf {
    static DIR: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    DIR.get_or_init(|| {
        let shm = Path::new("/dev/shm");
        let probe = shm.join(format!("farmhand-probe-{}", std::process::id()));
        let writable = std::fs::write(&probe, b"").is_ok();
        let _ = std::fs::remove_file(&probe);
        if writable {
            shm.to_path_buf()
        } else {
            std::env::temp_dir()
        }
    })
    .clone()
}

/// The admin URL of the test PostgreSQL server, when the suites are asked to run on it.
fn postgres_for_suites() -> Option<String> {
    let wanted = std::env::var("FARMHAND_TEST_DATABASE").is_ok_and(|v| v == "postgres");
    if !wanted {
        return None;
    }
    match std::env::var("FARMHAND_TEST_POSTGRES") {
        Ok(url) if !url.trim().is_empty() => Some(url),
        _ => panic!(
            "FARMHAND_TEST_DATABASE=postgres needs FARMHAND_TEST_POSTGRES (see .ci/postgres)"
        ),
    }
}

/// Creates the database `name` (letters, digits and underscores of our own) on the server at
/// `admin` and returns its URL. On a thread of its own with its own runtime: `TempDb::new` is
/// called from sync and async code alike.
pub fn create_postgres_database(admin: &str, name: &str) -> String {
    let (admin, name) = (admin.to_string(), name.to_string());
    std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a runtime");
        rt.block_on(async move {
            use sqlx::Connection;
            let mut conn = sqlx::PgConnection::connect(&admin)
                .await
                .unwrap_or_else(|e| panic!("cannot reach the test PostgreSQL: {e}"));
            for sql in [
                format!("DROP DATABASE IF EXISTS {name}"),
                format!("CREATE DATABASE {name}"),
            ] {
                sqlx::query(sqlx::AssertSqlSafe(sql))
                    .execute(&mut conn)
                    .await
                    .expect("create the test database");
            }
            let _ = conn.close().await;
            let mut url = url::Url::parse(&admin).expect("FARMHAND_TEST_POSTGRES is a URL");
            url.set_path(&format!("/{name}"));
            url.to_string()
        })
    })
    .join()
    .expect("creating the test database")
}

impl Drop for TempDb {
    fn drop(&mut self) {
        self.remove();
    }
}

/// A running bot.
pub struct Bot {
    pub data: Data,
    shards: Arc<serenity::ShardManager>,
    task: tokio::task::JoinHandle<Result<(), serenity::Error>>,
    fake: FakeDiscord,
    /// This bot's busy probe in the fake.
    id: u64,
}

/// The configuration the tests run the bot with: the given database, threads on, and every
/// change redrawn at once (edits of one message still never overlap), so a test that waits for
/// the bot to go quiet reads the latest table. `bench discord` and `demo` put the production
/// merge interval back.
pub fn test_config(db: &Path) -> Config {
    let mut config = Config::default();
    config.database.url = db.display().to_string();
    config.game.create_threads = true;
    config.discord.edit_interval_ms = 0;
    // Most tests never ask for a review: pricing every game's decisions beside them would cost
    // CI minutes of CPU. The review tests turn it on.
    config.game.review_ahead = false;
    config
}

/// [`test_config`] with the production interval between edits of one message, for `bench
/// discord` and `demo`: their figures and transcripts show the merged redraws a real server gets.
pub fn showcase_config(db: &Path) -> Config {
    let mut config = test_config(db);
    config.discord.edit_interval_ms = Config::default().discord.edit_interval_ms;
    config
}

impl Bot {
    /// Starts the bot on `db` against `fake` and waits until it is connected with its commands
    /// registered.
    pub async fn start(fake: &FakeDiscord, config: Config) -> anyhow::Result<Bot> {
        // The bot reads the fake's date: a test that moves the fake's clock a day on moves the
        // bot's reminders, deadlines and stored times with it.
        let data = discord::prepare_on(config, fake.clock()).await?;
        // As `run` does: interaction webhook calls limited per token, through the same HTTPS
        // client the bot's serenity `Http` gets from the fake.
        data.webhooks.connect(
            fake.rest_client_for(&data.config.discord),
            data.rate_limits.clone(),
        );
        let (redraws, outbox, limits, working, pace) = (
            data.redraws.clone(),
            data.outbox.clone(),
            data.rate_limits.clone(),
            data.working.clone(),
            data.pace.clone(),
        );
        // Busy while an interaction is being handled or a bot seat moves (between a click's
        // answer and the bot's stored move no call may reach the fake for a while on a loaded
        // machine: a test saw every player wait on a bot seat and called it a stall), while a
        // merged redraw or a queued post is owed or a call waits for its turn under the global
        // limit, and while serenity holds a call back for a rate limit (and a moment after: the call is still on its way to the fake).
        static BOTS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let id = BOTS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        fake.set_bot_busy(
            id,
            Some(Arc::new(move |posts| {
                working.count() > 0
                    || redraws.pending() > 0
                    || pace.waiting() > 0
                    || (posts
                        && (outbox.pending() > 0 || limits.waiting(Duration::from_millis(200))))
            })),
        );
        let plan = data
            .config
            .discord
            .shard_plan()
            .map_err(anyhow::Error::msg)?;
        let count = data.config.discord.shards;
        let mut client =
            discord::client_with_http(data.clone(), fake.http_for(&data.config.discord)).await?;
        let shards = client.shard_manager.clone();
        // The shards are started as `run` starts them (all of what `/gateway/bot` recommends, a
        // fixed count, or a range), so the fake's sharding is met as Discord's would be.
        let task =
            tokio::spawn(async move { discord::start_shards(&mut client, plan, count).await });
        let ready = match plan {
            crate::shards::Shards::Range { first, last, .. } => {
                fake.wait_shards_ready(Duration::from_secs(30), true, (first, last))
                    .await
            }
            crate::shards::Shards::All => fake.wait_ready(Duration::from_secs(30), true).await,
        };
        if !ready {
            anyhow::bail!("the bot did not connect to the fake Discord within 30 s");
        }
        // READY reaches poise before the commands are registered; wait for the setup to finish
        // (registration is its first call), then for the bot to go quiet.
        fake.settle_for(Duration::from_millis(20), Duration::from_secs(5))
            .await;
        Ok(Bot {
            data,
            shards,
            task,
            fake: fake.clone(),
            id,
        })
    }

    /// Ends a test against the fake: the calls still owed are made, the fake saw nothing
    /// Discord would refuse, no task panicked ([`watch_panics`]), and the bot stops.
    pub async fn stop_clean(self) {
        assert!(self.fake.settle().await, "the bot did not go quiet");
        self.fake.assert_clean();
        assert!(panics().is_empty(), "panics: {:?}", panics());
        self.stop().await.unwrap();
    }

    /// Stops the bot: closes the gateway connection and drops the client.
    pub async fn stop(self) -> anyhow::Result<()> {
        self.shards.shutdown_all().await;
        self.fake.set_bot_busy(self.id, None);
        match tokio::time::timeout(Duration::from_secs(10), self.task).await {
            Ok(joined) => {
                joined.context("the bot's task panicked")?.ok();
                Ok(())
            }
            Err(_) => anyhow::bail!("the bot did not stop within 10 s"),
        }
    }
}

/// How a test against the fake begins: the log and the panic recorder on ([`init_tracing`],
/// [`watch_panics`]), a fake Discord started, and a new database tagged `tag`.
pub async fn fake_and_db(tag: &str) -> (FakeDiscord, TempDb) {
    init_tracing();
    watch_panics();
    let fake = FakeDiscord::start().await.expect("start the fake");
    (fake, TempDb::new(tag))
}

/// [`fake_and_db`] with the bot started against the fake on the test configuration.
pub async fn bot_on_fake(tag: &str) -> (FakeDiscord, TempDb, Bot) {
    let (fake, db) = fake_and_db(tag).await;
    let bot = Bot::start(&fake, test_config(db.path()))
        .await
        .expect("start the bot");
    (fake, db, bot)
}

static PANICS: Mutex<Vec<String>> = Mutex::new(Vec::new());
static HOOK: Once = Once::new();

/// Records every panic on a tokio worker thread (where the bot runs), keeping the default
/// report. Tests assert [`panics`] is empty at the end.
pub fn watch_panics() {
    HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let thread = std::thread::current();
            let name = thread.name().unwrap_or("");
            if name.starts_with("tokio-runtime-worker") || name.is_empty() {
                let mut p = PANICS.lock().unwrap_or_else(|p| p.into_inner());
                p.push(format!("{info}"));
            }
            previous(info);
        }));
    });
}

/// Panics recorded by [`watch_panics`].
pub fn panics() -> Vec<String> {
    PANICS.lock().unwrap_or_else(|p| p.into_inner()).clone()
}

/// Logs to the test output, filtered by `RUST_LOG` (default: warnings).
pub fn init_tracing() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn"));
    use tracing_subscriber::Layer as _;
    use tracing_subscriber::layer::SubscriberExt as _;
    use tracing_subscriber::util::SubscriberInitExt as _;
    // The bot's watch for gateway close code 4011 runs beside the log, as in `farmhand run`.
    let _ = tracing_subscriber::registry()
        .with(
            tracing_subscriber::fmt::layer()
                .with_test_writer()
                .with_filter(filter),
        )
        .with(crate::logging::closes::layer())
        .with(
            Logged.with_filter(
                tracing_subscriber::filter::Targets::new()
                    .with_target("farmhand", tracing::Level::WARN),
            ),
        )
        .try_init();
}

/// The bot's warnings and errors so far, each as one line: its message, then its fields as
/// `name=value` (what an operator reads in the log). Every test of the process shares them:
/// look for a line naming your own channel or game. Recorded once [`init_tracing`] ran.
pub fn logged() -> Vec<String> {
    LOGGED.lock().unwrap_or_else(|p| p.into_inner()).clone()
}

static LOGGED: Mutex<Vec<String>> = Mutex::new(Vec::new());

/// The layer behind [`logged`].
struct Logged;

impl<S: tracing::Subscriber> tracing_subscriber::Layer<S> for Logged {
    fn on_event(
        &self,
        event: &tracing::Event<'_>,
        _ctx: tracing_subscriber::layer::Context<'_, S>,
    ) {
        #[derive(Default)]
        struct Line(String, String);
        impl tracing::field::Visit for Line {
            fn record_debug(&mut self, f: &tracing::field::Field, v: &dyn std::fmt::Debug) {
                if f.name() == "message" {
                    self.0 = format!("{v:?}");
                } else {
                    self.1.push_str(&format!(" {}={v:?}", f.name()));
                }
            }
            fn record_str(&mut self, f: &tracing::field::Field, v: &str) {
                if f.name() == "message" {
                    self.0 = v.to_string();
                } else {
                    self.1.push_str(&format!(" {}={v}", f.name()));
                }
            }
        }
        let mut line = Line::default();
        event.record(&mut line);
        LOGGED
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .push(format!("{} {}{}", event.metadata().level(), line.0, line.1));
    }
}

/// A child process (a bot binary a test started) killed and reaped when dropped, so a failing
/// test leaves no bot running.
pub struct KillOnDrop(pub std::process::Child);

impl std::ops::Deref for KillOnDrop {
    type Target = std::process::Child;
    fn deref(&self) -> &std::process::Child {
        &self.0
    }
}

impl std::ops::DerefMut for KillOnDrop {
    fn deref_mut(&mut self) -> &mut std::process::Child {
        &mut self.0
    }
}

impl Drop for KillOnDrop {
    fn drop(&mut self) {
        self.0.kill().ok();
        self.0.wait().ok();
    }
}
