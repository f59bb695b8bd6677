//! One host, two games: Fields of Green and Key Harvest tables side by side in one database,
//! through the same service. Whole Key Harvest games are played through `Service::act` (the same
//! call a click makes) and survive a restart; a table of one game refuses the other game's
//! actions; rows written before Key Harvest existed still load as Fields of Green.

use farmhand::games::Engine;
use farmhand::games::fields_of_green as fog;
use farmhand::games::key_harvest as kh;
use farmhand::host::{AnyGame, Hosted, Kind};
use farmhand::service::{Service, ServiceError};
use farmhand::store::{GameId, Status, TableOptions};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::fixture::{self, TempDb, service_on};

const GUILD: u64 = 7_000;
const CHANNEL: u64 = 8_000;
const HOST: u64 = 1_000;

fn user(k: usize) -> u64 {
    HOST + k as u64
}

pub(super) fn opts(seats: u8) -> TableOptions {
    TableOptions::plain(seats, 60)
}

/// Opens a table of `kind` with `players` seats, seats everyone and starts it.
async fn started(svc: &Service, kind: Kind, players: u8, seed: u64) -> GameId {
    fixture::started(
        svc,
        kind,
        (GUILD, CHANNEL),
        (HOST, "Host"),
        opts(players),
        seed,
    )
    .await
}

/// Plays up to `max` random legal actions of game `G` through the service, each sent with the
/// version its view was loaded at. Returns true when the game ended.
async fn play<G: Hosted>(svc: &Service, id: GameId, rng: &mut ChaCha8Rng, max: usize) -> bool {
    for _ in 0..max {
        let (table, game) = svc.load::<G>(id).await.unwrap();
        let game = game.expect("started");
        if game.is_over() {
            assert_eq!(table.game.status, Status::Ended);
            return true;
        }
        let (seat, action) = fixture::random_decision(&game, rng);
        let done = svc
            .act::<G>(id, user(seat), Some(table.game.version), &action)
            .await
            .unwrap_or_else(|e| panic!("{action:?} refused: {e}"));
        assert_eq!(done.table.game.version, table.game.version + 1);
        done.game.check_invariants().unwrap();
    }
    false
}

#[tokio::test]
async fn key_harvest_games_for_2_3_and_4_players_play_to_the_end_through_the_service() {
    let db = TempDb::new("two-games", "kh-whole");
    let svc = service_on(&db).await;
    for players in 2..=4u8 {
        let id = started(&svc, Kind::KeyHarvest, players, 40 + u64::from(players)).await;
        let mut rng = ChaCha8Rng::seed_from_u64(u64::from(players));
        assert!(
            play::<kh::Game>(&svc, id, &mut rng, 3_000).await,
            "{players} players: no end"
        );
        // The stored log replays to the stored game.
        let (table, stored) = svc.load::<kh::Game>(id).await.unwrap();
        let stored = stored.unwrap();
        let setup = farmhand::games::TableSetup {
            players: usize::from(players),
            intro: false,
            seed: table.game.seed,
        };
        let (mut replayed, _) = kh::Game::start(&kh::Board::standard(), &setup).unwrap();
        for (_, seat, json) in svc.store().actions(id).await.unwrap() {
            let a: kh::Action = serde_json::from_str(&json).unwrap();
            Engine::apply(&mut replayed, seat, &a).unwrap();
        }
        assert_eq!(
            serde_json::to_string(&Engine::snapshot(&replayed)).unwrap(),
            serde_json::to_string(&Engine::snapshot(&stored)).unwrap()
        );
        assert!(stored.score_pad().is_some());
    }
}

#[tokio::test]
async fn both_games_side_by_side_survive_a_restart() {
    let db = TempDb::new("two-games", "side-by-side");
    let (fog_id, kh_id);
    {
        let svc = service_on(&db).await;
        fog_id = started(&svc, Kind::FieldsOfGreen, 3, 1).await;
        kh_id = started(&svc, Kind::KeyHarvest, 3, 2).await;
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        assert!(!play::<fog::Game>(&svc, fog_id, &mut rng, 40).await);
        assert!(!play::<kh::Game>(&svc, kh_id, &mut rng, 40).await);
    }
    // A new process on the same file: both games load as their own game and play on.
    let svc = service_on(&db).await;
    match svc.load_any(fog_id).await.unwrap().1 {
        Some(AnyGame::FieldsOfGreen(_)) => {}
        other => panic!("the Fields of Green row loaded as {other:?}"),
    }
    match svc.load_any(kh_id).await.unwrap().1 {
        Some(AnyGame::KeyHarvest(_)) => {}
        other => panic!("the Key Harvest row loaded as {other:?}"),
    }
    let mut rng = ChaCha8Rng::seed_from_u64(10);
    assert!(play::<kh::Game>(&svc, kh_id, &mut rng, 3_000).await);
    assert!(!play::<fog::Game>(&svc, fog_id, &mut rng, 40).await);
    let live = svc.store().active_games().await.unwrap();
    assert_eq!(
        live,
        vec![fog_id],
        "the ended Key Harvest game is no longer active"
    );
}

#[tokio::test]
async fn a_table_refuses_the_other_games_actions_and_writes_nothing() {
    let db = TempDb::new("two-games", "wrong-game");
    let svc = service_on(&db).await;
    let fog_id = started(&svc, Kind::FieldsOfGreen, 2, 3).await;
    let kh_id = started(&svc, Kind::KeyHarvest, 2, 4).await;
    let before = svc.store().table(kh_id).await.unwrap();
    let r = svc
        .act::<fog::Game>(kh_id, HOST, None, &fog::Action::EndHarvest)
        .await;
    assert!(matches!(r, Err(ServiceError::WrongGame)), "{r:?}");
    let r = svc
        .act::<kh::Game>(fog_id, HOST, None, &kh::Action::EndTurn)
        .await;
    assert!(matches!(r, Err(ServiceError::WrongGame)), "{r:?}");
    assert!(matches!(
        svc.load::<fog::Game>(kh_id).await,
        Err(ServiceError::WrongGame)
    ));
    assert_eq!(svc.store().table(kh_id).await.unwrap(), before);
}

#[tokio::test]
async fn key_harvest_refusals_carry_the_engines_reason() {
    let db = TempDb::new("two-games", "kh-refusal");
    let svc = service_on(&db).await;
    let id = started(&svc, Kind::KeyHarvest, 2, 5).await;
    let (table, game) = svc.load::<kh::Game>(id).await.unwrap();
    let game = game.unwrap();
    let waiting = game.waiting_for()[0];
    let other = 1 - waiting;
    let r = svc
        .act::<kh::Game>(id, user(other), None, &kh::Action::EndTurn)
        .await;
    let e = r.expect_err("the seat not asked is refused");
    assert!(e.rule::<kh::ActionError>().is_some(), "{e:?}");
    assert_eq!(svc.store().table(id).await.unwrap(), table);
}

#[tokio::test]
async fn table_options_are_checked_per_game() {
    let db = TempDb::new("two-games", "kh-options");
    let svc = service_on(&db).await;
    // Key Harvest is for 2 to 4 players and has no introductory mode.
    for seats in [1u8, 5, 6] {
        let r = svc
            .open_table(Kind::KeyHarvest, None, CHANNEL, (HOST, "H"), opts(seats), 1)
            .await;
        assert!(matches!(r, Err(ServiceError::Setup(_))), "{seats}: {r:?}");
    }
    let mut intro = opts(3);
    intro.intro = true;
    let r = svc
        .open_table(Kind::KeyHarvest, None, CHANNEL, (HOST, "H"), intro, 1)
        .await;
    assert!(matches!(r, Err(ServiceError::Setup(_))), "{r:?}");
    // Bots are checked against the game's own bots: ":quick" rollouts are Fields of Green's
    // search bot's alone.
    let mut bots = opts(3);
    bots.bots = vec![farmhand::store::BotSeat {
        user_id: 1,
        bot: "search:24:quick".into(),
    }];
    let r = svc
        .open_table(
            Kind::KeyHarvest,
            None,
            CHANNEL,
            (HOST, "H"),
            bots.clone(),
            1,
        )
        .await;
    assert!(matches!(r, Err(ServiceError::Setup(_))), "{r:?}");
    bots.bots[0].bot = "heuristic".into();
    svc.open_table(Kind::KeyHarvest, None, CHANNEL, (HOST, "H"), bots, 1)
        .await
        .unwrap();
    // A table of one seated player cannot start.
    let t = svc
        .open_table(Kind::KeyHarvest, None, CHANNEL, (HOST, "H"), opts(2), 1)
        .await
        .unwrap();
    let r = svc.start(t.game.id, HOST, false).await;
    assert!(
        matches!(r, Err(ServiceError::TooFewPlayers("Key Harvest", 2))),
        "{r:?}"
    );
}

/// A database written by the release before Key Harvest: its `game` rows never set `kind`, so
/// they hold the column's default. They must load and play as Fields of Green.
#[tokio::test]
async fn rows_from_before_key_harvest_load_as_fields_of_green() {
    let db = TempDb::new("two-games", "old-rows");
    let id;
    {
        let svc = service_on(&db).await;
        id = started(&svc, Kind::FieldsOfGreen, 2, 6).await;
    }
    // Write the row as the old release did: no kind column value (the default applies).
    {
        use sqlx::sqlite::SqliteConnectOptions;
        use sqlx::{ConnectOptions, Connection};
        let mut conn = SqliteConnectOptions::new()
            .filename(db.path())
            .connect()
            .await
            .unwrap();
        sqlx::query(
            "INSERT INTO game (guild_id, channel_id, host_id, status, options, seed, version, snapshot, created_at, updated_at)
             SELECT guild_id, channel_id, host_id, status, options, seed, version, snapshot, created_at, updated_at
             FROM game WHERE id = $1",
        )
        .bind(id)
        .execute(&mut conn)
        .await
        .unwrap();
        conn.close().await.unwrap();
    }
    let svc = service_on(&db).await;
    let copy = id + 1;
    copy_seats(&svc, id, copy).await;
    let (table, game) = svc.load_any(copy).await.unwrap();
    assert_eq!(table.game.kind, "fields_of_green");
    assert!(matches!(game, Some(AnyGame::FieldsOfGreen(_))));
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    assert!(!play::<fog::Game>(&svc, copy, &mut rng, 30).await);
}

/// Seats the copied row's players as in the original (the old release wrote seats the same way).
async fn copy_seats(svc: &Service, from: GameId, to: GameId) {
    let seats = svc.store().table(from).await.unwrap().seats;
    let version = svc.store().table(to).await.unwrap().game.version;
    svc.store().set_seats(to, version, &seats).await.unwrap();
}
