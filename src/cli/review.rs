//! `farmhand review FILE [--png CHART]`: the coach's review of a finished game (issue 30), from
//! a scenario as `/fog export`, `/kh export` and `farmhand simulate --save` write it. Prints each
//! seat's three costliest decisions against the game's strong bot, one plain sentence each, and
//! draws the chart of each seat's expected final score after every turn. The game is told from
//! the file's shape (a Fields of Green scenario has a `setup`).

use super::key_harvest::load_board;
use super::load_deck;
use anyhow::Context;
use farmhand::games::coach::{self, Review};
use farmhand::games::{fields_of_green as fog, key_harvest as kh};
use farmhand::render::coach::{chart_png, decision_of};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Options of `farmhand review`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The scenario of a finished game (JSON).
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// Also draw the chart (PNG) of each seat's expected final score after every turn.
    #[arg(long, value_name = "CHART")]
    png: Option<PathBuf>,
    /// Fields of Green deck file; overrides the scenario's `deck`.
    #[arg(long, value_name = "FILE")]
    deck: Option<PathBuf>,
    /// Key Harvest board file; overrides the scenario's `board`.
    #[arg(long, value_name = "FILE")]
    board: Option<PathBuf>,
}

/// A decision in words: what the seat did, what the bot would have done.
type Words = (String, String);

/// Runs `farmhand review`.
pub fn run(args: &Args) -> anyhow::Result<()> {
    let path = &args.file;
    let text = farmhand::input::read_text(path, farmhand::input::cap::SCENARIO)
        .with_context(|| format!("cannot read scenario {}", path.display()))?;
    let value: serde_json::Value = farmhand::input::json(&text)
        .map_err(|e| anyhow::anyhow!("invalid scenario {}: {e}", path.display()))?;
    let started = Instant::now();
    let progress = |done: usize, total: usize| {
        if done.is_multiple_of(100) || done == total {
            eprint!("\rreviewing: {done}/{total} actions");
            if done == total {
                eprintln!();
            }
        }
    };
    let (review, names, game_name) = if value.get("setup").is_some() {
        let scenario: fog::replay::Scenario = farmhand::input::json(&text)
            .map_err(|e| anyhow::anyhow!("invalid scenario {}: {e}", path.display()))?;
        let deck_path = args
            .deck
            .clone()
            .or_else(|| scenario.deck.as_ref().map(|d| relative_to(path, d)));
        let deck = load_deck(deck_path.as_deref())?;
        let (game, _) = fog::Game::start(deck.clone(), scenario.setup.clone())
            .with_context(|| format!("cannot set up the game of {}", path.display()))?;
        let actions: Vec<(usize, fog::Action)> = scenario
            .actions
            .iter()
            .map(|a| (a.seat, a.action.clone()))
            .collect();
        let review = coach::review(
            game,
            &actions,
            coach::REVIEW_WORLDS,
            |g: &fog::Game, seat, chosen, best| {
                let view = g.player_view(seat);
                (
                    farmhand::render::fields_of_green::coach::action_words(&deck, &view, chosen),
                    farmhand::render::fields_of_green::coach::action_words(&deck, &view, best),
                )
            },
            progress,
        )
        .map_err(|e| anyhow::anyhow!("cannot review {}: {e}", path.display()))?;
        (review, scenario.names, "Fields of Green")
    } else {
        let scenario: kh::replay::Scenario = farmhand::input::json(&text)
            .map_err(|e| anyhow::anyhow!("invalid scenario {}: {e}", path.display()))?;
        let board_path = args
            .board
            .clone()
            .or_else(|| scenario.board.as_ref().map(|b| relative_to(path, b)));
        let board = load_board(board_path.as_deref())?;
        // The seed's setup, or the scenario's position.
        let start = kh::replay::Scenario {
            actions: Vec::new(),
            ..scenario.clone()
        };
        let (game, _) = kh::replay::replay(board.clone(), &start)
            .with_context(|| format!("cannot set up the game of {}", path.display()))?;
        let actions: Vec<(usize, kh::Action)> = scenario
            .actions
            .iter()
            .map(|a| (usize::from(a.seat), a.action.clone()))
            .collect();
        let names = names_or_default(&scenario.names, usize::from(scenario.players));
        let words_names = names.clone();
        let review = coach::review(
            game,
            &actions,
            coach::REVIEW_WORLDS,
            |_: &kh::Game, _seat, chosen, best| {
                let say = |a| {
                    farmhand::render::key_harvest::coach::action_words(&board, &words_names, a)
                        .unwrap_or_default()
                };
                (say(chosen), say(best))
            },
            progress,
        )
        .map_err(|e| anyhow::anyhow!("cannot review {}: {e}", path.display()))?;
        (review, names, "Key Harvest")
    };
    let elapsed = started.elapsed().as_secs_f64();
    let names = names_or_default(&names, review.players);
    print(&review, &names, game_name)?;
    eprintln!("{} decisions priced in {elapsed:.1} s", review.priced);
    if let Some(chart) = &args.png {
        let png = chart_png(&review.curve, &names).context("drawing the chart")?;
        std::fs::write(chart, png).with_context(|| format!("cannot write {}", chart.display()))?;
    }
    Ok(())
}

fn print(review: &Review<Words>, names: &[String], game: &str) -> anyhow::Result<()> {
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "{game}, {} players: each seat's costliest decisions against the bot",
        review.players
    )?;
    for (seat, decisions) in review.costliest.iter().enumerate() {
        let name = &names[seat];
        let last = review.curve.last().and_then(|p| p.get(seat)).copied();
        writeln!(
            out,
            "\n{name} (final score {})",
            last.map_or("?".to_string(), |v| format!("{v:.0}"))
        )?;
        if decisions.is_empty() {
            writeln!(out, "  no decision cost points against the bot's choice")?;
        }
        for d in decisions {
            let (chosen, best) = &d.words;
            writeln!(out, "  {}", decision_of(name, d.turn, chosen, best, d.cost))?;
        }
    }
    Ok(())
}

/// The scenario's names, or `Player N` for a seat without one.
fn names_or_default(names: &[String], players: usize) -> Vec<String> {
    (0..players)
        .map(|s| farmhand::render::seat_name(names, s))
        .collect()
}

/// A path written in a scenario is relative to the scenario file's directory.
fn relative_to(scenario: &Path, file: &str) -> PathBuf {
    let file = Path::new(file);
    match scenario.parent() {
        Some(dir) if file.is_relative() => dir.join(file),
        _ => file.to_path_buf(),
    }
}
