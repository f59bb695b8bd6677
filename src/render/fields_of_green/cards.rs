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

/// How wide a compact card line may be, in columns (a CJK character counts two): what a 390 px
/// phone shows on one line of an embed (about 45 proportional characters, less the bold name's
/// extra width), so a hand of six cards takes six lines, not a screenful (issue 43).
pub const CARD_LINE_WIDTH: usize = 44;

/// One compact line for a card of a hand, a face-up row or an offer: name, cost, VP and the start
/// of its effect, clipped with `…` to [`CARD_LINE_WIDTH`] columns, e.g.
/// `**Pumpkins** · 2 VP · 4 coins · Harvest: pay 2…` (the VP first: a long counted cost is cut
/// before it). The full text ([`card_text`]) is one tap
/// away on the panel's Card texts screen.
pub fn card_line(deck: &Deck, id: &str) -> String {
    let (name, head, effect) = if let Some(d) = deck.location_by_id(id) {
        let def = deck.location(d);
        let head = crate::t!(
            "fog-card-line-head",
            cost = text::cost_text(&def.cost),
            vp = def.vp
        );
        let effect = text::location_ability_text(def).unwrap_or_default();
        (super::location_name(def).to_string(), head, effect)
    } else if let Some(e) = deck.equipment_by_id(id) {
        let def = deck.equip(e);
        let head = crate::t!("fog-card-line-on", host = text::host_text(deck, e));
        let effect = text::equipment_ability_text(deck, def);
        (super::equipment_name(def).to_string(), head, effect)
    } else {
        return card_text(deck, id);
    };
    // A counted cost ("6 coins, 1 less per Livestock within 2") may itself be long: it is cut
    // too, and the effect left out when less than a few columns remain.
    let room = CARD_LINE_WIDTH.saturating_sub(width(&name) + width(SEP));
    let head = if width(&head) > room {
        clip_width(&head, room)
    } else {
        head
    };
    let room = room.saturating_sub(width(&head) + width(SEP));
    let effect = if room >= 8 {
        clip_width(&effect, room)
    } else {
        String::new()
    };
    if effect.is_empty() {
        format!("**{name}**{SEP}{head}")
    } else {
        format!("**{name}**{SEP}{head}{SEP}{effect}")
    }
}

/// The separator of a compact card line's parts (the same in both languages).
const SEP: &str = " · ";

/// Columns a text takes in a proportional font, counting a wide (CJK) character as two.
fn width(s: &str) -> usize {
    unicode_width::UnicodeWidthStr::width(s)
}

/// `s` cut to at most `max` columns, at a word's end where there is one, with `…` when cut.
/// At least a few characters are kept, so a line never ends in a bare separator.
fn clip_width(s: &str, max: usize) -> String {
    let s = s.trim_end_matches(['.', '。']);
    if width(s) <= max {
        return s.to_string();
    }
    let mut out = String::new();
    for c in s.chars() {
        if width(&out) + unicode_width::UnicodeWidthChar::width(c).unwrap_or(0) + 1 > max {
            break;
        }
        out.push(c);
    }
    // Cut at a word's end when the text has spaces (English); Japanese has none to cut at.
    if let Some(i) = out.rfind(' ')
        && i > out.len() / 2
    {
        out.truncate(i);
    }
    let out = out.trim_end_matches([' ', ',', ':', ';', '、', '：']);
    format!("{out}…")
}

/// One line per distinct card, in the order first seen, with `2x ` in front of repeated ones
/// (copies are identical, so listing them twice would only make the message longer).
pub fn card_list(deck: &Deck, ids: &[SmolStr]) -> Vec<String> {
    crate::render::tally(ids)
        .into_iter()
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
        assert!(lines[1].starts_with("Pigs - Livestock"));
        let text = hand_text(&deck, &hand);
        assert_eq!(text.lines().count(), 2);
        assert!(text.starts_with("- 2x Wheat"));
        assert_eq!(hand_text(&deck, &[]), "(no cards)");
    }

    #[test]
    fn compact_lines_have_name_cost_vp_and_fit_a_phone_line() {
        let deck = Deck::default_deck();
        for locale in [crate::i18n::Locale::En, crate::i18n::Locale::Ja] {
            crate::i18n::with(locale, || {
                for d in &deck.locations {
                    let line = card_line(&deck, &d.id);
                    let plain = line.replace("**", "");
                    assert!(width(&plain) <= CARD_LINE_WIDTH, "{line}");
                    assert!(line.starts_with(&format!("**{}**", super::super::location_name(d))));
                    assert!(!line.contains(&format!("[{}]", d.code)), "{line}");
                    assert!(line.contains(&crate::t!("fog-vp", n = d.vp)), "{line}");
                }
                for e in &deck.equipment {
                    let line = card_line(&deck, &e.id);
                    assert!(width(&line.replace("**", "")) <= CARD_LINE_WIDTH, "{line}");
                }
            });
        }
        let line = card_line(&deck, "pumpkins");
        assert!(
            line.starts_with("**Pumpkins** · 2 VP · 4 coins · Harvest"),
            "{line}"
        );
        assert_eq!(
            card_line(&deck, "wheat"),
            "**Wheat** · 1 VP · 3 coins · Harvest: pay 1…"
        );
    }

    #[test]
    fn every_kind_of_id_has_a_text() {
        let deck = Deck::default_deck();
        assert!(card_text(&deck, "hoses").starts_with("Hoses - place on: Water Tower"));
        assert!(card_text(&deck, "water_tower").starts_with("Water Tower - action B"));
        assert!(card_text(&deck, "silo").contains("holds 4 Food"));
        assert_eq!(card_text(&deck, "no_such_card"), "no_such_card");
        assert!(equipment_list(&deck, &ids(&["hoses", "sacks"])).contains("\n- Sacks"));
        assert_eq!(equipment_list(&deck, &[]), "(none)");
    }
}
