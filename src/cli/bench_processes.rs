//! `farmhand bench discord --processes N --database postgres://...`: N operating-system processes
//! of the bot (this binary, `farmhand run`), each running its own range of the shards, on one
//! PostgreSQL database, against the fake Discord in this process. The fake hosts one guild per
//! shard and sends each guild's events to the connection of its shard, `(guild_id >> 22) %
//! shards`, as Discord does; the games are spread over the guilds, so every process plays its
//! share.
//!
//! Besides the games played to the end, a few tables are left idle so that reminders and
//! stand-in moves happen while the games run (the processes look for them every
//! `--check-seconds`; the idle tables are dated back so the first ones are due at once, later
//! ones come every minute). At the end the processes are stopped and the counts of lost, doubled
//! and out-of-order actions, reminders and stand-in moves are taken from the database and the
//! fake's record, not from the bot's own counters. Prints figures, never asserts them; the test
//! `tests/suite/bench_processes.rs` checks that the counts it prints are zero.

use super::bench_discord::{
    Args, invalid_requests, join_games, late_answers, rate_limits, says_done, spread, window,
};
use crate::discord::Data;
use crate::fake_discord::harness::{KillOnDrop, TempDb, test_config};
use crate::fake_discord::player::{self, Driver, Player, TableRef};
use crate::fake_discord::{FakeDiscord, RouteKind, TOKEN, json, verify};
use crate::host::{Hosted, Kind};
use anyhow::{Context as _, bail};
use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What a stand-in's note says (English: the fake's users have no locale of their own).
const STAND_IN_NOTE: &str = "a stand-in bot made one decision";

/// The shard ranges of `n` processes over `shards` shards: contiguous, disjoint, covering all.
pub fn ranges(n: u32, shards: u32) -> Vec<(u32, u32)> {
    (0..n)
        .map(|k| (k * shards / n, (k + 1) * shards / n - 1))
        .collect()
}

/// One bot process.
struct Proc {
    child: KillOnDrop,
    range: (u32, u32),
    dir: PathBuf,
}

/// Starts `farmhand run` (this very binary) for shards `range` of `shards`.
fn spawn(
    fake: &FakeDiscord,
    url: &str,
    shards: u32,
    range: (u32, u32),
    dir: &Path,
    args: &Args,
) -> anyhow::Result<Proc> {
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let edit_ms = args
        .edit_interval_ms
        .unwrap_or(crate::config::Config::default().discord.edit_interval_ms);
    // A minute before the first reminder and between reminders (the shortest the configuration
    // takes), looked for every --check-seconds.
    let toml = format!(
        "[discord]\nshards = {shards}\nshard_range = \"{}-{}\"\nedit_interval_ms = {edit_ms}\n\n\
         [game]\nreminder_minutes = 1\nreminder_repeat_minutes = 1\nreminder_check_seconds = {}\n",
        range.0, range.1, args.check_seconds
    );
    std::fs::write(dir.join("farmhand.toml"), toml)?;
    let exe = std::env::current_exe().context("cannot find this program to start it again")?;
    let log = |name: &str| std::fs::File::create(dir.join(name));
    let child = Command::new(exe)
        .arg("run")
        .env("FARMHAND_DISCORD_TOKEN", TOKEN)
        // As Discord is reached: HTTPS, serenity's rate limiter on (a proxy would turn it off).
        .env("FARMHAND_DISCORD_FAKE_TLS", fake.tls_addr().to_string())
        .env("FARMHAND_DATABASE", url)
        .env(
            "RUST_LOG",
            std::env::var("RUST_LOG").unwrap_or("warn".into()),
        )
        .current_dir(dir)
        .stdout(log("stdout.log")?)
        .stderr(log("stderr.log")?)
        .spawn()
        .context("cannot start a bot process")?;
    Ok(Proc {
        child: KillOnDrop(child),
        range,
        dir: dir.to_path_buf(),
    })
}

/// Waits until every process's shards are connected and the commands registered.
async fn wait_connected(fake: &FakeDiscord, procs: &mut [Proc]) -> anyhow::Result<()> {
    let deadline = Instant::now() + Duration::from_secs(180);
    for p in procs.iter_mut() {
        loop {
            if fake
                .wait_shards_ready(Duration::from_millis(500), true, p.range)
                .await
            {
                break;
            }
            if let Some(status) = p.child.try_wait()? {
                bail!(
                    "the process for shards {}-{} exited ({status}) before it connected; its logs are in {}",
                    p.range.0,
                    p.range.1,
                    p.dir.display()
                );
            }
            if Instant::now() > deadline {
                bail!(
                    "shards {}-{} did not connect within 3 minutes; logs in {}",
                    p.range.0,
                    p.range.1,
                    p.dir.display()
                );
            }
        }
    }
    Ok(())
}

/// Stops every process as systemd would (SIGTERM) and waits for it; SIGKILL after 30 s.
fn stop(procs: &mut [Proc]) -> anyhow::Result<()> {
    for p in procs.iter() {
        let _ = Command::new("kill")
            .arg("-TERM")
            .arg(p.child.id().to_string())
            .status();
    }
    let deadline = Instant::now() + Duration::from_secs(30);
    for p in procs.iter_mut() {
        while p.child.try_wait()?.is_none() {
            if Instant::now() > deadline {
                p.child.kill()?;
                p.child.wait()?;
                break;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }
    Ok(())
}

/// Opens a table of `kind` in `channel` with fresh users (`options` after `seats:`), starts it.
async fn new_table(
    fake: &FakeDiscord,
    kind: Kind,
    players: u8,
    channel: u64,
    tag: &str,
    options: &str,
) -> anyhow::Result<(TableRef, Vec<Player>)> {
    let people: Vec<(u64, String)> = (0..players)
        .map(|k| {
            let name = format!("{tag}p{k}");
            (fake.add_user(&name), name)
        })
        .collect();
    let people: Vec<(u64, &str)> = people.iter().map(|(u, n)| (*u, n.as_str())).collect();
    let line = format!("{} new seats:{players} {options}", kind.command());
    player::seated_table(fake, channel, line.trim(), &people)
        .await
        .map_err(|e| anyhow::anyhow!("{tag}: {e}"))
}

/// The integrity counts, from the database and the fake's record.
#[derive(Default, Debug)]
struct Counts {
    stored: usize,
    ended: usize,
    /// "Done." answers whose action is not stored (per game and player).
    lost_actions: usize,
    /// Stored actions beyond the player's clicks at that table (one click makes at most one
    /// action), and second answers to one click (a click handled twice, by two processes).
    doubled_actions: usize,
    /// Gaps or repeats in a game's versions, actions that do not replay in their stored order,
    /// and stored games that differ from the replay of their actions.
    out_of_order_actions: usize,
    /// Stored actions of the played games beyond the clicks answered "Done." (answered with the
    /// next panel, or deferred): shown, not one of the zero counts.
    unconfirmed_actions: usize,
    reminders_claimed: i64,
    reminders_posted: i64,
    lost_reminders: i64,
    doubled_reminders: i64,
    /// Reminders that ping a player the game was not waiting for, or that came in a game a
    /// stand-in had moved on (the stand-in's pass comes first).
    out_of_order_reminders: usize,
    stand_in_stored: i64,
    stand_in_notes: i64,
    lost_stand_ins: i64,
    doubled_stand_ins: i64,
    out_of_order_stand_ins: usize,
    /// What the doubled actions were, for whoever looks into them.
    examples: Vec<String>,
}

/// Checks one game's stored action log: its versions follow one another, it replays in order
/// from the stored seed, and the replay ends at the stored game. Returns (stored actions,
/// out-of-order count, the (version, seat) pairs stored, the seats by user).
async fn check_log<G: Hosted>(
    data: &Data,
    id: i64,
) -> anyhow::Result<(usize, usize, Vec<(i64, usize)>, HashMap<u64, usize>)> {
    let actions = data.service.store().actions(id).await?;
    let mut bad = 0;
    for w in actions.windows(2) {
        if w[1].0 != w[0].0 + 1 {
            bad += 1;
        }
    }
    let (table, _) = data.service.load_any(id).await?;
    let seats = table.seats.iter().map(|s| (s.user_id, s.seat)).collect();
    match verify::replay_as::<G>(data, id).await {
        Ok(r) => {
            let a = serde_json::to_value(r.last().snapshot())?;
            let b = serde_json::to_value(r.stored.snapshot())?;
            if a != b {
                bad += 1;
            }
        }
        Err(_) => bad += 1,
    }
    let pairs = actions.iter().map(|(v, s, _)| (*v, *s)).collect();
    Ok((actions.len(), bad, pairs, seats))
}

/// The interactions in each channel by each user, from the fake's record: (answered "Done.",
/// answer deferred, failed or never came, all of them). A "Done." answer comes only after the
/// action's commit, and one click makes at most one action.
fn clicks(fake: &FakeDiscord) -> HashMap<(u64, u64), (usize, usize, usize)> {
    fake.with(|w| {
        let mut out: HashMap<(u64, u64), (usize, usize, usize)> = HashMap::new();
        for i in w.interactions.values() {
            let e = out.entry((i.channel_id, i.user)).or_default();
            e.2 += 1;
            match &i.callback {
                // Deferred: the answer (perhaps "Done.") follows as an edit.
                Some(cb) if matches!(cb.kind, 5 | 6) => e.1 += 1,
                // The panel updated (7) or a new private message (4) saying "Done.".
                Some(cb) => {
                    if says_done(&cb.data) {
                        e.0 += 1;
                    }
                }
                None => e.1 += 1,
            }
            if i.callback_failed && i.callback.is_some() {
                e.1 += 1;
            }
        }
        out
    })
}

/// An idle table, and the last message of its channel when it was left idle.
struct Idle {
    table: TableRef,
    mark: u64,
}

impl Idle {
    fn new(fake: &FakeDiscord, table: TableRef) -> Idle {
        let mark = fake.with(|w| {
            w.by_channel
                .get(&table.play_channel())
                .and_then(|v| v.last().copied())
                .unwrap_or(0)
        });
        Idle { table, mark }
    }

    /// Its visible, non-ephemeral messages since it was left idle: (content, pinged users).
    fn posts(&self, fake: &FakeDiscord) -> Vec<(String, Vec<u64>)> {
        posts(fake, self.table.play_channel(), self.mark)
    }
}

/// The visible, non-ephemeral messages of a channel after message `after`: (content, pinged
/// users).
fn posts(fake: &FakeDiscord, channel: u64, after: u64) -> Vec<(String, Vec<u64>)> {
    fake.with(|w| {
        w.by_channel
            .get(&channel)
            .into_iter()
            .flatten()
            .filter(|&&id| id > after)
            .filter_map(|id| w.messages.get(id))
            .filter(|m| m.ephemeral_for.is_none() && !m.deleted)
            .map(|m| (m.content.clone(), m.pings.clone()))
            .collect()
    })
}

/// The idle tables' events so far: (reminder posts in reminder tables, stand-in notes).
fn idle_events(fake: &FakeDiscord, reminders: &[Idle], stand_ins: &[Idle]) -> Vec<usize> {
    let mut out: Vec<usize> = reminders
        .iter()
        .map(|t| t.posts(fake).iter().filter(|(_, p)| !p.is_empty()).count())
        .collect();
    out.extend(stand_ins.iter().map(|t| {
        t.posts(fake)
            .iter()
            .filter(|(c, _)| c.contains(STAND_IN_NOTE))
            .count()
    }));
    out
}

/// `bench discord --processes n`.
pub fn run(args: &super::bench_discord::Args, n: u32) -> anyhow::Result<()> {
    super::bench_discord::runtime(args)?.block_on(bench(args, n))
}

pub async fn bench(args: &Args, n: u32) -> anyhow::Result<()> {
    let mut out = std::io::stdout().lock();
    let kind = args.game;
    let Some(url) = args.database.clone() else {
        bail!("--processes needs --database postgres://... (a new database the processes share)");
    };
    if !(url.starts_with("postgres://") || url.starts_with("postgresql://")) {
        bail!(
            "--processes needs a postgres:// database: SQLite serves one process (for one process on SQLite, leave out --processes)"
        );
    }
    let shards = args.shards.max(n);
    if n == 0 || n > shards {
        bail!("--processes must be 1 to --shards ({shards})");
    }
    writeln!(
        out,
        "farmhand bench discord: {}, {n} bot process(es) (farmhand run), {shards} shards, one guild per shard",
        kind.name()
    )?;
    let build = crate::cli::build_name();
    let cores = crate::cli::cores();
    writeln!(out, "build: {build}; {cores} cores")?;
    let fake = FakeDiscord::start().await?;
    fake.set_recording(false);
    rate_limits(
        &mut out,
        &fake,
        args,
        "on, Discord's values, shared by the processes as one bot token",
    )?;
    // One guild per shard: the added guilds fall on the shards in turn.
    let mut guilds = vec![json::GUILD_ID];
    while guilds.len() < shards as usize {
        guilds.push(fake.add_guild());
    }

    // The bench reads the database (and dates the idle tables back) through its own pool; it
    // migrates the database before the processes start.
    let unused = TempDb::on_disk("bench-processes");
    let mut config = test_config(unused.path());
    config.database.url = url.clone();
    let data = crate::discord::prepare(config)
        .await
        .context("cannot open the database")?;
    let store = data.service.store();
    if !store.active_games().await?.is_empty() {
        bail!(
            "{} has active games: give the bench a new database each run (the idle tables of a run stay active)",
            crate::store::shown_location(&url)
        );
    }
    writeln!(
        out,
        "database: {} ({})",
        crate::store::shown_location(&url),
        store.durability().await?.0
    )?;
    let root =
        std::env::temp_dir().join(format!("farmhand-bench-processes-{}", std::process::id()));
    let mut procs = Vec::new();
    for (k, range) in ranges(n, shards).into_iter().enumerate() {
        procs.push(spawn(
            &fake,
            &url,
            shards,
            range,
            &root.join(format!("p{k}")),
            args,
        )?);
    }
    let started = Instant::now();
    wait_connected(&fake, &mut procs).await?;
    writeln!(
        out,
        "processes: {} (shards {}), connected in {:.1} s; logs in {}",
        procs.len(),
        procs
            .iter()
            .map(|p| if p.range.0 == p.range.1 {
                p.range.0.to_string()
            } else {
                format!("{}-{}", p.range.0, p.range.1)
            })
            .collect::<Vec<_>>()
            .join(", "),
        started.elapsed().as_secs_f64(),
        root.display()
    )?;

    // The idle tables: in each guild one waiting for a reminder and one for the stand-in.
    let mut reminder_tables = Vec::new();
    let mut stand_in_tables = Vec::new();
    for (k, &g) in guilds.iter().enumerate() {
        let c = fake.add_channel_in(g, &format!("idle-remind-{k}"));
        let (t, _) = new_table(&fake, kind, 2, c, &format!("r{k}"), "").await?;
        reminder_tables.push(t);
        let c = fake.add_channel_in(g, &format!("idle-stand-in-{k}"));
        // No reminder before the stand-in moves (with equal delays the reminder pass, a moment
        // after the stand-in's, may find a reminder due just before the stand-in is).
        let (t, _) = new_table(
            &fake,
            kind,
            2,
            c,
            &format!("s{k}"),
            "stand_in_minutes:1 reminder_minutes:600",
        )
        .await?;
        stand_in_tables.push(t);
    }
    // Quiet (the start's posts are out) before the marks after which reminders are counted.
    fake.settle_for(Duration::from_millis(500), Duration::from_secs(30))
        .await;
    let reminder_tables: Vec<Idle> = reminder_tables
        .into_iter()
        .map(|t| Idle::new(&fake, t))
        .collect();
    let stand_in_tables: Vec<Idle> = stand_in_tables
        .into_iter()
        .map(|t| Idle::new(&fake, t))
        .collect();
    // As if they had waited two minutes already: the first reminder and stand-in moves are due
    // at the owning process's next look.
    {
        use sqlx::Connection;
        let mut pg = sqlx::PgConnection::connect(&url).await?;
        for t in reminder_tables.iter().chain(&stand_in_tables) {
            sqlx::query("UPDATE game SET waiting_since = $2, due_at = $2 WHERE id = $1")
                .bind(t.table.game)
                .bind(crate::clock::Clock::system().now_ms() - 120_000)
                .execute(&mut pg)
                .await?;
        }
        pg.close().await?;
    }

    // The played games, spread over the guilds.
    writeln!(
        out,
        "{} games of {} players, at most {} at once, spread over {} guilds; {} idle tables waiting for reminders and {} for stand-in moves (one minute each, looked for every {} s)",
        args.games,
        args.players,
        args.at_once,
        guilds.len(),
        reminder_tables.len(),
        stand_in_tables.len(),
        args.check_seconds
    )?;
    let mut games = Vec::new();
    for k in 0..args.games {
        let g = guilds[k % guilds.len()];
        let c = fake.add_channel_in(g, &format!("game-{k}"));
        // Never a reminder in a played game: its players answer within seconds.
        games.push(
            new_table(
                &fake,
                kind,
                args.players,
                c,
                &format!("g{k}"),
                "reminder_minutes:600",
            )
            .await?,
        );
    }
    let tables: Vec<TableRef> = games.iter().map(|(t, _)| t.clone()).collect();
    let (after, calls) = fake.with(|w| {
        let last = w.interactions.keys().copied().max().unwrap_or(0);
        (last, w.counts.clone())
    });
    let play_started = Instant::now();
    let slots = Arc::new(tokio::sync::Semaphore::new(args.at_once.max(1)));
    let mut tasks = Vec::new();
    for (k, (table, seats)) in games.into_iter().enumerate() {
        let mut d = Driver::new(&fake, &table, seats, args.seed + k as u64);
        // The bots are other processes: the players act on what they see, and a click left
        // unanswered counts as a failed one (the player tries again).
        d.style.settle = false;
        d.style.unanswered_is_failure = true;
        let slots = slots.clone();
        tasks.push(tokio::spawn(async move {
            let _slot = slots.acquire_owned().await;
            d.play().await.map(|_| ())
        }));
    }
    let failed = join_games(tasks, &mut out).await?;
    let elapsed = play_started.elapsed();
    let w = window(&fake, after, &calls);

    // Every idle table has had its reminder or stand-in move (the idle tables were due at once;
    // this waits only when the games were over before the processes looked).
    let deadline = Instant::now() + Duration::from_secs(180);
    while idle_events(&fake, &reminder_tables, &stand_in_tables).contains(&0)
        && Instant::now() < deadline
    {
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    // Quiet for a moment (the last look's posts are out), then stopped as systemd stops a
    // service: nothing the counts read changes after this.
    fake.settle_for(Duration::from_millis(1500), Duration::from_secs(60))
        .await;
    stop(&mut procs)?;
    fake.settle_for(Duration::from_millis(200), Duration::from_secs(10))
        .await;

    let c = crate::on_kind!(kind, G => {
        count::<G>(&fake, &data, &tables, &reminder_tables, &stand_in_tables).await?
    });
    let answered = w.all.len();
    writeln!(
        out,
        "  {}/{} games played to the end ({failed} failed), {} actions stored, {answered} clicks answered, in {:.1} s",
        c.ended,
        tables.len(),
        c.stored,
        elapsed.as_secs_f64()
    )?;
    writeln!(
        out,
        "  actions per second: {:.0}",
        c.stored as f64 / elapsed.as_secs_f64()
    )?;
    writeln!(out, "  answer latency, every click: {}", spread(&w.all))?;
    late_answers(&mut out, &w)?;
    let rest = w.play_calls();
    let responses = w.calls.get(&RouteKind::Callback).copied().unwrap_or(0);
    let per = |x: u64| x as f64 / c.stored.max(1) as f64;
    writeln!(
        out,
        "  REST calls per stored action: {:.2} (non-response {:.3})",
        per(rest),
        per(rest - responses)
    )?;
    // The processes share one bot token: Discord's buckets count all of them, while each
    // process's own limiter sees only its own calls.
    let (limited, global) = fake.rate_limited();
    writeln!(
        out,
        "  calls answered 429: {limited} ({global} global); invalid requests (401, 403, 429): {}",
        invalid_requests(&fake)
    )?;
    writeln!(
        out,
        "  stored actions beyond the clicks answered \"Done.\" (answered with the next panel, or deferred): {}",
        c.unconfirmed_actions
    )?;
    writeln!(
        out,
        "reminders: {} posted, {} claimed in the database",
        c.reminders_posted, c.reminders_claimed
    )?;
    writeln!(
        out,
        "stand-in moves: {} stored, {} notes posted",
        c.stand_in_stored, c.stand_in_notes
    )?;
    writeln!(
        out,
        "lost actions: {}\ndoubled actions: {}\nout-of-order actions: {}",
        c.lost_actions, c.doubled_actions, c.out_of_order_actions
    )?;
    writeln!(
        out,
        "lost reminders: {}\ndoubled reminders: {}\nout-of-order reminders: {}",
        c.lost_reminders, c.doubled_reminders, c.out_of_order_reminders
    )?;
    writeln!(
        out,
        "lost stand-in moves: {}\ndoubled stand-in moves: {}\nout-of-order stand-in moves: {}",
        c.lost_stand_ins, c.doubled_stand_ins, c.out_of_order_stand_ins
    )?;
    for e in c.examples.iter().take(3) {
        writeln!(out, "  doubled: {e}")?;
    }
    let problems = super::bench_discord::problems(&mut out, &fake)?;
    let zero = c.lost_actions
        + c.doubled_actions
        + c.out_of_order_actions
        + c.out_of_order_reminders
        + c.out_of_order_stand_ins
        + problems
        == 0
        && c.lost_reminders + c.doubled_reminders + c.lost_stand_ins + c.doubled_stand_ins == 0;
    if zero {
        let _ = std::fs::remove_dir_all(&root);
    } else {
        writeln!(out, "the processes' logs are kept in {}", root.display())?;
    }
    Ok(())
}

/// The counts, read after the processes stopped.
async fn count<G: Hosted>(
    fake: &FakeDiscord,
    data: &Data,
    tables: &[TableRef],
    reminder_tables: &[Idle],
    stand_in_tables: &[Idle],
) -> anyhow::Result<Counts> {
    let mut c = Counts::default();
    let store = data.service.store();
    let clicks = clicks(fake);
    for t in tables {
        let (stored, bad, pairs, seats) = check_log::<G>(data, t.game).await?;
        c.stored += stored;
        c.out_of_order_actions += bad;
        let row = store.table(t.game).await?.game;
        if row.status == crate::store::Status::Ended {
            c.ended += 1;
        }
        for (&user, &seat) in &seats {
            let mine = pairs.iter().filter(|(_, s)| *s == seat).count();
            // Each table has a channel of its own (and its thread): its panels are there.
            let (done, _, all) = [Some(t.channel), t.thread]
                .into_iter()
                .flatten()
                .filter_map(|ch| clicks.get(&(ch, user)))
                .fold((0, 0, 0), |(d, m, a), (d2, m2, a2)| {
                    (d + d2, m + m2, a + a2)
                });
            // Told "Done." more often than actions of theirs are stored: lost.
            c.lost_actions += done.saturating_sub(mine);
            // More actions stored than the player clicked (one click makes at most one): doubled.
            if mine > all {
                c.doubled_actions += mine - all;
                c.examples.push(format!(
                    "table #{} seat {seat}: {mine} actions stored, {all} clicks",
                    t.game
                ));
            }
            // Not a defect by itself: some actions are answered with the next panel rather
            // than "Done.", or their answer was deferred.
            c.unconfirmed_actions += mine.saturating_sub(done);
        }
    }
    // A second answer to one click (the fake refuses it with 40060 and records it).
    c.doubled_actions += fake
        .violations()
        .iter()
        .filter(|v| v.contains("second callback"))
        .count();
    for idle in reminder_tables {
        let t = &idle.table;
        let row = store.table(t.game).await?;
        c.reminders_claimed += row.game.reminders_sent;
        let (_, bad, pairs, _) = check_log::<G>(data, t.game).await?;
        c.out_of_order_actions += bad;
        let (_, game) = data.service.load::<G>(t.game).await?;
        let waiting: Vec<u64> = game
            .map(|g| g.waiting_for())
            .unwrap_or_default()
            .into_iter()
            .filter_map(|s| row.user_of(s))
            .collect();
        let reminders: Vec<Vec<u64>> = idle
            .posts(fake)
            .into_iter()
            .filter(|(_, p)| !p.is_empty())
            .map(|(_, p)| p)
            .collect();
        c.reminders_posted += reminders.len() as i64;
        // Nobody plays an idle reminder table: a reminder must ping only the players it waits
        // for, and no action may be stored.
        c.out_of_order_reminders += reminders
            .iter()
            .filter(|p| p.iter().any(|u| !waiting.contains(u)))
            .count();
        c.out_of_order_actions += pairs.len();
    }
    for idle in stand_in_tables {
        // Nobody plays an idle stand-in table: every stored action is a stand-in move.
        let (stored, bad, _, _) = check_log::<G>(data, idle.table.game).await?;
        c.stand_in_stored += stored as i64;
        c.out_of_order_stand_ins += bad;
        let p = idle.posts(fake);
        c.stand_in_notes += p.iter().filter(|(m, _)| m.contains(STAND_IN_NOTE)).count() as i64;
        c.out_of_order_reminders += p.iter().filter(|(_, pings)| !pings.is_empty()).count();
    }
    c.lost_reminders = (c.reminders_claimed - c.reminders_posted).max(0);
    c.doubled_reminders = (c.reminders_posted - c.reminders_claimed).max(0);
    c.lost_stand_ins = (c.stand_in_stored - c.stand_in_notes).max(0);
    c.doubled_stand_ins = (c.stand_in_notes - c.stand_in_stored).max(0);
    Ok(c)
}

#[cfg(test)]
mod tests {
    use super::ranges;

    #[test]
    fn ranges_are_disjoint_and_cover_every_shard() {
        assert_eq!(ranges(1, 4), [(0, 3)]);
        assert_eq!(ranges(2, 4), [(0, 1), (2, 3)]);
        assert_eq!(ranges(4, 4), [(0, 0), (1, 1), (2, 2), (3, 3)]);
        assert_eq!(ranges(3, 4), [(0, 0), (1, 1), (2, 3)]);
    }
}
