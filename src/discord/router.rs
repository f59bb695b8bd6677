//! The shared steps of a click, which each game's router runs once it has decoded what was
//! asked: open a seat's screen (`hand`), apply an action through the service and answer within
//! Discord's 3 seconds (`act`), then the slower follow-up work (table message, summaries, DMs:
//! `acknowledge`). A click enters above this file, at `dispatch.rs`, and only goes down from
//! there: nothing here names a game or the list of games.

use super::Data;
use super::answer::{
    edit_original, in_time, private, private_or_followup, refusal_text, text, update_or_edit,
    user_text,
};
use super::game::Screens;
use crate::service::{Acted, ServiceError};
use crate::store::Table;
use poise::serenity_prelude as serenity;
use serenity::ComponentInteraction;

/// True when the click came from a message in a DM (a DM hand panel).
fn in_dm(ci: &ComponentInteraction) -> bool {
    ci.guild_id.is_none()
}

/// The value a select menu's click chose (select menus carry their meaning in it); `None` for a
/// button.
pub(super) fn chosen(ci: &ComponentInteraction) -> Option<String> {
    match &ci.data.kind {
        serenity::ComponentInteractionDataKind::StringSelect { values } => values.first().cloned(),
        _ => None,
    }
}

/// The game's last 40 log events, as `E` (the game's event type).
pub(super) async fn recent_log<E: serde::de::DeserializeOwned>(
    data: &Data,
    table: &Table,
) -> Result<Vec<E>, ServiceError> {
    last_events(data, table, 40).await
}

/// The game's last `count` log events up to `table`'s version, as `E`.
pub(super) async fn last_events<E: serde::de::DeserializeOwned>(
    data: &Data,
    table: &Table,
    count: i64,
) -> Result<Vec<E>, ServiceError> {
    let store = data.service.store();
    let rows = store.recent_events(table.game.id, count).await?;
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
pub const CATCH_UP_LINES: i64 = 4;

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
    let before = usize::try_from(total)
        .unwrap_or(0)
        .saturating_sub(events.len());
    Ok(catch_up_text(&lines, before, acted))
}

/// The catch-up's text from its sentences (oldest first): the newest [`CATCH_UP_LINES`], a line
/// counting the `before` ones not read and those cut, under "Since your last move" (`acted`) or
/// "So far". `None` when nothing happened.
pub fn catch_up_text(lines: &[String], before: usize, acted: bool) -> Option<String> {
    if lines.is_empty() {
        return None;
    }
    let keep = lines.len().min(CATCH_UP_LINES as usize);
    let earlier = before + (lines.len() - keep);
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
    Some(out.join("\n"))
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
        .is_ok_and(|p| p.dm_panels())
    {
        // Redrawing the DM panel is a Discord call of its own (retried when Discord has a
        // hiccup), so answer "thinking..." first: the click must be answered within 3 seconds.
        if let Err(e) = ci.defer_ephemeral(&ctx.http).await {
            tracing::warn!(error = %e, "could not defer a My hand click");
            return;
        }
        let m = if super::draw::update_dm_panel(&ctx.http, data, table.game.id, seat, true).await {
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
        let answer = edit_original(&ctx.http, data, &ci.token, &m, "answer a My hand click").await;
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
    update_or_edit(ctx, data, ci, &m, deferred).await;
    let from_dm = in_dm(ci).then_some(ci.user.id.get());
    // What everyone reads (table, summaries) in the server's language, not the clicker's; DMs
    // in their readers'.
    crate::i18n::in_locale(
        done.table.locale(),
        G::after_action(&ctx.http, data, done, from_dm),
    )
    .await;
    super::review::ahead(data, &done.table);
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
            private_or_followup(ctx, data, ci, &m, deferred).await
        }
        Err(e) => {
            // Stale views and refused moves: redraw the panel as it is now, with the reason.
            let reason = match &e {
                ServiceError::Stale => crate::t!("err-view-out-of-date"),
                other => refusal_text::<G>(other),
            };
            refused::<G>(ctx, data, ci, game, &reason, deferred).await;
        }
    }
}

/// Answers a refused click over the clicker's screen as it is now: their main panel of `game`
/// with `reason` on it, or the reason alone when there is no panel of theirs to draw.
async fn refused<G: Screens>(
    ctx: &serenity::Context,
    data: &Data,
    ci: &ComponentInteraction,
    game: i64,
    reason: &str,
    deferred: bool,
) {
    let m = match data.service.load::<G>(game).await {
        Ok((table, Some(g))) => match table.seat_of(ci.user.id.get()) {
            Some(seat) => G::main_panel(&table, &g, seat, Some(reason)),
            None => text(reason),
        },
        _ => text(reason),
    };
    update_or_edit(ctx, data, ci, &m, deferred).await;
}

/// Undo (issue 41): takes back the clicker's last decision through the service
/// ([`crate::service::Service::undo`]), with `seen` the version the button was drawn at. Once
/// committed: the clicker's screen is redrawn with a note, the table message is redrawn, the
/// thread reads "Ada took back her last decision", DM panels follow. A refusal (the button is
/// stale because someone acted since, the decision is another seat's, or it was final) answers
/// privately with the reason in the clicker's language over their screen as it is now;
/// nothing changes.
pub(crate) async fn undo<G: Screens>(
    ctx: &serenity::Context,
    data: &Data,
    ci: &ComponentInteraction,
    game: i64,
    seen: i64,
) {
    let user = ci.user.id.get();
    let (result, deferred) = in_time(ctx, ci, data.service.undo::<G>(game, user, seen)).await;
    match result {
        Ok(done) => {
            let note = crate::t!("undo-done");
            let m = G::main_panel(&done.table, &done.game, done.seat, Some(&note));
            update_or_edit(ctx, data, ci, &m, deferred).await;
            let from_dm = in_dm(ci).then_some(user);
            let table = &done.table;
            // What everyone reads, in the table's language (as after an action).
            crate::i18n::in_locale(table.locale(), async {
                super::notify::refresh_table(data, table.game.id);
                let name = crate::render::seat_name(&table.names(), done.seat);
                let said = text(&crate::t!("undo-public", name = name.as_str()));
                super::notify::post(&ctx.http, data, table, &said).await;
                super::notify::redraw_dm_panels(data, table, from_dm).await;
            })
            .await;
            super::bots::drive(&ctx.http, data, table.game.id).await;
        }
        Err(ServiceError::NotSeated) => {
            let m = text(&user_text(&ServiceError::NotSeated));
            private_or_followup(ctx, data, ci, &m, deferred).await
        }
        Err(e) => {
            let reason = match &e {
                // The button was drawn before someone else acted (or before the decision was
                // taken back already).
                ServiceError::Stale
                | ServiceError::WrongStatus(crate::service::NOTHING_TO_UNDO) => {
                    crate::t!("err-undo-stale")
                }
                other => refusal_text::<G>(other),
            };
            refused::<G>(ctx, data, ci, game, &reason, deferred).await;
        }
    }
}
