//! The bot's start against a fake Discord that fails it: command registration failing for a
//! while or for good, the gateway refusing the connection (close codes 4004, 4013, 4014),
//! requiring more shards (4011) and invalidating the session (opcode 9).
//! `farmhand run` must either come up whole (commands registered, answering) or stop with one
//! clear line: never connected and mute.

use farmhand::discord::{self, serve};
use farmhand::fake_discord::harness::{
    TempDb, fake_and_db, init_tracing, panics, test_config, watch_panics,
};
use farmhand::fake_discord::{FakeDiscord, FaultAction, FaultRule, RouteKind};
use std::time::{Duration, Instant};

/// `farmhand run`'s serving part, running.
type Task = tokio::task::JoinHandle<anyhow::Result<()>>;

/// Starts `farmhand run`'s serving part against `fake` on a new database; `register_within`
/// bounds the registration. Returns the task and the sender that stops it.
async fn start(
    fake: &FakeDiscord,
    db: &TempDb,
    register_within: Duration,
) -> (Task, tokio::sync::oneshot::Sender<()>) {
    // On the fake's clock, as the harness's bot: the line about the day's logins dates their
    // reset by it.
    let mut data = discord::prepare_on(test_config(db.path()), fake.clock())
        .await
        .expect("prepare");
    data.register_within = register_within;
    let (tx, rx) = tokio::sync::oneshot::channel::<()>();
    let fake = fake.clone();
    let task = tokio::spawn(serve(data, move || fake.http(), async move {
        let _ = rx.await;
    }));
    (task, tx)
}

/// Asks the running `task` to stop and checks it stops cleanly.
async fn stop_cleanly(task: Task, stop: tokio::sync::oneshot::Sender<()>) {
    let _ = stop.send(());
    task.await.unwrap().expect("a clean stop");
}

/// A fake Discord with a `games` channel and `alice`, and `run` connected to it on a new
/// database tagged `tag`: the start of the tests of what happens to a running bot.
struct Connected {
    fake: FakeDiscord,
    _db: TempDb,
    channel: u64,
    alice: u64,
    task: Task,
    stop: tokio::sync::oneshot::Sender<()>,
}

async fn connected(tag: &str) -> Connected {
    init_tracing();
    let fake = FakeDiscord::start().await.expect("start the fake");
    let db = TempDb::new(tag);
    let channel = fake.add_channel("games");
    let alice = fake.add_user("alice");
    let (task, stop) = start(&fake, &db, Duration::from_secs(60)).await;
    assert!(fake.wait_ready(Duration::from_secs(30), true).await);
    Connected {
        fake,
        _db: db,
        channel,
        alice,
        task,
        stop,
    }
}

/// The one line `run` stopped with, on its own, within `within`. A run that keeps going, or
/// that stops cleanly, fails the test; so does a line with a chain of causes or a line break.
async fn stops_with(task: Task, within: Duration) -> String {
    let e = tokio::time::timeout(within, task)
        .await
        .expect("run stops on its own")
        .unwrap()
        .expect_err("run fails");
    let line = e.to_string();
    assert_eq!(format!("{e:#}"), line, "no chain of causes");
    assert!(!line.contains('\n'), "one line: {line:?}");
    line
}

/// Makes every command registration fail with `action` (seeded with `seed`), `remaining`
/// times or (None) for good.
fn fail_registrations(fake: &FakeDiscord, seed: u64, action: FaultAction, remaining: Option<u32>) {
    let rule = FaultRule {
        kinds: vec![RouteKind::Commands],
        probability: 1.0,
        action,
        remaining,
    };
    fake.set_faults(seed, vec![rule]);
}

/// The line `run` stops with (within `within`), which says the commands could not be
/// registered; `at_once`: after the first try, so the line says no count of tries before
/// Discord's answer.
async fn stops_unregistered(task: Task, within: Duration, at_once: bool) -> String {
    let line = stops_with(task, within).await;
    let says = if at_once {
        "cannot register the slash commands with Discord: "
    } else {
        "cannot register the slash commands with Discord"
    };
    assert!(line.starts_with(says), "{line}");
    line
}

fn registrations(fake: &FakeDiscord) -> Vec<u16> {
    fake.requests()
        .iter()
        .filter(|r| r.kind == RouteKind::Commands && r.method == "PUT")
        .map(|r| r.status)
        .collect()
}

/// Registration fails twice with server errors: it is tried again, the commands are
/// registered, and the bot answers. The application is fetched as Discord answers it.
#[tokio::test]
async fn registration_is_tried_again_until_it_succeeds() {
    let (fake, db) = fake_and_db("register-retry").await;
    let channel = fake.add_channel("games");
    let alice = fake.add_user("alice");
    fail_registrations(&fake, 1, FaultAction::Fail(503), Some(2));
    let (task, stop) = start(&fake, &db, Duration::from_secs(60)).await;
    assert!(
        fake.wait_ready(Duration::from_secs(30), true).await,
        "the commands were never registered"
    );
    assert_eq!(registrations(&fake), [503, 503, 200]);
    let ix = fake.slash(alice, channel, "fog rules").unwrap();
    let r = fake.reply(&ix).await.expect("the bot answers");
    assert!(r.kind == 4 || r.kind == 5, "{r:?}");
    let app: Vec<u16> = fake
        .requests()
        .iter()
        .filter(|r| r.path.ends_with("/oauth2/applications/@me"))
        .map(|r| r.status)
        .collect();
    assert!(app.contains(&200), "GET /oauth2/applications/@me: {app:?}");
    assert!(fake.settle().await);
    stop_cleanly(task, stop).await;
    fake.assert_clean();
    assert!(panics().is_empty(), "panics: {:?}", panics());
}

/// Registration keeps failing: after the bounded time, `run` stops with one line that says so,
/// and closes its gateway connection.
#[tokio::test]
async fn registration_that_keeps_failing_stops_run_with_one_line() {
    let (fake, db) = fake_and_db("register-fails").await;
    fail_registrations(&fake, 2, FaultAction::Fail(502), None);
    let started = Instant::now();
    let (task, _stop) = start(&fake, &db, Duration::from_secs(4)).await;
    let line = stops_unregistered(task, Duration::from_secs(30), false).await;
    assert!(line.contains("502"), "{line}");
    let tries = registrations(&fake);
    assert!(tries.len() >= 3, "{tries:?}");
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "{:?}",
        started.elapsed()
    );
    // The commands are registered before the gateway login (issue 42, the session budget):
    // a start that fails there spends none of the day's logins.
    assert_eq!(fake.session_starts(), (0, 0), "no IDENTIFY was sent");
    assert!(
        !fake
            .wait_for(Duration::from_millis(200), |w| w.gateway.all_live())
            .await
    );
}

/// Discord refuses the commands for a reason that will not pass (400): no retry, `run` stops
/// at once with the line.
#[tokio::test]
async fn a_registration_refused_for_good_is_not_tried_again() {
    init_tracing();
    let fake = FakeDiscord::start().await.expect("start the fake");
    let db = TempDb::new("register-400");
    fail_registrations(&fake, 3, FaultAction::Fail(400), None);
    let (task, _stop) = start(&fake, &db, Duration::from_secs(60)).await;
    stops_unregistered(task, Duration::from_secs(20), true).await;
    assert_eq!(registrations(&fake), [400]);
}

/// Discord refuses the commands with 50001 (Missing Access: the bot was invited without the
/// `applications.commands` scope, or `dev_guild_id` names a server it is not in): no retry,
/// `run` stops at once with one line that names Discord's status, message and code.
#[tokio::test]
async fn a_registration_refused_with_missing_access_stops_run_with_one_line() {
    init_tracing();
    let fake = FakeDiscord::start().await.expect("start the fake");
    let db = TempDb::new("register-50001");
    fail_registrations(&fake, 4, FaultAction::Error(403, 50001), None);
    let (task, _stop) = start(&fake, &db, Duration::from_secs(60)).await;
    let line = stops_unregistered(task, Duration::from_secs(20), true).await;
    for word in ["403", "Missing Access", "code 50001"] {
        assert!(line.contains(word), "{word:?} not in {line:?}");
    }
    assert_eq!(registrations(&fake), [403]);
    assert!(
        fake.wait_for(Duration::from_secs(10), |w| !w.gateway.all_live())
            .await,
        "the gateway connection was closed"
    );
}

/// The gateway refuses the IDENTIFY for good (a bad token, intents): `run` stops with one
/// line naming the close code, after one try.
#[tokio::test]
async fn gateway_refusals_stop_run_with_a_clear_line() {
    init_tracing();
    for (code, says) in [
        (4004, "authentication failed"),
        (4013, "invalid intents"),
        (4014, "disallowed intents"),
    ] {
        let fake = FakeDiscord::start().await.expect("start the fake");
        let db = TempDb::new(&format!("gateway-{code}"));
        fake.refuse_identify(Some(code));
        let (task, _stop) = start(&fake, &db, Duration::from_secs(60)).await;
        let line = stops_with(task, Duration::from_secs(30)).await;
        assert!(
            line.contains(&format!("with {code} ({says})")),
            "{code}: {line}"
        );
        assert_eq!(fake.refused_identifies(), 1, "{code}: identified again");
    }
}

/// Discord comes to require two shards while the bot runs one (close code 4011 on the running
/// connection and on every IDENTIFY as shard [0, 1]): the bot hears the close, reads Discord's
/// recommended count and connects again with two shards, without trying one shard again (each
/// try would spend one of the day's session starts), and answers.
// Two worker threads, as `farmhand run` has (not the suite's one thread, tests/suite/main.rs):
// serenity 0.12.5's runner loops without yielding on a connection Discord closed with 4011 until
// its next heartbeat fails (about 41 s). On one thread that loop starves the bot's own watch
// (`sharding_required`, which ends such runners at once), and each test spun a core for 46-52 s
// (27 s of CPU each, stop 56); on two threads the watch runs beside it, as in production.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sharding_required_reconnects_with_the_recommended_count() {
    let (fake, db) = fake_and_db("gateway-4011").await;
    let channel = fake.add_channel("games");
    let alice = fake.add_user("alice");
    let (task, stop) = start(&fake, &db, Duration::from_secs(60)).await;
    assert!(fake.wait_ready(Duration::from_secs(30), true).await);
    assert_eq!(fake.with(|w| w.gateway.total), 1);
    let required = Instant::now();
    fake.require_shards(2);
    assert!(
        fake.wait_for(Duration::from_secs(90), |w| w.gateway.total == 2
            && w.gateway.all_live())
            .await,
        "the bot did not connect with two shards"
    );
    let refused = fake.refused_identifies();
    println!(
        "resharded after {:.1} s and {refused} refused IDENTIFYs",
        required.elapsed().as_secs_f64()
    );
    // serenity alone would connect the shard again at its next heartbeat; only if that fell
    // due in the moment between the close and the bot's reading of /gateway/bot could one
    // IDENTIFY as [0, 1] slip out.
    assert!(
        refused <= 1,
        "{refused} IDENTIFYs refused: the bot kept trying one shard"
    );
    let ix = fake.slash(alice, channel, "fog rules").unwrap();
    fake.reply(&ix)
        .await
        .expect("the bot answers on its new shards");
    // The commands were registered once: the new connection did not set up again.
    assert_eq!(registrations(&fake), [200]);
    assert!(fake.settle().await);
    stop_cleanly(task, stop).await;
    assert!(panics().is_empty(), "panics: {:?}", panics());
}

/// With a fixed shard count (`discord.shards = 1`), 4011 is the operator's to fix: `run` stops
/// with one line that names the count Discord requires.
// Two worker threads, as the test above says why.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sharding_required_with_a_fixed_count_stops_run_with_a_clear_line() {
    init_tracing();
    let fake = FakeDiscord::start().await.expect("start the fake");
    let db = TempDb::new("gateway-4011-fixed");
    let mut config = test_config(db.path());
    config.discord.shards = farmhand::config::ShardCount::Count(1);
    let data = discord::prepare(config).await.expect("prepare");
    let maker = fake.clone();
    let task = tokio::spawn(serve(
        data,
        move || fake_http(&maker),
        std::future::pending(),
    ));
    assert!(fake.wait_ready(Duration::from_secs(30), true).await);
    fake.require_shards(3);
    let line = stops_with(task, Duration::from_secs(60)).await;
    assert!(
        line.contains("requires at least 3 shards") && line.contains("4011"),
        "{line}"
    );
}

/// Discord invalidates the session but lets it be resumed (opcode 9, `d: true`): the bot
/// reconnects and resumes it, with no new IDENTIFY, and a click made meanwhile is answered.
#[tokio::test]
async fn a_resumable_invalid_session_is_resumed() {
    let c = connected("invalid-session-resumable").await;
    let fake = &c.fake;
    let (_, identifies, resumes) = fake.gateway_stats();
    fake.invalidate_sessions_resumable();
    let ix = fake.slash(c.alice, c.channel, "fog rules").unwrap();
    assert!(
        fake.wait_for(Duration::from_secs(30), |w| w.gateway.resumes > resumes
            && w.gateway.all_live())
            .await,
        "the bot did not resume"
    );
    fake.reply(&ix).await.expect("the bot answers the click");
    assert_eq!(fake.gateway_stats().1, identifies, "the session was kept");
    stop_cleanly(c.task, c.stop).await;
}

fn fake_http(fake: &FakeDiscord) -> poise::serenity_prelude::Http {
    fake.http()
}

/// Discord invalidates the session (opcode 9, not resumable): the bot identifies again and
/// answers.
#[tokio::test]
async fn an_invalid_session_is_identified_again() {
    let c = connected("invalid-session").await;
    let fake = &c.fake;
    let before = fake.with(|w| w.gateway.identifies);
    fake.invalidate_sessions();
    assert!(
        fake.wait_for(Duration::from_secs(30), |w| w.gateway.identifies > before
            && w.gateway.all_live())
            .await,
        "the bot did not identify again"
    );
    let ix = fake.slash(c.alice, c.channel, "fog rules").unwrap();
    fake.reply(&ix).await.expect("the bot answers");
    stop_cleanly(c.task, c.stop).await;
}

/// Fewer of the day's gateway logins are left than twice the shards: `run` stops with one line
/// that gives the reset time, before it registers anything or logs in (issue 42, the session
/// budget: when the logins run out Discord resets the bot's token).
#[tokio::test]
async fn too_few_logins_left_stop_run_before_it_logs_in() {
    init_tracing();
    let fake = FakeDiscord::start().await.expect("start the fake");
    let db = TempDb::new("session-budget");
    fake.set_session_starts_left(1);
    let (task, _stop) = start(&fake, &db, Duration::from_secs(60)).await;
    let line = stops_with(task, Duration::from_secs(30)).await;
    assert!(
        line.starts_with("not connecting: Discord allows 1 more gateway logins (of 1000 a day)"),
        "{line}"
    );
    assert!(line.contains("needs 2 in hand"), "{line}");
    // The fake's day began an hour ago on its clock (2026-01-01 00:00 UTC, and running).
    assert!(line.contains("Start again after 2026-01-01 23:"), "{line}");
    assert_eq!(fake.session_starts(), (999, 0), "no login was spent");
    assert!(registrations(&fake).is_empty(), "nothing was registered");
    // With two left it starts.
    fake.set_session_starts_left(2);
    let db = TempDb::new("session-budget-2");
    let (task, stop) = start(&fake, &db, Duration::from_secs(60)).await;
    assert!(fake.wait_ready(Duration::from_secs(30), true).await);
    assert_eq!(fake.session_starts().0, 999, "one login spent");
    stop_cleanly(task, stop).await;
    fake.assert_clean();
}

/// A login that comes within 5 s of the last one (`max_concurrency` 1, at Discord's pace) is
/// answered with opcode 9, as Discord does; the restarted bot logs in again after the window
/// and answers. Registration comes before the login, so the restart registers once.
#[tokio::test]
async fn a_login_too_soon_after_the_last_gets_opcode_9_and_the_bot_logs_in_later() {
    init_tracing();
    watch_panics();
    let fake = FakeDiscord::start().await.expect("start the fake");
    fake.set_rate_limits(farmhand::fake_discord::ratelimit::Limits::default());
    let channel = fake.add_channel("games");
    let alice = fake.add_user("alice");
    let db = TempDb::new("identify-pace-1");
    let (task, stop) = start(&fake, &db, Duration::from_secs(60)).await;
    assert!(fake.wait_ready(Duration::from_secs(30), true).await);
    stop_cleanly(task, stop).await;
    // At once, another process (the restart a service manager makes).
    let db = TempDb::new("identify-pace-2");
    let (task, stop) = start(&fake, &db, Duration::from_secs(60)).await;
    assert!(
        fake.wait_for(Duration::from_secs(30), |w| w.gateway.identifies_too_fast
            > 0)
            .await,
        "the second login came more than 5 s after the first: {:?}",
        fake.session_starts()
    );
    assert!(fake.wait_ready(Duration::from_secs(30), true).await);
    let ix = fake.slash(alice, channel, "fog rules").unwrap();
    fake.reply(&ix).await.expect("the bot answers");
    assert_eq!(
        fake.session_starts().0,
        2,
        "two logins spent: {:?}",
        fake.session_starts()
    );
    assert_eq!(registrations(&fake), [200, 200]);
    assert!(fake.settle().await);
    stop_cleanly(task, stop).await;
    fake.assert_clean();
    assert!(panics().is_empty(), "panics: {:?}", panics());
}
