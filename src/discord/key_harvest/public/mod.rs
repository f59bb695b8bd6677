//! Key Harvest's public messages: the table message (edited in place after every action), the
//! country boards, the log, the summary of each action posted to the game's thread, the final
//! scores and `/kh status`. All of them are made from the public view and the public event
//! sentences only (KH 68-70): a counter whose crop another player may not know never appears,
//! and the running score leaves out crop points (KH 69).

mod boards;
mod log;
mod table;
#[cfg(test)]
mod tests;

pub use boards::{board, boards};
pub use log::{
    action_summary, is_bookkeeping, log, round_of, round_summary, sentences as log_sentences,
};
pub use table::{decision_text, final_scores, score_pad, status, table_message};

use super::ids::{KhId, KhVerb};
use crate::discord::spec::{self, ButtonSpec, MessageSpec, Style};
// The shared message helpers (for this module and its children).
use crate::discord::ui::{
    add_pictures, embed_message, esc, field, fit, one_embed, pictures_under_embeds, plain,
    seat_picture,
};
use crate::games::key_harvest::view::SeatView;
use crate::games::key_harvest::{Board, Game, Space};
use crate::render;
use crate::render::key_harvest::text::{
    self as key_harvest_text, counters, crop_name, list, worker_name,
};
use crate::store::Table;
use crate::t;

/// Embed colours: wheat for the table, brown for the boards and the log, gold for the end.
const WHEAT: u32 = 0xD9B44A;
const SOIL: u32 = 0x7A5230;
const GOLD: u32 = 0xE0A526;
const GREY: u32 = 0x8A8F98;

/// One PNG per country board (or only seat `only`'s), each a file named `{stem}-{seat}.png`
/// (seats from 1; `{stem}.png` for one seat), from the public view only. One picture per
/// board, not every board in one: a phone shows a picture about 330 px wide, and boards side by
/// side were shrunk past reading. Empty when a board cannot be drawn (logged): the text
/// drawings say the same.
fn board_pictures(
    table: &Table,
    game: &Game,
    stem: &str,
    only: Option<usize>,
) -> Vec<spec::FileSpec> {
    // As for Fields of Green's farms: the unit tests' whole playouts check text limits only;
    // tests/suite/pictures.rs checks the pictures.
    #[cfg(test)]
    if crate::games::unit::running() {
        return Vec::new();
    }
    let v = game.public_view();
    let plain = names(table, usize::from(v.players));
    let mut files = Vec::new();
    for sv in v
        .seats
        .iter()
        .filter(|sv| only.is_none_or(|s| s == usize::from(sv.seat)))
    {
        let name = render::seat_name(&plain, usize::from(sv.seat));
        let drawn = render::key_harvest::picture::board_png(game.board(), sv, &name);
        let description = t!("kh-picture-board-of", name = name, table = table.game.id);
        files.extend(seat_picture(
            table,
            stem,
            only.is_some(),
            usize::from(sv.seat),
            drawn,
            "board",
            description,
        ));
    }
    files
}

/// Display names by seat, `players` long; a missing or blank name reads `Player N`. Plain text,
/// for titles and code blocks.
fn names(table: &Table, players: usize) -> Vec<String> {
    let given = table.names();
    (0..players).map(|s| render::seat_name(&given, s)).collect()
}

/// [`names`] escaped for markdown text (sentences and lines outside code blocks).
fn md_names(table: &Table, players: usize) -> Vec<String> {
    names(table, players).iter().map(|n| esc(n)).collect()
}

/// A mention of the seat's player (in an embed it shows the name and never pings), or the bot's
/// escaped name.
fn mention(table: &Table, md: &[String], seat: usize) -> String {
    match table.user_of(seat) {
        Some(u) => format!("<@{u}>"),
        None => md.get(seat).cloned().unwrap_or_default(),
    }
}

/// A button of this table at its current version; `None` if its id would not fit (never seen).
fn button(table: &Table, verb: KhVerb, label: &str, style: Style) -> Option<ButtonSpec> {
    let id = KhId::new(table.game.id, table.game.version, verb);
    id.fits()
        .then(|| ButtonSpec::new(id.encode(), label, style, false))
}

/// A field tile outside a board with its reference and crop: `B5 vegetables`.
fn tile(board: &Board, s: Space) -> String {
    format!("{} {}", board.reference(s), crop_name(board, board.crop(s)))
}

/// A seat's store: `B5 vegetables (bid 2 hops); C7 hops (bid 1 wine)`, or `empty`. Bids are
/// public (KH 68).
fn store_text(board: &Board, sv: &SeatView) -> String {
    if sv.store.is_empty() {
        return t!("kh-empty");
    }
    sv.store
        .iter()
        .map(|st| {
            t!(
                "kh-store-tile-with-bid",
                tile = tile(board, st.tile),
                bid = counters(board, &st.bid)
            )
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// A seat's counters as everyone sees them (KH 70): `7 · 2 hops, 1 wine, 4 ?`. The crops of
/// unrevealed starting counters are never named.
fn counters_text(board: &Board, sv: &SeatView) -> String {
    let total = sv.total();
    if total == 0 {
        return t!("kh-none");
    }
    let mut parts = Vec::new();
    if !sv.known.is_empty() {
        parts.push(counters(board, &sv.known));
    }
    if sv.unknown > 0 {
        parts.push(format!("{} ?", sv.unknown));
    }
    format!("{total} · {}", list(&parts))
}

/// The farmhands still beside a seat's board: `apprentice 1, casual worker 1`, or `none`.
fn unplayed_text(sv: &SeatView) -> String {
    if sv.unplayed.is_empty() {
        return t!("kh-none");
    }
    list(
        &sv.unplayed
            .iter()
            .map(|w| format!("{} {}", worker_name(*w), w.number()))
            .collect::<Vec<_>>(),
    )
}

/// A seat's country board in the phone-width drawing (design section 6) with its workers,
/// groups and score so far, without the name line (names stay outside code blocks).
fn board_drawing(board: &Board, sv: &SeatView) -> String {
    let text = key_harvest_text::seat_board(board, sv, "");
    let mut lines = text.lines();
    lines.next();
    lines.collect::<Vec<_>>().join("\n")
}

/// The score pad exactly as `render` draws it for the table's names, trailing newlines trimmed;
/// `None` before the end.
fn pad_text(table: &Table, game: &Game) -> Option<String> {
    let pad = game.score_pad()?;
    let mut names = table.names();
    // The pad indexes names by seat; a table short of names (never seen) still draws.
    let players = usize::from(game.players());
    while names.len() < players {
        names.push(render::seat_name(&[], names.len()));
    }
    Some(
        render::key_harvest::phone::pad(Some(game.board()), pad, &names)
            .trim_end_matches('\n')
            .to_string(),
    )
}

/// `Turn 12`, `Turn 12 · final turns`, `Setting up`, `Game over`.
fn progress(game: &Game) -> String {
    let v = game.state();
    if game.is_over() {
        t!("kh-progress-over")
    } else if v.turn.number == 0 {
        t!("kh-progress-setup")
    } else if v.end_triggered {
        t!("kh-progress-final", turn = v.turn.number)
    } else {
        t!("kh-progress-turn", turn = v.turn.number)
    }
}

/// As many whole lines as fit in `max` characters, the newest (last) kept when `newest`, else
/// the first; a note in italics says how many were left out.
fn fit_lines(lines: &[String], max: usize, newest: bool) -> String {
    let count = |s: &str| s.chars().count();
    let mut kept: Vec<&String> = Vec::new();
    let mut size = 0;
    let order: Box<dyn Iterator<Item = &String>> = if newest {
        Box::new(lines.iter().rev())
    } else {
        Box::new(lines.iter())
    };
    for l in order {
        // Room for the note about the lines left out.
        if size + count(l) + 1 + 40 > max {
            break;
        }
        size += count(l) + 1;
        kept.push(l);
    }
    if newest {
        kept.reverse();
    }
    let body = kept
        .iter()
        .map(|l| l.as_str())
        .collect::<Vec<_>>()
        .join("\n");
    let left = lines.len() - kept.len();
    match (left, newest) {
        (0, _) => body,
        (n, true) => format!("*{}*\n{body}", t!("kh-lines-earlier", count = n)),
        (n, false) => format!("{body}\n*{}*", t!("kh-lines-more", count = n)),
    }
}

/// A short answer with no embed.
fn text(content: &str) -> MessageSpec {
    plain(content)
}
