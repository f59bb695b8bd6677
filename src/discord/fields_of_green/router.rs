//! Fields of Green's buttons and selects (ids `f:...`, see `ids`): the table's My hand, Farms and
//! Log, every screen of the private panel, the actions it applies and the harvest planner's
//! plan. The shared steps (answer in time, act through the service, tell everyone after) are the
//! shared router's; the lobby's buttons are shared too (`discord::ids`).

use super::ids::{ComponentId, Screen, Verb, decode_action, decode_screen};
use crate::discord::Data;
use crate::discord::answer::{
    in_time, private, private_or_followup, refusal_text, sorry, text, update, update_or_edit,
    user_text,
};
use crate::discord::router::{acknowledge, act, chosen, hand, recent_log};
use crate::discord::spec::MessageSpec;
use crate::games::fields_of_green::{Action, Game};
use crate::service::ServiceError;
use poise::serenity_prelude as serenity;
use serenity::ComponentInteraction;

/// The ids of Fields of Green's components: the registry routes a click here when `Id::decode` reads
/// its custom_id.
pub use super::ids::ComponentId as Id;

/// Handles a click on one of Fields of Green's components.
pub async fn handle(
    ctx: &serenity::Context,
    data: &Data,
    ci: &ComponentInteraction,
    id: ComponentId,
) {
    let user = ci.user.id.get();
    let verb = match (&id.verb, chosen(ci)) {
        (Verb::Choose, Some(v)) => match decode_action(&v) {
            Some(a) => Verb::Act(a),
            None => return private(ctx, ci, &text(&crate::t!("err-bad-choice"))).await,
        },
        (Verb::Navigate, Some(v)) => match decode_screen(&v) {
            Some(s) => Verb::Show(s),
            None => return private(ctx, ci, &text(&crate::t!("err-bad-choice"))).await,
        },
        (Verb::Choose | Verb::Navigate, None) => {
            return private(ctx, ci, &text(&crate::t!("err-nothing-chosen"))).await;
        }
        (v, _) => v.clone(),
    };
    match verb {
        Verb::Hand => hand::<Game>(ctx, data, ci, id.game).await,
        Verb::Farms | Verb::Log | Verb::Scores => {
            let m = match data.service.load::<Game>(id.game).await {
                Ok((table, Some(game))) if matches!(verb, Verb::Farms) => {
                    super::farms(&table, &game)
                }
                Ok((table, Some(game))) if matches!(verb, Verb::Scores) => {
                    super::score_pad(&table, &game)
                }
                Ok((table, Some(game))) => match recent_log(data, &table).await {
                    Ok(events) => super::log(&table, &game, &events),
                    Err(e) => text(&user_text(&e)),
                },
                Ok((_, None)) => text(&crate::t!("not-started")),
                Err(e) => text(&user_text(&e)),
            };
            private(ctx, ci, &m).await;
        }
        Verb::Show(screen) => {
            let m = match data.service.load::<Game>(id.game).await {
                Ok((table, Some(game))) => match screen {
                    // Anyone may look at farms; panels are for seated players only.
                    Screen::Farm { seat } if seat < game.players() => {
                        super::farm(&table, &game, seat)
                    }
                    _ => match table.seat_of(user) {
                        // The planner may search for a while on an unusual farm: keep it off
                        // the async workers.
                        Some(seat) if screen == Screen::AutoHarvest => {
                            // Another thread: it draws in the clicker's language explicitly.
                            let locale = crate::i18n::current();
                            match tokio::task::spawn_blocking(move || {
                                crate::i18n::with(locale, || {
                                    super::panel(&table, &game, seat, &screen, None)
                                })
                            })
                            .await
                            {
                                Ok(m) => m,
                                Err(e) => {
                                    tracing::error!(error = %e, "the harvest planner failed");
                                    text(&sorry())
                                }
                            }
                        }
                        Some(seat) => super::panel(&table, &game, seat, &screen, None),
                        None => {
                            let why = crate::service::not_seated(&table, user);
                            return private(ctx, ci, &text(&user_text(&why))).await;
                        }
                    },
                },
                Ok((_, None)) => text(&crate::t!("not-started")),
                Err(e) => text(&user_text(&e)),
            };
            update(ctx, ci, &m).await;
        }
        Verb::Act(action) => act::<Game>(ctx, data, ci, id.game, id.version, action).await,
        Verb::ConfirmPlan(fingerprint) => confirm_plan(ctx, data, ci, id.game, fingerprint).await,
        Verb::Hint => crate::discord::coach::hint::<Game>(ctx, data, ci, id.game).await,
        Verb::Undo => {
            crate::discord::router::undo::<Game>(ctx, data, ci, id.game, id.version).await
        }
        Verb::Choose | Verb::Navigate => unreachable!("resolved above"),
    }
}

/// The user's panel as the game is now, on `screen` with `note` (after a refused move).
async fn current_panel(
    data: &Data,
    game: i64,
    user: u64,
    screen: &Screen,
    note: &str,
) -> MessageSpec {
    match data.service.load::<Game>(game).await {
        Ok((table, Some(g))) => match table.seat_of(user) {
            Some(seat) => super::panel(&table, &g, seat, screen, Some(note)),
            None => text(note),
        },
        _ => text(note),
    }
}

/// Shown with a fresh plan when the one confirmed is no longer the planner's plan.
fn plan_changed() -> String {
    crate::t!("plan-changed")
}

/// "Confirm plan" on the Auto harvest screen. The button carries only a fingerprint of the steps
/// shown (a whole plan does not fit in a custom_id), so the plan is made again from the game as
/// it is now and applied only if it is the very plan the player saw; otherwise the fresh plan is
/// shown with a note and nothing is applied: an old plan is never played. A version that moved
/// alone does not refuse the click: in the simultaneous harvest the other seats move the game on
/// all the time without changing this seat's plan (the same reason `Service::act` takes a stale
/// action that is still legal). The service applies the steps all or nothing, and refuses them as
/// stale if the game moved on between this load and its lock.
async fn confirm_plan(
    ctx: &serenity::Context,
    data: &Data,
    ci: &ComponentInteraction,
    game: i64,
    fingerprint: u64,
) {
    let user = ci.user.id.get();
    let (table, g) = match data.service.load::<Game>(game).await {
        Ok((t, Some(g))) => (t, g),
        Ok((_, None)) => return update(ctx, ci, &text(&crate::t!("not-started"))).await,
        Err(e) => return update(ctx, ci, &text(&user_text(&e))).await,
    };
    let Some(seat) = table.seat_of(user) else {
        let why = crate::service::not_seated(&table, user);
        return private(ctx, ci, &text(&user_text(&why))).await;
    };
    let planned = {
        let g = g.clone();
        tokio::task::spawn_blocking(move || super::auto_harvest(&g, seat)).await
    };
    let planned = match planned {
        Ok(p) => p,
        Err(e) => {
            tracing::error!(error = %e, "the harvest planner failed");
            return update(ctx, ci, &text(&sorry())).await;
        }
    };
    let Some(plan) = planned else {
        let note = crate::t!("plan-harvest-closed");
        return update(
            ctx,
            ci,
            &super::panel(&table, &g, seat, &Screen::Main, Some(&note)),
        )
        .await;
    };
    if plan.fingerprint != fingerprint {
        let m = super::panel(
            &table,
            &g,
            seat,
            &Screen::AutoHarvest,
            Some(&plan_changed()),
        );
        return update(ctx, ci, &m).await;
    }
    let (result, deferred) = in_time(
        ctx,
        ci,
        data.service
            .act_plan::<Game>(game, user, table.game.version, &plan.steps),
    )
    .await;
    match result {
        Ok(done) => {
            // The database has it: now tell the player, then everyone else (as in `act`).
            let paid = plan
                .steps
                .iter()
                .filter(|a| matches!(a, Action::Harvest { .. }))
                .count();
            let notice = crate::t!("plan-applied", paid = paid);
            acknowledge(ctx, data, ci, &done, &notice, deferred).await;
        }
        Err(ServiceError::NotSeated) => {
            let m = text(&user_text(&ServiceError::NotSeated));
            private_or_followup(ctx, data, ci, &m, deferred).await
        }
        Err(e) => {
            // Stale: the game moved on while the plan was made; show the plan for the game as it
            // is now. Refused: redraw the harvest panel with the engine's reason.
            let (screen, note) = match &e {
                ServiceError::Stale => (Screen::AutoHarvest, plan_changed()),
                other => (
                    Screen::Main,
                    crate::t!("plan-not-applied", reason = refusal_text::<Game>(other)),
                ),
            };
            let m = current_panel(data, game, user, &screen, &note).await;
            update_or_edit(ctx, data, ci, &m, deferred).await;
        }
    }
}
