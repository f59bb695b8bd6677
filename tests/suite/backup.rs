//! Issue 28: `farmhand backup` copies a live SQLite database consistently, and a restored copy
//! plays its saved game to the end exactly as the game would have gone without the backup.

use farmhand::games::fields_of_green::{Game, sim};
use farmhand::host::{Kind, Library};
use farmhand::service::Service;
use farmhand::store::{GameId, Store, TableOptions};

use crate::fixture::{self, TempDir};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::process::Command;

const HOST: u64 = 1_000;

/// Plays random legal actions through the service, at most `max` of them.
async fn play(svc: &Service, id: GameId, rng: &mut ChaCha8Rng, max: usize) -> usize {
    let mut steps = 0;
    while steps < max {
        let (table, game) = svc.load::<Game>(id).await.unwrap();
        let Some((seat, action)) = sim::random_step(&game.unwrap(), rng) else {
            break;
        };
        let uid = table.user_of(seat).unwrap();
        svc.act::<Game>(id, uid, Some(table.game.version), &action)
            .await
            .unwrap_or_else(|e| panic!("step {steps}: {action:?} refused: {e}"));
        steps += 1;
    }
    steps
}

fn backup(database: &str, file: &std::path::Path) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_farmhand"))
        .args(["backup", "--database", database])
        .arg(file)
        .env_remove("FARMHAND_DATABASE")
        .output()
        .expect("the binary runs")
}

#[tokio::test]
async fn a_backup_of_a_live_database_restores_and_plays_to_the_end() {
    let dir = TempDir::new("backup", "live");
    let db = dir.path("farmhand.sqlite");
    let copy = dir.path("backups").join("monday.sqlite");
    let (players, seed) = (3u8, 4_242u64);
    let mut rng = ChaCha8Rng::seed_from_u64(7);

    // The bot's store stays open and keeps playing around the backup: the copy is taken from a
    // live database whose last commits sit in its WAL file.
    let live = Arc::new(Service::new(
        Store::open(&db).await.unwrap(),
        Library::default(),
    ));
    let options = TableOptions::plain(players, 60);
    let id = fixture::started(
        &live,
        Kind::FieldsOfGreen,
        (7, 8),
        (HOST, "Host"),
        options,
        seed,
    )
    .await;
    assert_eq!(play(&live, id, &mut rng, 50).await, 50);
    assert!(
        std::fs::metadata(format!("{}-wal", db.display())).is_ok_and(|m| m.len() > 0),
        "the commits are in the WAL"
    );
    let at_backup = rng.clone();
    let o = backup(db.to_str().unwrap(), &copy);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(
        out.contains("1 games, 50 actions") && out.contains("integrity check ok"),
        "{out}"
    );
    assert_eq!(play(&live, id, &mut rng, 5).await, 5);

    // A backup never overwrites.
    let again = backup(db.to_str().unwrap(), &copy);
    assert_eq!(again.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&again.stderr).contains("already exists"));

    // Restore: the copy becomes a database of its own, and the game goes on from the backup.
    let restored = dir.path("restored.sqlite");
    std::fs::copy(&copy, &restored).unwrap();
    let svc = Service::new(Store::open(&restored).await.unwrap(), Library::default());
    assert_eq!(svc.store().actions(id).await.unwrap().len(), 50);
    let mut rng = at_backup;
    let rest = play(&svc, id, &mut rng, usize::MAX).await;
    // The same game without any backup, from the same seed and choices.
    let all = fixture::check_same_as_in_memory(&svc, id, players, seed, 7).await;
    assert_eq!(all, 50 + rest);
}

#[test]
fn backup_refuses_what_it_cannot_copy() {
    let dir = TempDir::new("backup", "refused");
    let target = dir.path("copy.sqlite");
    for (database, said) in [
        ("postgres://u:secretpw@localhost/db", "pg_dump"),
        (":memory:", "nothing to back up"),
        ("mysql://u:secretpw@localhost/db", "unknown scheme"),
    ] {
        let o = backup(database, &target);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(1), "{err}");
        assert!(err.contains(said), "{database}: {err}");
        assert!(!err.contains("secretpw"), "{err}");
    }
    let missing = dir.path("missing.sqlite");
    let o = backup(missing.to_str().unwrap(), &target);
    assert!(String::from_utf8_lossy(&o.stderr).contains("there is no database"));
    assert!(!missing.exists() && !target.exists());
}

use std::sync::Arc;
