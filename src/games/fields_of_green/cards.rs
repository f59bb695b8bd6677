//! The card catalogue: location designs, Water Towers, Silos and Equipment designs, as loaded from
//! a deck file (`deck_file`). Copies of a design are identical, so actions name designs by id.

use super::effects::{Ability, Cost, Filter, Kind, Pile, Timing};
use serde::{Deserialize, Serialize};
use smol_str::SmolStr;

/// Index of a location design in [`Deck::locations`].
pub type DesignIdx = u16;
/// Index of an Equipment design in [`Deck::equipment`].
pub type EquipIdx = u16;

/// A location card design (the deck brief, docs/CLI.md "Deck files" "Each card").
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

/// Water Tower and Silo cards: all alike (ruling 1, the deck brief, docs/CLI.md "Deck files").
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
    /// Per location design, its build cost as (coins, Water, Food) when no part of it is counted
    /// ([`Deck::keep_plain_costs`]): the listing of legal actions and every build check ask for
    /// it, and working it out each time was most of what making a check cost. Like the ids, not
    /// part of the deck's data; a deck without them works the cost out each time.
    #[serde(skip)]
    pub(crate) plain_costs: Vec<Option<[u32; 3]>>,
}

impl Deck {
    /// Makes the ids kept as `SmolStr`s (see `location_ids`) from the deck's designs.
    pub(crate) fn keep_ids(&mut self) {
        self.location_ids = self.locations.iter().map(|d| SmolStr::new(&d.id)).collect();
        self.equipment_ids = self.equipment.iter().map(|e| SmolStr::new(&e.id)).collect();
    }

    /// Works out the plain build cost of every location design (see `plain_costs`).
    pub(crate) fn keep_plain_costs(&mut self) {
        self.plain_costs = self.locations.iter().map(|d| plain_cost(&d.cost)).collect();
    }

    /// The build cost of location design `d` as (coins, Water, Food) when no part of it is
    /// counted (the same wherever it is built), or None.
    pub(crate) fn plain_cost(&self, d: DesignIdx) -> Option<[u32; 3]> {
        match self.plain_costs.get(d as usize) {
            Some(&cost) => cost,
            None => plain_cost(&self.location(d).cost),
        }
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

/// A cost as (coins, Water, Food) when no part of it is counted (see [`Deck::plain_cost`]).
fn plain_cost(c: &Cost) -> Option<[u32; 3]> {
    (c.coins.is_fixed() && c.water.is_fixed() && c.food.is_fixed())
        .then(|| [c.coins.eval(0), c.water.eval(0), c.food.eval(0)])
}
