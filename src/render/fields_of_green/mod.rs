//! Fields of Green for players: farm grids (`farm`), card texts generated from the card data
//! (`card_text`), card lists (`cards`), one sentence per event (`events`), the score pad
//! (`score`) and farm pictures (`farm_picture`).

pub mod card_text;
pub mod cards;
pub mod coach;
pub mod events;
pub mod farm;
pub mod farm_picture;
pub mod phone;
pub mod score;

pub use cards::{card_list, card_text, equipment_list, hand_text};
pub use events::{describe_event, describe_events, describe_in};
pub use farm::{
    FarmRender, GRID_MAX_WIDTH, GridBounds, RenderOptions, column_label, coord_label, parse_coord,
    render_farm,
};
pub use score::{pad_notes, render_score_pad, tie_break_text, tie_lines, winner_line};

// The shared helpers, for this module's children (`super::and_list`, ...).
use super::{and_list, japanese, picture, plural, seat_name};
use crate::games::fields_of_green::Deck;

/// The display name of anything a view names by id: a location design, `water_tower`, `silo`
/// or an Equipment design. An id the deck does not know is shown as it is rather than hidden, so
/// a mismatch is visible instead of silently blank.
/// In Japanese, a design's `name_ja` when the deck gives one (a replaced deck may not: then the
/// English name).
pub fn card_name(deck: &Deck, id: &str) -> String {
    match id {
        "water_tower" => crate::t!("fog-water-tower"),
        "silo" => crate::t!("fog-silo"),
        _ => {
            if let Some(d) = deck.location_by_id(id) {
                location_name(deck.location(d)).to_string()
            } else if let Some(e) = deck.equipment_by_id(id) {
                equipment_name(deck.equip(e)).to_string()
            } else {
                id.to_string()
            }
        }
    }
}

/// A location design's name in the language in scope.
pub fn location_name(def: &crate::games::fields_of_green::cards::LocationDef) -> &str {
    match &def.name_ja {
        Some(ja) if japanese() => ja,
        _ => &def.name,
    }
}

/// An Equipment design's name in the language in scope.
pub fn equipment_name(def: &crate::games::fields_of_green::cards::EquipmentDef) -> &str {
    match &def.name_ja {
        Some(ja) if japanese() => ja,
        _ => &def.name,
    }
}

/// A location design's flavour line in the language in scope (the English one when the deck has
/// no translation).
pub fn location_flavor(def: &crate::games::fields_of_green::cards::LocationDef) -> Option<&str> {
    match &def.flavor_ja {
        Some(ja) if japanese() => Some(ja),
        _ => def.flavor.as_deref(),
    }
}
