//! `farmhand replay FILE` for Fields of Green: plays a scenario (`replay::Scenario`, JSON) and
//! prints the `replay::Report` as pretty JSON. Actions the engine refuses are part of the report
//! (with their index), not a failure: a scenario may show a refusal on purpose.

use crate::cli::replay::Args;
use crate::games::fields_of_green::replay;
use anyhow::Context;
use std::io::Write;

/// Runs `farmhand replay` for Fields of Green.
pub fn run(args: &Args) -> anyhow::Result<()> {
    if args.text {
        anyhow::bail!("--text is for Key Harvest scenarios (add --game key-harvest)");
    }
    let path = &args.file;
    let text = crate::input::read_text(path, crate::input::cap::SCENARIO)
        .with_context(|| format!("cannot read scenario {}", path.display()))?;
    let (scenario, deck) = super::read_scenario(path, &text, args.deck.as_deref())?;
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
