//! What Fields of Green says after an accepted action, besides the clicker's own answer: the
//! table message, one message per turn saying what everybody did, a summary at each year's end
//! and the final scores in the game's thread, and the DM panels that follow the game.

use crate::discord::{Data, notify};
use crate::games::fields_of_green::{Event, Game, Phase};
use crate::store::Table;
use poise::serenity_prelude::Http;

/// True for events that close a turn: the next reveal (3+ players), the next cards turned face up
/// (2 players).
fn is_turn_boundary(e: &Event) -> bool {
    matches!(e, Event::Revealed { .. } | Event::TurnedFaceUp { .. })
}

/// True for the events of a harvest and of what follows it until the next year starts: a turn's
/// summary stops before the first of them, and the year's summary tells them.
fn is_harvest(e: &Event) -> bool {
    matches!(
        e,
        Event::Harvested { .. }
            | Event::BecameOpenArea { .. }
            | Event::HarvestFinished { .. }
            | Event::FirstPlayerPassed { .. }
            | Event::GameEnded { .. }
    )
}

/// Where the stretch of play that ends at `end` began: at the turn's reveal or face-up cards
/// (which head its summary), or at the start of the year (its income and draws), whichever is
/// later. A year's start ends the previous year's last turn, so that turn is told once, under
/// its own year.
pub(crate) fn stretch_start(all: &[Event], end: usize) -> usize {
    all[..end]
        .iter()
        .rposition(|e| is_turn_boundary(e) || matches!(e, Event::YearStarted { .. }))
        .unwrap_or(0)
}

/// Where the stretch of play that an action with `events` (the last `events.len()` of `all`)
/// closes ends, if it closes one: at a turn boundary among its events, or, when the action phase
/// ended (`left_action`), before the first event of the harvest or of the next year.
pub(crate) fn stretch_end(all: &[Event], events: &[Event], left_action: bool) -> Option<usize> {
    let first_new = all.len().saturating_sub(events.len());
    let k = match events.iter().position(is_turn_boundary) {
        Some(k) => k,
        None if left_action => events
            .iter()
            .position(|e| is_harvest(e) || matches!(e, Event::YearStarted { .. }))
            .unwrap_or(events.len()),
        None => return None,
    };
    Some((first_new + k).min(all.len()))
}

/// The year the events before `end` were played in: the game's year now, less the years that
/// started since.
pub(crate) fn year_at(game: &Game, all: &[Event], end: usize) -> u8 {
    let started = all[end..]
        .iter()
        .filter(|e| matches!(e, Event::YearStarted { .. }))
        .count();
    game.year()
        .saturating_sub(u8::try_from(started).unwrap_or(u8::MAX))
        .max(1)
}

/// After an accepted Fields of Green action: the table message, turn and year summaries, DM
/// panels. `from_dm` is the user whose click came from their DM panel (already redrawn by the
/// interaction response).
pub async fn after_fog_action(
    http: &Http,
    data: &Data,
    table: &Table,
    game: &Game,
    events: &[Event],
    phase_before: &Phase,
    from_dm: Option<u64>,
) {
    notify::refresh_table(data, table.game.id);

    // One message per turn saying what everybody did, posted when the turn is over: at the next
    // reveal, or when the action phase ends. One for each year's income and draws, posted at
    // the year's first reveal. And a summary when a year ends.
    let left_action = matches!(phase_before, Phase::Action { .. } | Phase::Duel { .. })
        && !matches!(game.phase(), Phase::Action { .. } | Phase::Duel { .. });
    let boundary_here = events.iter().any(is_turn_boundary);
    let year_end = events.iter().any(|e| {
        matches!(e, Event::YearStarted { year, .. } if *year >= 2)
            || matches!(e, Event::GameEnded { .. })
    });
    if boundary_here || left_action || year_end {
        let all: Vec<Event> = match crate::discord::router::last_events(data, table, 600).await {
            Ok(all) => all,
            Err(e) => {
                tracing::warn!(game = table.game.id, error = %e, "could not read the log for a summary");
                Vec::new()
            }
        };
        let first_new = all.len().saturating_sub(events.len());
        if let Some(end) = stretch_end(&all, events, left_action) {
            let start = stretch_start(&all, end);
            let year = year_at(game, &all, end);
            if let Some(spec) = super::turn_summary(table, game, year, &all[start..end]) {
                notify::post(http, data, table, &spec).await;
            }
        }
        for (k, e) in events.iter().enumerate() {
            match e {
                Event::YearStarted { year, .. } if *year >= 2 => {
                    let end = (first_new + k).min(all.len());
                    let start = all[..end]
                        .iter()
                        .rposition(|e| matches!(e, Event::YearStarted { .. }))
                        .unwrap_or(0);
                    notify::post(
                        http,
                        data,
                        table,
                        &super::year_summary(table, game, year - 1, &all[start..end]),
                    )
                    .await;
                }
                Event::GameEnded { .. } => {
                    let mut m = super::final_scores(table, game);
                    crate::discord::coach::add_hints_used(data, table, &mut m).await;
                    notify::post(http, data, table, &m).await
                }
                _ => {}
            }
        }
    }

    // Hand panels kept in DMs follow the game: redraw them when the table moved on.
    let moved = events.iter().any(|e| {
        matches!(
            e,
            Event::Revealed { .. }
                | Event::HandsPassed { .. }
                | Event::TurnedFaceUp { .. }
                | Event::Picked { .. }
                | Event::YearStarted { .. }
                | Event::Drew { .. }
                | Event::HarvestFinished { .. }
                | Event::GameEnded { .. }
        )
    });
    if moved {
        notify::redraw_dm_panels(data, table, from_dm).await;
    }
}
