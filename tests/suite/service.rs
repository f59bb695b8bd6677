//! The service and the store against real SQLite databases: the lobby, whole games played through
//! `Service::act`, refusals that must write nothing (not seated, stale view, rules), concurrent
//! and duplicate actions, a restart half-way through a game, and the store's bookkeeping.
//!
//! Every test uses a fresh database: a temporary file (removed at the end) or a private in-memory
//! one.

use farmhand::games::fields_of_green::bots::planner;
use farmhand::games::fields_of_green::farm::CellCard;
use farmhand::games::fields_of_green::{
    Action, ActionError, Deck, Game, GameSnapshot, Options, Phase, Pos, sim,
};
use farmhand::host::{Kind, Library};
use farmhand::service::{Service, ServiceError};
use farmhand::store::{
    GameId, Prefs, Reminders, SeatRow, Status, Store, StoreError, Table, TableOptions,
};
use rand::SeedableRng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::fixture::{self, TempDb};

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

const GUILD: u64 = 7_000;
const CHANNEL: u64 = 8_000;
const HOST: u64 = 1_000;
const STRANGER: u64 = 9_999;

/// The user id of the player joining in position `k` (the host is k = 0).
fn user(k: usize) -> u64 {
    HOST + k as u64
}

fn opts(seats: u8, intro: bool) -> TableOptions {
    TableOptions {
        intro,
        ..TableOptions::plain(seats, 60)
    }
}

/// A player's preferences with the defaults but for where their hand goes and how they are
/// reminded.
fn prefs(hand_in_dm: bool, reminders: Reminders) -> Prefs {
    Prefs {
        hand_in_dm,
        reminders,
        ..Prefs::default()
    }
}

/// A two-seat Fields of Green lobby made in `store` directly (not through the service), hosted
/// by `HOST` in the test's channel, in server `guild`.
async fn host_table(store: &Store, guild: Option<u64>, seed: u64) -> GameId {
    store
        .create_table(
            "fields_of_green",
            guild,
            CHANNEL,
            HOST,
            "Host",
            &opts(2, false),
            seed,
        )
        .await
        .unwrap()
}

fn service(store: Store) -> Arc<Service> {
    Arc::new(Service::new(store, Library::default()))
}

/// A service on a fresh database file for test `tag` (removed when the [`TempDb`] goes).
async fn fresh_service(tag: &str) -> (TempDb, Arc<Service>) {
    let db = TempDb::new("service-test", tag);
    let svc = file_service(&db).await;
    (db, svc)
}

async fn file_service(db: &TempDb) -> Arc<Service> {
    service(
        Store::open(db.path())
            .await
            .expect("open the database file"),
    )
}

async fn memory_service() -> Arc<Service> {
    service(
        Store::open_in_memory()
            .await
            .expect("open an in-memory database"),
    )
}

/// Opens a Fields of Green table for `players` in the test's server and channel, hosted by
/// `HOST`; the table, its lobby open.
async fn opened(svc: &Service, players: u8, intro: bool, seed: u64) -> Table {
    let (kind, host) = (Kind::FieldsOfGreen, (HOST, "Host"));
    let options = opts(players, intro);
    svc.open_table(kind, Some(GUILD), CHANNEL, host, options, seed)
        .await
        .unwrap()
}

/// One of many games a test tries in turn: started as [`started_game`] for `(players, intro)`,
/// dealt with seed `base + seed`, and the random stream (from `seed`) it is played on with.
async fn game_and_stream(
    svc: &Service,
    (players, intro): (u8, bool),
    base: u64,
    seed: u64,
) -> (GameId, ChaCha8Rng) {
    let id = started_game(svc, players, intro, base + seed).await;
    (id, ChaCha8Rng::seed_from_u64(seed))
}

/// Opens a table for `players`, seats them all and starts it. Returns its id.
async fn started_game(svc: &Service, players: u8, intro: bool, seed: u64) -> GameId {
    let kind = Kind::FieldsOfGreen;
    let options = opts(players, intro);
    let id = fixture::started(svc, kind, (GUILD, CHANNEL), (HOST, "Host"), options, seed).await;
    let (_, game) = svc.load::<Game>(id).await.unwrap();
    assert_eq!(game.expect("started").players(), players as usize);
    id
}

/// Plays random legal actions through the service, at most `max` of them (or to the end).
/// Every action is sent with the version the view was loaded at and must be accepted.
async fn play_random(svc: &Service, id: GameId, rng: &mut ChaCha8Rng, max: usize) -> usize {
    let mut steps = 0;
    while steps < max {
        let (table, game) = svc.load::<Game>(id).await.unwrap();
        let game = game.expect("a started game has a snapshot");
        let Some((seat, action)) = sim::random_step(&game, rng) else {
            break;
        };
        let uid = table.user_of(seat).expect("every seat has a user");
        let acted = svc
            .act::<Game>(id, uid, Some(table.game.version), &action)
            .await
            .unwrap_or_else(|e| panic!("step {steps}: seat {seat} {action:?} refused: {e}"));
        assert_eq!(acted.seat, seat);
        assert_eq!(
            acted.table.game.version,
            table.game.version + 1,
            "one action, one version"
        );
        steps += 1;
    }
    steps
}

fn parse_snapshot(table: &Table) -> GameSnapshot {
    serde_json::from_str(table.game.snapshot.as_deref().expect("snapshot stored"))
        .expect("snapshot parses")
}

fn engine_options(table: &Table) -> Options {
    Options {
        players: table.seats.len() as u8,
        intro: table.game.options.intro && table.seats.len() <= 4,
        first_player: 0,
    }
}

/// Replays the stored action log on a fresh engine game with the table's seed.
fn replay_log(table: &Table, log: &[(i64, usize, String)]) -> Game {
    let mut game = Game::new(Deck::default_deck(), engine_options(table), table.game.seed).unwrap();
    for (version, seat, json) in log {
        let action: Action =
            serde_json::from_str(json).unwrap_or_else(|e| panic!("action v{version}: {e}: {json}"));
        game.apply(*seat, &action)
            .unwrap_or_else(|e| panic!("replay of v{version} {action:?} refused: {e}"));
    }
    game
}

/// The durable-state checks for a game: the action log has one row per version after the start,
/// replays on a fresh engine to exactly the stored snapshot, and the event log is consistent.
/// Returns the number of logged actions.
async fn check_log(store: &Store, id: GameId, start_version: i64) -> usize {
    let table = store.table(id).await.unwrap();
    let log = store.actions(id).await.unwrap();
    let versions: Vec<i64> = log.iter().map(|a| a.0).collect();
    let want: Vec<i64> = (start_version + 1..=table.game.version).collect();
    assert_eq!(
        versions, want,
        "action versions must be start+1, start+2, ... up to the game's version"
    );
    for (_, seat, _) in &log {
        assert!(*seat < table.seats.len(), "logged seat {seat} out of range");
    }

    let replayed = replay_log(&table, &log);
    let stored = table.game.snapshot.clone().unwrap();
    assert_eq!(
        serde_json::to_string(&replayed.snapshot()).unwrap(),
        stored,
        "replayed snapshot differs from the stored one"
    );
    assert_eq!(replayed.snapshot(), parse_snapshot(&table));
    assert_eq!(replayed.is_over(), table.game.status == Status::Ended);

    let events = store.recent_events(id, 1_000_000).await.unwrap();
    assert!(!events.is_empty(), "the event log is empty");
    let mut last = i64::MIN;
    for (v, json) in &events {
        assert!(*v >= last, "event versions go backwards");
        assert!(
            *v >= start_version && *v <= table.game.version,
            "event version {v} out of range"
        );
        assert!(
            *v == start_version || versions.binary_search(v).is_ok(),
            "event of v{v} has no action"
        );
        serde_json::from_str::<farmhand::games::fields_of_green::Event>(json)
            .expect("event parses");
        last = *v;
    }
    log.len()
}

/// Counts of what is stored for a game, to prove a refusal wrote nothing.
#[derive(Debug, PartialEq, Eq)]
struct Written {
    version: i64,
    status: Status,
    snapshot: Option<String>,
    actions: usize,
    events: usize,
}

async fn written(store: &Store, id: GameId) -> Written {
    let t = store.table(id).await.unwrap();
    Written {
        version: t.game.version,
        status: t.game.status,
        snapshot: t.game.snapshot,
        actions: store.actions(id).await.unwrap().len(),
        events: store.recent_events(id, 1_000_000).await.unwrap().len(),
    }
}

// ---------------------------------------------------------------------------------------------
// 1. Lobby
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn lobby_join_leave_full_and_seats() {
    let (_db, svc) = fresh_service("lobby").await;
    let table = opened(&svc, 3, false, 42).await;
    let id = table.game.id;
    assert_eq!(table.game.status, Status::Open);
    assert_eq!(table.game.host_id, HOST);
    assert_eq!(table.game.guild_id, Some(GUILD));
    assert_eq!(table.game.channel_id, CHANNEL);
    assert_eq!(table.game.seed, 42);
    assert_eq!(table.game.version, 0);
    assert_eq!(table.game.snapshot, None);
    assert_eq!(table.game.options, opts(3, false));
    assert_eq!(
        table.seats,
        vec![SeatRow {
            seat: 0,
            user_id: HOST,
            name: "Host".into()
        }]
    );
    assert_eq!(table.seat_of(HOST), Some(0));

    let t = svc.join(id, user(1), "Ann").await.unwrap();
    assert_eq!(t.game.version, 1);
    assert_eq!(t.seat_of(user(1)), Some(1));
    assert!(matches!(
        svc.join(id, user(1), "Ann again").await,
        Err(ServiceError::AlreadySeated)
    ));
    assert!(matches!(
        svc.join(id, HOST, "Host again").await,
        Err(ServiceError::AlreadySeated)
    ));
    let t = svc.join(id, user(2), "Bob").await.unwrap();
    assert_eq!(t.names(), vec!["Host", "Ann", "Bob"]);
    assert_eq!(t.game.version, 2);
    assert!(matches!(
        svc.join(id, user(3), "Cid").await,
        Err(ServiceError::Full)
    ));
    assert_eq!(
        svc.store().table(id).await.unwrap().game.version,
        2,
        "refusals do not bump the version"
    );

    // Leaving renumbers the seats; the host cannot leave; strangers are not seated.
    let t = svc.leave(id, user(1)).await.unwrap();
    assert_eq!(t.seats.len(), 2);
    assert_eq!(t.seat_of(user(2)), Some(1));
    assert_eq!(t.seat_of(user(1)), None);
    assert!(matches!(
        svc.leave(id, HOST).await,
        Err(ServiceError::HostCannotLeave)
    ));
    assert!(matches!(
        svc.leave(id, STRANGER).await,
        Err(ServiceError::NotSeated)
    ));
    // The freed seat can be taken again.
    let t = svc.join(id, user(3), "Cid").await.unwrap();
    assert_eq!(t.names(), vec!["Host", "Bob", "Cid"]);
    assert_eq!(
        t.seats.iter().map(|s| s.seat).collect::<Vec<_>>(),
        vec![0, 1, 2]
    );

    assert!(matches!(
        svc.join(424_242, user(4), "x").await,
        Err(ServiceError::NotFound)
    ));
    assert!(matches!(
        svc.load::<Game>(424_242).await,
        Err(ServiceError::NotFound)
    ));
    // Not started yet: nothing to act on.
    let (_, game) = svc.load::<Game>(id).await.unwrap();
    assert!(game.is_none());
    assert!(matches!(
        svc.act::<Game>(id, HOST, None, &Action::EndHarvest).await,
        Err(ServiceError::WrongStatus(_))
    ));
}

#[tokio::test]
async fn lobby_concurrent_joins_fill_the_table_exactly() {
    let (_db, svc) = fresh_service("joins").await;
    let table = opened(&svc, 4, false, 9).await;
    let id = table.game.id;
    // Ten players (each clicking Join twice) race for three free seats.
    let mut tasks = Vec::new();
    for k in 1..=10usize {
        for _ in 0..2 {
            let svc = svc.clone();
            tasks.push(tokio::spawn(async move {
                (k, svc.join(id, user(k), &format!("P{k}")).await)
            }));
        }
    }
    let mut joined = Vec::new();
    for t in tasks {
        match t.await.unwrap() {
            (k, Ok(_)) => joined.push(k),
            (_, Err(ServiceError::Full | ServiceError::AlreadySeated)) => {}
            (k, Err(e)) => panic!("player {k}: unexpected {e:?}"),
        }
    }
    assert_eq!(joined.len(), 3, "joined: {joined:?}");
    joined.sort();
    joined.dedup();
    assert_eq!(joined.len(), 3, "a player was seated twice");
    let t = svc.store().table(id).await.unwrap();
    assert_eq!(t.seats.len(), 4);
    assert_eq!(
        t.seats.iter().map(|s| s.seat).collect::<Vec<_>>(),
        vec![0, 1, 2, 3]
    );
    assert_eq!(t.game.version, 3, "one version per accepted join");
    for k in &joined {
        assert!(t.seat_of(user(*k)).is_some());
    }
}

#[tokio::test]
async fn lobby_table_options_are_checked() {
    let svc = memory_service().await;
    // A table of `seats` seats, introductory or not, outside any server.
    let open = async |seats: u8, intro: bool| {
        let (kind, host, options) = (Kind::FieldsOfGreen, (HOST, "Host"), opts(seats, intro));
        svc.open_table(kind, None, CHANNEL, host, options, 1).await
    };
    for seats in [0u8, 1, 7] {
        let r = open(seats, false).await;
        assert!(
            matches!(r, Err(ServiceError::Setup(_))),
            "{seats} seats accepted"
        );
    }
    for seats in [5u8, 6] {
        let r = open(seats, true).await;
        assert!(
            matches!(r, Err(ServiceError::IntroSeats)),
            "introductory mode with {seats} seats accepted"
        );
    }
    assert!(
        svc.store()
            .live_tables_in(CHANNEL)
            .await
            .unwrap()
            .is_empty(),
        "a refused table was stored"
    );
    open(4, true).await.unwrap();
    open(6, false).await.unwrap();
    assert_eq!(svc.store().live_tables_in(CHANNEL).await.unwrap().len(), 2);
}

#[tokio::test]
async fn lobby_start_and_cancel_rights_and_statuses() {
    let (_db, svc) = fresh_service("start").await;
    let deck = Deck::default_deck();

    // Alone at the table: too few players (even for the host).
    let t = opened(&svc, 2, false, 5).await;
    let id = t.game.id;
    assert!(matches!(
        svc.start_as::<Game>(id, HOST, false).await,
        Err(ServiceError::TooFewPlayers(..))
    ));
    assert!(matches!(
        svc.start_as::<Game>(id, HOST, true).await,
        Err(ServiceError::TooFewPlayers(..))
    ));
    svc.join(id, user(1), "Ann").await.unwrap();
    // A seated player who is not the host may neither start nor cancel.
    assert!(matches!(
        svc.start_as::<Game>(id, user(1), false).await,
        Err(ServiceError::NotHost)
    ));
    assert!(matches!(
        svc.close(id, user(1), false).await,
        Err(ServiceError::NotHost)
    ));
    assert!(matches!(
        svc.start_as::<Game>(id, STRANGER, false).await,
        Err(ServiceError::NotHost)
    ));
    let before = written(svc.store(), id).await;
    assert_eq!(before.status, Status::Open);
    assert_eq!(before.snapshot, None);

    // The host starts: status Active, the snapshot is the engine's start for the table's seed.
    let (table, game, events) = svc.start_as::<Game>(id, HOST, false).await.unwrap();
    assert_eq!(table.game.status, Status::Active);
    assert_eq!(table.game.version, before.version + 1);
    let fresh = Game::new(deck.clone(), Options::standard(2), 5).unwrap();
    assert_eq!(parse_snapshot(&table), fresh.snapshot());
    assert!(game == fresh);
    assert!(table.game.waiting_since.is_some());
    let stored_events = svc.store().recent_events(id, 1000).await.unwrap();
    assert_eq!(stored_events.len(), events.len());
    assert!(stored_events.iter().all(|(v, _)| *v == table.game.version));
    let (_, loaded) = svc.load::<Game>(id).await.unwrap();
    assert!(
        loaded.unwrap() == fresh,
        "the loaded game is the started one"
    );

    // A second start, joining and leaving are refused now; nothing is written.
    let after = written(svc.store(), id).await;
    assert!(matches!(
        svc.start_as::<Game>(id, HOST, false).await,
        Err(ServiceError::WrongStatus(_))
    ));
    assert!(matches!(
        svc.start_as::<Game>(id, HOST, true).await,
        Err(ServiceError::WrongStatus(_))
    ));
    assert!(matches!(
        svc.join(id, user(2), "Late").await,
        Err(ServiceError::WrongStatus(_))
    ));
    assert!(matches!(
        svc.leave(id, user(1)).await,
        Err(ServiceError::WrongStatus(_))
    ));
    assert_eq!(written(svc.store(), id).await, after);

    // Abandon: host only, then the game takes no actions and cannot be closed again.
    assert!(matches!(
        svc.close(id, user(1), false).await,
        Err(ServiceError::NotHost)
    ));
    let t = svc.close(id, HOST, false).await.unwrap();
    assert_eq!(t.game.status, Status::Abandoned);
    let (seat, action) = sim::random_step(&fresh, &mut ChaCha8Rng::seed_from_u64(1)).unwrap();
    assert!(matches!(
        svc.act::<Game>(id, user(seat), None, &action).await,
        Err(ServiceError::WrongStatus(_))
    ));
    assert!(matches!(
        svc.close(id, HOST, false).await,
        Err(ServiceError::WrongStatus(_))
    ));
    assert!(svc.store().actions(id).await.unwrap().is_empty());

    // A manager who is not the host may start and cancel.
    let t = opened(&svc, 3, true, 6).await;
    let id2 = t.game.id;
    svc.join(id2, user(1), "Ann").await.unwrap();
    let (t, _, _) = svc.start_as::<Game>(id2, STRANGER, true).await.unwrap();
    assert_eq!(t.game.status, Status::Active);
    let fresh = Game::new(
        deck.clone(),
        Options {
            players: 2,
            intro: true,
            first_player: 0,
        },
        6,
    )
    .unwrap();
    assert_eq!(
        parse_snapshot(&t),
        fresh.snapshot(),
        "seated count (2), not table size (3), sets the players"
    );
    let t = svc.close(id2, STRANGER, true).await.unwrap();
    assert_eq!(t.game.status, Status::Abandoned);

    // Cancelling an open table.
    let t = opened(&svc, 4, false, 7).await;
    let t = svc.close(t.game.id, HOST, false).await.unwrap();
    assert_eq!(t.game.status, Status::Abandoned);
    assert!(matches!(
        svc.join(t.game.id, user(1), "Ann").await,
        Err(ServiceError::WrongStatus(_))
    ));
    assert!(matches!(
        svc.start_as::<Game>(t.game.id, HOST, false).await,
        Err(ServiceError::WrongStatus(_))
    ));
}

// ---------------------------------------------------------------------------------------------
// 2. Acting: whole games
// ---------------------------------------------------------------------------------------------

async fn whole_game(svc: &Service, players: u8, intro: bool, seed: u64) {
    let id = started_game(svc, players, intro, seed).await;
    let start_version = svc.store().table(id).await.unwrap().game.version;
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
    let steps = play_random(svc, id, &mut rng, usize::MAX).await;
    let table = svc.store().table(id).await.unwrap();
    assert_eq!(
        table.game.status,
        Status::Ended,
        "{players} players: the game did not end"
    );
    assert!(steps > 0);
    assert_eq!(table.game.version, start_version + steps as i64);
    assert_eq!(check_log(svc.store(), id, start_version).await, steps);
    let (_, game) = svc.load::<Game>(id).await.unwrap();
    let game = game.unwrap();
    assert!(game.is_over());
    assert!(game.scores().is_some());
    // An ended game takes no more actions.
    assert!(matches!(
        svc.act::<Game>(id, HOST, None, &Action::EndHarvest).await,
        Err(ServiceError::WrongStatus(_))
    ));
    assert!(matches!(
        svc.close(id, HOST, false).await,
        Err(ServiceError::WrongStatus(_))
    ));
    assert!(matches!(
        svc.start_as::<Game>(id, HOST, false).await,
        Err(ServiceError::WrongStatus(_))
    ));
    assert_eq!(
        svc.store().table(id).await.unwrap().game.status,
        Status::Ended
    );
    assert!(svc.store().active_games().await.unwrap().is_empty());
    assert!(svc.store().live_tables_of(HOST).await.unwrap().is_empty());
    assert!(
        svc.store()
            .live_tables_in(CHANNEL)
            .await
            .unwrap()
            .is_empty()
    );
}

#[tokio::test]
async fn a_whole_two_player_game_through_the_service() {
    let (_db, svc) = fresh_service("two").await;
    whole_game(&svc, 2, false, 2024).await;
}

#[tokio::test]
async fn a_whole_four_player_game_through_the_service() {
    let (_db, svc) = fresh_service("four").await;
    whole_game(&svc, 4, false, 4044).await;
}

#[tokio::test]
async fn a_whole_intro_game_in_memory() {
    let svc = memory_service().await;
    whole_game(&svc, 3, true, 33).await;
}

#[tokio::test]
async fn acting_restarts_the_reminder_clock_only_when_the_game_moves_on() {
    let svc = memory_service().await;
    let id = started_game(&svc, 3, false, 11).await;
    let (table, game) = svc.load::<Game>(id).await.unwrap();
    let game = game.unwrap();
    assert_eq!(game.waiting_for(), vec![0]);
    let since = table.game.waiting_since.unwrap();
    let store = svc.store();
    assert!(store.claim_reminder(id, 0, since).await.unwrap());
    assert!(
        !store.claim_reminder(id, 0, since).await.unwrap(),
        "a reminder is claimed once"
    );
    assert!(
        !store.claim_reminder(id, 1, since - 1).await.unwrap(),
        "not for a wait that is over"
    );
    assert!(store.claim_reminder(id, 1, since).await.unwrap());
    let t = svc.store().table(id).await.unwrap();
    assert_eq!(t.game.reminders_sent, 2);
    assert_eq!(
        t.game.version, table.game.version,
        "claiming a reminder does not bump the version"
    );
    // Seat 0 draws: the game now waits for seat 1, so the reminder count restarts.
    let draw = game
        .legal_actions(0)
        .into_iter()
        .find(|a| matches!(a, Action::Draw { .. }))
        .unwrap();
    let acted = svc
        .act::<Game>(id, HOST, Some(table.game.version), &draw)
        .await
        .unwrap();
    assert_eq!(acted.waiting_before, vec![0]);
    assert_eq!(acted.stage_before, Phase::Upkeep { next: 0 });
    assert_eq!(acted.game.waiting_for(), vec![1]);
    assert_eq!(acted.table.game.reminders_sent, 0);
    assert!(!acted.events.is_empty());

    // Select phase: seat 0 selects (the game moves on), then changes its mind (it does not).
    let id = started_game(&svc, 3, true, 12).await;
    let (table, game) = svc.load::<Game>(id).await.unwrap();
    let game = game.unwrap();
    assert_eq!(game.waiting_for(), vec![0, 1, 2]);
    let selects: Vec<Action> = game
        .legal_actions(0)
        .into_iter()
        .filter(|a| matches!(a, Action::Select { .. }))
        .collect();
    assert!(selects.len() >= 2);
    let acted = svc
        .act::<Game>(id, HOST, Some(table.game.version), &selects[0])
        .await
        .unwrap();
    assert_eq!(acted.game.waiting_for(), vec![1, 2]);
    let since = acted.table.game.waiting_since;
    assert!(
        svc.store()
            .claim_reminder(id, 0, since.unwrap())
            .await
            .unwrap()
    );
    tokio::time::sleep(Duration::from_millis(5)).await;
    let acted = svc.act::<Game>(id, HOST, None, &selects[1]).await.unwrap();
    assert_eq!(acted.waiting_before, acted.game.waiting_for());
    assert_eq!(
        acted.table.game.reminders_sent, 1,
        "a change of selection holds no one up less"
    );
    assert_eq!(acted.table.game.waiting_since, since);
    assert_eq!(acted.table.game.version, table.game.version + 2);
}

// ---------------------------------------------------------------------------------------------
// 3-5. Refusals write nothing
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn a_user_without_a_seat_cannot_act() {
    let (_db, svc) = fresh_service("notseated").await;
    let id = started_game(&svc, 2, false, 99).await;
    let (table, game) = svc.load::<Game>(id).await.unwrap();
    let game = game.unwrap();
    let before = written(svc.store(), id).await;
    // A legal action for seat 0, sent by a stranger, with and without a current view.
    let action = game.legal_actions(0).remove(0);
    for seen in [None, Some(table.game.version), Some(table.game.version - 1)] {
        let r = svc.act::<Game>(id, STRANGER, seen, &action).await;
        assert!(matches!(r, Err(ServiceError::NotSeated)), "{seen:?}: {r:?}");
    }
    assert_eq!(written(svc.store(), id).await, before);
    // The seated player may still do it.
    svc.act::<Game>(id, HOST, Some(table.game.version), &action)
        .await
        .unwrap();
    assert_eq!(written(svc.store(), id).await.actions, 1);
}

#[tokio::test]
async fn a_stale_view_is_refused_when_the_action_is_no_longer_legal() {
    let (_db, svc) = fresh_service("stale").await;
    let id = started_game(&svc, 3, false, 123).await;
    let (table, game) = svc.load::<Game>(id).await.unwrap();
    let (v0, game) = (table.game.version, game.unwrap());
    assert_eq!(game.phase(), &Phase::Upkeep { next: 0 });
    let draw0 = game
        .legal_actions(0)
        .into_iter()
        .find(|a| matches!(a, Action::Draw { .. }))
        .unwrap();
    svc.act::<Game>(id, user(0), Some(v0), &draw0)
        .await
        .unwrap();

    // The same click again, from the old view: stale, nothing written.
    let before = written(svc.store(), id).await;
    assert_eq!(before.version, v0 + 1);
    let r = svc.act::<Game>(id, user(0), Some(v0), &draw0).await;
    assert!(matches!(r, Err(ServiceError::Stale)), "{r:?}");
    assert_eq!(written(svc.store(), id).await, before);
    // Without a view version it is judged by the rules instead.
    let r = svc.act::<Game>(id, user(0), None, &draw0).await;
    assert!(
        matches!(
            r.as_ref().map_err(ServiceError::rule::<ActionError>),
            Err(Some(ActionError::AlreadyDrawn))
        ),
        "{r:?}"
    );
    assert_eq!(written(svc.store(), id).await, before);

    // Seat 1's buttons were drawn at v0 too, but drawing is legal for it now: accepted.
    let (_, now) = svc.load::<Game>(id).await.unwrap();
    let draw1 = now
        .unwrap()
        .legal_actions(1)
        .into_iter()
        .find(|a| matches!(a, Action::Draw { .. }))
        .unwrap();
    let acted = svc
        .act::<Game>(id, user(1), Some(v0), &draw1)
        .await
        .unwrap();
    assert_eq!(acted.table.game.version, v0 + 2);
    assert_eq!(svc.store().actions(id).await.unwrap().len(), 2);
}

/// Seats in the simultaneous select phase: seat B's view is older than seat A's selection, and
/// B's selection is still legal, so it is accepted.
#[tokio::test]
async fn an_old_view_is_accepted_when_the_action_is_still_legal() {
    let svc = memory_service().await;
    let id = started_game(&svc, 3, true, 321).await;
    let (table, game) = svc.load::<Game>(id).await.unwrap();
    let (v0, game) = (table.game.version, game.unwrap());
    assert_eq!(
        game.phase(),
        &Phase::Action { turn: 1 },
        "intro mode draws by itself"
    );
    let select = |g: &Game, seat: usize| {
        g.legal_actions(seat)
            .into_iter()
            .find(|a| matches!(a, Action::Select { .. }))
            .unwrap()
    };
    let a = select(&game, 0);
    let b = select(&game, 1);
    svc.act::<Game>(id, user(0), Some(v0), &a).await.unwrap();
    let acted = svc.act::<Game>(id, user(1), Some(v0), &b).await.unwrap();
    assert_eq!(acted.table.game.version, v0 + 2);
    assert!(acted.game.state().players[1].selected.is_some());
    let log = svc.store().actions(id).await.unwrap();
    assert_eq!(log.iter().map(|l| l.1).collect::<Vec<_>>(), vec![0, 1]);
    assert_eq!(serde_json::from_str::<Action>(&log[1].2).unwrap(), b);
    // Seat 0 clicking the same selection again from its old view: no longer legal, stale.
    let before = written(svc.store(), id).await;
    assert!(matches!(
        svc.act::<Game>(id, user(0), Some(v0), &a).await,
        Err(ServiceError::Stale)
    ));
    assert_eq!(written(svc.store(), id).await, before);
    check_log(svc.store(), id, v0).await;
}

/// An action the engine accepts but that `legal_actions` does not list verbatim: a Build or a
/// Harvest paying its Water from towers the player chose (the Discord panel offers that choice).
fn explicit_water_variant(game: &Game, seat: usize) -> Option<Action> {
    let towers: Vec<Pos> = game.state().players[seat]
        .farm
        .cells
        .iter()
        .filter(|c| c.card == CellCard::WaterTower && c.water > 0)
        .map(|c| c.pos)
        .collect();
    let legal = game.legal_actions(seat);
    for a in &legal {
        for &t in &towers {
            for k in 1..=4usize {
                let variant = match a {
                    Action::Build {
                        pos,
                        water,
                        extra,
                        equipment,
                    } if water.is_empty() => Action::Build {
                        pos: *pos,
                        water: vec![t; k],
                        extra: *extra,
                        equipment: equipment.clone(),
                    },
                    Action::Harvest { pos, water, extra } if water.is_empty() => Action::Harvest {
                        pos: *pos,
                        water: vec![t; k],
                        extra: *extra,
                    },
                    _ => continue,
                };
                if !legal.contains(&variant) && game.clone().apply(seat, &variant).is_ok() {
                    return Some(variant);
                }
            }
        }
    }
    None
}

/// The service's promise (doc of `Service::act`): an action from an older view is applied when it
/// is legal now. A Build paying Water from a tower the player chose is legal (the engine accepts
/// it with a current view), yet with a view one version old it is refused as stale, because the
/// check is "is it in `legal_actions`", which lists only the default Water payment. In the
/// simultaneous action phase other seats bump the version all the time, so a player choosing
/// towers keeps getting "this view is out of date".
#[tokio::test]
async fn an_old_view_with_a_chosen_water_payment_is_accepted_when_legal() {
    let svc = memory_service().await;
    for seed in 1..40u64 {
        let (id, mut rng) = game_and_stream(&svc, (3, true), 600, seed).await;
        loop {
            let (table, game) = svc.load::<Game>(id).await.unwrap();
            let game = game.unwrap();
            if game.is_over() {
                break;
            }
            // Seat s can build with chosen towers; another seat can select meanwhile.
            let found = (0..3).find_map(|s| {
                let variant = explicit_water_variant(&game, s)?;
                let other = (0..3).filter(|&o| o != s).find_map(|o| {
                    game.legal_actions(o)
                        .into_iter()
                        .find(|a| matches!(a, Action::Select { .. }))
                        .map(|a| (o, a))
                })?;
                Some((s, variant, other))
            });
            if let Some((s, variant, (o, select))) = found {
                let old = table.game.version;
                svc.act::<Game>(id, user(o), Some(old), &select)
                    .await
                    .unwrap();
                let (_, now) = svc.load::<Game>(id).await.unwrap();
                assert!(
                    now.unwrap().clone().apply(s, &variant).is_ok(),
                    "the chosen payment is legal now"
                );
                let r = svc.act::<Game>(id, user(s), Some(old), &variant).await;
                assert!(
                    r.is_ok(),
                    "seat {s} {variant:?}, view v{old} (one version old, legal now): expected it applied, got {r:?}"
                );
                return;
            }
            let (seat, action) = sim::random_step(&game, &mut rng).unwrap();
            svc.act::<Game>(id, user(seat), Some(table.game.version), &action)
                .await
                .unwrap();
        }
    }
    panic!("no position with a chosen Water payment was found");
}

#[tokio::test]
async fn illegal_actions_are_refused_with_the_rules_error() {
    let (_db, svc) = fresh_service("rules").await;
    let deck = Deck::default_deck();

    // Upkeep of a 3-player game: seat 0 draws first.
    let id = started_game(&svc, 3, false, 77).await;
    let (table, _) = svc.load::<Game>(id).await.unwrap();
    let v = Some(table.game.version);
    let before = written(svc.store(), id).await;
    let draw = |split| Action::Draw { split };
    let wheat = Action::Select {
        card: "wheat".into(),
    };
    let not_your_turn: ErrorCheck = |e| matches!(e, ActionError::NotYourTurn(_));
    let bad_split: ErrorCheck = |e| matches!(e, ActionError::BadSplit(_));
    let wrong_phase: ErrorCheck = |e| matches!(e, ActionError::WrongPhase(_));
    let cases = [
        (user(1), draw([2, 2, 1, 1]), not_your_turn),
        (user(0), draw([6, 0, 0, 0]), bad_split),
        (user(0), draw([1, 1, 1, 1]), bad_split),
        (user(0), wheat, wrong_phase),
        (user(2), Action::EndHarvest, wrong_phase),
        (user(0), Action::Market { food: 1 }, wrong_phase),
    ];
    for (uid, action, is) in &cases {
        for seen in [v, None] {
            match svc.act::<Game>(id, *uid, seen, action).await {
                Err(e) if e.rule::<ActionError>().is_some() => {
                    let e = e.rule::<ActionError>().expect("checked");
                    assert!(is(e), "{action:?}: unexpected {e:?}")
                }
                other => panic!("{action:?} with {seen:?}: expected a rules error, got {other:?}"),
            }
        }
    }
    assert_eq!(
        written(svc.store(), id).await,
        before,
        "a refused action wrote something"
    );

    // Action phase of an intro game: unknown cards and cards not in hand.
    let id = started_game(&svc, 3, true, 78).await;
    let (table, game) = svc.load::<Game>(id).await.unwrap();
    let game = game.unwrap();
    let before = written(svc.store(), id).await;
    // Seat 0 acts on the view of the table just read (`Some`), or on none.
    let act =
        async |action: Action, seen: Option<i64>| svc.act::<Game>(id, user(0), seen, &action).await;
    let v = Some(table.game.version);
    let select = |card: &str| Action::Select { card: card.into() };
    let r = act(select("no_such_card"), v).await;
    assert!(
        matches!(r.as_ref().map_err(ServiceError::rule::<ActionError>), Err(Some(ActionError::UnknownCard(c))) if c == "no_such_card"),
        "{r:?}"
    );
    let hand = &game.state().players[0].hand;
    let missing = deck
        .locations
        .iter()
        .enumerate()
        .find(|(d, _)| !hand.contains(&(*d as u16)))
        .map(|(_, l)| l.id.clone())
        .unwrap();
    let r = act(select(&missing), v).await;
    assert!(
        matches!(r.as_ref().map_err(ServiceError::rule::<ActionError>), Err(Some(ActionError::NotInHand(c))) if *c == missing),
        "{r:?}"
    );
    let pick = Action::Pick {
        card: missing.as_str().into(),
    };
    let r = act(pick, None).await;
    assert!(
        matches!(
            r.as_ref().map_err(ServiceError::rule::<ActionError>),
            Err(Some(ActionError::WrongPhase(_)))
        ),
        "{r:?}"
    );
    assert_eq!(written(svc.store(), id).await, before);
}

/// Recognises the expected rules error.
type ErrorCheck = fn(&ActionError) -> bool;

// ---------------------------------------------------------------------------------------------
// 6. Concurrency
// ---------------------------------------------------------------------------------------------

/// Selections for every seat of a game in its first select phase, chosen so that no seat may
/// select the same card again once everyone has selected (so a repeated click is never legal).
fn selections_without_repeats(game: &Game) -> Vec<Action> {
    let n = game.players();
    let options: Vec<Vec<Action>> = (0..n)
        .map(|s| {
            game.legal_actions(s)
                .into_iter()
                .filter(|a| matches!(a, Action::Select { .. }))
                .collect()
        })
        .collect();
    let mut rng = ChaCha8Rng::seed_from_u64(17);
    for _ in 0..2000 {
        let pick: Vec<Action> = options
            .iter()
            .map(|o| o.choose(&mut rng).unwrap().clone())
            .collect();
        let mut g = game.clone();
        for (s, a) in pick.iter().enumerate() {
            g.apply(s, a).unwrap();
        }
        if pick
            .iter()
            .enumerate()
            .all(|(s, a)| !g.legal_actions(s).contains(a))
        {
            return pick;
        }
    }
    panic!("no selection without repeats found");
}

#[tokio::test]
async fn simultaneous_selections_and_double_clicks() {
    for use_file in [false, true] {
        let db = TempDb::new("service-test", "simul");
        let svc = if use_file {
            file_service(&db).await
        } else {
            memory_service().await
        };
        let id = started_game(&svc, 4, true, 4321).await;
        let (table, game) = svc.load::<Game>(id).await.unwrap();
        let (v0, game) = (table.game.version, game.unwrap());
        assert_eq!(game.phase(), &Phase::Action { turn: 1 });
        let picks = selections_without_repeats(&game);

        // Every seat clicks its selection three times at once, all from the view at v0.
        let mut tasks = Vec::new();
        for (seat, action) in picks.iter().enumerate() {
            for _ in 0..3 {
                let svc = svc.clone();
                let action = action.clone();
                tasks.push(tokio::spawn(async move {
                    let r = svc.act::<Game>(id, user(seat), Some(v0), &action).await;
                    (seat, r.map(|a| a.table.game.version))
                }));
            }
        }
        let mut accepted: Vec<Vec<i64>> = vec![Vec::new(); 4];
        for t in tasks {
            let (seat, r) = t.await.expect("no task panicked");
            match r {
                Ok(v) => accepted[seat].push(v),
                Err(ServiceError::Stale) => {}
                Err(e) => {
                    panic!("seat {seat}: a duplicate click must be refused as stale, got {e:?}")
                }
            }
        }
        for (seat, a) in accepted.iter().enumerate() {
            assert_eq!(a.len(), 1, "file {use_file}: seat {seat} accepted {a:?}");
        }
        let mut versions: Vec<i64> = accepted.concat();
        versions.sort();
        assert_eq!(versions, (v0 + 1..=v0 + 4).collect::<Vec<_>>());
        let table = svc.store().table(id).await.unwrap();
        assert_eq!(
            table.game.version,
            v0 + 4,
            "final version = start + accepted actions"
        );
        let log = svc.store().actions(id).await.unwrap();
        assert_eq!(log.len(), 4);
        let mut seats: Vec<usize> = log.iter().map(|l| l.1).collect();
        seats.sort();
        assert_eq!(
            seats,
            vec![0, 1, 2, 3],
            "each seat's selection logged exactly once"
        );
        for (_, seat, json) in &log {
            assert_eq!(serde_json::from_str::<Action>(json).unwrap(), picks[*seat]);
        }
        check_log(svc.store(), id, v0).await;
        // Everyone selected: the cards are revealed.
        let (_, game) = svc.load::<Game>(id).await.unwrap();
        let game = game.unwrap();
        assert!(
            game.state().players.iter().all(|p| p.revealed.is_some()),
            "cards not revealed"
        );
    }
}

/// One task per seat plays a whole game, every action sent twice at once from the view it was
/// chosen on. Whatever is accepted is logged exactly once, refusals are stale views only, and the
/// log replays to the stored game.
async fn racing_seats_play_a_game(svc: Arc<Service>, players: u8, seed: u64) {
    let id = started_game(&svc, players, false, seed).await;
    let v0 = svc.store().table(id).await.unwrap().game.version;
    let accepted = Arc::new(Mutex::new(Vec::<i64>::new()));
    let mut tasks = Vec::new();
    for seat in 0..players as usize {
        let svc = svc.clone();
        let accepted = accepted.clone();
        tasks.push(tokio::spawn(async move {
            let mut rng = ChaCha8Rng::seed_from_u64(seed * 10 + seat as u64);
            let mut stale = 0usize;
            loop {
                let (table, game) = svc.load::<Game>(id).await.unwrap();
                if table.game.status == Status::Ended {
                    return stale;
                }
                let game = game.unwrap();
                if !game.is_waiting_for(seat) {
                    tokio::time::sleep(Duration::from_micros(300)).await;
                    continue;
                }
                let actions = game.legal_actions(seat);
                let action = actions
                    .choose(&mut rng)
                    .expect("a waited-for seat has a legal action")
                    .clone();
                let seen = Some(table.game.version);
                let clicks: Vec<_> = (0..2)
                    .map(|_| {
                        let svc = svc.clone();
                        let action = action.clone();
                        tokio::spawn(
                            async move { svc.act::<Game>(id, user(seat), seen, &action).await },
                        )
                    })
                    .collect();
                for c in clicks {
                    match c.await.expect("act panicked") {
                        Ok(acted) => {
                            assert_eq!(acted.seat, seat);
                            accepted.lock().unwrap().push(acted.table.game.version);
                        }
                        Err(ServiceError::Stale) => stale += 1,
                        // The other click ended the game: only then is "the game is over" right.
                        Err(ServiceError::WrongStatus(_)) => {
                            let t = svc.store().table(id).await.unwrap();
                            assert_eq!(
                                t.game.status,
                                Status::Ended,
                                "seat {seat}: refused as over"
                            );
                            stale += 1;
                        }
                        Err(e) => panic!("seat {seat} {action:?}: unexpected refusal {e:?}"),
                    }
                }
            }
        }));
    }
    let mut stale = 0;
    for t in tasks {
        stale += t.await.expect("a seat task panicked");
    }
    let mut accepted = accepted.lock().unwrap().clone();
    accepted.sort();
    let table = svc.store().table(id).await.unwrap();
    assert_eq!(table.game.status, Status::Ended);
    let n = accepted.len();
    accepted.dedup();
    assert_eq!(
        accepted.len(),
        n,
        "two accepted actions reported the same version"
    );
    assert_eq!(
        accepted,
        (v0 + 1..=table.game.version).collect::<Vec<_>>(),
        "accepted = logged versions"
    );
    assert_eq!(check_log(svc.store(), id, v0).await, n);
    assert!(stale > 0, "no double click was ever refused");
}

#[tokio::test]
async fn racing_seats_with_double_clicks_play_a_whole_game() {
    let (_db, svc) = fresh_service("race").await;
    tokio::time::timeout(
        Duration::from_secs(60),
        racing_seats_play_a_game(svc, 4, 8080),
    )
    .await
    .expect("the game did not finish in time");
}

#[tokio::test]
async fn several_games_in_parallel_all_finish() {
    let (_db, svc) = fresh_service("parallel").await;
    let mut tasks = Vec::new();
    for (k, players) in [2u8, 3, 4, 5, 2, 3].into_iter().enumerate() {
        let svc = svc.clone();
        tasks.push(tokio::spawn(async move {
            let seed = 500 + k as u64;
            let id = started_game(&svc, players, false, seed).await;
            let v0 = svc.store().table(id).await.unwrap().game.version;
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let steps = play_random(&svc, id, &mut rng, usize::MAX).await;
            (id, v0, steps, players)
        }));
    }
    // Plus one game played by racing seats at the same time.
    let race = tokio::spawn(racing_seats_play_a_game(svc.clone(), 3, 9090));
    let mut ids = Vec::new();
    for t in tasks {
        let (id, v0, steps, players) = tokio::time::timeout(Duration::from_secs(60), t)
            .await
            .expect("a game did not finish")
            .unwrap();
        let table = svc.store().table(id).await.unwrap();
        assert_eq!(
            table.game.status,
            Status::Ended,
            "game {id} ({players} players)"
        );
        assert_eq!(check_log(svc.store(), id, v0).await, steps);
        ids.push(id);
    }
    race.await.unwrap();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), 6);
    assert!(svc.store().active_games().await.unwrap().is_empty());
}

/// Two services (two bot processes) on the same database file race on one game: their per-game
/// locks do not see each other, so the optimistic version must catch the loser. Nothing accepted
/// is lost and nothing is logged twice.
#[tokio::test]
async fn two_services_on_one_file_never_both_win() {
    let db = TempDb::new("service-test", "twoproc");
    let a = file_service(&db).await;
    let b = file_service(&db).await;
    let id = started_game(&a, 4, true, 2468).await;
    let (table, game) = b.load::<Game>(id).await.unwrap();
    let (v0, game) = (table.game.version, game.unwrap());
    let picks = selections_without_repeats(&game);
    let mut tasks = Vec::new();
    for (seat, action) in picks.iter().enumerate() {
        for svc in [a.clone(), b.clone(), a.clone(), b.clone()] {
            let action = action.clone();
            tasks.push(tokio::spawn(async move {
                (
                    seat,
                    svc.act::<Game>(id, user(seat), Some(v0), &action)
                        .await
                        .is_ok(),
                )
            }));
        }
    }
    let mut wins = [0usize; 4];
    for t in tasks {
        let (seat, ok) = t.await.expect("no panic");
        wins[seat] += ok as usize;
    }
    assert_eq!(
        wins,
        [1, 1, 1, 1],
        "each seat's selection is accepted exactly once"
    );
    assert_eq!(a.store().table(id).await.unwrap().game.version, v0 + 4);
    assert_eq!(check_log(b.store(), id, v0).await, 4);
}

// ---------------------------------------------------------------------------------------------
// 7. Restart
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn a_game_survives_a_restart() {
    let db = TempDb::new("service-test", "restart");
    let players = 3u8;
    let seed = 31_337u64;
    let mut rng = ChaCha8Rng::seed_from_u64(99);
    let (id, v0, first) = {
        let svc = file_service(&db).await;
        let id = started_game(&svc, players, false, seed).await;
        let v0 = svc.store().table(id).await.unwrap().game.version;
        let first = play_random(&svc, id, &mut rng, 60).await;
        assert_eq!(first, 60);
        assert_eq!(
            svc.store().table(id).await.unwrap().game.status,
            Status::Active
        );
        (id, v0, first)
        // The service and its store are dropped here.
    };
    tokio::time::sleep(Duration::from_millis(20)).await;

    let store = Store::open(db.path()).await.expect("reopen the database");
    assert_eq!(store.active_games().await.unwrap(), vec![id]);
    assert_eq!(store.live_tables_of(user(2)).await.unwrap(), vec![id]);
    assert_eq!(
        store.actions(id).await.unwrap().len(),
        first,
        "acknowledged actions survived"
    );
    let svc = service(store);
    let rest = play_random(&svc, id, &mut rng, usize::MAX).await;
    assert_eq!(check_log(svc.store(), id, v0).await, first + rest);

    // The same seed and the same random choices, uninterrupted and without a database.
    fixture::check_same_as_in_memory(&svc, id, players, seed, 99).await;
}

// ---------------------------------------------------------------------------------------------
// 8. Store
// ---------------------------------------------------------------------------------------------

fn two_seats() -> Vec<SeatRow> {
    vec![
        SeatRow {
            seat: 0,
            user_id: HOST,
            name: "Host".into(),
        },
        SeatRow {
            seat: 1,
            user_id: user(1),
            name: "Ann".into(),
        },
    ]
}

#[tokio::test]
async fn store_refuses_a_stale_version_and_writes_nothing() {
    let db = TempDb::new("service-test", "conflict");
    let store = Store::open(db.path()).await.unwrap();
    let id = host_table(&store, Some(GUILD), 1).await;
    assert!(matches!(
        store.set_seats(id, 5, &two_seats()).await,
        Err(StoreError::Conflict)
    ));
    assert_eq!(
        store.table(id).await.unwrap().seats.len(),
        1,
        "a refused set_seats changed the seats"
    );
    let v = store.set_seats(id, 0, &two_seats()).await.unwrap();
    assert_eq!(v, 1);
    assert!(matches!(
        store.start(id, 0, &two_seats(), "{}", &["e".into()]).await,
        Err(StoreError::Conflict)
    ));
    assert_eq!(store.table(id).await.unwrap().game.status, Status::Open);
    let v = store
        .start(
            id,
            1,
            &two_seats(),
            "{\"s\":1}",
            &["e0".into(), "e1".into()],
        )
        .await
        .unwrap();
    assert_eq!(v, 2);

    let before = written(&store, id).await;
    // A save at a version before or after the table's (2) is refused.
    for stale in [1, 3] {
        let r = store
            .save_action(
                id,
                stale,
                0,
                "{\"a\":1}",
                "{\"s\":2}",
                &["x".into()],
                Status::Ended,
                true,
            )
            .await;
        assert!(matches!(r, Err(StoreError::Conflict)), "v{stale}: {r:?}");
    }
    assert_eq!(
        written(&store, id).await,
        before,
        "a conflicting save wrote something"
    );

    let v = store
        .save_action(
            id,
            2,
            1,
            "{\"a\":1}",
            "{\"s\":2}",
            &["x".into(), "y".into()],
            Status::Active,
            false,
        )
        .await
        .unwrap();
    assert_eq!(v, 3);
    assert_eq!(
        store.actions(id).await.unwrap(),
        vec![(3, 1, "{\"a\":1}".to_string())]
    );
    let events = store.recent_events(id, 100).await.unwrap();
    assert_eq!(
        events,
        vec![
            (2, "e0".into()),
            (2, "e1".into()),
            (3, "x".into()),
            (3, "y".into())
        ]
    );
    assert_eq!(
        store.recent_events(id, 2).await.unwrap(),
        vec![(3, "x".into()), (3, "y".into())],
        "the last 2, oldest first"
    );
    let t = store.table(id).await.unwrap();
    assert_eq!(t.game.snapshot.as_deref(), Some("{\"s\":2}"));
    assert_eq!(t.game.version, 3);

    assert!(matches!(
        store.set_status(id, 2, Status::Abandoned).await,
        Err(StoreError::Conflict)
    ));
    assert_eq!(store.table(id).await.unwrap().game.status, Status::Active);
    assert_eq!(store.set_status(id, 3, Status::Abandoned).await.unwrap(), 4);
    assert_eq!(
        store.table(id).await.unwrap().game.status,
        Status::Abandoned
    );

    assert!(matches!(
        store.table(id + 100).await,
        Err(StoreError::NotFound)
    ));
    assert!(matches!(
        store
            .save_action(id + 100, 0, 0, "a", "s", &[], Status::Active, false)
            .await,
        Err(StoreError::Conflict)
    ));
}

#[tokio::test]
async fn store_prefs_and_dms() {
    let store = Store::open_in_memory().await.unwrap();
    assert_eq!(store.prefs(HOST).await.unwrap(), Prefs::default());
    assert_eq!(Prefs::default(), prefs(false, Reminders::Mention));
    for p in [
        prefs(true, Reminders::Dm),
        prefs(false, Reminders::Off),
        prefs(true, Reminders::Mention),
        // A player's day (issue 41): the zone as the database spells it, quiet hours.
        Prefs {
            hand_in_dm: false,
            reminders: Reminders::Dm,
            time_zone: Some("Asia/Tokyo".into()),
            quiet_hours: Some(farmhand::day::QuietHours { start: 23, end: 7 }),
            dms_closed: false,
        },
    ] {
        store.set_prefs(HOST, p.clone()).await.unwrap();
        assert_eq!(store.prefs(HOST).await.unwrap(), p);
        // Closed DMs (issue 42): remembered without touching the rest, and forgotten by the
        // next settings; a player never seen before gets a row of defaults.
        store.note_dms_closed(HOST, true).await.unwrap();
        let closed = store.prefs(HOST).await.unwrap();
        assert!(closed.dms_closed && !closed.dm_panels());
        assert_eq!(
            Prefs {
                dms_closed: false,
                ..closed
            },
            p
        );
        store.set_prefs(HOST, p.clone()).await.unwrap();
        assert_eq!(store.prefs(HOST).await.unwrap(), p);
    }
    store.note_dms_closed(user(7), true).await.unwrap();
    assert!(store.prefs(user(7)).await.unwrap().dms_closed);
    store.note_dms_closed(user(7), false).await.unwrap();
    assert_eq!(
        store.prefs(user(1)).await.unwrap(),
        Prefs::default(),
        "other users keep the defaults"
    );
    // Large snowflakes survive the i64 column.
    let big = 1_234_567_890_123_456_789u64;
    store
        .set_prefs(big, prefs(true, Reminders::Off))
        .await
        .unwrap();
    assert_eq!(store.prefs(big).await.unwrap(), prefs(true, Reminders::Off));

    let id = host_table(&store, None, 1).await;
    let other = host_table(&store, None, 2).await;
    assert_eq!(store.dm(id, HOST).await.unwrap(), None);
    store.set_dm(id, HOST, 11, 12).await.unwrap();
    assert_eq!(store.dm(id, HOST).await.unwrap(), Some((11, 12)));
    store.set_dm(id, HOST, 21, 22).await.unwrap();
    assert_eq!(
        store.dm(id, HOST).await.unwrap(),
        Some((21, 22)),
        "set_dm upserts"
    );
    assert_eq!(
        store.dm(other, HOST).await.unwrap(),
        None,
        "DMs are per game"
    );
    assert_eq!(
        store.dm(id, user(1)).await.unwrap(),
        None,
        "DMs are per user"
    );
    store.set_dm(other, HOST, big, big - 1).await.unwrap();
    assert_eq!(store.dm(other, HOST).await.unwrap(), Some((big, big - 1)));
    assert_eq!(store.dm(id, HOST).await.unwrap(), Some((21, 22)));
    assert_eq!(
        store.table(id).await.unwrap().game.version,
        0,
        "DMs are not game state"
    );
}

#[tokio::test]
async fn store_listing_filters_and_set_message() {
    let svc = memory_service().await;
    let store = svc.store().clone();
    const OTHER_GUILD: u64 = 7_001;
    const OTHER_CHANNEL: u64 = 8_001;
    const THREAD: u64 = 8_500;
    let open = |guild: Option<u64>, channel: u64, host: u64| {
        let svc = svc.clone();
        async move {
            svc.open_table(
                Kind::FieldsOfGreen,
                guild,
                channel,
                (host, "H"),
                opts(2, false),
                1,
            )
            .await
            .unwrap()
            .game
            .id
        }
    };
    let a = open(Some(GUILD), CHANNEL, HOST).await; // stays open
    let b = open(Some(GUILD), CHANNEL, HOST).await; // started
    let c = open(Some(GUILD), CHANNEL, HOST).await; // cancelled
    let d = open(Some(GUILD), OTHER_CHANNEL, user(5)).await; // other channel, open
    let e = open(Some(OTHER_GUILD), CHANNEL + 10, user(6)).await; // other guild, started
    let f = open(None, CHANNEL, HOST).await; // no guild

    svc.join(b, user(1), "Ann").await.unwrap();
    svc.start_as::<Game>(b, HOST, false).await.unwrap();
    svc.join(e, user(1), "Ann").await.unwrap();
    svc.start_as::<Game>(e, user(6), false).await.unwrap();
    svc.close(c, HOST, false).await.unwrap();

    // set_message: no version bump, the values kept when given None.
    let v = store.table(b).await.unwrap().game.version;
    store.set_message(b, Some(THREAD), Some(555)).await.unwrap();
    let t = store.table(b).await.unwrap();
    assert_eq!(
        (t.game.thread_id, t.game.table_message_id, t.game.version),
        (Some(THREAD), Some(555), v)
    );
    assert_eq!(t.game.play_channel(), THREAD);
    store.set_message(b, None, Some(556)).await.unwrap();
    let t = store.table(b).await.unwrap();
    assert_eq!(
        (t.game.thread_id, t.game.table_message_id, t.game.version),
        (Some(THREAD), Some(556), v)
    );
    store.set_message(b, None, None).await.unwrap();
    let t = store.table(b).await.unwrap();
    assert_eq!(
        (t.game.thread_id, t.game.table_message_id, t.game.version),
        (Some(THREAD), Some(556), v)
    );
    assert_eq!(store.table(a).await.unwrap().game.play_channel(), CHANNEL);
    // An action drawn before set_message is not stale.
    let (_, game) = svc.load::<Game>(b).await.unwrap();
    let (seat, action) =
        sim::random_step(&game.unwrap(), &mut ChaCha8Rng::seed_from_u64(3)).unwrap();
    let uid = store.table(b).await.unwrap().user_of(seat).unwrap();
    let acted = svc.act::<Game>(b, uid, Some(v), &action).await.unwrap();
    assert_eq!(acted.table.game.version, v + 1);

    assert_eq!(
        store.live_tables_in(CHANNEL).await.unwrap(),
        vec![f, b, a],
        "newest first, live only"
    );
    assert_eq!(
        store.live_tables_in(THREAD).await.unwrap(),
        vec![b],
        "found by thread"
    );
    assert_eq!(store.live_tables_in(OTHER_CHANNEL).await.unwrap(), vec![d]);
    assert_eq!(
        store.live_tables_in(12_345).await.unwrap(),
        Vec::<GameId>::new()
    );
    assert_eq!(
        store.live_tables_in_guild(GUILD).await.unwrap(),
        vec![d, b, a]
    );
    assert_eq!(
        store.live_tables_in_guild(OTHER_GUILD).await.unwrap(),
        vec![e]
    );
    assert_eq!(store.live_tables_of(HOST).await.unwrap(), vec![f, b, a]);
    assert_eq!(store.live_tables_of(user(1)).await.unwrap(), vec![e, b]);
    assert_eq!(store.live_tables_of(user(5)).await.unwrap(), vec![d]);
    assert_eq!(
        store.live_tables_of(STRANGER).await.unwrap(),
        Vec::<GameId>::new()
    );
    assert_eq!(
        store.active_games().await.unwrap(),
        vec![b, e],
        "active only, oldest first"
    );

    // Ending or abandoning takes a game off every list.
    svc.close(e, user(6), false).await.unwrap();
    assert_eq!(store.active_games().await.unwrap(), vec![b]);
    assert_eq!(store.live_tables_of(user(1)).await.unwrap(), vec![b]);
    assert!(
        store
            .live_tables_in_guild(OTHER_GUILD)
            .await
            .unwrap()
            .is_empty()
    );
    let _ = c;
}

#[tokio::test]
async fn store_migrations_run_twice_on_one_file() {
    let db = TempDb::new("service-test", "migrate");
    let first = Store::open(db.path()).await.expect("first open");
    let id = host_table(&first, Some(GUILD), 3).await;
    first
        .set_prefs(HOST, prefs(true, Reminders::Dm))
        .await
        .unwrap();
    // A second open while the first is alive, then another after it is gone.
    let second = Store::open(db.path())
        .await
        .expect("second open (migrations again)");
    assert_eq!(second.table(id).await.unwrap().seats.len(), 1);
    drop(first);
    drop(second);
    let third = Store::open(db.path()).await.expect("third open");
    let t = third.table(id).await.unwrap();
    assert_eq!(
        (t.game.host_id, t.game.seed, t.game.status),
        (HOST, 3, Status::Open)
    );
    assert_eq!(third.prefs(HOST).await.unwrap(), prefs(true, Reminders::Dm));
    let id2 = host_table(&third, None, 4).await;
    assert!(id2 > id);
    // A folder that does not exist yet is created.
    let nested = TempDb::new("service-test", "nested");
    let dir = nested.path().with_extension("d");
    let path = dir.join("sub").join("farmhand.sqlite");
    let s = Store::open(&path).await.expect("open in a new folder");
    assert!(s.active_games().await.unwrap().is_empty());
    drop(s);
    let _ = std::fs::remove_dir_all(&dir);
}

// ---------------------------------------------------------------------------------------------
// Auto harvest: a whole plan applied as one step (issue 5)
// ---------------------------------------------------------------------------------------------

/// The harvest planner's plan for `seat` as the steps the Confirm button applies: the plan's
/// actions up to where the engine ends the seat's harvest by itself (or an Equipment offer
/// interrupts it).
fn plan_steps(game: &Game, seat: usize) -> Vec<Action> {
    let plan = planner::plan_game(game, seat, planner::ENGINE_BUDGET);
    let mut g = game.clone();
    let mut steps = Vec::new();
    for a in plan.actions {
        let p = &g.state().players[seat];
        if g.phase() != &Phase::Harvest || p.harvest_done || !p.offer.is_empty() {
            break;
        }
        g.apply(seat, &a)
            .unwrap_or_else(|e| panic!("the planner's step {a:?} is refused: {e}"));
        steps.push(a);
    }
    steps
}

/// Seats deciding their harvest with a plan of at least two Harvest steps.
fn planning_seats(game: &Game) -> Vec<usize> {
    if game.phase() != &Phase::Harvest {
        return Vec::new();
    }
    (0..game.players())
        .filter(|&s| {
            game.legal_actions(s)
                .iter()
                .any(|a| matches!(a, Action::Harvest { .. }))
                && plan_steps(game, s)
                    .iter()
                    .filter(|a| matches!(a, Action::Harvest { .. }))
                    .count()
                    >= 2
        })
        .collect()
}

/// Plays random actions through the service until `want` holds for the stored game (None if
/// the game ends first). Returns the table and game then.
async fn play_until(
    svc: &Service,
    id: GameId,
    rng: &mut ChaCha8Rng,
    want: impl Fn(&Game) -> bool,
) -> Option<(Table, Game)> {
    loop {
        let (table, game) = svc.load::<Game>(id).await.unwrap();
        let game = game.unwrap();
        if want(&game) {
            return Some((table, game));
        }
        let (seat, action) = sim::random_step(&game, rng)?;
        svc.act::<Game>(id, user(seat), Some(table.game.version), &action)
            .await
            .unwrap();
    }
}

/// Plays game `id` on with random actions (drawn with `seed`) until a seat has a harvest plan of
/// two steps or more ([`planning_seats`]): the table and game then, that seat, and its plan.
async fn at_a_plan(svc: &Service, id: GameId, seed: u64) -> (Table, Game, usize, Vec<Action>) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (table, game) = play_until(svc, id, &mut rng, |g| !planning_seats(g).is_empty())
        .await
        .expect("a harvest with a plan of two steps or more");
    let seat = planning_seats(&game)[0];
    let steps = plan_steps(&game, seat);
    (table, game, seat, steps)
}

#[tokio::test]
async fn a_confirmed_harvest_plan_is_stored_as_consecutive_actions() {
    let (_db, svc) = fresh_service("plan").await;
    let id = started_game(&svc, 3, false, 4242).await;
    let v_start = svc.store().table(id).await.unwrap().game.version;
    let (table, game, seat, steps) = at_a_plan(&svc, id, 4242).await;
    let v = table.game.version;
    let before = written(svc.store(), id).await;

    // Someone else cannot confirm it.
    let r = svc.act_plan::<Game>(id, STRANGER, v, &steps).await;
    assert!(matches!(r, Err(ServiceError::NotSeated)), "{r:?}");
    assert_eq!(written(svc.store(), id).await, before);

    let done = svc
        .act_plan::<Game>(id, user(seat), v, &steps)
        .await
        .unwrap();
    assert_eq!(done.seat, seat);
    let n = steps.len() as i64;
    assert_eq!(done.table.game.version, v + n, "one version per step");
    // The seat's harvest is over (or the whole year moved on when it was the last one).
    assert!(
        done.game.phase() != &Phase::Harvest || done.game.state().players[seat].harvest_done,
        "the plan finishes the harvest"
    );
    // The events of every step, in order: a Harvested per Harvest step.
    let harvested: Vec<Pos> = done
        .events
        .iter()
        .filter_map(|e| match e {
            farmhand::games::fields_of_green::Event::Harvested { seat: s, pos, .. }
                if *s == seat =>
            {
                Some(*pos)
            }
            _ => None,
        })
        .collect();
    let paid: Vec<Pos> = steps
        .iter()
        .filter_map(|a| match a {
            Action::Harvest { pos, .. } => Some(*pos),
            _ => None,
        })
        .collect();
    assert_eq!(harvested, paid);
    assert_eq!(done.waiting_before, game.waiting_for());
    assert_eq!(done.stage_before, Phase::Harvest);
    // Stored: one action row per step at versions v+1, v+2, ..., the engine's own end state, and
    // every event; the whole log still replays to the stored snapshot.
    let log = svc.store().actions(id).await.unwrap();
    let tail = &log[log.len() - steps.len()..];
    for (k, ((version, s, json), step)) in tail.iter().zip(&steps).enumerate() {
        assert_eq!(*version, v + 1 + k as i64);
        assert_eq!(*s, seat);
        assert_eq!(&serde_json::from_str::<Action>(json).unwrap(), step);
    }
    let after = written(svc.store(), id).await;
    assert_eq!(after.actions, before.actions + steps.len());
    assert_eq!(after.events, before.events + done.events.len());
    let mut expected = game.clone();
    for a in &steps {
        expected.apply(seat, a).unwrap();
    }
    assert_eq!(parse_snapshot(&done.table), expected.snapshot());
    check_log(svc.store(), id, v_start).await;
    // Issue 41: a plan is several steps in one click, so it is not offered for an undo, and an
    // undo is refused (taking back its last step alone would not take back the plan).
    assert_eq!(done.table.game.undoable_by, None);
    let r = svc
        .undo::<Game>(id, user(seat), done.table.game.version)
        .await;
    assert!(matches!(r, Err(ServiceError::WrongStatus(_))), "{r:?}");
    assert_eq!(written(svc.store(), id).await, after);
}

#[tokio::test]
async fn a_plan_with_a_refused_step_stores_nothing() {
    let svc = memory_service().await;
    let id = started_game(&svc, 3, false, 777).await;
    let (table, _, seat, steps) = at_a_plan(&svc, id, 777).await;
    let v = table.game.version;
    let before = written(svc.store(), id).await;
    // The first step is fine; finishing twice is not: the whole plan is refused with the
    // engine's reason and nothing of it (not even the good first step) is stored.
    let bad = vec![steps[0].clone(), Action::EndHarvest, Action::EndHarvest];
    let r = svc.act_plan::<Game>(id, user(seat), v, &bad).await;
    assert!(matches!(r, Err(ServiceError::Rules(_))), "{r:?}");
    assert_eq!(written(svc.store(), id).await, before);
    // A step that is refused first: the same.
    let mut swapped = steps.clone();
    swapped.insert(0, Action::Market { food: 0 });
    let r = svc.act_plan::<Game>(id, user(seat), v, &swapped).await;
    assert!(matches!(r, Err(ServiceError::Rules(_))), "{r:?}");
    assert_eq!(written(svc.store(), id).await, before);
    // An empty plan does nothing either.
    assert!(svc.act_plan::<Game>(id, user(seat), v, &[]).await.is_err());
    assert_eq!(written(svc.store(), id).await, before);
    // The game is untouched: the real plan still applies at the same version.
    let done = svc
        .act_plan::<Game>(id, user(seat), v, &steps)
        .await
        .unwrap();
    assert_eq!(done.table.game.version, v + steps.len() as i64);
}

#[tokio::test]
async fn a_plan_confirmed_from_an_older_version_is_refused_as_stale() {
    let svc = memory_service().await;
    for seed in 1..30u64 {
        let (id, mut rng) = game_and_stream(&svc, (4, false), 900, seed).await;
        // Two seats planning their harvest at once.
        let Some((table, game)) =
            play_until(&svc, id, &mut rng, |g| planning_seats(g).len() >= 2).await
        else {
            continue;
        };
        let seats = planning_seats(&game);
        let (seat, other) = (seats[0], seats[1]);
        let steps = plan_steps(&game, seat);
        let v = table.game.version;
        // The other seat harvests one location: the game moves on to v + 1.
        let first = plan_steps(&game, other)[0].clone();
        svc.act::<Game>(id, user(other), Some(v), &first)
            .await
            .unwrap();
        let before = written(svc.store(), id).await;
        assert_eq!(before.version, v + 1);
        // The plan drawn at v is refused, even though every step would still apply: a plan is
        // confirmed only for the state it was made on.
        let (_, now) = svc.load::<Game>(id).await.unwrap();
        let mut g = now.unwrap();
        assert!(steps.iter().all(|a| g.apply(seat, a).is_ok()));
        let r = svc.act_plan::<Game>(id, user(seat), v, &steps).await;
        assert!(matches!(r, Err(ServiceError::Stale)), "{r:?}");
        assert_eq!(written(svc.store(), id).await, before);
        // Made again on the current state, it is accepted.
        let (table, now) = svc.load::<Game>(id).await.unwrap();
        let steps = plan_steps(&now.unwrap(), seat);
        svc.act_plan::<Game>(id, user(seat), table.game.version, &steps)
            .await
            .unwrap();
        return;
    }
    panic!("no harvest with two seats planning at once was found");
}

/// Issue 10, durability: the database file runs in WAL mode with `synchronous=FULL`, so a move
/// acknowledged after its commit survives a power cut (NORMAL may lose the last commits in WAL).
#[tokio::test]
async fn the_database_file_syncs_every_commit() {
    let db = TempDb::new("service-test", "durability");
    let store = Store::open(db.path())
        .await
        .expect("open the database file");
    let (mode, sync) = store.durability().await.unwrap();
    assert_eq!(mode, "wal");
    assert_eq!(sync, 2, "synchronous must be FULL (2), not {sync}");
}

/// Issue 10: the "(is the folder writable?)" hint appears only where permissions are a likely
/// cause: a folder that cannot be created, not a file that is not a database.
#[tokio::test]
async fn the_writable_hint_only_where_permissions_may_be_the_cause() {
    let db = TempDb::new("service-test", "not-a-database");
    std::fs::write(db.path(), vec![b'x'; 4096]).unwrap();
    let mut config = farmhand::config::Config::default();
    config.database.url = db.path().display().to_string();
    let e = farmhand::discord::prepare(config.clone())
        .await
        .unwrap_err();
    let said = format!("{e:#}");
    assert!(said.contains("cannot open the database"), "{said}");
    assert!(!said.contains("writable"), "{said}");
    // A folder under a plain file cannot be created.
    config.database.url = db
        .path()
        .join("inner")
        .join("farmhand.sqlite")
        .display()
        .to_string();
    let e = farmhand::discord::prepare(config).await.unwrap_err();
    let said = format!("{e:#}");
    assert!(said.contains("(is the folder writable?)"), "{said}");
}

/// Issue 10: when the change is committed but reading the table back fails, the player is not
/// told "nothing was changed" (they would try again): the action is in the database and the
/// answer says it was saved.
#[tokio::test]
async fn a_failed_read_after_the_commit_is_not_reported_as_nothing_changed() {
    let (db, svc) = fresh_service("reread").await;
    let id = started_game(&svc, 2, false, 41).await;
    let (table, game) = svc.load::<Game>(id).await.unwrap();
    let action = game.unwrap().legal_actions(0).remove(0);
    // A trigger in the same write transaction makes the game row unreadable (its options are no
    // longer JSON), so the commit succeeds and the read after it fails.
    fixture::run_sql(
        db.path(),
        "CREATE TRIGGER spoil AFTER INSERT ON game_action BEGIN \
         UPDATE game SET options = 'not json' WHERE id = NEW.game_id; END",
    )
    .await;
    let before = written(svc.store(), id).await.actions;
    let r = svc
        .act::<Game>(id, HOST, Some(table.game.version), &action)
        .await;
    let err = r.expect_err("the read after the commit fails");
    assert!(matches!(err, ServiceError::Saved(_)), "{err:?}");
    let said = farmhand::discord::answer::user_text(&err);
    assert!(
        !said.to_lowercase().contains("nothing was changed"),
        "{said}"
    );
    assert!(said.contains("saved"), "{said}");
    // The action really is stored.
    let log = svc.store().actions(id).await.unwrap();
    assert_eq!(log.len(), before + 1);
}

/// Issue 10: a SQLite file that is not Farmhand's (another program's tables, or none) is refused
/// before anything is written, and left byte for byte as it was; a file that is not a database
/// at all too. A missing or empty file becomes a new database.
#[tokio::test]
async fn a_foreign_sqlite_file_is_refused_and_left_untouched() {
    let db = TempDb::new("service-test", "foreign");
    fixture::run_sql(
        db.path(),
        "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT);
         INSERT INTO notes (body) VALUES ('keep me');",
    )
    .await;
    let before = std::fs::read(db.path()).unwrap();
    let err = Store::open(db.path()).await.expect_err("not ours");
    assert!(matches!(err, StoreError::Foreign { .. }), "{err:?}");
    let said = err.to_string();
    assert!(
        said.contains("not a Farmhand database") && said.contains("notes"),
        "{said}"
    );
    assert!(!err.may_be_permissions());
    assert_eq!(
        std::fs::read(db.path()).unwrap(),
        before,
        "the file was modified"
    );
    assert!(!Path::new(&format!("{}-wal", db.path().display())).exists());

    // A database whose only table was dropped: no tables of ours.
    let empty = TempDb::new("service-test", "no-tables");
    fixture::run_sql(empty.path(), "CREATE TABLE t (x); DROP TABLE t;").await;
    let before = std::fs::read(empty.path()).unwrap();
    let err = Store::open(empty.path()).await.expect_err("no tables");
    assert!(err.to_string().contains("no tables"), "{err}");
    assert_eq!(std::fs::read(empty.path()).unwrap(), before);

    // Not a database at all.
    let text = TempDb::new("service-test", "text");
    std::fs::write(text.path(), "just some notes\n").unwrap();
    assert!(Store::open(text.path()).await.is_err());
    assert_eq!(std::fs::read(text.path()).unwrap(), b"just some notes\n");

    // An empty file is a new database; ours opens again.
    let fresh = TempDb::new("service-test", "empty-file");
    std::fs::write(fresh.path(), "").unwrap();
    drop(
        Store::open(fresh.path())
            .await
            .expect("an empty file is new"),
    );
    Store::open(fresh.path())
        .await
        .expect("our own file opens again");
}

/// Issue 10: a second bot process on one SQLite file is refused at start with a clear message;
/// once the first is gone, the file is free again.
#[test]
fn a_second_process_on_one_sqlite_file_is_refused() {
    use farmhand::store::ProcessLock;
    let db = TempDb::new("service-test", "one-process");
    let first = ProcessLock::acquire(db.path()).expect("the first process");
    let err = ProcessLock::acquire(db.path()).expect_err("a second one");
    assert!(matches!(err, StoreError::InUse { .. }), "{err:?}");
    assert!(
        err.to_string()
            .contains("in use by another Farmhand process"),
        "{err}"
    );
    drop(first);
    let _again = ProcessLock::acquire(db.path()).expect("free once the first has stopped");
    let mut lock = db.path().as_os_str().to_owned();
    lock.push(".lock");
    let _ = std::fs::remove_file(PathBuf::from(lock));
}
