//! What the suites that work below Discord share: a temporary folder, a temporary SQLite file,
//! and a table opened, filled and started through the service (the end-to-end suites' setup,
//! over the fake Discord, is `e2e`).

use farmhand::games::Engine;
use farmhand::host::{Kind, Library};
use farmhand::service::Service;
use farmhand::store::{GameId, Status, Store, TableOptions};
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;
use sqlx::{ConnectOptions, Connection};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Tells apart the temporary files and folders of tests running at once in this process.
static COUNTER: AtomicUsize = AtomicUsize::new(0);

/// A fresh temp path for one test: `farmhand-<suite>-<process>-<n>-<name>`.
fn temp_path(suite: &str, name: &str) -> PathBuf {
    let n = COUNTER.fetch_add(1, Ordering::SeqCst);
    std::env::temp_dir().join(format!(
        "farmhand-{suite}-{}-{n}-{name}",
        std::process::id()
    ))
}

/// A folder in the temp folder, empty at first, removed with what is in it when dropped.
pub struct TempDir(PathBuf);

impl TempDir {
    /// A new folder for test `name` of `suite`.
    pub fn new(suite: &str, name: &str) -> TempDir {
        let dir = temp_path(suite, name);
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("temp dir");
        TempDir(dir)
    }

    /// The folder itself.
    pub fn dir(&self) -> &Path {
        &self.0
    }

    /// Where `file` goes in the folder.
    pub fn path(&self, file: &str) -> PathBuf {
        self.0.join(file)
    }

    /// Writes `text` to `file` in the folder and returns its path.
    pub fn write(&self, file: &str, text: &str) -> PathBuf {
        let path = self.path(file);
        std::fs::write(&path, text).expect("write temp file");
        path
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A SQLite database file in the temp folder, removed (with its WAL, shared-memory, journal
/// and lock files) when dropped. Always SQLite: these suites test the store itself on it (the
/// end-to-end suites' `harness::TempDb` may be PostgreSQL instead).
pub struct TempDb(PathBuf);

/// A service on the SQLite file `db` (created if missing), with the built-in components.
pub async fn service_on(db: &TempDb) -> Arc<Service> {
    let store = Store::open(db.path()).await.expect("open the database");
    Arc::new(Service::new(store, Library::default()))
}

impl TempDb {
    /// A database for test `tag` of `suite`, not created yet.
    pub fn new(suite: &str, tag: &str) -> TempDb {
        let db = TempDb(temp_path(suite, &format!("{tag}.sqlite")));
        db.remove();
        db
    }

    pub fn path(&self) -> &Path {
        &self.0
    }

    fn remove(&self) {
        for suffix in ["", "-wal", "-shm", "-journal", ".lock"] {
            let mut p = self.0.clone().into_os_string();
            p.push(suffix);
            let _ = std::fs::remove_file(PathBuf::from(p));
        }
    }
}

impl Drop for TempDb {
    fn drop(&mut self) {
        self.remove();
    }
}

/// Opens a table of `kind` in server and channel `at` by `host` (user id and name), seats the
/// other `options.seats - 1` people (user `host + k`, named `P{k}`, k from 1), and starts it:
/// the table is then active and of `kind`. Returns the game id.
pub async fn started(
    svc: &Service,
    kind: Kind,
    at: (u64, u64),
    host: (u64, &str),
    options: TableOptions,
    seed: u64,
) -> GameId {
    let people = u64::from(options.seats);
    let t = svc
        .open_table(kind, Some(at.0), at.1, host, options, seed)
        .await
        .unwrap();
    let id = t.game.id;
    for k in 1..people {
        svc.join(id, host.0 + k, &format!("P{k}")).await.unwrap();
    }
    let (table, game) = svc.start(id, host.0, false).await.unwrap();
    assert_eq!(table.game.status, Status::Active);
    assert_eq!(game.kind(), kind);
    assert_eq!(table.game.kind, kind.as_str());
    id
}

/// [`started`] with plain options ([`TableOptions::plain`]: `players` people, reminders after an
/// hour), hosted by `host` named Ada.
pub async fn started_plain(
    svc: &Service,
    kind: Kind,
    at: (u64, u64),
    host: u64,
    players: u8,
    seed: u64,
) -> GameId {
    let options = TableOptions::plain(players, 60);
    started(svc, kind, at, (host, "Ada"), options, seed).await
}

/// The SQL dump of a database the Fields of Green-only release wrote (`upgrade_from_release`
/// says what is in it and how it was made).
pub const RELEASE_DUMP: &str = "tests/fixtures/release-fields-of-green.sql";

/// Loads [`RELEASE_DUMP`] into a new SQLite file at `path`, as the release left it.
pub async fn load_release_database(path: &Path) {
    let dump = std::fs::read_to_string(RELEASE_DUMP).expect("the fixture is in the repository");
    run_sql(path, &dump).await;
}

/// Runs `sql` (one statement or several) on the SQLite file at `path`, made when missing: a
/// test's own writes beside the store's (a release's dump, another program's tables, a row
/// spoilt on purpose).
pub async fn run_sql(path: &Path, sql: &str) {
    let mut conn = sqlx::sqlite::SqliteConnectOptions::new()
        .filename(path)
        .create_if_missing(true)
        .connect()
        .await
        .unwrap();
    sqlx::raw_sql(sqlx::AssertSqlSafe(sql))
        .execute(&mut conn)
        .await
        .unwrap();
    conn.close().await.unwrap();
}

/// Checks stored Fields of Green game `id` against the same game played in memory without any
/// database: dealt for `players` from `seed`, every decision drawn from a stream seeded `choices`
/// (as `sim::play_out` draws them, and as the test drew them through the service). The stored
/// game must have ended in exactly the in-memory game's position, with exactly its actions in
/// the log. Returns how many actions that is.
pub async fn check_same_as_in_memory(
    svc: &Service,
    id: GameId,
    players: u8,
    seed: u64,
    choices: u64,
) -> usize {
    use farmhand::games::fields_of_green::{Action, Deck, Game, Options, sim};
    use rand::SeedableRng;
    let table = svc.store().table(id).await.unwrap();
    assert_eq!(table.game.status, Status::Ended);
    let options = Options::standard(players);
    let mut game = Game::new(Deck::default_deck(), options, seed).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(choices);
    let mut actions = Vec::new();
    sim::play_out(&mut game, &mut rng, |_, seat, a| {
        actions.push((seat, a.clone()))
    });
    assert_eq!(
        serde_json::to_string(&game.snapshot()).unwrap(),
        table.game.snapshot.unwrap()
    );
    let logged: Vec<(usize, Action)> = svc
        .store()
        .actions(id)
        .await
        .unwrap()
        .into_iter()
        .map(|(_, s, a)| (s, serde_json::from_str(&a).unwrap()))
        .collect();
    assert_eq!(logged, actions);
    actions.len()
}

/// A random decision: a seat the game waits for, drawn from `rng`, and one of that seat's
/// legal actions ([`Engine::legal_sample`]) drawn from it after.
pub fn random_decision<G: Engine>(game: &G, rng: &mut ChaCha8Rng) -> (usize, G::Action) {
    let seat = *game.waiting_for().choose(rng).expect("someone decides");
    let action = game
        .legal_sample(seat, rng)
        .choose(rng)
        .expect("a legal action")
        .clone();
    (seat, action)
}
