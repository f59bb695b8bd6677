//! `farmhand arena`: bots play each other, seats rotating from game to game; the table gives each
//! bot's share of the wins with a 95% confidence interval, its mean score and how long its
//! decisions took. Each game has its own bots, so the play is each game's own
//! ([`super::Commands::arena`]).

use crate::host::Kind;
use std::path::PathBuf;

/// Options of `farmhand arena`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Number of games.
    #[arg(long, default_value_t = 100)]
    pub games: u64,
    /// Number of players (2-6).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(2..=6))]
    pub players: u8,
    /// Bots, comma-separated: random, heuristic, search, search:N (N rollouts per decision;
    /// Key Harvest also takes search:N:H:C, H rounds of horizon and C candidates).
    /// Seats take them in turn, rotating by one seat each game.
    /// Default: search,heuristic (Fields of Green); heuristic and random in the other seats
    /// (Key Harvest).
    #[arg(long, value_delimiter = ',')]
    pub bots: Vec<String>,
    /// The game.
    #[arg(long, value_enum, default_value_t)]
    pub game: Kind,
    /// Seed of the first game (game k uses seed+k).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Games played at once (default: the cores available).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Introductory mode (fixed pile splits, 2-4 players).
    #[arg(long)]
    pub intro: bool,
    /// Deck file (TOML); the embedded deck by default.
    #[arg(long, value_name = "FILE")]
    pub deck: Option<PathBuf>,
    /// Print one line per game.
    #[arg(long)]
    pub verbose: bool,
    /// Time the harvest planner on 30-card stress farms instead of playing games.
    #[arg(long)]
    pub bench_planner: bool,
    /// Random stress farms per year for --bench-planner.
    #[arg(long, default_value_t = 1000)]
    pub farms: u64,
}

/// Runs `farmhand arena`.
pub fn run(args: &Args) -> anyhow::Result<()> {
    crate::on_kind!(args.game, G => <G as super::Commands>::arena(args))
}
