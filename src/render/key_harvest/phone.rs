//! Key Harvest's score pad for a phone (issue 32), in the shared measures of
//! [`crate::render::phone`].

use crate::games::key_harvest::{Board, ScorePad as KhPad};
use crate::render::phone::{COLUMNS, clip, line, wrap};

/// Key Harvest's pad for a phone: per player by rank (KH 67), the total on the name's line,
/// then workers, the two largest groups, crops held most of, and the tie-break counts; the
/// winner line last, wrapped.
pub fn pad(board: Option<&Board>, pad: &KhPad, names: &[String]) -> String {
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
        let crops = super::text::crop_names(board, &l.crops);
        if !crops.is_empty() {
            let most = crate::t!("kh-pad-most", crops = super::text::list(&crops));
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
