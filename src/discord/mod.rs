//! The Discord side: slash commands, the component router, message building and notifications.
//! It renders only engine views and changes game state only through `service`.

pub mod bots;
pub mod commands;
pub mod fields_of_green;
pub mod game;
pub mod ids;
pub mod key_harvest;
pub mod notify;
pub mod redraw;
pub mod router;
pub mod send;
pub mod spec;
pub mod ui;

use crate::config::Config;
use crate::games::fields_of_green::Deck;
use crate::host::Library;
use crate::service::Service;
use crate::store::Store;
use anyhow::Context as _;
use poise::serenity_prelude as serenity;
use std::sync::Arc;

/// What every handler shares.
#[derive(Clone, Debug)]
pub struct Data {
    pub service: Arc<Service>,
    pub config: Arc<Config>,
    /// One bot-moving task per game at a time.
    pub bots: Arc<bots::BotLocks>,
    /// The merged redraws of table messages and DM panels.
    pub redraws: Arc<redraw::Redraws>,
}

pub type Error = anyhow::Error;
pub type Ctx<'a> = poise::Context<'a, Data, Error>;

/// The deck the bot plays with: the configured file, or the built-in one.
pub fn load_deck(config: &Config) -> anyhow::Result<Arc<Deck>> {
    match &config.game.deck {
        None => Ok(Deck::default_deck()),
        Some(path) => {
            let text = crate::input::read_text(path, crate::input::cap::DECK)
                .with_context(|| format!("cannot read the deck file {}", path.display()))?;
            let deck =
                Deck::from_toml(&text).with_context(|| format!("deck file {}", path.display()))?;
            Ok(Arc::new(deck))
        }
    }
}

/// The Key Harvest board new tables play with: the configured file, or the built-in one.
pub fn load_board(config: &Config) -> anyhow::Result<Arc<crate::games::key_harvest::Board>> {
    Ok(crate::host::read_board(config.game.board.as_deref())?)
}

/// Opens the database and builds the shared state.
pub async fn prepare(config: Config) -> anyhow::Result<Data> {
    let deck = load_deck(&config)?;
    let board = load_board(&config)?;
    let path = config.database.path.clone();
    let store = match Store::open(&path).await {
        Ok(store) => store,
        Err(e) => {
            // The permissions hint only where permissions are a likely cause.
            let hint = if e.may_be_permissions() {
                " (is the folder writable?)"
            } else {
                ""
            };
            return Err(anyhow::Error::new(e).context(format!(
                "cannot open the database at {}{hint}",
                path.display()
            )));
        }
    };
    tracing::info!(database = %path.display(), deck = %deck.name, "database ready");
    Ok(Data {
        service: Arc::new(Service::new(
            store,
            Library {
                fields_of_green: deck,
                key_harvest: board,
            },
        )),
        redraws: Arc::new(redraw::Redraws::new(std::time::Duration::from_millis(
            config.discord.edit_interval_ms,
        ))),
        config: Arc::new(config),
        bots: Arc::default(),
    })
}

async fn on_error(error: poise::FrameworkError<'_, Data, Error>) {
    match error {
        poise::FrameworkError::Command { error, ctx, .. } => {
            tracing::error!(command = %ctx.command().qualified_name, error = %error, "command failed");
            let reply = poise::CreateReply::default()
                // A command can fail after it stored something (a table created, then the post
                // failed), so this does not claim that nothing changed.
                .content("Sorry, something went wrong on my side. Please check the channel before you try again.")
                .ephemeral(true);
            if let Err(e) = ctx.send(reply).await {
                tracing::warn!(error = %e, "could not report a command error");
            }
        }
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                tracing::warn!(error = %e, "error while handling an error");
            }
        }
    }
}

/// The poise framework with our commands, router and start-up work.
pub fn framework(data: Data) -> poise::Framework<Data, Error> {
    let dev_guild = data.config.discord.dev_guild_id;
    poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: commands::all(),
            event_handler: |fw, event| Box::pin(router::on_event(fw, event)),
            on_error: |e| Box::pin(on_error(e)),
            ..Default::default()
        })
        .setup(move |ctx, ready, fw| {
            Box::pin(async move {
                tracing::info!(bot = %ready.user.name, guilds = ready.guilds.len(), "connected to Discord");
                data.redraws.set_http(ctx.http.clone());
                match dev_guild {
                    Some(g) => {
                        poise::builtins::register_in_guild(ctx, &fw.options().commands, serenity::GuildId::new(g)).await?
                    }
                    None => poise::builtins::register_globally(ctx, &fw.options().commands).await?,
                }
                tokio::spawn(notify::reminder_loop(ctx.http.clone(), Arc::new(data.clone())));
                // Bot moves that were due when the bot stopped are made now.
                let (http, bot_data) = (ctx.http.clone(), data.clone());
                tokio::spawn(async move { bots::drive_all(&http, &bot_data).await });
                // Table messages a crash left behind their games are redrawn.
                let stale = data.clone();
                tokio::spawn(async move { notify::redraw_stale_tables(&stale).await });
                Ok(data)
            })
        })
        .build()
}

/// The gateway intents the bot needs: guild events only (no privileged intents; interactions
/// arrive regardless of intents).
pub fn intents() -> serenity::GatewayIntents {
    serenity::GatewayIntents::GUILDS
}

/// A client for the given HTTP handle: the real Discord's, or (in tests and `farmhand demo`) one
/// built with `HttpBuilder::proxy` pointing at a fake Discord on loopback.
pub async fn client_with_http(
    data: Data,
    http: serenity::Http,
) -> anyhow::Result<serenity::Client> {
    serenity::ClientBuilder::new_with_http(http, intents())
        .framework(framework(data))
        .await
        .context("cannot create the Discord client")
}

/// Runs the bot until Ctrl-C.
pub async fn run(config: Config) -> anyhow::Result<()> {
    let token = config.token()?.clone();
    // SQLite serves one process: a second bot on the same file is refused here, before it could
    // send every reminder a second time. Held until the process ends.
    let _one_process = crate::store::ProcessLock::acquire(&config.database.path)?;
    let data = prepare(config).await?;
    let mut client = serenity::ClientBuilder::new(token.expose(), intents())
        .framework(framework(data))
        .await
        .context("cannot create the Discord client")?;
    let shards = client.shard_manager.clone();
    tokio::spawn(async move {
        if tokio::signal::ctrl_c().await.is_ok() {
            tracing::info!("shutting down");
            shards.shutdown_all().await;
        }
    });
    client
        .start()
        .await
        .context("the Discord connection failed (is the token right?)")?;
    Ok(())
}
