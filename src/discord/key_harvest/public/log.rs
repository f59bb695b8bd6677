//! The public log and the summary of each action: render's public sentences (viewer `None`), so
//! a seat's unrevealed starting counters are never described (KH 69).

use super::{SOIL, embed_message, fit, fit_lines, md_names, progress};
use crate::discord::spec::{EmbedSpec, MessageSpec};
use crate::games::key_harvest::{Event, Game};
use crate::render::key_harvest::text::describe_event;
use crate::store::Table;
use crate::t;

/// The public sentences of `events`, names escaped for markdown; a new turn in bold.
pub fn sentences(table: &Table, game: &Game, events: &[Event]) -> Vec<String> {
    let players = game.players();
    let md = md_names(table, usize::from(players));
    events
        .iter()
        .filter_map(|e| {
            let s = describe_event(game.board(), e, &md, players, None)?;
            Some(match e {
                Event::TurnStarted { .. } => format!("**{s}**"),
                _ => s,
            })
        })
        .collect()
}

/// The recent public log: one sentence per event, newest last, as many of the newest as fit.
pub fn log(table: &Table, game: &Game, events: &[Event]) -> MessageSpec {
    let lines = sentences(table, game, events);
    let description = if lines.is_empty() {
        t!("kh-log-empty")
    } else {
        fit_lines(&lines, 3900, true)
    };
    embed_message(
        t!(
            "kh-log-title",
            table = table.game.id,
            progress = progress(game)
        ),
        description,
        SOIL,
    )
}

/// What one accepted action did, as the public sentences of its events, for the game's thread;
/// `None` when none of them has a public sentence.
pub fn action_summary(table: &Table, game: &Game, events: &[Event]) -> Option<MessageSpec> {
    let lines = sentences(table, game, events);
    if lines.is_empty() {
        return None;
    }
    let mut m = MessageSpec {
        embeds: vec![EmbedSpec {
            description: fit_lines(&lines, 3900, false),
            color: SOIL,
            ..Default::default()
        }],
        ..Default::default()
    };
    fit(&mut m);
    Some(m)
}

/// What every seat did in round `round` (each seat's turn once; 0: the setup), gathered into one
/// post for the game's thread as Fields of Green gathers a turn: `None` when nothing in it has a
/// public sentence.
pub fn round_summary(
    table: &Table,
    game: &Game,
    round: u32,
    events: &[Event],
) -> Option<MessageSpec> {
    // A round post says who did what and what changed (issue 43: it was about 1,100 px of
    // bookkeeping on a phone). Left out here, and kept in the log: a worker "acts" (what it
    // does follows), the registry's refills from the bag (the table message shows the
    // registry), a seller's gain from a sale (the buyer's payment to them says it), an event
    // "is resolved", events set aside and put back in the bag while drawing, and a turn's end.
    let told: Vec<Event> = events
        .iter()
        .filter(|e| !is_bookkeeping(e))
        .cloned()
        .collect();
    let mut m = action_summary(table, game, &told)?;
    if let Some(e) = m.embeds.first_mut() {
        e.title = if round == 0 {
            t!("kh-setup-title", table = table.game.id)
        } else {
            t!("kh-round-title", round = round, table = table.game.id)
        };
    }
    fit(&mut m);
    Some(m)
}

/// An event a round post leaves out (see [`round_summary`]); the Log keeps it.
pub fn is_bookkeeping(e: &Event) -> bool {
    use crate::games::key_harvest::event::Gain;
    matches!(
        e,
        Event::WorkerActs { copied: false, .. }
            | Event::TileToRegistry {
                from: crate::games::key_harvest::Place::Bag,
                ..
            }
            | Event::Gained {
                from: Gain::Sale,
                ..
            }
            | Event::EventResolved { .. }
            | Event::EventSetAside { .. }
            | Event::EventsToBag { .. }
            | Event::TurnEnded { .. }
    )
}

/// The round (1, 2, ...) turn `turn` belongs to with `players` seats; 0 for the setup (the
/// engine's count, which the review names its decisions by too).
pub fn round_of(turn: u32, players: u32) -> u32 {
    crate::games::key_harvest::round_of(turn, players)
}
