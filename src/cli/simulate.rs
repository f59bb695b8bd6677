//! `farmhand simulate`: random playouts of any game, printed as the game's final table and score
//! pad, or summarised over many games. The playing and the printing are each game's own
//! ([`super::Commands::simulate`]).

use crate::host::Kind;
use anyhow::bail;
use std::path::PathBuf;

/// Options of `farmhand simulate`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Number of players (2-6).
    #[arg(long, value_parser = clap::value_parser!(u8).range(2..=6))]
    pub players: u8,
    /// Seed of the first game; game k uses seed+k. Random (and printed) when absent.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Number of games; more than one prints a summary instead of the farms.
    #[arg(long, default_value_t = 1, value_parser = at_least_one)]
    pub games: u64,
    /// Introductory mode: fixed pile splits (2-4 players).
    #[arg(long)]
    pub intro: bool,
    /// Deck file (TOML); the embedded deck by default.
    #[arg(long, value_name = "FILE")]
    pub deck: Option<PathBuf>,
    /// Also print every event of the game as a sentence (one game only).
    #[arg(long)]
    pub log: bool,
    /// The game.
    #[arg(long, value_enum, default_value_t)]
    pub game: Kind,
    /// Key Harvest board file (TOML); the embedded board by default.
    #[arg(long, value_name = "FILE")]
    pub board: Option<PathBuf>,
    /// Also write the finished game (one game only) as the scenario `/fog export` and
    /// `/kh export` write, for `farmhand replay` and `farmhand review`.
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
}

/// `--games`: a count of at least 1 (clap's own range check would print `1..18446744073709551615`).
fn at_least_one(text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(0) => Err("at least one game is needed".to_string()),
        Ok(n) => Ok(n),
        Err(e) => Err(format!("{e} (expected a whole number of games)")),
    }
}

/// Runs `farmhand simulate`.
pub fn run(args: &Args) -> anyhow::Result<()> {
    if args.log && args.games > 1 {
        bail!("--log prints one game; leave out --games or use --games 1");
    }
    if args.save.is_some() && args.games > 1 {
        bail!("--save writes one game; leave out --games or use --games 1");
    }
    crate::on_kind!(args.game, G => <G as super::Commands>::simulate(args))
}
