//! Starting a game: a new table's seed, and what follows the start (the thread's hello, the DM
//! panels, the bot seats' first moves). Shared by the lobby's Start and by Rematch.

use super::Data;
use super::game::Screens;
use super::notify;
use super::spec::MessageSpec;
use crate::store::Table;
use poise::serenity_prelude as serenity;
use rand::Rng;

/// A new table's seed: random, as a real table's; `farmhand demo --seed` fixes it so a demo
/// replays exactly.
pub(crate) fn next_seed(data: &Data) -> u64 {
    let opened = data
        .tables_opened
        .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    match data.config.game.first_seed {
        Some(first) => first.wrapping_add(opened),
        None => rand::rng().random(),
    }
}

/// What follows a game's start: the thread's hello (mentioning the people), the DM panels of
/// those who play in DMs, and the bot seats' first moves.
pub(crate) async fn announce_start(
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
    notify::post_public(&ctx.http, data, table, || {
        let button = crate::on_kind!(started.kind(), G => G::my_panel_button());
        MessageSpec {
            content: crate::t!("game-started", players = names.join(", "), button = button),
            ping,
            ..Default::default()
        }
    })
    .await;
    for s in &table.seats {
        if data
            .service
            .store()
            .prefs(s.user_id)
            .await
            .is_ok_and(|p| p.dm_panels())
        {
            super::draw::update_dm_panel(&ctx.http, data, table.game.id, s.seat, true).await;
        }
    }
    super::bots::drive(&ctx.http, data, table.game.id).await;
}
