//! `farmhand replay FILE`: plays a scenario of any game (JSON: a setup and a list of actions) and
//! prints the game's replay report as pretty JSON, or (`--text`, a game that tells its history)
//! the game as sentences. Reading the scenario and its report are each game's own
//! ([`super::Commands::replay`]).

use crate::host::Kind;
use std::path::{Path, PathBuf};

/// Options of `farmhand replay`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The scenario file (JSON).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// Deck file (TOML); overrides the scenario's `deck`.
    #[arg(long, value_name = "FILE")]
    pub deck: Option<PathBuf>,
    /// The game of the scenario: fields-of-green or key-harvest (format in
    /// tests/scenarios/README.md).
    #[arg(long, value_enum, default_value_t)]
    pub game: Kind,
    /// Key Harvest board file; overrides the scenario's `board`.
    #[arg(long, value_name = "FILE")]
    pub board: Option<PathBuf>,
    /// Key Harvest: print the game as sentences and the final table instead of the JSON report.
    #[arg(long)]
    pub text: bool,
}

/// Runs `farmhand replay`.
pub fn run(args: &Args) -> anyhow::Result<()> {
    crate::on_kind!(args.game, G => <G as super::Commands>::replay(args))
}

/// A path written in a scenario is relative to the scenario file's directory, so a scenario and
/// its deck can move together.
pub fn relative_to(scenario: &Path, file: &str) -> PathBuf {
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
