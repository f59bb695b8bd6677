//! Hay Wagons, the game compiled only for the tests (feature `test-game`, issue 40): it exists to
//! prove that a third game plugs into the host through the one list (`host::for_each_game!`)
//! and its own folders, and plays whole games through the service, the store, the engine
//! harness and the fake Discord. It is small, but a real game with real rules:
//!
//! - **HW 1 (set-up).** A row of [`Field::bales`] hay bales lies across the field, west to east,
//!   each weighing 1 to [`Field::heaviest`] (the seed's dice). Two players, each with an empty
//!   wagon; the first seat loads first.
//! - **HW 2 (a turn).** The player whose turn it is loads one bale from either end of the row,
//!   the west end or the east end, onto their wagon. (With one bale left, both ends are that
//!   bale.)
//! - **HW 3 (turns).** Turns alternate until the row is empty.
//! - **HW 4 (the end).** The heavier wagon wins; wagons of equal weight share the win.
//!
//! Nothing is hidden and nothing is left to chance after the set-up, so the best play is
//! computed exactly (the margin of every stretch of the row, [`margin`]): the search bot, the
//! coach's ranking and the projection are exact, not estimates.

use crate::{Engine, SeatResult, TableSetup};
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// The printed components: how many bales the row has and how heavy a bale can be.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Field {
    pub bales: usize,
    pub heaviest: u8,
}

impl Field {
    /// The field the game is played on: twelve bales of 1 to 6 (six loads each, HW 1).
    pub fn standard() -> Arc<Field> {
        Arc::new(Field {
            bales: 12,
            heaviest: 6,
        })
    }
}

/// An end of the row (HW 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum End {
    West,
    East,
}

impl End {
    pub const BOTH: [End; 2] = [End::West, End::East];
}

/// A player's decision: load the bale at one end of the row (HW 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    Load(End),
}

/// What happened, for the log and the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// The row as laid out (HW 1), west to east.
    RowLaid { bales: Vec<u8> },
    /// `seat` loaded the bale of `weight` from `end` (HW 2).
    Loaded { seat: usize, end: End, weight: u8 },
    /// The row is empty (HW 4): the wagons' weights by seat, and the winners.
    GameEnded {
        wagons: [u32; 2],
        winners: Vec<usize>,
    },
}

/// Why an action was refused (nothing changes).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    #[error("the game is over: the row is empty")]
    Over,
    #[error("seat {seat} is not at this table")]
    NoSuchSeat { seat: usize },
    #[error("it is seat {turn}'s turn, not seat {seat}'s")]
    NotYourTurn { seat: usize, turn: usize },
}

/// The stored game: the row as laid out, the stretch of it still lying in the field
/// (`row[west..east]`), and each wagon's weight.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Snapshot {
    pub row: Vec<u8>,
    pub west: usize,
    pub east: usize,
    pub wagons: [u32; 2],
}

/// What anyone sees (everything: the game hides nothing).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    /// The bales still in the field, west to east.
    pub row: Vec<u8>,
    pub wagons: [u32; 2],
    /// The seat whose turn it is; `None` once the game is over.
    pub turn: Option<usize>,
}

/// The set-up of a scenario file or an export (`farmhand replay --game hay-wagons`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// Always [`Game::KIND`]: a scenario says which game it is.
    pub game: String,
    pub seed: u64,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub names: Vec<String>,
    #[serde(default)]
    pub actions: Vec<SeatAction>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatAction {
    pub seat: usize,
    pub action: Action,
}

/// Plays a scenario on `field` from its seed; the game and every event.
pub fn replay(field: &Arc<Field>, scenario: &Scenario) -> Result<(Game, Vec<Event>), String> {
    if scenario.game != Game::KIND {
        return Err(format!(
            "a scenario of {:?}, not of {}",
            scenario.game,
            Game::KIND
        ));
    }
    let setup = TableSetup {
        players: 2,
        intro: false,
        seed: scenario.seed,
    };
    let (mut game, mut events) = Game::start(field, &setup)?;
    for (k, a) in scenario.actions.iter().enumerate() {
        let more = game
            .apply(a.seat, &a.action)
            .map_err(|e| format!("action {} ({:?} by seat {}): {e}", k + 1, a.action, a.seat))?;
        events.extend(more);
    }
    Ok((game, events))
}

#[derive(Clone, Debug)]
pub struct Game {
    field: Arc<Field>,
    row: Vec<u8>,
    west: usize,
    east: usize,
    wagons: [u32; 2],
}

/// The best margin the player to move can secure over the other from the bales `row`, both
/// playing their best: take an end, then the other player's best margin on the rest counts
/// against you. Exact, by the stretches of the row from the shortest up (n² / 2 of them).
pub fn margin(row: &[u8]) -> i32 {
    let n = row.len();
    // best[i] after the pass for length `len`: the margin on row[i..i + len].
    let mut best = vec![0i32; n + 1];
    for len in 1..=n {
        for i in 0..=n - len {
            let west = i32::from(row[i]) - best[i + 1];
            let east = i32::from(row[i + len - 1]) - best[i];
            best[i] = west.max(east);
        }
    }
    best[0]
}

impl Game {
    pub fn field(&self) -> &Arc<Field> {
        &self.field
    }

    /// The bales still in the field, west to east.
    pub fn row(&self) -> &[u8] {
        &self.row[self.west..self.east]
    }

    /// Each wagon's weight, by seat.
    pub fn wagons(&self) -> [u32; 2] {
        self.wagons
    }

    /// Bales loaded so far.
    pub fn loaded(&self) -> usize {
        self.row.len() - self.row().len()
    }

    /// The seat whose turn it is (HW 3); `None` once the row is empty.
    pub fn turn(&self) -> Option<usize> {
        (!self.row().is_empty()).then(|| self.loaded() % 2)
    }

    /// The bale at `end` of the row.
    pub fn bale(&self, end: End) -> Option<u8> {
        match end {
            End::West => self.row().first().copied(),
            End::East => self.row().last().copied(),
        }
    }

    /// The winners once the row is empty (HW 4): the heavier wagon, or both when equal.
    pub fn winners(&self) -> Vec<usize> {
        if !self.row().is_empty() {
            return Vec::new();
        }
        let top = self.wagons.iter().copied().max().unwrap_or(0);
        (0..2).filter(|&s| self.wagons[s] == top).collect()
    }

    pub fn view(&self) -> View {
        View {
            row: self.row().to_vec(),
            wagons: self.wagons,
            turn: self.turn(),
        }
    }

    /// The seat's final margin over the other if it takes `action` now and both play their best
    /// afterwards (`None` when it is not the seat's turn).
    pub fn margin_after(&self, seat: usize, action: &Action) -> Option<i32> {
        if self.turn() != Some(seat) {
            return None;
        }
        let Action::Load(end) = *action;
        let bale = self.bale(end)?;
        let rest = match end {
            End::West => &self.row()[1..],
            End::East => &self.row()[..self.row().len() - 1],
        };
        let now = self.wagons[seat] as i32 - self.wagons[1 - seat] as i32;
        Some(now + i32::from(bale) - margin(rest))
    }

    /// The action `bot` takes for the seat whose turn it is: `random` (any end), `heuristic`
    /// (the heavier end, the west one on equal weights), `search` (the best end by [`margin`];
    /// the west one when both are as good).
    fn decide(&self, seat: usize, bot: &str, rng: &mut ChaCha8Rng) -> Result<Action, String> {
        if self.turn() != Some(seat) {
            return Err(format!("seat {seat} has no decision to make"));
        }
        let west = Action::Load(End::West);
        let east = Action::Load(End::East);
        Ok(match bot {
            "random" => *[west, east].choose(rng).expect("two ends"),
            "heuristic" => {
                if self.bale(End::East) > self.bale(End::West) {
                    east
                } else {
                    west
                }
            }
            "search" => {
                if self.margin_after(seat, &east) > self.margin_after(seat, &west) {
                    east
                } else {
                    west
                }
            }
            other => return Err(format!("no Hay Wagons bot is called {other:?}")),
        })
    }
}

impl Engine for Game {
    const KIND: &'static str = "hay-wagons";
    const NAME: &'static str = "Hay Wagons";
    const PLAYERS: std::ops::RangeInclusive<usize> = 2..=2;
    const BOTS: &'static [&'static str] = &["random", "heuristic", "search"];

    type Rules = Field;
    type Action = Action;
    type Event = Event;
    type Error = Refusal;
    type Snapshot = Snapshot;
    /// Bales loaded: every action is a turn of its own.
    type Stage = usize;

    fn start(field: &Arc<Field>, setup: &TableSetup) -> Result<(Game, Vec<Event>), String> {
        if !Self::PLAYERS.contains(&setup.players) {
            return Err(format!(
                "Hay Wagons is for 2 players, not {}",
                setup.players
            ));
        }
        if field.bales == 0 || field.heaviest == 0 {
            return Err("a field needs bales, each of some weight".to_string());
        }
        let mut rng = ChaCha8Rng::seed_from_u64(setup.seed);
        let row: Vec<u8> = (0..field.bales)
            .map(|_| rng.random_range(1..=field.heaviest))
            .collect();
        let game = Game {
            field: field.clone(),
            west: 0,
            east: row.len(),
            row: row.clone(),
            wagons: [0, 0],
        };
        Ok((game, vec![Event::RowLaid { bales: row }]))
    }

    fn snapshot(&self) -> Snapshot {
        Snapshot {
            row: self.row.clone(),
            west: self.west,
            east: self.east,
            wagons: self.wagons,
        }
    }

    fn restore(field: &Arc<Field>, s: Snapshot) -> Result<Game, String> {
        let game = Game {
            field: field.clone(),
            row: s.row,
            west: s.west,
            east: s.east,
            wagons: s.wagons,
        };
        game.check_invariants()?;
        Ok(game)
    }

    fn players(&self) -> usize {
        2
    }

    fn waiting_for(&self) -> Vec<usize> {
        self.turn().into_iter().collect()
    }

    fn is_over(&self) -> bool {
        self.row().is_empty()
    }

    fn results(&self) -> Option<Vec<SeatResult>> {
        if !self.is_over() {
            return None;
        }
        let winners = self.winners();
        Some(
            (0..2)
                .map(|s| SeatResult {
                    score: self.wagons[s],
                    won: winners.contains(&s),
                    place: 1 + (0..2).filter(|&o| self.wagons[o] > self.wagons[s]).count() as u32,
                    // No cards or crops to favour: every bale is hay.
                    favourites: Vec::new(),
                })
                .collect(),
        )
    }

    fn stage(&self) -> usize {
        self.loaded()
    }

    fn apply(&mut self, seat: usize, action: &Action) -> Result<Vec<Event>, Refusal> {
        if seat >= 2 {
            return Err(Refusal::NoSuchSeat { seat });
        }
        let Some(turn) = self.turn() else {
            return Err(Refusal::Over);
        };
        if seat != turn {
            return Err(Refusal::NotYourTurn { seat, turn });
        }
        let Action::Load(end) = *action;
        let weight = match end {
            End::West => {
                self.west += 1;
                self.row[self.west - 1]
            }
            End::East => {
                self.east -= 1;
                self.row[self.east]
            }
        };
        self.wagons[seat] += u32::from(weight);
        let mut events = vec![Event::Loaded { seat, end, weight }];
        if self.is_over() {
            events.push(Event::GameEnded {
                wagons: self.wagons,
                winners: self.winners(),
            });
        }
        Ok(events)
    }

    /// A load draws nothing and hides nothing: it may be taken back unless it emptied the row
    /// (the game's end is final).
    fn undoable(&self, after: &Game, _seat: usize, _action: &Action, _events: &[Event]) -> bool {
        !after.is_over()
    }

    fn legal_sample(&self, seat: usize, _rng: &mut ChaCha8Rng) -> Vec<Action> {
        if self.turn() == Some(seat) {
            End::BOTH.iter().map(|&e| Action::Load(e)).collect()
        } else {
            Vec::new()
        }
    }

    fn listed(&self, seat: usize, _action: &Action) -> bool {
        self.turn() == Some(seat)
    }

    fn check_invariants(&self) -> Result<(), String> {
        if self.row.len() != self.field.bales {
            return Err(format!(
                "a row of {} bales on a field of {}",
                self.row.len(),
                self.field.bales
            ));
        }
        if let Some(b) = self
            .row
            .iter()
            .find(|&&b| b == 0 || b > self.field.heaviest)
        {
            return Err(format!("a bale of weight {b}"));
        }
        if self.west > self.east || self.east > self.row.len() {
            return Err(format!(
                "the row lies from {} to {} of {}",
                self.west,
                self.east,
                self.row.len()
            ));
        }
        let field: u32 = self.row.iter().map(|&b| u32::from(b)).sum();
        let lying: u32 = self.row().iter().map(|&b| u32::from(b)).sum();
        if self.wagons[0] + self.wagons[1] != field - lying {
            return Err(format!(
                "the wagons hold {} but {} was loaded",
                self.wagons[0] + self.wagons[1],
                field - lying
            ));
        }
        Ok(())
    }

    fn player_view_json(&self, _seat: usize) -> String {
        self.public_view_json()
    }

    fn public_view_json(&self) -> String {
        serde_json::to_string(&self.view()).expect("a view serializes")
    }

    fn scenario(
        setup: &TableSetup,
        names: &[String],
        actions: Vec<(usize, Action)>,
    ) -> serde_json::Value {
        let scenario = Scenario {
            game: Self::KIND.to_string(),
            seed: setup.seed,
            names: names.to_vec(),
            actions: actions
                .into_iter()
                .map(|(seat, action)| SeatAction { seat, action })
                .collect(),
        };
        serde_json::to_value(scenario).expect("a scenario serializes")
    }

    fn valid_bot(bot: &str) -> Result<(), String> {
        if Self::BOTS.contains(&bot) {
            Ok(())
        } else {
            Err(format!(
                "no Hay Wagons bot is called {bot:?} (there are {})",
                Self::BOTS.join(", ")
            ))
        }
    }

    fn bot_action(&self, seat: usize, bot: &str, rng: &mut ChaCha8Rng) -> Result<Action, String> {
        self.decide(seat, bot, rng)
    }

    /// Exact: every end, with the final margin it secures under best play from both sides
    /// (`worlds` and `rng` are not needed: nothing is hidden or left to chance).
    fn coach_rank(
        &self,
        seat: usize,
        _also: Option<&Action>,
        _worlds: usize,
        _rng: &mut ChaCha8Rng,
    ) -> Vec<(Action, f64)> {
        let mut ranked: Vec<(Action, f64)> = End::BOTH
            .iter()
            .filter_map(|&e| {
                let a = Action::Load(e);
                Some((a, f64::from(self.margin_after(seat, &a)?)))
            })
            .collect();
        // Stable: the west end first when both are as good, as the search bot chooses.
        ranked.sort_by(|a, b| b.1.total_cmp(&a.1));
        ranked
    }

    /// Exact: the bales still lying shared as best play shares them.
    fn projection(&self) -> Vec<f64> {
        let mut out: Vec<f64> = self.wagons.iter().map(|&w| f64::from(w)).collect();
        if let Some(turn) = self.turn() {
            let lying: i32 = self.row().iter().map(|&b| i32::from(b)).sum();
            let m = margin(self.row());
            out[turn] += f64::from(lying + m) / 2.0;
            out[1 - turn] += f64::from(lying - m) / 2.0;
        }
        out
    }

    /// Rounds of two loads, and the load within the round (a round past the last once over).
    fn chapter(&self) -> (u32, u32) {
        let loaded = self.loaded() as u32;
        (loaded / 2 + 1, loaded % 2 + 1)
    }
}
