//! `/fog export` and `/kh export`: a game as the scenario JSON that `farmhand replay` reads, sent
//! as a file, so a finished game can be studied or shared.
//!
//! Only games that are over (ended, or abandoned after they started) are exported, for anyone
//! in the server. A game in progress is refused even to its own players: a scenario holds the
//! seed, which fixes every shuffle, and every seat's choices, so it would show the piles, the
//! other hands and the face-down cards. The file names players by their display names only; no
//! Discord ids, guild or channel are in it.

use super::commands::{say, text};
use super::spec::{FileSpec, MessageSpec, limits};
use super::{Ctx, Error};
use crate::games::TableSetup;
use crate::host::{Hosted, Kind};
use crate::render;
use crate::service::ServiceError;
use crate::store::Status;

/// What an export answers: the message with the file, or a sentence saying why not.
pub async fn export_message<G: Hosted>(
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
                return text(&format!(
                    "There is no started {} game in this channel. Name one with the game option (its table number).",
                    G::NAME
                ));
            }
            Err(e) => return text(&super::router::user_text(&ServiceError::from(e))),
        },
    };
    let (table, game) = match data.service.load::<G>(id).await {
        Ok(loaded) => loaded,
        // A table of another game, or none: the same answer, so ids reveal nothing.
        Err(_) => return text(&format!("There is no {} table #{id}.", G::NAME)),
    };
    // Tables of other servers are not this server's to export.
    if table.game.guild_id != guild || Kind::parse(&table.game.kind) != Some(kind) {
        return text(&format!(
            "There is no {} table #{id} in this server.",
            G::NAME
        ));
    }
    let Some(game) = game else {
        return text(&format!(
            "Table #{id} has not started: there is nothing to export."
        ));
    };
    if !matches!(table.game.status, Status::Ended | Status::Abandoned) {
        return text(&format!(
            "Table #{id} is still being played. It can be exported once it is over: the file holds the seed and every choice, which would show hidden cards."
        ));
    }
    let actions = match data.service.store().actions(id).await {
        Ok(a) => a,
        Err(e) => return text(&super::router::user_text(&ServiceError::from(e))),
    };
    let mut parsed = Vec::with_capacity(actions.len());
    for (version, seat, json) in actions {
        match serde_json::from_str::<G::Action>(&json) {
            Ok(a) => parsed.push((seat, a)),
            Err(e) => {
                tracing::error!(game = id, version, error = %e, "a stored action does not parse");
                return text(
                    "Sorry, this game's record could not be read, so it cannot be exported.",
                );
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
            return text("Sorry, the export could not be written.");
        }
    };
    if bytes.len() > limits::FILE_BYTES {
        return text("This game's record is larger than Discord lets me upload.");
    }
    let slug = match kind {
        Kind::FieldsOfGreen => "fog",
        Kind::KeyHarvest => "kh",
    };
    let file = format!("{slug}-table-{id}.json");
    let flag = match kind {
        Kind::FieldsOfGreen => "",
        Kind::KeyHarvest => " --game key-harvest",
    };
    let mut content = format!(
        "{} table #{id} ({}), {n} actions. Replay it with `farmhand replay{flag} {file}`.",
        G::NAME,
        table.game.status.as_str()
    );
    if let Some(note) = rules_note(&game.into_any()) {
        content.push_str(&format!("\n{note}"));
    }
    MessageSpec {
        content,
        files: vec![FileSpec {
            name: file,
            bytes,
            description: Some(format!("{} table #{id} as a replay scenario", G::NAME)),
        }],
        ..Default::default()
    }
}

/// A note when the game was played with other components than the defaults `farmhand replay`
/// uses: the bot's own deck file (Fields of Green) or a board other than the standard one.
fn rules_note(game: &crate::host::AnyGame) -> Option<String> {
    match game {
        crate::host::AnyGame::FieldsOfGreen(g) => {
            let default = crate::games::fields_of_green::Deck::default_deck();
            (g.deck().fingerprint != default.fingerprint).then(|| {
                "This game used this bot's own deck file: pass it to the replay with `--deck`."
                    .to_string()
            })
        }
        crate::host::AnyGame::KeyHarvest(g) => (**g.board()
            != *crate::games::key_harvest::Board::standard())
        .then(|| {
            "This game used its own board file: pass it to the replay with `--board`.".to_string()
        }),
    }
}

/// `/fog export` and `/kh export`.
pub async fn export<G: Hosted>(ctx: Ctx<'_>, game: Option<i64>) -> Result<(), Error> {
    let m = export_message::<G>(
        ctx.data(),
        ctx.guild_id().map(|g| g.get()),
        ctx.channel_id().get(),
        game,
    )
    .await;
    say(ctx, &m).await
}
