//! The Rematch button of a finished table (issue 32): the same game, seats and options with a
//! new seed, in a lobby pre-filled with the seats where each player confirms (bots at once). The
//! game starts when the last seat confirms. A player who declines (Leave) turns it into an
//! ordinary lobby, which fills and starts as usual.

use super::answer::{edit_original, private_or_followup, text, user_text};
use super::spec::MessageSpec;
use super::start::announce_start;
use super::{Data, notify, send, ui};
use crate::host::{AnyGame, Kind};
use crate::service::{ALREADY_STARTED, ServiceError};
use crate::store::Table;
use poise::serenity_prelude as serenity;
use serenity::{ChannelId, ComponentInteraction};

/// True when every seat of a rematch lobby has confirmed.
fn ready(table: &Table) -> bool {
    table
        .game
        .options
        .rematch
        .as_ref()
        .is_some_and(|r| r.waiting(table).next().is_none())
}

/// Starts a rematch lobby whose seats have all confirmed (as its host: nobody has to press
/// Start). A lobby still waiting, or started meanwhile by another confirmation, comes back as
/// it is, with no game.
pub(super) async fn start_if_ready(
    data: &Data,
    table: Table,
) -> Result<(Table, Option<AnyGame>), ServiceError> {
    if !ready(&table) {
        return Ok((table, None));
    }
    let id = table.game.id;
    match data.service.start(id, table.game.host_id, true).await {
        Ok((t, g)) => Ok((t, Some(g))),
        Err(ServiceError::WrongStatus(ALREADY_STARTED)) => {
            Ok((data.service.store().table(id).await?, None))
        }
        Err(e) => Err(e),
    }
}

/// A link to a table's message (its lobby), or the channel when the server is unknown.
fn link(table: &Table) -> String {
    let g = &table.game;
    match (g.guild_id, g.table_message_id) {
        (Some(guild), Some(m)) => {
            format!("https://discord.com/channels/{guild}/{}/{m}", g.channel_id)
        }
        _ => format!("<#{}>", g.channel_id),
    }
}

/// Rematch clicked on the finished table `old`: opens its rematch lobby (or confirms the
/// clicker's seat in the one already open), answers the clicker privately with its link, and
/// starts the game when that was the last seat to confirm.
pub(super) async fn handle(
    ctx: &serenity::Context,
    data: &Data,
    ci: &ComponentInteraction,
    old: i64,
) {
    // Posting a lobby and creating its thread are Discord calls of their own: answer
    // "thinking..." first, within Discord's 3 seconds.
    if let Err(e) = ci.defer_ephemeral(&ctx.http).await {
        tracing::warn!(error = %e, "could not defer a Rematch click");
        return;
    }
    let seed = super::start::next_seed(data);
    let answer = match data.service.rematch(old, ci.user.id.get(), seed).await {
        Err(e) => user_text(&e),
        Ok((table, created)) => {
            let posted = if created {
                post_lobby(ctx, data, &table, old).await
            } else {
                Ok(table)
            };
            match posted {
                Err(why) => why,
                Ok(table) => {
                    notify::refresh_table(data, table.game.id);
                    let said = if created {
                        crate::t!("rematch-opened", link = link(&table))
                    } else {
                        crate::t!("rematch-joined", link = link(&table))
                    };
                    match start_if_ready(data, table).await {
                        Ok((table, Some(g))) => {
                            notify::refresh_table(data, table.game.id);
                            announce_start(ctx, data, &table, &g).await;
                            crate::t!("rematch-started", link = link(&table))
                        }
                        Ok(_) => said,
                        Err(e) => user_text(&e),
                    }
                }
            }
        }
    };
    let m = text(&answer);
    let sent = edit_original(&ctx.http, data, &ci.token, &m, "answer a Rematch click").await;
    if let Err(e) = sent {
        tracing::warn!(error = %e, "could not answer a Rematch click");
        private_or_followup(ctx, data, ci, &m, true).await;
    }
}

/// Posts a new rematch lobby in the finished table's channel (pinging the players still to
/// confirm), with a thread when the finished game had one, and stores where they are. When
/// Discord refuses the post, the lobby is closed and the answer says so.
async fn post_lobby(
    ctx: &serenity::Context,
    data: &Data,
    table: &Table,
    old: i64,
) -> Result<Table, String> {
    let id = table.game.id;
    let spec: MessageSpec = crate::i18n::with(table.locale(), || ui::lobby(table));
    let channel = ChannelId::new(table.game.channel_id);
    let (metrics, bound) = send::global(data);
    let posted = send::create_retrying_429(metrics, bound, "post a rematch lobby", || {
        channel.send_message(&ctx.http, send::message(&spec))
    })
    .await;
    let msg = match posted {
        Ok(m) => m,
        Err(e) => {
            tracing::warn!(error = %e, "could not post a rematch lobby");
            let _ = data.service.close(id, table.game.host_id, true).await;
            return Err(crate::t!("lobby-not-posted"));
        }
    };
    // The finished game had a thread only where the bot may create and post in one.
    let had_thread = data
        .service
        .store()
        .table(old)
        .await
        .is_ok_and(|t| t.game.thread_id.is_some());
    let mut thread = None;
    if data.config.game.create_threads && had_thread {
        let kind = Kind::of_row(&table.game.kind);
        let title = crate::i18n::with(table.locale(), || ui::game_name(kind));
        let builder = serenity::CreateThread::new(format!("{title} #{id}"))
            .auto_archive_duration(serenity::AutoArchiveDuration::OneWeek);
        let (metrics, bound) = send::global(data);
        let created =
            send::create_retrying_429(metrics, bound, "create a rematch's thread", || {
                channel.create_thread_from_message(&ctx.http, msg.id, builder.clone())
            })
            .await;
        match created {
            Ok(t) => thread = Some(t.id.get()),
            Err(e) => {
                tracing::info!(error = %e, "no thread for this rematch; playing in the channel")
            }
        }
    }
    let store = data.service.store();
    store
        .set_message(id, thread, Some(msg.id.get()))
        .await
        .map_err(|e| user_text(&e.into()))?;
    if let Err(e) = store.note_table_drawn(id, table.game.version).await {
        tracing::warn!(error = %e, "could not note the rematch lobby as drawn");
    }
    store.table(id).await.map_err(|e| user_text(&e.into()))
}
