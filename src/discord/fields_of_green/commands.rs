//! `/fog`: Fields of Green's slash commands (`new`, `hand`, `farm`, `status`, `card`, `rules`,
//! `abandon`, `export`, `review`), with the shared `games`, `settings` and records offered in the same
//! group so a player finds them from whichever game they play.

use crate::discord::answer::{say, text, user_text};
use crate::discord::commands::{bot_seats, game_here};
use crate::discord::{Ctx, Error};
use crate::games::fields_of_green::Game;
use crate::t;
use poise::serenity_prelude as serenity;

/// Fields of Green: a card-drafting farm game, played at your own pace.
/// The game's slash command group, for the registry.
pub fn group() -> poise::Command<crate::discord::Data, Error> {
    fog()
}

#[poise::command(
    slash_command,
    guild_only,
    subcommands(
        "new",
        "hand",
        "farm",
        "status",
        "crate::discord::commands::games",
        "card",
        "rules",
        "abandon",
        "crate::discord::commands::resume",
        "export",
        "review",
        "crate::discord::commands::settings",
        "history",
        "stats",
        "leaderboard",
        "leave",
        "give",
        "crate::discord::seats::away"
    ),
    subcommand_required
)]
pub async fn fog(_ctx: Ctx<'_>) -> Result<(), Error> {
    Ok(())
}

crate::discord::game_commands::new_command! {
    /// Open a table for a new game in this channel
    Game; ctx;
    (
        #[description = "Number of seats (2-6, default 4)"]
        #[min = 2]
        #[max = 6]
        seats: Option<u8>,
        #[description = "Introductory mode: fixed draws each year (2-4 players)"] intro: Option<bool>,
        #[description = "Minutes before reminding a player who holds the game up (default from config)"]
        #[min = 5]
        #[max = 10080]
        reminder_minutes: Option<u32>,
        #[description = "Computer players to seat now (0-5); people fill the other seats"]
        #[min = 0]
        #[max = 5]
        bots: Option<u8>,
        #[description = "How well the computer players play (default: strong)"]
        bot_strength: Option<BotStrength>,
    ) => (
        seats.unwrap_or(4),
        intro.unwrap_or(false),
        reminder_minutes.unwrap_or(ctx.data().config.game.reminder_minutes),
        bot_seats(bots, bot_strength.unwrap_or(BotStrength::Strong).spec()),
    )
}

/// How well computer players play: the two bots of `farmhand arena`.
#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum BotStrength {
    #[name = "fast (heuristic)"]
    Fast,
    #[name = "strong (search)"]
    Strong,
}

impl BotStrength {
    /// The bot's `BotSpec` text.
    pub fn spec(self) -> &'static str {
        match self {
            BotStrength::Fast => "heuristic",
            BotStrength::Strong => "search",
        }
    }
}

/// Show a player's farm (yours by default)
#[poise::command(slash_command, guild_only)]
async fn farm(
    ctx: Ctx<'_>,
    #[description = "Whose farm"] player: Option<serenity::User>,
) -> Result<(), Error> {
    let who = player
        .as_ref()
        .map_or(ctx.author().id.get(), |u| u.id.get());
    let m = match game_here::<Game>(ctx).await {
        Ok(Some((table, Some(game)))) => match table.seat_of(who) {
            Some(seat) => super::farm(&table, &game, seat),
            None => text(&t!("player-not-here")),
        },
        Ok(Some((_, None))) => text(&t!("not-started-here")),
        Ok(None) => text(&t!("no-game-here")),
        Err(e) => text(&user_text(&e)),
    };
    say(ctx, &m).await
}

async fn card_names(ctx: Ctx<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let names = super::card_names(&ctx.data().service.library().fields_of_green, partial);
    serenity::CreateAutocompleteResponse::new().set_choices(
        names
            .into_iter()
            .map(serenity::AutocompleteChoice::from)
            .collect(),
    )
}

/// Read a card's text
#[poise::command(slash_command)]
async fn card(
    ctx: Ctx<'_>,
    #[description = "Card or Equipment name"]
    #[autocomplete = "card_names"]
    name: String,
) -> Result<(), Error> {
    let m = super::card(&ctx.data().service.library().fields_of_green, &name)
        .unwrap_or_else(|| text(&t!("no-such-card", name = name.as_str())));
    say(ctx, &m).await
}

crate::discord::game_commands::game_commands! {
    Game;
    /// Show your hand and what you can do now (privately)
    hand(what = "hand", not_started = t!("not-started-here"), no_game = t!("no-game-here-fog"));
    /// The coach's review of a finished game: your costliest decisions and a chart
    review;
    /// Download a finished game as a replay file (farmhand replay)
    export;
    /// Show where the game in this channel stands
    status(no_game = t!("no-game-here"));
    /// The rules, by topic
    rules;
    /// Abandon the game in this channel, or a table of this server by number (host or Manage Server)
    abandon(table = "A table of this server by number, from any channel (games lists them)");
    /// This server's recent Fields of Green games: winners and scores
    history;
    /// A player's Fields of Green record on this server (yours by default)
    stats;
    /// This server's Fields of Green players by wins or by rating (bots apart)
    leaderboard;
    leave;
    give;
}
