//! `farmhand bench discord --chaos --games N` (issue 42): games played while the fake Discord
//! changes the servers under them, at moments drawn from `--seed`. Each kind of change below
//! happens at least once when there are enough games; the rest are drawn at random:
//! - a moderator deletes a table message, a game's thread, or a game's channel;
//! - a thread is archived, or locked;
//! - the bot's Attach Files is taken away in a channel;
//! - a player closes their DMs;
//! - the bot is removed from one server (a third of the games are played there);
//! - the simulated clock jumps 16 minutes, so every interaction token in flight expires;
//! - the gateway asks the bot to reconnect (opcode 7), or drops its session (opcode 9).
//!
//! Close code 4011 (sharding required) is not among them: it makes `farmhand run` reconnect
//! with more shards, which the in-process bot of a bench does not do; `discord_startup`'s tests
//! hold `run` to it.
//!
//! It prints what happened to the games (finished, parked, abandoned, or left unfinished when
//! their players could no longer reach them), the calls the bot made to places Discord had said
//! were gone (after the first refusal of each), the invalid requests (Discord bans at 10,000 in
//! 10 minutes), the acknowledged actions missing from the database, and the fake's problems.
//! Prints figures, never asserts them.

use super::bench_discord::{Args, invalid_requests, join_games, new_table_in, problems};
use crate::fake_discord::harness::{Bot, TempDb, showcase_config};
use crate::fake_discord::player::{Driver, TableRef};
use crate::fake_discord::{FakeDiscord, json, perm, verify};
use crate::store::Status;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::io::Write;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

pub fn run(args: &Args) -> anyhow::Result<()> {
    super::bench_discord::runtime(args)?.block_on(bench(args))
}

/// One change the fake makes under the games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Change {
    DeleteTableMessage,
    DeleteThread,
    DeleteChannel,
    ArchiveThread,
    LockThread,
    TakeAttachFiles,
    CloseDms,
    RemoveBot,
    ExpireTokens,
    Reconnect,
    InvalidateSession,
}

const EVERY_CHANGE: [Change; 11] = [
    Change::DeleteTableMessage,
    Change::DeleteThread,
    Change::DeleteChannel,
    Change::ArchiveThread,
    Change::LockThread,
    Change::TakeAttachFiles,
    Change::CloseDms,
    Change::RemoveBot,
    Change::ExpireTokens,
    Change::Reconnect,
    Change::InvalidateSession,
];

/// A place that went away, from the request it went after: (channel or thread id, index of
/// the first request after it went).
type Gone = (u64, usize);

async fn bench(args: &Args) -> anyhow::Result<()> {
    let mut out = std::io::stdout().lock();
    let kind = args.game;
    let games = args.games.max(1);
    writeln!(
        out,
        "farmhand bench discord --chaos: {} · {games} games of {} players · seed {}",
        kind.name(),
        args.players,
        args.seed
    )?;
    // The fake's windows as in the tests (Discord's counts, 20 times faster), so a game takes
    // seconds; the changes are what is measured, not the pace.
    let fake = FakeDiscord::start().await?;
    let other = fake.add_guild();

    let db = TempDb::on_disk("chaos");
    let mut config = showcase_config(db.path());
    if let Some(url) = &args.database {
        config.database.url = url.clone();
    }
    let plan = config.discord.shard_plan().map_err(anyhow::Error::msg)?;
    let _one_process =
        crate::store::ProcessLock::acquire_for(&config.database.location(), plan).await?;
    let bot = Bot::start(&fake, config).await?;
    // Every table is opened first, then all are played at once.
    let mut tables = Vec::new();
    let mut players = Vec::new();
    let mut seated = Vec::new();
    for g in 0..games {
        // Every third game in the server the bot is removed from.
        let guild = if g % 3 == 2 { other } else { json::GUILD_ID };
        let (table, seats) = new_table_in(&fake, guild, kind, args.players, g).await?;
        players.push(seats.iter().map(|s| s.user).collect::<Vec<u64>>());
        tables.push((table, guild));
        seated.push(seats);
    }
    let started = Instant::now();
    let mut tasks = Vec::new();
    let stopped: Vec<Arc<AtomicBool>> = (0..games).map(|_| Arc::default()).collect();
    for (g, seats) in seated.into_iter().enumerate() {
        let mut d = Driver::new(&fake, &tables[g].0, seats, args.seed + g as u64);
        d.style.settle = false;
        let stop = stopped[g].clone();
        tasks.push(tokio::spawn(async move {
            d.play_until(|_| stop.load(Ordering::Relaxed))
                .await
                .map(|_| ())
        }));
    }
    // The changes: each kind once (while there are games enough), then drawn at random, two
    // per game in all, at random moments 50-400 ms apart, each to a game still being played.
    let mut rng = ChaCha8Rng::seed_from_u64(args.seed ^ 0x000C_4A05);
    let mut plan: Vec<Change> = EVERY_CHANGE.to_vec();
    while plan.len() < 2 * games {
        plan.push(EVERY_CHANGE[rng.random_range(0..EVERY_CHANGE.len())]);
    }
    plan.shuffle(&mut rng);
    let mut gone: Vec<Gone> = Vec::new();
    let mut removed = false;
    let mut made = Vec::new();
    for change in plan {
        tokio::time::sleep(Duration::from_millis(rng.random_range(50..400))).await;
        // A game still being played: a change to a finished one would test nothing.
        let playing: Vec<usize> = (0..tasks.len())
            .filter(|&k| !tasks[k].is_finished())
            .collect();
        if playing.is_empty() {
            break;
        }
        let at = fake.requests().len();
        let pick = playing[rng.random_range(0..playing.len())];
        let (t, _): &(TableRef, u64) = &tables[pick];
        let done = match change {
            Change::DeleteTableMessage => {
                fake.delete_message(t.message);
                true
            }
            Change::DeleteThread => match t.thread {
                Some(th) => {
                    fake.delete_channel(th);
                    gone.push((th, at));
                    true
                }
                None => false,
            },
            Change::DeleteChannel => {
                fake.delete_channel(t.channel);
                gone.push((t.channel, at));
                gone.extend(t.thread.map(|th| (th, at)));
                true
            }
            Change::ArchiveThread | Change::LockThread => match t.thread {
                Some(th) => {
                    let locked = change == Change::LockThread;
                    fake.set_thread_state(th, !locked, locked);
                    true
                }
                None => false,
            },
            Change::TakeAttachFiles => {
                fake.deny(t.channel, perm::ATTACH_FILES);
                true
            }
            Change::CloseDms => {
                let who = &players[pick];
                fake.refuse_dms(who[rng.random_range(0..who.len())], true);
                true
            }
            Change::RemoveBot if !removed => {
                removed = true;
                fake.remove_bot(other);
                for (t, g) in &tables {
                    if *g == other {
                        gone.push((t.channel, at));
                        gone.extend(t.thread.map(|th| (th, at)));
                    }
                }
                true
            }
            Change::RemoveBot => false,
            Change::ExpireTokens => {
                fake.advance_clock(Duration::from_secs(16 * 60));
                true
            }
            Change::Reconnect => fake.request_reconnect(0),
            Change::InvalidateSession => {
                fake.invalidate_sessions();
                true
            }
        };
        if done {
            made.push(change);
        }
        // The players of a game whose place went away stop: their clicks can only be told that
        // the game is paused (what happens to it is read from the database at the end).
        for &(place, _) in &gone {
            for (k, (t, _)) in tables.iter().enumerate() {
                if t.channel == place {
                    stopped[k].store(true, Ordering::Relaxed);
                }
            }
        }
    }
    let failed = join_games(tasks, &mut out).await?;
    fake.settle_for(Duration::from_millis(50), Duration::from_secs(60))
        .await;
    let elapsed = started.elapsed();
    let mut counts: Vec<(Change, usize)> = EVERY_CHANGE
        .iter()
        .map(|c| (*c, made.iter().filter(|m| *m == c).count()))
        .collect();
    counts.retain(|(_, n)| *n > 0);
    let said: Vec<String> = counts.iter().map(|(c, n)| format!("{c:?} {n}")).collect();
    writeln!(out, "changes made: {} ({})", made.len(), said.join(", "))?;

    // What became of the games, from the database.
    let (mut finished, mut parked, mut abandoned, mut unfinished) = (0, 0, 0, 0);
    let mut lost = 0;
    let mut checked = 0;
    for (t, _) in &tables {
        let (table, _) = bot.data.service.load_any(t.game).await?;
        match table.game.status {
            Status::Ended => finished += 1,
            Status::Abandoned => abandoned += 1,
            _ if table.game.parked.is_some() => parked += 1,
            _ => unfinished += 1,
        }
        let acked = crate::on_kind!(kind, G => {
            verify::check_acknowledged_as::<G>(&fake, &bot.data, t).await
        });
        match acked {
            Ok(n) => checked += n,
            Err(e) => {
                lost += 1;
                writeln!(
                    out,
                    "  table #{}: {}",
                    t.game,
                    e.lines().next().unwrap_or("")
                )?;
            }
        }
    }
    writeln!(
        out,
        "games finished {finished}, parked {parked}, abandoned {abandoned}, unfinished {unfinished} (of {games}; {failed} players' runs ended early, {:.1} s)",
        elapsed.as_secs_f64()
    )?;
    // Calls to a place after it went, beyond the first refusal there (the bot learns of a
    // deleted message's place, or of a removal, from that refusal when it missed the event).
    let requests = fake.requests();
    let mut after_gone = 0;
    let mut seen = std::collections::HashSet::new();
    for &(place, at) in &gone {
        if !seen.insert(place) {
            continue;
        }
        let needle = format!("/channels/{place}/");
        let calls = requests
            .iter()
            .skip(at)
            .filter(|r| r.path.contains(&needle) || r.path.ends_with(&format!("/channels/{place}")))
            .count();
        after_gone += calls.saturating_sub(1);
    }
    writeln!(out, "calls to places Discord said were gone: {after_gone}")?;
    writeln!(
        out,
        "invalid requests (401, 403, 429): {}",
        invalid_requests(&fake)
    )?;
    writeln!(
        out,
        "acknowledged actions lost: {lost} ({checked} acknowledged actions checked)"
    )?;
    problems(&mut out, &fake)?;
    bot.stop().await?;
    Ok(())
}
