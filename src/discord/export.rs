//! `/fog export` and `/kh export`: a game as the scenario JSON that `farmhand replay` reads, sent
//! as a file, so a finished game can be studied or shared.
//!
//! Only games that are over (ended, or abandoned after they started) are exported, for anyone
//! in the server. A game in progress is refused even to its own players: a scenario holds the
//! seed, which fixes every shuffle, and every seat's choices, so it would show the piles, the
//! other hands and the face-down cards. The file names players by their display names only; no
//! Discord ids, guild or channel are in it.

use super::answer::{say, text, user_text};
use super::game::Screens;
use super::spec::{FileSpec, MessageSpec, limits};
use super::{Ctx, Error};
use crate::games::TableSetup;
use crate::host::Kind;
use crate::render;
use crate::service::ServiceError;
use crate::store::Status;

/// What an export answers: the message with the file, or a sentence saying why not.
pub async fn export_message<G: Screens>(
    data: &super::Data,
    guild: Option<u64>,
    channel: u64,
    game_id: Option<i64>,
) -> MessageSpec {
    let kind = G::GAME;
    let id = match game_id {
        Some(id) => id,
        None => match data
            .service
            .store()
            .latest_started_in(channel, G::KIND)
            .await
        {
            Ok(Some(id)) => id,
            Ok(None) => {
                return text(&crate::t!(
                    "export-none-here",
                    game = super::ui::game_name(kind)
                ));
            }
            Err(e) => return text(&user_text(&ServiceError::from(e))),
        },
    };
    let (table, game) = match data.service.load::<G>(id).await {
        Ok(loaded) => loaded,
        // A table of another game, or none: the same answer, so ids reveal nothing.
        Err(_) => {
            return text(&crate::t!(
                "export-no-table",
                game = super::ui::game_name(kind),
                table = id
            ));
        }
    };
    // Tables of other servers are not this server's to export.
    if table.game.guild_id != guild || Kind::parse(&table.game.kind) != Some(kind) {
        return text(&crate::t!(
            "export-not-in-server",
            game = super::ui::game_name(kind),
            table = id
        ));
    }
    let Some(game) = game else {
        return text(&crate::t!("export-not-started", table = id));
    };
    if !matches!(table.game.status, Status::Ended | Status::Abandoned) {
        return text(&crate::t!("export-in-play", table = id));
    }
    let actions = match data.service.store().actions(id).await {
        Ok(a) => a,
        Err(e) => return text(&user_text(&ServiceError::from(e))),
    };
    let mut parsed = Vec::with_capacity(actions.len());
    for (version, seat, json) in actions {
        match serde_json::from_str::<G::Action>(&json) {
            Ok(a) => parsed.push((seat, a)),
            Err(e) => {
                tracing::error!(game = id, version, error = %e, "a stored action does not parse");
                return text(&crate::t!("export-unreadable"));
            }
        }
    }
    let players = table.seats.len();
    let names: Vec<String> = (0..players)
        .map(|s| render::seat_name(&super::ui::names(&table, players), s))
        .collect();
    let setup = TableSetup {
        players,
        intro: table.game.options.intro,
        seed: table.game.seed,
    };
    let n = parsed.len();
    let scenario = G::scenario(&setup, &names, parsed);
    let bytes = match serde_json::to_vec_pretty(&scenario) {
        Ok(b) => b,
        Err(e) => {
            tracing::error!(game = id, error = %e, "could not write an export");
            return text(&crate::t!("export-unwritable"));
        }
    };
    if bytes.len() > limits::FILE_BYTES {
        return text(&crate::t!("export-too-large"));
    }
    let slug = kind.command();
    let file = format!("{slug}-table-{id}.json");
    let flag = G::REPLAY_FLAG;
    let status = match table.game.status {
        Status::Abandoned => crate::t!("rec-abandoned"),
        _ => crate::t!("games-ended"),
    };
    let mut content = crate::t!(
        "export-done",
        game = super::ui::game_name(kind),
        table = id,
        status = status,
        actions = n,
        command = format!("farmhand replay{flag} {file}")
    );
    if let Some(note) = G::own_rules_note(&game) {
        content.push_str(&format!("\n{note}"));
    }
    MessageSpec {
        content,
        files: vec![FileSpec {
            name: file,
            bytes,
            description: Some(crate::t!(
                "export-file",
                game = super::ui::game_name(kind),
                table = id
            )),
        }],
        ..Default::default()
    }
}

/// `/fog export` and `/kh export`.
pub async fn export<G: Screens>(ctx: Ctx<'_>, game: Option<i64>) -> Result<(), Error> {
    let m = export_message::<G>(
        ctx.data(),
        ctx.guild_id().map(|g| g.get()),
        ctx.channel_id().get(),
        game,
    )
    .await;
    say(ctx, &m).await
}
