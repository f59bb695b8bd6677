//! Public redraws, merged. Every accepted action changes the public table message (and the DM
//! panels of players who keep theirs in DMs), but redrawing each message once per action would
//! spend Discord's per-channel rate limits on pictures nobody had time to look at, and delay the
//! turn summaries and the bots queued behind them. So each message is redrawn by at most one task
//! at a time, and requests that arrive while it works, or within `discord.edit_interval_ms` of its
//! last edit, are merged into one later edit. Every edit is drawn from the latest state in the
//! database, so the last edit always shows the latest state: merging loses nothing anyone sees.
//!
//! The worker holds no game lock while it waits for Discord (a rate-limited edit slows only the
//! redraws of that message), and the player's own interaction response never waits for it.

use super::Data;
use super::outbox::Release;
use poise::serenity_prelude::Http;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

/// A message the bot keeps up to date.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Target {
    /// The public table message of a game (the lobby before the start).
    Table(i64),
    /// The DM panel of the player in `seat` of `game`.
    DmPanel { game: i64, seat: usize },
}

/// What is owed to one target while its worker runs.
#[derive(Debug, Default)]
struct Owed {
    /// Another redraw was asked for after the worker last read the state.
    again: bool,
    /// DM panels only: every request since the last read came from a click whose own
    /// interaction response already drew the panel at this version (the lowest such version;
    /// `i64::MAX` when nothing was asked yet), so an edit is needed only if the game moved past
    /// it. `None` once any request needs a redraw regardless.
    drawn_at: Option<i64>,
}

/// The merged redraws of every message (see the module comment).
pub struct Redraws {
    http: OnceLock<Arc<Http>>,
    interval: Duration,
    running: Mutex<HashMap<Target, Owed>>,
}

impl std::fmt::Debug for Redraws {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Redraws")
            .field("interval", &self.interval)
            .field("running", &self.running.lock().map(|m| m.len()).ok())
            .finish()
    }
}

impl Redraws {
    /// Merges redraws of one message that come within `interval` of its last edit.
    pub fn new(interval: Duration) -> Redraws {
        Redraws {
            http: OnceLock::new(),
            interval,
            running: Mutex::new(HashMap::new()),
        }
    }

    /// The client the workers use, set once the bot has connected.
    pub fn set_http(&self, http: Arc<Http>) {
        let _ = self.http.set(http);
    }

    /// Targets with a redraw owed or under way (0 when everything shown is up to date).
    pub fn pending(&self) -> usize {
        self.lock().len()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<Target, Owed>> {
        self.running.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Asks for `target` to be redrawn from the latest state. Returns at once; the edit happens in
    /// the background (at once when the message has been quiet for the interval, else merged into
    /// the next edit). `drawn_at` is for DM panels that the clicker's response already drew.
    pub fn request(&self, data: &Data, target: Target, drawn_at: Option<i64>) {
        {
            let mut running = self.lock();
            if let Some(owed) = running.get_mut(&target) {
                owed.again = true;
                owed.drawn_at = match (owed.drawn_at, drawn_at) {
                    (Some(a), Some(b)) => Some(a.min(b)),
                    _ => None,
                };
                return;
            }
            running.insert(
                target,
                Owed {
                    again: false,
                    drawn_at,
                },
            );
        }
        let Some(http) = self.http.get().cloned() else {
            // Not connected yet: nothing is shown anywhere, so nothing can be out of date.
            self.lock().remove(&target);
            return;
        };
        let data = data.clone();
        tokio::spawn(async move { work(http, data, target).await });
    }
}

async fn work(http: Arc<Http>, data: Data, target: Target) {
    let redraws = data.redraws.clone();
    let mut release = Release::new(&redraws.running, target);
    loop {
        // Take what is owed before reading the state: a request arriving during the edit below
        // then asks for one more round.
        let drawn_at = {
            let mut running = redraws.lock();
            let Some(owed) = running.get_mut(&target) else {
                release.armed = false;
                return;
            };
            owed.again = false;
            owed.drawn_at.replace(i64::MAX)
        };
        let edited_at = tokio::time::Instant::now();
        if handed_over(&data, target, drawn_at).await {
            // Another process draws it; this one asked it to. Nothing more owed here.
            let mut running = redraws.lock();
            running.remove(&target);
            release.armed = false;
            return;
        }
        match target {
            Target::Table(game) => super::draw::draw_table(&http, &data, game).await,
            Target::DmPanel { game, seat } => {
                super::draw::draw_dm_panel(&http, &data, game, seat, false, drawn_at).await;
            }
        }
        // Stay for the interval after the edit: requests meanwhile (players and bots acting in
        // quick succession) are merged into one edit at its end, drawn from the state then.
        tokio::time::sleep_until(edited_at + redraws.interval).await;
        let mut running = redraws.lock();
        match running.get(&target) {
            Some(owed) if owed.again => {}
            _ => {
                running.remove(&target);
                release.armed = false;
                return;
            }
        }
    }
}

/// With several processes on one database (a `discord.shard_range`), a message is edited only by
/// the process that looks after its game's server: two processes editing one message could land
/// an older picture after a newer one. A process that changed a game it does not look after (a
/// click in a DM arrives on shard 0 whatever the game's server) asks the owner to redraw, through
/// the database ([`crate::store::Store::announce_redraw`]). True when it handed `target` over.
async fn handed_over(data: &Data, target: Target, drawn_at: Option<i64>) -> bool {
    if data.config.discord.shard_range.is_none() {
        return false;
    }
    let game = match target {
        Target::Table(g) | Target::DmPanel { game: g, .. } => g,
    };
    let Ok(table) = data.service.store().table(game).await else {
        return false;
    };
    if data.looks_after(&table.game) {
        return false;
    }
    let payload = encode(target, drawn_at);
    if let Err(e) = data.service.store().announce_redraw(&payload).await {
        tracing::warn!(game, error = %e, "could not ask the owning process for a redraw");
    }
    true
}

/// A redraw request as a notification payload: `table:GAME` or `dm:GAME:SEAT[:DRAWN_AT]`.
fn encode(target: Target, drawn_at: Option<i64>) -> String {
    match (target, drawn_at) {
        (Target::Table(g), _) => format!("table:{g}"),
        (Target::DmPanel { game, seat }, Some(v)) if v != i64::MAX => {
            format!("dm:{game}:{seat}:{v}")
        }
        (Target::DmPanel { game, seat }, _) => format!("dm:{game}:{seat}"),
    }
}

/// The request in a payload, or None for one this version does not know.
fn decode(payload: &str) -> Option<(Target, Option<i64>)> {
    let parts: Vec<&str> = payload.split(':').collect();
    match parts.as_slice() {
        ["table", g] => Some((Target::Table(g.parse().ok()?), None)),
        ["dm", g, s] => Some((
            Target::DmPanel {
                game: g.parse().ok()?,
                seat: s.parse().ok()?,
            },
            None,
        )),
        ["dm", g, s, v] => Some((
            Target::DmPanel {
                game: g.parse().ok()?,
                seat: s.parse().ok()?,
            },
            Some(v.parse().ok()?),
        )),
        _ => None,
    }
}

/// Listens for other processes' redraw requests (PostgreSQL with a `discord.shard_range`) and
/// makes those for games this process looks after. Runs until the process ends; a lost
/// connection is reopened (sqlx's listener reconnects), and on each reconnect every stale table
/// is redrawn in case a request went by unheard.
pub async fn listen(location: String, data: Data) {
    use sqlx::postgres::PgListener;
    let mut listener = loop {
        match PgListener::connect(&location).await {
            Ok(mut l) => match l.listen(crate::store::REDRAW_CHANNEL).await {
                Ok(()) => break l,
                Err(e) => tracing::warn!(error = %e, "could not listen for redraw requests"),
            },
            Err(e) => tracing::warn!(error = %e, "could not listen for redraw requests"),
        }
        tokio::time::sleep(Duration::from_secs(5)).await;
    };
    loop {
        match listener.try_recv().await {
            Ok(Some(note)) => {
                let Some((target, drawn_at)) = decode(note.payload()) else {
                    continue;
                };
                let game = match target {
                    Target::Table(g) | Target::DmPanel { game: g, .. } => g,
                };
                if let Ok(t) = data.service.store().table(game).await
                    && data.looks_after(&t.game)
                {
                    data.redraws.request(&data, target, drawn_at);
                }
            }
            // The connection dropped; the next receive reconnects. Requests sent meanwhile are
            // lost, so redraw whatever may be out of date.
            Ok(None) => redraw_stale_tables(&data).await,
            Err(e) => {
                tracing::warn!(error = %e, "listening for redraw requests failed; retrying");
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
        }
    }
}

/// On start: redraws every table message that may be behind its game (a crash, or a stop,
/// between a commit and the redraw of the table).
pub async fn redraw_stale_tables(data: &Data) {
    match data.service.store().stale_tables().await {
        Ok(ids) => {
            if !ids.is_empty() {
                tracing::info!(
                    tables = ids.len(),
                    "redrawing table messages that may be out of date"
                );
            }
            for id in ids {
                match data.service.store().table(id).await {
                    Ok(t) if !data.looks_after(&t.game) => {}
                    _ => data.redraws.request(data, Target::Table(id), None),
                }
            }
        }
        Err(e) => tracing::warn!(error = %e, "could not list the tables to redraw"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn redraw_requests_survive_the_trip_through_the_database() {
        for (t, v) in [
            (Target::Table(42), None),
            (Target::DmPanel { game: 7, seat: 3 }, None),
            (Target::DmPanel { game: 7, seat: 3 }, Some(19)),
        ] {
            assert_eq!(decode(&encode(t, v)), Some((t, v)));
        }
        // Nothing owed yet reads as no version.
        assert_eq!(
            decode(&encode(
                Target::DmPanel { game: 1, seat: 0 },
                Some(i64::MAX)
            )),
            Some((Target::DmPanel { game: 1, seat: 0 }, None))
        );
        assert_eq!(decode("table:x"), None);
        assert_eq!(decode("later:1"), None);
    }
}
