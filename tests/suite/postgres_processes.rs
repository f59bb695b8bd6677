//! Two real bot processes (the built binary, `farmhand run`, against the fake Discord through
//! `FARMHAND_DISCORD_PROXY`) on one PostgreSQL database with disjoint shard ranges, through a
//! reminder, a stand-in move and a restart of one of them (issue 28, item 4). The in-process
//! versions of these checks are in `postgres.rs`; here each bot is an operating-system process
//! with its own connection pool and its own reminder loop, and one is killed (SIGKILL) and
//! started again.
//!
//! Like the other PostgreSQL tests it needs `FARMHAND_TEST_POSTGRES` (`.ci/postgres`), says so
//! and passes without it, and fails without it under `FARMHAND_REQUIRE_POSTGRES=1`.

use crate::postgres::{check_replay, fresh_database_and_fake, people_with_bob_in_dms, pg_config};
use farmhand::fake_discord::harness::KillOnDrop;
use farmhand::fake_discord::player::{self, Driver, TableRef};
use farmhand::fake_discord::world::World;
use farmhand::fake_discord::{FakeDiscord, TOKEN, verify};
use farmhand::games::fields_of_green::Game;
use sqlx::Connection;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// The fake's one server is on shard 1 of 2 (`(guild_id >> 22) % 2`): process B looks after its
/// games (reminders, stand-ins, redraws); DMs come on shard 0, to process A.
const GUILD_SHARD: u32 = 1;

/// Starts `farmhand run` for shard `shard` of 2; its logs go to `dir`.
pub(crate) fn spawn(fake: &FakeDiscord, url: &str, shard: u32, dir: &Path, run: u32) -> KillOnDrop {
    std::fs::create_dir_all(dir).unwrap();
    // Every change redrawn at once, so the players see the table move without waiting.
    std::fs::write(
        dir.join("farmhand.toml"),
        format!("[discord]\nshards = 2\nshard_range = \"{shard}\"\nedit_interval_ms = 0\n"),
    )
    .unwrap();
    let child = Command::new(env!("CARGO_BIN_EXE_farmhand"))
        .arg("run")
        .env("FARMHAND_DISCORD_TOKEN", TOKEN)
        .env("FARMHAND_DISCORD_PROXY", format!("http://{}", fake.addr()))
        .env("FARMHAND_DATABASE", url)
        .env("RUST_LOG", "warn")
        .current_dir(dir)
        .stdout(std::fs::File::create(dir.join(format!("stdout-{run}.log"))).unwrap())
        .stderr(std::fs::File::create(dir.join(format!("stderr-{run}.log"))).unwrap())
        .spawn()
        .expect("the binary starts");
    KillOnDrop(child)
}

/// Starts process A (shard 0, the DMs') and process B (shard 1, the server's), logging to `dir_a`
/// and `dir_b`, and waits until both are connected.
pub(crate) async fn start_both(
    fake: &FakeDiscord,
    url: &str,
    dir_a: &Path,
    dir_b: &Path,
) -> (KillOnDrop, KillOnDrop) {
    let mut a = spawn(fake, url, 0, dir_a, 1);
    wait_connected(fake, &mut a, 0, dir_a).await;
    let mut b = spawn(fake, url, GUILD_SHARD, dir_b, 1);
    wait_connected(fake, &mut b, GUILD_SHARD, dir_b).await;
    assert_eq!(fake.live_shards(), (vec![0, 1], 2));
    (a, b)
}

/// A table of `line` in a new channel `channel`, `people` seated, and the driver (seeded `seed`)
/// that plays it against bots in other processes.
pub(crate) async fn table_for_processes(
    fake: &FakeDiscord,
    channel: &str,
    line: &str,
    people: &[(u64, &str)],
    seed: u64,
) -> (TableRef, Driver) {
    let channel = fake.add_channel(channel);
    let (table, seats) = player::seated_table(fake, channel, line, people)
        .await
        .unwrap();
    let mut driver = Driver::new(fake, &table, seats, seed);
    driver.against_other_processes();
    (table, driver)
}

/// Waits until shard `shard` is connected, or panics with the process's logs if it exits first.
pub(crate) async fn wait_connected(
    fake: &FakeDiscord,
    child: &mut KillOnDrop,
    shard: u32,
    dir: &Path,
) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(90);
    loop {
        if fake
            .wait_shards_ready(Duration::from_millis(500), true, (shard, shard))
            .await
        {
            return;
        }
        if let Some(status) = child.try_wait().unwrap() {
            panic!(
                "the process for shard {shard} exited ({status}) before it connected; logs in {}",
                dir.display()
            );
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "shard {shard} did not connect; logs in {}",
            dir.display()
        );
    }
}

/// Every click so far has its answer (or failed): no click's commit is still on its way.
fn answered(w: &World) -> bool {
    w.interactions
        .values()
        .all(|i| i.callback.is_some() || i.callback_failed || i.forgiven)
}

/// The visible messages of `channel` posted after message `after`, by id.
fn posts_after(
    w: &World,
    channel: u64,
    after: u64,
) -> Vec<farmhand::fake_discord::view::MessageView> {
    w.by_channel
        .get(&channel)
        .into_iter()
        .flatten()
        .filter(|&&id| id > after)
        .filter_map(|id| w.messages.get(id))
        .filter(|m| m.ephemeral_for.is_none() && !m.deleted)
        .map(|m| w.view(m))
        .collect()
}

fn is_reminder(m: &farmhand::fake_discord::view::MessageView) -> bool {
    !m.pings.is_empty()
}

fn is_stand_in(m: &farmhand::fake_discord::view::MessageView) -> bool {
    m.content.contains("a stand-in bot made one decision")
}

/// Plays one click at a time until `actions` more actions of the table are stored (several
/// clicks, choose then confirm, may make one action), then waits until every click is answered.
async fn play_stored(
    fake: &FakeDiscord,
    driver: &mut Driver,
    store: &farmhand::store::Store,
    actions: usize,
) {
    let game = driver.table.game;
    let target = store.actions(game).await.unwrap().len() + actions;
    while store.actions(game).await.unwrap().len() < target {
        assert!(
            driver.stats.decisions < 1_000,
            "game {game}: {actions} actions not stored after {:?}",
            driver.stats
        );
        let over = driver
            .play_decision()
            .await
            .unwrap_or_else(|e| panic!("game {game}, {} stored: {e}", target - actions));
        assert!(!over, "game {game} ended before the checks");
    }
    assert!(
        fake.wait_for(Duration::from_secs(60), answered).await,
        "a click stayed unanswered"
    );
}

/// Two `farmhand run` processes, shard 0 (A) and shard 1 (B) of 2, on one PostgreSQL database.
/// Two tables in the server (so B's), one with a 5-minute reminder, one with a 30-minute
/// stand-in, two people each; bob (in the first) keeps his hand in DMs, so his clicks are A's.
/// After a few moves B is killed (SIGKILL); while it is down the database is set as if the
/// tables had waited 10 and 40 minutes; B is started again, and the first pass of its reminder
/// loop (at start) sends exactly one reminder and makes the stand-in moves, one per waiting
/// player. Play goes on through both processes; every click the bot said "Done." to is stored,
/// each action log replays to its snapshot, and no second reminder or stand-in move appears.
#[tokio::test]
async fn two_real_processes_remind_stand_in_and_survive_a_restart() {
    let Some((url, fake)) = fresh_database_and_fake("real_processes").await else {
        return;
    };
    let root: PathBuf =
        std::env::temp_dir().join(format!("farmhand-real-processes-{}", std::process::id()));
    let (dir_a, dir_b) = (root.join("a"), root.join("b"));
    let (a, mut b) = start_both(&fake, &url, &dir_a, &dir_b).await;
    assert_eq!(fake.guild_shard(), GUILD_SHARD);

    // Each game its own players: a scripted player who keeps the hand in DMs finds the panel of
    // one game among their DMs.
    let names = ["alice", "bob", "carol", "dave"];
    let users = people_with_bob_in_dms(&fake, fake.add_channel("settings"), &names).await;
    let people: Vec<(u64, &str)> = users.iter().copied().zip(names).collect();
    let reminded = "fog new seats:2 reminder_minutes:5";
    let stood_in = "fog new seats:2 reminder_minutes:60 stand_in_minutes:30";
    let mut games: Vec<(TableRef, Driver)> = vec![
        table_for_processes(&fake, "real-processes-0", reminded, &people[..2], 90).await,
        table_for_processes(&fake, "real-processes-1", stood_in, &people[2..], 91).await,
    ];
    // This process reads (and, while B is down, sets the clock of) what the processes store.
    let data = farmhand::discord::prepare(pg_config(&url))
        .await
        .expect("open the database");
    let store = data.service.store();
    for (_, driver) in &mut games {
        play_stored(&fake, driver, store, 2).await;
    }
    let (remind, stand) = (games[0].0.clone(), games[1].0.clone());
    let (remind, stand) = (&remind, &stand);

    // B dies at once, with whatever it had left to send.
    b.kill().unwrap();
    b.wait().unwrap();
    assert!(
        fake.wait_for(Duration::from_secs(30), |w| !w.gateway.live(GUILD_SHARD))
            .await,
        "the fake did not see B's connection go"
    );
    let waiting = {
        let (_, game) = data.service.load::<Game>(stand.game).await.unwrap();
        game.unwrap().waiting_for().len()
    };
    assert!(waiting > 0);
    let version_before = store.table(stand.game).await.unwrap().game.version;
    let marks: Vec<u64> = [remind, stand]
        .iter()
        .map(|t| {
            fake.with(|w| {
                w.by_channel
                    .get(&t.play_channel())
                    .and_then(|v| v.last().copied())
                    .unwrap_or(0)
            })
        })
        .collect();
    let mut pg = sqlx::PgConnection::connect(&url).await.unwrap();
    for (t, minutes) in [(remind, 10i64), (stand, 40)] {
        let t0 = store.table(t.game).await.unwrap().game;
        assert_eq!(t0.reminders_sent, 0);
        sqlx::query("UPDATE game SET waiting_since = $2 WHERE id = $1")
            .bind(t.game)
            .bind(farmhand::clock::Clock::system().now_ms() - minutes * 60_000)
            .execute(&mut pg)
            .await
            .unwrap();
    }
    pg.close().await.unwrap();

    // B again: its reminder loop's first pass runs at start.
    let mut b = spawn(&fake, &url, GUILD_SHARD, &dir_b, 2);
    wait_connected(&fake, &mut b, GUILD_SHARD, &dir_b).await;
    let (remind_thread, stand_thread) = (remind.play_channel(), stand.play_channel());
    let seen = fake
        .wait_for(Duration::from_secs(60), |w| {
            posts_after(w, remind_thread, marks[0])
                .iter()
                .any(is_reminder)
                && posts_after(w, stand_thread, marks[1])
                    .iter()
                    .filter(|m| is_stand_in(m))
                    .count()
                    >= waiting
        })
        .await;
    assert!(
        seen,
        "no reminder and stand-in moves after B's restart; logs in {}",
        dir_b.display()
    );
    let t = store.table(remind.game).await.unwrap().game;
    assert_eq!(t.reminders_sent, 1, "one reminder claimed");
    // The notes are posted move by move and stored once after the last one (`bots::stand_in`),
    // so the fake can see the last note a moment before B has written it down.
    let mut t = store.table(stand.game).await.unwrap().game;
    for _ in 0..100 {
        if t.stand_in_note.is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
        t = store.table(stand.game).await.unwrap().game;
    }
    assert_eq!(
        t.version,
        version_before + waiting as i64,
        "one stand-in move per waiting player"
    );
    assert!(
        t.stand_in_note.is_some(),
        "B never stored its stand-in note"
    );

    // Play goes on through both processes: B answers the server's clicks, A bob's DMs.
    for (_, driver) in &mut games {
        play_stored(&fake, driver, store, 2).await;
    }
    let remind_posts = fake.with(|w| posts_after(w, remind_thread, marks[0]));
    let reminders: Vec<_> = remind_posts.iter().filter(|m| is_reminder(m)).collect();
    assert_eq!(reminders.len(), 1, "one reminder: {reminders:?}");
    let stand_posts = fake.with(|w| posts_after(w, stand_thread, marks[1]));
    let stand_ins = stand_posts.iter().filter(|m| is_stand_in(m)).count();
    assert_eq!(stand_ins, waiting, "one stand-in note per move");
    assert!(
        !stand_posts.iter().any(is_reminder),
        "no reminder where the stand-in moved the game on"
    );
    let dm = fake.dm_channel(users[1]).expect("bob's DM");
    let dm_clicks = fake.with(|w| w.interactions_in(dm));
    assert!(dm_clicks > 0, "no click reached process A from a DM");
    for (table, _) in &games {
        verify::fields_of_green::check_acknowledged(&fake, &data, table)
            .await
            .unwrap_or_else(|e| panic!("{e}"));
        check_replay(store, table.game).await;
        assert_eq!(
            store.table(table.game).await.unwrap().game.status,
            farmhand::store::Status::Active
        );
    }
    assert!(fake.violations().is_empty(), "{:?}", fake.violations());
    drop((a, b));
    let _ = std::fs::remove_dir_all(root);
}
