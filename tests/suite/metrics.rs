//! The operators' listener (`metrics.listen`, issue 28): `/healthz` says 503 until the gateway
//! is connected and while the database takes no write, 200 "ok" otherwise; `/metrics` is
//! Prometheus text whose counters follow what the bot did.

use farmhand::discord::{self, serve};
use farmhand::fake_discord::harness::{fake_and_db, panics, test_config};
use farmhand::fake_discord::player::{self, Driver, Player};
use farmhand::fake_discord::{FaultAction, FaultRule, RouteKind};
use std::collections::HashMap;
use std::net::SocketAddr;
use std::time::Duration;

async fn get(address: SocketAddr, path: &str) -> (u16, String) {
    let r = reqwest::get(format!("http://{address}{path}"))
        .await
        .expect("the listener answers");
    let status = r.status().as_u16();
    (status, r.text().await.expect("a body"))
}

/// `/healthz` until it answers `status` (each answer is an event: no fixed sleep decides).
async fn healthz_becomes(address: SocketAddr, status: u16) -> String {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
    loop {
        let (s, body) = get(address, "/healthz").await;
        if s == status {
            return body;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "/healthz stayed {s} ({body:?}), never {status}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The samples of a Prometheus text exposition, by series (`name{labels}`); panics on a line
/// that is not a comment, a blank, or `series value`.
fn samples(text: &str) -> HashMap<String, f64> {
    let mut out = HashMap::new();
    for line in text.lines() {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (series, value) = line.rsplit_once(' ').unwrap_or_else(|| panic!("{line:?}"));
        let value: f64 = value.parse().unwrap_or_else(|_| panic!("{line:?}"));
        let name_ok = series.split('{').next().is_some_and(|n| {
            !n.is_empty() && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        });
        assert!(name_ok, "{line:?}");
        out.insert(series.to_string(), value);
    }
    out
}

async fn scrape(address: SocketAddr) -> HashMap<String, f64> {
    let (status, text) = get(address, "/metrics").await;
    assert_eq!(status, 200, "{text}");
    assert!(text.ends_with("# EOF\n"), "{text}");
    assert!(
        text.contains("# TYPE farmhand_interaction_answer_seconds histogram"),
        "{text}"
    );
    samples(&text)
}

fn value(s: &HashMap<String, f64>, series: &str) -> f64 {
    s.get(series).copied().unwrap_or(0.0)
}

fn clicks(s: &HashMap<String, f64>) -> f64 {
    value(s, "farmhand_interactions_total{kind=\"component\"}")
        + value(s, "farmhand_interactions_total{kind=\"modal\"}")
}

#[tokio::test]
async fn healthz_follows_the_gateway_and_the_database_and_metrics_count_the_clicks() {
    let (fake, db) = fake_and_db("metrics").await;
    let channel = fake.add_channel("games");
    let users = [fake.add_user("alice"), fake.add_user("bob")];
    // The token check fails until the test has seen /healthz say "not connected".
    fake.set_faults(
        1,
        vec![FaultRule::always(
            &[RouteKind::Application],
            FaultAction::Fail(503),
        )],
    );
    let mut config = test_config(db.path());
    config.metrics.listen = Some("127.0.0.1:0".into());
    let data = discord::prepare(config).await.expect("prepare");
    let service = data.service.clone();
    let (stop, rx) = tokio::sync::oneshot::channel::<()>();
    let http = fake.clone();
    let task = tokio::spawn(serve(data, move || http.http(), async move {
        let _ = rx.await;
    }));
    let address = tokio::time::timeout(Duration::from_secs(30), service.metrics().bound())
        .await
        .expect("the listener is bound");

    let (status, body) = get(address, "/healthz").await;
    assert_eq!(status, 503, "{body}");
    assert!(body.contains("gateway"), "{body}");
    fake.set_faults(1, Vec::new());
    assert!(fake.wait_ready(Duration::from_secs(60), true).await);
    assert_eq!(healthz_becomes(address, 200).await, "ok\n");

    // Another connection holds SQLite's write lock: the bot's write check cannot get it.
    let url = format!("sqlite://{}", db.path().display());
    let mut holder = <sqlx::SqliteConnection as sqlx::Connection>::connect(&url)
        .await
        .expect("a second connection");
    sqlx::Executor::execute(&mut holder, "BEGIN IMMEDIATE")
        .await
        .expect("take the write lock");
    let body = healthz_becomes(address, 503).await;
    assert!(body.starts_with("database: "), "{body}");
    sqlx::Executor::execute(&mut holder, "ROLLBACK")
        .await
        .unwrap();
    assert_eq!(healthz_becomes(address, 200).await, "ok\n");

    // A table with a computer player, a join, a start, then moves until both a person's click
    // and the bot have stored actions: the clicks (`Service::act`) and the bots and stand-ins
    // (`bots::play`) are the paths that store one, all through `Service::apply_and_save`, which
    // counts after the commit. A "decision" of the scripted players is one click, and several
    // clicks (choose, then confirm) may make one action, so the test waits for stored rows,
    // not for a number of clicks.
    let before = scrape(address).await;
    let table = player::open_table(
        &fake,
        users[0],
        channel,
        "fog new seats:3 bots:1 bot_strength:\"fast (heuristic)\"",
    )
    .await
    .unwrap();
    player::join(&fake, users[1], &table).await.unwrap();
    player::start(&fake, users[0], &table).await.unwrap();
    let stored_at_start = service.store().actions(table.game).await.unwrap().len();
    let seated = service.store().table(table.game).await.unwrap();
    let bot_seats: Vec<usize> = seated
        .seats
        .iter()
        .map(|s| s.seat)
        .filter(|&s| seated.bot_of(s).is_some())
        .collect();
    assert_eq!(bot_seats.len(), 1);
    let seats = vec![Player::new(users[0], "alice"), Player::new(users[1], "bob")];
    let mut driver = Driver::new(&fake, &table, seats, 7);
    loop {
        let log = service.store().actions(table.game).await.unwrap();
        let new = &log[stored_at_start..];
        let by_bot = new.iter().filter(|(_, s, _)| bot_seats.contains(s)).count();
        if by_bot > 0 && new.len() > by_bot {
            break;
        }
        assert!(
            driver.stats.decisions < 500,
            "no stored action by a person and by the bot after {:?}",
            driver.stats
        );
        let over = driver.play_decision().await.unwrap();
        assert!(!over, "the game ended before the checks");
    }
    assert!(fake.settle().await);
    // A click's answer time is observed when its handler returns, which can be a moment after
    // the fake has seen the click's last call (a loaded machine saw 23 of 24): wait for the
    // count to catch up (10 s at most) before comparing.
    let answers = |m: &HashMap<String, f64>| {
        value(m, "farmhand_interaction_answer_seconds_count")
            - value(&before, "farmhand_interaction_answer_seconds_count")
    };
    let mut after = scrape(address).await;
    for _ in 0..100 {
        if answers(&after) >= (2 + driver.stats.clicks) as f64 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
        after = scrape(address).await;
    }

    let stored = service.store().actions(table.game).await.unwrap().len() - stored_at_start;
    assert_eq!(
        value(&after, "farmhand_actions_stored_total")
            - value(&before, "farmhand_actions_stored_total"),
        stored as f64,
        "one count per stored action"
    );
    assert_eq!(
        clicks(&after) - clicks(&before),
        (2 + driver.stats.clicks) as f64,
        "one count per click (join, start, the moves)"
    );
    assert_eq!(
        value(&after, "farmhand_interactions_total{kind=\"command\"}")
            - value(&before, "farmhand_interactions_total{kind=\"command\"}"),
        1.0,
        "/fog new"
    );
    assert_eq!(
        value(&after, "farmhand_interaction_answer_seconds_count")
            - value(&before, "farmhand_interaction_answer_seconds_count"),
        (2 + driver.stats.clicks) as f64,
        "one answer time per click"
    );
    assert_eq!(value(&after, "farmhand_games_active"), 1.0);
    let rest: f64 = after
        .iter()
        .filter(|(k, _)| k.starts_with("farmhand_rest_calls_total{"))
        .map(|(_, v)| v)
        .sum();
    assert!(rest > 0.0, "the posts and edits were counted: {after:?}");

    let _ = stop.send(());
    task.await.unwrap().expect("a clean stop");
    // Stopped with the bot.
    assert!(
        reqwest::get(format!("http://{address}/healthz"))
            .await
            .is_err()
    );
    assert!(panics().is_empty(), "panics: {:?}", panics());
}
