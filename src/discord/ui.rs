//! Message helpers every game's screens share (escaping names, fitting Discord's limits, ids of
//! a table's buttons, colours), and the messages that belong to no one game: the lobby of an open
//! table and the list of tables (`lobby`). Each game's own messages are in its folder:
//! `fields_of_green/` and `key_harvest/`.

mod lobby;

pub(crate) use lobby::{duration, pace_line};
pub use lobby::{ended_buttons, game_name, games_list, lobby};

use super::spec::{self, EmbedSpec, FieldSpec, MessageSpec, limits};
use crate::render;
use crate::store::Table;

/// Embed colours.
pub(crate) const GREEN: u32 = 0x3A7D44;
pub(crate) const LIGHT_GREEN: u32 = 0x8BC34A;
pub(crate) const DARK_GREEN: u32 = 0x2E5E35;
pub(crate) const GOLD: u32 = 0xE0A526;
pub(crate) const GREY: u32 = 0x8A8F98;

/// Display names by seat, `players` long; a missing name reads `Player N` (render::seat_name).
pub(crate) fn names(table: &Table, players: usize) -> Vec<String> {
    (0..players)
        .map(|s| {
            table
                .seats
                .iter()
                .find(|r| r.seat == s)
                .map(|r| r.name.clone())
                .unwrap_or_default()
        })
        .collect()
}

/// Escapes Discord markdown in a name shown outside a code block.
pub(crate) fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if matches!(
            c,
            '\\' | '*' | '_' | '~' | '|' | '`' | '>' | '#' | '[' | ']' | '<' | '@' | ':'
        ) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// A seat's name for markdown text.
pub(crate) fn who(names: &[String], seat: usize) -> String {
    esc(&render::seat_name(names, seat))
}

/// A mention of the seat's player (renders as their name; in embeds it never pings), or the name.
pub(crate) fn mention(table: &Table, names: &[String], seat: usize) -> String {
    match table.user_of(seat) {
        Some(u) => format!("<@{u}>"),
        None => who(names, seat),
    }
}

/// Clips markdown to `max` characters, closing a code block the cut left open.
pub(crate) fn clip_md(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        return s.to_string();
    }
    let mut out: String = s.chars().take(max.saturating_sub(6)).collect();
    if out.matches("```").count() % 2 == 1 {
        out.push_str("\n```");
    }
    out.push('…');
    out
}

/// Makes an embed fit Discord's limits whatever its parts hold: a safety net under the budgets
/// the builders already keep (titles, description, fields, then the 6000 total).
pub(crate) fn fit_embed(e: &mut EmbedSpec) {
    e.title = spec::clip(&e.title, limits::TITLE);
    e.description = clip_md(&e.description, limits::DESCRIPTION);
    e.fields.truncate(limits::FIELDS);
    for f in &mut e.fields {
        f.name = spec::clip(&f.name, limits::FIELD_NAME);
        if f.name.is_empty() {
            f.name = "-".to_string();
        }
        f.value = clip_md(&f.value, limits::FIELD_VALUE);
        if f.value.is_empty() {
            f.value = "-".to_string();
        }
    }
    if let Some(footer) = &mut e.footer {
        *footer = spec::clip(footer, limits::FOOTER);
    }
    while e.chars() > limits::EMBED_TOTAL && !e.fields.is_empty() {
        e.fields.pop();
    }
    let over = e.chars().saturating_sub(limits::EMBED_TOTAL);
    if over > 0 {
        let keep = e.description.chars().count().saturating_sub(over);
        e.description = clip_md(&e.description, keep);
    }
}

/// [`fit_embed`] for a whole message, keeping the embeds' sum within 6000 characters by
/// dropping trailing embeds (callers budget so this never happens in practice).
pub(crate) fn fit(m: &mut MessageSpec) {
    m.content = spec::clip(&m.content, limits::CONTENT);
    m.embeds.truncate(limits::EMBEDS);
    for e in &mut m.embeds {
        fit_embed(e);
    }
    while m.embeds.len() > 1
        && m.embeds.iter().map(EmbedSpec::chars).sum::<usize>() > limits::EMBED_TOTAL
    {
        m.embeds.pop();
    }
}

/// One seat's picture as a file of a message: `{stem}.png` when only that seat is drawn
/// (`alone`), else `{stem}-{seat}.png` with seats from 1. `None` when it could not be drawn
/// (logged, with `what` was drawn): the text beside it says the same, so the message goes out
/// without it rather than not at all.
pub(crate) fn seat_picture<E: std::fmt::Display>(
    table: &Table,
    stem: &str,
    alone: bool,
    seat: usize,
    drawn: Result<Vec<u8>, E>,
    what: &str,
    description: String,
) -> Option<spec::FileSpec> {
    match drawn {
        Ok(bytes) => Some(spec::FileSpec {
            name: if alone {
                format!("{stem}.png")
            } else {
                format!("{stem}-{}.png", seat + 1)
            },
            bytes,
            description: Some(description),
        }),
        Err(e) => {
            tracing::warn!(game = table.game.id, error = %e, "could not draw a {what}");
            None
        }
    }
}

/// Each picture in the embed of the same place, under its text (a seat's picture under the
/// seat's text drawing), once the message fits; a picture with no embed left for it is left out.
pub(crate) fn pictures_under_embeds(m: &mut MessageSpec, pictures: Vec<spec::FileSpec>) {
    for (e, f) in m.embeds.iter_mut().zip(pictures) {
        e.image = Some(f.name.clone());
        m.files.push(f);
    }
}

/// Pictures a phone can read: each one in an embed of its own, at the embed's full width, after
/// the message's other embeds. Discord lays several bare attachments of one message out as a
/// grid of small tiles, so one picture per player attached bare would be as small on a phone as
/// one picture of every farm. Within Discord's 10 embeds and 10 files (a table has at most 4
/// players, a message at most 5 embeds of its own before its pictures).
pub(crate) fn add_pictures(m: &mut MessageSpec, pictures: Vec<spec::FileSpec>, color: u32) {
    for f in pictures {
        if m.files.len() >= limits::FILES || m.embeds.len() >= limits::EMBEDS {
            tracing::warn!(picture = %f.name, "no room for a picture in the message");
            break;
        }
        m.embeds.push(EmbedSpec {
            image: Some(f.name.clone()),
            color,
            ..Default::default()
        });
        m.files.push(f);
    }
}

/// Puts a table message's row of buttons under it: the game's own `buttons` (those shown, in
/// order), then Review and Rematch once the game has ended ([`ended_buttons`]); no row when
/// there is no button.
pub(crate) fn add_table_buttons(
    m: &mut MessageSpec,
    table: &Table,
    buttons: impl IntoIterator<Item = Option<spec::ButtonSpec>>,
) {
    let mut row: Vec<spec::ButtonSpec> = buttons.into_iter().flatten().collect();
    row.extend(ended_buttons(table));
    if !row.is_empty() {
        m.rows.push(spec::RowSpec::Buttons(row));
    }
}

/// A message of one embed (a title, its text, a colour), fitted to Discord's limits.
pub(crate) fn embed_message(title: String, description: String, color: u32) -> MessageSpec {
    one_embed(EmbedSpec {
        title,
        description,
        color,
        ..Default::default()
    })
}

/// A message of the one embed `e`, fitted to Discord's limits.
pub(crate) fn one_embed(e: EmbedSpec) -> MessageSpec {
    let mut m = MessageSpec {
        embeds: vec![e],
        ..Default::default()
    };
    fit(&mut m);
    m
}

/// A field.
pub(crate) fn field(name: impl Into<String>, value: impl Into<String>, inline: bool) -> FieldSpec {
    FieldSpec {
        name: name.into(),
        value: value.into(),
        inline,
    }
}

/// A plain public message with no buttons.
pub fn plain(content: &str) -> MessageSpec {
    let mut m = MessageSpec {
        content: content.to_string(),
        ..Default::default()
    };
    fit(&mut m);
    m
}
