//! Fields of Green on Discord: every message of a Fields of Green table, as plain
//! [`MessageSpec`](super::spec::MessageSpec) data built from the store's [`Table`] and the
//! engine's views (the lobby and the list of tables are shared: `discord::ui`). Pure functions, no Discord types, so every message is
//! checked against Discord's limits in unit tests (`spec::check`), without Discord.
//!
//! Public messages (the table message, farms, the log, summaries, reminders, rules)
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
    dm_reminder, farm, farms, final_scores, log, reminder, status, table_message, turn_summary,
    year_summary,
};
pub use reference::{card, card_names, rules, rules_topics};

// The shared message helpers, for this module and its children (`super::fit`, ...).
use super::ui::{
    DARK_GREEN, GOLD, GREEN, GREY, LIGHT_GREEN, button, cid, field, fit, mention, names, who,
};
use crate::games::fields_of_green::event::Direction;
use crate::games::fields_of_green::view::{FarmView, SeatView};
use crate::games::fields_of_green::{Deck, Game, Phase};
use crate::render::{self, RenderOptions, and_list, plural};
use crate::store::Table;

/// Every farm (or only seat `only`'s) in one PNG, two per row, as an attachment named `name`,
/// drawn from the public view only. `None` when it cannot be drawn (logged): the text grids
/// carry the same facts, so the message goes out without it rather than not at all.
fn farms_picture(
    table: &Table,
    game: &Game,
    name: &str,
    only: Option<usize>,
) -> Option<super::spec::FileSpec> {
    // The crate's unit tests build every screen at every step of whole playouts to check
    // Discord's text limits; a picture per screen would make them take many minutes. Pictures
    // have their own tests (tests/pictures.rs), which run the library as the bot does.
    if cfg!(test) {
        return None;
    }
    let v = game.public_view();
    let names = names(table, v.players);
    let seats: Vec<(&SeatView, String)> = v
        .seats
        .iter()
        .filter(|sv| only.is_none_or(|s| s == sv.seat))
        .map(|sv| (sv, render::seat_name(&names, sv.seat)))
        .collect();
    match render::farm_picture::farms_png(game.deck(), &seats) {
        Ok(bytes) => Some(super::spec::FileSpec {
            name: name.to_string(),
            bytes,
            description: Some(format!(
                "Picture of {} of table #{}; the same is written out as text grids.",
                if only.is_some() {
                    "a farm"
                } else {
                    "every farm"
                },
                table.game.id
            )),
        }),
        Err(e) => {
            tracing::warn!(game = table.game.id, error = %e, "could not draw the farms");
            None
        }
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
