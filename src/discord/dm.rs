//! Direct messages: one way to send a player a DM, for the hand panel, reminders, the review
//! that came too late for its interaction, and the word that a game is parked.
//!
//! A DM is two calls (open the DM channel, then post in it), each under the global pace. A
//! refusal with 50007 ("Cannot send messages to this user": the player closed their DMs to the
//! bot) is remembered in the store (issue 42), so no DM is tried again until the player's next
//! `settings`: every refused call counts toward Discord's invalid-request ban.

use super::pace::GlobalPace;
use super::send;
use super::spec::MessageSpec;
use crate::store::Store;
use poise::serenity_prelude::{self as serenity, Http, Message, UserId};

/// "Cannot send messages to this user": their DMs are closed to the bot.
const DMS_CLOSED: isize = 50007;

/// Whether `user` is known to have closed their DMs to the bot.
pub async fn known_closed(store: &Store, user: u64) -> bool {
    store.prefs(user).await.is_ok_and(|p| p.dms_closed)
}

/// Sends `spec` to `user` by DM: the DM channel opened, then the message posted, each call
/// paced. A 50007 refusal is remembered (see the module comment); every refusal is returned
/// for the caller to say what it means for them.
pub async fn send(
    http: &Http,
    pace: &GlobalPace,
    store: &Store,
    user: u64,
    spec: &MessageSpec,
) -> Result<Message, serenity::Error> {
    pace.turn().await;
    let channel = UserId::new(user).create_dm_channel(http).await?;
    pace.turn().await;
    let sent = channel.id.send_message(http, send::message(spec)).await;
    if let Err(e) = &sent {
        note_refused(store, user, e).await;
    }
    sent
}

/// Remembers a player whose DMs refused the bot (50007), so no DM is tried again until their
/// next `settings`.
async fn note_refused(store: &Store, user: u64, e: &serenity::Error) {
    if send::discord_code(e) != Some(DMS_CLOSED) {
        return;
    }
    if let Err(e) = store.note_dms_closed(user, true).await {
        tracing::warn!(error = %e, "could not remember a player's closed DMs");
    }
}
