//! The card catalogue: location designs, Water Towers, Silos and Equipment designs, as loaded from
//! a deck file (`deck_file`). Copies of a design are identical, so actions name designs by id.

use super::effects::{Ability, Cost, Filter, Kind, Pile, Timing};
use serde::{Deserialize, Serialize};
use smol_str::SmolStr;

/// Index of a location design in [`Deck::locations`].
pub type DesignIdx = u16;
/// Index of an Equipment design in [`Deck::equipment`].
pub type EquipIdx = u16;

/// A location card design (CARDS.md "Each card").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LocationDef {
    /// Stable short ASCII id used in actions, button ids and saved games (e.g. `wheat`).
    pub id: String,
    /// Three-character code drawn in farm grids (e.g. `WHT`).
    pub code: String,
    pub name: String,
    /// The Japanese name, if the deck file gives one (`name_ja`): data, not rules, so it is left
    /// out of the fingerprint.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name_ja: Option<String>,
    pub pile: Pile,
    pub kind: Option<Kind>,
    pub copies: u8,
    /// Build cost: coins (may be counted at the space being built, e.g. Animal Pen), Water from
    /// towers in range of the space, Food from the Silos.
    pub cost: Cost,
    /// Printed VP.
    pub vp: u8,
    pub ability: Option<Ability>,
    /// Optional flavour line, shown under the generated text.
    pub flavor: Option<String>,
    /// The flavour line in Japanese (`flavor_ja`), if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flavor_ja: Option<String>,
}

impl LocationDef {
    pub fn timing(&self) -> Option<Timing> {
        self.ability.as_ref().map(|a| a.timing)
    }
}

/// An Equipment tile design (ruling 17).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EquipmentDef {
    pub id: String,
    /// Three-character code (shown in legends).
    pub code: String,
    pub name: String,
    /// The Japanese name, if the deck file gives one (`name_ja`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name_ja: Option<String>,
    pub copies: u8,
    /// Where it may be placed: a face-up card matching this filter...
    pub host: Filter,
    /// ...which, if set, also has an ability with this timing ("Field - Harvest").
    pub host_timing: Option<Timing>,
    pub ability: Ability,
}

/// Water Tower and Silo cards: all alike (ruling 1, CARDS.md).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SupplyDef {
    pub water_towers: u8,
    pub silos: u8,
    /// Coins to build a Water Tower (action B).
    pub tower_cost: u8,
    /// Water a new tower arrives with, and what a tower holds (ruling 3).
    pub tower_capacity: u8,
    /// Range of a tower's Water (ruling 11).
    pub tower_range: u8,
    /// Food a Silo holds (ruling 3).
    pub silo_capacity: u8,
}

/// A validated catalogue. Build it with `Deck::from_toml` or `Deck::default_deck`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deck {
    pub name: String,
    pub supply: SupplyDef,
    pub locations: Vec<LocationDef>,
    pub equipment: Vec<EquipmentDef>,
    /// FNV-1a hash of the deck's canonical JSON form; saved games record it so a game is never
    /// resumed with a different deck.
    pub fingerprint: u64,
    /// Every location's id, then every Equipment's, as a `SmolStr` made once
    /// ([`Deck::keep_ids`]): actions and events name cards by id many times per game, and
    /// cloning a short `SmolStr` is a copy where `SmolStr::new` measures and copies the string.
    /// Not part of the deck's data (nor its fingerprint); a deck without them (deserialized)
    /// spells the ids out each time.
    #[serde(skip)]
    pub(crate) location_ids: Vec<SmolStr>,
    #[serde(skip)]
    pub(crate) equipment_ids: Vec<SmolStr>,
}

impl Deck {
    /// Makes the ids kept as `SmolStr`s (see `location_ids`) from the deck's designs.
    pub(crate) fn keep_ids(&mut self) {
        self.location_ids = self.locations.iter().map(|d| SmolStr::new(&d.id)).collect();
        self.equipment_ids = self.equipment.iter().map(|e| SmolStr::new(&e.id)).collect();
    }

    /// The id of location design `d` as a `SmolStr`.
    pub(crate) fn location_id(&self, d: DesignIdx) -> SmolStr {
        match self.location_ids.get(d as usize) {
            Some(id) => id.clone(),
            None => SmolStr::new(&self.location(d).id),
        }
    }

    /// The id of Equipment design `e` as a `SmolStr`.
    pub(crate) fn equip_id(&self, e: EquipIdx) -> SmolStr {
        match self.equipment_ids.get(e as usize) {
            Some(id) => id.clone(),
            None => SmolStr::new(&self.equip(e).id),
        }
    }

    /// The location design with this id.
    pub fn location_by_id(&self, id: &str) -> Option<DesignIdx> {
        self.locations
            .iter()
            .position(|d| d.id == id)
            .map(|i| i as DesignIdx)
    }

    /// The Equipment design with this id.
    pub fn equipment_by_id(&self, id: &str) -> Option<EquipIdx> {
        self.equipment
            .iter()
            .position(|d| d.id == id)
            .map(|i| i as EquipIdx)
    }

    pub fn location(&self, d: DesignIdx) -> &LocationDef {
        &self.locations[d as usize]
    }

    pub fn equip(&self, e: EquipIdx) -> &EquipmentDef {
        &self.equipment[e as usize]
    }

    /// Number of location cards (all copies of all designs).
    pub fn location_card_count(&self) -> usize {
        self.locations.iter().map(|d| d.copies as usize).sum()
    }

    /// Number of Equipment tiles.
    pub fn equipment_tile_count(&self) -> usize {
        self.equipment.iter().map(|d| d.copies as usize).sum()
    }
}
