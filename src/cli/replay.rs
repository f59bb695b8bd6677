//! `farmhand replay FILE`: plays a scenario (`replay::Scenario`, JSON) and prints the
//! `replay::Report` as pretty JSON. Actions the engine refuses are part of the report (with
//! their index), not a failure: a scenario may show a refusal on purpose.

use super::load_deck;
use anyhow::Context;
use farmhand::games::fields_of_green::replay::{self, Scenario};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Options of `farmhand replay`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The scenario file (JSON).
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// Deck file (TOML); overrides the scenario's `deck`.
    #[arg(long, value_name = "FILE")]
    deck: Option<PathBuf>,
    /// The game of the scenario: fields-of-green or key-harvest (format in
    /// tests/scenarios/README.md).
    #[arg(long, value_enum, default_value_t)]
    game: super::GameKind,
    /// Key Harvest board file; overrides the scenario's `board`.
    #[arg(long, value_name = "FILE")]
    board: Option<PathBuf>,
    /// Key Harvest: print the game as sentences and the final table instead of the JSON report.
    #[arg(long)]
    text: bool,
}

/// Runs `farmhand replay`.
pub fn run(args: &Args) -> anyhow::Result<()> {
    if args.text && args.game != super::GameKind::KeyHarvest {
        anyhow::bail!("--text is for Key Harvest scenarios (add --game key-harvest)");
    }
    if args.game == super::GameKind::KeyHarvest {
        return super::key_harvest::replay(&args.file, args.board.as_deref(), args.text);
    }
    let path = &args.file;
    let text = farmhand::input::read_text(path, farmhand::input::cap::SCENARIO)
        .with_context(|| format!("cannot read scenario {}", path.display()))?;
    // The error names the field at fault and the line and column, in one short line.
    let scenario: Scenario = farmhand::input::json(&text)
        .map_err(|e| anyhow::anyhow!("invalid scenario {}: {e}", path.display()))?;
    let deck_path = args
        .deck
        .clone()
        .or_else(|| scenario.deck.as_ref().map(|d| relative_to(path, d)));
    let deck = load_deck(deck_path.as_deref())?;
    let (_, report) = replay::replay(deck, &scenario)
        .with_context(|| format!("cannot set up the game of scenario {}", path.display()))?;

    let mut out = std::io::stdout().lock();
    serde_json::to_writer_pretty(&mut out, &report).context("writing the report")?;
    writeln!(out)?;
    // A note for the person at the terminal; stdout stays pure JSON.
    for r in &report.rejected {
        let kind = scenario
            .actions
            .get(r.index)
            .map_or("?", |a| a.action.kind());
        eprintln!(
            "note: actions[{}] (seat {}, {kind}) was rejected: {}",
            r.index, r.seat, r.error
        );
    }
    Ok(())
}

/// A path written in a scenario is relative to the scenario file's directory, so a scenario and
/// its deck can move together.
fn relative_to(scenario: &Path, file: &str) -> PathBuf {
    let file = Path::new(file);
    match scenario.parent() {
        Some(dir) if file.is_relative() => dir.join(file),
        _ => file.to_path_buf(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scenario_paths_are_relative_to_the_scenario() {
        assert_eq!(
            relative_to(Path::new("a/b/s.json"), "deck.toml"),
            Path::new("a/b/deck.toml")
        );
        assert_eq!(
            relative_to(Path::new("s.json"), "deck.toml"),
            Path::new("deck.toml")
        );
        assert_eq!(
            relative_to(Path::new("a/s.json"), "/abs/deck.toml"),
            Path::new("/abs/deck.toml")
        );
    }
}
