//! `/kh`: Key Harvest's slash commands, beside `/fog` with the same verbs where they make sense.
//! `games` and `settings` are the shared commands (they list and set for both games), offered
//! under both groups so a player finds them from whichever game they play.

use crate::discord::answer::{say, text, user_text};
use crate::discord::commands::{bot_seats, game_here, games, resume, settings};
use crate::discord::{Ctx, Error};
use crate::games::key_harvest::Game;
use crate::t;
use poise::serenity_prelude as serenity;

/// Key Harvest: bid for land, place your workers, harvest your fields, at your own pace.
/// The game's slash command group, for the registry.
pub fn group() -> poise::Command<crate::discord::Data, Error> {
    kh()
}

#[poise::command(
    slash_command,
    guild_only,
    subcommands(
        "new",
        "hand",
        "board",
        "status",
        "rules",
        "abandon",
        "resume",
        "games",
        "export",
        "review",
        "settings",
        "history",
        "stats",
        "leaderboard",
        "leave",
        "give",
        "crate::discord::seats::away"
    ),
    subcommand_required
)]
pub async fn kh(_ctx: Ctx<'_>) -> Result<(), Error> {
    Ok(())
}

/// How well computer players play.
#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum KhBotStrength {
    #[name = "easy (random)"]
    Easy,
    #[name = "normal (heuristic)"]
    Normal,
    /// The search bot: rollouts from its seat's view, up to about a second a decision.
    #[name = "strong (search)"]
    Strong,
}

impl KhBotStrength {
    fn bot(self) -> &'static str {
        match self {
            KhBotStrength::Easy => "random",
            KhBotStrength::Normal => "heuristic",
            KhBotStrength::Strong => "search",
        }
    }
}

crate::discord::game_commands::new_command! {
    /// Open a Key Harvest table in this channel
    Game; ctx;
    (
        #[description = "Number of seats (2-4, default 3)"]
        #[min = 2]
        #[max = 4]
        seats: Option<u8>,
        #[description = "Computer players to seat now (0-3); people fill the other seats"]
        #[min = 0]
        #[max = 3]
        bots: Option<u8>,
        #[description = "How well the computer players play (default: normal)"]
        bot_strength: Option<KhBotStrength>,
        #[description = "Minutes before reminding a player who holds the game up (default from config)"]
        #[min = 5]
        #[max = 10080]
        reminder_minutes: Option<u32>,
    ) => (
        seats.unwrap_or(3),
        false,
        reminder_minutes.unwrap_or(ctx.data().config.game.reminder_minutes),
        bot_seats(bots, bot_strength.unwrap_or(KhBotStrength::Normal).bot()),
    )
}

/// Show a player's country board (everyone's by default)
#[poise::command(slash_command, guild_only)]
async fn board(
    ctx: Ctx<'_>,
    #[description = "Whose board (all by default)"] player: Option<serenity::User>,
) -> Result<(), Error> {
    let m = match game_here::<Game>(ctx).await {
        Ok(Some((table, Some(game)))) => match &player {
            None => super::boards(&table, &game),
            Some(u) => match table.seat_of(u.id.get()) {
                Some(seat) => super::board(&table, &game, seat),
                None => text(&t!("kh-player-not-in-game")),
            },
        },
        Ok(Some((_, None))) => text(&t!("kh-not-started-here")),
        Ok(None) => text(&t!("kh-no-game-here")),
        Err(e) => text(&user_text(&e)),
    };
    say(ctx, &m).await
}

crate::discord::game_commands::game_commands! {
    Game;
    /// The coach's review of a finished game: your costliest decisions and a chart
    review;
    /// Download a finished game as a replay file (farmhand replay --game key-harvest)
    export;
    /// Your private screen: your counters and what you can do now
    hand(what = "screen", not_started = t!("kh-not-started-here"), no_game = t!("kh-no-game-here-open"));
    /// Show where the Key Harvest game in this channel stands
    status(no_game = t!("kh-no-game-here"));
    /// The rules of Key Harvest, by topic
    rules;
    /// Abandon the Key Harvest game here, or a table of this server by number (host or Manage Server)
    abandon(table = "A table of this server by number, from any channel (games lists them)");
    /// This server's recent Key Harvest games: winners and scores
    history;
    /// A player's Key Harvest record on this server (yours by default)
    stats;
    /// This server's Key Harvest players by wins or by rating (bots apart)
    leaderboard;
    leave;
    give;
}

#[cfg(test)]
mod tests {
    use super::KhBotStrength;
    use crate::games::key_harvest::Game;

    /// Every level of `/kh new` names a bot the Key Harvest seats accept; `strong` is the
    /// search bot.
    #[test]
    fn every_strength_is_a_key_harvest_bot() {
        crate::discord::commands::every_strength_is_a_bot::<KhBotStrength, Game>(
            KhBotStrength::bot,
        );
        assert_eq!(KhBotStrength::Strong.bot(), "search");
    }
}
