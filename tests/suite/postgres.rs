//! The store, the service and the whole bot on PostgreSQL (issue 10): the same store code and
//! the same SQL as on SQLite, through sqlx's `Any` driver, with `migrations/postgres/`.
//!
//! These tests need a PostgreSQL server: `FARMHAND_TEST_POSTGRES` is the URL of a database on it
//! where the tests may create their own databases (`.ci/postgres` starts a throwaway server and
//! prints such a URL; `.ci/run` does it for CI). Without the variable they say so and pass,
//! so `cargo test` works on a machine without PostgreSQL; `FARMHAND_REQUIRE_POSTGRES=1` (set by
//! `.ci/run`) makes a missing server a failure instead.

use farmhand::config::Config;
use farmhand::discord::{Data, bots, notify};
use farmhand::fake_discord::harness::{Bot, init_tracing, panics, test_config, watch_panics};
use farmhand::fake_discord::player::{self, Driver};
use farmhand::fake_discord::{FakeDiscord, verify};
use farmhand::games::fields_of_green::{Action, Deck, Game, Options, sim};
use farmhand::host::{Kind, Library};
use farmhand::service::Service;
use farmhand::store::{Backend, GameId, Status, Store, Table, TableOptions};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use sqlx::Connection;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::fixture;

static COUNTER: AtomicUsize = AtomicUsize::new(0);

/// A fresh, empty database on the test server, or None (with a note) when there is no server.
pub(crate) async fn fresh_database(tag: &str) -> Option<String> {
    let Ok(admin) = std::env::var("FARMHAND_TEST_POSTGRES") else {
        if std::env::var("FARMHAND_REQUIRE_POSTGRES").is_ok_and(|v| v == "1") {
            panic!("FARMHAND_REQUIRE_POSTGRES=1 but FARMHAND_TEST_POSTGRES is not set");
        }
        eprintln!("{tag}: skipped, FARMHAND_TEST_POSTGRES is not set (see .ci/postgres)");
        return None;
    };
    let name = format!(
        "farmhand_{}_{}_{tag}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::SeqCst)
    );
    let mut conn = sqlx::PgConnection::connect(&admin)
        .await
        .unwrap_or_else(|e| panic!("cannot reach the test PostgreSQL at {admin}: {e}"));
    // The name is ours (digits, letters and underscores), not input.
    sqlx::query(sqlx::AssertSqlSafe(format!(
        "DROP DATABASE IF EXISTS {name}"
    )))
    .execute(&mut conn)
    .await
    .unwrap();
    sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}")))
        .execute(&mut conn)
        .await
        .unwrap();
    conn.close().await.unwrap();
    let mut url = url::Url::parse(&admin).expect("FARMHAND_TEST_POSTGRES is a URL");
    url.set_path(&format!("/{name}"));
    Some(url.to_string())
}

/// The bot's test configuration on the PostgreSQL database at `url`.
pub(crate) fn pg_config(url: &str) -> Config {
    test_config(std::path::Path::new(url))
}

/// The people `names`, of whom the second (bob) keeps his hand in DMs (set by a command in
/// `channel`): his clicks there come on shard 0 while the server's come on its own shard.
pub(crate) async fn people_with_bob_in_dms(
    fake: &FakeDiscord,
    channel: u64,
    names: &[&str],
) -> Vec<u64> {
    let users: Vec<u64> = names.iter().map(|n| fake.add_user(n)).collect();
    let ix = fake
        .slash(users[1], channel, "fog settings hand_in_dm:true")
        .unwrap();
    fake.reply(&ix).await.unwrap();
    users
}

/// Two processes' reminder passes at the same moment `now`.
async fn remind_in_both(http: &serenity::all::Http, a: &Data, b: &Data, now: i64) {
    let (ra, rb) = tokio::join!(
        notify::remind_due(http, a, now),
        notify::remind_due(http, b, now)
    );
    ra.unwrap();
    rb.unwrap();
}

/// Two processes' stand-in passes at the same moment `now`: the moves each made.
async fn stand_in_in_both(
    http: &serenity::all::Http,
    a: &Data,
    b: &Data,
    now: i64,
) -> (usize, usize) {
    let (ma, mb) = tokio::join!(
        bots::stand_in_due(http, a, now),
        bots::stand_in_due(http, b, now)
    );
    (ma.unwrap(), mb.unwrap())
}

/// A fresh database (as [`fresh_database`]) and the fake Discord, with the tests' tracing on:
/// the start of every test that runs the bot on PostgreSQL. None without a server.
pub(crate) async fn fresh_database_and_fake(tag: &str) -> Option<(String, FakeDiscord)> {
    let url = fresh_database(tag).await?;
    init_tracing();
    let fake = FakeDiscord::start().await.expect("start the fake");
    Some((url, fake))
}

/// The end of a whole game played by `bots` on PostgreSQL: the stored log of `game` (over 50
/// actions) replays to its snapshot, Discord saw no misuse, and the bots stop without a panic.
async fn ends_clean(fake: &FakeDiscord, game: GameId, bots: Vec<Bot>) {
    assert!(check_replay(bots[0].data.service.store(), game).await > 50);
    assert!(fake.violations().is_empty(), "{:?}", fake.violations());
    for bot in bots {
        bot.stop().await.unwrap();
    }
    assert!(panics().is_empty(), "{:?}", panics());
}

/// A fresh database (as [`fresh_database`]) and a service on it. None without a server.
async fn fresh_service(tag: &str) -> Option<(String, Arc<Service>)> {
    let url = fresh_database(tag).await?;
    let svc = service(&url).await;
    Some((url, svc))
}

const HOST: u64 = 1_000;

fn user(k: usize) -> u64 {
    HOST + k as u64
}

async fn service(url: &str) -> Arc<Service> {
    let store = Store::connect(url).await.expect("connect to PostgreSQL");
    assert_eq!(store.backend(), Backend::Postgres);
    Arc::new(Service::new(store, Library::default()))
}

async fn started_game(svc: &Service, players: u8, seed: u64) -> GameId {
    let options = TableOptions::plain(players, 60);
    fixture::started(
        svc,
        Kind::FieldsOfGreen,
        (7, 8),
        (HOST, "Host"),
        options,
        seed,
    )
    .await
}

/// The stored log replays on a fresh engine to exactly the stored snapshot.
pub(crate) async fn check_replay(store: &Store, id: GameId) -> usize {
    let table: Table = store.table(id).await.unwrap();
    let log = store.actions(id).await.unwrap();
    let options = Options::standard(table.seats.len() as u8);
    let mut game = Game::new(Deck::default_deck(), options, table.game.seed).unwrap();
    for (v, seat, json) in &log {
        let action: Action = serde_json::from_str(json).unwrap();
        game.apply(*seat, &action)
            .unwrap_or_else(|e| panic!("replay of v{v} refused: {e}"));
    }
    assert_eq!(
        serde_json::to_string(&game.snapshot()).unwrap(),
        table.game.snapshot.unwrap(),
        "the replay differs from the stored snapshot"
    );
    log.len()
}

#[tokio::test]
async fn a_whole_game_through_the_service_on_postgres() {
    let Some((url, svc)) = fresh_service("whole").await else {
        return;
    };
    assert_eq!(
        svc.store().durability().await.unwrap(),
        ("postgres".to_string(), 2),
        "synchronous_commit must be on"
    );
    let id = started_game(&svc, 3, 77).await;
    let start = svc.store().table(id).await.unwrap().game.version;
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut steps = 0i64;
    loop {
        let (table, game) = svc.load::<Game>(id).await.unwrap();
        let Some((seat, action)) = sim::random_step(&game.unwrap(), &mut rng) else {
            break;
        };
        let who = table.user_of(seat).unwrap();
        svc.act::<Game>(id, who, Some(table.game.version), &action)
            .await
            .unwrap();
        steps += 1;
    }
    let table = svc.store().table(id).await.unwrap();
    assert_eq!(table.game.status, Status::Ended);
    assert_eq!(table.game.version, start + steps);
    assert_eq!(check_replay(svc.store(), id).await as i64, steps);
    // Opened again (a restart): the migrations do not run twice, the game is all there.
    let again = service(&url).await;
    assert_eq!(again.store().table(id).await.unwrap(), table);
}

/// Two bot processes on one PostgreSQL database race for the same moves: each is stored once.
#[tokio::test]
async fn two_services_on_postgres_never_both_win() {
    let Some((url, a)) = fresh_service("race").await else {
        return;
    };
    let b = service(&url).await;
    let id = started_game(&a, 3, 11).await;
    for _ in 0..20 {
        let (table, game) = a.load::<Game>(id).await.unwrap();
        let game = game.unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(table.game.version as u64);
        let Some((seat, action)) = sim::random_step(&game, &mut rng) else {
            break;
        };
        let who = table.user_of(seat).unwrap();
        let v = table.game.version;
        let mut tasks = Vec::new();
        for svc in [a.clone(), b.clone(), a.clone(), b.clone()] {
            let action = action.clone();
            tasks.push(tokio::spawn(async move {
                svc.act::<Game>(id, who, Some(v), &action).await.is_ok()
            }));
        }
        let mut wins = 0;
        for t in tasks {
            wins += t.await.unwrap() as usize;
        }
        let now = b.store().table(id).await.unwrap().game.version;
        // The same click four times: stored once, unless the game allows the same action again
        // at once (then each acceptance is its own version, still never two on one version).
        assert!(wins >= 1, "no one won at v{v}");
        assert_eq!(now, v + wins as i64, "v{v}: {wins} wins but version {now}");
    }
    check_replay(b.store(), id).await;
}

/// The whole bot on PostgreSQL against the fake Discord: a game played by buttons, stopped and
/// started again half-way, to the final scores, which equal a replay of what is stored.
#[tokio::test]
async fn the_bot_plays_a_whole_game_on_postgres() {
    let Some((url, fake)) = fresh_database_and_fake("bot").await else {
        return;
    };
    watch_panics();
    let config = pg_config(&url);
    let bot = Bot::start(&fake, config.clone())
        .await
        .expect("start the bot");
    let channel = fake.add_channel("postgres");
    let names = ["alice", "bob", "carol"];
    let users: Vec<u64> = names.iter().map(|n| fake.add_user(n)).collect();
    let people: Vec<(u64, &str)> = users.iter().copied().zip(names).collect();
    let (table, seats) = player::seated_table(&fake, channel, "fog new seats:3", &people)
        .await
        .unwrap();
    let mut driver = Driver::new(&fake, &table, seats, 3);
    let over = driver.play_until(|d| d >= 60).await.unwrap();
    assert!(!over);
    fake.settle().await;
    bot.stop().await.unwrap();
    let bot = Bot::start(&fake, config).await.expect("restart the bot");
    driver.play().await.unwrap();
    assert!(fake.settle().await, "the bot did not go quiet");
    verify::fields_of_green::check_final(&fake, &bot.data, &table)
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    ends_clean(&fake, table.game, vec![bot]).await;
}

/// Two bots on one PostgreSQL database, each connected to the fake Discord with its own half of
/// the shards (`discord.shards = 2`, ranges `0` and `1`), play a whole game to the end. The fake
/// routes as Discord does: the server's clicks reach only bot B (the server is on shard 1), the
/// DM clicks of the player who keeps their hand in DMs reach only bot A (DMs are shard 0), so
/// both bots apply moves to the same game. Mid-game both run their reminder and stand-in passes
/// at the same moment: one reminder and one stand-in move happen, by B. The final scores equal a
/// replay of what is stored, and nothing either bot acknowledged is missing.
#[tokio::test]
async fn two_bots_on_two_shards_share_one_database_and_play_a_game_to_the_end() {
    use farmhand::config::ShardCount;
    let Some((url, fake)) = fresh_database_and_fake("two_bots").await else {
        return;
    };
    watch_panics();
    let config = |range: &str| {
        let mut c = pg_config(&url);
        c.discord.shards = ShardCount::Count(2);
        c.discord.shard_range = Some(range.to_string());
        c
    };
    let a = Bot::start(&fake, config("0")).await.expect("start bot A");
    let b = Bot::start(&fake, config("1")).await.expect("start bot B");
    assert_eq!(fake.live_shards(), (vec![0, 1], 2));
    assert_eq!(fake.guild_shard(), 1, "the fake's server is on shard 1");
    let channel = fake.add_channel("two-bots");
    let names = ["alice", "bob", "carol"];
    // bob keeps his hand in DMs: his clicks there reach bot A.
    let users = people_with_bob_in_dms(&fake, channel, &names).await;
    let people: Vec<(u64, &str)> = users.iter().copied().zip(names).collect();
    let (table, seats) = player::seated_table(
        &fake,
        channel,
        "fog new seats:3 stand_in_minutes:30",
        &people,
    )
    .await
    .unwrap();
    let mut driver = Driver::new(&fake, &table, seats, 61);
    assert!(!driver.play_until(|d| d >= 30).await.unwrap());
    assert!(fake.settle().await);

    // Both bots' passes at the same moment, 13 hours on (past the reminder's 12 hours and the
    // stand-in's 30 minutes): one reminder, one stand-in move.
    let thread = table.play_channel();
    let http = fake.http();
    let posts = fake.channel(thread).len();
    let later = a.data.service.store().now_ms() + 13 * 3600 * 1000;
    remind_in_both(&http, &a.data, &b.data, later).await;
    assert!(fake.settle().await);
    let reminders = fake.channel(thread)[posts..]
        .iter()
        .filter(|m| !m.pings.is_empty())
        .count();
    assert_eq!(reminders, 1, "one reminder");
    let store = a.data.service.store();
    let v0 = store.table(table.game).await.unwrap().game.version;
    assert_eq!(
        stand_in_in_both(&http, &a.data, &b.data, later).await,
        (0, 1),
        "bot B, whose shard carries the server, stands in once"
    );
    let v1 = store.table(table.game).await.unwrap().game.version;
    assert_eq!(v1, v0 + 1, "one stand-in move");
    assert!(fake.settle().await);

    // The rest of the game, across both bots.
    driver.play().await.unwrap();
    assert!(fake.settle().await, "the bots did not go quiet");
    let dm = fake.dm_channel(users[1]).expect("bob's DM");
    let (dm_clicks, guild_clicks) = fake.with(|w| {
        let dm_clicks = w.interactions_in(dm);
        (dm_clicks, w.interactions.len() - dm_clicks)
    });
    assert!(
        dm_clicks > 5 && guild_clicks > 5,
        "{dm_clicks} DM clicks, {guild_clicks} others"
    );
    for data in [&a.data, &b.data] {
        // Two processes: the last redraw of the table message may be the other bot's, still on
        // its way when both look quiet. Wait for it (a few seconds at most), then check.
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
        loop {
            match verify::fields_of_green::check_final(&fake, data, &table).await {
                Ok(_) => break,
                Err(e) if std::time::Instant::now() > deadline => panic!("{e}"),
                Err(_) => tokio::time::sleep(std::time::Duration::from_millis(200)).await,
            }
        }
        verify::fields_of_green::check_acknowledged(&fake, data, &table)
            .await
            .unwrap_or_else(|e| panic!("{e}"));
    }
    ends_clean(&fake, table.game, vec![a, b]).await;
}

/// Two real `farmhand run` processes (the binary, in child processes, against the fake Discord
/// through `FARMHAND_DISCORD_PROXY`) share one PostgreSQL database, each running one of two
/// shards. They play two games to the end, one after the other: three people (one keeping the
/// hand in DMs, whose clicks reach the other process) and one person against two bot seats.
/// Every acknowledged action is stored once, each stored log replays to its snapshot, and each
/// final table and score pad equal the replay.
#[tokio::test]
async fn two_bot_processes_share_one_database_and_play_games_to_the_end() {
    use crate::postgres_processes::{start_both, table_for_processes};
    use std::time::Duration;
    let Some((url, fake)) = fresh_database_and_fake("two_processes_run").await else {
        return;
    };
    let dir = |shard: u32| {
        let name = format!("farmhand-two-processes-{}-{shard}", std::process::id());
        std::env::temp_dir().join(name)
    };
    let (dir_a, dir_b) = (dir(0), dir(1));
    // Logs (tracing writes to stdout) are kept in the process's folder when the test fails, and
    // removed when it passes.
    let (a, b) = start_both(&fake, &url, &dir_a, &dir_b).await;
    let names = ["alice", "bob", "carol"];
    let users = people_with_bob_in_dms(&fake, fake.add_channel("settings"), &names).await;
    let mut tables = Vec::new();
    for (k, line) in [
        "fog new seats:3",
        "fog new seats:3 bots:2 bot_strength:\"fast (heuristic)\"",
    ]
    .into_iter()
    .enumerate()
    {
        let channel = format!("two-processes-{k}");
        let humans = if k == 0 { 3 } else { 1 };
        let people: Vec<(u64, &str)> = users[..humans].iter().copied().zip(names).collect();
        let (table, mut driver) =
            table_for_processes(&fake, &channel, line, &people, 70 + k as u64).await;
        driver
            .play()
            .await
            .unwrap_or_else(|e| panic!("game {k}: {e}"));
        tables.push(table);
    }
    fake.settle_for(Duration::from_secs(3), Duration::from_secs(60))
        .await;
    let dm = fake.dm_channel(users[1]).expect("bob's DM");
    let dm_clicks = fake.with(|w| w.interactions_in(dm));
    assert!(
        dm_clicks > 5,
        "only {dm_clicks} clicks reached process A from a DM"
    );
    // Read what the processes stored, from this process.
    let data = farmhand::discord::prepare(pg_config(&url))
        .await
        .expect("open the database");
    for table in &tables {
        verify::fields_of_green::check_acknowledged(&fake, &data, table)
            .await
            .unwrap_or_else(|e| panic!("{e}"));
        verify::fields_of_green::check_final(&fake, &data, table)
            .await
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(check_replay(data.service.store(), table.game).await > 50);
    }
    assert!(fake.violations().is_empty(), "{:?}", fake.violations());
    drop((a, b));
    for dir in [dir_a, dir_b] {
        let _ = std::fs::remove_dir_all(dir);
    }
}

/// Processes sharing one PostgreSQL database: a process running every shard is alone (a second
/// is refused with a clear message, and the lock goes with the first); processes with shard
/// ranges may share it when the ranges do not overlap and they agree on the number of shards.
#[tokio::test]
async fn processes_on_one_postgres_database_run_shards_that_do_not_overlap() {
    use farmhand::shards::Shards;
    use farmhand::store::{ProcessLock, StoreError};
    let Some(url) = fresh_database("lock").await else {
        return;
    };
    let range = |r: &str, total| Shards::from_config(Some(total), Some(r)).unwrap();
    let refused = |r: Result<ProcessLock, StoreError>| {
        let err = r.expect_err("refused");
        assert!(matches!(err, StoreError::InUse { .. }), "{err:?}");
        err.to_string()
    };
    let first = ProcessLock::acquire_for(&url, Shards::All)
        .await
        .expect("the first process");
    let err = refused(ProcessLock::acquire_for(&url, Shards::All).await);
    assert!(
        err.contains("in use by another Farmhand process") && err.contains("runs every shard"),
        "{err}"
    );
    let err = refused(ProcessLock::acquire_for(&url, range("0-1", 4)).await);
    assert!(err.contains("runs every shard"), "{err}");
    drop(first);
    // The server drops a session's locks once it sees the connection gone.
    let mut low = None;
    for _ in 0..50 {
        if let Ok(l) = ProcessLock::acquire_for(&url, range("0-1", 4)).await {
            low = Some(l);
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let _low = low.expect("the lock did not go with the first process");
    let _high = ProcessLock::acquire_for(&url, range("2-3", 4))
        .await
        .expect("a second process with the other shards");
    let err = refused(ProcessLock::acquire_for(&url, range("1-2", 4)).await);
    assert!(err.contains("shard 1 of 4 is already run"), "{err}");
    let err = refused(ProcessLock::acquire_for(&url, range("4-5", 8)).await);
    assert!(err.contains("discord.shards = 4, this one with 8"), "{err}");
    let err = refused(ProcessLock::acquire_for(&url, Shards::All).await);
    assert!(err.contains("give it a discord.shard_range"), "{err}");
}

/// Every store call once on PostgreSQL (each is SQL that PostgreSQL must accept as SQLite does):
/// the bookkeeping, the listings, preferences, DM panels and the event log.
#[tokio::test]
async fn every_store_call_works_on_postgres() {
    use farmhand::store::{Prefs, Reminders};
    let Some((_, svc)) = fresh_service("calls").await else {
        return;
    };
    let store = svc.store();
    let id = started_game(&svc, 2, 9).await;
    store.set_message(id, Some(55), Some(66)).await.unwrap();
    assert_eq!(store.stale_tables().await.unwrap(), vec![id]);
    let v = store.table(id).await.unwrap().game.version;
    store.note_table_drawn(id, v).await.unwrap();
    store.note_table_drawn(id, v - 1).await.unwrap();
    assert!(store.stale_tables().await.unwrap().is_empty());
    let since = store.table(id).await.unwrap().game.waiting_since.unwrap();
    assert!(store.claim_reminder(id, 0, since).await.unwrap());
    assert!(!store.claim_reminder(id, 0, since).await.unwrap());
    store.note_stand_in(id, "a bot played").await.unwrap();
    let t = store.table(id).await.unwrap();
    assert_eq!(t.game.thread_id, Some(55));
    assert_eq!(t.game.table_message_id, Some(66));
    assert_eq!(t.game.stand_in_note.as_deref(), Some("a bot played"));
    assert_eq!(store.live_tables_in(55).await.unwrap(), vec![id]);
    assert_eq!(store.live_tables_in(8).await.unwrap(), vec![id]);
    assert_eq!(store.live_tables_in_guild(7).await.unwrap(), vec![id]);
    assert_eq!(store.live_tables_of(user(1)).await.unwrap(), vec![id]);
    assert_eq!(store.active_games().await.unwrap(), vec![id]);
    let events = store.recent_events(id, 3).await.unwrap();
    assert!(!events.is_empty() && events.len() <= 3, "{events:?}");
    let prefs = Prefs {
        hand_in_dm: true,
        reminders: Reminders::Dm,
        time_zone: Some("America/Sao_Paulo".into()),
        quiet_hours: Some(farmhand::day::QuietHours { start: 22, end: 6 }),
        dms_closed: false,
    };
    store.set_prefs(user(1), prefs.clone()).await.unwrap();
    store.set_prefs(user(1), prefs.clone()).await.unwrap();
    assert_eq!(store.prefs(user(1)).await.unwrap(), prefs);
    // Closed DMs (issue 42) are remembered, and the next settings forget them.
    store.note_dms_closed(user(1), true).await.unwrap();
    assert!(store.prefs(user(1)).await.unwrap().dms_closed);
    store.set_prefs(user(1), prefs.clone()).await.unwrap();
    assert_eq!(store.prefs(user(1)).await.unwrap(), prefs);
    assert_eq!(store.dm(id, user(1)).await.unwrap(), None);
    store.set_dm(id, user(1), 70, 71).await.unwrap();
    store.set_dm(id, user(1), 70, 72).await.unwrap();
    assert_eq!(store.dm(id, user(1)).await.unwrap(), Some((70, 72)));
    let v = store.table(id).await.unwrap().game.version;
    svc.close(id, HOST, false).await.unwrap();
    assert_eq!(store.table(id).await.unwrap().game.version, v + 1);
    assert!(store.active_games().await.unwrap().is_empty());
}

/// Two bot processes share one PostgreSQL database, each running half of the shards
/// (`discord.shards = 2`, ranges `0` and `1`), and run their reminder and stand-in passes at the
/// same moment: every game gets exactly one reminder and one stand-in move, made by the process
/// whose shard carries the game's server. Then two processes that (against the rules) both look
/// after every game: the reminder claims in the database still send each reminder once.
#[tokio::test]
async fn two_processes_on_one_database_remind_and_stand_in_once() {
    use farmhand::config::ShardCount;
    use farmhand::discord::prepare;
    let Some((url, fake)) = fresh_database_and_fake("two_processes").await else {
        return;
    };
    let http = fake.http();
    let channel = fake.add_channel("shared");
    // Processes with two shards, each running `range` of them (None: a process that, against
    // the rules, looks after every game whatever its shard).
    let process = |range: Option<&str>| {
        let mut c = pg_config(&url);
        c.discord.shards = match range {
            Some(_) => ShardCount::Count(2),
            None => ShardCount::Auto,
        };
        c.discord.shard_range = range.map(str::to_string);
        prepare(c)
    };
    let a: Data = process(Some("0")).await.expect("process A");
    let b: Data = process(Some("1")).await.expect("process B");
    // Servers on shard 0 and on shard 1 ((id >> 22) % 2).
    let servers = [2u64 << 22, 3u64 << 22];
    let mut games = Vec::new();
    for (k, &guild) in servers.iter().chain(servers.iter()).enumerate() {
        let options = TableOptions {
            stand_in_minutes: 30,
            ..TableOptions::plain(2, 5)
        };
        let kind = Kind::FieldsOfGreen;
        let seed = 40 + k as u64;
        let id = fixture::started(
            &a.service,
            kind,
            (guild, channel),
            (HOST, "Host"),
            options,
            seed,
        )
        .await;
        games.push((id, guild));
    }
    let posts = || fake.channel(channel).len();
    let before = posts();

    // Ten minutes on: every game is due its first reminder, in both processes' eyes.
    let later = a.service.store().now_ms() + 10 * 60_000;
    remind_in_both(&http, &a, &b, later).await;
    fake.settle().await;
    assert_eq!(posts() - before, games.len(), "one reminder per game");
    for &(id, _) in &games {
        let t = a.service.store().table(id).await.unwrap();
        assert_eq!(t.game.reminders_sent, 1, "game {id}");
    }

    // Thirty-one minutes on: the stand-in plays the waiting seat's decision, once per game.
    let v0: Vec<i64> = {
        let mut v = Vec::new();
        for &(id, _) in &games {
            v.push(a.service.store().table(id).await.unwrap().game.version);
        }
        v
    };
    let later = a.service.store().now_ms() + 31 * 60_000;
    let made = stand_in_in_both(&http, &a, &b, later).await;
    fake.settle().await;
    assert_eq!(
        made,
        (2, 2),
        "each process stands in for its own servers' games"
    );
    for (k, &(id, guild)) in games.iter().enumerate() {
        let t = a.service.store().table(id).await.unwrap();
        assert_eq!(t.game.version, v0[k] + 1, "game {id}: one stand-in move");
        assert!(t.game.stand_in_note.is_some());
        let owner = if farmhand::shards::shard_of(guild, 2) == 0 {
            &a
        } else {
            &b
        };
        assert!(owner.looks_after(&t.game));
        check_replay(a.service.store(), id).await;
    }

    // Misconfigured: two processes that both look after every game. The claims still hold.
    let c = process(None).await.expect("process C");
    let d = process(None).await.expect("process D");
    let before = posts();
    // The stand-in moved every game on, restarting its reminder clock: ten minutes later the
    // first reminder (not yet the repeat) is due again.
    let much_later = c.service.store().now_ms() + 10 * 60_000;
    remind_in_both(&http, &c, &d, much_later).await;
    fake.settle().await;
    assert_eq!(posts() - before, games.len(), "still one reminder per game");
}

/// The records of finished games (migration 0004) on PostgreSQL: written with the last move and
/// with an abandon, read back by every records query, backfill idempotent.
#[tokio::test]
async fn records_of_finished_games_on_postgres() {
    use farmhand::games::Engine;
    let Some((_, svc)) = fresh_service("records").await else {
        return;
    };
    let store = svc.store();
    let kind = Kind::FieldsOfGreen.as_str();
    let empty = store.history(7, kind, None, 0, 8).await.unwrap();
    assert_eq!((empty.total, empty.anchor), (0, None));
    let id = started_game(&svc, 3, 21).await;
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    loop {
        let (table, game) = svc.load::<Game>(id).await.unwrap();
        let Some((seat, action)) = sim::random_step(&game.unwrap(), &mut rng) else {
            break;
        };
        svc.act::<Game>(id, table.user_of(seat).unwrap(), None, &action)
            .await
            .unwrap();
    }
    let results = svc
        .load::<Game>(id)
        .await
        .unwrap()
        .1
        .unwrap()
        .results()
        .unwrap();
    let gone = started_game(&svc, 2, 22).await;
    svc.close(gone, HOST, false).await.unwrap();

    let page = store.history(7, kind, None, 0, 8).await.unwrap();
    assert_eq!(page.total, 2);
    assert_eq!(page.games[0].game_id, gone);
    assert_eq!(page.games[0].outcome, Status::Abandoned);
    assert_eq!(page.games[1].game_id, id);
    let scores: Vec<Option<u32>> = page.games[1].seats.iter().map(|s| s.score).collect();
    assert_eq!(
        scores,
        results.iter().map(|r| Some(r.score)).collect::<Vec<_>>()
    );
    assert_eq!(
        store.record(id).await.unwrap().as_ref(),
        Some(&page.games[1])
    );
    let second = store.history(7, kind, page.anchor, 1, 1).await.unwrap();
    assert_eq!(second.games[0].game_id, id);
    assert_eq!(store.history(8, kind, None, 0, 8).await.unwrap().total, 0);

    let stats = store.player_stats(7, kind, HOST).await.unwrap();
    assert_eq!(stats.games, 1);
    assert_eq!(stats.abandoned, 1);
    assert_eq!(stats.wins, u64::from(results[0].won));
    assert_eq!(stats.score_sum, u64::from(results[0].score));
    assert_eq!(stats.best, Some(u64::from(results[0].score)));
    assert_eq!(stats.name.as_deref(), Some("Host"));
    let built: usize = stats.favourites.iter().map(|(_, n)| *n as usize).sum();
    assert_eq!(built, results[0].favourites.len());

    let board = store.leaderboard(7, kind, 15).await.unwrap();
    assert_eq!(board.people_total, 3);
    assert_eq!(board.people.len(), 3);
    assert!(board.bots.is_empty());
    let wins: u64 = board.people.iter().map(|p| p.wins).sum();
    assert_eq!(wins, results.iter().filter(|r| r.won).count() as u64);

    assert!(store.unrecorded_games().await.unwrap().is_empty());
    assert_eq!(svc.backfill_records().await.unwrap(), 0);
}
