//! Upgrading keeps every game: a database written by the Fields of Green-only release (kept as
//! an SQL dump in `tests/fixtures/release-fields-of-green.sql`: the migrations table with the
//! released checksums, a game in progress, a finished game and an open lobby, with `game.kind`
//! left to its default as that release wrote it) opens with this build, passes the migration
//! check, and its game in progress plays on to the end.
//!
//! The dump was written by `write_the_release_fixture` below (run it with `--ignored` to make a
//! new one) at a commit whose migrations, store writes and Fields of Green snapshot format are
//! the release's, unchanged: the test fails if a later change breaks any of them.

use farmhand::games::fields_of_green as fog;
use farmhand::host::{AnyGame, Kind, Library};
use farmhand::service::Service;
use farmhand::store::{Status, Store, TableOptions};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use sqlx::{ConnectOptions, Connection};
use std::path::Path;

use crate::fixture::{self, TempDb};

/// Plays game `id` with random legal actions through the service until it ends (or `max`).
async fn play_to_end(svc: &Service, id: i64, seed: u64, max: usize) -> bool {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..max {
        let (table, game) = svc.load::<fog::Game>(id).await.unwrap();
        let game = game.expect("started");
        if game.is_over() {
            assert_eq!(table.game.status, Status::Ended);
            return true;
        }
        let (seat, action) = fixture::random_decision(&game, &mut rng);
        let user = table.user_of(seat).expect("a person in the seat");
        svc.act::<fog::Game>(id, user, Some(table.game.version), &action)
            .await
            .unwrap_or_else(|e| panic!("{action:?} refused: {e}"));
    }
    false
}

#[tokio::test]
async fn a_database_from_the_release_opens_and_its_games_play_on() {
    let db = TempDb::new("upgrade", "release");
    let path = db.path();
    fixture::load_release_database(path).await;
    // Opening runs the migration check: released migrations must be unchanged.
    let store = Store::open(path)
        .await
        .expect("the release's database opens with this build");
    let svc = Service::new(store, Library::default());
    let games = sqlx_ids(path).await;
    assert_eq!(games.len(), 3, "the fixture's three tables");
    let mut active = None;
    for id in games {
        let (table, game) = svc.load_any(id).await.unwrap();
        assert_eq!(table.game.kind, Kind::FieldsOfGreen.as_str());
        match table.game.status {
            Status::Open => assert!(game.is_none()),
            Status::Ended => {
                let Some(AnyGame::FieldsOfGreen(g)) = game else {
                    panic!("game {id}: not a Fields of Green game")
                };
                assert!(g.is_over() && g.scores().is_some());
            }
            Status::Active => {
                assert!(matches!(game, Some(AnyGame::FieldsOfGreen(_))));
                active = Some(id);
            }
            s => panic!("game {id}: unexpected status {s:?}"),
        }
    }
    let id = active.expect("a game in progress");
    assert!(
        play_to_end(&svc, id, 3, 5_000).await,
        "the released game in progress plays to its end"
    );
    drop(svc);
}

async fn sqlx_ids(path: &Path) -> Vec<i64> {
    let mut conn = sqlx::sqlite::SqliteConnectOptions::new()
        .filename(path)
        .connect()
        .await
        .unwrap();
    let ids: Vec<(i64,)> = sqlx::query_as("SELECT id FROM game ORDER BY id")
        .fetch_all(&mut conn)
        .await
        .unwrap();
    conn.close().await.unwrap();
    ids.into_iter().map(|(i,)| i).collect()
}

/// Writes a new fixture (needs the `sqlite3` command): an open lobby, a game in progress and a
/// finished game, written through the service as the bot writes them.
#[tokio::test]
#[ignore = "writes tests/fixtures/release-fields-of-green.sql; run by hand with --ignored"]
async fn write_the_release_fixture() {
    let db = TempDb::new("upgrade", "write");
    let path = db.path();
    let svc = Service::new(Store::open(path).await.unwrap(), Library::default());
    let opts = |seats| TableOptions::plain(seats, 60);
    for (k, (seats, moves)) in [(3u8, 40usize), (2, 100_000), (4, 0)]
        .into_iter()
        .enumerate()
    {
        let t = svc
            .open_table(
                Kind::FieldsOfGreen,
                Some(7_000),
                8_000 + k as u64,
                (1_000, "Host"),
                opts(seats),
                17 + k as u64,
            )
            .await
            .unwrap();
        let id = t.game.id;
        if moves == 0 {
            continue;
        }
        for s in 1..seats {
            svc.join(id, 1_000 + u64::from(s), &format!("P{s}"))
                .await
                .unwrap();
        }
        svc.start(id, 1_000, false).await.unwrap();
        play_to_end(&svc, id, k as u64, moves).await;
    }
    drop(svc);
    let out = std::process::Command::new("sqlite3")
        .arg(path)
        .arg(".dump")
        .output()
        .expect("sqlite3");
    assert!(out.status.success());
    std::fs::create_dir_all("tests/fixtures").unwrap();
    std::fs::write(fixture::RELEASE_DUMP, out.stdout).unwrap();
}
