//! The third game (issue 40, item 6): Hay Wagons, compiled only for the tests (feature
//! `test-game`, which `cargo test` turns on through the root package's dev-dependency on the
//! library),
//! plugs in through the one list (`host::for_each_game!`) and its own folders. Here it plays
//! whole games through the service and the store (and survives a reopened database), and
//! through the fake Discord with the guided players (`farmhand demo --game hay-wagons`, the
//! binary the tests build), in both languages. The engine harness runs it too
//! (`src/games/tests/engine/engine_harness.rs`), and the tests that go through `Kind::ALL`
//! (registration, the catalogue, the records' pages, the scenarios) now include it.

use farmhand::fake_discord::harness::TempDb;
use farmhand::games::hay_wagons::{self as hw, Action, End, Scenario};
use farmhand::games::{Engine, TableSetup};
use farmhand::host::{Hosted, Kind, Library};
use farmhand::service::{Service, ServiceError};
use farmhand::store::{GameId, Status, Store};
use std::process::Command;
use std::sync::Arc;

// The demo runs' folders and the options of a table, as the other suites have them.
use super::demo_determinism::arg;
use super::service_two_games::opts;
use crate::fixture::{self, TempDir};

const GUILD: u64 = 7_100;
const CHANNEL: u64 = 8_100;
const HOST: u64 = 1_100;
const GUEST: u64 = 1_101;

async fn service_on(db: &TempDb) -> Arc<Service> {
    let store = Store::connect(&db.location())
        .await
        .expect("open the database");
    Arc::new(Service::new(store, Library::default()))
}

fn user(seat: usize) -> u64 {
    [HOST, GUEST][seat]
}

#[test]
fn the_tests_list_three_games_and_the_third_is_hay_wagons() {
    assert_eq!(Kind::ALL.len(), 3, "{:?}", Kind::ALL);
    let k = Kind::ALL[2];
    assert_eq!(k, Kind::HayWagons);
    assert_eq!(k.as_str(), "hay-wagons");
    assert_eq!(k.cli_name(), "hay-wagons");
    assert_eq!(k.command(), "hw");
    assert_eq!(k.players(), 2..=2);
    assert_eq!(Kind::parse("hay-wagons"), Some(k));
    // The default (the CLI's `--game` when none is given) stays the first game.
    assert_eq!(Kind::default(), Kind::ALL[0]);
    assert!(Library::default().summary().contains("12 bales"));
}

/// A whole game through `Service::act` (the call a click makes), each load the exact search's,
/// then the database reopened: the stored game is the end of the game, and the stored actions
/// replay from the stored seed to it.
#[tokio::test]
async fn a_whole_game_plays_through_the_service_and_the_store() {
    let db = TempDb::new("hay-wagons-service");
    let id: GameId;
    let finished: hw::Game;
    {
        let svc = service_on(&db).await;
        // Opened by HOST, GUEST (HOST + 1) seated, started: active and of this kind.
        let at = (GUILD, CHANNEL);
        id = fixture::started(&svc, Kind::HayWagons, at, (HOST, "Ann"), opts(2), 41).await;
        let (table, _) = svc.load::<hw::Game>(id).await.unwrap();
        assert_eq!(table.game.kind, "hay-wagons");

        // Out of turn: refused by the rules, and nothing is stored.
        let Err(err) = svc
            .act::<hw::Game>(
                id,
                GUEST,
                Some(table.game.version),
                &Action::Load(End::West),
            )
            .await
        else {
            panic!("the second seat may not load first");
        };
        assert!(matches!(err, ServiceError::Rules(_)), "{err:?}");
        let (again, _) = svc.load::<hw::Game>(id).await.unwrap();
        assert_eq!(again.game.version, table.game.version);

        let mut loads = 0;
        loop {
            let (table, game) = svc.load::<hw::Game>(id).await.unwrap();
            let game = game.expect("started");
            if game.is_over() {
                assert_eq!(table.game.status, Status::Ended);
                finished = game;
                break;
            }
            let seat = game.turn().expect("someone loads");
            let mut rng = farmhand::games::bot_rng(&game, seat, "search");
            let action = game.bot_action(seat, "search", &mut rng).unwrap();
            let done = svc
                .act::<hw::Game>(id, user(seat), Some(table.game.version), &action)
                .await
                .unwrap_or_else(|e| panic!("{action:?} refused: {e}"));
            assert_eq!(done.table.game.version, table.game.version + 1);
            loads += 1;
            assert!(loads <= 12, "the game does not end");
        }
        assert_eq!(loads, 12, "a row of twelve bales, one a load");
        // Both seats played the exact search: the first seat's margin is the row's exact one.
        let (start, _) = hw::Game::start(
            &hw::Field::standard(),
            &TableSetup {
                players: 2,
                intro: false,
                seed: table_seed(&svc, id).await,
            },
        )
        .unwrap();
        let w = finished.wagons();
        assert_eq!(
            i64::from(w[0]) - i64::from(w[1]),
            i64::from(hw::margin(start.row()))
        );
        // A finished game takes no more loads.
        let (table, _) = svc.load::<hw::Game>(id).await.unwrap();
        assert!(
            svc.act::<hw::Game>(id, HOST, Some(table.game.version), &Action::Load(End::East))
                .await
                .is_err()
        );
    }

    // The database reopened, as after a restart.
    let svc = service_on(&db).await;
    let (table, stored) = svc.load::<hw::Game>(id).await.unwrap();
    let stored = stored.expect("stored");
    assert_eq!(table.game.status, Status::Ended);
    assert_eq!(stored.snapshot(), finished.snapshot());
    let results = stored.results().expect("over");
    assert_eq!(
        results.iter().map(|r| r.score).collect::<Vec<_>>(),
        stored.wagons().to_vec()
    );
    assert!(results.iter().any(|r| r.won));

    // The stored actions replay from the stored seed to the stored game.
    let setup = TableSetup {
        players: 2,
        intro: false,
        seed: table.game.seed,
    };
    let (mut replayed, _) =
        hw::Game::start(<hw::Game as Hosted>::rules(svc.library()), &setup).unwrap();
    let actions = svc.store().actions(id).await.unwrap();
    assert_eq!(actions.len(), 12);
    for (version, seat, json) in actions {
        let a: Action = serde_json::from_str(&json).unwrap();
        replayed
            .apply(seat, &a)
            .unwrap_or_else(|e| panic!("version {version}: {e}"));
    }
    assert_eq!(replayed.snapshot(), stored.snapshot());
}

async fn table_seed(svc: &Service, id: GameId) -> u64 {
    svc.load::<hw::Game>(id).await.unwrap().0.game.seed
}

/// `farmhand demo --game hay-wagons`: the real bot against the fake Discord, two guided players
/// clicking their way through a whole game (each load the heuristic bot's choice), a Hint, the
/// Review and a Rematch; the demo then checks the stored game against a replay of its stored
/// actions and the final scores the channel shows (`fake_discord::verify`). Its scenario file
/// is the game's own export, and replays to the end.
fn demo(locale: &str, seed: u64) {
    let dir = TempDir::new("hay-wagons", &format!("demo-{locale}"));
    let page = dir.path("page.html");
    let scenario = dir.path("game.json");
    let seed_text = seed.to_string();
    let o = Command::new(env!("CARGO_BIN_EXE_farmhand"))
        .args([
            "demo",
            "--game",
            "hay-wagons",
            "--players",
            "2",
            "--seed",
            &seed_text,
            "--locale",
            locale,
            "--transcript",
            arg(&page),
            "--scenario",
            arg(&scenario),
        ])
        .env("TMPDIR", dir.dir())
        .output()
        .expect("the binary runs");
    let stdout = String::from_utf8_lossy(&o.stdout);
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{stdout}\n{stderr}");
    let text = std::fs::read_to_string(&scenario).expect("the scenario file");
    let s: Scenario = serde_json::from_str(&text).expect("a Hay Wagons scenario");
    assert_eq!(s.game, "hay-wagons");
    assert_eq!(s.actions.len(), 12, "{text}");
    let (game, _) = hw::replay(&hw::Field::standard(), &s).expect("the export replays");
    assert!(game.is_over());
    let page = std::fs::read_to_string(&page).expect("the transcript");
    // The labels as the English players read them (the Japanese ones click the same buttons).
    if locale == "en" {
        for label in ["Hint", "Review", "Rematch"] {
            let click = format!("clicked <b>[{label}]</b>");
            assert!(page.contains(&click), "no {click:?} in the transcript");
        }
    }
    let name = if locale == "ja" {
        "干し草の荷車"
    } else {
        "Hay Wagons"
    };
    assert!(page.contains(name), "the transcript never names {name}");
    println!("{locale}: {}", stdout.trim());
}

#[test]
fn a_whole_game_plays_through_the_fake_discord_with_guided_players() {
    demo("en", 3);
}

#[test]
fn a_whole_game_plays_through_the_fake_discord_in_japanese() {
    demo("ja", 4);
}

/// The command line's side of the game (`cli/hay_wagons/`): a random game saved as a scenario,
/// replayed to its end, and reviewed as Hay Wagons' (the file names its game).
#[test]
fn the_command_line_simulates_replays_and_reviews_a_game() {
    let dir = TempDir::new("hay-wagons", "cli");
    let saved = dir.path("game.json");
    let run = |args: &[&str]| {
        let o = Command::new(env!("CARGO_BIN_EXE_farmhand"))
            .args(args)
            .output()
            .expect("the binary runs");
        let out = String::from_utf8_lossy(&o.stdout).to_string();
        assert!(
            o.status.success(),
            "{args:?}: {out}\n{}",
            String::from_utf8_lossy(&o.stderr)
        );
        out
    };
    let simulated = run(&[
        "simulate",
        "--game",
        "hay-wagons",
        "--players",
        "2",
        "--seed",
        "8",
        "--save",
        arg(&saved),
    ]);
    assert!(
        simulated.starts_with("Hay Wagons, seed 8: 12 loads"),
        "{simulated}"
    );
    let report: serde_json::Value =
        serde_json::from_str(&run(&["replay", "--game", "hay-wagons", arg(&saved)])).unwrap();
    assert_eq!(report["over"], true, "{report}");
    let scenario: Scenario =
        serde_json::from_str(&std::fs::read_to_string(&saved).unwrap()).unwrap();
    let (game, _) = hw::replay(&hw::Field::standard(), &scenario).unwrap();
    assert_eq!(report["wagons"], serde_json::json!(game.wagons()));
    let text = run(&["replay", "--game", "hay-wagons", "--text", arg(&saved)]);
    assert_eq!(text.matches(" loaded the ").count(), 12, "{text}");
    // Reviewed without `--game`: told by the file's `game` field, not taken for Key Harvest's.
    let review = run(&["review", arg(&saved)]);
    assert!(review.starts_with("Hay Wagons, 2 players"), "{review}");
    for (seat, w) in game.wagons().iter().enumerate() {
        let line = format!("P{} (final score {w})", seat + 1);
        assert!(review.contains(&line), "no {line:?} in {review}");
    }
}
