//! Key Harvest scenarios: a setup (players, seed, optional board file) and a list of decisions,
//! replayed to a JSON report. A public format (bug reports, tests, saved games), documented in
//! `tests/scenarios/README.md` with examples in `tests/scenarios/key_harvest/`.

use super::action::Action;
use super::board::Board;
use super::event::Event;
use super::game::{Game, Options, SetupError};
use super::pieces::Seat;
use super::view::PublicView;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// A scenario file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// 2-4.
    pub players: u8,
    /// The game's one seed (KH setup draws and every draw from the bag).
    pub seed: u64,
    /// Optional path of a board file, relative to the scenario (read by the CLI; the standard
    /// board otherwise).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<String>,
    /// The players' names by seat, for people reading an exported game (`/kh export`); the
    /// replay ignores them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub names: Vec<String>,
    #[serde(default)]
    pub actions: Vec<SeatAction>,
}

/// One decision of one seat, in order: `{"seat": 1, "action": {"type": "end_turn"}}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatAction {
    pub seat: Seat,
    pub action: Action,
}

/// The events one accepted decision caused.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Step {
    pub index: usize,
    pub seat: Seat,
    pub events: Vec<Event>,
}

/// A decision the engine refused; the game is unchanged by it and the replay goes on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rejected {
    pub index: usize,
    pub seat: Seat,
    pub kind: String,
    pub error: String,
}

/// What a replay produced.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Report {
    /// The setup events (all public ones; starting counters of 3-4 players included, since a
    /// replay is read by whoever holds the whole file).
    pub setup: Vec<Event>,
    pub steps: Vec<Step>,
    pub rejected: Vec<Rejected>,
    /// Who must decide next, and what (absent once the game is over).
    pub ended: bool,
    pub view: PublicView,
}

/// Plays a scenario on `board`.
pub fn replay(board: Arc<Board>, scenario: &Scenario) -> Result<(Game, Report), SetupError> {
    let (mut game, setup) = Game::new(
        board,
        &Options {
            players: scenario.players,
        },
        scenario.seed,
    )?;
    let mut steps = Vec::new();
    let mut rejected = Vec::new();
    for (index, sa) in scenario.actions.iter().enumerate() {
        match game.apply(sa.seat, &sa.action) {
            Ok(events) => steps.push(Step {
                index,
                seat: sa.seat,
                events,
            }),
            Err(e) => rejected.push(Rejected {
                index,
                seat: sa.seat,
                kind: sa.action.kind().to_string(),
                error: e.to_string(),
            }),
        }
    }
    let report = Report {
        setup,
        steps,
        rejected,
        ended: game.is_over(),
        view: game.public_view(),
    };
    Ok((game, report))
}
