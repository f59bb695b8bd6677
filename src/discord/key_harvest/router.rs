//! Key Harvest's buttons and selects (ids `k:...`): the table's My screen, Boards and Log, the
//! private screen's pages and builders, and actions. Clicks are checked and applied by the same
//! shared steps as Fields of Green (`router::hand`, `router::act`): load from the database, check
//! the clicker's seat and the view's version, apply through the service, answer, then tell
//! everyone.

use super::ids::{KhId, KhVerb, decode_action, decode_screen};
use super::{boards, log, panel, score_pad};
use crate::discord::Data;
use crate::discord::answer::{private, text, update, user_text};
use crate::discord::router::{act, chosen, hand, recent_log};
use crate::games::key_harvest::{Event, Game};
use crate::t;
use poise::serenity_prelude as serenity;
use serenity::ComponentInteraction;

/// The ids of Key Harvest's components: the registry routes a click here when `Id::decode` reads
/// its custom_id.
pub use super::ids::KhId as Id;

/// Handles a click on one of Key Harvest's components.
pub async fn handle(ctx: &serenity::Context, data: &Data, ci: &ComponentInteraction, id: KhId) {
    let user = ci.user.id.get();
    let verb = match (&id.verb, chosen(ci)) {
        (KhVerb::Choose | KhVerb::ChoosePart(_), Some(v)) => match decode_action(&v) {
            Some(a) => KhVerb::Act(a),
            None => return private(ctx, ci, &text(&t!("kh-choice-invalid"))).await,
        },
        (KhVerb::Navigate | KhVerb::NavigatePart(_), Some(v)) => match decode_screen(&v) {
            Some(s) => KhVerb::Show(s),
            None => return private(ctx, ci, &text(&t!("kh-choice-invalid"))).await,
        },
        (
            KhVerb::Choose | KhVerb::Navigate | KhVerb::ChoosePart(_) | KhVerb::NavigatePart(_),
            None,
        ) => {
            return private(ctx, ci, &text(&t!("kh-nothing-chosen"))).await;
        }
        (v, _) => v.clone(),
    };
    match verb {
        KhVerb::Hand => hand::<Game>(ctx, data, ci, id.game).await,
        KhVerb::Boards | KhVerb::Log | KhVerb::Scores => {
            let m = match data.service.load::<Game>(id.game).await {
                Ok((table, Some(game))) if matches!(verb, KhVerb::Boards) => boards(&table, &game),
                Ok((table, Some(game))) if matches!(verb, KhVerb::Scores) => {
                    score_pad(&table, &game)
                }
                Ok((table, Some(game))) => match recent_log::<Event>(data, &table).await {
                    Ok(events) => log(&table, &game, &events),
                    Err(e) => text(&user_text(&e)),
                },
                Ok((_, None)) => text(&t!("kh-not-started")),
                Err(e) => text(&user_text(&e)),
            };
            private(ctx, ci, &m).await;
        }
        KhVerb::Show(screen) => {
            let m = match data.service.load::<Game>(id.game).await {
                Ok((table, Some(game))) => match table.seat_of(user) {
                    Some(seat) => panel(&table, &game, seat, &screen, None),
                    None => {
                        let why = crate::service::not_seated(&table, user);
                        return private(ctx, ci, &text(&user_text(&why))).await;
                    }
                },
                Ok((_, None)) => text(&t!("kh-not-started")),
                Err(e) => text(&user_text(&e)),
            };
            update(ctx, ci, &m).await;
        }
        KhVerb::Act(action) => act::<Game>(ctx, data, ci, id.game, id.version, action).await,
        KhVerb::Hint => crate::discord::coach::hint::<Game>(ctx, data, ci, id.game).await,
        KhVerb::Undo => {
            crate::discord::router::undo::<Game>(ctx, data, ci, id.game, id.version).await
        }
        KhVerb::Choose | KhVerb::Navigate | KhVerb::ChoosePart(_) | KhVerb::NavigatePart(_) => {
            unreachable!("resolved above")
        }
    }
}
