//! The slash commands every game's group offers in the same shape (`review`, `export`, `hand`,
//! `status`, `rules`, `abandon`, `history`, `stats`, `leaderboard`, `leave`, `give`), written
//! once: [`game_commands!`] expands to a game's `#[poise::command]` items, each a wrapper around
//! the shared body (in `commands.rs`, `records.rs`, `review.rs`, `export.rs`, `seats.rs`) for
//! the game's type. A function cannot stand in for them: poise registers one item per command,
//! and its description, options and their texts are read from that item's attributes.
//!
//! What differs between the games goes in the call: the command's description (its doc
//! comment), and for a few commands the game's own words (`hand`'s and `status`'s answers when
//! there is no game, `abandon`'s option text). A game offers the commands it lists, in any
//! order; its group (`subcommands(...)`) names them as it names its own.

/// Expands to the listed shared commands of game `$G` (the engine's `Game`, a [`Screens`]), in
/// a game's `commands` module:
///
/// ```text
/// crate::discord::game_commands::game_commands! {
///     Game;
///     /// Download a finished game as a replay file (farmhand replay)
///     export;
///     /// Show where the game in this channel stands
///     status(no_game = t!("no-game-here"));
///     leave;
/// }
/// ```
///
/// Every command but `leave` and `give` (whose descriptions are the same in every game) takes
/// its description as a doc comment. The others' arguments:
/// - `hand(what = "hand", not_started = t!(..), no_game = t!(..))`: `what` as
///   `commands::private_screen` takes it, and the answers before the game starts and where
///   there is none;
/// - `status(no_game = t!(..))`, where the parent module (the game's `discord/<game>/`) has
///   `status(&Table, &G) -> MessageSpec`;
/// - `rules`, where the parent module has `rules(Option<&str>) -> MessageSpec` and
///   `rules_topics()` (a list of `&str`);
/// - `abandon(table = "..")`: the description of its `table` option.
///
/// The answers are `t!(..)` expressions, not ids, so that the catalogue's test sees them used.
///
/// [`Screens`]: super::game::Screens
macro_rules! game_commands {
    ($G:ty; $($(#[doc = $doc:tt])* $command:ident $(($($args:tt)*))?;)*) => {
        $($crate::discord::game_commands::game_commands! {
            @$command $G; [$($doc)*] $($($args)*)?
        })*
    };

    (@review $G:ty; [$($doc:tt)*]) => {
        $(#[doc = $doc])*
        #[poise::command(slash_command, guild_only)]
        async fn review(
            ctx: $crate::discord::Ctx<'_>,
            #[description = "Table number (default: this channel's latest finished game)"]
            #[min = 1]
            game: Option<i64>,
        ) -> Result<(), $crate::discord::Error> {
            $crate::discord::review::command::<$G>(ctx, game).await
        }
    };

    (@export $G:ty; [$($doc:tt)*]) => {
        $(#[doc = $doc])*
        #[poise::command(slash_command, guild_only)]
        async fn export(
            ctx: $crate::discord::Ctx<'_>,
            #[description = "Table number (default: this channel's latest game)"]
            #[min = 1]
            game: Option<i64>,
        ) -> Result<(), $crate::discord::Error> {
            $crate::discord::export::export::<$G>(ctx, game).await
        }
    };

    (@hand $G:ty; [$($doc:tt)*]
        what = $what:literal, not_started = $not_started:expr, no_game = $no_game:expr) => {
        $(#[doc = $doc])*
        #[poise::command(slash_command, guild_only)]
        async fn hand(ctx: $crate::discord::Ctx<'_>) -> Result<(), $crate::discord::Error> {
            use $crate::discord::answer::{say, text, user_text};
            let m = match $crate::discord::commands::game_here::<$G>(ctx).await {
                Ok(Some((table, Some(game)))) => {
                    $crate::discord::commands::private_screen(ctx, &table, &game, $what).await
                }
                Ok(Some((_, None))) => text(&$not_started),
                Ok(None) => text(&$no_game),
                Err(e) => text(&user_text(&e)),
            };
            say(ctx, &m).await
        }
    };

    (@status $G:ty; [$($doc:tt)*] no_game = $no_game:expr) => {
        $(#[doc = $doc])*
        #[poise::command(slash_command, guild_only)]
        async fn status(ctx: $crate::discord::Ctx<'_>) -> Result<(), $crate::discord::Error> {
            use $crate::discord::answer::{say, text, user_text};
            let m = match $crate::discord::commands::game_here::<$G>(ctx).await {
                Ok(Some((table, Some(game)))) => super::status(&table, &game),
                Ok(Some((table, None))) => $crate::discord::ui::lobby(&table),
                Ok(None) => text(&$no_game),
                Err(e) => text(&user_text(&e)),
            };
            say(ctx, &m).await
        }
    };

    (@rules $G:ty; [$($doc:tt)*]) => {
        async fn rule_topics(
            _ctx: $crate::discord::Ctx<'_>,
            partial: &str,
        ) -> poise::serenity_prelude::CreateAutocompleteResponse {
            let p = partial.to_lowercase();
            let choices = super::rules_topics()
                .iter()
                .filter(|t| t.starts_with(&p))
                .map(|&t| poise::serenity_prelude::AutocompleteChoice::from(t))
                .collect();
            poise::serenity_prelude::CreateAutocompleteResponse::new().set_choices(choices)
        }

        $(#[doc = $doc])*
        #[poise::command(slash_command)]
        async fn rules(
            ctx: $crate::discord::Ctx<'_>,
            #[description = "Topic"]
            #[autocomplete = "rule_topics"]
            topic: Option<String>,
        ) -> Result<(), $crate::discord::Error> {
            $crate::discord::answer::say(ctx, &super::rules(topic.as_deref())).await
        }
    };

    (@abandon $G:ty; [$($doc:tt)*] table = $table:tt) => {
        $(#[doc = $doc])*
        #[poise::command(slash_command, guild_only)]
        async fn abandon(
            ctx: $crate::discord::Ctx<'_>,
            #[description = $table]
            #[min = 1]
            table: Option<i64>,
        ) -> Result<(), $crate::discord::Error> {
            let kind = <$G as $crate::host::Hosted>::GAME;
            $crate::discord::commands::abandon_here(ctx, kind, table).await
        }
    };

    (@history $G:ty; [$($doc:tt)*]) => {
        $(#[doc = $doc])*
        #[poise::command(slash_command, guild_only)]
        async fn history(
            ctx: $crate::discord::Ctx<'_>,
            #[description = "Post it in the channel for everyone (default: only you see it)"]
            public: Option<bool>,
        ) -> Result<(), $crate::discord::Error> {
            let kind = <$G as $crate::host::Hosted>::GAME;
            $crate::discord::records::history(ctx, kind, public).await
        }
    };

    (@stats $G:ty; [$($doc:tt)*]) => {
        $(#[doc = $doc])*
        #[poise::command(slash_command, guild_only)]
        async fn stats(
            ctx: $crate::discord::Ctx<'_>,
            #[description = "Whose record (yours by default)"] player: Option<
                poise::serenity_prelude::User,
            >,
            #[description = "Post it in the channel for everyone (default: only you see it)"]
            public: Option<bool>,
        ) -> Result<(), $crate::discord::Error> {
            let kind = <$G as $crate::host::Hosted>::GAME;
            $crate::discord::records::stats(ctx, kind, player, public).await
        }
    };

    (@leaderboard $G:ty; [$($doc:tt)*]) => {
        $(#[doc = $doc])*
        #[poise::command(slash_command, guild_only)]
        async fn leaderboard(
            ctx: $crate::discord::Ctx<'_>,
            #[description = "By wins (the default) or by rating"] sort: Option<
                $crate::discord::records::LeaderboardSort,
            >,
            #[description = "Post it in the channel for everyone (default: only you see it)"]
            public: Option<bool>,
        ) -> Result<(), $crate::discord::Error> {
            let kind = <$G as $crate::host::Hosted>::GAME;
            $crate::discord::records::leaderboard(ctx, kind, sort, public).await
        }
    };

    (@leave $G:ty; []) => {
        /// Leave the game in this channel for good: a bot plays your seat (you are asked first)
        #[poise::command(slash_command, guild_only)]
        async fn leave(ctx: $crate::discord::Ctx<'_>) -> Result<(), $crate::discord::Error> {
            let kind = <$G as $crate::host::Hosted>::GAME;
            $crate::discord::seats::leave_here(ctx, kind).await
        }
    };

    (@give $G:ty; []) => {
        async fn seats_here(
            ctx: $crate::discord::Ctx<'_>,
            partial: &str,
        ) -> poise::serenity_prelude::CreateAutocompleteResponse {
            let kind = <$G as $crate::host::Hosted>::GAME;
            $crate::discord::seats::seat_choices(ctx, kind, partial).await
        }

        /// Give a seat of the game here to another member (host or Manage Server)
        #[poise::command(slash_command, guild_only)]
        async fn give(
            ctx: $crate::discord::Ctx<'_>,
            #[description = "The seat: its number or who holds it now"]
            #[autocomplete = "seats_here"]
            #[max_length = 100]
            seat: String,
            #[description = "The member who takes it"] to: poise::serenity_prelude::User,
        ) -> Result<(), $crate::discord::Error> {
            let kind = <$G as $crate::host::Hosted>::GAME;
            $crate::discord::seats::give_here(ctx, kind, seat, to).await
        }
    };
}

pub(crate) use game_commands;

/// Expands to `new` of a game played with bots, reminders and a pace (Fields of Green, Key
/// Harvest): the game's own options first (`(...)`, in the order Discord lists them), then those
/// every such game takes, in the same words: the stand-in delay, the pace, the table's language,
/// hints and the days one player's absence may hold the game. After `=>`, the seats, the
/// introductory mode, the reminder delay and the bot seats, made from the game's own options
/// (`ctx` names the command's context):
///
/// ```text
/// crate::discord::game_commands::new_command! {
///     /// Open a table in this channel
///     Game; ctx;
///     (#[description = "Number of seats"] seats: Option<u8>,)
///         => (seats.unwrap_or(2), false, 60, Vec::new())
/// }
/// ```
macro_rules! new_command {
    ($(#[doc = $doc:tt])* $G:ty; $ctx:ident; ($($own:tt)*) => $first:expr) => {
        $(#[doc = $doc])*
        // Every option of the slash command is a parameter: poise builds the command from them.
        #[allow(clippy::too_many_arguments)]
        #[poise::command(slash_command, guild_only)]
        async fn new(
            $ctx: $crate::discord::Ctx<'_>,
            $($own)*
            #[description = "Minutes before a bot makes one decision for a player who holds the game up (default: off)"]
            #[min = 0]
            #[max = 10080]
            stand_in_minutes: Option<u32>,
            #[description = "Time for each decision; past it a bot makes that one decision (default: live, no deadline)"]
            pace: Option<$crate::discord::commands::PaceChoice>,
            #[description = "The language of the table's public messages (default: the server's, else yours)"]
            language: Option<$crate::discord::commands::LanguageChoice>,
            #[description = "Offer each player a Hint button: the strong bot's advice (default: off)"]
            hints: Option<bool>,
            #[description = "Days one player's absence (away) may hold the game (default 7)"]
            #[min = 1]
            #[max = 60]
            max_away_days: Option<u32>,
        ) -> Result<(), $crate::discord::Error> {
            let (seats, intro, reminder_minutes, bots) = $first;
            let options = $crate::store::TableOptions {
                seats,
                intro,
                reminder_minutes,
                bots,
                stand_in_minutes: stand_in_minutes.unwrap_or(0),
                locale: language.map(|l| l.tag()),
                hints: hints.unwrap_or(false),
                rematch: None,
                pace: pace.map_or($crate::store::Pace::Live, |p| p.pace()),
                max_away_days: max_away_days.unwrap_or($crate::store::DEFAULT_MAX_AWAY_DAYS),
            };
            let kind = <$G as $crate::host::Hosted>::GAME;
            $crate::discord::commands::open_table($ctx, kind, options).await
        }
    };
}

pub(crate) use new_command;
