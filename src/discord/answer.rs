//! Answering an interaction: the words of a refusal or an apology, a private or an in-place
//! answer, and Discord's 3 seconds (counted from the interaction's creation: answer, or defer
//! and then edit or follow up). Shared by the component router, the slash commands and every
//! screen that answers, so that none of them reaches into another for it.

use super::game::Screens;
use super::spec::MessageSpec;
use super::{Ctx, Data, Error, send};
use crate::service::ServiceError;
use poise::serenity_prelude as serenity;
use serenity::{ComponentInteraction, CreateInteractionResponse};
use std::time::Duration;

/// What a player is told when their change is in the database but the game could not be read
/// back to show it: they must not try it again.
pub fn saved_unshown() -> String {
    crate::t!("saved-unshown")
}

/// The apology for an internal error: nothing was changed.
pub fn sorry() -> String {
    crate::t!("sorry-internal")
}

/// A user's text for a refused request, in the language in scope; internal errors are logged
/// and shown as an apology.
pub fn user_text(e: &ServiceError) -> String {
    match e {
        ServiceError::Internal(detail) => {
            tracing::error!(%detail, "internal error");
            sorry()
        }
        ServiceError::Saved(detail) => {
            tracing::error!(%detail, "a change was saved but could not be read back");
            saved_unshown()
        }
        ServiceError::NotFound => crate::t!("err-not-found"),
        ServiceError::NotSeated => crate::t!("err-not-seated"),
        ServiceError::Stale => crate::t!("err-stale"),
        ServiceError::WrongGame => crate::t!("err-wrong-game"),
        ServiceError::NotHost => crate::t!("err-not-host"),
        ServiceError::Full => crate::t!("err-full"),
        ServiceError::AlreadySeated => crate::t!("err-already-seated"),
        ServiceError::HostCannotLeave => crate::t!("err-host-cannot-leave"),
        ServiceError::IntroSeats => crate::t!("err-intro-seats"),
        ServiceError::PaceAndStandIn => crate::t!("err-pace-and-stand-in"),
        ServiceError::SeatHandedOn { left: true, .. } => crate::t!("err-seat-left"),
        ServiceError::SeatHandedOn { left: false, to } => {
            crate::t!("err-seat-given", to = to.as_str())
        }
        ServiceError::MemberSeated => crate::t!("err-member-seated"),
        ServiceError::Parked { table, command } => {
            crate::t!("err-parked", table = *table, cmd = format!("/{command}"))
        }
        ServiceError::OtherServer => crate::t!("err-other-server"),
        ServiceError::SeatToBot => crate::t!("err-seat-to-bot"),
        ServiceError::NoSuchSeat(n) => crate::t!("err-no-such-seat", seat = n.to_string()),
        ServiceError::TooManyBots { bots, seats } => crate::t!(
            "err-too-many-bots",
            bots = *bots,
            need = *bots + 1,
            seats = *seats
        ),
        ServiceError::TooFewPlayers(game, least) => {
            crate::t!("err-too-few-players", game = *game, least = *least)
        }
        ServiceError::WrongStatus(why) => match *why {
            crate::service::NO_LONGER_JOINING => crate::t!("err-no-longer-joining"),
            crate::service::STARTED_ASK_HOST => crate::t!("err-started-ask-host"),
            crate::service::ALREADY_STARTED => crate::t!("err-already-started"),
            crate::service::ALREADY_CLOSED => crate::t!("err-already-closed"),
            crate::service::NOTHING_TO_DO => crate::t!("err-plan-empty"),
            crate::service::NOT_STARTED => crate::t!("not-started"),
            crate::service::GAME_OVER => crate::t!("err-game-over"),
            crate::service::NOT_OVER => crate::t!("err-not-over"),
            crate::service::NOT_A_REMATCH => crate::t!("err-not-a-rematch"),
            crate::service::WAITING_CONFIRM => crate::t!("err-waiting-confirm"),
            crate::service::NOTHING_TO_UNDO => crate::t!("err-undo-stale"),
            crate::service::NOT_YOURS_TO_UNDO => crate::t!("err-undo-not-yours"),
            crate::service::CANNOT_UNDO => crate::t!("err-undo-final"),
            crate::service::NOT_PARKED => crate::t!("err-not-parked"),
            other => sentence(other),
        },
        ServiceError::Setup(detail) => crate::t!("err-setup", detail = detail.as_str()),
        // A refusal by a game's rules is put in words by that game's screens: callers that know
        // the game use `refusal_text::<G>`. Here the game is not known (it cannot be: the rules
        // refuse only actions, which reach the service through a game's own router), so the
        // engine's own sentence is shown.
        ServiceError::Rules(e) => sentence(&e.to_string()),
    }
}

/// A user's text for a refused action of the game `G`: its rules' refusal in the language in
/// scope (`Screens::rule_text`), any other error as [`user_text`] says it.
pub fn refusal_text<G: Screens>(e: &ServiceError) -> String {
    match e {
        ServiceError::Rules(rule) => {
            G::rule_text(rule.as_ref()).unwrap_or_else(|| sentence(&rule.to_string()))
        }
        other => user_text(other),
    }
}

/// A lower-case phrase as a sentence.
fn sentence(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str() + ".",
        None => s.to_string(),
    }
}

pub(crate) fn text(s: &str) -> MessageSpec {
    MessageSpec {
        content: s.to_string(),
        ..Default::default()
    }
}

pub(crate) async fn respond(
    ctx: &serenity::Context,
    ci: &ComponentInteraction,
    r: CreateInteractionResponse,
) {
    tracing::debug!(interaction = ci.id.get(), "answering");
    if let Err(e) = ci.create_response(&ctx.http, r).await {
        tracing::warn!(error = %send::describe(&e), custom_id = %ci.data.custom_id, "could not answer an interaction");
    }
}

/// A new private reply to the clicker.
pub(crate) async fn private(ctx: &serenity::Context, ci: &ComponentInteraction, m: &MessageSpec) {
    respond(
        ctx,
        ci,
        CreateInteractionResponse::Message(send::response(m, true)),
    )
    .await;
}

/// Redraws the message the clicker clicked on (their panel).
pub(crate) async fn update(ctx: &serenity::Context, ci: &ComponentInteraction, m: &MessageSpec) {
    respond(
        ctx,
        ci,
        CreateInteractionResponse::UpdateMessage(send::response(m, false)),
    )
    .await;
}

/// How long a click may wait on its game (the game's lock, the database's write lock) before it
/// is answered with a deferred update: Discord fails an interaction left unanswered for 3 seconds,
/// and a move must never be saved after the player was shown "This interaction failed".
pub(crate) const DEFER_AFTER: Duration = Duration::from_millis(1500);

/// Discord's epoch (2015-01-01T00:00:00Z), the zero of a snowflake's time (docs: "Snowflakes").
const DISCORD_EPOCH_MS: u64 = 1_420_070_400_000;

/// An interaction older than this by the id's time is taken for a wrong clock on this machine
/// (Discord would have refused its token long ago): its age is then counted from `started`.
const CLOCK_SKEW: Duration = Duration::from_secs(60);

/// How long before the defer must go out: [`DEFER_AFTER`] counted from the interaction's creation,
/// the time its id (a snowflake) carries, since Discord's 3 seconds count from there and not
/// from when the bot got the event (a busy bot or a slow gateway may receive it late). `started`
/// is when the handler began, the fallback when this machine's clock is far from Discord's.
pub(crate) fn defer_in(id: serenity::InteractionId, started: std::time::Instant) -> Duration {
    let created = (id.get() >> 22) + DISCORD_EPOCH_MS;
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64);
    let age = Duration::from_millis(now.saturating_sub(created));
    let age = if age > CLOCK_SKEW {
        started.elapsed()
    } else {
        age
    };
    DEFER_AFTER.saturating_sub(age)
}

/// Runs `work` (a service call that may wait on locks); when it has not finished
/// [`DEFER_AFTER`] after the click was made (the interaction's creation, see [`defer_in`]), the
/// click is acknowledged first (a deferred update) and `true` comes back with the result: the
/// answer must then go through [`update_or_edit`] / [`private_or_followup`].
pub(crate) async fn in_time<T>(
    ctx: &serenity::Context,
    ci: &ComponentInteraction,
    work: impl Future<Output = T>,
) -> (T, bool) {
    let left = defer_in(ci.id, std::time::Instant::now());
    let mut work = std::pin::pin!(work);
    tokio::select! {
        biased;
        done = &mut work => (done, false),
        _ = tokio::time::sleep(left) => {
            respond(ctx, ci, CreateInteractionResponse::Acknowledge).await;
            (work.await, true)
        }
    }
}

/// Replaces the original response of the interaction with `token` (the clicked message, or the
/// deferred "thinking..." answer) with `m`: through the interaction's own webhook `Http`
/// (`main` is the bot's), retried as every interaction call is; `what` names the call in the
/// metrics and the log.
pub(crate) async fn edit_original(
    main: &serenity::Http,
    data: &Data,
    token: &str,
    m: &MessageSpec,
    what: &str,
) -> Result<serenity::Message, serenity::Error> {
    use serenity::Builder as _;
    let via = data.webhooks.http_for(main, token);
    let http: &serenity::Http = &via;
    send::retry(
        Some(data.service.metrics()),
        send::Bound::Interaction,
        what,
        || {
            let b = send::edit_response(m);
            async move { b.execute(http, token).await }
        },
    )
    .await
}

/// Redraws the clicked message: as the interaction's answer, or, when the click was already
/// acknowledged ([`in_time`]), by editing the original response (the clicked message).
pub(crate) async fn update_or_edit(
    ctx: &serenity::Context,
    data: &Data,
    ci: &ComponentInteraction,
    m: &MessageSpec,
    deferred: bool,
) {
    if !deferred {
        return update(ctx, ci, m).await;
    }
    let edited = edit_original(
        &ctx.http,
        data,
        &ci.token,
        m,
        "edit a deferred click's message",
    )
    .await;
    match edited {
        Ok(_) => {}
        // The clicked message is gone (the player dismissed that private message while the
        // click was being worked on): the answer comes as a new private message instead, or
        // the player would be left with nothing that shows where their game stands.
        Err(e) if send::discord_code(&e) == Some(send::UNKNOWN_MESSAGE) => {
            tracing::info!(error = %send::describe(&e), custom_id = %ci.data.custom_id, "the clicked message is gone; answering with a new private message");
            private_or_followup(ctx, data, ci, m, true).await;
        }
        Err(e) => {
            tracing::warn!(error = %send::describe(&e), custom_id = %ci.data.custom_id, "could not answer a deferred click");
        }
    }
}

/// A new private reply to the clicker: the answer, or a private follow-up once acknowledged.
pub(crate) async fn private_or_followup(
    ctx: &serenity::Context,
    data: &Data,
    ci: &ComponentInteraction,
    m: &MessageSpec,
    deferred: bool,
) {
    if !deferred {
        return private(ctx, ci, m).await;
    }
    let via = data.webhooks.http_for(&ctx.http, &ci.token);
    let http: &serenity::Http = &via;
    let sent = send::retry(
        Some(data.service.metrics()),
        send::Bound::Interaction,
        "follow up a deferred click",
        || {
            let b = send::followup(m, true);
            async move { ci.create_followup(http, b).await }
        },
    )
    .await;
    if let Err(e) = sent {
        tracing::warn!(error = %send::describe(&e), custom_id = %ci.data.custom_id, "could not answer a deferred click");
    }
}

/// Answers the command privately. After a defer ("thinking..."), the answer replaces the
/// deferred response (Discord documents a follow-up there as deprecated behaviour).
pub(crate) async fn say(ctx: Ctx<'_>, m: &MessageSpec) -> Result<(), Error> {
    if let poise::Context::Application(app) = ctx
        && app
            .has_sent_initial_response
            .load(std::sync::atomic::Ordering::SeqCst)
    {
        let token = &app.interaction.token;
        edit_original(
            ctx.http(),
            ctx.data(),
            token,
            m,
            "answer a deferred command",
        )
        .await?;
        return Ok(());
    }
    ctx.send(send::reply(m, true)).await?;
    Ok(())
}

/// Runs `work` (database reads and writes that may wait on a lock); when it has not finished
/// in time for Discord's 3 seconds (counted from the command's creation, see
/// [`defer_in`]), the command is answered "thinking..." first,
/// so a later [`say`] replaces that answer. `work` must make no Discord call of its own: the
/// defer could otherwise race its answer.
pub(crate) async fn command_in_time<T>(
    ctx: Ctx<'_>,
    work: impl std::future::Future<Output = T>,
) -> T {
    let poise::Context::Application(app) = ctx else {
        return work.await;
    };
    let left = defer_in(app.interaction.id, std::time::Instant::now());
    let mut work = std::pin::pin!(work);
    tokio::select! {
        biased;
        done = &mut work => done,
        _ = tokio::time::sleep(left) => {
            if let Err(e) = ctx.defer_ephemeral().await {
                tracing::warn!(error = %e, "could not defer a slow command");
            }
            work.await
        }
    }
}

pub(crate) async fn display_name(ctx: Ctx<'_>) -> String {
    match ctx.author_member().await {
        Some(m) => m.display_name().to_string(),
        None => ctx
            .author()
            .global_name
            .clone()
            .unwrap_or_else(|| ctx.author().name.clone()),
    }
}
