//! `farmhand arena` for Fields of Green: bots play each other (issue #5). Seats rotate from game to
//! game, so every bot sits in every seat equally often; the table gives each bot's share of the
//! wins with a 95% confidence interval, its mean score and how long its decisions took. Times are
//! measured here, around each `decide` call: the engine and the bots read no clock.
//!
//! `farmhand arena --bench-planner` times the harvest planner on the hardest farms we have:
//! hand-made 30-card farms and random 30-card farms heavy in Harvest locations, in years 2 and 4.
//! Run both on a release build.

use crate::cli::arena::Args;
use crate::cli::{quantile, wilson};
use crate::games::fields_of_green::bots::planner::{self, HarvestPosition};
use crate::games::fields_of_green::bots::stress::{self, FarmShape};
use crate::games::fields_of_green::bots::{self, Bot, BotSpec};
use crate::games::fields_of_green::view::PlayerView;
use crate::games::fields_of_green::{Action, Deck, Options, Phase};
use anyhow::bail;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::io::Write;
use std::sync::Arc;
use std::time::Instant;

/// A bot with a stopwatch around its decisions.
struct Timed {
    inner: Box<dyn Bot + Send>,
    /// Seconds per decision, and whether it was a harvest decision.
    times: Vec<(f64, bool)>,
}

impl Bot for Timed {
    fn name(&self) -> String {
        self.inner.name()
    }

    fn decide(&mut self, view: &PlayerView, deck: &Arc<Deck>, rng: &mut ChaCha8Rng) -> Action {
        let t = Instant::now();
        let a = self.inner.decide(view, deck, rng);
        self.times.push((
            t.elapsed().as_secs_f64(),
            view.table.phase == Phase::Harvest,
        ));
        a
    }
}

/// What one game gave each seat.
struct Played {
    /// Per seat: bot index, score, share of the win.
    seats: Vec<(usize, u32, f64)>,
    /// Per seat: decision times.
    times: Vec<Vec<(f64, bool)>>,
}

/// Runs `farmhand arena` for Fields of Green.
pub fn run(args: &Args) -> anyhow::Result<()> {
    let default_bots = ["search".to_string(), "heuristic".to_string()];
    let bots: &[String] = if args.bots.is_empty() {
        &default_bots
    } else {
        &args.bots
    };
    let deck = super::load_deck(args.deck.as_deref())?;
    if args.bench_planner {
        return bench_planner(&deck, args.farms.max(1));
    }
    if args.games == 0 {
        bail!("--games must be at least 1");
    }
    if args.intro && args.players > 4 {
        bail!("--intro is for 2 to 4 players");
    }
    let specs: Vec<BotSpec> = bots
        .iter()
        .map(|b| BotSpec::parse(b).map_err(anyhow::Error::msg))
        .collect::<anyhow::Result<_>>()?;
    if specs.is_empty() {
        bail!("name at least one bot with --bots");
    }
    let threads = crate::cli::threads(args.threads, 64);
    let mut out = std::io::stdout().lock();
    let names: Vec<String> = specs.iter().map(|s| s.to_string()).collect();
    writeln!(
        out,
        "farmhand arena: {} games, {} players, bots {} (seed {}, {threads} threads, {} build)",
        args.games,
        args.players,
        names.join(", "),
        args.seed,
        if cfg!(debug_assertions) {
            "debug"
        } else {
            "release"
        }
    )?;
    out.flush()?;
    let started = Instant::now();
    let verbose = |g: u64, p: &Played| {
        if args.verbose {
            let line: Vec<String> = p
                .seats
                .iter()
                .map(|&(b, s, w)| format!("{}={s}{}", names[b], if w > 0.0 { "*" } else { "" }))
                .collect();
            eprintln!("game {g}: {}", line.join(" "));
        }
    };
    let results = crate::cli::play_games(
        args.games,
        threads,
        |g| play_one(&deck, &specs, args, g),
        verbose,
    )
    .map_err(|(g, e)| anyhow::anyhow!("game {g}: {e}"))?;
    let elapsed = started.elapsed().as_secs_f64();
    report(&mut out, &names, &results, args.players, elapsed)?;
    Ok(())
}

fn play_one(deck: &Arc<Deck>, specs: &[BotSpec], args: &Args, g: u64) -> anyhow::Result<Played> {
    let options = Options {
        players: args.players,
        intro: args.intro,
        first_player: 0,
    };
    let timed = |b: usize| {
        Box::new(Timed {
            inner: specs[b].build(),
            times: Vec::new(),
        })
    };
    let (seats, timed) = bots::arena_game(
        deck,
        options,
        args.seed.wrapping_add(g),
        g,
        specs.len(),
        timed,
    )
    .map_err(anyhow::Error::msg)?;
    Ok(Played {
        seats: seats.iter().map(|s| (s.bot, s.score, s.share)).collect(),
        times: timed.into_iter().map(|t| t.times).collect(),
    })
}

fn report(
    out: &mut impl Write,
    names: &[String],
    results: &[Played],
    players: u8,
    elapsed: f64,
) -> anyhow::Result<()> {
    let games = results.len() as f64;
    writeln!(
        out,
        "{} games in {elapsed:.1} s ({:.2} s per game)",
        results.len(),
        elapsed / games.max(1.0)
    )?;
    writeln!(
        out,
        "{:<14} {:>6} {:>9} {:>17} {:>9} {:>7} {:>10} {:>8} {:>8} {:>8}",
        "bot",
        "seats",
        "wins",
        "95% CI",
        "expected",
        "score",
        "decisions",
        "p50 ms",
        "p99 ms",
        "max ms"
    )?;
    for (b, name) in names.iter().enumerate() {
        let mut seats = 0usize;
        let mut wins = 0.0;
        let mut score = 0u64;
        let mut expected = 0.0;
        let mut times: Vec<f64> = Vec::new();
        for p in results {
            let mine: Vec<&(usize, u32, f64)> = p.seats.iter().filter(|s| s.0 == b).collect();
            seats += mine.len();
            wins += mine.iter().map(|s| s.2).sum::<f64>();
            score += mine.iter().map(|s| s.1 as u64).sum::<u64>();
            expected += mine.len() as f64 / players as f64;
            for (s, seat) in p.seats.iter().enumerate() {
                if seat.0 == b {
                    times.extend(p.times[s].iter().map(|t| t.0));
                }
            }
        }
        times.sort_by(f64::total_cmp);
        let share = wins / games.max(1.0);
        let (lo, hi) = wilson(share, games);
        writeln!(
            out,
            "{:<14} {:>6} {:>9.3} {:>17} {:>9.3} {:>7.1} {:>10} {:>8.2} {:>8.2} {:>8.2}",
            name,
            seats,
            share,
            format!("[{lo:.3}, {hi:.3}]"),
            expected / games.max(1.0),
            score as f64 / seats.max(1) as f64,
            times.len(),
            quantile(&times, 0.5) * 1e3,
            quantile(&times, 0.99) * 1e3,
            times.last().copied().unwrap_or(0.0) * 1e3
        )?;
    }
    let mut harvest: Vec<f64> = results
        .iter()
        .flat_map(|p| p.times.iter().flatten())
        .filter(|t| t.1)
        .map(|t| t.0)
        .collect();
    harvest.sort_by(f64::total_cmp);
    writeln!(
        out,
        "harvest decisions (planner): {} taken, p50 {:.3} ms, p99 {:.3} ms, max {:.3} ms",
        harvest.len(),
        quantile(&harvest, 0.5) * 1e3,
        quantile(&harvest, 0.99) * 1e3,
        harvest.last().copied().unwrap_or(0.0) * 1e3
    )?;
    writeln!(
        out,
        "wins: share of the games won (a shared win splits); expected: the share with equal \
         strength; CI: Wilson 95%"
    )?;
    Ok(())
}

/// `--bench-planner`: the planner on hand-made and random 30-card farms, years 2 and 4. Each
/// farm is planned three times and the fastest run counts (the others absorb the noise of a
/// shared machine).
fn bench_planner(deck: &Arc<Deck>, farms: u64) -> anyhow::Result<()> {
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "farmhand arena --bench-planner: 30-card farms, {} build",
        if cfg!(debug_assertions) {
            "debug (use --release)"
        } else {
            "release"
        }
    )?;
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut times: Vec<f64> = Vec::new();
    let mut worst = (0.0f64, String::new());
    let mut harvest_locations = 0usize;
    for year in [2u8, 4] {
        let mut cases: Vec<(String, crate::games::fields_of_green::game::PresetSeat)> =
            stress::worst_case_seats(deck);
        for k in 0..farms {
            let mut shape = FarmShape::stress(30);
            shape.towers = 3 + (k % 6) as usize;
            shape.silos = 1 + (k % 3) as usize;
            cases.push((
                format!("random #{k}"),
                stress::random_seat(deck, shape, &mut rng),
            ));
        }
        for (name, seat) in cases {
            let Some(game) = stress::harvest_game(deck, seat, 3, year, 1) else {
                continue;
            };
            if game.phase() != &Phase::Harvest || game.state().players[0].harvest_done {
                continue;
            }
            let position = HarvestPosition::from_game(&game, 0);
            let mut best = f64::MAX;
            let mut plan = None;
            for _ in 0..3 {
                let t = Instant::now();
                let p = planner::plan_fast(deck, &position);
                best = best.min(t.elapsed().as_secs_f64());
                plan = p;
            }
            let Some(plan) = plan else {
                continue;
            };
            let cells = position.harvest_cells(deck).len();
            harvest_locations = harvest_locations.max(cells);
            times.push(best);
            if best > worst.0 {
                worst = (
                    best,
                    format!(
                        "{name}, year {year}: {} cards, {cells} Harvest locations, {} kept, {} nodes",
                        position.farm.cells.len(),
                        plan.kept,
                        plan.nodes
                    ),
                );
            }
        }
    }
    times.sort_by(f64::total_cmp);
    writeln!(
        out,
        "{} farms (up to {harvest_locations} Harvest locations): p50 {:.3} ms, p99 {:.3} ms, \
         worst {:.3} ms",
        times.len(),
        quantile(&times, 0.5) * 1e3,
        quantile(&times, 0.99) * 1e3,
        worst.0 * 1e3
    )?;
    writeln!(out, "worst: {}", worst.1)?;
    Ok(())
}
