//! The slash commands both games share (`games`, `settings`, offered under `/fog` and `/kh`
//! alike; `history`, `stats` and `leaderboard` are in `records`), and the shared steps of each
//! game's own commands: opening a table, finding the table of a channel, a private screen,
//! abandoning. Each game's command group is in its folder (`fields_of_green::commands`,
//! `key_harvest::commands`), and `registry` lists them.

use super::answer::{command_in_time, display_name, say, text, user_text};
use super::game::Screens;
use super::permissions::{self, Place};
use super::spec::MessageSpec;
use super::{Ctx, Error, notify, send, ui};
use crate::host::{AnyGame, Hosted, Kind};
use crate::service::ServiceError;
use crate::store::{BotSeat, Prefs, Reminders, Table, TableOptions};
use poise::serenity_prelude as serenity;

/// Keeps the language of the author's client (for the DMs the bot sends them unasked). A failure
/// only means English DMs: logged, never shown.
pub(super) async fn note_locale(ctx: Ctx<'_>) {
    if let Some(tag) = ctx.locale() {
        let locale = crate::i18n::Locale::from_discord(tag);
        if let Err(e) = ctx
            .data()
            .service
            .store()
            .note_locale(ctx.author().id.get(), locale)
            .await
        {
            tracing::warn!(error = %e, "could not keep a player's language");
        }
    }
}

pub(super) async fn is_manager(ctx: Ctx<'_>) -> bool {
    ctx.author_member()
        .await
        .and_then(|m| m.permissions)
        .is_some_and(|p| p.manage_guild())
}

/// The newest live table of game `kind` in this channel (or its thread) that the author sits at,
/// else any live table of that game here.
pub(super) async fn table_here(
    ctx: Ctx<'_>,
    kind: Kind,
) -> Result<Option<(crate::store::Table, Option<AnyGame>)>, ServiceError> {
    let data = ctx.data();
    let ids = data
        .service
        .store()
        .live_tables_in(ctx.channel_id().get())
        .await?;
    let mut fallback = None;
    for id in ids {
        let (table, game) = data.service.load_any(id).await?;
        if Kind::parse(&table.game.kind) != Some(kind) {
            continue;
        }
        if table.seat_of(ctx.author().id.get()).is_some() {
            return Ok(Some((table, game)));
        }
        fallback.get_or_insert((table, game));
    }
    Ok(fallback)
}

/// The table of game `G` here (as [`table_here`] finds it), with its game as `G`.
pub(super) async fn game_here<G: Hosted + 'static>(
    ctx: Ctx<'_>,
) -> Result<Option<(Table, Option<G>)>, ServiceError> {
    Ok(table_here(ctx, G::GAME)
        .await?
        .map(|(t, g)| (t, g.and_then(as_game::<G>))))
}

/// The game inside `any` as the type `G`, when it is one: `on_game!` unwraps each game of the
/// list as its own type, and `Any` compares that type with `G` (one function for every game,
/// where a `match` would name each game's variant).
fn as_game<G: 'static>(any: AnyGame) -> Option<G> {
    crate::on_game!(any, g => {
        let mut g = Some(g);
        (&mut g as &mut dyn std::any::Any)
            .downcast_mut::<Option<G>>()
            .and_then(Option::take)
    })
}

/// What the host reads when Discord refused the lobby for a missing permission the
/// interaction did not tell of (changed meanwhile): every permission the channel needs.
fn no_posting() -> String {
    let all: Vec<&permissions::Need> = permissions::NEEDED
        .iter()
        .filter(|n| n.place == Place::Channel)
        .collect();
    crate::t!("no-posting", needed = permissions::names(&all))
}

/// Where a table would play, from the channel the command was used in (issue 42).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Here {
    /// A text channel: the table message here, and the game in a thread of its own.
    Channel,
    /// A thread or a forum post (a thread in a forum channel): everything in it, since
    /// Discord starts no thread inside a thread (400, code 50024).
    Thread,
}

/// Where a table would play here, as the interaction's channel says; None where none can (an
/// announcement, voice or stage channel: the bot's posts there would go out to followers, or
/// sit beside a call).
pub(super) fn here(ctx: Ctx<'_>) -> Option<Here> {
    use serenity::ChannelType as T;
    let poise::Context::Application(a) = ctx else {
        return Some(Here::Channel);
    };
    match a.interaction.channel.as_ref().map(|c| c.kind) {
        None | Some(T::Text) => Some(Here::Channel),
        Some(T::PublicThread | T::PrivateThread | T::NewsThread) => Some(Here::Thread),
        Some(_) => None,
    }
}

/// The permissions missing from `have` for a table `here`.
fn missing_here(have: serenity::Permissions, here: Here) -> Vec<&'static permissions::Need> {
    match here {
        Here::Channel => permissions::missing(have, Place::Channel),
        Here::Thread => permissions::missing_in_thread(have),
    }
}

/// `count` computer players of kind `bot` (a `BotSpec` text), seated now as `/<game> new`'s
/// `bots:` asks; people fill the other seats.
pub(super) fn bot_seats(count: Option<u8>, bot: &str) -> Vec<BotSeat> {
    (0..count.unwrap_or(0))
        .map(|k| BotSeat {
            user_id: u64::from(k) + 1,
            bot: bot.to_string(),
        })
        .collect()
}

/// Opens a table of `kind` here: the lobby message (which becomes the table message) and, when
/// allowed, the game's thread.
pub(super) async fn open_table(
    ctx: Ctx<'_>,
    kind: Kind,
    options: TableOptions,
) -> Result<(), Error> {
    // Posting the lobby and creating the thread are Discord calls of their own (each may wait on
    // a rate limit): answer "thinking..." first, within Discord's 3 seconds.
    ctx.defer_ephemeral().await?;
    let data = ctx.data();
    // The interaction says what the bot may do here (a thread of this channel follows the
    // channel's permissions). Without any of the channel's permissions the game could not be
    // played here as it should (no embed: an unusable table; no files: no pictures): refuse up
    // front, naming exactly what is missing.
    let Some(here) = here(ctx) else {
        return say(ctx, &text(&crate::t!("not-a-table-channel"))).await;
    };
    let have = app_permissions(ctx);
    let missing = have.map(|p| missing_here(p, here));
    if let Some(missing) = missing.filter(|m| !m.is_empty()) {
        let said = crate::t!(
            "missing-permissions",
            missing = permissions::names(&missing)
        );
        return say(ctx, &text(&said)).await;
    }
    // A thread the bot may create but not post in would lose every post of the game: without
    // both thread permissions, the game is played in the channel and the host is told why.
    // Inside a thread or a forum post the game plays there, and needs no thread of its own.
    let thread_missing = match (have, here) {
        (Some(p), Here::Channel) => permissions::missing(p, Place::Thread),
        _ => Vec::new(),
    };
    let name = display_name(ctx).await;
    let seed = super::start::next_seed(data);
    let guild = ctx.guild_id().map(|g| g.get());
    // The table's public messages speak one language: the one the host chose (`language:`);
    // else the server's, where the server has said one; else the host's own. Discord reports
    // `en-US` as the `guild_locale` of every server that is not a Community server, so `en-US`
    // says nothing: a Japanese group of friends on an ordinary server gets Japanese tables.
    // (An English-speaking Community server whose host plays in Japanese gets Japanese too,
    // unless the host says `language:English`.) The players' private screens and DMs keep each
    // player's own language.
    let mut options = options;
    if options.locale.is_none()
        && let poise::Context::Application(a) = ctx
    {
        options.locale = match a.interaction.guild_locale.as_deref() {
            Some(server) if server != "en-US" => Some(server.to_string()),
            _ => ctx
                .locale()
                .map(|l| crate::i18n::Locale::from_discord(l).tag().to_string())
                .or_else(|| a.interaction.guild_locale.clone()),
        };
    }
    note_locale(ctx).await;
    let table = match data
        .service
        .open_table(
            kind,
            guild,
            ctx.channel_id().get(),
            (ctx.author().id.get(), &name),
            options,
            seed,
        )
        .await
    {
        Ok(t) => t,
        Err(e) => return say(ctx, &text(&user_text(&e))).await,
    };
    // The lobby is an ordinary channel message, so it can be edited for as long as the game lasts.
    let lobby = send::message(&crate::i18n::with(table.locale(), || ui::lobby(&table)));
    let (metrics, bound) = send::global(data);
    let posted = send::create_retrying_429(metrics, bound, "post a lobby", || {
        ctx.channel_id().send_message(ctx.http(), lobby.clone())
    })
    .await;
    let msg = match posted {
        Ok(m) => m,
        Err(e) => {
            tracing::warn!(error = %send::describe(&e), "could not post a lobby");
            let _ = data
                .service
                .close(table.game.id, ctx.author().id.get(), true)
                .await;
            // Say what is true: a missing permission is the host's to fix; anything else
            // (Discord busy or down) passes.
            let why = if send::is_forbidden(&e) {
                no_posting()
            } else {
                crate::t!("lobby-not-posted")
            };
            return say(ctx, &text(&why)).await;
        }
    };
    let thread = if thread_missing.is_empty() && here == Here::Channel {
        game_thread(ctx, kind, &table, msg.id).await
    } else {
        None
    };
    if let Err(e) = data
        .service
        .store()
        .set_message(table.game.id, thread, Some(msg.id.get()))
        .await
    {
        return say(ctx, &text(&user_text(&e.into()))).await;
    }
    // The lobby just posted shows the table as it is.
    if let Err(e) = data
        .service
        .store()
        .note_table_drawn(table.game.id, table.game.version)
        .await
    {
        tracing::warn!(error = %e, "could not note the lobby as drawn");
    }
    let where_ = match thread {
        Some(t) => format!(
            " {}",
            crate::t!("table-opened-thread", thread = format!("<#{t}>"))
        ),
        None if here == Here::Thread => format!(" {}", crate::t!("table-opened-here")),
        None if data.config.game.create_threads && !thread_missing.is_empty() => format!(
            " {}",
            crate::t!(
                "no-thread-permissions",
                missing = permissions::names(&thread_missing)
            )
        ),
        None => String::new(),
    };
    say(
        ctx,
        &text(&format!(
            "{}{where_}",
            crate::t!("table-opened", table = table.game.id)
        )),
    )
    .await
}

/// Starts the game's thread from its table message `msg` in this channel, when the config
/// asks for threads: its id, or None (the game then talks in the channel).
async fn game_thread(
    ctx: Ctx<'_>,
    kind: Kind,
    table: &Table,
    msg: serenity::MessageId,
) -> Option<u64> {
    let data = ctx.data();
    if !data.config.game.create_threads {
        return None;
    }
    let title = crate::i18n::with(table.locale(), || ui::game_name(kind));
    let builder = serenity::CreateThread::new(format!("{title} #{}", table.game.id))
        .auto_archive_duration(serenity::AutoArchiveDuration::OneWeek);
    let (metrics, bound) = send::global(data);
    let created = send::create_retrying_429(metrics, bound, "create a game's thread", || {
        ctx.channel_id()
            .create_thread_from_message(ctx.http(), msg, builder.clone())
    })
    .await;
    match created {
        Ok(t) => Some(t.id.get()),
        // Threads are a comfort, not a need: without the permission the game talks here.
        Err(e) => {
            tracing::info!(error = %send::describe(&e), "no thread for this game; playing in the channel");
            None
        }
    }
}

/// The permissions this interaction says the bot has here (None for a prefix command).
fn app_permissions(ctx: Ctx<'_>) -> Option<serenity::Permissions> {
    match ctx {
        poise::Context::Application(a) => a.interaction.app_permissions,
        poise::Context::Prefix(_) => None,
    }
}

/// Resume a paused game in this channel (host or Manage Server)
#[poise::command(slash_command, guild_only)]
pub(super) async fn resume(
    ctx: Ctx<'_>,
    #[description = "The paused table's number (games lists them)"]
    #[min = 1]
    table: i64,
) -> Result<(), Error> {
    // Posting the table and making its thread are Discord calls of their own.
    ctx.defer_ephemeral().await?;
    let data = ctx.data();
    let Some(guild) = ctx.guild_id() else {
        return say(ctx, &text(&crate::t!("use-in-server"))).await;
    };
    let user = ctx.author().id.get();
    if let Err(e) = data
        .service
        .may_resume(table, guild.get(), user, is_manager(ctx).await)
        .await
    {
        return say(ctx, &text(&user_text(&e))).await;
    }
    // The same checks as a new table's: the game must be playable here before anything moves.
    let Some(here) = here(ctx) else {
        return say(ctx, &text(&crate::t!("not-a-table-channel"))).await;
    };
    let have = app_permissions(ctx);
    if let Some(missing) = have
        .map(|p| missing_here(p, here))
        .filter(|m| !m.is_empty())
    {
        let said = crate::t!(
            "missing-permissions",
            missing = permissions::names(&missing)
        );
        return say(ctx, &text(&said)).await;
    }
    let (t, game) = match data.service.load_any(table).await {
        Ok(t) => t,
        Err(e) => return say(ctx, &text(&user_text(&e))).await,
    };
    let Some(game) = game else {
        return say(ctx, &text(&user_text(&ServiceError::NotFound))).await;
    };
    let kind = game.kind();
    let spec = crate::i18n::with(
        t.locale(),
        || crate::on_game!(&game, g => Screens::table_message(&t, g)),
    );
    let (metrics, bound) = send::global(data);
    let posted = send::create_retrying_429(metrics, bound, "post a resumed table", || {
        ctx.channel_id()
            .send_message(ctx.http(), send::message(&spec))
    })
    .await;
    let msg = match posted {
        Ok(m) => m,
        Err(e) => {
            tracing::warn!(error = %send::describe(&e), "could not post a resumed table");
            let why = if send::is_forbidden(&e) {
                no_posting()
            } else {
                crate::t!("lobby-not-posted")
            };
            return say(ctx, &text(&why)).await;
        }
    };
    // No thread inside a thread (Discord refuses one there): the game then talks here.
    let thread_missing = have
        .map(|p| permissions::missing(p, Place::Thread))
        .unwrap_or_default();
    let thread = if thread_missing.is_empty() && here == Here::Channel {
        game_thread(ctx, kind, &t, msg.id).await
    } else {
        None
    };
    let channel = ctx.channel_id().get();
    let resumed = match data
        .service
        .resume(table, channel, thread, msg.id.get())
        .await
    {
        Ok(r) => r,
        Err(e) => {
            // Resumed or abandoned meanwhile: the table just posted is not the game's.
            let _ = msg.delete(ctx.http()).await;
            return say(ctx, &text(&user_text(&e))).await;
        }
    };
    data.outbox.reopen_channel(channel);
    if let Some(th) = thread {
        data.outbox.reopen_channel(th);
    }
    // The table just posted shows the game as it is; the next change redraws it.
    let _ = data
        .service
        .store()
        .note_table_drawn(table, t.game.version)
        .await;
    notify::refresh_table(data, table);
    notify::post_public(ctx.http(), data, &resumed, || {
        text(&crate::t!(
            "resumed-public",
            table = table,
            user = format!("<@{user}>")
        ))
    })
    .await;
    notify::redraw_dm_panels(data, &resumed, None).await;
    // Bot seats waited on play now, as after any move.
    let (http, bots_data, id) = (ctx.serenity_context().http.clone(), data.clone(), table);
    tokio::spawn(async move { super::bots::drive(&http, &bots_data, id).await });
    say(ctx, &text(&crate::t!("resumed", table = table))).await
}

/// `/fog hand` and `/kh hand` for a started game: the author's private screen, in their DM when
/// they chose that (answered "thinking..." first: the DM is a Discord call of its own and the
/// command must be answered within 3 seconds), else as the private reply. `what` names the
/// screen in the reply: `"hand"` (Fields of Green's), or `"screen"` (a private screen).
pub(super) async fn private_screen<G: Screens>(
    ctx: Ctx<'_>,
    table: &Table,
    game: &G,
    what: &str,
) -> MessageSpec {
    let data = ctx.data();
    let user = ctx.author().id.get();
    let Some(seat) = table.seat_of(user) else {
        // A player whose seat changed hands is told so (issue 41).
        return match crate::service::not_seated(table, user) {
            ServiceError::NotSeated => text(&crate::t!("not-seated-here")),
            why => text(&user_text(&why)),
        };
    };
    let store = data.service.store();
    if store.prefs(user).await.is_ok_and(|p| p.dm_panels()) && ctx.defer_ephemeral().await.is_ok() {
        if super::draw::update_dm_panel(ctx.http(), data, table.game.id, seat, true).await {
            return text(&match what {
                "hand" => crate::t!("hand-in-dm"),
                _ => crate::t!("screen-in-dm"),
            });
        }
        // The DM was refused just now (issue 42): the screen is shown here, and the player
        // learns why and how to have DMs again.
        let mut m = G::main_panel(table, game, seat, None);
        if store.prefs(user).await.is_ok_and(|p| p.dms_closed) {
            m.content = format!("{}\n{}", crate::t!("dms-closed-here"), m.content)
                .trim()
                .to_string();
        }
        return m;
    }
    G::main_panel(table, game, seat, None)
}

/// List the games open or in progress in this server (both games)
#[poise::command(slash_command, guild_only)]
pub(super) async fn games(ctx: Ctx<'_>) -> Result<(), Error> {
    let data = ctx.data();
    let Some(guild) = ctx.guild_id() else {
        return say(ctx, &text(&crate::t!("use-in-server"))).await;
    };
    let mut tables = Vec::new();
    match data.service.store().live_tables_in_guild(guild.get()).await {
        Ok(ids) => {
            for id in ids.into_iter().take(20) {
                if let Ok(t) = data.service.load_any(id).await {
                    tables.push(t);
                }
            }
        }
        Err(e) => return say(ctx, &text(&user_text(&e.into()))).await,
    }
    say(ctx, &ui::games_list(&tables)).await
}

/// Abandons table `number` of this server, else the table of `kind` in this channel (host or
/// Manage Server). By number it works from any channel (issue 42): a parked game has no
/// channel of its own to be abandoned from.
pub(super) async fn abandon_here(
    ctx: Ctx<'_>,
    kind: Kind,
    number: Option<i64>,
) -> Result<(), Error> {
    // The notice in the thread is a Discord call of its own: answer "thinking..." first.
    ctx.defer_ephemeral().await?;
    let data = ctx.data();
    let found = match (number, ctx.guild_id()) {
        (Some(id), Some(guild)) => data.service.in_server(id, guild.get()).await.map(Some),
        (Some(_), None) => Err(ServiceError::OtherServer),
        (None, _) => table_here(ctx, kind).await.map(|t| t.map(|(t, _)| t)),
    };
    let m = match found {
        Ok(Some(table)) => match data
            .service
            .close(table.game.id, ctx.author().id.get(), is_manager(ctx).await)
            .await
        {
            Ok(t) => {
                notify::refresh_table(data, t.game.id);
                notify::post_public(ctx.http(), data, &t, || {
                    text(&crate::t!(
                        "game-abandoned-by",
                        table = t.game.id,
                        user = format!("<@{}>", ctx.author().id)
                    ))
                })
                .await;
                text(&crate::t!("game-abandoned"))
            }
            Err(e) => text(&user_text(&e)),
        },
        Ok(None) => text(&crate::t!("no-game-here")),
        Err(e) => text(&user_text(&e)),
    };
    say(ctx, &m).await
}

/// A table's pace (`/fog new pace:`, `/kh new pace:`): the time each decision may take.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum PaceChoice {
    #[name = "live: no deadline"]
    Live,
    #[name = "fast: an hour a decision"]
    Fast,
    #[name = "day: a day a decision"]
    Day,
    #[name = "relaxed: three days a decision"]
    Relaxed,
}

impl PaceChoice {
    pub fn pace(self) -> crate::store::Pace {
        match self {
            PaceChoice::Live => crate::store::Pace::Live,
            PaceChoice::Fast => crate::store::Pace::Fast,
            PaceChoice::Day => crate::store::Pace::Day,
            PaceChoice::Relaxed => crate::store::Pace::Relaxed,
        }
    }
}

/// A table's language (`/fog new language:`, `/kh new language:`): its public messages.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum LanguageChoice {
    #[name = "English"]
    English,
    #[name = "日本語"]
    Japanese,
}

impl LanguageChoice {
    /// The tag stored in the table's options.
    pub fn tag(self) -> String {
        match self {
            LanguageChoice::English => crate::i18n::Locale::En,
            LanguageChoice::Japanese => crate::i18n::Locale::Ja,
        }
        .tag()
        .to_string()
    }
}

/// Every choice of a slash command option, in the order Discord lists them: for the tests that
/// check each one (a bot strength names a bot the game accepts).
#[cfg(test)]
pub(crate) fn every_choice<T: poise::ChoiceParameter>() -> Vec<T> {
    let all: Vec<T> = (0..).map_while(T::from_index).collect();
    assert_eq!(all.len(), T::list().len());
    all
}

/// Asserts that every level of a bot-strength option names, through `bot`, a bot the seats of
/// game `G` accept (a level naming no bot would fail `/… new` only when someone picks it).
#[cfg(test)]
pub(crate) fn every_strength_is_a_bot<T, G>(bot: fn(T) -> &'static str)
where
    T: poise::ChoiceParameter + Copy + std::fmt::Debug,
    G: crate::games::Engine,
{
    for s in every_choice::<T>() {
        G::valid_bot(bot(s)).unwrap_or_else(|e| panic!("{s:?}: {e}"));
    }
}

/// Choose the reminder style for your turn alerts.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum ReminderChoice {
    #[name = "mention me in the game's thread"]
    Mention,
    #[name = "send me a DM"]
    Dm,
    #[name = "no reminders"]
    Off,
}

/// Time zone names for the `timezone` option, as the player types (Discord shows 25 at most).
async fn time_zones(_ctx: Ctx<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    serenity::CreateAutocompleteResponse::new().set_choices(
        crate::day::zone_suggestions(partial, 25)
            .into_iter()
            .map(serenity::AutocompleteChoice::from)
            .collect(),
    )
}

/// Your preferences (both games): private screen in DMs or here, how to be reminded, your day
#[poise::command(slash_command)]
pub(super) async fn settings(
    ctx: Ctx<'_>,
    #[description = "Keep your hand in a DM that I update as the game goes"] hand_in_dm: Option<
        bool,
    >,
    #[description = "How to remind you when a game waits for you"] reminders: Option<
        ReminderChoice,
    >,
    #[description = "Your time zone, e.g. Asia/Tokyo (for quiet hours and deadlines)"]
    #[autocomplete = "time_zones"]
    #[max_length = 64]
    timezone: Option<String>,
    #[description = "No reminders then, and deadlines wait: e.g. 23-07 (local time), or off"]
    #[max_length = 16]
    quiet_hours: Option<String>,
) -> Result<(), Error> {
    let store = ctx.data().service.store();
    let user = ctx.author().id.get();
    // Checked before anything is saved: a refusal changes nothing.
    let zone = match timezone.as_deref().map(crate::day::canonical_zone_name) {
        Some(Err(_)) => {
            let typed = timezone.unwrap_or_default();
            return say(ctx, &text(&crate::t!("settings-bad-zone", zone = typed))).await;
        }
        Some(Ok(z)) => Some(z),
        None => None,
    };
    let quiet = match quiet_hours.as_deref().map(str::trim) {
        None => None,
        Some(q) if ["off", "none", "no", "なし", "オフ"].contains(&q.to_lowercase().as_str()) => {
            Some(None)
        }
        Some(q) => match crate::day::QuietHours::parse(q) {
            Ok(h) => Some(Some(h)),
            Err(crate::day::DayError::WholeDay) => {
                return say(ctx, &text(&crate::t!("settings-quiet-whole-day"))).await;
            }
            Err(_) => {
                return say(ctx, &text(&crate::t!("settings-bad-quiet", typed = q))).await;
            }
        },
    };
    // The database may wait for its lock (SQLite up to 5 s, a PostgreSQL pool up to 10 s): the
    // command is answered "thinking..." first when it would not make Discord's 3 seconds.
    let saved = command_in_time(ctx, async {
        let mut prefs: Prefs = store.prefs(user).await?;
        if let Some(z) = zone {
            prefs.time_zone = Some(z);
        }
        if let Some(q) = quiet {
            prefs.quiet_hours = q;
        }
        if let Some(dm) = hand_in_dm {
            prefs.hand_in_dm = dm;
        }
        if let Some(r) = reminders {
            prefs.reminders = match r {
                ReminderChoice::Mention => Reminders::Mention,
                ReminderChoice::Dm => Reminders::Dm,
                ReminderChoice::Off => Reminders::Off,
            };
        }
        store.set_prefs(user, prefs.clone()).await?;
        note_locale(ctx).await;
        Ok::<_, crate::store::StoreError>(prefs)
    })
    .await;
    let prefs = match saved {
        Ok(p) => p,
        Err(e) => return say(ctx, &text(&user_text(&e.into()))).await,
    };
    let hand = if prefs.hand_in_dm {
        crate::t!("settings-hand-dm")
    } else {
        crate::t!("settings-hand-here")
    };
    let remind = match prefs.reminders {
        Reminders::Mention => crate::t!("settings-remind-mention"),
        Reminders::Dm => crate::t!("settings-remind-dm"),
        Reminders::Off => crate::t!("settings-remind-off"),
    };
    let zone = prefs
        .time_zone
        .clone()
        .unwrap_or_else(|| crate::t!("settings-zone-unset"));
    let quiet = match prefs.quiet_hours {
        Some(q) => q.to_string(),
        None => crate::t!("settings-quiet-none"),
    };
    say(
        ctx,
        &text(&crate::t!(
            "settings-now",
            hand = hand,
            reminders = remind,
            zone = zone,
            quiet = quiet
        )),
    )
    .await
}
