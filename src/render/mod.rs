//! Text and pictures for players, made from views only: farm grids, the score pad, card lists and one sentence
//! per event. Pure: no Discord types, no I/O, so the Discord layer, the CLI and tests share it.
//!
//! Everything that goes inside a code block (grids, the pad) is ASCII and narrow, because emoji
//! and CJK break monospaced alignment and phones wrap long lines (ARCHITECTURE.md, "Discord
//! facts").

pub mod card_text;
pub mod cards;
pub mod events;
pub mod farm;
pub mod farm_picture;
pub mod key_harvest;
pub mod key_harvest_picture;
pub mod key_harvest_text;
pub mod phone;
pub mod picture;
pub mod score;

pub use cards::{card_list, card_text, equipment_list, hand_text};
pub use events::{describe_event, describe_events};
pub use farm::{
    FarmRender, GRID_MAX_WIDTH, GridBounds, RenderOptions, column_label, coord_label, parse_coord,
    render_farm,
};
pub use score::{pad_notes, render_score_pad, tie_break_text, winner_line};

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

/// Whether the language in scope is Japanese.
pub(crate) fn japanese() -> bool {
    crate::i18n::current() == crate::i18n::Locale::Ja
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

/// The name of a seat: `names[seat]`, or `Player N` (counting from 1) when no name was given.
pub fn seat_name(names: &[String], seat: usize) -> String {
    match names.get(seat) {
        Some(n) if !n.trim().is_empty() => n.clone(),
        _ => crate::t!("player-n", n = seat + 1),
    }
}

/// `a`, `a and b`, `a, b and c`; in Japanese `a、b、c`.
pub(crate) fn and_list(parts: &[String]) -> String {
    match parts {
        [] => String::new(),
        [one] => one.clone(),
        _ if japanese() => parts.join("、"),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// `1 coin`, `2 coins`.
pub(crate) fn plural(n: u32, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}
