//! `farmhand`: the command line. Thin on purpose: parse the arguments (clap), run one subcommand
//! (the library's `cli` module, `src/cli/`), and turn an error into one message on stderr and
//! exit code 1. `anyhow` is used here and in `src/cli/`; the rest of the library has typed
//! errors.
//!
//! `run` starts the Discord bot: it loads the config, sets up tracing and starts the runtime;
//! the headless subcommands stay free of async and configuration.

use clap::{Parser, Subcommand};
use farmhand::cli;
use std::process::ExitCode;

/// Farmhand: Fields of Green for Discord, and the tools around its rules engines (Fields of Green
/// and Key Harvest).
#[derive(Debug, Parser)]
#[command(name = "farmhand", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Play whole games with random legal moves and print the farms and the score pad (one game)
    /// or a summary (several games).
    Simulate(cli::simulate::Args),
    /// Replay a scenario file (JSON: a setup and a list of actions) and print the report as JSON.
    Replay(cli::replay::Args),
    /// Review a finished game's scenario (as /fog export, /kh export or simulate --save write
    /// it): each seat's three costliest decisions against the strong bot, and a chart.
    Review(cli::review::Args),
    /// Check or list a deck file.
    Deck {
        #[command(subcommand)]
        command: cli::deck::Command,
    },
    /// Measure the engine's speed; run it as `cargo run --release -- bench engine`.
    Bench {
        #[command(subcommand)]
        command: cli::bench::Command,
    },
    /// Run the Discord bot (token from FARMHAND_DISCORD_TOKEN; see README.md).
    Run(cli::run::Args),
    /// Bots play each other: win rates with confidence intervals, scores, decision times. With
    /// --bench-planner, time the harvest planner instead. Use a release build.
    Arena(cli::arena::Args),
    /// Bot self-play over the deck: how often each card is built and by whom, first-seat
    /// advantage and score distributions per player count. Use a release build.
    Balance(cli::balance::Args),
    /// Play a whole game offline: the real bot against a fake Discord, with scripted players who
    /// click, through the buttons, what the heuristic bot would choose for their seat, and show
    /// a Hint, Scores, Farms or Boards, Log, Review and Rematch; writes the transcript as an
    /// HTML page. Full speed by default (edit interval 0 ms).
    Demo(cli::demo::Args),
    /// Copy the SQLite database to a new file, consistently, while the bot runs (PostgreSQL:
    /// use pg_dump).
    Backup(cli::backup::Args),
    /// The records of finished games from a SQLite file or a PostgreSQL URL: servers, history,
    /// a player's stats and rating, the leaderboard by wins or rating; recompute the ratings.
    Records(cli::records::Args),
}

/// mimalloc instead of the system allocator: see Cargo.toml for why and what it measured.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Simulate(args) => cli::simulate::run(&args),
        Command::Replay(args) => cli::replay::run(&args),
        Command::Review(args) => cli::review::run(&args),
        Command::Deck { command } => cli::deck::run(&command),
        Command::Bench { command } => cli::bench::run(&command),
        Command::Run(args) => cli::run::run(&args),
        Command::Arena(args) => cli::arena::run(&args),
        Command::Balance(args) => cli::balance::run(&args),
        Command::Demo(args) => cli::demo::run(&args),
        Command::Backup(args) => cli::backup::run(&args),
        Command::Records(args) => cli::records::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // `farmhand ... | head` closes the pipe early; that is the reader's choice, not an error.
        Err(e) if cli::is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            // `{:#}` prints the whole chain: "cannot read x.json: No such file or directory".
            // Each cause in one short line: an error may quote its input (a file's line), and
            // the terminal must not receive a whole file.
            // The token is taken out whatever setting it was pasted into.
            let causes: Vec<String> = e
                .chain()
                .map(|c| farmhand::input::brief(&c.to_string()))
                .collect();
            eprintln!("error: {}", farmhand::secret::redact(&causes.join(": ")));
            ExitCode::FAILURE
        }
    }
}
