//! `farmhand balance`: one bot in every seat, per player count: the first seat's advantage, the
//! score distribution, and what the game's own components did. Each game reports its own
//! ([`super::Commands::balance`]).

use crate::host::Kind;
use std::path::PathBuf;

/// Options of `farmhand balance`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Games per player count.
    #[arg(long, default_value_t = 200)]
    pub games: u64,
    /// Player counts, comma-separated.
    /// Default: 2,3,4,5,6 (Fields of Green); 2,3,4 (Key Harvest).
    #[arg(long, value_delimiter = ',')]
    pub players: Vec<u8>,
    /// The bot in every seat: random, heuristic, search, search:N.
    #[arg(long, default_value = "heuristic")]
    pub bot: String,
    /// Seed of the first game of each player count (game k uses seed+k).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Games played at once (default: the cores available).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Deck file (TOML); the embedded deck by default.
    #[arg(long, value_name = "FILE")]
    pub deck: Option<PathBuf>,
    /// The game.
    #[arg(long, value_enum, default_value_t)]
    pub game: Kind,
}

/// Runs `farmhand balance`.
pub fn run(args: &Args) -> anyhow::Result<()> {
    crate::on_kind!(args.game, G => <G as super::Commands>::balance(args))
}
