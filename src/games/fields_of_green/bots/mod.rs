//! Computer players for Fields of Green (issue #5): the exact harvest planner, a fast heuristic
//! bot and a search bot, all pure (no clock, no I/O; the CLI measures time).
//!
//! The information rule: a bot decides from its seat's [`PlayerView`] only. It never sees another
//! hand, a face-down selection, the order of a pile or of the Equipment stack. The search bot
//! builds complete games for its rollouts by sampling the hidden parts consistently with the view
//! ([`determinize`]).

pub mod determinize;
pub mod heuristic;
pub mod planner;
pub mod search;
pub mod stress;

use super::action::Action;
use super::cards::Deck;
use super::farm::{Cell, CellCard, Farm};
use super::view::{FarmView, PlayerView};
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

/// A computer player. `decide` is called only when the game waits for the seat, and must return
/// one of `view.legal` or an action the engine accepts in its place (the planner names the Water
/// Towers paying a harvest, which the listed actions leave to the engine's default).
pub trait Bot {
    /// A short name for tables: `heuristic`, `search:200`.
    fn name(&self) -> String;
    /// The seat's next action, from what the seat can see. `rng` is the bot's own random stream:
    /// the same view, deck and stream give the same action.
    fn decide(&mut self, view: &PlayerView, deck: &Arc<Deck>, rng: &mut ChaCha8Rng) -> Action;
}

/// Which bot to build, as written on the command line: `random`, `heuristic`, `search` or
/// `search:N` (N rollouts per decision).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BotSpec {
    Random,
    Heuristic,
    Search { rollouts: u32 },
}

/// Rollouts per decision of a plain `search`.
pub const DEFAULT_ROLLOUTS: u32 = 200;

impl BotSpec {
    /// Parses `random`, `heuristic`, `search`, `search:N`.
    pub fn parse(text: &str) -> Result<BotSpec, String> {
        let text = text.trim();
        match text.split_once(':') {
            None => match text {
                "random" => Ok(BotSpec::Random),
                "heuristic" => Ok(BotSpec::Heuristic),
                "search" => Ok(BotSpec::Search {
                    rollouts: DEFAULT_ROLLOUTS,
                }),
                _ => Err(format!(
                    "unknown bot {text:?}: use random, heuristic, search or search:N"
                )),
            },
            Some(("search", n)) => match n.parse::<u32>() {
                Ok(r) if (1..=1_000_000).contains(&r) => Ok(BotSpec::Search { rollouts: r }),
                _ => Err(format!(
                    "search:{n}: the number of rollouts must be 1 to 1000000"
                )),
            },
            Some(_) => Err(format!(
                "unknown bot {text:?}: use random, heuristic, search or search:N"
            )),
        }
    }

    /// The bot this spec names.
    pub fn build(&self) -> Box<dyn Bot + Send> {
        match *self {
            BotSpec::Random => Box::new(RandomBot),
            BotSpec::Heuristic => Box::new(heuristic::HeuristicBot::default()),
            BotSpec::Search { rollouts } => Box::new(search::SearchBot::new(rollouts)),
        }
    }
}

impl std::fmt::Display for BotSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BotSpec::Random => write!(f, "random"),
            BotSpec::Heuristic => write!(f, "heuristic"),
            BotSpec::Search { rollouts } => write!(f, "search:{rollouts}"),
        }
    }
}

/// Uniformly random legal actions (a baseline), harvesting with the planner so its farm is not
/// mostly Open Areas.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomBot;

impl Bot for RandomBot {
    fn name(&self) -> String {
        "random".into()
    }

    fn decide(&mut self, view: &PlayerView, deck: &Arc<Deck>, rng: &mut ChaCha8Rng) -> Action {
        use rand::seq::IndexedRandom;
        if let Some(a) = planner::harvest_step(deck, view) {
            return a;
        }
        view.legal
            .choose(rng)
            .cloned()
            .expect("the game waits for this seat, so it has a legal action")
    }
}

/// The seat's farm rebuilt from its public view (design and tile ids back to indices). Returns
/// None when an id is not in `deck` (a view of another deck).
pub fn farm_from_view(deck: &Deck, view: &FarmView) -> Option<Farm> {
    let mut cells = Vec::with_capacity(view.cells.len());
    for c in &view.cells {
        let card = match c.card.as_str() {
            "water_tower" => CellCard::WaterTower,
            "silo" => CellCard::Silo,
            id => CellCard::Location(deck.location_by_id(id)?),
        };
        let mut equipment = Vec::with_capacity(c.equipment.len());
        for e in &c.equipment {
            equipment.push(deck.equipment_by_id(e)?);
        }
        cells.push(Cell {
            pos: c.pos,
            card,
            face_up: c.face_up,
            water: c.water,
            equipment,
        });
    }
    Some(Farm { cells })
}
