//! The country boards: every player's board as the phone-width hex drawing (design section 6),
//! and one board large with its legend and details.

use super::{
    SOIL, add_pictures, board_drawing, board_pictures, counters_text, field, fit, md_names, names,
    one_embed, pictures_under_embeds, store_text, text, unplayed_text,
};
use crate::discord::spec::{EmbedSpec, MessageSpec};
use crate::games::key_harvest::Game;
use crate::games::key_harvest::view::SeatView;
use crate::render::key_harvest::legend;
use crate::render::key_harvest::text::{start_colour, worker_name};
use crate::store::Table;
use crate::t;

/// `Ann's board · 24 so far` while the game runs; `Ann's board · 33 final` after it, crop
/// majorities included (KH 66).
fn board_title(plain: &[String], sv: &SeatView) -> String {
    let name = crate::render::seat_name(plain, usize::from(sv.seat));
    let title = if sv.is_final() {
        t!(
            "kh-board-title-final",
            name = name,
            score = sv.shown_score()
        )
    } else {
        t!("kh-board-title", name = name, score = sv.running_score)
    };
    crate::discord::spec::clip(&title, 120)
}

/// The lines under a board: counters (KH 70), store with bids, farmhands left.
fn board_facts(game: &Game, sv: &SeatView) -> String {
    [
        t!(
            "kh-facts-counters",
            counters = counters_text(game.board(), sv)
        ),
        t!("kh-facts-store", store = store_text(game.board(), sv)),
        t!("kh-facts-farmhands", farmhands = unplayed_text(sv)),
    ]
    .join("\n")
}

/// Every player's country board, one embed each (drawing, workers, groups, score so far without
/// crop points, counters, store, farmhands left), then the legend. Four boards take about 3,000
/// characters, well within the 6,000 of a message.
pub fn boards(table: &Table, game: &Game) -> MessageSpec {
    let v = game.public_view();
    let plain = names(table, usize::from(v.players));
    let board = game.board();
    let mut embeds: Vec<EmbedSpec> = v
        .seats
        .iter()
        .map(|sv| EmbedSpec {
            title: board_title(&plain, sv),
            description: format!(
                "```\n{}\n```\n{}",
                board_drawing(board, sv),
                board_facts(game, sv)
            ),
            color: SOIL,
            ..Default::default()
        })
        .collect();
    embeds.push(EmbedSpec {
        title: t!("kh-legend-title"),
        // "So far" explains only the scores of a game still running.
        description: if v.ended {
            format!("```\n{}\n```", legend(board))
        } else {
            format!("```\n{}\n```\n{}", legend(board), t!("kh-so-far-note"))
        },
        color: SOIL,
        ..Default::default()
    });
    let mut m = MessageSpec {
        embeds,
        ..Default::default()
    };
    fit(&mut m);
    // Each board's picture in its own embed, under its text drawing.
    pictures_under_embeds(&mut m, board_pictures(table, game, "boards", None));
    m
}

/// One country board large: the drawing with its legend, and every detail of the seat.
pub fn board(table: &Table, game: &Game, seat: usize) -> MessageSpec {
    let v = game.public_view();
    let Some(sv) = v.seats.get(seat) else {
        return text(&t!("kh-no-such-seat"));
    };
    let plain = names(table, usize::from(v.players));
    let md = md_names(table, usize::from(v.players));
    let b = game.board();
    let mut e = EmbedSpec {
        title: board_title(&plain, sv),
        description: format!(
            "```\n{}\n```\n```\n{}\n```",
            board_drawing(b, sv),
            legend(b)
        ),
        color: SOIL,
        ..Default::default()
    };
    e.fields
        .push(field(t!("kh-field-counters"), counters_text(b, sv), true));
    e.fields
        .push(field(t!("kh-field-store"), store_text(b, sv), true));
    let workers: Vec<String> = sv
        .workers
        .iter()
        .map(|(s, w)| {
            format!(
                "{} {} {} ({})",
                b.reference(*s),
                w.letter(),
                worker_name(*w),
                w.number()
            )
        })
        .collect();
    e.fields.push(field(
        t!("kh-field-workers-on-board"),
        if workers.is_empty() {
            t!("kh-none")
        } else {
            workers.join("\n")
        },
        true,
    ));
    e.fields.push(field(
        t!("kh-field-farmhands-left"),
        unplayed_text(sv),
        true,
    ));
    let fields = sv.fields.count_ones();
    let tiles = fields + sv.workers.len() as u32;
    e.fields.push(field(
        t!("kh-field-tiles-on-board"),
        t!(
            "kh-tiles-on-board",
            fields = fields,
            harvested = sv.harvested.count_ones(),
            workers = sv.workers.len() as u32,
            total = tiles
        ),
        false,
    ));
    e.fields.push(field(
        t!("kh-field-start-pair"),
        t!(
            "kh-start-pair-drawn",
            name = md.get(seat).cloned().unwrap_or_default(),
            colour = crate::discord::ui::esc(&start_colour(b, &sv.start_pair))
        ),
        false,
    ));
    let mut m = one_embed(e);
    let pictures = board_pictures(table, game, "board", Some(seat));
    add_pictures(&mut m, pictures, SOIL);
    m
}
