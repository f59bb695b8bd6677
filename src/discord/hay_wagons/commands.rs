//! `/hw`: Hay Wagons' slash commands (the test game, issue 40): open a table, the private
//! screen, where the game stands, abandon it, and the records, review and export every game
//! offers, through the shared bodies in `discord/commands.rs`, `records.rs`, `review.rs` and
//! `export.rs`.

use crate::discord::commands::open_table;
use crate::discord::{Ctx, Error};
use crate::games::hay_wagons::Game;
use crate::host::Kind;
use crate::store::{BotSeat, TableOptions};
use crate::t;

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

crate::discord::game_commands::game_commands! {
    Game;
    /// Your private screen: the row, the wagons, and your loads
    hand(what = "screen", not_started = t!("hw-not-started-here"), no_game = t!("hw-no-game-here"));
    /// Show where the Hay Wagons game in this channel stands
    status(no_game = t!("hw-no-game-here"));
    /// Abandon the Hay Wagons game here, or a table of this server by number (host or Manage Server)
    abandon(table = "A table of this server by number, from any channel");
    /// The coach's review of a finished game: your costliest loads and a chart
    review;
    /// Download a game as a replay file (farmhand replay --game hay-wagons)
    export;
    /// This server's recent Hay Wagons games: winners and wagons
    history;
    /// A player's Hay Wagons record on this server (yours by default)
    stats;
}

#[cfg(test)]
mod tests {
    use super::HwBotStrength;
    use crate::games::hay_wagons::Game;

    /// Every level of `/hw new` names a bot the game's seats accept.
    #[test]
    fn every_strength_is_a_hay_wagons_bot() {
        crate::discord::commands::every_strength_is_a_bot::<HwBotStrength, Game>(
            HwBotStrength::bot,
        );
    }
}
