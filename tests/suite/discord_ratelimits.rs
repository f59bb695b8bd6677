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
#[tokio::test]
async fn three_tables_in_one_channel_never_exceed_a_bucket() {
    let fake = FakeDiscord::start().await.unwrap();
    // Discord's own values, message edits included (the fake starts with quicker edits).
    fake.set_rate_limits(farmhand::fake_discord::ratelimit::Limits::default());
    let db = TempDb::new("one-channel-limits");
    let bot = Bot::start(&fake, showcase_config(db.path())).await.unwrap();
    let channel = fake.add_channel("busy");
    let mut games: Vec<(TableRef, Vec<Player>)> = Vec::new();
    for g in 0..3 {
        games.push(two_player_table(&fake, channel, &format!("t{g}")).await);
    }
    play_at_machine_speed(&fake, games, 90).await;
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
/// refuse (`discord::pace`). Here the fake's global limit is 8 per second: with the bot's limit
/// at 5, three games played at machine speed make the bot hold calls back and the fake refuses
/// none; the same three games with the bot's limit far above the fake's are refused (so the
/// load does outrun the fake's limit). The per-channel buckets are opened wide so that only the
/// global limit is in play (serenity holding a channel's calls for its bucket would bunch them
/// up past any pace).
#[tokio::test]
async fn the_bot_keeps_under_the_global_limit_before_discord_refuses() {
    let paced = three_games_at_global_limit_8(5).await;
    assert_eq!(
        paced.refused, 0,
        "the fake refused {} calls for its global limit; the bot held {} back",
        paced.refused, paced.held
    );
    // The games wanted more than 5 calls a second: the pace was in play.
    assert!(
        paced.held >= 20,
        "the bot held only {} calls back",
        paced.held
    );
    assert_eq!(
        paced.serenity_global_waits, 0,
        "serenity never met a global 429"
    );
    let unpaced = three_games_at_global_limit_8(10_000).await;
    assert!(
        unpaced.refused > 0 && unpaced.held == 0,
        "without a pace the same games should meet the fake's global limit: {unpaced:?}"
    );
}

#[derive(Debug)]
struct GlobalRun {
    /// Calls the fake answered 429 for its global limit.
    refused: u64,
    /// Calls the bot's pace held back.
    held: u64,
    /// Global 429s serenity's limiter met.
    serenity_global_waits: u64,
}

/// Three 2-player games of Fields of Green in three channels, played at machine speed by a bot
/// whose global limit is `per_second`, against a fake whose global limit is 8 per second.
async fn three_games_at_global_limit_8(per_second: u32) -> GlobalRun {
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
    config.discord.global_requests_per_second = per_second;
    let bot = Bot::start(&fake, config).await.unwrap();
    let mut games = Vec::new();
    for g in 0..3 {
        let channel = fake.add_channel(&format!("table-{g}"));
        games.push(two_player_table(&fake, channel, &format!("g{g}")).await);
    }
    play_at_machine_speed(&fake, games, 300).await;
    assert!(fake.settle().await, "the bot did not go quiet");
    let run = GlobalRun {
        refused: fake.rate_limited().1,
        held: bot.data.service.metrics().global_waits.get(),
        serenity_global_waits: bot.data.rate_limits.counts().1,
    };
    eprintln!("global limit 8/s, the bot's {per_second}/s: {run:?}");
    // Every game ended and nothing the fake checks went wrong, paced or not.
    fake.assert_clean();
    bot.stop().await.unwrap();
    run
}

/// A 2-player Fields of Green table in `channel`, started, its players named `{prefix}p0` and
/// `{prefix}p1`.
async fn two_player_table(
    fake: &FakeDiscord,
    channel: u64,
    prefix: &str,
) -> (TableRef, Vec<Player>) {
    let names: Vec<String> = (0..2).map(|k| format!("{prefix}p{k}")).collect();
    let users: Vec<u64> = names.iter().map(|n| fake.add_user(n)).collect();
    let table = player::open_table(fake, users[0], channel, "fog new seats:2")
        .await
        .unwrap();
    player::join(fake, users[1], &table).await.unwrap();
    player::start(fake, users[0], &table).await.unwrap();
    let seats = users
        .iter()
        .zip(&names)
        .map(|(&u, n)| Player::new(u, n))
        .collect();
    (table, seats)
}

/// Plays every game to its end at once, its players clicking without waiting for the bot to
/// go quiet (game `g` from seed `seed + g`).
async fn play_at_machine_speed(fake: &FakeDiscord, games: Vec<(TableRef, Vec<Player>)>, seed: u64) {
    let mut tasks = Vec::new();
    for (g, (table, seats)) in games.into_iter().enumerate() {
        let mut d = Driver::new(fake, &table, seats, seed + g as u64);
        d.style.settle = false;
        tasks.push(tokio::spawn(async move { d.play().await.map(|_| ()) }));
    }
    for t in tasks {
        t.await
            .unwrap()
            .unwrap_or_else(|e| panic!("a game failed: {e}"));
    }
}
