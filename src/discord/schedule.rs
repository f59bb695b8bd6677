//! The scheduler: what comes due without anyone clicking (reminders, the stand-in's moves),
//! looked at once a pass, every `game.reminder_check_seconds`.
//!
//! Each game row carries `due_at`, the earliest time something may come due for it (migration
//! 0009). A pass reads only the rows whose time has come, of this process's shards, through an
//! index; so a pass costs what is due, not every game in progress (`bench scheduler` measures
//! it). Every versioned write sets `due_at` to "now" (the store's `bump`), and the pass that
//! then looks stores the exact next time ([`next_due`]). A game that cannot be read is logged,
//! counted and looked at again a little later; the others go on.

use super::{Data, bots, notify};
use crate::day::Day;
use crate::store::{GameRow, Prefs, Reminders, Status};
use poise::serenity_prelude::Http;

/// At most this many games a pass; the rest, in order of their time, at the next pass.
pub use crate::store::DUE_LIMIT as PASS_LIMIT;

/// When something that was due could not be done (a game that cannot be read, a stand-in that
/// could not decide, nobody but bots to remind), the game is looked at again this much later
/// rather than at every pass.
pub const RETRY_MS: i64 = 5 * 60_000;

/// What one pass did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pass {
    /// Game rows read because their time had come.
    pub looked_at: usize,
    /// Decisions the stand-in made.
    pub stand_in_moves: usize,
}

/// A player the game waits for, as the scheduler sees them.
#[derive(Clone, Debug)]
pub struct Waiting {
    pub seat: usize,
    /// Their day (time zone and quiet hours), if they set quiet hours.
    pub day: Option<Day>,
    /// Already reminded in the current round, reminders turned off, or away.
    pub reminded: bool,
    /// When the stand-in may decide for them ([`crate::store::Table::deadline`]).
    pub deadline: Option<i64>,
}

/// The earliest time, at or after `now`, that something may come due for a game: its next
/// reminder (the table's delay after it started waiting, then every `repeat_minutes`; a player
/// inside their quiet hours when the round is due, when they end) or a waiting player's
/// deadline (the table's pace in their waking time, or its stand-in delay). `None` when
/// nothing can (the game is over, or waits for no person). A time already passed means that
/// it was due and is still undone after this pass: it is tried again [`RETRY_MS`] later.
pub fn next_due(game: &GameRow, repeat_minutes: u32, now: i64, waiting: &[Waiting]) -> Option<i64> {
    if game.status != Status::Active || waiting.is_empty() {
        return None;
    }
    let since = game.waiting_since?;
    let first = i64::from(game.options.reminder_minutes) * 60_000;
    let repeat = i64::from(repeat_minutes.max(1)) * 60_000;
    let round = since + first + game.reminders_sent * repeat;
    let reminder = if round > now {
        Some(round)
    } else {
        // The round is under way: those not yet reminded, when they wake.
        waiting
            .iter()
            .filter(|w| !w.reminded)
            .map(|w| w.day.as_ref().map_or(now, |d| d.wakes(now)))
            .min()
    };
    let stand_in = waiting.iter().filter_map(|w| w.deadline).min();
    let next = match (reminder, stand_in) {
        (Some(r), Some(s)) => r.min(s),
        (r, s) => r.or(s)?,
    };
    Some(if next <= now { now + RETRY_MS } else { next })
}

/// The people a game waits for, with their days, for [`next_due`], and the row they were read
/// with (one read of the game).
pub async fn waiting_of(
    data: &Data,
    id: crate::store::GameId,
    now: i64,
) -> Result<(crate::store::Table, Vec<Waiting>), crate::service::ServiceError> {
    let (table, game) = data.service.load_any(id).await?;
    let Some(game) = game else {
        return Ok((table, Vec::new()));
    };
    let mut out = Vec::new();
    for seat in game.waiting_for() {
        let Some(user) = table.user_of(seat) else {
            continue;
        };
        let prefs = data.service.store().prefs(user).await.unwrap_or_default();
        let reminded = prefs.reminders == Reminders::Off
            || table.game.round_reminded.contains(&seat)
            || table.away_at(seat, now).is_some();
        out.push(waiting(&table, seat, &prefs, reminded));
    }
    Ok((table, out))
}

/// Seat `seat` of `table` waited for, whose player has `prefs`: their day, and when the
/// stand-in may decide for them if the game waits on them now.
pub fn waiting(table: &crate::store::Table, seat: usize, prefs: &Prefs, reminded: bool) -> Waiting {
    let day = prefs.day();
    let deadline = table
        .game
        .waiting_since
        .and_then(|since| table.deadline(seat, since, day.as_ref()));
    Waiting {
        seat,
        day,
        reminded,
        deadline,
    }
}

/// One pass at `now`: for each game due, the stand-in's move if its delay has passed, then the
/// reminder if one is due; then the game's next time is stored.
pub async fn pass(
    http: &Http,
    data: &Data,
    now: i64,
) -> Result<Pass, crate::service::ServiceError> {
    let store = data.service.store();
    let shards = data.config.discord.shard_plan().unwrap_or_default();
    let due = store.due_games(now, shards, PASS_LIMIT).await?;
    let mut done = Pass {
        looked_at: due.len(),
        ..Pass::default()
    };
    for id in due {
        match bots::stand_in_one(http, data, id, now).await {
            Ok(n) => done.stand_in_moves += n,
            Err(e) => {
                tracing::warn!(game = id, error = %e, "could not look at a game for the stand-in; the others go on");
                data.service.metrics().error("stand_in");
            }
        }
        if let Err(e) = notify::remind_one(http, data, id, now).await {
            tracing::warn!(game = id, error = %e, "could not look at a game for its reminder; the others go on");
            data.service.metrics().error("reminder");
        }
        // The row and the game read once for the next time; the row alone when the game
        // cannot be read (to look again later).
        let stored = match waiting_of(data, id, now).await {
            Ok((t, waiting)) => {
                let repeat = data.config.game.reminder_repeat_minutes;
                let at = next_due(&t.game, repeat, now, &waiting);
                store
                    .set_due(
                        id,
                        at,
                        t.game.waiting_since,
                        t.game.reminders_sent,
                        t.game.version,
                    )
                    .await
                    .map(|_| ())
                    .map_err(crate::service::ServiceError::from)
            }
            // A game that cannot be read: looked at again a little later.
            Err(e) => match store.table(id).await {
                Ok(t) => {
                    let _ = store
                        .set_due(
                            id,
                            Some(now + RETRY_MS),
                            t.game.waiting_since,
                            t.game.reminders_sent,
                            t.game.version,
                        )
                        .await;
                    Err(e)
                }
                Err(_) => Err(e),
            },
        };
        if let Err(e) = stored {
            tracing::warn!(game = id, error = %e, "could not store a game's next scheduled time");
            data.service.metrics().error("scheduler");
        }
    }
    Ok(done)
}
