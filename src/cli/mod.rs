//! The subcommands of the `farmhand` binary, one module each, and what they share. Output goes
//! through `writeln!` on a locked stdout (not `println!`), so a closed pipe is an error the caller
//! can ignore instead of a panic.

pub mod arena;
pub mod backup;
pub mod balance;
pub mod bench;
pub mod bench_chaos;
pub mod bench_discord;
pub mod bench_processes;
pub mod bench_scheduler;
pub mod deck;
pub mod demo;
pub mod key_harvest;
pub mod records;
pub mod replay;
pub mod review;
pub mod run;
pub mod simulate;

use anyhow::Context;
use farmhand::games::fields_of_green::Deck;
use std::path::Path;
use std::sync::Arc;

/// The embedded deck, or the deck file at `path`. Errors name the file and, for a bad deck, the
/// card and field (`DeckError`).
pub fn load_deck(path: Option<&Path>) -> anyhow::Result<Arc<Deck>> {
    let Some(path) = path else {
        return Ok(Deck::default_deck());
    };
    let text = farmhand::input::read_text(path, farmhand::input::cap::DECK)
        .with_context(|| format!("cannot read deck file {}", path.display()))?;
    let deck =
        Deck::from_toml(&text).with_context(|| format!("invalid deck file {}", path.display()))?;
    Ok(Arc::new(deck))
}

/// True when the error is a write to a closed pipe (`farmhand deck show | head`).
pub fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

/// Seat names for printed games: `P1`, `P2`, ... (short, so score pad columns stay narrow).
pub fn seat_names(players: usize) -> Vec<String> {
    (1..=players).map(|i| format!("P{i}")).collect()
}

/// Which game a command plays (`--game`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum GameKind {
    /// Fields of Green (card drafting).
    #[default]
    FieldsOfGreen,
    /// Key Harvest (land-registry bidding on a hex board).
    KeyHarvest,
}

/// Writes a scenario (pretty JSON) to `path`, as `/fog export` and `/kh export` do.
pub fn save_scenario(path: &Path, scenario: &serde_json::Value) -> anyhow::Result<()> {
    let mut text = serde_json::to_string_pretty(scenario)?;
    text.push('\n');
    std::fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))
}

/// The arenas' statistics, shared with the engines' own examples.
pub use farmhand::games::stats::{quantile, wilson};

/// The CPU model from /proc/cpuinfo (Linux), or `unknown`.
pub fn cpu_model() -> String {
    let info = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    info.lines()
        .find(|l| l.starts_with("model name"))
        .and_then(|l| l.split_once(':'))
        .map_or("unknown".to_string(), |(_, m)| m.trim().to_string())
}
