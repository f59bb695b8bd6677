//! Issue 27, rate limits as Discord applies them: the fake limits creating and editing messages
//! to 5 per 5 s per channel and the interaction webhook calls to 5 per 2 s per token (see
//! `fake_discord::ratelimit`), and counts the answers Discord counts toward its invalid-request
//! limit (401, 403, 429: 10,000 in 10 minutes get the bot's address banned).

use farmhand::fake_discord::harness::{Bot, TempDb, showcase_config};
use farmhand::fake_discord::player::{self, Driver, Player, TableRef};
use farmhand::fake_discord::ratelimit::INVALID_LIMIT;
use farmhand::fake_discord::{FakeDiscord, RouteKind};

/// Three tables in ONE channel played at once (their table messages share the channel's edit
/// bucket, their lobbies its message bucket), with the production edit interval: the bot keeps
/// to every bucket the fake enforces (no call is ever answered 429: serenity waits before it
/// would exceed one), so it is nowhere near the invalid-request limit, and every game ends.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_tables_in_one_channel_never_exceed_a_bucket() {
    let fake = FakeDiscord::start().await.unwrap();
    // Discord's own values, message edits included (the fake starts with quicker edits).
    fake.set_rate_limits(farmhand::fake_discord::ratelimit::Limits::default());
    let db = TempDb::new("one-channel-limits");
    let bot = Bot::start(&fake, showcase_config(db.path())).await.unwrap();
    let channel = fake.add_channel("busy");
    let mut games: Vec<(TableRef, Vec<Player>)> = Vec::new();
    for g in 0..3 {
        let names: Vec<String> = (0..2).map(|k| format!("t{g}p{k}")).collect();
        let users: Vec<u64> = names.iter().map(|n| fake.add_user(n)).collect();
        let table = player::open_table(&fake, users[0], channel, "fog new seats:2")
            .await
            .unwrap();
        player::join(&fake, users[1], &table).await.unwrap();
        player::start(&fake, users[0], &table).await.unwrap();
        let seats = users
            .iter()
            .zip(&names)
            .map(|(&u, n)| Player::new(u, n))
            .collect();
        games.push((table, seats));
    }
    let mut tasks = Vec::new();
    for (g, (table, seats)) in games.into_iter().enumerate() {
        let mut d = Driver::new(&fake, &table, seats, 90 + g as u64);
        d.style.settle = false;
        tasks.push(tokio::spawn(async move { d.play().await.map(|_| ()) }));
    }
    for t in tasks {
        t.await
            .unwrap()
            .unwrap_or_else(|e| panic!("a game failed: {e}"));
    }
    assert!(fake.settle().await, "the bot did not go quiet");
    let (limited, global) = fake.rate_limited();
    let (waits, _) = bot.data.rate_limits.counts();
    let edits = fake.with(|w| w.counts.get(&RouteKind::EditMessage).copied().unwrap_or(0));
    // serenity learns a bucket from the headers of its answers, so three tables' calls sent at
    // once into a bucket it has not seen yet may meet a 429 before it knows to wait (Discord
    // counts those toward the invalid-request limit, checked below); beyond that it keeps to
    // every bucket: at most one call in a hundred is refused.
    let calls: u64 = fake.with(|w| w.counts.values().sum());
    assert!(
        (limited + global) * 100 <= calls,
        "{limited} calls answered 429 by a route's bucket and {global} by the global limit, of \
         {calls}; serenity waited {waits} times"
    );
    // The limits were really in play: the channel's edits outran its bucket, so serenity held
    // calls back rather than send them.
    assert!(
        waits > 0,
        "serenity never waited ({edits} message edits): the test did not reach a limit"
    );
    let (invalid, peak) = fake.invalid_requests();
    assert!(
        peak * 100 < INVALID_LIMIT,
        "{invalid} invalid requests, {peak} in 10 minutes"
    );
    fake.assert_clean();
    bot.stop().await.unwrap();
}

/// Issue 27, Discord's global limit: every request made with the bot's token counts toward 50
/// per second, interaction answers aside, and serenity only waits after Discord refused one.
/// The bot keeps under its own `discord.global_requests_per_second` before Discord has to
/// refuse (`discord::pace`). Here the fake's global limit is 8 per second and the bot's is 5
/// (at most 5 calls in any second): three games played at machine speed want more than that,
/// so the bot holds calls back, and the fake refuses none. The per-channel buckets are opened
/// wide so that only the global limit is in play (serenity holding a channel's calls for its
/// bucket would bunch them up past any pace).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_keeps_under_the_global_limit_before_discord_refuses() {
    use farmhand::fake_discord::ratelimit::Limits;
    use std::time::Duration;
    let fake = FakeDiscord::start().await.unwrap();
    let open = Limits::default().route;
    fake.set_rate_limits(Limits {
        message_create: open,
        message_edit: open,
        global: (8, Duration::from_secs(1)),
        ..Limits::default()
    });
    let db = TempDb::new("global-pace");
    let mut config = farmhand::fake_discord::harness::test_config(db.path());
    config.discord.global_requests_per_second = 5;
    let bot = Bot::start(&fake, config).await.unwrap();
    let mut tasks = Vec::new();
    for g in 0..3 {
        let channel = fake.add_channel(&format!("table-{g}"));
        let names: Vec<String> = (0..2).map(|k| format!("g{g}p{k}")).collect();
        let users: Vec<u64> = names.iter().map(|n| fake.add_user(n)).collect();
        let table = player::open_table(&fake, users[0], channel, "fog new seats:2")
            .await
            .unwrap();
        player::join(&fake, users[1], &table).await.unwrap();
        player::start(&fake, users[0], &table).await.unwrap();
        let seats = users
            .iter()
            .zip(&names)
            .map(|(&u, n)| Player::new(u, n))
            .collect();
        let mut d = Driver::new(&fake, &table, seats, 300 + g as u64);
        d.style.settle = false;
        tasks.push(tokio::spawn(async move { d.play().await.map(|_| ()) }));
    }
    for t in tasks {
        t.await
            .unwrap()
            .unwrap_or_else(|e| panic!("a game failed: {e}"));
    }
    assert!(fake.settle().await, "the bot did not go quiet");
    let (_, global) = fake.rate_limited();
    let held = bot.data.service.metrics().global_waits.get();
    assert_eq!(
        global, 0,
        "the fake refused {global} calls for its global limit; the bot held {held} back"
    );
    // The games wanted more than 5 calls a second: the pace was in play.
    assert!(held >= 20, "the bot held only {held} calls back");
    let (_, global_waits) = bot.data.rate_limits.counts();
    assert_eq!(global_waits, 0, "serenity never met a global 429");
    fake.assert_clean();
    bot.stop().await.unwrap();
}
