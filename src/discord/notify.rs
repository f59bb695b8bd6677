//! Everything the bot says without being asked: the public table message kept up to date, turn
//! and year summaries in the game's thread, hand panels in DMs, and reminders to players who hold
//! a game up. A failed Discord call here is logged and never stops the game: the database already
//! holds the truth, and the next change redraws everything.

use super::game::Screens;
use super::redraw::Target;
use super::{Data, send, ui};
use crate::store::{Reminders, Table, now_ms};
use poise::serenity_prelude as serenity;
use serenity::{ChannelId, Http, MessageId, UserId};

/// Asks for the public table message to be redrawn (edited in place, never reposted) from the
/// latest state. Returns at once: redraws of one message are made one at a time and merged
/// (see `redraw`), so an older edit never lands after a newer one.
pub fn refresh_table(data: &Data, game: i64) {
    data.redraws.request(data, Target::Table(game), None);
}

/// Redraws the public table message now, from the latest state in the database. Only the
/// table's redraw worker calls this, and there is one worker per game at a time, so edits of
/// one table never overlap or land out of order.
pub(super) async fn draw_table(http: &Http, data: &Data, game: i64) {
    let (table, game) = match data.service.load_any(game).await {
        Ok(t) => t,
        Err(e) => {
            tracing::warn!(game, error = %e, "could not load the game to redraw its table");
            return;
        }
    };
    let table = &table;
    let Some(msg) = table.game.table_message_id else {
        return;
    };
    // Public: in the server's language.
    let spec = crate::i18n::with(table.locale(), || match &game {
        Some(g) => crate::on_game!(g, g => Screens::table_message(table, g)),
        None => ui::lobby(table),
    });
    let channel = ChannelId::new(table.game.channel_id);
    let result = send::retry(Some(data.service.metrics()), "edit table message", || {
        let b = send::edit(&spec);
        async move { channel.edit_message(http, MessageId::new(msg), b).await }
    })
    .await;
    match result {
        Ok(_) => {
            if let Err(e) = data
                .service
                .store()
                .note_table_drawn(table.game.id, table.game.version)
                .await
            {
                // Only costs a redraw at the next start.
                tracing::warn!(game = table.game.id, error = %e, "could not note the table as drawn");
            }
        }
        // Someone deleted the table message: its buttons are how the game is played, so it is
        // posted again and the new one is stored (the next redraws edit it).
        Err(e) if send::discord_code(&e) == Some(UNKNOWN_MESSAGE) => {
            let posted = send::create_retrying_429(
                Some(data.service.metrics()),
                "post the table message again",
                || channel.send_message(http, send::message(&spec)),
            )
            .await;
            match posted {
                Ok(m) => {
                    tracing::info!(game = table.game.id, old = msg, new = %m.id, "the table message was deleted; posted it again");
                    let store = data.service.store();
                    let stored = store
                        .set_message(table.game.id, None, Some(m.id.get()))
                        .await;
                    let noted = store
                        .note_table_drawn(table.game.id, table.game.version)
                        .await;
                    if let Err(e) = stored.and(noted) {
                        tracing::warn!(game = table.game.id, error = %e, "could not store the new table message");
                    }
                }
                Err(e2) => {
                    tracing::warn!(game = table.game.id, error = %e, repost_error = %e2, "the table message was deleted and could not be posted again")
                }
            }
        }
        Err(e) => {
            tracing::warn!(game = table.game.id, error = %e, "could not update the table message")
        }
    }
}

/// Discord's "Unknown Message": the message was deleted.
const UNKNOWN_MESSAGE: isize = 10008;

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
                    _ => refresh_table(data, id),
                }
            }
        }
        Err(e) => tracing::warn!(error = %e, "could not list the tables to redraw"),
    }
}

/// The language of a DM to `user`: theirs when known, else the table's.
pub async fn reader_locale(data: &Data, table: &Table, user: u64) -> crate::i18n::Locale {
    match data.service.store().locale(user).await {
        Ok(Some(l)) => l,
        _ => table.locale(),
    }
}

/// Posts a public message in the game's thread (or channel): queued in the channel's outbox,
/// which sends posts in order and merges those that pile up behind Discord's rate limit (see
/// `outbox`). Returns at once once the bot is connected.
pub async fn post(http: &Http, data: &Data, table: &Table, spec: &super::spec::MessageSpec) {
    let channel = table.game.play_channel();
    // In a thread, the outbox must know where the thread hangs to find another way for a post
    // the thread refuses (deleted, or no Send Messages in Threads).
    let home = table.game.thread_id.map(|_| {
        let kind =
            crate::host::Kind::parse(&table.game.kind).unwrap_or(crate::host::Kind::FieldsOfGreen);
        super::outbox::Home {
            game: table.game.id,
            parent: table.game.channel_id,
            thread_name: crate::i18n::with(table.locale(), || {
                format!("{} #{}", ui::game_name(kind), table.game.id)
            }),
        }
    });
    if data.outbox.post_at(channel, home, spec.clone()) {
        return;
    }
    if let Err(e) = ChannelId::new(channel)
        .send_message(http, send::message(spec))
        .await
    {
        tracing::warn!(game = table.game.id, error = %e, "could not post in the game's channel");
    }
}

/// Asks for the DM panels of the players who keep them in DMs to be redrawn, after the game
/// moved on (merged like the table message's redraws; see `redraw`).
pub async fn redraw_dm_panels(data: &Data, table: &Table, from_dm: Option<u64>) {
    for s in &table.seats {
        // The clicker's own panel was redrawn by the interaction response at this action's
        // version; redraw it only if someone else has acted since.
        let drawn_at = (Some(s.user_id) == from_dm).then_some(table.game.version);
        if let Ok(prefs) = data.service.store().prefs(s.user_id).await
            && prefs.hand_in_dm
        {
            let target = Target::DmPanel {
                game: table.game.id,
                seat: s.seat,
            };
            data.redraws.request(data, target, drawn_at);
        }
    }
}

/// Sends or redraws a player's DM hand panel. With `create`, a missing panel is created (else
/// only an existing one is edited). Returns false when Discord refused (e.g. DMs closed, 50007).
///
/// The panel is drawn from the latest state in the database, under the player's panel lock: DM
/// edits run in the background after each action, and an older edit slowed by the network (or
/// retried after a 500) must never land after a newer one and leave a player looking at a hand
/// that has already been passed on.
pub async fn update_dm_panel(
    http: &Http,
    data: &Data,
    game_id: i64,
    seat: usize,
    create: bool,
) -> bool {
    draw_dm_panel(http, data, game_id, seat, create, None).await
}

/// As [`update_dm_panel`], but only when the stored game has moved past `drawn_at` (the version
/// the player's own click already redrew the panel at).
pub(super) async fn draw_dm_panel(
    http: &Http,
    data: &Data,
    game_id: i64,
    seat: usize,
    create: bool,
    drawn_at: Option<i64>,
) -> bool {
    let Ok(table) = data.service.store().table(game_id).await else {
        return false;
    };
    let Some(user) = table.user_of(seat) else {
        return false;
    };
    let _turn = data.service.panel_lock(game_id, user).await;
    let (table, game) = match data.service.load_any(game_id).await {
        Ok((t, Some(g))) => (t, g),
        Ok((_, None)) => return false,
        Err(e) => {
            tracing::warn!(game = game_id, error = %e, "could not load the game to redraw a DM panel");
            return false;
        }
    };
    if drawn_at.is_some_and(|v| v >= table.game.version) {
        return true;
    }
    let table = &table;
    let store = data.service.store();
    // A DM is read by its player alone: in their language.
    let locale = reader_locale(data, table, user).await;
    let spec = crate::i18n::with(
        locale,
        || crate::on_game!(&game, g => Screens::main_panel(table, g, seat, None)),
    );
    if let Ok(Some((channel, message))) = store.dm(table.game.id, user).await {
        let channel = ChannelId::new(channel);
        let edited = send::retry(Some(data.service.metrics()), "edit DM panel", || {
            let b = send::edit(&spec);
            async move { channel.edit_message(http, MessageId::new(message), b).await }
        })
        .await;
        match edited {
            Ok(_) => return true,
            // The old message is gone (deleted by the player?): post a fresh one below.
            Err(e) => {
                tracing::info!(game = table.game.id, error = %e, "DM panel could not be edited; sending a new one")
            }
        }
    } else if !create {
        return false;
    }
    match UserId::new(user).create_dm_channel(http).await {
        Ok(dm) => match dm.id.send_message(http, send::message(&spec)).await {
            Ok(m) => {
                if let Err(e) = store
                    .set_dm(table.game.id, user, dm.id.get(), m.id.get())
                    .await
                {
                    tracing::warn!(error = %e, "could not remember a DM panel");
                }
                true
            }
            Err(e) => {
                tracing::info!(game = table.game.id, code = ?send::discord_code(&e), "DM refused");
                false
            }
        },
        Err(e) => {
            tracing::info!(game = table.game.id, error = %e, "could not open a DM channel");
            false
        }
    }
}

/// Checks every active game once a minute and reminds the players holding one up: after the
/// table's delay, then every `reminder_repeat_minutes`. By DM where a player asked for it (falling
/// back to a mention in the thread when the DM fails), else a mention; never for players who
/// turned reminders off.
pub async fn reminder_loop(http: std::sync::Arc<Http>, data: std::sync::Arc<Data>) {
    let mut tick = tokio::time::interval(std::time::Duration::from_secs(60));
    loop {
        tick.tick().await;
        if let Err(e) = super::bots::stand_in_due(&http, &data, now_ms()).await {
            tracing::warn!(error = %e, "stand-in pass failed");
            data.service.metrics().error("stand_in");
        }
        if let Err(e) = remind_due(&http, &data, now_ms()).await {
            tracing::warn!(error = %e, "reminder pass failed");
            data.service.metrics().error("reminder");
        }
    }
}

/// One reminder pass at time `now` (ms).
pub async fn remind_due(
    http: &Http,
    data: &Data,
    now: i64,
) -> Result<(), crate::service::ServiceError> {
    let repeat_ms = data.config.game.reminder_repeat_minutes as i64 * 60_000;
    for id in data.service.store().active_games().await? {
        let (table, game) = data.service.load_any(id).await?;
        if !data.looks_after(&table.game) {
            continue;
        }
        let Some(game) = game else { continue };
        let waiting = game.waiting_for();
        let Some(since) = table.game.waiting_since else {
            continue;
        };
        if waiting.is_empty() {
            continue;
        }
        let first_ms = table.game.options.reminder_minutes as i64 * 60_000;
        let due = since + first_ms + table.game.reminders_sent * repeat_ms;
        if now < due {
            continue;
        }
        // Claimed in the database before it goes out: sent once, whoever else looks.
        if !data
            .service
            .store()
            .claim_reminder(id, table.game.reminders_sent, since)
            .await?
        {
            continue;
        }
        // Claimed: it goes out now (as a DM, or a mention in the thread).
        data.service.metrics().reminders_sent.inc();
        let mut mention = Vec::new();
        for &seat in &waiting {
            let Some(user) = table.user_of(seat) else {
                continue;
            };
            let prefs = data.service.store().prefs(user).await.unwrap_or_default();
            match prefs.reminders {
                Reminders::Off => {}
                Reminders::Mention => mention.push(seat),
                Reminders::Dm => {
                    let locale = reader_locale(data, &table, user).await;
                    let spec = crate::i18n::with(
                        locale,
                        || crate::on_game!(&game, g => Screens::dm_reminder(&table, g, seat)),
                    );
                    let sent = match UserId::new(user).create_dm_channel(http).await {
                        Ok(dm) => dm.id.send_message(http, send::message(&spec)).await.is_ok(),
                        Err(_) => false,
                    };
                    if !sent {
                        // A closed DM never stops the game: fall back to the thread.
                        mention.push(seat);
                    }
                }
            }
        }
        if !mention.is_empty() {
            let spec = crate::i18n::with(
                table.locale(),
                || crate::on_game!(&game, g => Screens::reminder(&table, g, &mention)),
            );
            post(http, data, &table, &spec).await;
        }
    }
    Ok(())
}
