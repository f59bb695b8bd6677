//! Text and pictures for players, made from views only: each game's grids, score pads, card lists
//! and one sentence per event, in its own folder, and the helpers they share (names of seats,
//! lists, plurals, the drawing kit). Pure: no Discord types, no I/O, so the Discord layer, the
//! CLI and tests share it.
//!
//! Everything that goes inside a code block (grids, the pad) is ASCII and narrow, because emoji
//! and CJK break monospaced alignment and phones wrap long lines.

// One folder per game, as in `discord/` and `games/`; `picture` is the drawing kit both share.
pub mod coach;
// Each game's drawings, a folder per game of the list (`render/fields_of_green/`, ...).
crate::game_modules!(pub);
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

/// Each distinct item of `items` once, in the order first seen, with how many times it stands
/// there: a hand's copies of a card, the Water put on each tower.
pub(crate) fn tally<T: PartialEq>(items: impl IntoIterator<Item = T>) -> Vec<(T, usize)> {
    let mut out: Vec<(T, usize)> = Vec::new();
    for item in items {
        match out.iter_mut().find(|(seen, _)| *seen == item) {
            Some((_, n)) => *n += 1,
            None => out.push((item, 1)),
        }
    }
    out
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

/// A finished game's player as the tie lines see them: seat, place (from 1, shared when still
/// tied), score, and the game's two tie-break numbers (Fields of Green: locations and coins,
/// ruling 19; Key Harvest: field tiles and counters, KH 67).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Placed {
    pub seat: usize,
    pub place: u32,
    pub score: u32,
    pub first: u32,
    pub second: u32,
}

/// Players tied on score, for one line of the final table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct TieGroup {
    pub score: u32,
    /// In the final order.
    pub members: Vec<Placed>,
    /// True when two of them were equal on the first tie-break too, so the second was read.
    pub second_read: bool,
    /// The places still shared after both tie-breaks: (place, seats by seat).
    pub shared: Vec<(u32, Vec<usize>)>,
}

/// Every tie on score among `placed` (listed in the final order), at every place, not only the
/// win: each gets one line on the final table saying how it was broken.
pub(crate) fn tie_groups(placed: &[Placed]) -> Vec<TieGroup> {
    let mut out: Vec<TieGroup> = Vec::new();
    let mut k = 0;
    while k < placed.len() {
        let score = placed[k].score;
        let members: Vec<Placed> = placed[k..]
            .iter()
            .take_while(|p| p.score == score)
            .copied()
            .collect();
        k += members.len();
        if members.len() < 2 {
            continue;
        }
        let second_read = members
            .iter()
            .enumerate()
            .any(|(i, a)| members[i + 1..].iter().any(|b| b.first == a.first));
        let mut shared: Vec<(u32, Vec<usize>)> = Vec::new();
        for p in &members {
            match shared.iter_mut().find(|(place, _)| *place == p.place) {
                Some((_, seats)) => seats.push(p.seat),
                None => shared.push((p.place, vec![p.seat])),
            }
        }
        shared.retain(|(_, seats)| seats.len() > 1);
        for (_, seats) in &mut shared {
            seats.sort_unstable();
        }
        out.push(TieGroup {
            score,
            members,
            second_read,
            shared,
        });
    }
    out
}
