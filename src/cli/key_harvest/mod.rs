//! Key Harvest's part of the commands (`--game key-harvest`): its printed boards, registry and
//! score pad (`simulate`, `replay --text`), its scenarios (`replay`, `review`), its bots' arena
//! and balance, its engine's and pictures' benches.

use crate::cli::bench::{Timing, time_pictures};
use crate::cli::replay::relative_to;
use crate::cli::review::{Start, Words, names_or_default};
use crate::cli::{Commands, quantile, wilson};
use crate::games::key_harvest::board::Board;
use crate::games::key_harvest::bots::{self, BOT_NAMES, Bot};
use crate::games::key_harvest::replay::{self, Scenario};
use crate::games::key_harvest::sim::{self, Played};
use crate::games::key_harvest::{Action, Event, Game, Worker};
use crate::render::coach::Periods;
use crate::render::key_harvest::legend;
use crate::render::key_harvest::picture;
use crate::render::key_harvest::text;
use anyhow::{Context, bail};
use std::io::Write;
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

impl Commands for Game {
    const PERIODS: Periods = Periods::Rounds;

    fn rules_file(path: Option<&Path>) -> anyhow::Result<Arc<Board>> {
        load_board(path)
    }

    fn simulate(args: &crate::cli::simulate::Args) -> anyhow::Result<()> {
        if args.intro || args.deck.is_some() {
            bail!("--intro and --deck are Fields of Green options; Key Harvest takes --board");
        }
        simulate(
            args.players,
            args.seed,
            args.games,
            args.board.as_deref(),
            args.log,
            args.save.as_deref(),
        )
    }

    fn replay(args: &crate::cli::replay::Args) -> anyhow::Result<()> {
        replay(&args.file, args.board.as_deref(), args.text)
    }

    fn arena(args: &crate::cli::arena::Args) -> anyhow::Result<()> {
        if args.bench_planner || args.intro || args.deck.is_some() {
            bail!("--bench-planner, --intro and --deck are Fields of Green options");
        }
        arena(
            args.games,
            args.players,
            &args.bots,
            args.seed,
            args.threads,
        )
    }

    fn balance(args: &crate::cli::balance::Args) -> anyhow::Result<()> {
        if args.deck.is_some() {
            bail!("--deck is a Fields of Green option");
        }
        let players = if args.players.is_empty() {
            vec![2, 3, 4]
        } else {
            args.players.clone()
        };
        balance(args.games, &players, &args.bot, args.seed)
    }

    fn bench_engine(seconds: f64, players: &[u8]) -> anyhow::Result<()> {
        if !players.is_empty() {
            bail!("--players is for Fields of Green only");
        }
        bench(seconds)
    }

    fn bench_pictures(count: u32) -> anyhow::Result<Vec<(&'static str, Timing)>> {
        pictures(count)
    }

    /// A Key Harvest scenario has no `setup` (a Fields of Green one has).
    fn is_scenario(scenario: &serde_json::Value) -> bool {
        scenario.get("setup").is_none()
    }

    fn review_start(args: &crate::cli::review::Args, text: &str) -> anyhow::Result<Start<Game>> {
        let path = &args.file;
        let scenario: Scenario = crate::input::json(text)
            .map_err(|e| anyhow::anyhow!("invalid scenario {}: {e}", path.display()))?;
        let board_path = args
            .board
            .clone()
            .or_else(|| scenario.board.as_ref().map(|b| relative_to(path, b)));
        let board = load_board(board_path.as_deref())?;
        // The seed's setup, or the scenario's position.
        let start = Scenario {
            actions: Vec::new(),
            ..scenario.clone()
        };
        let (game, _) = replay::replay(board.clone(), &start)
            .with_context(|| format!("cannot set up the game of {}", path.display()))?;
        let actions: Vec<(usize, Action)> = scenario
            .actions
            .iter()
            .map(|a| (usize::from(a.seat), a.action.clone()))
            .collect();
        Ok(Start {
            game,
            actions,
            names: names_or_default(&scenario.names, usize::from(scenario.players)),
            rules: board,
        })
    }

    fn words(
        board: &Arc<Board>,
        names: &[String],
        game: &Game,
        _seat: usize,
        chosen: &Action,
        best: &Action,
    ) -> Words {
        use crate::render::key_harvest::coach::{action_words, moment};
        let say = |a| action_words(board, names, a).unwrap_or_default();
        (moment(game, chosen), say(chosen), say(best))
    }
}

/// The board: the embedded one, or a board file (the error names the path and the field).
pub fn load_board(path: Option<&Path>) -> anyhow::Result<Arc<Board>> {
    Ok(crate::host::read_board(path)?)
}

fn check_players(players: u8) -> anyhow::Result<()> {
    if !(2..=4).contains(&players) {
        bail!("Key Harvest is for 2 to 4 players, not {players}");
    }
    Ok(())
}

/// "Player 1".. for seats.
pub fn names(players: u8) -> Vec<String> {
    (1..=players).map(|i| format!("Player {i}")).collect()
}

/// `simulate --game key-harvest`.
pub fn simulate(
    players: u8,
    seed: Option<u64>,
    games: u64,
    board: Option<&Path>,
    log: bool,
    save: Option<&Path>,
) -> anyhow::Result<()> {
    check_players(players)?;
    let board = load_board(board)?;
    let seed = seed.unwrap_or_else(rand::random);
    let mut out = std::io::stdout().lock();
    if games > 1 {
        return summary(&mut out, board, players, seed, games);
    }
    let played = sim::play_random(board.clone(), players, seed, true);
    let names = names(players);
    if let Some(path) = save {
        let scenario = Scenario {
            players,
            seed,
            board: None,
            names: names.clone(),
            position: None,
            actions: crate::cli::steps(&played.actions, |seat, action| {
                crate::games::key_harvest::replay::SeatAction { seat, action }
            }),
        };
        crate::cli::save_scenario(path, &serde_json::to_value(&scenario)?)?;
    }
    writeln!(
        out,
        "Key Harvest, {players} players, seed {seed}: {} decisions",
        played.steps
    )?;
    if log {
        writeln!(out, "\n== Log")?;
        for e in &played.events {
            if let Some(s) = text::describe_event(&board, e, &names, players, None) {
                writeln!(out, "{s}")?;
            }
        }
    }
    final_table(&mut out, &board, &played.game, &names)
}

/// The end of a game: every board, the registry, stores, town board, and the score pad.
pub fn final_table(
    out: &mut impl Write,
    board: &Board,
    game: &Game,
    names: &[String],
) -> anyhow::Result<()> {
    let view = game.public_view();
    writeln!(out, "\n== Country boards")?;
    for seat in &view.seats {
        writeln!(out)?;
        write!(
            out,
            "{}",
            text::seat_board(board, seat, &names[seat.seat as usize])
        )?;
        writeln!(out, "Counters: {}", text::public_supply(board, seat))?;
    }
    writeln!(out, "\nLegend:\n{}", legend(board).trim_end())?;
    writeln!(out, "\n== Registry\n{}", text::registry_line(board, &view))?;
    write!(
        out,
        "\n== Stores\n{}",
        text::stores_text(board, &view, names)
    )?;
    write!(out, "\n== Town board\n{}", text::town_text(&view))?;
    writeln!(
        out,
        "Bag: {} field tiles, {} events. Fallow area: {} tiles. Stock: {}.",
        view.bag_fields,
        view.bag_events,
        view.fallow.count_ones(),
        view.stock
    )?;
    if let Some(removed) = &view.removed
        && !removed.is_empty()
    {
        let r: Vec<String> = removed
            .iter()
            .map(|e| format!("{} ({})", e.letter(), e.name()))
            .collect();
        writeln!(out, "Removed at setup: {}", r.join(", "))?;
    }
    if let Some(pad) = game.score_pad() {
        write!(out, "\n== Score pad\n{}", text::score_pad(pad, names))?;
    }
    Ok(())
}

/// Whether a game ended by the stalemate rule (KH 17) rather than the tenth event.
fn stalemated(p: &Played) -> bool {
    p.events.iter().any(|e| matches!(e, Event::Stalemate))
}

fn summary(
    out: &mut impl Write,
    board: Arc<Board>,
    players: u8,
    seed: u64,
    games: u64,
) -> anyhow::Result<()> {
    let mut winning = Vec::new();
    let mut steps = 0usize;
    let mut stalemates = 0;
    let mut wins = vec![0.0f64; players as usize];
    let t = Instant::now();
    for g in 0..games {
        let p = sim::play_random(board.clone(), players, seed.wrapping_add(g), true);
        let pad = p.game.score_pad().expect("ended");
        let top = pad.lines.iter().map(|l| l.total).max().unwrap_or(0);
        winning.push(top as f64);
        for w in &pad.winners {
            wins[*w as usize] += 1.0 / pad.winners.len() as f64;
        }
        steps += p.steps;
        if stalemated(&p) {
            stalemates += 1;
        }
    }
    winning.sort_by(|a, b| a.total_cmp(b));
    let mean = winning.iter().sum::<f64>() / games as f64;
    writeln!(
        out,
        "Key Harvest: {games} random games, {players} players, seeds {seed}..{} ({:.2} s)",
        seed.wrapping_add(games - 1),
        t.elapsed().as_secs_f64()
    )?;
    writeln!(
        out,
        "winning score: mean {mean:.1}, min {}, max {}",
        winning[0],
        winning[winning.len() - 1]
    )?;
    let shares: Vec<String> = wins
        .iter()
        .enumerate()
        .map(|(i, w)| format!("seat {}: {:.3}", i + 1, w / games as f64))
        .collect();
    writeln!(out, "wins: {}", shares.join(", "))?;
    writeln!(
        out,
        "decisions per game: {:.1}; ended by stalemate: {stalemates}",
        steps as f64 / games as f64
    )?;
    Ok(())
}

/// `replay --game key-harvest FILE [--text]`.
pub fn replay(path: &Path, board: Option<&Path>, as_text: bool) -> anyhow::Result<()> {
    let text = crate::input::read_text(path, crate::input::cap::SCENARIO)
        .with_context(|| format!("cannot read scenario {}", path.display()))?;
    // The board first: references (`C4`) are read with its rows and columns. A file that is
    // not JSON gets its error from the full reading below.
    let named = serde_json::from_str::<serde_json::Value>(&text)
        .ok()
        .and_then(|v| v.get("board")?.as_str().map(str::to_string));
    let board_path = board.map(Path::to_path_buf).or_else(|| {
        named
            .as_ref()
            .map(|b| path.parent().unwrap_or(Path::new(".")).join(b))
    });
    let board = load_board(board_path.as_deref())?;
    // The error names the field at fault and the line and column, in one short line.
    let scenario: Scenario = replay::with_board(&board, || crate::input::json(&text))
        .map_err(|e| anyhow::anyhow!("invalid scenario {}: {e}", path.display()))?;
    let (game, report) = replay::replay(board.clone(), &scenario)
        .with_context(|| format!("cannot set up the game of scenario {}", path.display()))?;
    let mut out = std::io::stdout().lock();
    if as_text {
        // The whole history as sentences, the refusals where they happened, then the table.
        let names = names(scenario.players);
        let say = |out: &mut dyn Write, e: &Event| -> std::io::Result<()> {
            match text::describe_event(&board, e, &names, scenario.players, None) {
                Some(s) => writeln!(out, "{s}"),
                None => Ok(()),
            }
        };
        for e in &report.setup {
            say(&mut out, e)?;
        }
        let refused = |out: &mut dyn Write, r: &replay::Rejected| {
            writeln!(
                out,
                "[#{} refused: {} by seat {}: {}]",
                r.index,
                r.kind,
                r.seat + 1,
                r.error
            )
        };
        let mut rejected = report.rejected.iter().peekable();
        for step in &report.steps {
            while let Some(r) = rejected.next_if(|r| r.index < step.index) {
                refused(&mut out, r)?;
            }
            for e in &step.events {
                say(&mut out, e)?;
            }
        }
        for r in rejected {
            refused(&mut out, r)?;
        }
        return final_table(&mut out, &board, &game, &names);
    }
    serde_json::to_writer_pretty(&mut out, &report).context("writing the report")?;
    writeln!(out)?;
    Ok(())
}

/// `bench engine --game key-harvest`: full random games per second on one thread.
pub fn bench(seconds: f64) -> anyhow::Result<()> {
    let board = Board::standard();
    let mut out = std::io::stdout().lock();
    writeln!(out, "farmhand bench engine --game key-harvest")?;
    writeln!(out, "cpu:     {}", crate::cli::cpu_model())?;
    writeln!(out, "build:   {}", crate::cli::build_name())?;
    writeln!(
        out,
        "players  games/s  actions/s  actions/game  snapshot JSON mean (max) bytes"
    )?;
    let budget = Duration::from_secs_f64(seconds);
    for players in 2..=4u8 {
        let t = Instant::now();
        let mut games = 0u64;
        let mut steps = 0usize;
        while t.elapsed() < budget {
            let p = sim::play_random(board.clone(), players, games, false);
            steps += p.steps;
            games += 1;
        }
        let s = t.elapsed().as_secs_f64();
        // Snapshot sizes, sampled from a few recorded games (outside the timed run).
        let mut sizes = Vec::new();
        for g in 0..5u64 {
            let p = sim::play_random(board.clone(), players, g, true);
            let (mut game, _) = Game::new(
                board.clone(),
                &crate::games::key_harvest::Options { players },
                g,
            )?;
            for (i, (seat, a)) in p.actions.iter().enumerate() {
                game.apply(*seat, a).map_err(anyhow::Error::msg)?;
                if i % 10 == 0 {
                    sizes.push(serde_json::to_string(&game.snapshot())?.len());
                }
            }
        }
        let mean = sizes.iter().sum::<usize>() as f64 / sizes.len().max(1) as f64;
        writeln!(
            out,
            "{players:>7}  {:>7.0}  {:>9.0}  {:>12.1}  {mean:.0} ({})",
            games as f64 / s,
            steps as f64 / s,
            steps as f64 / games.max(1) as f64,
            sizes.iter().max().unwrap_or(&0)
        )?;
    }
    Ok(())
}

fn make_bots(names: &[String]) -> anyhow::Result<Vec<Box<dyn Bot>>> {
    names
        .iter()
        .map(|n| {
            bots::by_name(n).with_context(|| {
                format!(
                    "no Key Harvest bot called {n:?} (bots: {})",
                    BOT_NAMES.join(", ")
                )
            })
        })
        .collect()
}

/// One arena game's result: per seat, the bot's index, score, share of the win and decision
/// times (ms); and the moves the engine refused.
struct ArenaGame {
    seats: Vec<(usize, u32, f64, Vec<f64>)>,
    refused: usize,
}

/// Plays arena game `g` (seed `seed + g`; seat s plays bot (s + g) mod k).
fn arena_game(board: &Arc<Board>, names: &[String], players: u8, seed: u64, g: u64) -> ArenaGame {
    let k = names.len();
    let which: Vec<usize> = (0..players as usize)
        .map(|s| (s + g as usize) % k)
        .collect();
    let seat_names: Vec<String> = which.iter().map(|&i| names[i].clone()).collect();
    let mut bots = make_bots(&seat_names).expect("names checked");
    let mut clock: Vec<Vec<f64>> = vec![Vec::new(); players as usize];
    let (p, refused) = sim::play_bots(board.clone(), &mut bots, seed.wrapping_add(g), {
        let clock = &mut clock;
        move |seat, bot, board, view, rng| {
            let t = Instant::now();
            let a = bot.decide(board, view, rng);
            clock[seat as usize].push(t.elapsed().as_secs_f64() * 1e3);
            a
        }
    });
    let pad = p.game.score_pad().expect("ended");
    let seats = which
        .iter()
        .enumerate()
        .map(|(s, &b)| {
            let share = if pad.winners.contains(&(s as u8)) {
                1.0 / pad.winners.len() as f64
            } else {
                0.0
            };
            (b, pad.lines[s].total, share, std::mem::take(&mut clock[s]))
        })
        .collect();
    ArenaGame { seats, refused }
}

/// `arena --game key-harvest`: bots against each other, seats rotating each game, `threads`
/// games at once (each game is the same whatever the threads: its seed fixes it).
pub fn arena(
    games: u64,
    players: u8,
    bot_names: &[String],
    seed: u64,
    threads: Option<usize>,
) -> anyhow::Result<()> {
    check_players(players)?;
    if games == 0 {
        bail!("--games must be at least 1");
    }
    let names: Vec<String> = if bot_names.is_empty() {
        let mut v = vec!["heuristic".to_string()];
        v.resize(players as usize, "random".to_string());
        v
    } else {
        bot_names.to_vec()
    };
    make_bots(&names)?;
    let board = Board::standard();
    let k = names.len();
    let mut wins = vec![0.0f64; k];
    let mut seats = vec![0u64; k];
    let mut scores = vec![0u64; k];
    let mut times: Vec<Vec<f64>> = vec![Vec::new(); k];
    let mut refused = 0;
    let t = Instant::now();
    let threads = crate::cli::threads(threads, games as usize);
    let play = |g: u64| Ok(arena_game(&board, &names, players, seed, g));
    let results = crate::cli::play_games(games, threads, play, |_, _| {})
        .map_err(|(g, e)| anyhow::anyhow!("game {g}: {e}"))?;
    for r in results {
        refused += r.refused;
        for (b, score, share, tm) in r.seats {
            seats[b] += 1;
            scores[b] += score as u64;
            wins[b] += share;
            times[b].extend(tm);
        }
    }
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "farmhand arena --game key-harvest: {games} games, {players} players, bots {} (seed {seed}, {} build)",
        names.join(", "),
        if cfg!(debug_assertions) {
            "debug"
        } else {
            "release"
        }
    )?;
    writeln!(
        out,
        "{games} games in {:.1} s on {threads} thread(s); bot moves refused by the engine: {refused}",
        t.elapsed().as_secs_f64()
    )?;
    writeln!(
        out,
        "bot        seats  win share (95% CI)     mean score  decisions  p50 ms  p99 ms"
    )?;
    // Several entries with one name (e.g. random,random) are reported together.
    let mut seen: Vec<&String> = Vec::new();
    for (i, n) in names.iter().enumerate() {
        if seen.contains(&n) {
            continue;
        }
        seen.push(n);
        let same: Vec<usize> = (i..k).filter(|&j| names[j] == *n).collect();
        let s: u64 = same.iter().map(|&j| seats[j]).sum();
        let w: f64 = same.iter().map(|&j| wins[j]).sum();
        let sc: u64 = same.iter().map(|&j| scores[j]).sum();
        let mut tm: Vec<f64> = same.iter().flat_map(|&j| times[j].clone()).collect();
        tm.sort_by(|a, b| a.total_cmp(b));
        // A game's win is shared among the seats the name holds; per seat played:
        let p = w / s as f64;
        let (lo, hi) = wilson(p, s as f64);
        writeln!(
            out,
            "{n:<10} {s:>5}  {p:.3} [{lo:.3}, {hi:.3}]  {:>10.1}  {:>9}  {:>6.3}  {:>6.3}",
            sc as f64 / s as f64,
            tm.len(),
            quantile(&tm, 0.5),
            quantile(&tm, 0.99)
        )?;
    }
    writeln!(
        out,
        "(equal strength would win {:.3} of the seats)",
        1.0 / players as f64
    )?;
    Ok(())
}

/// `balance --game key-harvest`: one bot in every seat, per player count: first-seat win share,
/// scores, workers on the boards at the end, game length.
pub fn balance(games: u64, players: &[u8], bot: &str, seed: u64) -> anyhow::Result<()> {
    if games == 0 {
        bail!("--games must be at least 1");
    }
    for &p in players {
        check_players(p)?;
    }
    let board = Board::standard();
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "farmhand balance --game key-harvest: {games} games per player count, bot {bot} in every seat (seed {seed})"
    )?;
    for &n in players {
        let mut seat_wins = vec![0.0f64; n as usize];
        let mut winner = Vec::new();
        let mut loser = Vec::new();
        let mut workers = [0u64; 12];
        let mut steps = 0usize;
        let mut stalemates = 0;
        for g in 0..games {
            let mut bots = make_bots(&vec![bot.to_string(); n as usize])?;
            let (p, _) = sim::play_bots(board.clone(), &mut bots, seed.wrapping_add(g), {
                |_, b, board, v, rng| b.decide(board, v, rng)
            });
            let pad = p.game.score_pad().expect("ended");
            for l in &pad.lines {
                if pad.winners.contains(&l.seat) {
                    seat_wins[l.seat as usize] += 1.0 / pad.winners.len() as f64;
                    winner.push(l.total as f64);
                } else {
                    loser.push(l.total as f64);
                }
            }
            for pl in &p.game.state().players {
                for (_, w) in &pl.workers {
                    workers[w.index()] += 1;
                }
            }
            steps += p.steps;
            if stalemated(&p) {
                stalemates += 1;
            }
        }
        let stats = |v: &mut Vec<f64>| {
            v.sort_by(|a, b| a.total_cmp(b));
            let mean = v.iter().sum::<f64>() / v.len().max(1) as f64;
            (
                mean,
                v.first().copied().unwrap_or(0.0),
                v.last().copied().unwrap_or(0.0),
            )
        };
        let (wm, wmin, wmax) = stats(&mut winner);
        let (lm, lmin, lmax) = stats(&mut loser);
        writeln!(out, "\n{n} players:")?;
        let shares: Vec<String> = seat_wins
            .iter()
            .enumerate()
            .map(|(i, w)| format!("seat {}: {:.3}", i + 1, w / games as f64))
            .collect();
        writeln!(
            out,
            "  win share by seat (fair {:.3}): {}",
            1.0 / n as f64,
            shares.join(", ")
        )?;
        writeln!(
            out,
            "  winners' score mean {wm:.1} (min {wmin}, max {wmax}); others' mean {lm:.1} (min {lmin}, max {lmax})"
        )?;
        let on_board: Vec<String> = Worker::ALL
            .iter()
            .map(|w| {
                format!(
                    "{} {:.2}",
                    w.letter(),
                    workers[w.index()] as f64 / (games * n as u64) as f64
                )
            })
            .collect();
        writeln!(
            out,
            "  workers on a board at the end, per player: {}",
            on_board.join(" ")
        )?;
        writeln!(
            out,
            "  decisions per game {:.1}; ended by stalemate {stalemates} of {games}",
            steps as f64 / games as f64
        )?;
    }
    Ok(())
}

/// `bench render`: one country board and the four boards of a finished 4-player game.
fn pictures(count: u32) -> anyhow::Result<Vec<(&'static str, Timing)>> {
    let board = Board::standard();
    let played: Vec<_> = (1..=4)
        .map(|seed| {
            sim::play_random(board.clone(), 4, seed, false)
                .game
                .public_view()
        })
        .collect();
    let seats: Vec<&[_]> = played.iter().map(|v| v.seats.as_slice()).collect();
    let draw = (picture::board_png, picture::boards_png);
    let labels = ["one country board", "four country boards"];
    time_pictures(count, &*board, &seats, draw, labels)
}
