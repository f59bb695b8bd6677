//! Text and pictures for players, made from views only: each game's grids, score pads, card lists
//! and one sentence per event, in its own folder, and the helpers they share (names of seats,
//! lists, plurals, the drawing kit). Pure: no Discord types, no I/O, so the Discord layer, the
//! CLI and tests share it.
//!
//! Everything that goes inside a code block (grids, the pad) is ASCII and narrow, because emoji
//! and CJK break monospaced alignment and phones wrap long lines.

// One folder per game, as in `discord/` and `games/`; `picture` is the drawing kit both share.
pub mod coach;
pub mod fields_of_green;
pub mod key_harvest;
pub mod phone;
pub mod picture;

/// Whether the language in scope is Japanese.
pub(crate) fn japanese() -> bool {
    crate::i18n::current() == crate::i18n::Locale::Ja
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
