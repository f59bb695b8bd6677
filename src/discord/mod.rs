//! The Discord side: slash commands, the component router, message building and notifications.
//! It renders only engine views and changes game state only through `service`.

pub mod bots;
pub mod commands;
pub mod export;
pub mod fields_of_green;
pub mod game;
pub mod ids;
pub mod key_harvest;
pub mod locale;
pub mod notify;
pub mod outbox;
pub mod ratelimits;
pub mod records;
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
use std::time::Duration;

/// What every handler shares.
#[derive(Clone, Debug)]
pub struct Data {
    pub service: Arc<Service>,
    pub config: Arc<Config>,
    /// One bot-moving task per game at a time.
    pub bots: Arc<bots::BotLocks>,
    /// The merged redraws of table messages and DM panels.
    pub redraws: Arc<redraw::Redraws>,
    /// Public posts in game threads, in order and merged behind rate limits.
    pub outbox: Arc<outbox::Outbox>,
    /// Tables opened by this process (the seeds after `game.first_seed`).
    pub tables_opened: Arc<std::sync::atomic::AtomicU64>,
    /// The waits serenity's rate limiter announced.
    pub rate_limits: Arc<ratelimits::RateLimits>,
}

impl Data {
    /// Whether this process looks after `game`'s background work (reminders, stand-in moves,
    /// bots' moves after a start, redraws of stale tables): only the process whose shards carry
    /// the game's server does, so with several processes on one database each happens once.
    pub fn looks_after(&self, game: &crate::store::GameRow) -> bool {
        // The plan was checked when the configuration was read.
        self.config
            .discord
            .shard_plan()
            .unwrap_or_default()
            .owns(game.guild_id)
    }
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
    let shown = config.database.shown();
    let store = match Store::connect(&config.database.url).await {
        Ok(store) => store,
        Err(e) => {
            // The permissions hint only where permissions are a likely cause.
            let hint = if e.may_be_permissions() {
                " (is the folder writable?)"
            } else {
                ""
            };
            return Err(
                anyhow::Error::new(e).context(format!("cannot open the database at {shown}{hint}"))
            );
        }
    };
    tracing::info!(database = %shown, deck = %deck.name, "database ready");
    let service = Service::new(
        store,
        Library {
            fields_of_green: deck,
            key_harvest: board,
        },
    );
    // Games that ended before the records existed (migration 0004) are recorded once, before
    // any /fog history is answered.
    match service.backfill_records().await {
        Ok(0) => {}
        Ok(n) => tracing::info!(games = n, "recorded finished games for the history"),
        Err(e) => return Err(anyhow::Error::new(e).context("cannot record the finished games")),
    }
    Ok(Data {
        service: Arc::new(service),
        outbox: Arc::default(),
        redraws: Arc::new(redraw::Redraws::new(std::time::Duration::from_millis(
            config.discord.edit_interval_ms,
        ))),
        config: Arc::new(config),
        bots: Arc::default(),
        tables_opened: Arc::default(),
        rate_limits: Arc::default(),
    })
}

async fn on_error(error: poise::FrameworkError<'_, Data, Error>) {
    match error {
        poise::FrameworkError::Command { error, ctx, .. } => {
            tracing::error!(command = %ctx.command().qualified_name, error = %error, "command failed");
            let reply = poise::CreateReply::default()
                // A command can fail after it stored something (a table created, then the post
                // failed), so this does not claim that nothing changed.
                .content(crate::t!("sorry-command"))
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
pub fn framework(data: Data) -> locale::Localized {
    let dev_guild = data.config.discord.dev_guild_id;
    let mut commands = commands::all();
    let missing = locale::localize(&mut commands);
    if !missing.is_empty() {
        // The tests require none; a replaced catalogue only loses those localizations.
        tracing::warn!(?missing, "command texts missing from the catalogue");
    }
    let fw = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands,
            event_handler: |fw, event| Box::pin(router::on_event(fw, event)),
            on_error: |e| Box::pin(on_error(e)),
            ..Default::default()
        })
        .setup(move |ctx, ready, fw| {
            Box::pin(async move {
                tracing::info!(bot = %ready.user.name, guilds = ready.guilds.len(), "connected to Discord");
                data.redraws.set_http(ctx.http.clone());
                data.outbox.set_http(ctx.http.clone());
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
                // Several processes on one database: redraws of this process's games that
                // another process asks for (see `redraw::handed_over`).
                if data.config.discord.shard_range.is_some()
                    && data.service.store().backend() == crate::store::Backend::Postgres
                {
                    let location = data.config.database.url.clone();
                    tokio::spawn(redraw::listen(location, data.clone()));
                }
                Ok(data)
            })
        })
        .build();
    locale::Localized(fw)
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
    let watcher = ratelimits::Watcher(data.rate_limits.clone());
    serenity::ClientBuilder::new_with_http(http, intents())
        .event_handler(watcher)
        .framework(framework(data))
        .await
        .context("cannot create the Discord client")
}

/// How many times `farmhand run` tries to reach Discord before it gives up, and the first wait
/// between tries (doubled each time: 1 + 2 + 4 + 8 s).
pub const REACH_ATTEMPTS: u32 = 5;
pub const REACH_FIRST_WAIT: Duration = Duration::from_secs(1);

/// Checks the token with Discord (`GET /users/@me`) before connecting, and returns the bot's
/// name. A refused token is one clear error at once; a Discord that cannot be reached is tried
/// `attempts` times and then one clear error (serenity's shard queue would retry forever, in
/// silence).
pub async fn reach_discord(
    http: &serenity::Http,
    attempts: u32,
    first_wait: Duration,
) -> anyhow::Result<String> {
    let mut wait = first_wait;
    let mut attempt = 1;
    loop {
        let e = match http.get_current_user().await {
            Ok(me) => return Ok(me.name.clone()),
            Err(e) => e,
        };
        if let serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r)) = &e {
            let status = r.status_code.as_u16();
            if status == 401 {
                anyhow::bail!(
                    "Discord refused the bot token (401 Unauthorized): check FARMHAND_DISCORD_TOKEN (the Bot page of your application)"
                );
            }
            if status < 500 && status != 429 {
                anyhow::bail!("Discord answered {status} to the token check: {e}");
            }
        }
        if attempt >= attempts {
            anyhow::bail!("cannot reach Discord after {attempts} attempts: {e}");
        }
        tracing::warn!(attempt, error = %e, "cannot reach Discord yet; trying again in {wait:?}");
        tokio::time::sleep(wait).await;
        wait *= 2;
        attempt += 1;
    }
}

/// Runs the bot until Ctrl-C (or SIGTERM).
pub async fn run(config: Config) -> anyhow::Result<()> {
    let token = config.token()?.clone();
    // FARMHAND_DISCORD_PROXY sends every Discord call to another address: the crash test runs
    // the real binary against a fake Discord this way. serenity's rate limiter ignores a proxy,
    // so it is off there (the fake is on loopback).
    let http = match std::env::var("FARMHAND_DISCORD_PROXY") {
        Ok(proxy) if !proxy.trim().is_empty() => {
            tracing::warn!(%proxy, "FARMHAND_DISCORD_PROXY is set: talking to that address, not to Discord");
            serenity::HttpBuilder::new(token.expose())
                .proxy(proxy.trim())
                .ratelimiter_disabled(true)
                .build()
        }
        _ => serenity::Http::new(token.expose()),
    };
    run_with_http(config, http, stop_signal()).await
}

/// Set when the bot stopped for Ctrl-C: `farmhand run` then exits with 130, as shells expect of
/// a program interrupted by SIGINT (a SIGTERM stop still exits 0).
static INTERRUPTED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// True once Ctrl-C stopped the bot.
pub fn interrupted() -> bool {
    INTERRUPTED.load(std::sync::atomic::Ordering::SeqCst)
}

/// Ctrl-C, noted in [`INTERRUPTED`].
async fn ctrl_c() {
    if tokio::signal::ctrl_c().await.is_ok() {
        INTERRUPTED.store(true, std::sync::atomic::Ordering::SeqCst);
    }
}

/// Resolves on Ctrl-C, or on SIGTERM (what systemd and `docker stop` send).
async fn stop_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = ctrl_c() => {}
                    _ = term.recv() => {}
                }
            }
            Err(_) => ctrl_c().await,
        }
    }
    #[cfg(not(unix))]
    {
        ctrl_c().await;
    }
}

/// Connects the shards this process runs: a range of a fixed count, all of a fixed count, or as
/// many as Discord recommends (`/gateway/bot`). Discord sends each server's events to one shard,
/// so processes with different ranges never both receive one click.
pub async fn start_shards(
    client: &mut serenity::Client,
    shards: crate::shards::Shards,
    count: crate::config::ShardCount,
) -> Result<(), serenity::Error> {
    use crate::config::ShardCount;
    use crate::shards::Shards;
    match (shards, count) {
        (Shards::Range { first, last, total }, _) => {
            tracing::info!(%shards, "starting");
            // serenity 0.12 reads the range's end as the last shard, inclusive (it starts
            // `end - start + 1` shards), so `first..last` starts exactly `first..=last`. With
            // `last + 1` a process started one shard past its range (the fake Discord's
            // sharding check caught an IDENTIFY as shard [2, 2]).
            client.start_shard_range(first..last, total).await
        }
        (Shards::All, ShardCount::Count(n)) => {
            tracing::info!(shards = n, "starting every shard");
            client.start_shards(n).await
        }
        (Shards::All, ShardCount::Auto) => client.start_autosharded().await,
    }
}

/// [`run`] with a given HTTP client (tests point it at a fake Discord) and stop signal: `stop`
/// ends the bot at any moment, also while Discord is still being reached.
pub async fn run_with_http(
    config: Config,
    http: serenity::Http,
    stop: impl Future<Output = ()>,
) -> anyhow::Result<()> {
    let mut stop = std::pin::pin!(stop);
    // SQLite serves one process: a second bot on the same file is refused here, before it could
    // send every reminder a second time. On PostgreSQL, processes sharing the database must run
    // shard ranges that do not overlap. Held until the process ends.
    let plan = config.discord.shard_plan().map_err(anyhow::Error::msg)?;
    let _one_process = crate::store::ProcessLock::acquire_for(&config.database.url, plan).await?;
    let count = config.discord.shards;
    let data = prepare(config).await?;
    tokio::select! {
        reached = reach_discord(&http, REACH_ATTEMPTS, REACH_FIRST_WAIT) => {
            let name = reached?;
            tracing::info!(bot = %name, "the token is good; connecting");
        }
        _ = &mut stop => {
            tracing::info!("stopped before connecting");
            return Ok(());
        }
    }
    let mut client = client_with_http(data, http).await?;
    let shards = client.shard_manager.clone();
    tokio::select! {
        started = start_shards(&mut client, plan, count) => {
            started.context("the Discord connection failed")?;
        }
        _ = &mut stop => {
            tracing::info!("shutting down");
            if tokio::time::timeout(Duration::from_secs(10), shards.shutdown_all()).await.is_err() {
                tracing::warn!("the shards did not stop within 10 s; exiting anyway");
            }
        }
    }
    Ok(())
}
