//! `/hw`: Hay Wagons' slash commands (the test game, issue 40): open a table, the private
//! screen, where the game stands, abandon it, and the records, review and export every game
//! offers, through the shared bodies in `discord/commands.rs`, `records.rs`, `review.rs` and
//! `export.rs`.

use crate::discord::answer::{say, text, user_text};
use crate::discord::commands::{abandon_here, open_table, private_screen, table_here};
use crate::discord::{Ctx, Error};
use crate::games::hay_wagons::Game;
use crate::host::{AnyGame, Kind};
use crate::store::{BotSeat, Table, TableOptions};
use crate::t;
use poise::serenity_prelude as serenity;

/// The Hay Wagons table here, with its game.
async fn hw_here(
    ctx: Ctx<'_>,
) -> Result<Option<(Table, Option<Game>)>, crate::service::ServiceError> {
    Ok(table_here(ctx, Kind::HayWagons)
        .await?
        .map(|(t, g)| match g {
            Some(AnyGame::HayWagons(g)) => (t, Some(g)),
            _ => (t, None),
        }))
}

/// The game's slash command group, for the registry.
pub fn group() -> poise::Command<crate::discord::Data, Error> {
    hw()
}

/// Hay Wagons: load bales from either end of the row; the heavier wagon wins.
#[poise::command(
    slash_command,
    guild_only,
    subcommands(
        "new", "hand", "status", "abandon", "review", "export", "history", "stats"
    ),
    subcommand_required
)]
pub async fn hw(_ctx: Ctx<'_>) -> Result<(), Error> {
    Ok(())
}

/// How well a computer player plays.
#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum HwBotStrength {
    #[name = "easy (random)"]
    Easy,
    #[name = "normal (heavier end)"]
    Normal,
    #[name = "perfect (exact search)"]
    Perfect,
}

impl HwBotStrength {
    fn bot(self) -> &'static str {
        match self {
            HwBotStrength::Easy => "random",
            HwBotStrength::Normal => "heuristic",
            HwBotStrength::Perfect => "search",
        }
    }
}

/// Open a Hay Wagons table (two seats) in this channel
#[poise::command(slash_command, guild_only)]
async fn new(
    ctx: Ctx<'_>,
    // The option every game's `new` takes (the demo and the benches open tables with it); the
    // game has two seats.
    #[description = "Number of seats (2)"]
    #[min = 2]
    #[max = 2]
    seats: Option<u8>,
    #[description = "A computer player in the second seat (default: no, a person takes it)"]
    bot: Option<bool>,
    #[description = "How well the computer player plays (default: normal)"] bot_strength: Option<
        HwBotStrength,
    >,
    #[description = "Offer each player a Hint button: the exact best load (default: off)"]
    hints: Option<bool>,
) -> Result<(), Error> {
    let strength = bot_strength.unwrap_or(HwBotStrength::Normal).bot();
    let options = TableOptions {
        seats: seats.unwrap_or(2),
        intro: false,
        reminder_minutes: ctx.data().config.game.reminder_minutes,
        bots: bot
            .unwrap_or(false)
            .then(|| BotSeat {
                user_id: 1,
                bot: strength.to_string(),
            })
            .into_iter()
            .collect(),
        stand_in_minutes: 0,
        locale: None,
        hints: hints.unwrap_or(false),
        rematch: None,
        pace: crate::store::Pace::Live,
        max_away_days: crate::store::DEFAULT_MAX_AWAY_DAYS,
    };
    open_table(ctx, Kind::HayWagons, options).await
}

/// Your private screen: the row, the wagons, and your loads
#[poise::command(slash_command, guild_only)]
async fn hand(ctx: Ctx<'_>) -> Result<(), Error> {
    let m = match hw_here(ctx).await {
        Ok(Some((table, Some(game)))) => private_screen(ctx, &table, &game, "screen").await,
        Ok(Some((_, None))) => text(&t!("hw-not-started-here")),
        Ok(None) => text(&t!("hw-no-game-here")),
        Err(e) => text(&user_text(&e)),
    };
    say(ctx, &m).await
}

/// Show where the Hay Wagons game in this channel stands
#[poise::command(slash_command, guild_only)]
async fn status(ctx: Ctx<'_>) -> Result<(), Error> {
    let m = match hw_here(ctx).await {
        Ok(Some((table, Some(game)))) => super::status(&table, &game),
        Ok(Some((table, None))) => crate::discord::ui::lobby(&table),
        Ok(None) => text(&t!("hw-no-game-here")),
        Err(e) => text(&user_text(&e)),
    };
    say(ctx, &m).await
}

/// Abandon the Hay Wagons game here, or a table of this server by number (host or Manage Server)
#[poise::command(slash_command, guild_only)]
async fn abandon(
    ctx: Ctx<'_>,
    #[description = "A table of this server by number, from any channel"]
    #[min = 1]
    table: Option<i64>,
) -> Result<(), Error> {
    abandon_here(ctx, Kind::HayWagons, table).await
}

/// The coach's review of a finished game: your costliest loads and a chart
#[poise::command(slash_command, guild_only)]
async fn review(
    ctx: Ctx<'_>,
    #[description = "Table number (default: this channel's latest finished game)"]
    #[min = 1]
    game: Option<i64>,
) -> Result<(), Error> {
    crate::discord::review::command::<Game>(ctx, game).await
}

/// Download a game as a replay file (farmhand replay --game hay-wagons)
#[poise::command(slash_command, guild_only)]
async fn export(
    ctx: Ctx<'_>,
    #[description = "Table number (default: this channel's latest game)"]
    #[min = 1]
    game: Option<i64>,
) -> Result<(), Error> {
    crate::discord::export::export::<Game>(ctx, game).await
}

/// This server's recent Hay Wagons games: winners and wagons
#[poise::command(slash_command, guild_only)]
async fn history(
    ctx: Ctx<'_>,
    #[description = "Post it in the channel for everyone (default: only you see it)"]
    public: Option<bool>,
) -> Result<(), Error> {
    crate::discord::records::history(ctx, Kind::HayWagons, public).await
}

/// A player's Hay Wagons record on this server (yours by default)
#[poise::command(slash_command, guild_only)]
async fn stats(
    ctx: Ctx<'_>,
    #[description = "Whose record (yours by default)"] player: Option<serenity::User>,
    #[description = "Post it in the channel for everyone (default: only you see it)"]
    public: Option<bool>,
) -> Result<(), Error> {
    crate::discord::records::stats(ctx, Kind::HayWagons, player, public).await
}

#[cfg(test)]
mod tests {
    use super::HwBotStrength;
    use crate::games::Engine;
    use crate::games::hay_wagons::Game;

    /// Every level of `/hw new` names a bot the game's seats accept.
    #[test]
    fn every_strength_is_a_hay_wagons_bot() {
        for s in [
            HwBotStrength::Easy,
            HwBotStrength::Normal,
            HwBotStrength::Perfect,
        ] {
            Game::valid_bot(s.bot()).unwrap();
        }
    }
}
