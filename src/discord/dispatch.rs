//! Where a click enters the bot: poise's event handler. It routes each button or select down to
//! whoever reads its custom_id: the records' page buttons, the lobby, Rematch and Review, then
//! the list of games (`registry::route`), whose routers run the shared steps of `router.rs`.
//! This is the top of `discord/`'s click path: nothing below it calls back up here.

use super::answer::{in_time, private, private_or_followup, respond, text, user_text};
use super::ids::{LobbyId, LobbyVerb};
use super::{Data, Error, notify};
use crate::service::ServiceError;
use poise::serenity_prelude as serenity;
use serenity::{ComponentInteraction, CreateInteractionResponse, FullEvent, Interaction};

/// poise's event handler: routes component interactions (slash commands and autocomplete are
/// poise's own).
pub async fn on_event(
    fw: poise::FrameworkContext<'_, Data, Error>,
    event: &FullEvent,
) -> Result<(), Error> {
    let interaction = match event {
        FullEvent::InteractionCreate { interaction } => interaction,
        // The server changed under its games (issue 42): a channel deleted, or the bot
        // removed from a server (GUILD_DELETE without `unavailable`; with it, the server is
        // only down for a while, and its games wait as they are).
        FullEvent::ChannelDelete { channel, .. } => {
            let _working = fw.user_data.working.start();
            let gone = crate::store::Gone::Channel(channel.id.get());
            place_gone(fw, gone, crate::store::Parked::ChannelGone).await;
            return Ok(());
        }
        // A thread deleted: the tables opened inside it (a thread or a forum post) are parked
        // like a deleted channel's. A game's own thread is not: its next post starts another.
        FullEvent::ThreadDelete { thread, .. } => {
            let _working = fw.user_data.working.start();
            let gone = crate::store::Gone::Thread(thread.id.get());
            place_gone(fw, gone, crate::store::Parked::ChannelGone).await;
            return Ok(());
        }
        // A thread locked (or unlocked) by a moderator: a game's posts go to the table's
        // channel meanwhile, without a refused call first. An archived thread needs nothing:
        // the next post reopens it.
        FullEvent::ThreadUpdate { new, .. } => {
            let locked = new.thread_metadata.is_some_and(|m| m.locked);
            fw.user_data.outbox.thread_locked(new.id.get(), locked);
            return Ok(());
        }
        FullEvent::GuildDelete { incomplete, .. } if !incomplete.unavailable => {
            let _working = fw.user_data.working.start();
            let gone = crate::store::Gone::Guild(incomplete.id.get());
            place_gone(fw, gone, crate::store::Parked::Removed).await;
            return Ok(());
        }
        _ => return Ok(()),
    };
    let _working = fw.user_data.working.start();
    let metrics = fw.user_data.service.metrics();
    let kind = match interaction {
        Interaction::Ping(_) => "ping",
        Interaction::Command(_) => "command",
        Interaction::Autocomplete(_) => "autocomplete",
        Interaction::Component(_) => "component",
        Interaction::Modal(_) => "modal",
        _ => "other",
    };
    metrics.interaction(kind);
    if let Interaction::Component(ci) = interaction {
        let started = std::time::Instant::now();
        handle(fw.serenity_context, fw.user_data, ci).await;
        metrics
            .answer_seconds
            .observe(started.elapsed().as_secs_f64());
    }
    Ok(())
}

/// Parks the games at `gone` (see `park`).
async fn place_gone(
    fw: poise::FrameworkContext<'_, Data, Error>,
    gone: crate::store::Gone,
    why: crate::store::Parked,
) {
    fw.user_data
        .outbox
        .place_gone(&fw.serenity_context.http, gone, why)
        .await;
}

fn display_name(ci: &ComponentInteraction) -> String {
    ci.member
        .as_ref()
        .map(|m| m.display_name().to_string())
        .unwrap_or_else(|| {
            ci.user
                .global_name
                .clone()
                .unwrap_or_else(|| ci.user.name.clone())
        })
}

fn is_manager(ci: &ComponentInteraction) -> bool {
    ci.member
        .as_ref()
        .and_then(|m| m.permissions)
        .is_some_and(|p| p.manage_guild())
}

/// True when the clicked message really carries a component with this custom_id. Discord asks
/// apps to check this: a modified client could send a panel's id "from" the public table message,
/// and the answer (an update of the clicked message) would then put a private panel in public.
fn id_on_message(ci: &ComponentInteraction) -> bool {
    ci.message.components.iter().flat_map(|row| row.components.iter()).any(|c| match c {
        serenity::ActionRowComponent::Button(b) => {
            matches!(&b.data, serenity::ButtonKind::NonLink { custom_id, .. } if *custom_id == ci.data.custom_id)
        }
        serenity::ActionRowComponent::SelectMenu(s) => s.custom_id.as_deref() == Some(ci.data.custom_id.as_str()),
        _ => false,
    })
}

pub async fn handle(ctx: &serenity::Context, data: &Data, ci: &ComponentInteraction) {
    tracing::debug!(interaction = ci.id.get(), custom_id = %ci.data.custom_id, "click");
    if !id_on_message(ci) {
        private(ctx, ci, &text(&crate::t!("err-not-on-message"))).await;
        return;
    }
    // The shared buttons first (the records' pages, the lobby), then each game's own codec,
    // told apart by the id's first letter (`registry::route`).
    if let Some(id) = super::records::PageId::decode(&ci.data.custom_id) {
        return super::records::handle_page(ctx, data, ci, id).await;
    }
    if let Some(id) = LobbyId::decode(&ci.data.custom_id) {
        if id.verb == LobbyVerb::Rematch {
            return super::rematch::handle(ctx, data, ci, id.game).await;
        }
        if id.verb == LobbyVerb::Review {
            return super::review::click(ctx, data, ci, id.game).await;
        }
        if id.verb == LobbyVerb::Quit {
            return super::seats::quit_click(ctx, data, ci, id.game).await;
        }
        return lobby(ctx, data, ci, id.game, id.verb).await;
    }
    if !super::registry::route(ctx, data, ci).await {
        private(ctx, ci, &text(&crate::t!("err-unknown-button"))).await;
    }
}

async fn lobby(
    ctx: &serenity::Context,
    data: &Data,
    ci: &ComponentInteraction,
    game: i64,
    verb: LobbyVerb,
) {
    let user = ci.user.id.get();
    let (result, deferred) = in_time(ctx, ci, async {
        match verb {
            LobbyVerb::Join => {
                let joined = data.service.join(game, user, &display_name(ci)).await;
                if joined.is_ok() {
                    // The language of the DMs the bot may send this player unasked.
                    let locale = crate::i18n::Locale::from_discord(&ci.locale);
                    if let Err(e) = data.service.store().note_locale(user, locale).await {
                        tracing::warn!(error = %e, "could not keep a player's language");
                    }
                }
                joined.map(|t| (t, None))
            }
            LobbyVerb::Leave => data.service.leave(game, user).await.map(|t| (t, None)),
            LobbyVerb::Cancel => data
                .service
                .close(game, user, is_manager(ci))
                .await
                .map(|t| (t, None)),
            LobbyVerb::Start => data
                .service
                .start(game, user, is_manager(ci))
                .await
                .map(|(t, g)| (t, Some(g))),
            LobbyVerb::Confirm => match data.service.confirm(game, user).await {
                Ok(t) => super::rematch::start_if_ready(data, t).await,
                Err(e) => Err(e),
            },
            // `handle` sends Rematch to `rematch::handle` (its answer is a private line with the
            // lobby's link), never here.
            LobbyVerb::Rematch | LobbyVerb::Review | LobbyVerb::Quit => {
                Err(ServiceError::Internal(
                    "a Rematch, Review or Quit click reached the lobby's handler".into(),
                ))
            }
        }
    })
    .await;
    match result {
        Ok((table, started)) => {
            // Answer the click first, then redraw the message (the lobby, or the table message it
            // becomes once the game starts) through its redraw worker, in order with every other
            // redraw of it and from the latest state: a Join answered after a Start can never
            // leave a started game showing the lobby.
            if !deferred {
                respond(ctx, ci, CreateInteractionResponse::Acknowledge).await;
            }
            notify::refresh_table(data, table.game.id);
            if let Some(g) = &started {
                super::start::announce_start(ctx, data, &table, g).await;
            }
        }
        Err(e) => private_or_followup(ctx, data, ci, &text(&user_text(&e)), deferred).await,
    }
}
