//! `farmhand balance` for Fields of Green: bot self-play over a deck (issue #5). For each card: how
//! often it is built and how often winners built it against losers; for each player count: the
//! first seat's advantage (seat 0 holds the First Player tile in year 1) and the score
//! distribution. Tuning the deck is a later step: this only reports.

use crate::cli::balance::Args;
use crate::cli::{quantile, wilson};
use crate::games::fields_of_green::bots::{self, Bot, BotSpec};
use crate::games::fields_of_green::farm::CellCard;
use crate::games::fields_of_green::{Action, Deck, Game, Options};
use anyhow::{Context, bail};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::io::Write;
use std::sync::Arc;
use std::time::Instant;

/// One seat of one game.
struct SeatResult {
    score: u32,
    /// Share of the win (a shared win splits).
    win: f64,
    /// Cards built (design indices, once per copy built).
    built: Vec<u16>,
    /// Water Towers and Silos built, market visits.
    towers: u32,
    silos: u32,
    markets: u32,
}

/// Runs `farmhand balance` for Fields of Green.
pub fn run(args: &Args) -> anyhow::Result<()> {
    let default_players = vec![2, 3, 4, 5, 6];
    let players: &Vec<u8> = if args.players.is_empty() {
        &default_players
    } else {
        &args.players
    };
    let deck = super::load_deck(args.deck.as_deref())?;
    if args.games == 0 {
        bail!("--games must be at least 1");
    }
    if let Some(&p) = players.iter().find(|&&p| !(2..=6).contains(&p)) {
        bail!("--players: Fields of Green is played by 2 to 6 players, not {p}");
    }
    let spec = BotSpec::parse(&args.bot).map_err(anyhow::Error::msg)?;
    let threads = crate::cli::threads(args.threads, 64);
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "farmhand balance: {} games per player count ({}), every seat {spec}, deck {:?} \
         (seed {}, {threads} threads)",
        args.games,
        players
            .iter()
            .map(|p| p.to_string())
            .collect::<Vec<_>>()
            .join(", "),
        deck.name,
        args.seed
    )?;
    out.flush()?;
    let started = Instant::now();
    // All (player count, seat results) games, for the card table.
    let mut everything: Vec<(u8, Vec<SeatResult>)> = Vec::new();
    for &players in players {
        let games = play_many(&deck, &spec, players, args, threads)?;
        report_count(&mut out, players, &games)?;
        everything.extend(games.into_iter().map(|g| (players, g)));
    }
    report_cards(&mut out, &deck, &everything)?;
    writeln!(out, "{:.1} s in all", started.elapsed().as_secs_f64())?;
    Ok(())
}

fn play_many(
    deck: &Arc<Deck>,
    spec: &BotSpec,
    players: u8,
    args: &Args,
    threads: usize,
) -> anyhow::Result<Vec<Vec<SeatResult>>> {
    let play = |g: u64| play_one(deck, spec, players, args.seed.wrapping_add(g));
    crate::cli::play_games(args.games, threads, play, |_, _| {})
        .map_err(|(g, e)| anyhow::anyhow!("{players} players, game {g}: {e}"))
}

fn play_one(
    deck: &Arc<Deck>,
    spec: &BotSpec,
    players: u8,
    seed: u64,
) -> anyhow::Result<Vec<SeatResult>> {
    let options = Options {
        players,
        intro: false,
        first_player: 0,
    };
    let mut game = Game::new(deck.clone(), options, seed).context("cannot set up the game")?;
    let n = players as usize;
    let mut seats: Vec<Box<dyn Bot + Send>> = (0..n).map(|_| spec.build()).collect();
    let mut rngs: Vec<ChaCha8Rng> = (0..n)
        .map(|s| ChaCha8Rng::seed_from_u64(seed.wrapping_mul(7_919).wrapping_add(s as u64)))
        .collect();
    let mut results: Vec<SeatResult> = (0..n)
        .map(|_| SeatResult {
            score: 0,
            win: 0.0,
            built: Vec::new(),
            towers: 0,
            silos: 0,
            markets: 0,
        })
        .collect();
    bots::play_out(&mut game, &mut seats, &mut rngs, |g, seat, action| {
        let r = &mut results[seat];
        match action {
            Action::Build { pos, .. } => {
                if let Some(CellCard::Location(d)) =
                    g.state().players[seat].farm.at(*pos).map(|c| c.card)
                {
                    r.built.push(d);
                }
            }
            Action::WaterTower { .. } => r.towers += 1,
            Action::Silo { .. } => r.silos += 1,
            Action::Market { .. } => r.markets += 1,
            _ => {}
        }
    })
    .map_err(anyhow::Error::msg)?;
    let pads = game.scores().context("the game did not end")?;
    let (winners, _) = game.winners().context("no winners")?;
    for (s, r) in results.iter_mut().enumerate() {
        r.score = pads[s].total;
        if winners.contains(&s) {
            r.win = 1.0 / winners.len() as f64;
        }
    }
    Ok(results)
}

fn report_count(
    out: &mut impl Write,
    players: u8,
    games: &[Vec<SeatResult>],
) -> anyhow::Result<()> {
    let n = games.len() as f64;
    let p = players as usize;
    writeln!(out)?;
    writeln!(out, "== {players} players: {} games", games.len())?;
    let mut line = String::from("win share by seat (seat 1 starts):");
    for s in 0..p {
        let share = games.iter().map(|g| g[s].win).sum::<f64>() / n;
        line += &format!(" {}: {share:.3}", s + 1);
    }
    writeln!(out, "{line} (fair: {:.3})", 1.0 / p as f64)?;
    let first = games.iter().map(|g| g[0].win).sum::<f64>() / n;
    let (lo, hi) = wilson(first, n);
    writeln!(
        out,
        "first seat: wins {first:.3} [{lo:.3}, {hi:.3}] against a fair {:.3} (advantage {:+.3})",
        1.0 / p as f64,
        first - 1.0 / p as f64
    )?;
    let mut scores: Vec<f64> = games.iter().flatten().map(|r| r.score as f64).collect();
    scores.sort_by(f64::total_cmp);
    let mean = scores.iter().sum::<f64>() / scores.len().max(1) as f64;
    let sd = (scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / scores.len().max(1) as f64)
        .sqrt();
    writeln!(
        out,
        "scores: mean {mean:.1}, sd {sd:.1}, min {:.0}, p10 {:.0}, median {:.0}, p90 {:.0}, max {:.0}",
        scores.first().copied().unwrap_or(0.0),
        quantile(&scores, 0.1),
        quantile(&scores, 0.5),
        quantile(&scores, 0.9),
        scores.last().copied().unwrap_or(0.0)
    )?;
    let winning: Vec<f64> = games
        .iter()
        .map(|g| g.iter().map(|r| r.score).max().unwrap_or(0) as f64)
        .collect();
    let margins: Vec<f64> = games
        .iter()
        .map(|g| {
            let mut s: Vec<u32> = g.iter().map(|r| r.score).collect();
            s.sort_unstable_by(|a, b| b.cmp(a));
            (s[0] - s.get(1).copied().unwrap_or(s[0])) as f64
        })
        .collect();
    writeln!(
        out,
        "winning score: mean {:.1}; margin over second: mean {:.1}; ties at the top: {}",
        winning.iter().sum::<f64>() / n,
        margins.iter().sum::<f64>() / n,
        margins.iter().filter(|&&m| m == 0.0).count()
    )?;
    // A text histogram of the scores, 5 VP a bar.
    let lo = (scores.first().copied().unwrap_or(0.0) / 5.0).floor() as i64 * 5;
    let hi = (scores.last().copied().unwrap_or(0.0) / 5.0).floor() as i64 * 5;
    let total = scores.len().max(1) as f64;
    let mut bucket = lo;
    while bucket <= hi {
        let k = scores
            .iter()
            .filter(|&&s| s >= bucket as f64 && s < (bucket + 5) as f64)
            .count();
        writeln!(
            out,
            "  {bucket:>3}-{:<3} {:>5.1}% {}",
            bucket + 4,
            100.0 * k as f64 / total,
            "#".repeat((60.0 * k as f64 / total).round() as usize)
        )?;
        bucket += 5;
    }
    let per = |f: &dyn Fn(&SeatResult) -> u32| {
        games.iter().flatten().map(|r| f(r) as f64).sum::<f64>() / (n * p as f64)
    };
    writeln!(
        out,
        "per player and game: {:.1} cards built, {:.2} Water Towers, {:.2} Silos, {:.2} market visits",
        per(&|r| r.built.len() as u32),
        per(&|r| r.towers),
        per(&|r| r.silos),
        per(&|r| r.markets)
    )?;
    Ok(())
}

fn report_cards(
    out: &mut impl Write,
    deck: &Deck,
    games: &[(u8, Vec<SeatResult>)],
) -> anyhow::Result<()> {
    // Player-games where the seat won (any share) and lost.
    let (mut winners, mut losers) = (0f64, 0f64);
    for (_, g) in games {
        for r in g {
            if r.win > 0.0 {
                winners += 1.0;
            } else {
                losers += 1.0;
            }
        }
    }
    let seats: f64 = games.iter().map(|(_, g)| g.len() as f64).sum();
    struct Row {
        id: String,
        pile: &'static str,
        built: u64,
        by_winners: f64,
        by_losers: f64,
    }
    let mut rows: Vec<Row> = deck
        .locations
        .iter()
        .enumerate()
        .map(|(d, def)| {
            let mut built = 0u64;
            let (mut w, mut l) = (0f64, 0f64);
            for (_, g) in games {
                for r in g {
                    let k = r.built.iter().filter(|&&x| x as usize == d).count() as u64;
                    built += k;
                    if k > 0 {
                        if r.win > 0.0 {
                            w += 1.0;
                        } else {
                            l += 1.0;
                        }
                    }
                }
            }
            Row {
                id: def.id.clone(),
                pile: def.pile.name(),
                built,
                by_winners: w / winners.max(1.0),
                by_losers: l / losers.max(1.0),
            }
        })
        .collect();
    rows.sort_by(|a, b| {
        (b.by_winners - b.by_losers)
            .total_cmp(&(a.by_winners - a.by_losers))
            .then(a.id.cmp(&b.id))
    });
    writeln!(out)?;
    writeln!(
        out,
        "== cards, all player counts ({} player-games; built: copies built per 100 player-games; \
         winners/losers: share of winning/losing player-games that built it at least once)",
        seats
    )?;
    writeln!(
        out,
        "{:<18} {:<13} {:>8} {:>9} {:>8} {:>8}",
        "card", "pile", "built", "winners", "losers", "w - l"
    )?;
    for r in &rows {
        writeln!(
            out,
            "{:<18} {:<13} {:>8.1} {:>9.3} {:>8.3} {:>+8.3}",
            r.id,
            r.pile,
            100.0 * r.built as f64 / seats.max(1.0),
            r.by_winners,
            r.by_losers,
            r.by_winners - r.by_losers
        )?;
    }
    Ok(())
}
