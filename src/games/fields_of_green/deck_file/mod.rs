//! Loading a deck file (the deck brief, docs/CLI.md "Deck files", "The deck file"): TOML text -> a validated [`Deck`].
//!
//! The file is read by hand from a `toml::Table` rather than through serde structs, because
//! serde's errors do not say which nested field failed, and the deck brief asks for errors that name the
//! card and the field (`card "wheat": field "ability.cost.water": ...`). Unknown fields are errors.
//!
//! Schema (see `deck.toml` for a full example):
//! ```toml
//! name = "Fields of Green (Farmhand edition)"
//! [supply]
//! water_towers = 20
//! silos = 14
//! tower_cost = 2
//! tower_capacity = 3
//! tower_range = 2
//! silo_capacity = 4
//!
//! [[location]]
//! id = "sheep"             # 1-16 chars of a-z, 0-9, _
//! code = "SHP"             # 3 chars of A-Z, 0-9
//! name = "Sheep"
//! name_ja = "羊"          # optional: the name shown to Japanese readers
//! pile = "livestock"       # field | livestock | construction | building
//! kind = "dairy"           # required for Fields and Livestock, absent otherwise
//! copies = 3
//! cost = 3                 # coins: an Amount
//! water = 0                # build Water (Amount, default 0)
//! food = 0                 # build Food (Amount, default 0)
//! vp = 1
//! flavor = "..."           # optional
//! flavor_ja = "..."        # optional: the flavour line in Japanese
//! [location.ability]
//! timing = "harvest"       # immediate | harvest | game_end | ongoing
//! cost = { food = 2 }      # Harvest cost: coins / water / food, each an Amount
//! effects = [{ do = "gain", coins = { base = 3, per = 1, of = "livestock.dairy", scope = "within 2" } }]
//!
//! [[equipment]]
//! id = "hoses"
//! code = "HOS"
//! name = "Hoses"
//! copies = 2
//! host = "water_tower"     # a filter
//! host_timing = "harvest"  # optional: the host must have an ability with this timing
//! [equipment.ability]
//! timing = "ongoing"
//! modifiers = [{ do = "tower_range", bonus = 1, scope = "this" }]
//! ```
//! An Amount is an integer or `{ base, per, of, scope, every, max }` meaning
//! `clamp(base + per * (count / every), 0, max)`. `of` is a filter (`card`, `location`,
//! `open_area`, `water_tower`, `empty_water_tower`, `silo`, `harvest`, `game_end`, a pile, a kind,
//! or `pile.kind`) or `food` / `coins` (which take no scope). A scope is `this`, `adjacent`,
//! `within N` (1-6) or `farm`. A condition (`when`) is `{ of, scope, min, max }` or
//! `{ of, scope, none = true }`.
//!
//! Positions in errors count from 1: `location #5` is the fifth `[[location]]`, `effects[1]` the
//! first effect, as a person reading the file counts them.

use super::cards::{Deck, EquipmentDef, LocationDef, SupplyDef};
use super::effects::{
    Ability, Amount, Condition, Cost, Count, Effect, Filter, Gain, Kind, Modifier, Pile, Scope,
    Timing,
};
use crate::toml_read::{found, join};
use std::collections::HashMap;
use std::sync::{Arc, LazyLock};
use toml::{Table, Value};

/// Why a deck file was rejected: which card (its id, or `location #5` when the id itself is
/// missing or bad; `None` for the deck as a whole), which field (a dotted path inside the card,
/// e.g. `ability.effects[2].coins.scope`; empty for TOML syntax errors) and what is wrong.
#[derive(Debug, thiserror::Error, PartialEq)]
#[error("{}", self.describe())]
pub struct DeckError {
    pub card: Option<String>,
    pub field: String,
    pub message: String,
}

impl DeckError {
    fn describe(&self) -> String {
        let who = match &self.card {
            None => "deck".to_string(),
            // "location #5": the id could not be used, so the position names the card.
            Some(c) if c.contains('#') => c.clone(),
            Some(c) => format!("card \"{c}\""),
        };
        if self.field.is_empty() {
            format!("{who}: {}", self.message)
        } else {
            format!("{who}: field \"{}\": {}", self.field, self.message)
        }
    }
}

mod ability;
mod designs;
mod read;
mod words;

use ability::*;
use designs::*;
use read::*;
use words::*;

type Res<T> = Result<T, DeckError>;

/// Loading limits. They keep a typed-in deck sane (and the engine's arithmetic small); they are
/// wide enough for any printed card we know of (the deck brief, docs/CLI.md "Deck files" "Economy").
mod limit {
    pub const MIN_LOCATION_CARDS: usize = 120; // 6 players x 5 cards x 4 years (ruling 20)
    pub const MIN_EQUIPMENT_TILES: usize = 3; // ruling 17: draw 3, keep 1
    pub const MAX_COPIES: i64 = 10;
    pub const MAX_VP: i64 = 10;
    pub const MAX_WITHIN: i64 = 6;
    pub const BUILD: (i32, i32, i32) = (20, 6, 8); // coins, Water, Food
    pub const HARVEST: (i32, i32, i32) = (10, 6, 8);
    pub const GAIN_BASE: i32 = 20;
    pub const PER: i64 = 5;
    pub const EVERY: i64 = 10;
    pub const MAX: i64 = 30;
    pub const CONDITION: i64 = 50;
    pub const NAME_LEN: usize = 40;
    pub const FLAVOR_LEN: usize = 200;
}

impl Deck {
    /// Parses and validates a deck file. The error names the card and the field at fault.
    pub fn from_toml(text: &str) -> Result<Deck, DeckError> {
        let root: Table = toml::from_str(text).map_err(|e| DeckError {
            card: None,
            field: String::new(),
            message: crate::toml_error(&e, text),
        })?;
        read_deck(&root)
    }

    /// The catalogue shipped in the binary (`deck.toml`), parsed once. A unit test guarantees it
    /// is valid, so the panic cannot happen in a tested build.
    pub fn default_deck() -> Arc<Deck> {
        static DEFAULT: LazyLock<Arc<Deck>> = LazyLock::new(|| {
            let deck = Deck::from_toml(include_str!("../deck.toml"));
            Arc::new(deck.unwrap_or_else(|e| panic!("the embedded deck.toml is invalid: {e}")))
        });
        Arc::clone(&DEFAULT)
    }
}

/// True when a face-up copy of `d` matches `f` (Filter docs: Card and Location match any
/// location; Water Tower, Silo and Open Area filters never match a location design).
pub fn design_matches(f: Filter, d: &LocationDef) -> bool {
    match f {
        Filter::Card | Filter::Location => true,
        Filter::Pile(p) => d.pile == p,
        Filter::Kind(k) => d.kind == Some(k),
        Filter::Harvest => d.timing() == Some(Timing::Harvest),
        Filter::GameEnd => d.timing() == Some(Timing::GameEnd),
        Filter::OpenArea | Filter::WaterTower | Filter::EmptyWaterTower | Filter::Silo => false,
    }
}

// ---------------------------------------------------------------------------------------------
// The deck as a whole.

/// The `[[location]]` / `[[equipment]]` entries, as tables.
fn sections<'v>(cx: &Cx, root: &'v Table, key: &str) -> Res<Vec<&'v Table>> {
    let v = required(cx, root, "", key)?;
    let list = v.as_array().ok_or_else(|| {
        cx.err(
            key,
            format!("expected a list of tables ([[{key}]]), found {}", found(v)),
        )
    })?;
    list.iter()
        .enumerate()
        .map(|(i, v)| {
            v.as_table().ok_or_else(|| {
                cx.err(
                    &format!("{key}[{}]", i + 1),
                    format!("expected a table, found {}", found(v)),
                )
            })
        })
        .collect()
}

fn read_deck(root: &Table) -> Res<Deck> {
    let cx = Cx { card: None };
    check_keys(&cx, root, "", &["name", "supply", "location", "equipment"])?;
    let name = req_str(&cx, root, "", "name")?.trim().to_string();
    if name.is_empty() || name.chars().count() > 60 {
        return Err(cx.err("name", "a deck name has 1 to 60 characters"));
    }
    let supply = read_supply(&cx, root)?;
    let mut deck = Deck {
        name,
        supply,
        locations: Vec::new(),
        equipment: Vec::new(),
        fingerprint: 0,
        location_ids: Vec::new(),
        equipment_ids: Vec::new(),
        plain_costs: Vec::new(),
    };
    let mut seen = Seen::default();
    for (i, t) in sections(&cx, root, "location")?.into_iter().enumerate() {
        let (card_cx, id_error) = card_cx(t, "location", i + 1);
        if let Some(e) = id_error {
            return Err(e);
        }
        let def = read_location(&card_cx, t, &mut seen, &deck.locations)?;
        deck.locations.push(def);
    }
    // Ruling 2: four piles; the deck brief, docs/CLI.md "Deck files": each pile has designs.
    for pile in Pile::ALL {
        if !deck.locations.iter().any(|d| d.pile == pile) {
            return Err(cx.err("location", format!("the {} pile has no cards", pile.name())));
        }
    }
    let total = deck.location_card_count();
    if total < limit::MIN_LOCATION_CARDS {
        return Err(cx.err(
            "location",
            format!(
                "the deck has {total} location cards; at least {} are needed (6 players draw 5 \
                 cards in each of 4 years)",
                limit::MIN_LOCATION_CARDS
            ),
        ));
    }
    if deck.locations.len() > usize::from(u16::MAX) {
        return Err(cx.err("location", "too many designs"));
    }
    for (i, t) in sections(&cx, root, "equipment")?.into_iter().enumerate() {
        let (card_cx, id_error) = card_cx(t, "equipment", i + 1);
        if let Some(e) = id_error {
            return Err(e);
        }
        let def = read_equipment(&card_cx, t, &mut seen, &deck)?;
        deck.equipment.push(def);
    }
    if deck.equipment_tile_count() < limit::MIN_EQUIPMENT_TILES {
        return Err(cx.err(
            "equipment",
            format!(
                "at least {} Equipment tiles are needed (ruling 17: draw 3)",
                limit::MIN_EQUIPMENT_TILES
            ),
        ));
    }
    if deck.equipment.len() > usize::from(u16::MAX) {
        return Err(cx.err("equipment", "too many designs"));
    }
    deck.fingerprint = fingerprint(&deck);
    deck.keep_ids();
    deck.keep_plain_costs();
    Ok(deck)
}

/// FNV-1a 64 of the deck's JSON with fingerprint 0: stable across runs and platforms, unlike
/// std's hasher, so saved games can check they resume with the same deck.
fn fingerprint(deck: &Deck) -> u64 {
    let mut canonical = deck.clone();
    canonical.fingerprint = 0;
    // Translations are data for readers, not rules: a deck that only gains them is the same deck.
    for d in &mut canonical.locations {
        d.name_ja = None;
        d.flavor_ja = None;
    }
    for e in &mut canonical.equipment {
        e.name_ja = None;
    }
    let json = serde_json::to_string(&canonical).expect("a deck always serialises");
    json.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests;
