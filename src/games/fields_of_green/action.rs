//! What a player can do. Cards and Equipment tiles are named by design id: copies are identical,
//! so "which Wheat" never matters, and the same action text works in saved games, replays and
//! button ids.

use super::farm::Pos;
use serde::{Deserialize, Serialize};
use smol_str::SmolStr;

/// One decision of one seat. `apply` checks it fully before changing anything.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Action {
    /// Upkeep: put this year's income Water on towers with room, one entry per Water (ruling 3).
    /// Only asked for when the choice matters; otherwise the engine places it.
    PlaceWater { towers: Vec<Pos> },
    /// Upkeep: draw cards, counts per pile in the order Field, Livestock, Construction, Building
    /// (ruling 4).
    Draw { split: [u8; 4] },
    /// Action phase, 3+ players: choose the face-down card for this turn; may be changed until
    /// the cards are revealed (ruling 7).
    Select { card: SmolStr },
    /// Action phase, 2 players: take a face-up card (ruling 21).
    Pick { card: SmolStr },
    /// A) Build the revealed card on `pos`. `water` names the tower paying each Water (empty: the
    /// engine's default choice); `extra` is how many optional repeats of an Immediate ability to
    /// pay; `equipment` places set-aside tiles on the new location (ruling 17).
    Build {
        pos: Pos,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        water: Vec<Pos>,
        #[serde(default, skip_serializing_if = "is_zero")]
        extra: u8,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        equipment: Vec<SmolStr>,
    },
    /// B) Discard the revealed card, pay 2 coins, build a Water Tower with 3 Water.
    WaterTower {
        pos: Pos,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        equipment: Vec<SmolStr>,
    },
    /// C) Discard the revealed card, build an empty Silo for free.
    Silo {
        pos: Pos,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        equipment: Vec<SmolStr>,
    },
    /// D) Discard the revealed card, gain 2 coins plus 2 per Food sold (0-2).
    Market { food: u8 },
    /// E) Discard the revealed card, pay 1 coin, turn an Open Area face up.
    Restore { pos: Pos },
    /// Keep one of the drawn Equipment tiles and place it on `place`, or set it aside (`None`).
    /// The other tiles go to the bottom of the stack (ruling 17).
    Equipment { keep: SmolStr, place: Option<Pos> },
    /// Harvest: pay and apply the Harvest ability of the location at `pos` (ruling 14).
    Harvest {
        pos: Pos,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        water: Vec<Pos>,
        #[serde(default, skip_serializing_if = "is_zero")]
        extra: u8,
    },
    /// Harvest: finish. Every face-up location whose Harvest ability was not paid becomes an Open
    /// Area (ruling 15).
    EndHarvest,
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

impl Action {
    /// A short name for the kind of action, for logs and errors.
    pub fn kind(&self) -> &'static str {
        match self {
            Action::PlaceWater { .. } => "place_water",
            Action::Draw { .. } => "draw",
            Action::Select { .. } => "select",
            Action::Pick { .. } => "pick",
            Action::Build { .. } => "build",
            Action::WaterTower { .. } => "water_tower",
            Action::Silo { .. } => "silo",
            Action::Market { .. } => "market",
            Action::Restore { .. } => "restore",
            Action::Equipment { .. } => "equipment",
            Action::Harvest { .. } => "harvest",
            Action::EndHarvest => "end_harvest",
        }
    }
}
