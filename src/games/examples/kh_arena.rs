//! A fixed workload for the Key Harvest bots: arena games played exactly as `farmhand arena
//! --game key-harvest --threads 1 --bots B1,B2,... --players P --seed S` plays them (game g dealt
//! from seed S + g, seat s of game g played by bot (s + g) mod k, the same driver,
//! [`sim::play_bots`]), one game after another on one thread, with the bot's allocator. Builds in
//! minutes with the engines crate alone (`cargo build --release -p farmhand-games --example
//! kh_arena`), where the whole binary takes far longer.
//!
//! `target/release/examples/kh_arena --games 200 --players 3 --seed 9800 --bots
//! search,heuristic,heuristic`
//!
//! It prints each bot's share of the wins per seat it played (a shared win splits) with a Wilson
//! 95% interval, its mean score, and its decision times p50 / p99 / max (wall-clock). `--verbose`
//! prints a line per game (each seat's bot and score, `*` on a winner), `--every N` the table so
//! far after every N games, so a run stopped early still has its figures.

use farmhand_games::key_harvest::bots::{Bot, by_name};
use farmhand_games::key_harvest::{Board, sim};
use farmhand_games::stats::{quantile, wilson};
use std::time::Instant;

/// The command line and the build line both arenas share (`examples/arena/mod.rs`).
mod arena;

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let o = arena::Options::parse("kh_arena", 2..=4, 3, "search,heuristic,heuristic");
    let (games, players, seed) = (o.games, o.players, o.seed);
    let names: Vec<String> = o.bots.split(',').map(|b| b.trim().to_string()).collect();
    for n in &names {
        if by_name(n).is_none() {
            eprintln!("unknown bot {n:?}: use random, heuristic, search or search:N[:H[:C]]");
            std::process::exit(2);
        }
    }
    println!(
        "kh_arena: {games} games, {players} players, bots {} (seed {seed}, {} build)",
        names.join(", "),
        arena::build()
    );
    let board = Board::standard();
    let k = names.len();
    let mut tally = arena::Tally::new(&names);
    // Bot moves the engine refused (each replaced by a legal one).
    let mut refused = 0;
    let started = Instant::now();
    for g in 0..games {
        let s0 = seed.wrapping_add(g);
        // The CLI arena's seating: seat s of game g is bot (s + g) mod k.
        let which: Vec<usize> = (0..players as usize)
            .map(|s| (s + g as usize) % k)
            .collect();
        let mut bots: Vec<Box<dyn Bot>> = which
            .iter()
            .map(|&b| by_name(&names[b]).expect("names checked"))
            .collect();
        let mut clock: Vec<Vec<f64>> = vec![Vec::new(); players as usize];
        let (played, refused_now) = sim::play_bots(board.clone(), &mut bots, s0, {
            let clock = &mut clock;
            move |seat, bot, board, view, rng| {
                let t = Instant::now();
                let a = bot.decide(board, view, rng);
                clock[seat as usize].push(t.elapsed().as_secs_f64());
                a
            }
        });
        refused += refused_now;
        let pad = played.game.score_pad().expect("the game ended");
        let mut line = Vec::new();
        for (s, &b) in which.iter().enumerate() {
            let won = pad.winners.contains(&(s as u8));
            let share = if won {
                1.0 / pad.winners.len() as f64
            } else {
                0.0
            };
            let times = std::mem::take(&mut clock[s]);
            line.push(tally.seat(b, pad.lines[s].total as u64, share, times));
        }
        if o.verbose {
            println!("game {g} (seed {s0}): {}", line.join(" "));
        }
        // A running table every `every` games: a run stopped early still has its figures.
        if o.table_due(g + 1) {
            tally.print(g + 1, players, refused, started.elapsed().as_secs_f64());
        }
    }
    tally.print(games, players, refused, started.elapsed().as_secs_f64());
}

impl arena::Tally<f64> {
    fn print(&self, games: u64, players: u8, refused: usize, elapsed: f64) {
        println!(
            "{games} games in {elapsed:.1} s ({:.2} s per game); bot moves refused by the engine: {}",
            elapsed / games.max(1) as f64,
            refused
        );
        println!(
            "{:<22} {:>6} {:>8} {:>16} {:>7} {:>9}  wall p50/p99/max ms",
            "bot", "seats", "wins", "95% CI", "score", "decisions"
        );
        // Several entries with one name (e.g. heuristic,heuristic) are reported together.
        let mut seen: Vec<&String> = Vec::new();
        for (i, n) in self.names.iter().enumerate() {
            if seen.contains(&n) {
                continue;
            }
            seen.push(n);
            let same: Vec<usize> = (i..self.names.len())
                .filter(|&j| self.names[j] == *n)
                .collect();
            let seats: u64 = same.iter().map(|&j| self.seats[j]).sum();
            let wins: f64 = same.iter().map(|&j| self.wins[j]).sum();
            let score: u64 = same.iter().map(|&j| self.score[j]).sum();
            let mut tm: Vec<f64> = same
                .iter()
                .flat_map(|&j| self.times[j].iter().copied())
                .collect();
            tm.sort_by(f64::total_cmp);
            // Per seat played: a game's win is shared among the seats the name holds.
            let share = wins / seats.max(1) as f64;
            let (lo, hi) = wilson(share, seats as f64);
            println!(
                "{:<22} {:>6} {:>8.3} {:>16} {:>7.1} {:>9}  {:.0}/{:.0}/{:.0}",
                n,
                seats,
                share,
                format!("[{lo:.3}, {hi:.3}]"),
                score as f64 / seats.max(1) as f64,
                tm.len(),
                quantile(&tm, 0.5) * 1e3,
                quantile(&tm, 0.99) * 1e3,
                tm.last().copied().unwrap_or(0.0) * 1e3
            );
        }
        println!(
            "(equal strength would win {:.3} of the seats)",
            1.0 / players as f64
        );
        use std::io::Write;
        let _ = std::io::stdout().flush();
    }
}
