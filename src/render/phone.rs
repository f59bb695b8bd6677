//! Score pads for a phone (issue 32): monospaced lines of at most [`COLUMNS`] columns, the width
//! a 390 px screen shows in a Discord code block without wrapping. Instead of one column per
//! player (too wide past two players), each player gets a block of lines, ranked, and every line
//! is a label with its number at the right edge.

use super::fields_of_green::card_name;
use super::key_harvest::text::{crop_name, width};
use super::seat_name;
use crate::games::fields_of_green::Deck;
use crate::games::fields_of_green::game::scoring::ScorePad as FogPad;
use crate::games::key_harvest::{Board, ScorePad as KhPad};

/// The widest monospaced line a 390 px phone shows.
pub const COLUMNS: usize = 34;

/// `s` cut to at most `max` columns (wide characters take two), with `…` when cut.
pub fn clip(s: &str, max: usize) -> String {
    if width(s) <= max {
        return s.to_string();
    }
    let mut out = String::new();
    for c in s.chars() {
        if width(&out) + width(&c.to_string()) + 1 > max {
            break;
        }
        out.push(c);
    }
    out.push('…');
    out
}

/// `label` at `indent`, `value` flush with the right edge; the label is clipped to leave one
/// space before the value.
pub fn line(indent: usize, label: &str, value: &str) -> String {
    let room = COLUMNS.saturating_sub(indent + width(value) + 1);
    let label = clip(label, room);
    let fill = COLUMNS.saturating_sub(indent + width(&label) + width(value));
    format!("{}{label}{}{value}", " ".repeat(indent), " ".repeat(fill))
}

/// `text` broken at spaces into lines of at most [`COLUMNS`] columns (a word longer than that
/// is clipped).
pub fn wrap(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut current = String::new();
    for word in text.split_whitespace() {
        let word = clip(word, COLUMNS);
        if current.is_empty() {
            current = word;
        } else if width(&current) + 1 + width(&word) <= COLUMNS {
            current.push(' ');
            current.push_str(&word);
        } else {
            out.push(std::mem::take(&mut current));
            current = word;
        }
    }
    if !current.is_empty() {
        out.push(current);
    }
    out
}

/// Fields of Green's pad for a phone: per player, ranked as ruling 19 decides (VP, locations,
/// coins), the total on the name's line, then the rulebook's lines with each Game End location
/// by name. Players equal on all three share a rank.
pub fn fog_pad(deck: &Deck, pads: &[FogPad], names: &[String]) -> String {
    // The final order of every screen (ruling 19's order at every place).
    let order: Vec<(&FogPad, u32)> = crate::games::fields_of_green::game::scoring::standings(pads)
        .into_iter()
        .filter_map(|(seat, place)| Some((pads.iter().find(|p| p.seat == seat)?, place)))
        .collect();
    let mut lines: Vec<String> = Vec::new();
    for (k, &(p, rank)) in order.iter().enumerate() {
        if k > 0 {
            lines.push(String::new());
        }
        lines.push(line(
            0,
            &format!("{rank}. {}", seat_name(names, p.seat)),
            &p.total.to_string(),
        ));
        let rows = [
            (crate::t!("fog-pad-cards"), p.cards + p.tokens),
            (crate::t!("fog-pad-equipment"), p.equipment),
            (crate::t!("fog-pad-money"), p.money),
            (crate::t!("fog-pad-food"), p.food),
            (crate::t!("fog-pad-water-towers"), p.water_towers),
            (crate::t!("fog-pad-game-end"), p.game_end_total),
        ];
        for (label, n) in rows {
            lines.push(line(2, &label, &n.to_string()));
        }
        // Each Game End location by its name alone (issue 43: no card codes on players' screens).
        for g in &p.game_end {
            lines.push(line(4, &card_name(deck, &g.card), &g.vp.to_string()));
        }
    }
    lines.join("\n")
}

/// Key Harvest's pad for a phone: per player by rank (KH 67), the total on the name's line,
/// then workers, the two largest groups, crops held most of, and the tie-break counts; the
/// winner line last, wrapped.
pub fn kh_pad(board: Option<&Board>, pad: &KhPad, names: &[String]) -> String {
    let mut order: Vec<_> = pad.lines.iter().collect();
    order.sort_by_key(|l| (l.rank, l.seat));
    let mut lines: Vec<String> = Vec::new();
    for (k, l) in order.iter().enumerate() {
        if k > 0 {
            lines.push(String::new());
        }
        let name = names.get(usize::from(l.seat)).cloned().unwrap_or_default();
        lines.push(line(
            0,
            &format!("{}. {name}", l.rank),
            &l.total.to_string(),
        ));
        let rows = [
            (crate::t!("kh-phone-workers"), l.workers.to_string()),
            (crate::t!("kh-phone-largest"), l.largest_group.to_string()),
            (
                crate::t!("kh-phone-second"),
                format!("{}x2 = {}", l.second_group, 2 * l.second_group),
            ),
            (crate::t!("kh-phone-crops"), l.crop_points.to_string()),
            (crate::t!("kh-phone-fields"), l.field_tiles.to_string()),
            (crate::t!("kh-phone-counters"), l.counters.to_string()),
        ];
        for (label, value) in rows {
            lines.push(line(2, &label, &value));
        }
        let crops: Vec<String> = l
            .crops
            .iter()
            .map(|c| match board {
                Some(b) => crop_name(b, *c),
                None => c.name().to_string(),
            })
            .collect();
        if !crops.is_empty() {
            let most = crate::t!(
                "kh-pad-most",
                crops = super::key_harvest::text::list(&crops)
            );
            for w in wrap(&most) {
                lines.push(format!("    {}", clip(&w, COLUMNS - 4)));
            }
        }
    }
    let winners: Vec<String> = pad
        .winners
        .iter()
        .map(|w| names.get(usize::from(*w)).cloned().unwrap_or_default())
        .collect();
    let winners = if crate::i18n::current() == crate::i18n::Locale::Ja {
        winners.join("、")
    } else {
        winners.join(" and ")
    };
    let winner = match pad.tie_break {
        0 => crate::t!("kh-pad-winner", names = winners),
        1 => crate::t!("kh-pad-winner-fields", names = winners),
        2 => crate::t!("kh-pad-winner-counters", names = winners),
        _ => crate::t!("kh-pad-winner-shared", names = winners),
    };
    lines.push(String::new());
    lines.extend(wrap(&winner));
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_fit_and_keep_their_numbers() {
        let l = line(2, "A label much too long to fit on a phone screen", "123");
        assert_eq!(width(&l), COLUMNS, "{l:?}");
        assert!(l.ends_with(" 123") && l.contains('…'), "{l:?}");
        let l = line(0, "1. Ada", "66");
        assert_eq!(width(&l), COLUMNS);
        assert!(l.starts_with("1. Ada ") && l.ends_with("66"));
        // Japanese takes two columns a character.
        let l = line(2, "ゲーム終了時の得点の合計と内訳の説明", "9");
        assert!(width(&l) <= COLUMNS, "{l:?}");
        for w in wrap("Winner: Ada and Bram (still tied after both tie-breaks: a shared win)") {
            assert!(width(&w) <= COLUMNS, "{w:?}");
        }
    }
}
