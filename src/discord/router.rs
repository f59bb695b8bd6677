//! The one router for every button and select: decode the custom_id, load the game from the
//! database, check who is clicking, act through the service, answer within Discord's 3 seconds,
//! then do the slower follow-up work (table message, summaries, DMs).

use super::game::Screens;
use super::ids::{LobbyId, LobbyVerb};
use super::spec::MessageSpec;
use super::{Data, Error, notify, send};
use crate::service::{Acted, ServiceError};
use crate::store::Table;
use poise::serenity_prelude as serenity;
use serenity::{ComponentInteraction, CreateInteractionResponse, FullEvent, Interaction};
use std::time::Duration;

/// poise's event handler: routes component interactions (slash commands and autocomplete are
/// poise's own).
pub async fn on_event(
    fw: poise::FrameworkContext<'_, Data, Error>,
    event: &FullEvent,
) -> Result<(), Error> {
    let FullEvent::InteractionCreate { interaction } = event else {
        return Ok(());
    };
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
            other => sentence(other),
        },
        ServiceError::Setup(detail) => crate::t!("err-setup", detail = detail.as_str()),
        ServiceError::Rules(e) => {
            super::registry::rule_text(e.as_ref()).unwrap_or_else(|| sentence(&e.to_string()))
        }
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

pub(super) async fn respond(
    ctx: &serenity::Context,
    ci: &ComponentInteraction,
    r: CreateInteractionResponse,
) {
    tracing::debug!(interaction = ci.id.get(), "answering");
    if let Err(e) = ci.create_response(&ctx.http, r).await {
        tracing::warn!(error = %e, custom_id = %ci.data.custom_id, "could not answer an interaction");
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
pub(super) const DEFER_AFTER: Duration = Duration::from_millis(1500);

/// Runs `work` (a service call that may wait on locks); when it takes longer than
/// [`DEFER_AFTER`], the click is acknowledged first (a deferred update) and `true` comes back with
/// the result: the answer must then go through [`update_or_edit`] / [`private_or_followup`].
pub(crate) async fn in_time<T>(
    ctx: &serenity::Context,
    ci: &ComponentInteraction,
    work: impl Future<Output = T>,
) -> (T, bool) {
    let mut work = std::pin::pin!(work);
    tokio::select! {
        done = &mut work => (done, false),
        _ = tokio::time::sleep(DEFER_AFTER) => {
            respond(ctx, ci, CreateInteractionResponse::Acknowledge).await;
            (work.await, true)
        }
    }
}

/// Redraws the clicked message: as the interaction's answer, or, when the click was already
/// acknowledged ([`in_time`]), by editing the original response (the clicked message).
pub(crate) async fn update_or_edit(
    ctx: &serenity::Context,
    metrics: &crate::metrics::Metrics,
    ci: &ComponentInteraction,
    m: &MessageSpec,
    deferred: bool,
) {
    if !deferred {
        return update(ctx, ci, m).await;
    }
    let edited = send::retry(Some(metrics), "edit a deferred click's message", || {
        let b = send::edit_response(m);
        async move { ci.edit_response(&ctx.http, b).await }
    })
    .await;
    if let Err(e) = edited {
        tracing::warn!(error = %e, custom_id = %ci.data.custom_id, "could not answer a deferred click");
    }
}

/// A new private reply to the clicker: the answer, or a private follow-up once acknowledged.
pub(crate) async fn private_or_followup(
    ctx: &serenity::Context,
    metrics: &crate::metrics::Metrics,
    ci: &ComponentInteraction,
    m: &MessageSpec,
    deferred: bool,
) {
    if !deferred {
        return private(ctx, ci, m).await;
    }
    let sent = send::retry(Some(metrics), "follow up a deferred click", || {
        let b = send::followup(m, true);
        async move { ci.create_followup(&ctx.http, b).await }
    })
    .await;
    if let Err(e) = sent {
        tracing::warn!(error = %e, custom_id = %ci.data.custom_id, "could not answer a deferred click");
    }
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

/// True when the click came from a message in a DM (a DM hand panel).
fn in_dm(ci: &ComponentInteraction) -> bool {
    ci.guild_id.is_none()
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
        return lobby(ctx, data, ci, id.game, id.verb).await;
    }
    if !super::registry::route(ctx, data, ci).await {
        private(ctx, ci, &text(&crate::t!("err-unknown-button"))).await;
    }
}

/// The game's last 40 log events, as `E` (the game's event type).
pub(super) async fn recent_log<E: serde::de::DeserializeOwned>(
    data: &Data,
    table: &Table,
) -> Result<Vec<E>, ServiceError> {
    let rows = data
        .service
        .store()
        .recent_events(table.game.id, 40)
        .await?;
    // Only events up to the version the view is drawn at: a move stored between loading the
    // game and reading the log must not show (a card revealed by a later version would appear
    // in a view of the game before the reveal).
    Ok(rows
        .iter()
        .filter(|(v, _)| *v <= table.game.version)
        .filter_map(|(_, e)| serde_json::from_str(e).ok())
        .collect())
}

/// How many sentences the catch-up shows at most: a few lines, the newest.
pub const CATCH_UP_LINES: i64 = 6;

/// "Since your last move": the public log's sentences since `seat` last acted (or since the
/// start), the newest few, in the language in scope; None when nothing happened since. Drawn
/// from the stored public log only, never from the game's hidden state, and only up to the
/// version `table` was read at.
pub async fn catch_up<G: Screens>(
    store: &crate::store::Store,
    table: &Table,
    game: &G,
    seat: usize,
) -> Result<Option<String>, ServiceError> {
    let (acted, total, rows) = store
        .events_since_seat(table.game.id, seat, table.game.version, CATCH_UP_LINES * 4)
        .await?;
    let events: Vec<G::Event> = rows
        .iter()
        .filter_map(|(_, e)| serde_json::from_str(e).ok())
        .collect();
    let lines = G::catch_up_lines(table, game, &events);
    if lines.is_empty() {
        return Ok(None);
    }
    let keep = lines.len().min(CATCH_UP_LINES as usize);
    let earlier = usize::try_from(total)
        .unwrap_or(0)
        .saturating_sub(events.len())
        + (lines.len() - keep);
    // A seat that has not acted yet reads what happened so far.
    let mut out = vec![if acted {
        crate::t!("catch-up-head")
    } else {
        crate::t!("catch-up-head-start")
    }];
    if earlier > 0 {
        out.push(crate::t!("catch-up-earlier", n = earlier));
    }
    out.extend(lines[lines.len() - keep..].iter().map(|l| format!("> {l}")));
    Ok(Some(out.join("\n")))
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
            LobbyVerb::Rematch | LobbyVerb::Review => Err(ServiceError::Internal(
                "a Rematch or Review click reached the lobby's handler".into(),
            )),
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
                announce_start(ctx, data, &table, g).await;
            }
        }
        Err(e) => {
            private_or_followup(
                ctx,
                data.service.metrics(),
                ci,
                &text(&user_text(&e)),
                deferred,
            )
            .await
        }
    }
}

/// What follows a game's start: the thread's hello (mentioning the people), the DM panels of
/// those who play in DMs, and the bot seats' first moves.
pub(super) async fn announce_start(
    ctx: &serenity::Context,
    data: &Data,
    table: &Table,
    started: &crate::host::AnyGame,
) {
    // People are mentioned (and pinged); bots are named.
    let names: Vec<String> = table
        .seats
        .iter()
        .map(|s| match table.user_of(s.seat) {
            Some(u) => format!("<@{u}>"),
            None => s.name.clone(),
        })
        .collect();
    let ping = table
        .seats
        .iter()
        .filter_map(|s| table.user_of(s.seat))
        .collect();
    // Public: in the server's language, whoever clicked Start.
    let hello = crate::i18n::with(table.locale(), || {
        let button = crate::on_kind!(started.kind(), G => G::my_panel_button());
        MessageSpec {
            content: crate::t!("game-started", players = names.join(", "), button = button),
            ping,
            ..Default::default()
        }
    });
    notify::post(&ctx.http, data, table, &hello).await;
    for s in &table.seats {
        if data
            .service
            .store()
            .prefs(s.user_id)
            .await
            .is_ok_and(|p| p.hand_in_dm)
        {
            notify::update_dm_panel(&ctx.http, data, table.game.id, s.seat, true).await;
        }
    }
    super::bots::drive(&ctx.http, data, table.game.id).await;
}

/// "My hand" / "My screen": a fresh private panel (ephemeral messages vanish and expire, so the
/// public button always brings a new one), or the DM panel for players who chose DMs.
pub(crate) async fn hand<G: Screens>(
    ctx: &serenity::Context,
    data: &Data,
    ci: &ComponentInteraction,
    game: i64,
) {
    let user = ci.user.id.get();
    let (table, g) = match data.service.load::<G>(game).await {
        Ok((t, Some(g))) => (t, g),
        Ok((_, None)) => return private(ctx, ci, &text(&crate::t!("not-started"))).await,
        Err(e) => return private(ctx, ci, &text(&user_text(&e))).await,
    };
    let Some(seat) = table.seat_of(user) else {
        return private(ctx, ci, &text(&crate::t!("err-not-seated-follow"))).await;
    };
    if data
        .service
        .store()
        .prefs(user)
        .await
        .is_ok_and(|p| p.hand_in_dm)
    {
        // Redrawing the DM panel is a Discord call of its own (retried when Discord has a
        // hiccup), so answer "thinking..." first: the click must be answered within 3 seconds.
        if let Err(e) = ci.defer_ephemeral(&ctx.http).await {
            tracing::warn!(error = %e, "could not defer a My hand click");
            return;
        }
        let m = if notify::update_dm_panel(&ctx.http, data, table.game.id, seat, true).await {
            text(&crate::t!("screen-in-dm"))
        } else {
            match data.service.load::<G>(game).await {
                Ok((table, Some(g))) => {
                    G::main_panel(&table, &g, seat, Some(&crate::t!("dm-closed-here-it-is")))
                }
                Ok((_, None)) => text(&crate::t!("not-started")),
                Err(e) => text(&user_text(&e)),
            }
        };
        let answer = send::retry(
            Some(data.service.metrics()),
            "answer a My hand click",
            || {
                let b = send::edit_response(&m);
                async move { ci.edit_response(&ctx.http, b).await }
            },
        )
        .await;
        if let Err(e) = answer {
            tracing::warn!(error = %e, "could not answer a My hand click");
        }
        return;
    }
    // Back after a while: what happened since this seat last acted, on top of the screen.
    let since = catch_up(data.service.store(), &table, &g, seat)
        .await
        .unwrap_or_else(|e| {
            tracing::warn!(error = %e, "could not read the log for a catch-up");
            None
        });
    private(ctx, ci, &G::main_panel(&table, &g, seat, since.as_deref())).await;
}

/// After a stored move: redraw the clicker's panel with `notice`, then tell everyone else
/// (table, summaries, DM panels), then let bot seats play as soon as the game waits for them.
pub(crate) async fn acknowledge<G: Screens>(
    ctx: &serenity::Context,
    data: &Data,
    ci: &ComponentInteraction,
    done: &Acted<G>,
    notice: &str,
    deferred: bool,
) {
    let m = G::main_panel(&done.table, &done.game, done.seat, Some(notice));
    update_or_edit(ctx, data.service.metrics(), ci, &m, deferred).await;
    let from_dm = in_dm(ci).then_some(ci.user.id.get());
    // What everyone reads (table, summaries) in the server's language, not the clicker's; DMs
    // in their readers'.
    crate::i18n::in_locale(
        done.table.locale(),
        G::after_action(&ctx.http, data, done, from_dm),
    )
    .await;
    super::bots::drive(&ctx.http, data, done.table.game.id).await;
}

/// Applies a clicked action, answers the clicker with their panel (with the engine's reason when
/// refused), then tells everyone else.
pub(crate) async fn act<G: Screens>(
    ctx: &serenity::Context,
    data: &Data,
    ci: &ComponentInteraction,
    game: i64,
    seen: i64,
    action: G::Action,
) {
    let user = ci.user.id.get();
    let (result, deferred) = in_time(
        ctx,
        ci,
        data.service.act::<G>(game, user, Some(seen), &action),
    )
    .await;
    match result {
        Ok(done) => {
            // The database has it: now tell the player, then everyone else.
            let notice = G::done_note(&done.table, &done.game, &done.events);
            acknowledge(ctx, data, ci, &done, &notice, deferred).await;
        }
        Err(ServiceError::NotSeated) => {
            let m = text(&user_text(&ServiceError::NotSeated));
            private_or_followup(ctx, data.service.metrics(), ci, &m, deferred).await
        }
        Err(e) => {
            // Stale views and refused moves: redraw the panel as it is now, with the reason.
            let reason = match &e {
                ServiceError::Stale => crate::t!("err-view-out-of-date"),
                other => user_text(other),
            };
            let m = match data.service.load::<G>(game).await {
                Ok((table, Some(g))) => match table.seat_of(user) {
                    Some(seat) => G::main_panel(&table, &g, seat, Some(&reason)),
                    None => text(&reason),
                },
                _ => text(&reason),
            };
            update_or_edit(ctx, data.service.metrics(), ci, &m, deferred).await;
        }
    }
}
