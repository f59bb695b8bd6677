//! `farmhand simulate` for Fields of Green: random playouts (`sim::play_out`), printed as farms and
//! a score pad, or summarised over many games.

use super::load_deck;
use crate::cli::seat_names;
use crate::cli::simulate::Args;
use crate::games::fields_of_green::game::TieBreak;
use crate::games::fields_of_green::{Action, Deck, Game, Options, Setup, sim};
use crate::render;
use crate::render::fields_of_green::RenderOptions;
use anyhow::{Context, bail};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::io::Write;
use std::sync::Arc;
use std::time::Instant;

/// Runs `farmhand simulate` for Fields of Green.
pub fn run(args: &Args) -> anyhow::Result<()> {
    if args.board.is_some() {
        bail!("--board is a Key Harvest option: add --game key-harvest");
    }
    if args.intro && args.players > 4 {
        bail!(
            "--intro is for 2 to 4 players (the fixed splits would empty the Livestock pile), not {}",
            args.players
        );
    }
    let deck = load_deck(args.deck.as_deref())?;
    let seed = args.seed.unwrap_or_else(rand::random);
    let options = Options {
        players: args.players,
        intro: args.intro,
        first_player: 0,
    };
    if args.games == 1 {
        one_game(&deck, options, seed, args.log, args.save.as_deref())
    } else {
        summary(&deck, options, seed, args.games)
    }
}

/// One finished game and what the summary needs of it.
struct Played {
    game: Game,
    steps: usize,
    /// The actions in order, when recorded.
    actions: Vec<(usize, Action)>,
}

/// Plays game `seed` to the end; the move RNG is seeded with the game's seed, so a seed alone
/// reproduces the whole game. `record` keeps the actions (for the log).
/// The game's mode as the first line of the output names it: `, introductory mode` or nothing.
fn mode_text(options: &Options) -> &'static str {
    if options.intro {
        ", introductory mode"
    } else {
        ""
    }
}

fn play(deck: &Arc<Deck>, options: &Options, seed: u64, record: bool) -> anyhow::Result<Played> {
    let mut game = Game::new(deck.clone(), options.clone(), seed)
        .with_context(|| format!("cannot set up game {seed}"))?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut actions = Vec::new();
    let steps = sim::play_out(&mut game, &mut rng, |_, seat, action| {
        if record {
            actions.push((seat, action.clone()));
        }
    });
    if !game.is_over() {
        bail!(
            "game {seed} stopped before the end, in year {} ({:?}): an engine bug",
            game.year(),
            game.phase()
        );
    }
    Ok(Played {
        game,
        steps,
        actions,
    })
}

fn one_game(
    deck: &Arc<Deck>,
    options: Options,
    seed: u64,
    log: bool,
    save: Option<&std::path::Path>,
) -> anyhow::Result<()> {
    let Played {
        game,
        steps,
        actions,
    } = play(deck, &options, seed, log || save.is_some())?;
    let names = seat_names(game.players());
    if let Some(path) = save {
        let scenario = crate::games::fields_of_green::replay::Scenario {
            deck: None,
            setup: Setup::new(options.clone(), seed),
            names: names.clone(),
            actions: crate::cli::steps(&actions, |seat, action| {
                crate::games::fields_of_green::replay::SeatAction { seat, action }
            }),
        };
        crate::cli::save_scenario(path, &serde_json::to_value(&scenario)?)?;
    }
    let view = game.public_view();
    let farms: Vec<_> = view.seats.iter().map(|s| s.farm.clone()).collect();
    let mut out = std::io::stdout().lock();
    let mode = mode_text(&options);
    writeln!(
        out,
        "Fields of Green: {} players{mode}, seed {seed}, {steps} actions.",
        game.players()
    )?;

    if log {
        // `play_out` does not hand out events, so the log replays the recorded actions: the
        // same seed and actions give the same game, which this also checks.
        let (mut replayed, start) = Game::start(deck.clone(), Setup::new(options, seed))?;
        let mut events = start;
        for (seat, action) in &actions {
            events.extend(
                replayed
                    .apply(*seat, action)
                    .context("replaying the game for the log")?,
            );
        }
        if replayed != game {
            bail!("replaying game {seed} gave another result: the engine is not deterministic");
        }
        writeln!(out, "\nGame log (coordinates on the final farms):")?;
        for line in render::fields_of_green::describe_events(deck, &events, &names, &farms) {
            writeln!(out, "  {line}")?;
        }
    }

    for seat in &view.seats {
        let who = &names[seat.seat];
        let aside = if seat.set_aside.is_empty() {
            String::new()
        } else {
            let tiles: Vec<String> = seat
                .set_aside
                .iter()
                .map(|t| render::fields_of_green::card_name(deck, t))
                .collect();
            format!(", set aside: {}", tiles.join(", "))
        };
        writeln!(
            out,
            "\n{who}: {} VP - {} coins, {} Food, {} VP in tokens{aside}",
            seat.score_now, seat.coins, seat.food, seat.vp_tokens
        )?;
        let farm = render::fields_of_green::render_farm(deck, &seat.farm, RenderOptions::default());
        writeln!(out, "{}", farm.grid)?;
        for line in &farm.legend {
            writeln!(out, "  {line}")?;
        }
    }
    let pads = game.scores().context("the game ended without scores")?;
    writeln!(
        out,
        "\nScore pad\n{}",
        render::fields_of_green::render_score_pad(deck, pads, &names)
    )?;
    Ok(())
}

/// Running totals over many games.
#[derive(Default)]
struct Tally {
    games: u64,
    actions: u64,
    winning: Vec<u32>,
    score_sum: Vec<u64>,
    wins: Vec<u64>,
    /// Games decided by locations, by coins, and shared.
    ties: [u64; 3],
}

fn summary(deck: &Arc<Deck>, options: Options, seed: u64, games: u64) -> anyhow::Result<()> {
    let n = options.players as usize;
    let mut t = Tally {
        score_sum: vec![0; n],
        wins: vec![0; n],
        ..Tally::default()
    };
    let started = Instant::now();
    for k in 0..games {
        let Played { game, steps, .. } = play(deck, &options, seed.wrapping_add(k), false)?;
        t.actions += steps as u64;
        let (Some(pads), Some((winners, tie))) = (game.scores(), game.winners()) else {
            bail!("game {} ended without scores: an engine bug", game.seed());
        };
        t.games += 1;
        t.winning
            .push(pads.iter().map(|p| p.total).max().unwrap_or(0));
        for p in pads {
            t.score_sum[p.seat] += u64::from(p.total);
        }
        for w in winners {
            t.wins[w] += 1;
        }
        match tie {
            TieBreak::None => {}
            TieBreak::Locations => t.ties[0] += 1,
            TieBreak::Coins => t.ties[1] += 1,
            TieBreak::Shared => t.ties[2] += 1,
        }
    }
    let elapsed = started.elapsed().as_secs_f64();

    let g = t.games as f64;
    let names = seat_names(n);
    let mut out = std::io::stdout().lock();
    let mode = mode_text(&options);
    writeln!(
        out,
        "Fields of Green: {} games, {n} players{mode}, seeds {seed}..={}",
        t.games,
        seed.wrapping_add(games - 1)
    )?;
    let mean_win = t.winning.iter().map(|&v| f64::from(v)).sum::<f64>() / g;
    let (min, max) = (
        t.winning.iter().min().unwrap_or(&0),
        t.winning.iter().max().unwrap_or(&0),
    );
    writeln!(
        out,
        "Winning score:       mean {mean_win:.1}, min {min}, max {max}"
    )?;
    let means: Vec<String> = names
        .iter()
        .zip(&t.score_sum)
        .map(|(who, &s)| format!("{who} {:.1}", s as f64 / g))
        .collect();
    writeln!(out, "Mean score by seat:  {}", means.join("  "))?;
    let wins: Vec<String> = names
        .iter()
        .zip(&t.wins)
        .map(|(who, w)| format!("{who} {w}"))
        .collect();
    writeln!(
        out,
        "Wins by seat:        {}  (a shared win counts for each winner)",
        wins.join("  ")
    )?;
    writeln!(
        out,
        "Ties:                {} broken by locations, {} by coins, {} shared",
        t.ties[0], t.ties[1], t.ties[2]
    )?;
    writeln!(out, "Mean actions/game:   {:.1}", t.actions as f64 / g)?;
    writeln!(
        out,
        "Elapsed:             {elapsed:.2} s ({:.0} games/s)",
        g / elapsed.max(1e-9)
    )?;
    Ok(())
}
