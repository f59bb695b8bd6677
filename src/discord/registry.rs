//! The games on Discord, in one place: the only shared file of `discord/` that names them. Each
//! game's Discord side lives in its own folder (`fields_of_green/`, `key_harvest/`) with its
//! slash command group, its component id codec and router, and its [`Screens`] impl; this file
//! lists them, and the shared code reaches them through it (or through `Screens` and
//! `crate::on_kind!`). A third game adds one line to each function here.
//!
//! [`Screens`]: super::game::Screens

use super::{Data, Error, fields_of_green, key_harvest};
use poise::serenity_prelude as serenity;

/// Every slash command, for registration: each game's group (`/fog`, `/kh`), which also offers
/// the shared commands (`games`, `settings`, the records).
pub fn commands() -> Vec<poise::Command<Data, Error>> {
    vec![
        fields_of_green::commands::fog(),
        key_harvest::commands::kh(),
    ]
}

/// Routes a click to the game whose codec reads its custom_id. `false` when none does.
pub async fn route(
    ctx: &serenity::Context,
    data: &Data,
    ci: &serenity::ComponentInteraction,
) -> bool {
    let id = ci.data.custom_id.as_str();
    if let Some(id) = key_harvest::ids::KhId::decode(id) {
        key_harvest::router::handle(ctx, data, ci, id).await;
        return true;
    }
    if let Some(id) = fields_of_green::ids::ComponentId::decode(id) {
        fields_of_green::router::handle(ctx, data, ci, id).await;
        return true;
    }
    false
}
