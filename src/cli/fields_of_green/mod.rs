//! Fields of Green's part of the commands: its printed farms and score pad (`simulate`), its
//! scenarios (`replay`, `review`), its bots' arena and the deck's balance, its engine's and
//! pictures' benches, and the deck file (`deck check|show`).

mod arena;
mod balance;
mod bench;
mod deck;
mod replay;
mod simulate;

use super::Commands;
use crate::cli::replay::relative_to;
use crate::cli::review::{Start, Words};
use crate::games::fields_of_green::{Action, Deck, Game, replay::Scenario};
use crate::render::coach::Periods;
use anyhow::Context;
use std::path::Path;
use std::sync::Arc;

/// The scenario file at `path` (its `text`) and its deck: `deck` (`--deck`) if given, else the
/// one the scenario names (relative to the scenario's folder), else the embedded one. The errors
/// name the file, and for the scenario the field at fault and the line and column, in one line.
pub fn read_scenario(
    path: &Path,
    text: &str,
    deck: Option<&Path>,
) -> anyhow::Result<(Scenario, Arc<Deck>)> {
    let scenario: Scenario = crate::input::json(text)
        .map_err(|e| anyhow::anyhow!("invalid scenario {}: {e}", path.display()))?;
    let deck_path = deck
        .map(Path::to_path_buf)
        .or_else(|| scenario.deck.as_ref().map(|d| relative_to(path, d)));
    let deck = load_deck(deck_path.as_deref())?;
    Ok((scenario, deck))
}

/// The embedded deck, or the deck file at `path`. Errors name the file and, for a bad deck, the
/// card and field (`DeckError`).
pub fn load_deck(path: Option<&Path>) -> anyhow::Result<Arc<Deck>> {
    let Some(path) = path else {
        return Ok(Deck::default_deck());
    };
    let text = crate::input::read_text(path, crate::input::cap::DECK)
        .with_context(|| format!("cannot read deck file {}", path.display()))?;
    let deck =
        Deck::from_toml(&text).with_context(|| format!("invalid deck file {}", path.display()))?;
    Ok(Arc::new(deck))
}

impl Commands for Game {
    const PERIODS: Periods = Periods::Years;

    fn rules_file(path: Option<&Path>) -> anyhow::Result<Arc<Deck>> {
        load_deck(path)
    }

    fn simulate(args: &crate::cli::simulate::Args) -> anyhow::Result<()> {
        simulate::run(args)
    }

    fn replay(args: &crate::cli::replay::Args) -> anyhow::Result<()> {
        replay::run(args)
    }

    fn arena(args: &crate::cli::arena::Args) -> anyhow::Result<()> {
        arena::run(args)
    }

    fn balance(args: &crate::cli::balance::Args) -> anyhow::Result<()> {
        balance::run(args)
    }

    fn bench_engine(seconds: f64, players: &[u8]) -> anyhow::Result<()> {
        bench::engine(seconds, players)
    }

    fn bench_pictures(
        count: u32,
    ) -> anyhow::Result<Vec<(&'static str, crate::cli::bench::Timing)>> {
        bench::pictures(count)
    }

    fn deck(command: &crate::cli::deck::Command) -> Option<anyhow::Result<()>> {
        Some(deck::run(command))
    }

    /// A Fields of Green scenario has a `setup`.
    fn is_scenario(scenario: &serde_json::Value) -> bool {
        scenario.get("setup").is_some()
    }

    fn review_start(args: &crate::cli::review::Args, text: &str) -> anyhow::Result<Start<Game>> {
        let path = &args.file;
        let (scenario, deck) = read_scenario(path, text, args.deck.as_deref())?;
        let (game, _) = Game::start(deck.clone(), scenario.setup.clone())
            .with_context(|| format!("cannot set up the game of {}", path.display()))?;
        let actions: Vec<(usize, Action)> = scenario
            .actions
            .iter()
            .map(|a| (a.seat, a.action.clone()))
            .collect();
        Ok(Start {
            game,
            actions,
            names: scenario.names,
            rules: deck,
        })
    }

    fn words(
        deck: &Arc<Deck>,
        _names: &[String],
        game: &Game,
        seat: usize,
        chosen: &Action,
        best: &Action,
    ) -> Words {
        use crate::render::fields_of_green::coach::{action_words, moment};
        let view = game.player_view(seat);
        (
            moment(game, chosen),
            action_words(deck, &view, chosen),
            action_words(deck, &view, best),
        )
    }
}
