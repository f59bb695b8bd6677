//! `farmhand deck check|show [FILE]`: validate a deck file, or list its cards with their
//! generated text, for the game whose components are a deck of cards
//! ([`super::Commands::deck`]).

use std::path::PathBuf;

/// `farmhand deck ...`
#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Validate a deck file and print a one-line summary (or what is wrong, exit code 1).
    Check {
        /// Deck file (TOML); the embedded deck when absent.
        #[arg(value_name = "FILE")]
        file: Option<PathBuf>,
    },
    /// Print every card with its generated text, grouped by pile.
    Show {
        /// Deck file (TOML); the embedded deck when absent.
        #[arg(value_name = "FILE")]
        file: Option<PathBuf>,
    },
}

/// Runs `farmhand deck ...`: the first game of the list that has a deck.
pub fn run(command: &Command) -> anyhow::Result<()> {
    for &kind in crate::host::Kind::ALL {
        if let Some(done) = crate::on_kind!(kind, G => <G as super::Commands>::deck(command)) {
            return done;
        }
    }
    anyhow::bail!("no game of this build plays with a deck of cards")
}
