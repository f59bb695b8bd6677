//! Events: the public log of a game. They carry no hidden information (no hand, no pile order,
//! no Equipment tiles drawn but not kept), so they can be shown to everyone and stored as the
//! game's history.

use super::effects::Pile;
use super::farm::Pos;
use serde::{Deserialize, Serialize};
use smol_str::SmolStr;

/// Pass direction for a year (ruling 6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Direction {
    /// Clockwise: seat i passes to seat i+1 (years 1 and 3).
    Left,
    /// Counter-clockwise: seat i passes to seat i-1 (years 2 and 4).
    Right,
}

/// Resources that changed hands in one step, for the log.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Delta {
    #[serde(default, skip_serializing_if = "is_zero")]
    pub coins: u32,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub water: u32,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub food: u32,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub vp: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl Delta {
    pub fn is_empty(&self) -> bool {
        *self == Delta::default()
    }
}

/// One thing that happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    YearStarted {
        year: u8,
        first_player: usize,
        direction: Direction,
    },
    /// Upkeep income (ruling 3); `food_lost`/`water_lost` did not fit.
    Income {
        seat: usize,
        coins: u32,
        water: u32,
        food: u32,
        water_lost: u32,
        food_lost: u32,
    },
    /// Income Water waits for the player to say which towers get it.
    WaterToPlace {
        seat: usize,
        water: u32,
    },
    WaterPlaced {
        seat: usize,
        towers: Vec<Pos>,
    },
    /// A pile split (public, ruling 4).
    Drew {
        seat: usize,
        split: [u8; 4],
    },
    PileEmptied {
        pile: Pile,
    },
    /// 2 players: the year's 12 cards were shuffled and these turned face up (ruling 21).
    TurnedFaceUp {
        cards: Vec<SmolStr>,
    },
    /// A seat chose (or changed) its face-down card.
    Selected {
        seat: usize,
    },
    /// All selected cards, by seat, turned face up at once (ruling 7). `None` for a seat with no
    /// card this turn (only when the piles ran short, ruling 4).
    Revealed {
        turn: u8,
        cards: Vec<Option<SmolStr>>,
    },
    HandsPassed {
        direction: Direction,
    },
    /// 2 players: a face-up card was taken.
    Picked {
        seat: usize,
        card: SmolStr,
    },
    Built {
        seat: usize,
        card: SmolStr,
        pos: Pos,
        paid: Delta,
    },
    BuiltWaterTower {
        seat: usize,
        pos: Pos,
        discarded: SmolStr,
        paid: Delta,
    },
    BuiltSilo {
        seat: usize,
        pos: Pos,
        discarded: SmolStr,
    },
    WentToMarket {
        seat: usize,
        discarded: SmolStr,
        food_sold: u32,
        coins: u32,
    },
    Restored {
        seat: usize,
        pos: Pos,
        card: SmolStr,
        discarded: SmolStr,
    },
    /// An ability gave resources; `food_lost` is Food that did not fit in the Silos.
    Gained {
        seat: usize,
        pos: Pos,
        gained: Delta,
        food_lost: u32,
    },
    /// Water Towers refilled by an ability: (tower, Water added).
    Refilled {
        seat: usize,
        towers: Vec<(Pos, u8)>,
    },
    /// Tiles drawn for a seat to choose from (which tiles is private).
    EquipmentDrawn {
        seat: usize,
        count: u32,
    },
    /// An Equipment gain found the stack empty.
    EquipmentStackEmpty {
        seat: usize,
    },
    EquipmentPlaced {
        seat: usize,
        tile: SmolStr,
        pos: Pos,
    },
    EquipmentSetAside {
        seat: usize,
        tile: SmolStr,
    },
    /// A Harvest ability was paid and applied.
    Harvested {
        seat: usize,
        pos: Pos,
        card: SmolStr,
        paid: Delta,
        extra: u8,
    },
    /// An unpaid Harvest ability turned its location face down (ruling 15).
    BecameOpenArea {
        seat: usize,
        pos: Pos,
        card: SmolStr,
        equipment_lost: Vec<SmolStr>,
    },
    HarvestFinished {
        seat: usize,
    },
    FirstPlayerPassed {
        to: usize,
    },
    GameEnded {
        winners: Vec<usize>,
    },
}
