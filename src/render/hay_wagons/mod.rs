//! Hay Wagons' words and drawings (the test game, issue 40): the row of bales as players read
//! it, one sentence per event, the wagons, the tie line, and the coach's words. Everything in
//! the language in scope; the row is ASCII, for code blocks.

pub mod phone;

use crate::games::hay_wagons::{Action, End, Event, Game};
use crate::render::{and_list, seat_name};
use crate::t;

/// The row of bales, west to east, as the weights in brackets: `W [3][1][4] E`; `(empty)` once
/// every bale is loaded.
pub fn row_text(row: &[u8]) -> String {
    if row.is_empty() {
        return t!("hw-row-empty");
    }
    let bales: String = row.iter().map(|b| format!("[{b}]")).collect();
    format!("W {bales} E")
}

/// An end of the row in words.
pub fn end_name(end: End) -> String {
    match end {
        End::West => t!("hw-end-west"),
        End::East => t!("hw-end-east"),
    }
}

/// What a load does, in a few words: `the west bale (3)`.
pub fn action_words(game: &Game, action: &Action) -> String {
    let Action::Load(end) = *action;
    t!(
        "hw-action",
        end = end_name(end),
        weight = game.bale(end).unwrap_or(0)
    )
}

/// The moment a decision is taken, as players count: `Round 2 · load 1`.
pub fn moment(game: &Game) -> String {
    let (round, load) = crate::games::Engine::chapter(game);
    t!("hw-moment", round = round, load = load)
}

/// One sentence for a public event (all of them are public: the game hides nothing).
pub fn describe_event(event: &Event, names: &[String]) -> String {
    match event {
        Event::RowLaid { bales } => t!("hw-event-row", count = bales.len(), row = row_text(bales)),
        Event::Loaded { seat, end, weight } => t!(
            "hw-event-loaded",
            name = seat_name(names, *seat),
            end = end_name(*end),
            weight = *weight
        ),
        Event::GameEnded { wagons, winners } => {
            let who: Vec<String> = winners.iter().map(|&s| seat_name(names, s)).collect();
            if winners.len() > 1 {
                t!(
                    "hw-event-shared",
                    names = and_list(&who),
                    weight = wagons[0]
                )
            } else {
                t!(
                    "hw-event-won",
                    name = and_list(&who),
                    weight = winners.first().map_or(0, |&s| wagons[s])
                )
            }
        }
    }
}

/// Each wagon, one line a seat: `Ann: 14`, with the turn's marker.
pub fn wagon_lines(game: &Game, names: &[String]) -> Vec<String> {
    let turn = game.turn();
    (0..2)
        .map(|s| {
            let mark = if turn == Some(s) { "▶ " } else { "" };
            t!(
                "hw-wagon-line",
                mark = mark,
                name = seat_name(names, s),
                weight = game.wagons()[s]
            )
        })
        .collect()
}

/// The tie line of a finished game (HW 4: equal wagons share the win), or none.
pub fn tie_lines(game: &Game, names: &[String]) -> Vec<String> {
    let winners = game.winners();
    if winners.len() < 2 {
        return Vec::new();
    }
    let who: Vec<String> = winners.iter().map(|&s| seat_name(names, s)).collect();
    vec![t!(
        "hw-tie",
        names = and_list(&who),
        weight = game.wagons()[winners[0]]
    )]
}
