//! Hay Wagons' buttons (ids `w:...`): the table's My wagon, the private screen's loads, Refresh,
//! Hint and Undo, each through the shared steps of `discord/router.rs` (load, check the seat and
//! the view's version, apply through the service, answer, tell everyone).

use super::ids::{HwId, HwVerb};
use crate::discord::Data;
use crate::discord::answer::{private, text, update, user_text};
use crate::discord::router::{act, hand, undo};
use crate::games::hay_wagons::Game;
use poise::serenity_prelude as serenity;

/// The ids of Hay Wagons' components: the registry routes a click here when `Id::decode` reads
/// its custom_id.
pub use super::ids::HwId as Id;

/// Handles a click on one of Hay Wagons' components.
pub async fn handle(
    ctx: &serenity::Context,
    data: &Data,
    ci: &serenity::ComponentInteraction,
    id: HwId,
) {
    match id.verb {
        HwVerb::Hand => hand::<Game>(ctx, data, ci, id.game).await,
        HwVerb::Act(action) => act::<Game>(ctx, data, ci, id.game, id.version, action).await,
        HwVerb::Hint => crate::discord::coach::hint::<Game>(ctx, data, ci, id.game).await,
        HwVerb::Undo => undo::<Game>(ctx, data, ci, id.game, id.version).await,
        HwVerb::Refresh => {
            let user = ci.user.id.get();
            match data.service.load::<Game>(id.game).await {
                Ok((table, Some(game))) => match table.seat_of(user) {
                    Some(seat) => update(ctx, ci, &super::panel(&table, &game, seat, None)).await,
                    None => {
                        let why = crate::service::not_seated(&table, user);
                        private(ctx, ci, &text(&user_text(&why))).await
                    }
                },
                Ok((_, None)) => private(ctx, ci, &text(&crate::t!("not-started"))).await,
                Err(e) => private(ctx, ci, &text(&user_text(&e))).await,
            }
        }
    }
}
