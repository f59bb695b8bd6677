//! The games on Discord, from the one list (`crate::for_each_game!`): the slash command groups
//! to register and the click routes. Each game's Discord side lives in its own folder
//! (`discord/<game>/`) with its slash command group (`commands::group`), its component id codec
//! (`router::Id`, whose `decode` reads the game's custom_ids) and its router (`router::handle`),
//! and its [`Screens`] impl; the shared code reaches them
//! through this file, through `Screens`, or through `crate::on_kind!`.
//!
//! [`Screens`]: super::game::Screens

use super::{Data, Error};
use poise::serenity_prelude as serenity;

macro_rules! registry {
    ([] $($module:ident: $Variant:ident),*) => {
        /// Every slash command, for registration: each game's group (`/fog`, `/kh`), which also
        /// offers the shared commands (`games`, `settings`, the records).
        pub fn commands() -> Vec<poise::Command<Data, Error>> {
            vec![$(super::$module::commands::group(),)*]
        }

        /// Routes a click to the game whose codec reads its custom_id. `false` when none does.
        pub async fn route(
            ctx: &serenity::Context,
            data: &Data,
            ci: &serenity::ComponentInteraction,
        ) -> bool {
            let id = ci.data.custom_id.as_str();
            $(if let Some(id) = super::$module::router::Id::decode(id) {
                super::$module::router::handle(ctx, data, ci, id).await;
                return true;
            })*
            false
        }
    };
}

crate::for_each_game!(registry);
