//! `farmhand bench ...`: how fast the engine plays (`bench engine`, on one thread, each game's
//! own workload: [`super::Commands::bench_engine`]), the bot against a fake Discord, the
//! scheduler, the pictures, the records and the coach. Figures are printed, never asserted
//! (docs/TESTING.md: speed is measured by benchmarks that print figures, never by timed
//! assertions in tests).
//! Run it on a release build: `cargo run --release -- bench engine`.

use super::cpu_model;
use crate::host::Kind;
use anyhow::bail;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::io::Write;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// `farmhand bench ...`
#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Full random games per second and actions per second for 2 and 4 players, and the size of
    /// a game snapshot as JSON.
    Engine {
        /// Seconds of play per player count.
        #[arg(long, default_value_t = 3.0)]
        seconds: f64,
        /// The game: fields-of-green (2 and 4 players) or key-harvest (2, 3 and 4 players).
        #[arg(long, value_enum, default_value_t)]
        game: Kind,
        /// Fields of Green: the player counts to measure (repeat or comma-separate, 2-6);
        /// default 2 and 4.
        #[arg(long, value_delimiter = ',')]
        players: Vec<u8>,
    },
    /// The whole bot against a fake Discord on loopback: interaction-to-callback latency, REST
    /// calls per action, and many games at once (actions per second, peak memory).
    Discord(super::bench_discord::Args),
    /// What one scheduler pass (reminders, the stand-in) costs on a database full of idle games
    /// in progress with a few due: `p50 N ms, p99 N ms` and the rows read per pass.
    Scheduler(super::bench_scheduler::Args),
    /// How long drawing the PNG pictures takes (one farm, the final farms of 4 players, one
    /// country board, four boards), and how big they are.
    Render {
        /// Pictures drawn per kind (the figures are the mean and the slowest).
        #[arg(long, default_value_t = 50)]
        count: u32,
    },
    /// How long the records queries take (`/fog history`, `stats`, `leaderboard`) on a server
    /// with many finished games, in an in-memory SQLite database.
    Records {
        /// Finished games recorded first (nine in ten on the measured server).
        #[arg(long, default_value_t = 3_000)]
        games: u64,
    },
    /// How long the coach's hint takes (p50, p99, slowest) at the decisions of games played by
    /// the heuristic bot, on one thread: the Hint button's answer (issue 30).
    Coach {
        /// The game.
        #[arg(long, value_enum, default_value_t)]
        game: Kind,
        /// Players at the table.
        #[arg(long, default_value_t = 4)]
        players: u8,
        /// Games played (a hint is timed at every decision of every seat with a choice).
        #[arg(long, default_value_t = 2)]
        games: u64,
    },
}

/// Runs `farmhand bench ...`.
pub fn run(command: &Command) -> anyhow::Result<()> {
    let (seconds, game, players) = match command {
        Command::Engine {
            seconds,
            game,
            players,
        } => (seconds, *game, players),
        Command::Discord(args) => {
            return match args.processes {
                Some(n) => super::bench_processes::run(args, n),
                None if args.chaos => super::bench_chaos::run(args),
                None => super::bench_discord::run(args),
            };
        }
        Command::Scheduler(args) => return super::bench_scheduler::run(args),
        Command::Render { count } => return bench_render(*count),
        Command::Records { games } => return bench_records(*games),
        Command::Coach {
            game,
            players,
            games,
        } => return bench_coach(*game, *players, *games),
    };
    if !seconds.is_finite() || *seconds <= 0.0 || *seconds > 3600.0 {
        bail!("--seconds must be more than 0 and at most 3600, not {seconds}");
    }
    crate::on_kind!(game, G => <G as super::Commands>::bench_engine(*seconds, players))
}

/// `farmhand bench render`: times the pictures on finished random games (the largest farms a
/// game makes), on one thread.
/// `farmhand bench records`: fills an in-memory store with `games` finished 4-player games
/// (twenty regulars on one server, a bot now and then, a tenth on another server) and times each
/// records query once.
fn bench_records(games: u64) -> anyhow::Result<()> {
    use crate::store::{GameRecord, SeatRecord, Status, Store, TableOptions};
    if !(1..=1_000_000).contains(&games) {
        bail!("--games must be 1 to 1000000, not {games}");
    }
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async {
        let store = Store::open_in_memory().await?;
        // The first game of the list: the records' queries do not depend on the game.
        let kind = Kind::default().as_str();
        let options = TableOptions::plain(4, 60);
        let made = Instant::now();
        for k in 0..games {
            let guild = if k % 10 == 9 { 43 } else { 42 };
            let id = store
                .create_table(kind, Some(guild), 5, 10_000, "p0", &options, k)
                .await?;
            let seats = (0..4u64)
                .map(|s| {
                    let bot = s == 3 && k % 3 == 0;
                    let user = if bot {
                        1
                    } else {
                        10_000 + (k * 7 + s * 3) % 20
                    };
                    SeatRecord {
                        seat: s as usize,
                        user_id: user,
                        name: format!("player {user}"),
                        bot: bot.then(|| "search".to_string()),
                        score: Some(((k * 13 + s * 29) % 60) as u32),
                        won: s == k % 4,
                        favourites: vec!["wheat".into(), format!("c{}", k % 11)],
                        handed_on: 0,
                    }
                })
                .collect();
            let record = GameRecord {
                kind: kind.to_string(),
                guild_id: Some(guild),
                outcome: Status::Ended,
                ended_at: 1_767_225_600_000 + k as i64 * 60_000,
                seats,
            };
            store.add_record(id, &record).await?;
        }
        let made = made.elapsed();
        let ms = |t: Instant| t.elapsed().as_secs_f64() * 1000.0;
        let mut out = std::io::stdout().lock();
        writeln!(out, "farmhand bench records")?;
        writeln!(out, "cpu:     {}", cpu_model())?;
        writeln!(
            out,
            "{games} recorded games, made in {:.1} s",
            made.as_secs_f64()
        )?;
        let t = Instant::now();
        let first = store.history(42, kind, None, 0, 8).await?;
        writeln!(out, "history, first page:      {:>8.1} ms", ms(t))?;
        let deep_page = (first.total / 8).saturating_sub(1);
        let t = Instant::now();
        store.history(42, kind, first.anchor, deep_page, 8).await?;
        writeln!(
            out,
            "history, page {:<5}      {:>8.1} ms",
            deep_page + 1,
            ms(t)
        )?;
        let t = Instant::now();
        let stats = store.player_stats(42, kind, 10_000).await?;
        writeln!(
            out,
            "stats of a player ({} games): {:>6.1} ms",
            stats.games,
            ms(t)
        )?;
        let t = Instant::now();
        store.leaderboard(42, kind, 15).await?;
        writeln!(out, "leaderboard:              {:>8.1} ms", ms(t))?;
        Ok(())
    })
}

fn bench_render(count: u32) -> anyhow::Result<()> {
    if !(1..=10_000).contains(&count) {
        bail!("--count must be 1 to 10000, not {count}");
    }
    let mut out = std::io::stdout().lock();
    writeln!(out, "farmhand bench render")?;
    writeln!(out, "cpu:     {}", cpu_model())?;
    let build = crate::cli::build_name();
    writeln!(out, "build:   {build}")?;
    let mut pictures = Vec::new();
    for &kind in crate::host::Kind::ALL {
        pictures.extend(crate::on_kind!(kind, G => <G as super::Commands>::bench_pictures(count)?));
    }
    for (what, t) in pictures {
        writeln!(
            out,
            "{what}: mean {:.1} ms, slowest {:.1} ms, PNG mean {:.0} KB, largest {:.0} KB ({count} drawn)",
            t.mean_ms,
            t.max_ms,
            t.mean_bytes / 1024.0,
            t.max_bytes as f64 / 1024.0
        )?;
    }
    Ok(())
}

/// How long drawing one kind of picture took, and how big it was.
pub struct Timing {
    mean_ms: f64,
    max_ms: f64,
    mean_bytes: f64,
    max_bytes: usize,
}

/// Runs `draw` `count` times; its result is the PNG's size.
pub fn time<E: std::error::Error + Send + Sync + 'static>(
    count: u32,
    mut draw: impl FnMut() -> Result<usize, E>,
) -> anyhow::Result<Timing> {
    let mut total = Duration::ZERO;
    let mut max = Duration::ZERO;
    let mut bytes = 0usize;
    let mut max_bytes = 0usize;
    for _ in 0..count {
        let start = Instant::now();
        let n = draw()?;
        let took = start.elapsed();
        total += took;
        max = max.max(took);
        bytes += n;
        max_bytes = max_bytes.max(n);
    }
    Ok(Timing {
        mean_ms: total.as_secs_f64() * 1e3 / f64::from(count),
        max_ms: max.as_secs_f64() * 1e3,
        mean_bytes: bytes as f64 / f64::from(count),
        max_bytes,
    })
}

/// [`time`]s a game's two pictures under `rules` (its deck, its board), drawn from `games` (the
/// seats of finished 4-player games) in turn: one seat's (`one`, the seats in turn) and every
/// seat's at once (`all`, each named `Player N`), under their `labels`.
pub fn time_pictures<R: ?Sized, S, E: std::error::Error + Send + Sync + 'static>(
    count: u32,
    rules: &R,
    games: &[&[S]],
    (one, all): (
        impl Fn(&R, &S, &str) -> Result<Vec<u8>, E>,
        impl Fn(&R, &[(&S, String)]) -> Result<Vec<u8>, E>,
    ),
    labels: [&'static str; 2],
) -> anyhow::Result<Vec<(&'static str, Timing)>> {
    let mut k = 0usize;
    let one = time(count, || {
        k += 1;
        one(rules, &games[k % games.len()][k % 4], "Player").map(|p| p.len())
    })?;
    let mut k = 0usize;
    let all = time(count, || {
        k += 1;
        let named: Vec<_> = games[k % games.len()]
            .iter()
            .enumerate()
            .map(|(i, s)| (s, format!("Player {}", i + 1)))
            .collect();
        all(rules, &named).map(|p| p.len())
    })?;
    Ok(vec![(labels[0], one), (labels[1], all)])
}

/// The CPU time this thread has run, from Linux's `/proc/thread-self/schedstat` (nanoseconds on
/// a CPU); None elsewhere. On a machine busy with other work a hint's wall-clock time counts the
/// time it waited for a core; its CPU time is what it would take on a core of its own.
fn thread_cpu_seconds() -> Option<f64> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = s.split_whitespace().next()?.parse().ok()?;
    Some(ns as f64 / 1e9)
}

/// `bench coach`: a hint timed at every decision with a choice, in games the heuristic bot plays.
fn bench_coach(game: Kind, players: u8, games: u64) -> anyhow::Result<()> {
    use crate::games::coach::hint;
    use crate::games::{Engine, TableSetup};
    fn play<E: Engine>(
        rules: &Arc<E::Rules>,
        players: usize,
        games: u64,
        times: &mut Vec<f64>,
        cpu: &mut Vec<f64>,
    ) -> anyhow::Result<()> {
        for seed in 0..games {
            let (mut g, _) = E::start(
                rules,
                &TableSetup {
                    players,
                    intro: false,
                    seed,
                },
            )
            .map_err(|e| anyhow::anyhow!(e))?;
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            while let Some(&seat) = g.waiting_for().first() {
                let started = Instant::now();
                let cpu_before = thread_cpu_seconds();
                let h = hint(&g, seat);
                times.push(started.elapsed().as_secs_f64());
                if let (Some(a), Some(b)) = (cpu_before, thread_cpu_seconds()) {
                    cpu.push(b - a);
                }
                std::hint::black_box(h);
                let a = g
                    .bot_action(seat, "heuristic", &mut rng)
                    .map_err(|e| anyhow::anyhow!(e))?;
                g.apply(seat, &a).map_err(|e| anyhow::anyhow!("{e}"))?;
            }
        }
        Ok(())
    }
    let mut times = Vec::new();
    let mut cpu = Vec::new();
    let name = crate::on_kind!(game, G => {
        let rules = <G as super::Commands>::rules_file(None)?;
        play::<G>(&rules, players as usize, games, &mut times, &mut cpu)?;
        G::NAME
    });
    times.sort_by(f64::total_cmp);
    cpu.sort_by(f64::total_cmp);
    let q = |p| super::quantile(&times, p) * 1000.0;
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "{name}, {players} players, {games} games: {} hints, p50 {:.0} ms, p90 {:.0} ms, p99 {:.0} ms, slowest {:.0} ms",
        times.len(),
        q(0.5),
        q(0.9),
        q(0.99),
        times.last().copied().unwrap_or(0.0) * 1000.0
    )?;
    if !cpu.is_empty() {
        let c = |p| super::quantile(&cpu, p) * 1000.0;
        writeln!(
            out,
            "  CPU time of the thread (a core of its own): p50 {:.0} ms, p90 {:.0} ms, p99 {:.0} ms, slowest {:.0} ms",
            c(0.5),
            c(0.9),
            c(0.99),
            cpu.last().copied().unwrap_or(0.0) * 1000.0
        )?;
    }
    Ok(())
}
