//! A fixed workload for the Fields of Green bots: arena games played exactly as `farmhand arena
//! --threads 1 --bots B1,B2,... --players P --seed S` plays them (the same deal per seed, seat s
//! of game g played by bot (s + g) mod k, the same per-seat random streams, the same driver,
//! [`bots::play_out`]), one game after another on one thread, with the bot's allocator. Builds in
//! minutes with the engines crate alone (`cargo build --release -p farmhand-games --example
//! fog_arena`), where the whole binary takes far longer.
//!
//! `target/release/examples/fog_arena --games 100 --players 4 --seed 9800 --bots
//! search,heuristic,heuristic,heuristic`
//!
//! It prints each bot's share of the wins (a shared win splits) with a Wilson 95% interval, its
//! mean score and its decision times outside the harvest and inside it, p50 / p99 / max, both
//! wall-clock and the thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`): on a loaded machine the
//! wall-clock overstates what one core needs. `--verbose` prints a line per game (each seat's
//! bot and score, `*` on a winner), `--every N` the table so far after every N games, so a run
//! stopped early still has its figures.

use farmhand_games::fields_of_green::bots::{self, Bot, BotSpec};
use farmhand_games::fields_of_green::view::PlayerView;
use farmhand_games::fields_of_green::{Action, Deck, Options, Phase};
use farmhand_games::stats::{quantile, wilson};
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;
use std::time::Instant;

/// The command line and the build line both arenas share (`examples/arena/mod.rs`).
mod arena;

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// `struct timespec` on 64-bit Linux.
#[cfg(all(target_os = "linux", target_pointer_width = "64"))]
#[repr(C)]
struct Timespec {
    tv_sec: i64,
    tv_nsec: i64,
}

#[cfg(all(target_os = "linux", target_pointer_width = "64"))]
unsafe extern "C" {
    fn clock_gettime(clock: i32, tp: *mut Timespec) -> i32;
}

/// CPU seconds the calling thread has used (Linux's `CLOCK_THREAD_CPUTIME_ID`); 0 where that
/// clock is not available.
#[cfg(all(target_os = "linux", target_pointer_width = "64"))]
fn thread_cpu() -> f64 {
    const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
    let mut t = Timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid, writable timespec of the platform's layout; the call writes only
    // into it.
    let rc = unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut t) };
    if rc != 0 {
        return 0.0;
    }
    t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9
}

#[cfg(not(all(target_os = "linux", target_pointer_width = "64")))]
fn thread_cpu() -> f64 {
    0.0
}

/// One decision's wall-clock and CPU seconds, and whether it was taken in the harvest.
#[derive(Clone, Copy)]
struct Time {
    wall: f64,
    cpu: f64,
    harvest: bool,
}

/// A bot with a stopwatch around its decisions (as the arena's, plus the CPU clock).
struct Timed {
    inner: Box<dyn Bot + Send>,
    times: Vec<Time>,
}

impl Bot for Timed {
    fn name(&self) -> String {
        self.inner.name()
    }

    fn decide(&mut self, view: &PlayerView, deck: &Arc<Deck>, rng: &mut ChaCha8Rng) -> Action {
        let cpu = thread_cpu();
        let t = Instant::now();
        let a = self.inner.decide(view, deck, rng);
        self.times.push(Time {
            wall: t.elapsed().as_secs_f64(),
            cpu: thread_cpu() - cpu,
            harvest: view.table.phase == Phase::Harvest,
        });
        a
    }
}

fn main() {
    let o = arena::Options::parse(
        "fog_arena",
        2..=6,
        4,
        "search,heuristic,heuristic,heuristic",
    );
    let (games, players, seed) = (o.games, o.players, o.seed);
    let specs: Vec<BotSpec> = o
        .bots
        .split(',')
        .map(|b| {
            BotSpec::parse(b).unwrap_or_else(|e| {
                eprintln!("{e}");
                std::process::exit(2)
            })
        })
        .collect();
    let names: Vec<String> = specs.iter().map(|s| s.to_string()).collect();
    println!(
        "fog_arena: {games} games, {players} players, bots {} (seed {seed}, {} build)",
        names.join(", "),
        arena::build()
    );
    let deck = Deck::default_deck();
    let started = Instant::now();
    let k = specs.len();
    let mut tally = arena::Tally::new(&names);
    for g in 0..games {
        let s0 = seed.wrapping_add(g);
        let options = Options::standard(players);
        let timed = |b: usize| {
            Box::new(Timed {
                inner: specs[b].build(),
                times: Vec::new(),
            })
        };
        let (seats, table) =
            bots::arena_game(&deck, options, s0, g, k, timed).unwrap_or_else(|e| {
                eprintln!("game {g}: {e}");
                std::process::exit(1)
            });
        let line: Vec<String> = seats
            .iter()
            .zip(table)
            .map(|(seat, t)| tally.seat(seat.bot, u64::from(seat.score), seat.share, t.times))
            .collect();
        if o.verbose {
            println!("game {g} (seed {s0}): {}", line.join(" "));
        }
        // A running table every `every` games: a run stopped early still has its figures.
        if o.table_due(g + 1) {
            tally.print(g + 1, started.elapsed().as_secs_f64());
        }
    }
    tally.print(games, started.elapsed().as_secs_f64());
}

impl arena::Tally<Time> {
    fn print(&self, games: u64, elapsed: f64) {
        let played = games as f64;
        println!(
            "{games} games in {elapsed:.1} s ({:.2} s per game)",
            elapsed / played.max(1.0)
        );
        println!(
            "{:<22} {:>6} {:>8} {:>16} {:>7} {:>9}  {:<34} harvest cpu p50/p99 ms",
            "bot",
            "seats",
            "wins",
            "95% CI",
            "score",
            "decisions",
            "wall p50/p99/max | cpu p50/p99/max ms"
        );
        for b in 0..self.names.len() {
            let share = self.wins[b] / played.max(1.0);
            let (lo, hi) = wilson(share, played);
            let pick = |harvest: bool, cpu: bool| {
                let mut v: Vec<f64> = self.times[b]
                    .iter()
                    .filter(|t| t.harvest == harvest)
                    .map(|t| if cpu { t.cpu } else { t.wall })
                    .collect();
                v.sort_by(f64::total_cmp);
                v
            };
            let wall = pick(false, false);
            let cpu = pick(false, true);
            let hcpu = pick(true, true);
            let ms = |v: &[f64]| {
                format!(
                    "{:.0}/{:.0}/{:.0}",
                    quantile(v, 0.5) * 1e3,
                    quantile(v, 0.99) * 1e3,
                    v.last().copied().unwrap_or(0.0) * 1e3
                )
            };
            println!(
                "{:<22} {:>6} {:>8.3} {:>16} {:>7.1} {:>9}  {:<34} {:.1}/{:.1}",
                self.names[b],
                self.seats[b],
                share,
                format!("[{lo:.3}, {hi:.3}]"),
                self.score[b] as f64 / self.seats[b].max(1) as f64,
                wall.len(),
                format!("{} | {}", ms(&wall), ms(&cpu)),
                quantile(&hcpu, 0.5) * 1e3,
                quantile(&hcpu, 0.99) * 1e3,
            );
        }
        use std::io::Write;
        let _ = std::io::stdout().flush();
    }
}
