//! `farmhand bench scheduler`: what one scheduler pass costs on a database full of games in
//! progress (issue 41). The database is filled with `--games` games, idle (each due at some
//! minute of the next day) but for `--due` of them, whose reminder has come. Each pass does the
//! scheduler's database work, as `discord::schedule::pass` does it: the indexed read of the
//! games due, then for each the row check, the game's snapshot read and decoded (a reminder or a
//! stand-in move needs the game), and its next time stored. The Discord posts the reminders
//! make are left out: they are queued in a channel's outbox, never awaited by the pass.
//! Figures are printed, never asserted.

use super::bench_discord::pct;
use super::cpu_model;
use crate::discord::schedule::{self, next_due};
use crate::fake_discord::harness::TempDb;
use crate::host::{Kind, Library};
use crate::service::Service;
use crate::shards::Shards;
use crate::store::{DUE_LIMIT, Store, TableOptions};
use anyhow::{Context as _, bail};
use std::io::Write;
use std::time::{Duration, Instant};

/// `farmhand bench scheduler`
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Games in progress in the database.
    #[arg(long, default_value_t = 100_000)]
    pub games: i64,
    /// Of them, how many are due at each pass.
    #[arg(long, default_value_t = 20)]
    pub due: usize,
    /// Passes timed.
    #[arg(long, default_value_t = 200)]
    pub passes: usize,
    /// The database (a SQLite path or a `postgres://` URL), which must hold no games yet: the
    /// bench fills it. Default: a new SQLite file in the temp folder.
    #[arg(long)]
    pub database: Option<String>,
}

/// The time of the bench's first pass: the fake Discord's epoch, 2026-01-01. The idle games are
/// due from an hour later, spread over a day; the passes come a second apart.
const START_MS: i64 = 1_767_225_600_000;

pub fn run(args: &Args) -> anyhow::Result<()> {
    if !(1..=10_000_000).contains(&args.games) {
        bail!("--games must be 1 to 10000000, not {}", args.games);
    }
    if args.due == 0 || args.due as i64 > args.games.min(DUE_LIMIT) {
        bail!(
            "--due must be 1 to {} (and at most --games), not {}",
            DUE_LIMIT,
            args.due
        );
    }
    if !(1..=3_000).contains(&args.passes) {
        bail!("--passes must be 1 to 3000, not {}", args.passes);
    }
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    runtime.block_on(bench(args))
}

async fn bench(args: &Args) -> anyhow::Result<()> {
    let db = TempDb::on_disk("bench-scheduler");
    let location = match &args.database {
        Some(url) => url.clone(),
        None => db.path().display().to_string(),
    };
    let clock = crate::clock::Clock::frozen_at(START_MS);
    let store = Store::connect(&location)
        .await
        .with_context(|| format!("cannot open the database {location}"))?
        .with_clock(clock.clone());
    if store.active_count().await? > 0 {
        bail!(
            "the database already holds games in progress: give an empty one (it is filled with test games)"
        );
    }
    let mut out = std::io::stdout().lock();
    writeln!(out, "farmhand bench scheduler")?;
    writeln!(out, "cpu:      {}", cpu_model())?;
    let cores = crate::cli::cores();
    let build = if cfg!(debug_assertions) {
        "debug"
    } else {
        "release"
    };
    writeln!(out, "build:    {build}; {cores} cores")?;
    writeln!(out, "database: {:?}", store.backend())?;

    // One real game, started through the service: the copies share its snapshot and seats.
    let service = Service::new(store.clone(), Library::default());
    // The first game of the list: the scheduler's work does not depend on the game.
    let kind = Kind::default();
    let options = TableOptions::plain(4, 60);
    let table = service
        .open_table(kind, Some(42), 5, (10_000, "Ada"), options, 7)
        .await?;
    let id = table.game.id;
    for (k, name) in ["Bram", "Cleo", "Dmitri"].iter().enumerate() {
        service.join(id, 10_001 + k as u64, name).await?;
    }
    crate::on_kind!(kind, G => {
        service.start_as::<G>(id, 10_000, false).await?;
    });
    let filled = Instant::now();
    let added = store
        .fill_idle_copies(id, args.games - 1, START_MS + 3_600_000)
        .await?;
    writeln!(
        out,
        "filled:   {} games in progress ({} copies in {:.1} s), {} due at each pass",
        added + 1,
        added,
        filled.elapsed().as_secs_f64(),
        args.due
    )?;
    // The due games, spread over the ids.
    let step = (args.games / args.due as i64).max(1);
    let due: Vec<i64> = (0..args.due as i64).map(|k| id + k * step).collect();

    let mut times: Vec<Duration> = Vec::with_capacity(args.passes);
    let mut rows_read: Vec<usize> = Vec::with_capacity(args.passes);
    for _ in 0..args.passes {
        // A pass a second (the idle games' times are an hour to a day away): the due games
        // waited since a reminder delay ago.
        clock.advance(Duration::from_secs(1));
        let now = clock.now_ms();
        store.make_due(&due, now - 61 * 60_000).await?;
        let started = Instant::now();
        let mut rows = 0;
        let ids = store.due_games(now, Shards::All, DUE_LIMIT).await?;
        rows += ids.len();
        for &g in &ids {
            // The row check (`remind_one`, `stand_in_one`), then the game for the reminder.
            let t = store.table(g).await?;
            rows += 1 + t.seats.len();
            let (t, game) = service.load_any(g).await?;
            rows += 1 + t.seats.len();
            let Some(game) = game else {
                bail!("game {g} has no snapshot");
            };
            // The players waited for, with their days (a preference row each).
            let mut waiting = Vec::new();
            for seat in game.waiting_for() {
                if let Some(user) = t.user_of(seat) {
                    let prefs = store.prefs(user).await?;
                    rows += 1;
                    waiting.push(schedule::waiting(&t, seat, &prefs, false));
                }
            }
            let at = next_due(&t.game, 1440, now, &waiting);
            store
                .set_due(
                    g,
                    at,
                    t.game.waiting_since,
                    t.game.reminders_sent,
                    t.game.version,
                )
                .await?;
        }
        times.push(started.elapsed());
        rows_read.push(rows);
        if ids.len() != args.due {
            bail!("a pass found {} games due, not {}", ids.len(), args.due);
        }
    }
    times.sort();
    let most = rows_read.iter().copied().max().unwrap_or(0);
    let mean = rows_read.iter().sum::<usize>() as f64 / rows_read.len().max(1) as f64;
    writeln!(
        out,
        "pass ({} passes, {} games due each): p50 {}, p99 {}, max {}",
        args.passes,
        args.due,
        pct(&times, 0.5),
        pct(&times, 0.99),
        pct(&times, 1.0)
    )?;
    writeln!(
        out,
        "rows read per pass: {mean:.0} on average, {most} at most (the index's {} hits; each due game's row and seats, twice; its waiting players' preferences)",
        args.due
    )?;

    // The pass before migration 0009, for comparison: every game in progress listed, and each
    // row read to see whether anything was due.
    let started = Instant::now();
    let all = store.active_games().await?;
    let mut before_rows = all.len();
    for &g in &all {
        let t = store.table(g).await?;
        before_rows += 1 + t.seats.len();
    }
    writeln!(
        out,
        "the pass before (every game in progress read): {:.1} ms, {before_rows} rows read",
        started.elapsed().as_secs_f64() * 1000.0
    )?;
    Ok(())
}
