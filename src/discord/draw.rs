//! Drawing a game's standing messages from the latest state in the database: the public table
//! message (posted again if someone deleted it) and a player's DM hand panel. Only the redraw
//! workers (`redraw.rs`) and a player's own click call these, so two edits of one message never
//! overlap or land out of order.

use super::game::Screens;
use super::spec::MessageSpec;
use super::{Data, send, ui};
use crate::store::Table;
use poise::serenity_prelude as serenity;
use serenity::{ChannelId, Http, MessageId};

/// Edits a standing message (the table message, a DM panel) to `spec`, retried as every edit
/// is, within the pace of every send; `what` names the call in the metrics.
async fn edit(
    http: &Http,
    data: &Data,
    channel: ChannelId,
    message: u64,
    spec: &MessageSpec,
    what: &str,
) -> Result<serenity::Message, serenity::Error> {
    let (metrics, bound) = send::global(data);
    send::retry(metrics, bound, what, || {
        let b = send::edit(spec);
        async move { channel.edit_message(http, MessageId::new(message), b).await }
    })
    .await
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
    // A parked game's place is gone (issue 42): its table is drawn again where it resumes.
    if table.game.parked.is_some() {
        return;
    }
    // Public: in the server's language.
    let spec = crate::i18n::with(table.locale(), || match &game {
        Some(g) => crate::on_game!(g, g => Screens::table_message(table, g)),
        None => ui::lobby(table),
    });
    let channel = ChannelId::new(table.game.channel_id);
    match edit(http, data, channel, msg, &spec, "edit table message").await {
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
            let (metrics, bound) = send::global(data);
            let posted =
                send::create_retrying_429(metrics, bound, "post the table message again", || {
                    channel.send_message(http, send::message(&spec))
                })
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
                    tracing::warn!(game = table.game.id, error = %send::describe(&e), repost_error = %send::describe(&e2), "the table message was deleted and could not be posted again");
                    park_on_refusal(http, data, table, &e2).await;
                }
            }
        }
        Err(e) => {
            tracing::warn!(game = table.game.id, error = %send::describe(&e), "could not update the table message");
            park_on_refusal(http, data, table, &e).await;
        }
    }
}

/// The table's channel deleted or closed to the bot (a refusal of its table message's edit or
/// repost) parks its games (issue 42). A 50013 is not taken for that here: on an edit it may be
/// about the message's content.
async fn park_on_refusal(http: &Http, data: &Data, table: &Table, e: &serenity::Error) {
    if let Some(why) = super::park::refusal(e, false) {
        let gone = crate::store::Gone::Channel(table.game.channel_id);
        data.outbox.place_gone(http, gone, why).await;
    }
}

/// Discord's "Unknown Message": the message was deleted.
const UNKNOWN_MESSAGE: isize = 10008;

/// The language of a DM to `user`: theirs when known, else the table's.
pub async fn reader_locale(data: &Data, table: &Table, user: u64) -> crate::i18n::Locale {
    match data.service.store().locale(user).await {
        Ok(Some(l)) => l,
        _ => table.locale(),
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
        match edit(http, data, channel, message, &spec, "edit DM panel").await {
            Ok(_) => return true,
            // The old message is gone (deleted by the player?): post a fresh one below.
            Err(e) => {
                tracing::info!(game = table.game.id, error = %send::describe(&e), "DM panel could not be edited; sending a new one")
            }
        }
    } else if !create {
        return false;
    }
    match super::dm::send(http, &data.pace, store, user, &spec).await {
        Ok(m) => {
            if let Err(e) = store
                .set_dm(table.game.id, user, m.channel_id.get(), m.id.get())
                .await
            {
                tracing::warn!(error = %e, "could not remember a DM panel");
            }
            true
        }
        Err(e) => {
            tracing::info!(game = table.game.id, error = %send::describe(&e), "DM refused");
            false
        }
    }
}
