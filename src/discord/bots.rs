//! Computer players on Discord (issue 5). Bot seats play as soon as the game waits for them; the
//! stand-in plays one decision for a person who has held the game up longer than the table's
//! stand-in delay. Both decide from the seat's `player_view` only, like every bot, and their moves
//! go through the same service call as a click, so they are stored before anyone is told.

use super::game::Screens;
use super::{Data, notify, ui};
use crate::host::Kind;
use crate::service::{Acted, ServiceError};
use crate::store::{Status, Table};
use poise::serenity_prelude as serenity;
use serenity::Http;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// The bot a stand-in uses: the fast one, so a stalled game moves on at once.
pub const STAND_IN_BOT: &str = "heuristic";

/// Bot moves of one game are made by one task at a time, so two clicks arriving together never
/// make a bot play the same decision twice.
#[derive(Debug, Default)]
pub struct BotLocks {
    locks: Mutex<HashMap<i64, Arc<tokio::sync::Mutex<()>>>>,
}

impl BotLocks {
    async fn lock(&self, game: i64) -> tokio::sync::OwnedMutexGuard<()> {
        let m = {
            let mut locks = self.locks.lock().expect("bot lock map poisoned");
            locks.entry(game).or_default().clone()
        };
        m.lock_owned().await
    }
}

/// Asks `bot` for the seat's next action, on a blocking thread (a search bot thinks for up to a
/// second), from the seat's view only. Its random stream is seeded from that view too
/// ([`crate::games::bot_decision`]), never from the game's secret seed (issue 44): what a bot
/// does cannot depend on anything its seat cannot see, and a bot restarted on the same game
/// decides the same way.
async fn decide<G: Screens>(game: &G, seat: usize, bot: &str) -> Result<G::Action, String> {
    let game = game.clone();
    let bot = bot.to_string();
    tokio::task::spawn_blocking(move || crate::games::bot_decision(&game, seat, &bot))
        .await
        .map_err(|e| format!("the bot stopped: {e}"))?
}

/// Makes a move for `user` as a click would (refused as stale if the game moved on since
/// `table` was loaded and the move no longer applies), then tells everyone.
async fn play<G: Screens>(
    http: &Http,
    data: &Data,
    table: &Table,
    user: u64,
    action: &G::Action,
) -> Result<Acted<G>, ServiceError> {
    let done = data
        .service
        .act::<G>(table.game.id, user, Some(table.game.version), action)
        .await?;
    // What everyone reads (table, summaries) in the server's language; DMs in their readers'.
    crate::i18n::in_locale(
        done.table.locale(),
        G::after_action(http, data, &done, None),
    )
    .await;
    super::review::ahead(data, &done.table);
    Ok(done)
}

/// The game a row plays, or None (logged) when the row cannot be read.
async fn kind_of(data: &Data, game_id: i64) -> Option<Kind> {
    match data.service.store().table(game_id).await {
        Ok(t) => Kind::parse(&t.game.kind),
        Err(e) => {
            tracing::warn!(game = game_id, error = %e, "could not load a game for its bots");
            None
        }
    }
}

/// Plays every decision the game waits for from bot seats, until it waits only for people (or
/// ends). Called after each accepted action, when a game starts, and when the bot starts up.
pub async fn drive(http: &Http, data: &Data, game_id: i64) {
    let _working = data.working.start();
    let _one = data.bots.lock(game_id).await;
    let Some(kind) = kind_of(data, game_id).await else {
        return;
    };
    crate::on_kind!(kind, G => drive_as::<G>(http, data, game_id).await)
}

async fn drive_as<G: Screens>(http: &Http, data: &Data, game_id: i64) {
    // A game has at most a few hundred decisions; the bound only stops a runaway loop.
    for _ in 0..2_000 {
        let (table, game) = match data.service.load::<G>(game_id).await {
            Ok((t, Some(g))) if !g.is_over() && t.game.status == Status::Active => (t, g),
            // Not started, over, or abandoned: nothing for bots to do.
            Ok(_) => return,
            Err(e) => {
                tracing::warn!(game = game_id, error = %e, "could not load a game for its bots");
                return;
            }
        };
        let Some((seat, user, bot)) = game
            .waiting_for()
            .into_iter()
            .find_map(|s| table.bot_of(s).map(|(u, b)| (s, u, b.to_string())))
        else {
            return;
        };
        let action = match decide(&game, seat, &bot).await {
            Ok(a) => a,
            Err(e) => {
                tracing::error!(game = game_id, seat, bot, error = %e, "a bot could not decide");
                return;
            }
        };
        match play::<G>(http, data, &table, user, &action).await {
            Ok(_) => {}
            // Someone else moved first: decide again from the new state.
            Err(ServiceError::Stale) => continue,
            Err(e) => {
                // A bot bug must not stall the table: play the first legal action instead.
                tracing::error!(game = game_id, seat, bot, ?action, error = %e, "the engine refused a bot's move; playing the first legal action");
                let mut rng = crate::games::bot_rng(&game, seat, "fallback");
                let Some(fallback) = game.legal_sample(seat, &mut rng).into_iter().next() else {
                    return;
                };
                match play::<G>(http, data, &table, user, &fallback).await {
                    Ok(_) => {}
                    Err(ServiceError::Stale) => continue,
                    Err(e) => {
                        tracing::error!(game = game_id, seat, error = %e, "the engine refused a legal action; the bots stop here");
                        return;
                    }
                }
            }
        }
    }
    tracing::error!(
        game = game_id,
        "bots kept playing without the game ending; stopped"
    );
}

/// Drives the bots of every active game (at start-up: moves due before a restart are made now).
pub async fn drive_all(http: &Http, data: &Data) {
    match data.service.store().active_games().await {
        Ok(ids) => {
            for id in ids {
                match data.service.store().table(id).await {
                    Ok(t) if !data.looks_after(&t.game) => {}
                    _ => drive(http, data, id).await,
                }
            }
        }
        Err(e) => tracing::warn!(error = %e, "could not list active games for their bots"),
    }
}

/// The stand-in: for every person the game has waited on for longer than the table's stand-in
/// delay (off when 0), a bot plays that one decision for them and the thread and the table say
/// so. The clock restarts after each stand-in move, so a player who comes back a little late
/// finds at most one decision made for them per delay. Returns how many moves were made.
pub async fn stand_in_due(http: &Http, data: &Data, now: i64) -> Result<usize, ServiceError> {
    let mut made = 0;
    for id in data.due_games(now).await? {
        // One game that cannot be read is logged, counted and skipped: the other games' stand-in
        // moves go on.
        match stand_in_one(http, data, id, now).await {
            Ok(n) => made += n,
            Err(e) => {
                tracing::warn!(game = id, error = %e, "could not look at a game for the stand-in; the others go on");
                data.service.metrics().error("stand_in");
            }
        }
    }
    Ok(made)
}

/// [`stand_in_due`] for one game: the row says whether the stand-in can be due before the
/// game's snapshot is read.
pub(super) async fn stand_in_one(
    http: &Http,
    data: &Data,
    id: i64,
    now: i64,
) -> Result<usize, ServiceError> {
    let table = data.service.store().table(id).await?;
    if !data.looks_after(&table.game) {
        return Ok(0);
    }
    let Some(since) = table.game.waiting_since else {
        return Ok(0);
    };
    // The earliest any person's deadline can be (quiet hours only move a deadline later; an
    // absence with the stand-in brings it forward): before it, the game's snapshot is not read.
    let earliest = table
        .seats
        .iter()
        .filter(|s| table.user_of(s.seat).is_some())
        .filter_map(|s| table.deadline(s.seat, since, None))
        .min();
    if earliest.is_none_or(|at| now < at) {
        return Ok(0);
    }
    let Some(kind) = Kind::parse(&table.game.kind) else {
        return Ok(0);
    };
    crate::on_kind!(kind, G => stand_in_as::<G>(http, data, id, now).await)
}

/// [`stand_in_due`] for one game.
async fn stand_in_as<G: Screens>(
    http: &Http,
    data: &Data,
    id: i64,
    now: i64,
) -> Result<usize, ServiceError> {
    let mut made = 0;
    let (table, game) = data.service.load::<G>(id).await?;
    let Some(game) = game else { return Ok(0) };
    let Some(since) = table.game.waiting_since else {
        return Ok(0);
    };
    let options = &table.game.options;
    // How long the note says the player held the game up: the pace's time a decision (in their
    // waking hours), or the stand-in delay.
    let minutes = options
        .pace
        .decision_hours()
        .map_or(options.stand_in_minutes, |h| h * 60);
    // The table's own bots' strength, where it has bots; else the stand-in's.
    let strength = options
        .bots
        .first()
        .map_or(STAND_IN_BOT, |b| b.bot.as_str())
        .to_string();
    let mut people = Vec::new();
    for seat in game.waiting_for() {
        if table.bot_of(seat).is_some() {
            continue;
        }
        let Some(user) = table.user_of(seat) else {
            continue;
        };
        // Each player's own deadline: their quiet hours stop their clock, their absence
        // freezes it or hands their decisions to the stand-in.
        let day = data
            .service
            .store()
            .prefs(user)
            .await
            .unwrap_or_default()
            .day();
        if table
            .deadline(seat, since, day.as_ref())
            .is_some_and(|at| at <= now)
        {
            people.push(seat);
        }
    }
    let mut notes = Vec::new();
    for seat in people {
        let (table, game) = match data.service.load::<G>(id).await? {
            (t, Some(g)) => (t, g),
            _ => break,
        };
        if !game.waiting_for().contains(&seat) {
            continue;
        }
        let Some(user) = table
            .seats
            .iter()
            .find(|s| s.seat == seat)
            .map(|s| s.user_id)
        else {
            continue;
        };
        let action = match decide(&game, seat, &strength).await {
            Ok(a) => a,
            Err(e) => {
                tracing::error!(game = id, seat, error = %e, "the stand-in could not decide");
                data.service.metrics().error("stand_in");
                continue;
            }
        };
        match play::<G>(http, data, &table, user, &action).await {
            Ok(done) => {
                made += 1;
                data.service.metrics().stand_in_moves.inc();
                // Public: in the server's language.
                let note = crate::i18n::with(table.locale(), || {
                    G::stand_in_note(&table, &game, seat, minutes)
                });
                notify::post(http, data, &done.table, &ui::plain(&note)).await;
                notes.push(note);
            }
            // The player (or someone) acted meanwhile: nothing to stand in for.
            Err(ServiceError::Stale) => {}
            Err(e) => {
                tracing::error!(game = id, seat, ?action, error = %e, "the engine refused a stand-in move");
                data.service.metrics().error("stand_in");
            }
        }
    }
    if let Some(last) = notes.last() {
        data.service.store().note_stand_in(id, last).await?;
        notify::refresh_table(data, id);
        drive(http, data, id).await;
    }
    Ok(made)
}
