//! Scenarios: a setup and a list of actions, replayed to a JSON report. This is a public format
//! (bug reports, tests, saved games); README.md documents it and `tests/scenarios/` holds
//! examples.

use super::action::Action;
use super::cards::Deck;
use super::event::Event;
use super::game::{Game, Phase, ScorePad, Setup, SetupError, TieBreak};
use super::view::FarmView;
use serde::{Deserialize, Serialize};
use smol_str::SmolStr;
use std::sync::Arc;

/// A scenario file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// Optional path of a deck file (read by the CLI; the default deck otherwise).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deck: Option<String>,
    pub setup: Setup,
    /// The players' names by seat, for people reading an exported game (`/fog export`); the
    /// replay ignores them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub names: Vec<String>,
    #[serde(default)]
    pub actions: Vec<SeatAction>,
}

/// One action of one seat, in the order they are applied (ruling 9: first submitted, first
/// applied). In JSON the seat sits beside the action's own fields:
/// `{"seat": 0, "type": "market", "food": 1}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeatAction {
    pub seat: usize,
    #[serde(flatten)]
    pub action: Action,
}

impl<'de> Deserialize<'de> for SeatAction {
    /// Takes `seat` out and reads the rest as an [`Action`], so a misspelt field is an error
    /// (serde's `flatten` would silently ignore it).
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<SeatAction, D::Error> {
        use serde::de::Error;
        let mut map = serde_json::Map::deserialize(d)?;
        let seat = map
            .remove("seat")
            .ok_or_else(|| D::Error::missing_field("seat"))?;
        let seat = usize::deserialize(seat).map_err(D::Error::custom)?;
        let action =
            Action::deserialize(serde_json::Value::Object(map)).map_err(D::Error::custom)?;
        Ok(SeatAction { seat, action })
    }
}

/// The events one applied action caused.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Step {
    pub index: usize,
    pub seat: usize,
    pub events: Vec<Event>,
}

/// An action the engine refused (the game is unchanged by it; the replay goes on).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rejected {
    pub index: usize,
    pub seat: usize,
    pub error: String,
}

/// A seat's whole state at the end of the replay, private parts included.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatReport {
    pub seat: usize,
    pub coins: u32,
    pub food: u32,
    pub vp_tokens: u32,
    pub hand: Vec<SmolStr>,
    pub selected: Option<SmolStr>,
    pub revealed: Option<SmolStr>,
    pub offer: Vec<SmolStr>,
    pub set_aside: Vec<SmolStr>,
    pub farm: FarmView,
    pub legal: Vec<Action>,
}

/// What `farmhand replay` prints.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Report {
    /// Events of the game's start.
    pub start: Vec<Event>,
    pub steps: Vec<Step>,
    pub rejected: Vec<Rejected>,
    pub year: u8,
    pub phase: Phase,
    pub seats: Vec<SeatReport>,
    pub scores: Option<Vec<ScorePad>>,
    pub winners: Option<(Vec<usize>, TieBreak)>,
}

/// Plays a scenario. Refused actions are reported and skipped.
pub fn replay(deck: Arc<Deck>, scenario: &Scenario) -> Result<(Game, Report), SetupError> {
    let (mut game, start) = Game::start(deck, scenario.setup.clone())?;
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
                error: e.to_string(),
            }),
        }
    }
    let report = Report {
        start,
        steps,
        rejected,
        year: game.year(),
        phase: game.phase().clone(),
        seats: (0..game.players()).map(|s| seat_report(&game, s)).collect(),
        scores: game.scores().map(<[ScorePad]>::to_vec),
        winners: game.winners(),
    };
    Ok((game, report))
}

fn seat_report(game: &Game, seat: usize) -> SeatReport {
    let view = game.player_view(seat);
    let me = &view.table.seats[seat];
    SeatReport {
        seat,
        coins: me.coins,
        food: me.food,
        vp_tokens: me.vp_tokens,
        hand: view.hand,
        selected: view.selected,
        revealed: me.revealed.clone(),
        offer: view.offer,
        set_aside: me.set_aside.clone(),
        farm: me.farm.clone(),
        legal: view.legal,
    }
}
