//! `farmhand bench discord`: the whole bot (serenity + poise + SQLite) against the fake Discord
//! on loopback, with scripted players clicking as fast as the bot answers. Prints figures, never
//! asserts them. Run it on a release build: `cargo run --release -- bench discord`.
//!
//! Phase 1 plays a few games one at a time: interaction-to-callback latency (the callback comes
//! after the database commit) and REST calls per accepted action. `--game key-harvest` plays Key
//! Harvest instead of Fields of Green. Phase 2 plays many games at
//! once: actions per second, latency under that load, and the process's peak memory (VmHWM:
//! bot, fake Discord and players share the process).

use crate::fake_discord::harness::{Bot, TempDb, showcase_config};
use crate::fake_discord::player::{self, Driver, Player, TableRef};
use crate::fake_discord::{FakeDiscord, RouteKind};
use crate::host::Kind;
use anyhow::{Context as _, bail};
use std::collections::BTreeMap;
use std::io::Write;
use std::time::{Duration, Instant};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Which game to play.
    #[arg(long, value_enum, default_value_t)]
    pub game: Kind,
    /// Games played at once in phase 2.
    #[arg(long, default_value_t = 200)]
    pub games: usize,
    /// Players per game (2-6).
    #[arg(long, default_value_t = 3)]
    pub players: u8,
    /// Games played one at a time in phase 1.
    #[arg(long, default_value_t = 3)]
    pub single: usize,
    /// Seed of the players' choices.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Milliseconds between two edits of one message (`discord.edit_interval_ms`; default: the
    /// production default). 0 redraws after every change.
    #[arg(long)]
    pub edit_interval_ms: Option<u64>,
    /// The database to run against (`database.url`: a SQLite path or a `postgres://` URL; it
    /// must be new or Farmhand's). Default: a new SQLite file in the temp folder.
    #[arg(long)]
    pub database: Option<String>,
    /// Turn off Discord's rate limits in the fake (serenity's limiter then never waits): for
    /// comparison with the default, where the fake enforces them as Discord documents them.
    #[arg(long)]
    pub no_rate_limits: bool,
    /// Run the bot as this many operating-system processes (`farmhand run`, each with its own
    /// range of the shards) on the PostgreSQL database of `--database`, instead of inside this
    /// process. `--games` is then the number of games played in all, `--single` is not used.
    #[arg(long)]
    pub processes: Option<u32>,
    /// With `--processes`: the shards in all (one guild each in the fake Discord).
    #[arg(long, default_value_t = 4)]
    pub shards: u32,
    /// With `--processes`: games played at the same time.
    #[arg(long, default_value_t = 50)]
    pub at_once: usize,
    /// With `--processes`: seconds between the processes' looks for due reminders and stand-in
    /// moves (`game.reminder_check_seconds`).
    #[arg(long, default_value_t = 5)]
    pub check_seconds: u32,
    /// Plays `--games` games while the fake Discord changes the servers under them at seeded
    /// moments (deleted messages, threads and channels, archived and locked threads, a
    /// permission taken away, closed DMs, the bot removed from a server, expired tokens, gateway
    /// reconnects) and counts what the bot did about it (issue 42).
    #[arg(long, conflicts_with = "processes")]
    pub chaos: bool,
}

pub fn run(args: &Args) -> anyhow::Result<()> {
    runtime(args)?.block_on(bench(args))
}

/// Checks the arguments and sets up the log and the runtime, for this bench and for
/// `bench_processes` (which uses this file, not the other way round).
pub fn runtime(args: &Args) -> anyhow::Result<tokio::runtime::Runtime> {
    let most = *args.game.players().end();
    if !(2..=most).contains(&usize::from(args.players)) {
        bail!("--players must be 2 to {most} for this game");
    }
    if args.edit_interval_ms.is_some_and(|ms| ms > 60_000) {
        bail!("--edit-interval-ms must be at most 60000");
    }
    if args.processes.is_some() && !(1..=3600).contains(&args.check_seconds) {
        bail!("--check-seconds must be 1 to 3600");
    }
    if args.games == 0 && args.single == 0 {
        bail!("nothing to play: --games and --single are both 0");
    }
    let filter = std::env::var("RUST_LOG").unwrap_or_else(|_| "error".to_string());
    let filter = tracing_subscriber::EnvFilter::try_new(&filter)
        .with_context(|| format!("bad log filter {filter:?}"))?;
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .try_init();
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")
}

/// Opens a table of `kind` with fresh users and starts it.
async fn new_table(
    fake: &FakeDiscord,
    kind: Kind,
    players: u8,
    tag: usize,
) -> anyhow::Result<(TableRef, Vec<Player>)> {
    new_table_in(
        fake,
        crate::fake_discord::json::GUILD_ID,
        kind,
        players,
        tag,
    )
    .await
}

/// [`new_table`] in a new channel of `guild`.
pub(super) async fn new_table_in(
    fake: &FakeDiscord,
    guild: u64,
    kind: Kind,
    players: u8,
    tag: usize,
) -> anyhow::Result<(TableRef, Vec<Player>)> {
    let channel = fake.add_channel_in(guild, &format!("game-{tag}"));
    let names: Vec<String> = (0..players).map(|k| format!("g{tag}p{k}")).collect();
    let users: Vec<u64> = names.iter().map(|n| fake.add_user(n)).collect();
    let line = format!("{} new seats:{players}", kind.command());
    let table = player::open_table(fake, users[0], channel, &line)
        .await
        .map_err(anyhow::Error::msg)?;
    for &u in &users[1..] {
        player::join(fake, u, &table)
            .await
            .map_err(anyhow::Error::msg)?;
    }
    player::start(fake, users[0], &table)
        .await
        .map_err(anyhow::Error::msg)?;
    let seats = users
        .iter()
        .zip(&names)
        .map(|(&u, n)| Player::new(u, n))
        .collect();
    Ok((table, seats))
}

/// What the fake saw between two marks.
pub(super) struct Window {
    /// Callback latencies: every click, and clicks the bot confirmed as applied ("Done.").
    pub(super) all: Vec<Duration>,
    pub(super) acted: Vec<Duration>,
    /// Interaction webhook calls, each from its interaction's creation.
    pub(super) webhook: Vec<Duration>,
    pub(super) late: usize,
    pub(super) unanswered: usize,
    /// Bot REST calls by route.
    pub(super) calls: BTreeMap<RouteKind, u64>,
}

impl Window {
    /// REST calls made for play: every route but the gateway, the application and command
    /// registration (made once at start, not per action).
    pub(super) fn play_calls(&self) -> u64 {
        self.calls
            .iter()
            .filter(|(k, _)| {
                !matches!(
                    k,
                    RouteKind::Gateway | RouteKind::Application | RouteKind::Commands
                )
            })
            .map(|(_, n)| n)
            .sum()
    }
}

pub(super) fn window(
    fake: &FakeDiscord,
    after_id: u64,
    calls_before: &BTreeMap<RouteKind, u64>,
) -> Window {
    fake.with(|w| {
        let mut all = Vec::new();
        let mut acted = Vec::new();
        let mut unanswered = 0;
        let mut webhook = Vec::new();
        for i in w.interactions.values().filter(|i| i.id > after_id) {
            webhook.extend_from_slice(&i.webhook_after);
            match &i.callback {
                Some(cb) => {
                    all.push(cb.after);
                    if says_done(&cb.data) {
                        acted.push(cb.after);
                    }
                }
                None => unanswered += 1,
            }
        }
        all.sort();
        acted.sort();
        webhook.sort();
        let late = all.iter().filter(|d| d.as_secs_f64() > 3.0).count();
        let calls = w
            .counts
            .iter()
            .map(|(k, n)| (*k, n - calls_before.get(k).copied().unwrap_or(0)))
            .filter(|(_, n)| *n > 0)
            .collect();
        Window {
            all,
            acted,
            webhook,
            late,
            unanswered,
            calls,
        }
    })
}

/// Sets the fake's rate limits for a bench, and says so: off with `--no-rate-limits`, else
/// Discord's values, message edits included (the fake starts with quicker edits); `on` says
/// how they are enforced.
pub(super) fn rate_limits(
    out: &mut impl Write,
    fake: &FakeDiscord,
    args: &Args,
    on: &str,
) -> std::io::Result<()> {
    if args.no_rate_limits {
        fake.set_rate_limits(crate::fake_discord::ratelimit::Limits {
            enabled: false,
            ..Default::default()
        });
        writeln!(out, "rate limits: off (--no-rate-limits)")
    } else {
        fake.set_rate_limits(crate::fake_discord::ratelimit::Limits::default());
        writeln!(out, "rate limits: {on}")
    }
}

/// The clicks answered after Discord's 3 seconds, or not at all, when there were any.
pub(super) fn late_answers(out: &mut impl Write, w: &Window) -> std::io::Result<()> {
    if w.late > 0 || w.unanswered > 0 {
        writeln!(
            out,
            "  over Discord's 3 s: {} late, {} unanswered",
            w.late, w.unanswered
        )?;
    }
    Ok(())
}

/// True when a click's answer (its callback's data) says the action was taken: "Done. ...".
pub(super) fn says_done(answer: &serde_json::Value) -> bool {
    answer
        .get("content")
        .and_then(|c| c.as_str())
        .is_some_and(|c| c.starts_with("Done."))
}

/// The fake's count of invalid requests (401, 403, 429) and its most in any 10 minutes, against
/// the count at which Discord bans a bot for a while.
pub(super) fn invalid_requests(fake: &FakeDiscord) -> String {
    let (invalid, peak) = fake.invalid_requests();
    format!(
        "{invalid}, at most {peak} in 10 minutes (Discord bans at {})",
        crate::fake_discord::ratelimit::INVALID_LIMIT
    )
}

/// The median, the 99th percentile and the slowest of `v` (sorted), as the benches' latency
/// lines show them.
pub(super) fn spread(v: &[Duration]) -> String {
    format!(
        "p50 {}  p99 {}  max {}",
        pct(v, 0.5),
        pct(v, 0.99),
        pct(v, 1.0)
    )
}

pub(super) fn pct(v: &[Duration], p: f64) -> String {
    if v.is_empty() {
        return "-".into();
    }
    let k = ((v.len() as f64 - 1.0) * p).round() as usize;
    format!("{:.1} ms", v[k].as_secs_f64() * 1000.0)
}

fn mark(fake: &FakeDiscord) -> (u64, BTreeMap<RouteKind, u64>) {
    fake.with(|w| {
        let last = w.interactions.keys().copied().max().unwrap_or(0);
        (last, w.counts.clone())
    })
}

/// Stored actions of the games (the database is read for the figures only).
async fn stored_actions(bot: &Bot, tables: &[TableRef]) -> anyhow::Result<(usize, usize)> {
    let mut actions = 0;
    let mut ended = 0;
    for t in tables {
        actions += bot.data.service.store().actions(t.game).await?.len();
        let (table, _) = bot.data.service.load_any(t.game).await?;
        if table.game.status == crate::store::Status::Ended {
            ended += 1;
        }
    }
    Ok((actions, ended))
}

/// Peak resident memory of this process (VmHWM), in MiB.
fn vm_hwm_mib() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

/// Waits for every game's task and says why the first few failed; returns how many failed.
pub(super) async fn join_games(
    tasks: Vec<tokio::task::JoinHandle<Result<(), String>>>,
    out: &mut impl Write,
) -> anyhow::Result<usize> {
    let mut failed = 0;
    for t in tasks {
        match t.await {
            Ok(Ok(())) => {}
            Ok(Err(e)) => {
                failed += 1;
                if failed <= 3 {
                    writeln!(out, "  a game failed: {}", e.lines().next().unwrap_or(""))?;
                }
            }
            Err(e) => {
                failed += 1;
                writeln!(out, "  a game's task failed: {e}")?;
            }
        }
    }
    Ok(failed)
}

fn report(out: &mut impl Write, w: &Window, actions: usize) -> anyhow::Result<()> {
    writeln!(
        out,
        "  callback latency, every click ({}):      {}",
        w.all.len(),
        spread(&w.all)
    )?;
    writeln!(
        out,
        "  callback latency, accepted actions ({}): {}  (database commit included)",
        w.acted.len(),
        spread(&w.acted)
    )?;
    writeln!(
        out,
        "  interaction webhook calls, from the click ({}): {}  (deferred answers' edits, follow-ups)",
        w.webhook.len(),
        spread(&w.webhook)
    )?;
    late_answers(out, w)?;
    let total = w.play_calls();
    let per = |n: u64| n as f64 / actions.max(1) as f64;
    let parts: Vec<String> = w
        .calls
        .iter()
        .filter(|(k, _)| {
            !matches!(
                k,
                RouteKind::Gateway | RouteKind::Application | RouteKind::Commands
            )
        })
        .map(|(k, n)| format!("{k:?} {:.2}", per(*n)))
        .collect();
    writeln!(
        out,
        "  REST calls per stored action: {:.2} ({})",
        per(total),
        parts.join(", ")
    )?;
    // The interaction responses (one per click) are the calls Discord exempts from the global
    // rate limit; every other call (table and DM panel edits, summaries, deferred answers) is
    // what the merged redraws are there to keep down.
    let responses = w.calls.get(&RouteKind::Callback).copied().unwrap_or(0);
    writeln!(
        out,
        "  non-response REST calls per stored action: {:.3}",
        per(total - responses)
    )?;
    // What Discord's per-channel limit on messages (about 5 per 5 s) is spent on.
    let posts = w.calls.get(&RouteKind::CreateMessage).copied().unwrap_or(0);
    let edits = w.calls.get(&RouteKind::EditMessage).copied().unwrap_or(0);
    writeln!(
        out,
        "  channel posts and edits per stored action: {:.2} ({posts} posts, {edits} edits)",
        per(posts + edits)
    )?;
    Ok(())
}

async fn bench(args: &Args) -> anyhow::Result<()> {
    let mut out = std::io::stdout().lock();
    let kind = args.game;
    writeln!(out, "farmhand bench discord: {}", kind.name())?;
    let build = crate::cli::build_name();
    let cores = crate::cli::cores();
    writeln!(out, "build: {build}; {cores} cores")?;
    let fake = FakeDiscord::start().await?;
    // No transcript: the fake keeps only what the players and the figures need.
    fake.set_recording(false);
    let db = TempDb::on_disk("bench");
    let mut config = showcase_config(db.path());
    if let Some(url) = &args.database {
        config.database.url = url.clone();
    }
    if let Some(ms) = args.edit_interval_ms {
        config.discord.edit_interval_ms = ms;
    }
    writeln!(
        out,
        "edits of one message at most every {} ms (merged between)",
        config.discord.edit_interval_ms
    )?;
    rate_limits(
        &mut out,
        &fake,
        args,
        "on (serenity's limiter; the fake enforces 5 messages created and 5 edited per 5 s per channel, 5 interaction webhook calls per 2 s per token, 50 calls per s per other route and globally)",
    )?;
    // Like `run` and `demo`: no second process on the database while the bench writes it.
    let plan = config.discord.shard_plan().map_err(anyhow::Error::msg)?;
    let _one_process =
        crate::store::ProcessLock::acquire_for(&config.database.location(), plan).await?;
    let bot = Bot::start(&fake, config).await?;
    let limited = |out: &mut std::io::StdoutLock| -> anyhow::Result<()> {
        let (route, global) = fake.rate_limited();
        let (waits, _) = bot.data.rate_limits.counts();
        let (hook_waits, hook_waited) = bot.data.rate_limits.webhook_waits();
        writeln!(
            out,
            "  rate limits so far: {route} calls answered 429 ({global} global); serenity held calls back {waits} times, {hook_waits} of them interaction webhook calls ({:.1} s in all)",
            hook_waited.as_secs_f64()
        )?;
        writeln!(
            out,
            "  invalid requests (401, 403, 429) so far: {}",
            invalid_requests(&fake)
        )?;
        Ok(())
    };
    let (mode, sync) = bot.data.service.store().durability().await?;
    writeln!(
        out,
        "database: {} ({mode}, synchronous level {sync})",
        config_shown(&args.database, db.path())
    )?;

    if args.single > 0 {
        writeln!(
            out,
            "phase 1: {} game(s) of {} players, one at a time",
            args.single, args.players
        )?;
        let (after, calls) = mark(&fake);
        let mut tables = Vec::new();
        let started = Instant::now();
        for g in 0..args.single {
            let (table, seats) = new_table(&fake, kind, args.players, g).await?;
            let mut d = Driver::new(&fake, &table, seats, args.seed + g as u64);
            d.play().await.map_err(anyhow::Error::msg)?;
            tables.push(table);
        }
        fake.settle().await;
        let elapsed = started.elapsed();
        let (actions, ended) = stored_actions(&bot, &tables).await?;
        let w = window(&fake, after, &calls);
        writeln!(
            out,
            "  {actions} actions stored, {ended}/{} games ended, {} clicks, {:.1} s",
            tables.len(),
            w.all.len(),
            elapsed.as_secs_f64()
        )?;
        report(&mut out, &w, actions)?;
        limited(&mut out)?;
    }

    if args.games > 0 {
        writeln!(
            out,
            "phase 2: {} games of {} players at once",
            args.games, args.players
        )?;
        let mut games = Vec::new();
        for g in 0..args.games {
            games.push(new_table(&fake, kind, args.players, 1000 + g).await?);
        }
        let tables: Vec<TableRef> = games.iter().map(|(t, _)| t.clone()).collect();
        let (after, calls) = mark(&fake);
        let started = Instant::now();
        let mut tasks = Vec::new();
        for (g, (table, seats)) in games.into_iter().enumerate() {
            let mut d = Driver::new(&fake, &table, seats, args.seed + 1000 + g as u64);
            d.style.settle = false;
            tasks.push(tokio::spawn(async move { d.play().await.map(|_| ()) }));
        }
        let failed = join_games(tasks, &mut out).await?;
        let elapsed = started.elapsed();
        fake.settle_for(Duration::from_millis(50), Duration::from_secs(60))
            .await;
        let (actions, ended) = stored_actions(&bot, &tables).await?;
        let w = window(&fake, after, &calls);
        writeln!(
            out,
            "  {ended}/{} games ended ({failed} failed), {actions} actions stored, {} clicks in {:.1} s",
            tables.len(),
            w.all.len(),
            elapsed.as_secs_f64()
        )?;
        writeln!(
            out,
            "  throughput: {:.0} actions/s, {:.0} clicks/s",
            actions as f64 / elapsed.as_secs_f64(),
            w.all.len() as f64 / elapsed.as_secs_f64()
        )?;
        report(&mut out, &w, actions)?;
        limited(&mut out)?;
    }
    match vm_hwm_mib() {
        Some(mib) => writeln!(
            out,
            "peak memory (VmHWM): {mib:.0} MiB (bot, fake Discord and players in one process)"
        )?,
        None => writeln!(out, "peak memory: /proc/self/status not readable")?,
    }
    problems(&mut out, &fake)?;
    bot.stop().await?;
    Ok(())
}

/// The fake's problems (payloads over Discord's limits, late answers, calls Discord refuses):
/// how many (returned), and the first five.
pub(super) fn problems(out: &mut impl Write, fake: &FakeDiscord) -> anyhow::Result<usize> {
    let problems = fake.violations();
    writeln!(out, "fake Discord problems: {}", problems.len())?;
    for p in problems.iter().take(5) {
        writeln!(out, "  {p}")?;
    }
    Ok(problems.len())
}

/// The database as shown in the report: the URL without its password, or the temp file.
fn config_shown(database: &Option<String>, temp: &std::path::Path) -> String {
    match database {
        Some(url) => crate::store::shown_location(url),
        None => temp.display().to_string(),
    }
}
