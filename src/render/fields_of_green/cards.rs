//! Card lists: a hand, a face-up row, an Equipment offer, each card with its generated text
//! (`text.rs`), so what players read is what the engine plays.

use super::card_text as text;
use crate::games::fields_of_green::Deck;
use smol_str::SmolStr;

/// The full text of a card named by id: a location design, an Equipment design, `water_tower`
/// or `silo`. An unknown id is returned as it is.
pub fn card_text(deck: &Deck, id: &str) -> String {
    let s = &deck.supply;
    match id {
        "water_tower" => crate::t!(
            "fog-card-water-tower",
            cost = s.tower_cost,
            capacity = s.tower_capacity,
            range = s.tower_range
        ),
        "silo" => crate::t!("fog-card-silo", capacity = s.silo_capacity),
        _ => {
            if let Some(d) = deck.location_by_id(id) {
                text::location_text(deck, d)
            } else if let Some(e) = deck.equipment_by_id(id) {
                text::equipment_text(deck, e)
            } else {
                id.to_string()
            }
        }
    }
}

/// One line per distinct card, in the order first seen, with `2x ` in front of repeated ones
/// (copies are identical, so listing them twice would only make the message longer).
pub fn card_list(deck: &Deck, ids: &[SmolStr]) -> Vec<String> {
    let mut seen: Vec<(&SmolStr, usize)> = Vec::new();
    for id in ids {
        match seen.iter_mut().find(|(s, _)| *s == id) {
            Some((_, n)) => *n += 1,
            None => seen.push((id, 1)),
        }
    }
    seen.into_iter()
        .map(|(id, n)| {
            let t = card_text(deck, id);
            if n > 1 {
                crate::t!("fog-copies", n = n, text = t)
            } else {
                t
            }
        })
        .collect()
}

/// A hand as a bulleted list, or `(no cards)`.
pub fn hand_text(deck: &Deck, hand: &[SmolStr]) -> String {
    if hand.is_empty() {
        return crate::t!("fog-no-cards");
    }
    card_list(deck, hand)
        .iter()
        .map(|l| format!("- {l}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Equipment tiles (an offer to choose from, or tiles set aside) as a bulleted list, or `(none)`.
pub fn equipment_list(deck: &Deck, tiles: &[SmolStr]) -> String {
    if tiles.is_empty() {
        return crate::t!("fog-none-paren");
    }
    hand_text(deck, tiles)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(list: &[&str]) -> Vec<SmolStr> {
        list.iter().map(SmolStr::new).collect()
    }

    #[test]
    fn hands_group_copies_and_use_the_generated_text() {
        let deck = Deck::default_deck();
        let hand = ids(&["wheat", "pigs", "wheat"]);
        let lines = card_list(&deck, &hand);
        assert_eq!(lines.len(), 2);
        let wheat = text::location_text(&deck, deck.location_by_id("wheat").unwrap());
        assert_eq!(lines[0], format!("2x {wheat}"));
        assert!(lines[1].starts_with("Pigs [PIG] - Livestock"));
        let text = hand_text(&deck, &hand);
        assert_eq!(text.lines().count(), 2);
        assert!(text.starts_with("- 2x Wheat [WHT]"));
        assert_eq!(hand_text(&deck, &[]), "(no cards)");
    }

    #[test]
    fn every_kind_of_id_has_a_text() {
        let deck = Deck::default_deck();
        assert!(card_text(&deck, "hoses").starts_with("Hoses [HOS] - place on: Water Tower"));
        assert!(card_text(&deck, "water_tower").starts_with("Water Tower - action B"));
        assert!(card_text(&deck, "silo").contains("holds 4 Food"));
        assert_eq!(card_text(&deck, "no_such_card"), "no_such_card");
        assert!(equipment_list(&deck, &ids(&["hoses", "sacks"])).contains("\n- Sacks [SAK]"));
        assert_eq!(equipment_list(&deck, &[]), "(none)");
    }
}
