//! Games whose place went away (issue 42). Over the days a game lasts, a moderator may delete
//! its channel, take the bot's access to it away, or remove the bot from the server. Discord
//! then says so, by an event (CHANNEL_DELETE, GUILD_DELETE) or by refusing a call on the
//! game's own channel (10003 "Unknown Channel", 50001 "Missing Access", 50013 "Missing
//! Permissions" for a plain post). Every later call there would be refused too, and each
//! refusal counts toward Discord's invalid-request ban. So the game is **parked**: the store
//! marks it (migration 0012), and from then on nothing goes to that place: no posts, no table
//! redraws, no reminders, no stand-in or bot moves, and players' clicks are refused with the
//! way back. Its players are told once, by DM. The host or a server manager resumes it in
//! another channel (`/fog resume table:N`, the table posted again there) or abandons it.
//! A lobby there is closed instead, its host told: nothing was played yet.

use super::pace::GlobalPace;
use super::send;
use super::spec::MessageSpec;
use crate::host::Kind;
use crate::service::Service;
use crate::store::{Gone, Parked};
use poise::serenity_prelude::{self as serenity, Http};

/// Discord's codes that say a game's own channel is gone or closed to the bot.
const UNKNOWN_CHANNEL: isize = 10003;
const MISSING_ACCESS: isize = 50001;
const MISSING_PERMISSIONS: isize = 50013;

/// Why a refusal of a call on a game's own channel parks its games, if it does: the channel
/// deleted (10003), or closed to the bot (50001; and 50013 when `plain_post`, a post that asked
/// for nothing but Send Messages, after the pictures were already dropped).
pub fn refusal(e: &serenity::Error, plain_post: bool) -> Option<Parked> {
    match send::discord_code(e)? {
        UNKNOWN_CHANNEL => Some(Parked::ChannelGone),
        MISSING_ACCESS => Some(Parked::NoAccess),
        MISSING_PERMISSIONS if plain_post => Some(Parked::NoAccess),
        _ => None,
    }
}

/// Parks the games at `gone` (see the module comment) and tells their players by DM. Returns
/// the channels and threads nothing may be posted to any more (the outbox's
/// [`Outbox::place_gone`](super::outbox::Outbox::place_gone) stops its posts there).
/// Idempotent: a game already parked is not parked (or announced) again, so an event and a
/// refusal for the same loss tell the players once.
pub async fn place_gone(
    http: &Http,
    service: &Service,
    pace: &GlobalPace,
    gone: Gone,
    why: Parked,
) -> Vec<u64> {
    let mut closed_places = Vec::new();
    // A deleted thread closes only the places of the tables parked with it (below): a game's
    // own thread deleted is started again by its next post.
    if let Gone::Channel(c) = gone {
        closed_places.push(c);
    }
    let (parked, closed) = match service.store().park(gone, why).await {
        Ok(ids) => ids,
        Err(e) => {
            tracing::error!(?gone, error = %e, "could not park the games of a place Discord says is gone");
            return closed_places;
        }
    };
    for id in parked.iter().chain(&closed) {
        let Ok(table) = service.store().table(*id).await else {
            continue;
        };
        // Posts still queued for the game's thread would be refused too.
        closed_places.push(table.game.play_channel());
        let kind = Kind::of_row(&table.game.kind);
        let lobby = closed.contains(id);
        tracing::warn!(
            game = id,
            ?why,
            lobby,
            "Discord says the game's place is gone: parked"
        );
        service.metrics().games_parked.inc();
        // A lobby's host only: the others joined a table that never started.
        let told: Vec<u64> = if lobby {
            vec![table.game.host_id]
        } else {
            table
                .seats
                .iter()
                .map(|s| s.user_id)
                .filter(|u| !crate::store::is_bot_user(*u))
                .collect()
        };
        for user in told {
            let locale = match service.store().locale(user).await {
                Ok(Some(l)) => l,
                _ => table.locale(),
            };
            let words = crate::i18n::with(locale, || {
                let game = crate::discord::ui::game_name(kind);
                let cmd = format!("/{}", kind.command());
                let table = table.game.id;
                match (lobby, why) {
                    (true, _) => {
                        crate::t!("lobby-closed-gone", game = game, table = table, cmd = cmd)
                    }
                    (false, Parked::ChannelGone) => {
                        crate::t!("parked-channel-gone", game = game, table = table, cmd = cmd)
                    }
                    (false, Parked::NoAccess) => {
                        crate::t!("parked-no-access", game = game, table = table, cmd = cmd)
                    }
                    (false, Parked::Removed) => {
                        crate::t!("parked-removed", game = game, table = table, cmd = cmd)
                    }
                }
            });
            dm(http, service, pace, user, &super::answer::text(&words)).await;
        }
    }
    closed_places
}

/// Sends `spec` to `user` in a DM, unless their DMs are known to be closed; a refusal is
/// logged: the game waits parked either way, and `games` lists it.
async fn dm(http: &Http, service: &Service, pace: &GlobalPace, user: u64, spec: &MessageSpec) {
    let store = service.store();
    if super::dm::known_closed(store, user).await {
        return;
    }
    if let Err(e) = super::dm::send(http, pace, store, user, spec).await {
        tracing::info!(user, error = %send::describe(&e), "could not say by DM that a game is parked");
    }
}
