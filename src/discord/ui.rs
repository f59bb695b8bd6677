//! Message builders: every message the bot sends, as plain [`MessageSpec`] data built from the
//! store's [`Table`] and the engine's views. Pure functions, no Discord types, so every message is
//! checked against Discord's limits in unit tests (`spec::check`), without Discord.
//!
//! Public messages (the lobby, the table message, farms, the log, summaries, reminders, rules)
//! are in `public` and `reference`; the private panel each player decides with is in `panel`.
//!
//! Conventions (ARCHITECTURE.md, "Discord facts"; research notes anchors-bots.md):
//! - every component id is made with the `ids` codec and carries the game id and the table's
//!   current version, so a stale view is refused by the service and every button survives a
//!   restart;
//! - farm grids and the score pad go in ``` code blocks, ASCII only, at most 40 columns for the
//!   grid (render keeps to that); names and emoji stay outside code blocks;
//! - short English, phone-sized: labels fit a button, one fact per line;
//! - nothing private leaves a player's own panel: the table message and reminders are made from
//!   the public view only.

mod panel;
mod public;
mod reference;
#[cfg(test)]
mod tests;

pub use panel::{AutoHarvest, auto_harvest, panel};
pub use public::{
    dm_reminder, farm, farms, final_scores, games_list, lobby, log, reminder, status,
    table_message, turn_summary, year_summary,
};
pub use reference::{card, card_names, rules, rules_topics};

use super::ids::{ComponentId, Verb};
use super::spec::{self, ButtonSpec, EmbedSpec, FieldSpec, MessageSpec, Style, limits};
use crate::games::fields_of_green::event::Direction;
use crate::games::fields_of_green::view::{FarmView, SeatView};
use crate::games::fields_of_green::{Deck, Game, Phase};
use crate::render::{self, RenderOptions, and_list, plural};
use crate::store::Table;

/// Embed colours.
const GREEN: u32 = 0x3A7D44;
const LIGHT_GREEN: u32 = 0x8BC34A;
const DARK_GREEN: u32 = 0x2E5E35;
const GOLD: u32 = 0xE0A526;
const GREY: u32 = 0x8A8F98;

/// The custom_id of a component of this table, drawn at the table's current version; `None` in
/// the (never seen) case where it would not fit Discord's 100 characters, so the component is
/// left out rather than sent broken.
fn cid(table: &Table, verb: Verb) -> Option<String> {
    let id = ComponentId::new(table.game.id, table.game.version, verb);
    id.fits().then(|| id.encode())
}

/// A button of this table.
fn button(
    table: &Table,
    verb: Verb,
    label: &str,
    style: Style,
    disabled: bool,
) -> Option<ButtonSpec> {
    Some(ButtonSpec {
        id: cid(table, verb)?,
        label: spec::clip(label, limits::BUTTON_LABEL),
        style,
        disabled,
    })
}

/// Display names by seat, `players` long; a missing name reads `Player N` (render::seat_name).
fn names(table: &Table, players: usize) -> Vec<String> {
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
fn who(names: &[String], seat: usize) -> String {
    esc(&render::seat_name(names, seat))
}

/// A mention of the seat's player (renders as their name; in embeds it never pings), or the name.
fn mention(table: &Table, names: &[String], seat: usize) -> String {
    match table.user_of(seat) {
        Some(u) => format!("<@{u}>"),
        None => who(names, seat),
    }
}

/// Water on a farm's towers.
fn water_of(farm: &FarmView) -> u32 {
    farm.cells
        .iter()
        .filter(|c| c.card == "water_tower")
        .map(|c| u32::from(c.water))
        .sum()
}

/// `12 coins - 3/8 Food - 5 Water - 2 VP tokens`.
fn resources(sv: &SeatView) -> String {
    format!(
        "{} · {}/{} Food · {} Water · {}",
        plural(sv.coins, "coin", "coins"),
        sv.food,
        sv.food_capacity,
        water_of(&sv.farm),
        plural(sv.vp_tokens, "VP token", "VP tokens")
    )
}

/// `Action phase, turn 3 of 6`, `Harvest`, ...
fn phase_name(game: &Game) -> String {
    let hs = game.hand_size();
    match game.phase() {
        Phase::Upkeep { .. } => "Upkeep".to_string(),
        Phase::Action { turn } => format!("Action phase, turn {} of {hs}", (*turn).min(hs)),
        Phase::Duel { picks, taken, .. } => {
            let card = if *taken { *picks } else { picks + 1 };
            format!("Action phase, card {} of {}", card.min(2 * hs), 2 * hs)
        }
        Phase::Harvest => "Harvest".to_string(),
        Phase::Ended => "Game over".to_string(),
    }
}

/// `Year 2 of 4 - Action phase, turn 3 of 6`.
pub fn year_phase(game: &Game) -> String {
    if game.is_over() {
        return "Game over".to_string();
    }
    format!("Year {} of 4 · {}", game.year(), phase_name(game))
}

/// `-> left (clockwise)`.
fn direction_text(d: Direction) -> &'static str {
    match d {
        Direction::Left => "→ left (clockwise)",
        Direction::Right => "← right (counter-clockwise)",
    }
}

/// What a seat is doing now, in a few words, from the public view only.
fn seat_status(game: &Game, sv: &SeatView) -> String {
    let hs = game.hand_size();
    let waiting = game.is_waiting_for(sv.seat);
    let deck = game.deck();
    let s = match game.phase() {
        Phase::Ended => return format!("{} VP", sv.score_now),
        _ if sv.equipment_offer > 0 => "choosing an Equipment tile".to_string(),
        Phase::Upkeep { next } => {
            if sv.pending_water > 0 {
                "placing income Water".to_string()
            } else if let Some(s) = sv.split {
                format!("drew {}", split_text(s))
            } else if game.turn_order().get(*next as usize) == Some(&sv.seat) {
                "drawing cards".to_string()
            } else {
                "draws later".to_string()
            }
        }
        Phase::Action { turn } => {
            let mut parts = Vec::new();
            if let Some(c) = &sv.revealed {
                parts.push(format!("using {}", render::card_name(deck, c)));
            }
            if *turn <= hs {
                if sv.has_selected {
                    parts.push("✓ card chosen".to_string());
                } else if sv.hand_size > 0 {
                    parts.push("choosing a card".to_string());
                }
            }
            if parts.is_empty() {
                "done".to_string()
            } else {
                parts.join(", ")
            }
        }
        Phase::Duel { current, taken, .. } => {
            if *current as usize != sv.seat {
                "waiting".to_string()
            } else if !*taken {
                "taking a card".to_string()
            } else if let Some(c) = &sv.revealed {
                format!("using {}", render::card_name(deck, c))
            } else {
                "taking a card".to_string()
            }
        }
        Phase::Harvest => {
            if sv.harvest_done {
                "✓ harvest done".to_string()
            } else {
                "harvesting".to_string()
            }
        }
    };
    if waiting { format!("⏳ {s}") } else { s }
}

/// `2/2/1/1`.
fn split_text(s: [u8; 4]) -> String {
    format!("{}/{}/{}/{}", s[0], s[1], s[2], s[3])
}

/// A farm grid (with as much of its legend as fits) in a code block of at most `budget`
/// characters.
fn farm_block(deck: &Deck, farm: &FarmView, show_build_spaces: bool, budget: usize) -> String {
    let r = render::render_farm(deck, farm, RenderOptions { show_build_spaces });
    let mut s = format!("```\n{}", r.grid);
    let mut cut = false;
    for line in &r.legend {
        if !cut && s.chars().count() + line.chars().count() + 1 + 4 <= budget {
            s.push('\n');
            s.push_str(line);
        } else {
            cut = true;
        }
    }
    let more = "\n(legend cut: see Farms)";
    if cut && s.chars().count() + more.len() + 4 <= budget {
        s.push_str(more);
    }
    s.push_str("\n```");
    s
}

/// Clips markdown to `max` characters, closing a code block the cut left open.
fn clip_md(s: &str, max: usize) -> String {
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
fn fit_embed(e: &mut EmbedSpec) {
    e.title = spec::clip(&e.title, limits::TITLE);
    e.description = clip_md(&e.description, limits::DESCRIPTION);
    e.fields.truncate(limits::FIELDS);
    for f in &mut e.fields {
        f.name = spec::clip(&f.name, limits::FIELD_NAME);
        f.value = clip_md(&f.value, limits::FIELD_VALUE);
        if f.value.is_empty() {
            f.value = "-".to_string();
        }
    }
    if let Some(footer) = &mut e.footer {
        *footer = spec::clip(footer, limits::FOOTER);
    }
    let total = |e: &EmbedSpec| {
        e.title.chars().count()
            + e.description.chars().count()
            + e.footer.as_deref().map_or(0, |f| f.chars().count())
            + e.fields
                .iter()
                .map(|f| f.name.chars().count() + f.value.chars().count())
                .sum::<usize>()
    };
    while total(e) > limits::EMBED_TOTAL && !e.fields.is_empty() {
        e.fields.pop();
    }
    let over = total(e).saturating_sub(limits::EMBED_TOTAL);
    if over > 0 {
        let keep = e.description.chars().count().saturating_sub(over);
        e.description = clip_md(&e.description, keep);
    }
}

/// [`fit_embed`] for a whole message, keeping the embeds' sum within 6000 characters by
/// dropping trailing embeds (callers budget so this never happens in practice).
fn fit(m: &mut MessageSpec) {
    m.content = spec::clip(&m.content, limits::CONTENT);
    m.embeds.truncate(limits::EMBEDS);
    for e in &mut m.embeds {
        fit_embed(e);
    }
    let size = |e: &EmbedSpec| {
        e.title.chars().count()
            + e.description.chars().count()
            + e.footer.as_deref().map_or(0, |f| f.chars().count())
            + e.fields
                .iter()
                .map(|f| f.name.chars().count() + f.value.chars().count())
                .sum::<usize>()
    };
    while m.embeds.len() > 1 && m.embeds.iter().map(size).sum::<usize>() > limits::EMBED_TOTAL {
        m.embeds.pop();
    }
}

/// A field.
fn field(name: impl Into<String>, value: impl Into<String>, inline: bool) -> FieldSpec {
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

/// What the thread and the table message say when the stand-in played for a slow player. Only
/// public facts: who, how long, and the phase (the decision itself may be a face-down card).
pub fn stand_in_note(table: &Table, game: &Game, seat: usize, minutes: u32) -> String {
    let names = names(table, game.players());
    format!(
        "⏱ {} held the game up for {}, so a stand-in bot made one decision for them ({}).",
        who(&names, seat),
        plural(minutes, "minute", "minutes"),
        year_phase(game),
    )
}
