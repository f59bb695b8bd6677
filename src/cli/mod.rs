//! The subcommands of the `farmhand` binary, one module each, and what they share. Output goes
//! through `writeln!` on a locked stdout (not `println!`), so a closed pipe is an error the caller
//! can ignore instead of a panic.
//!
//! A command that takes `--game` (a [`Kind`](crate::host::Kind)) is written once and runs the
//! game with `crate::on_kind!`; what only one game has (its printed table, its bots, its
//! components' files) is that game's part of [`Commands`], in `cli/<game>/` (declared by
//! `crate::game_modules!`, so this file names no game).

pub mod arena;
pub mod backup;
pub mod balance;
pub mod bench;
pub mod bench_chaos;
pub mod bench_discord;
pub mod bench_processes;
pub mod bench_scheduler;
pub mod deck;
pub mod demo;
pub mod records;
pub mod replay;
pub mod review;
pub mod run;
pub mod simulate;

// Each game's part of the commands (`cli/fields_of_green/`, ...).
crate::game_modules!();

use crate::games::Engine;
use crate::host::Hosted;
use crate::render::coach::Periods;
use anyhow::Context;
use std::path::Path;
use std::sync::Arc;

/// What the commands need of a game beyond [`Engine`] and [`Hosted`]: the work that is the
/// game's own (its printed table, its bots and their statistics, its components' files), one
/// item per command, implemented in `cli/<game>/`. A command's shared part (its options, the
/// checks every game makes) is in the command's own file.
pub trait Commands: Engine + Hosted {
    /// How the review's chart and progress count the game's chapters.
    const PERIODS: Periods;
    /// The built-in components, or the file at `path` (a deck, a board). Errors name the file
    /// and what is wrong in it.
    fn rules_file(path: Option<&Path>) -> anyhow::Result<Arc<Self::Rules>>;
    /// `farmhand simulate`: random games, one printed in full or many summed up.
    fn simulate(args: &simulate::Args) -> anyhow::Result<()>;
    /// `farmhand replay`: a scenario file played, and its report.
    fn replay(args: &replay::Args) -> anyhow::Result<()>;
    /// `farmhand arena`: the game's bots against each other.
    fn arena(args: &arena::Args) -> anyhow::Result<()>;
    /// `farmhand balance`: one bot in every seat, per player count.
    fn balance(args: &balance::Args) -> anyhow::Result<()>;
    /// `farmhand bench engine`: whole games per second on one thread (`players`: the player
    /// counts asked for, empty for the game's own choice).
    fn bench_engine(seconds: f64, players: &[u8]) -> anyhow::Result<()>;
    /// `farmhand bench render`: the game's pictures, each drawn `count` times.
    fn bench_pictures(count: u32) -> anyhow::Result<Vec<(&'static str, bench::Timing)>>;
    /// `farmhand deck`, for a game played with a deck of cards; `None` for a game without one.
    fn deck(_command: &deck::Command) -> Option<anyhow::Result<()>> {
        None
    }
    /// True when a scenario file (as JSON) is this game's, told from its shape.
    fn is_scenario(scenario: &serde_json::Value) -> bool;
    /// `farmhand review`: the game of the scenario `text` set up, and what was played in it.
    fn review_start(args: &review::Args, text: &str) -> anyhow::Result<review::Start<Self>>;
    /// `farmhand review`: a decision of `seat` in words (when, what was chosen, what the bot
    /// would have chosen).
    fn words(
        rules: &Arc<Self::Rules>,
        names: &[String],
        game: &Self,
        seat: usize,
        chosen: &Self::Action,
        best: &Self::Action,
    ) -> review::Words;
}

/// The database's location for a command that reads or copies it: `--database`, or the
/// configuration's (`--config`, else the default places and the environment).
pub fn database_location(database: Option<&str>, config: Option<&Path>) -> anyhow::Result<String> {
    Ok(match database {
        Some(url) => url.to_string(),
        None => {
            let env = |k: &str| std::env::var(k).ok();
            crate::config::Config::load(config, &env)?
                .database
                .location()
        }
    })
}

/// True when the error is a write to a closed pipe (`farmhand deck show | head`).
pub fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

/// Seat names for printed games: `P1`, `P2`, ... (short, so score pad columns stay narrow).
pub fn seat_names(players: usize) -> Vec<String> {
    (1..=players).map(|i| format!("P{i}")).collect()
}

/// Writes a scenario (pretty JSON) to `path`, as `/fog export` and `/kh export` do.
pub fn save_scenario(path: &Path, scenario: &serde_json::Value) -> anyhow::Result<()> {
    let mut text = serde_json::to_string_pretty(scenario)?;
    text.push('\n');
    std::fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))
}

/// A played game's `(seat, action)` pairs as a scenario's steps, made by `step`.
pub fn steps<S: Copy, A: Clone, T>(played: &[(S, A)], step: impl Fn(S, A) -> T) -> Vec<T> {
    played.iter().map(|(s, a)| step(*s, a.clone())).collect()
}

/// The threads to play games on: as many as asked, else one per core available; at least one,
/// at most `most`.
pub fn threads(asked: Option<usize>, most: usize) -> usize {
    asked
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .clamp(1, most.max(1))
}

/// Plays games `0..games` on `threads` threads, `play(g)` for game g, and returns the results
/// in game order: each game's seed fixes it, so the results are the same whatever the threads.
/// `done(g, &result)` runs on the worker as each game ends (a `--verbose` line). The first
/// failure stops the workers from starting more games, and is returned with its game.
pub fn play_games<T: Send>(
    games: u64,
    threads: usize,
    play: impl Fn(u64) -> anyhow::Result<T> + Sync,
    done: impl Fn(u64, &T) + Sync,
) -> Result<Vec<T>, (u64, anyhow::Error)> {
    use std::sync::Mutex;
    use std::sync::atomic::{AtomicU64, Ordering};
    let next = AtomicU64::new(0);
    let results: Mutex<Vec<(u64, T)>> = Mutex::new(Vec::new());
    let failure: Mutex<Option<(u64, anyhow::Error)>> = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                loop {
                    let g = next.fetch_add(1, Ordering::Relaxed);
                    if g >= games || failure.lock().map(|f| f.is_some()).unwrap_or(true) {
                        break;
                    }
                    match play(g) {
                        Ok(r) => {
                            done(g, &r);
                            if let Ok(mut all) = results.lock() {
                                all.push((g, r));
                            }
                        }
                        Err(e) => {
                            if let Ok(mut f) = failure.lock() {
                                f.get_or_insert((g, e));
                            }
                        }
                    }
                }
            });
        }
    });
    if let Some(failed) = failure.into_inner().unwrap_or_else(|p| p.into_inner()) {
        return Err(failed);
    }
    // A worker that panicked has already panicked `scope`: the lock cannot be poisoned here.
    let mut all = results.into_inner().unwrap_or_else(|p| p.into_inner());
    all.sort_by_key(|r| r.0);
    Ok(all.into_iter().map(|r| r.1).collect())
}

/// The arenas' statistics, shared with the engines' own examples.
pub use crate::games::stats::{quantile, wilson};

/// The build a bench's figures come from, as its header says it: a debug build's figures are
/// not real ones.
pub fn build_name() -> &'static str {
    if cfg!(debug_assertions) {
        "debug (use --release for real figures)"
    } else {
        "release"
    }
}

/// How many cores the machine offers this process (0 when it cannot tell).
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(0, |n| n.get())
}

/// The CPU model from /proc/cpuinfo (Linux), or `unknown`.
pub fn cpu_model() -> String {
    let info = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    info.lines()
        .find(|l| l.starts_with("model name"))
        .and_then(|l| l.split_once(':'))
        .map_or("unknown".to_string(), |(_, m)| m.trim().to_string())
}
