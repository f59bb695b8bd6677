//! Hay Wagons on Discord (the test game, issue 40): its slash command group (`commands.rs`), its
//! id codec (`ids.rs`), its router (`router.rs`), its [`Screens`] and `Coached` impls
//! (`screens.rs`), and its messages, here: the table message, the private screen (My wagon) and
//! the final scores. The game hides nothing, so every message is drawn from the public view.
//!
//! [`Screens`]: crate::discord::game::Screens

pub mod commands;
pub mod ids;
pub mod router;
mod screens;

use self::ids::{HwId, HwVerb};
use crate::discord::spec::{ButtonSpec, EmbedSpec, MessageSpec, RowSpec, Style};
use crate::discord::ui::{GOLD, GREEN, GREY, clip_md, embed_message, fit, mention, names, who};
use crate::games::Engine;
use crate::games::hay_wagons::{Action, End, Game};
use crate::render::hay_wagons::{action_words, row_text, wagon_lines};
use crate::store::{Status, Table};
use crate::t;

/// A button of game `table` at its current version.
fn button(table: &Table, verb: HwVerb, label: &str, style: Style) -> ButtonSpec {
    let id = HwId::new(table.game.id, table.game.version, verb);
    ButtonSpec::new(id.encode(), label, style, false)
}

/// The row in a code block, then each wagon.
fn board_text(table: &Table, game: &Game) -> String {
    let plain = names(table, 2);
    format!(
        "```\n{}\n```\n{}",
        row_text(game.row()),
        wagon_lines(game, &plain).join("\n")
    )
}

/// Who the game waits for, or who won.
fn state_line(table: &Table, game: &Game) -> String {
    match game.turn() {
        Some(seat) => t!(
            "hw-line-turn",
            name = mention(table, &names(table, 2), seat),
            progress = crate::render::hay_wagons::moment(game)
        ),
        None => winner_line(table, game),
    }
}

fn md_names(table: &Table) -> Vec<String> {
    let plain = names(table, 2);
    (0..2).map(|s| who(&plain, s)).collect()
}

/// The winner sentence of a finished game.
fn winner_line(table: &Table, game: &Game) -> String {
    let md = md_names(table);
    let winners: Vec<String> = game.winners().iter().map(|&s| md[s].clone()).collect();
    match winners.as_slice() {
        [one] => t!("hw-line-winner", name = one.as_str()),
        _ => t!("hw-line-shared", names = crate::render::and_list(&winners)),
    }
}

/// The public table message, edited in place after every action: the row, the wagons, whose
/// turn; My wagon while the game is on, Review and Rematch once it is over. An open table shows
/// its lobby.
pub fn table_message(table: &Table, game: &Game) -> MessageSpec {
    if table.game.status == Status::Open {
        return crate::discord::ui::lobby(table);
    }
    let mut m = status(table, game);
    let live = !game.is_over() && table.game.status == Status::Active;
    let my_wagon = live.then(|| {
        button(
            table,
            HwVerb::Hand,
            &t!("hw-button-my-wagon"),
            Style::Primary,
        )
    });
    crate::discord::ui::add_table_buttons(&mut m, table, [my_wagon]);
    m
}

/// `/hw status`: the table message without its buttons. Once the game is over it leads with
/// the ranking in one line (as the other games' finished tables do, for a phone), then the
/// winner; the pad is in the final scores' post.
pub fn status(table: &Table, game: &Game) -> MessageSpec {
    let mut lines = Vec::new();
    if game.is_over() {
        lines.push(ranking(table, game));
        lines.push(winner_line(table, game));
        lines.extend(crate::render::hay_wagons::tie_lines(game, &names(table, 2)));
    } else {
        lines.push(board_text(table, game));
        lines.push(state_line(table, game));
        if let Some(line) = crate::discord::ui::pace_line(table.game.options.pace) {
            lines.push(line);
        }
        lines.extend(crate::discord::seats::away_lines(table));
    }
    embed_message(
        t!("hw-table-title", table = table.game.id),
        lines.join("\n"),
        if game.is_over() { GOLD } else { GREEN },
    )
}

/// `1. Ann 24 · 2. Bob 18`, by place (the first in bold).
fn ranking(table: &Table, game: &Game) -> String {
    let md = md_names(table);
    let Some(results) = crate::games::Engine::results(game) else {
        return String::new();
    };
    let mut order: Vec<usize> = (0..results.len()).collect();
    order.sort_by_key(|&s| (results[s].place, s));
    order
        .iter()
        .map(|&s| {
            let entry = t!(
                "ranking-entry",
                rank = results[s].place,
                name = md[s].as_str(),
                points = results[s].score
            );
            if results[s].place == 1 {
                format!("**{entry}**")
            } else {
                entry
            }
        })
        .collect::<Vec<_>>()
        .join(" · ")
}

/// The final scores, posted once when the row is empty: the pad and the winner.
pub fn final_scores(table: &Table, game: &Game) -> MessageSpec {
    let pad = crate::render::hay_wagons::phone::pad(game, &names(table, 2)).unwrap_or_default();
    embed_message(
        t!("hw-final-title", table = table.game.id),
        format!("```\n{pad}\n```\n{}", winner_line(table, game)),
        GOLD,
    )
}

/// The seat's private screen: the row, the wagons, and on its turn a button per end of the row;
/// Undo while its last load may be taken back, Refresh, and Hint when the table offers hints.
pub fn panel(table: &Table, game: &Game, seat: usize, note: Option<&str>) -> MessageSpec {
    let plain = names(table, 2);
    let mut d = Vec::new();
    if let Some(note) = note {
        d.push(note.to_string());
    }
    d.push(board_text(table, game));
    let mut rows = Vec::new();
    if game.turn() == Some(seat) {
        d.push(t!("hw-panel-your-turn"));
        let loads = End::BOTH
            .iter()
            .map(|&end| {
                let a = Action::Load(end);
                let label = t!("hw-button-load", what = action_words(game, &a));
                button(table, HwVerb::Act(a), &label, Style::Success)
            })
            .collect();
        rows.push(RowSpec::Buttons(loads));
    } else {
        d.push(state_line(table, game));
    }
    let mut nav = Vec::new();
    if table.game.may_undo(seat) {
        nav.push(button(
            table,
            HwVerb::Undo,
            &t!("undo-button"),
            Style::Danger,
        ));
    }
    nav.push(button(
        table,
        HwVerb::Refresh,
        &t!("hw-button-refresh"),
        Style::Secondary,
    ));
    if table.game.options.hints && game.turn() == Some(seat) {
        nav.push(button(
            table,
            HwVerb::Hint,
            &t!("coach-hint-button"),
            Style::Primary,
        ));
    }
    rows.push(RowSpec::Buttons(nav));
    let mut m = MessageSpec {
        embeds: vec![EmbedSpec {
            title: t!(
                "hw-panel-title",
                table = table.game.id,
                name = crate::render::seat_name(&plain, seat)
            ),
            description: clip_md(&d.join("\n"), crate::discord::spec::limits::DESCRIPTION),
            color: if game.turn() == Some(seat) {
                GREEN
            } else {
                GREY
            },
            ..Default::default()
        }],
        rows,
        ..Default::default()
    };
    fit(&mut m);
    m
}
