//! `farmhand review FILE [--png CHART]`: the coach's review of a finished game (issue 30), from
//! a scenario as `/fog export`, `/kh export` and `farmhand simulate --save` write it. Prints each
//! seat's three costliest decisions against the game's strong bot, one plain sentence each named
//! as the game names the moment ("Year 4 · turn 3", "Round 5, bid"), and draws the chart of each
//! seat's expected final score after every turn. The game is told from the file's shape
//! ([`super::Commands::is_scenario`]). Its progress goes to stderr as it works (issue 43:
//! a long review was silent), one line a year or a few rounds.

use super::Commands;
use crate::games::Engine;
use crate::games::coach::{self, Review};
use crate::host::Kind;
use crate::render::coach::{Periods, chart_png, decision_of, drawn_text};
use anyhow::{Context, bail};
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

/// Options of `farmhand review`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The scenario of a finished game (JSON).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// Also draw the chart (PNG) of each seat's expected final score after every turn (the rest
    /// of the game played by the heuristic bot in every seat; the last point is the final score).
    #[arg(long, value_name = "CHART")]
    pub png: Option<PathBuf>,
    /// Fields of Green deck file; overrides the scenario's `deck`.
    #[arg(long, value_name = "FILE")]
    pub deck: Option<PathBuf>,
    /// Key Harvest board file; overrides the scenario's `board`.
    #[arg(long, value_name = "FILE")]
    pub board: Option<PathBuf>,
}

/// A decision in words: when it was, what the seat did, what the bot would have done.
pub type Words = (String, String, String);

/// Progress for stderr: a line when the review starts, then one each time the game reaches a
/// new year (Fields of Green) or every fourth round (Key Harvest), with the time so far.
struct Progress {
    started: Instant,
    last: Option<u32>,
    periods: Periods,
}

impl Progress {
    fn new(game: &str, players: usize, actions: usize, periods: Periods) -> Progress {
        eprintln!(
            "reviewing {game}, {players} players, {actions} actions: the strong bot weighs every decision again"
        );
        Progress {
            started: Instant::now(),
            last: None,
            periods,
        }
    }

    /// Told after each action with the game as it then stands.
    fn tell<E: Engine>(&mut self, game: &E, done: usize, total: usize) {
        let (period, _) = game.chapter();
        let shown = match self.periods {
            Periods::Years => period,
            Periods::Rounds => period / 4,
        };
        let seconds = self.started.elapsed().as_secs_f64();
        if done == total {
            eprintln!("  all {total} actions reviewed, {seconds:.1} s");
        } else if self.last.is_some_and(|l| l != shown) {
            let at = match self.periods {
                Periods::Years => format!("year {period}"),
                Periods::Rounds => format!("round {period}"),
            };
            eprintln!("  {at} begins: {done}/{total} actions reviewed, {seconds:.1} s");
        }
        self.last = Some(shown);
    }
}

/// Runs `farmhand review`.
pub fn run(args: &Args) -> anyhow::Result<()> {
    let path = &args.file;
    let text = crate::input::read_text(path, crate::input::cap::SCENARIO)
        .with_context(|| format!("cannot read scenario {}", path.display()))?;
    let value: serde_json::Value = crate::input::json(&text)
        .map_err(|e| anyhow::anyhow!("invalid scenario {}: {e}", path.display()))?;
    let Some(kind) = game_of(&value) else {
        bail!("{} is not the scenario of any game", path.display());
    };
    let started = Instant::now();
    let (review, names, game_name, periods) =
        crate::on_kind!(kind, G => review_as::<G>(args, &text)?);
    let elapsed = started.elapsed().as_secs_f64();
    let names = names_or_default(&names, review.players);
    print(&review, &names, game_name)?;
    eprintln!("{} decisions priced in {elapsed:.1} s", review.priced);
    if let Some(chart) = &args.png {
        let text = drawn_text(Some(periods));
        let png = chart_png(&review.curve, &review.periods, &names, &text)
            .context("drawing the chart")?;
        std::fs::write(chart, png).with_context(|| format!("cannot write {}", chart.display()))?;
    }
    Ok(())
}

/// The game of a scenario: the one its `game` field names, if any (a game whose files would
/// otherwise look like another's names itself), else the first game of the list that reads the
/// file's shape as its own.
fn game_of(scenario: &serde_json::Value) -> Option<Kind> {
    if let Some(kind) = scenario
        .get("game")
        .and_then(|g| g.as_str())
        .and_then(Kind::parse)
    {
        return Some(kind);
    }
    Kind::ALL
        .iter()
        .copied()
        .find(|&k| crate::on_kind!(k, G => <G as Commands>::is_scenario(scenario)))
}

/// What a game's review needs of its scenario: the game as set up, the actions played, the
/// seats' names and the components the game is played with.
pub struct Start<G: Engine> {
    pub game: G,
    pub actions: Vec<(usize, G::Action)>,
    pub names: Vec<String>,
    pub rules: std::sync::Arc<G::Rules>,
}

/// The review of the scenario `text` (of the file `args.file`) of game `G`.
fn review_as<G: Commands>(
    args: &Args,
    text: &str,
) -> anyhow::Result<(Review<Words>, Vec<String>, &'static str, Periods)> {
    let path = &args.file;
    let Start {
        game,
        actions,
        names,
        rules,
    } = G::review_start(args, text)?;
    let mut progress = Progress::new(G::NAME, Engine::players(&game), actions.len(), G::PERIODS);
    let review = coach::review(
        game,
        &actions,
        coach::REVIEW_WORLDS,
        |g: &G, seat, chosen, best| G::words(&rules, &names, g, seat, chosen, best),
        |g: &G, done, total| progress.tell(g, done, total),
    )
    .map_err(|e| anyhow::anyhow!("cannot review {}: {e}", path.display()))?;
    Ok((review, names, G::NAME, G::PERIODS))
}

fn print(review: &Review<Words>, names: &[String], game: &str) -> anyhow::Result<()> {
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "{game}, {} players: each seat's costliest decisions against the bot",
        review.players
    )?;
    for (seat, decisions) in review.costliest.iter().enumerate() {
        let name = &names[seat];
        let last = review.curve.last().and_then(|p| p.get(seat)).copied();
        writeln!(
            out,
            "\n{name} (final score {})",
            last.map_or("?".to_string(), |v| format!("{v:.0}"))
        )?;
        if decisions.is_empty() {
            writeln!(out, "  no decision cost points against the bot's choice")?;
        }
        for d in decisions {
            let (when, chosen, best) = &d.words;
            writeln!(out, "  {}", decision_of(name, when, chosen, best, d.cost))?;
        }
    }
    Ok(())
}

/// The scenario's names, or `Player N` for a seat without one.
pub fn names_or_default(names: &[String], players: usize) -> Vec<String> {
    (0..players)
        .map(|s| crate::render::seat_name(names, s))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::TableSetup;

    /// Every game's own scenario (as `/fog export`, `/kh export` and `simulate --save` write it)
    /// is reviewed as that game's, whatever the order of the list.
    #[test]
    fn each_games_scenario_is_told_as_its_own() {
        for &kind in Kind::ALL {
            let scenario = crate::on_kind!(kind, G => {
                let players = *G::PLAYERS.start();
                let setup = TableSetup {
                    players,
                    intro: false,
                    seed: 3,
                };
                G::scenario(&setup, &super::super::seat_names(players), Vec::new())
            });
            assert_eq!(game_of(&scenario), Some(kind), "{}", kind.name());
        }
    }
}
