//! Hay Wagons' part of the commands (`--game hay-wagons`, the test game of issue 40): random
//! games (`simulate`), its scenarios (`replay`, `review`), its bots against each other (`arena`)
//! and against themselves (`balance`), and its engine's bench. It draws no pictures.

use crate::cli::bench::Timing;
use crate::cli::review::{Start, Words, names_or_default};
use crate::cli::{Commands, seat_names, wilson};
use crate::games::hay_wagons::{Action, Event, Field, Game, Scenario, SeatAction, replay};
use crate::games::{Engine, TableSetup};
use crate::render::coach::Periods;
use crate::render::hay_wagons::{action_words, describe_event, moment, phone};
use anyhow::{Context, bail};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::io::Write;
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A game played by bots: the game at its end, its log and its events.
struct Played {
    game: Game,
    log: Vec<(usize, Action)>,
    events: Vec<Event>,
}

/// One game of `bots` (by seat) from `seed`.
fn play(field: &Arc<Field>, seed: u64, bots: [&str; 2]) -> anyhow::Result<Played> {
    let setup = TableSetup {
        players: 2,
        intro: false,
        seed,
    };
    let (mut game, mut events) = Game::start(field, &setup).map_err(anyhow::Error::msg)?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x6877);
    let mut log = Vec::new();
    while let Some(seat) = game.turn() {
        let a = game
            .bot_action(seat, bots[seat], &mut rng)
            .map_err(anyhow::Error::msg)?;
        events.extend(game.apply(seat, &a)?);
        log.push((seat, a));
    }
    Ok(Played { game, log, events })
}

/// The options only the other games take.
fn refuse_others(deck: Option<&Path>, board: Option<&Path>, intro: bool) -> anyhow::Result<()> {
    if deck.is_some() || board.is_some() || intro {
        bail!("--deck, --board and --intro are other games' options; Hay Wagons has none");
    }
    Ok(())
}

fn check_players(players: u8) -> anyhow::Result<()> {
    if players != 2 {
        bail!("Hay Wagons is for 2 players, not {players}");
    }
    Ok(())
}

/// The game as sentences and its pad.
fn print_game(
    out: &mut impl Write,
    game: &Game,
    events: &[Event],
    names: &[String],
) -> anyhow::Result<()> {
    for e in events {
        writeln!(out, "{}", describe_event(e, names))?;
    }
    if let Some(pad) = phone::pad(game, names) {
        writeln!(out, "\n{pad}")?;
    }
    Ok(())
}

impl Commands for Game {
    const PERIODS: Periods = Periods::Rounds;

    fn rules_file(path: Option<&Path>) -> anyhow::Result<Arc<Field>> {
        match path {
            None => Ok(Field::standard()),
            Some(p) => bail!(
                "Hay Wagons is played on its one field; {} is not read",
                p.display()
            ),
        }
    }

    fn simulate(args: &crate::cli::simulate::Args) -> anyhow::Result<()> {
        refuse_others(args.deck.as_deref(), args.board.as_deref(), args.intro)?;
        check_players(args.players)?;
        let field = Field::standard();
        let seed = args.seed.unwrap_or_else(rand::random);
        let mut out = std::io::stdout().lock();
        if args.games > 1 {
            let (mut wins, mut ties, mut weight) = ([0u64; 2], 0u64, [0u64; 2]);
            for k in 0..args.games {
                let game = play(&field, seed.wrapping_add(k), ["random", "random"])?.game;
                match game.winners().as_slice() {
                    [one] => wins[*one] += 1,
                    _ => ties += 1,
                }
                for (w, g) in weight.iter_mut().zip(game.wagons()) {
                    *w += u64::from(g);
                }
            }
            let n = args.games as f64;
            writeln!(
                out,
                "Hay Wagons, {} random games from seed {seed}: first seat won {}, second {}, shared {ties}; mean wagons {:.1} and {:.1}",
                args.games,
                wins[0],
                wins[1],
                weight[0] as f64 / n,
                weight[1] as f64 / n
            )?;
            return Ok(());
        }
        let Played { game, log, events } = play(&field, seed, ["random", "random"])?;
        let names = seat_names(2);
        if let Some(path) = &args.save {
            let setup = TableSetup {
                players: 2,
                intro: false,
                seed,
            };
            crate::cli::save_scenario(path, &Game::scenario(&setup, &names, log.clone()))?;
        }
        writeln!(out, "Hay Wagons, seed {seed}: {} loads", log.len())?;
        if args.log {
            writeln!(out)?;
            print_game(&mut out, &game, &events, &names)?;
        } else if let Some(pad) = phone::pad(&game, &names) {
            writeln!(out, "{pad}")?;
        }
        Ok(())
    }

    fn replay(args: &crate::cli::replay::Args) -> anyhow::Result<()> {
        refuse_others(args.deck.as_deref(), args.board.as_deref(), false)?;
        let text = std::fs::read_to_string(&args.file)
            .with_context(|| format!("cannot read {}", args.file.display()))?;
        let scenario: Scenario = crate::input::json(&text)
            .map_err(|e| anyhow::anyhow!("invalid scenario {}: {e}", args.file.display()))?;
        let (game, events) = replay(&Field::standard(), &scenario).map_err(anyhow::Error::msg)?;
        let mut out = std::io::stdout().lock();
        if args.text {
            let names = names_or_default(&scenario.names, 2);
            return print_game(&mut out, &game, &events, &names);
        }
        let report = serde_json::json!({
            "game": Game::KIND,
            "over": game.is_over(),
            "snapshot": game.snapshot(),
            "wagons": game.wagons(),
            "winners": game.winners(),
            "events": events,
        });
        writeln!(out, "{}", serde_json::to_string_pretty(&report)?)?;
        Ok(())
    }

    /// Two bots, each in each seat for every seed: the first bot's wins, shared games, and its
    /// mean final margin.
    fn arena(args: &crate::cli::arena::Args) -> anyhow::Result<()> {
        refuse_others(args.deck.as_deref(), None, args.intro || args.bench_planner)?;
        check_players(args.players)?;
        let [a, b] = args.bots.as_slice() else {
            bail!(
                "--bots names two Hay Wagons bots ({})",
                Game::BOTS.join(", ")
            );
        };
        for bot in [a, b] {
            Game::valid_bot(bot).map_err(anyhow::Error::msg)?;
        }
        let field = Field::standard();
        let (mut wins, mut shared, mut margin) = (0u64, 0u64, 0i64);
        for k in 0..args.games {
            let seed = args.seed.wrapping_add(k);
            for a_seat in 0..2 {
                let mut bots = [b.as_str(); 2];
                bots[a_seat] = a.as_str();
                let game = play(&field, seed, bots)?.game;
                let winners = game.winners();
                match (winners.len(), winners.contains(&a_seat)) {
                    (1, true) => wins += 1,
                    (2, _) => shared += 1,
                    _ => {}
                }
                let w = game.wagons();
                margin += i64::from(w[a_seat]) - i64::from(w[1 - a_seat]);
            }
        }
        let n = 2 * args.games;
        let p = wins as f64 / n as f64;
        let (lo, hi) = wilson(p, n as f64);
        writeln!(
            std::io::stdout().lock(),
            "Hay Wagons arena, {n} games ({} seeds from {}, each bot in each seat): {a} won {wins} ({:.1}%, 95% {:.1}-{:.1}%), shared {shared}, {b} won {}; {a}'s mean margin {:+.2}",
            args.games,
            args.seed,
            100.0 * p,
            100.0 * lo,
            100.0 * hi,
            n - wins - shared,
            margin as f64 / n as f64
        )?;
        Ok(())
    }

    /// One bot in both seats: how often the first seat wins.
    fn balance(args: &crate::cli::balance::Args) -> anyhow::Result<()> {
        refuse_others(args.deck.as_deref(), None, false)?;
        if args.players.iter().any(|&p| p != 2) {
            bail!("Hay Wagons is for 2 players");
        }
        Game::valid_bot(&args.bot).map_err(anyhow::Error::msg)?;
        let field = Field::standard();
        let (mut first, mut shared) = (0u64, 0u64);
        for k in 0..args.games {
            let game = play(&field, args.seed.wrapping_add(k), [args.bot.as_str(); 2])?.game;
            match game.winners().as_slice() {
                [0] => first += 1,
                [_, _] => shared += 1,
                _ => {}
            }
        }
        writeln!(
            std::io::stdout().lock(),
            "Hay Wagons, {} games of {} against itself: first seat won {first}, second {}, shared {shared}",
            args.games,
            args.bot,
            args.games - first - shared
        )?;
        Ok(())
    }

    fn bench_engine(seconds: f64, players: &[u8]) -> anyhow::Result<()> {
        if players.iter().any(|&p| p != 2) {
            bail!("Hay Wagons is for 2 players");
        }
        let field = Field::standard();
        let budget = Duration::from_secs_f64(seconds.max(0.01));
        let started = Instant::now();
        let (mut games, mut loads) = (0u64, 0u64);
        while started.elapsed() < budget {
            let log = play(&field, games, ["random", "random"])?.log;
            games += 1;
            loads += log.len() as u64;
        }
        let s = started.elapsed().as_secs_f64();
        writeln!(
            std::io::stdout().lock(),
            "hay-wagons: {games} games ({loads} loads) in {s:.2} s: {:.0} games/s on one thread",
            games as f64 / s
        )?;
        Ok(())
    }

    /// The game draws no pictures: its screens are text.
    fn bench_pictures(_count: u32) -> anyhow::Result<Vec<(&'static str, Timing)>> {
        Ok(Vec::new())
    }

    /// A Hay Wagons scenario names its game.
    fn is_scenario(scenario: &serde_json::Value) -> bool {
        scenario.get("game").and_then(|g| g.as_str()) == Some(Game::KIND)
    }

    fn review_start(args: &crate::cli::review::Args, text: &str) -> anyhow::Result<Start<Game>> {
        refuse_others(args.deck.as_deref(), args.board.as_deref(), false)?;
        let scenario: Scenario = crate::input::json(text)
            .map_err(|e| anyhow::anyhow!("invalid scenario {}: {e}", args.file.display()))?;
        let start = Scenario {
            actions: Vec::new(),
            ..scenario.clone()
        };
        let field = Field::standard();
        let (game, _) = replay(&field, &start).map_err(anyhow::Error::msg)?;
        Ok(Start {
            game,
            actions: scenario
                .actions
                .iter()
                .map(|SeatAction { seat, action }| (*seat, *action))
                .collect(),
            names: names_or_default(&scenario.names, 2),
            rules: field,
        })
    }

    fn words(
        _field: &Arc<Field>,
        _names: &[String],
        game: &Game,
        _seat: usize,
        chosen: &Action,
        best: &Action,
    ) -> Words {
        (
            moment(game),
            action_words(game, chosen),
            action_words(game, best),
        )
    }
}
