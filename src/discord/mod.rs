//! The Discord side: slash commands, the component router, message building and notifications.
//! It renders only engine views and changes game state only through `service`.

pub mod answer;
pub mod bots;
pub mod coach;
pub mod commands;
pub mod dispatch;
pub mod dm;
pub mod draw;
pub mod export;
pub mod game;
pub mod game_commands;
pub mod ids;
pub mod locale;
pub mod notify;
pub mod outbox;
pub mod pace;
pub mod park;
pub mod permissions;
pub mod ratelimits;
pub mod records;
pub mod redraw;
pub mod registry;
pub mod rematch;
pub mod review;
pub mod router;
pub mod schedule;
pub mod seats;
pub mod send;
pub mod spec;
pub mod start;
pub mod topics;
pub mod ui;
pub mod webhooks;
// Each game's Discord side, a folder per game of the list (`discord/fields_of_green/`, ...).
crate::game_modules!(pub);

use crate::config::Config;
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
    /// This process's turns under Discord's global limit, taken before every call made with
    /// the bot's token (`send::Bound`).
    pub pace: Arc<pace::GlobalPace>,
    /// The waits serenity's rate limiter announced.
    pub rate_limits: Arc<ratelimits::RateLimits>,
    /// Interaction webhook calls (deferred answers' edits, follow-ups), limited per token.
    pub webhooks: Arc<webhooks::Webhooks>,
    /// Why the bot cannot go on (its commands could not be registered, Discord refused the
    /// gateway connection for good): `run` stops with that line.
    pub fatal: Arc<Fatal>,
    /// How long registering the slash commands at start is tried before the bot gives up.
    pub register_within: Duration,
    /// The start-up work is done (a client made again with more shards skips it).
    pub set_up: Arc<std::sync::atomic::AtomicBool>,
    /// The slash commands were registered over REST before the gateway connection (`serve`),
    /// so the framework's setup does not register them again.
    pub registered: Arc<std::sync::atomic::AtomicBool>,
    /// Interactions being handled and bot moves being made right now. Between a click's answer
    /// and the bot seats' moves it sets off, a handler may call nothing on Discord for a while
    /// (it loads, decides, stores); a test harness reads this to know the bot is not done.
    pub working: Arc<Working>,
    /// The coach's reviews being made while their games are played (`game.review_ahead`).
    pub reviews_ahead: Arc<review::Ahead>,
}

/// A count of work in progress (see [`Data::working`]).
#[derive(Debug, Default)]
pub struct Working(std::sync::atomic::AtomicUsize);

/// Counts one piece of work until dropped.
pub struct WorkingGuard<'a>(&'a Working);

impl Working {
    pub fn start(&self) -> WorkingGuard<'_> {
        self.0.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        WorkingGuard(self)
    }

    pub fn count(&self) -> usize {
        self.0.load(std::sync::atomic::Ordering::SeqCst)
    }
}

impl Drop for WorkingGuard<'_> {
    fn drop(&mut self) {
        self.0.0.fetch_sub(1, std::sync::atomic::Ordering::SeqCst);
    }
}

/// The one line `run` stops with when the bot cannot go on (see [`Data::fatal`]).
#[derive(Debug)]
pub struct Fatal(tokio::sync::watch::Sender<Option<String>>);

impl Default for Fatal {
    fn default() -> Fatal {
        Fatal(tokio::sync::watch::channel(None).0)
    }
}

impl Fatal {
    /// Records the reason (the first one is kept) and wakes [`wait`](Self::wait).
    pub fn raise(&self, line: impl Into<String>) {
        let line = line.into();
        tracing::error!("{line}");
        self.0.send_if_modified(|v| {
            let first = v.is_none();
            if first {
                *v = Some(line);
            }
            first
        });
    }

    /// The reason, once raised.
    pub fn get(&self) -> Option<String> {
        self.0.borrow().clone()
    }

    /// Waits until a reason is raised.
    pub async fn wait(&self) -> String {
        let mut rx = self.0.subscribe();
        loop {
            if let Some(line) = rx.borrow_and_update().clone() {
                return line;
            }
            if rx.changed().await.is_err() {
                std::future::pending::<()>().await;
            }
        }
    }
}

/// How long `run` tries to register the slash commands at start before it stops.
pub const REGISTER_WITHIN: Duration = Duration::from_secs(120);

impl Data {
    /// The games of this process's shards whose wait fell due by `now` (ms): the ones a
    /// reminder or a stand-in move may be owed, at most [`crate::store::DUE_LIMIT`] a pass.
    pub(crate) async fn due_games(
        &self,
        now: i64,
    ) -> Result<Vec<crate::store::GameId>, crate::service::ServiceError> {
        let shards = self.config.discord.shard_plan().unwrap_or_default();
        let store = self.service.store();
        Ok(store
            .due_games(now, shards, crate::store::DUE_LIMIT)
            .await?)
    }

    /// How many games' reviews are being made ahead in memory (`game.review_ahead`): for the
    /// tests, which check that a stored review leaves nothing behind.
    pub fn reviews_ahead_len(&self) -> usize {
        self.reviews_ahead.len()
    }

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

/// Opens the database and builds the shared state, on the operating system's date.
pub async fn prepare(config: Config) -> anyhow::Result<Data> {
    prepare_on(config, crate::clock::Clock::system()).await
}

/// [`prepare`] on a given clock: a test's or the offline demo's simulated date, shared with the
/// fake Discord.
pub async fn prepare_on(config: Config, clock: crate::clock::Clock) -> anyhow::Result<Data> {
    let library = Library::from_config(&config)?;
    let shown = config.database.shown();
    let store = match Store::connect(&config.database.location()).await {
        Ok(store) => store,
        // These name the database and say what to do already.
        Err(
            e @ (crate::store::StoreError::Location { .. }
            | crate::store::StoreError::Postgres { .. }
            | crate::store::StoreError::ReadOnly { .. }
            | crate::store::StoreError::LockFile { .. }),
        ) => return Err(e.into()),
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
    tracing::info!(database = %shown, rules = %library.summary(), "database ready");
    let service = Service::new(store.with_clock(clock), library);
    // Games that ended before the records existed (migration 0004) are recorded once, before
    // any /fog history is answered.
    match service.backfill_records().await {
        Ok(0) => {}
        Ok(n) => tracing::info!(games = n, "recorded finished games for the history"),
        Err(e) => return Err(anyhow::Error::new(e).context("cannot record the finished games")),
    }
    let pace = Arc::new(pace::GlobalPace::for_config(
        &config.discord,
        service.metrics().global_waits.clone(),
    ));
    Ok(Data {
        outbox: Arc::new(outbox::Outbox::new(pace.clone())),
        pace,
        service: Arc::new(service),
        redraws: Arc::new(redraw::Redraws::new(std::time::Duration::from_millis(
            config.discord.edit_interval_ms,
        ))),
        config: Arc::new(config),
        bots: Arc::default(),
        tables_opened: Arc::default(),
        rate_limits: Arc::default(),
        webhooks: Arc::default(),
        fatal: Arc::default(),
        register_within: REGISTER_WITHIN,
        set_up: Arc::default(),
        registered: Arc::default(),
        working: Arc::default(),
        reviews_ahead: Arc::default(),
    })
}

async fn on_error(error: poise::FrameworkError<'_, Data, Error>) {
    match error {
        poise::FrameworkError::Command { error, ctx, .. } => {
            tracing::error!(command = %ctx.command().qualified_name, error = %error, "command failed");
            ctx.data().service.metrics().error("command");
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

/// Every slash command, with its texts in each language of the catalogue.
fn commands() -> Vec<poise::Command<Data, Error>> {
    let mut commands = registry::commands();
    let missing = locale::localize(&mut commands);
    if !missing.is_empty() {
        // The tests require none; a replaced catalogue only loses those localizations.
        tracing::warn!(?missing, "command texts missing from the catalogue");
    }
    commands
}

/// The poise framework with our commands, router and start-up work.
pub fn framework(data: Data) -> locale::Localized {
    let dev_guild = data.config.discord.dev_guild_id;
    let commands = commands();
    let fw = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands,
            event_handler: |fw, event| Box::pin(dispatch::on_event(fw, event)),
            on_error: |e| Box::pin(on_error(e)),
            ..Default::default()
        })
        .setup(move |ctx, ready, fw| {
            Box::pin(async move {
                tracing::info!(bot = %ready.user.name, guilds = ready.guilds.len(), "connected to Discord");
                if data.set_up.load(std::sync::atomic::Ordering::SeqCst) {
                    // Connected again with more shards: the commands, loops and clients of the
                    // first connection serve on.
                    return Ok(data);
                }
                data.redraws.set_http(ctx.http.clone());
                data.outbox.set_http(ctx.http.clone());
                data.outbox.set_service(&data.service);
                // A bot connected with no commands answers nobody: if they cannot be
                // registered, `run` stops with one clear line instead. `run` registers them
                // before it connects (`serve`); a bot started without it (the test harness)
                // registers them here.
                if !data.registered.load(std::sync::atomic::Ordering::SeqCst)
                    && let Err(line) = register_commands(&ctx.http, &data.pace, &fw.options().commands, dev_guild, data.register_within).await
                {
                    data.fatal.raise(line.clone());
                    return Err(anyhow::Error::msg(line));
                }
                tokio::spawn(reminder_loop(ctx.http.clone(), Arc::new(data.clone())));
                // Bot moves that were due when the bot stopped are made now.
                let (http, bot_data) = (ctx.http.clone(), data.clone());
                tokio::spawn(async move { bots::drive_all(&http, &bot_data).await });
                // Table messages a crash left behind their games are redrawn.
                let stale = data.clone();
                tokio::spawn(async move { redraw::redraw_stale_tables(&stale).await });
                // Several processes on one database: redraws of this process's games that
                // another process asks for (see `redraw::handed_over`).
                if data.config.discord.shard_range.is_some()
                    && data.service.store().backend() == crate::store::Backend::Postgres
                {
                    let location = data.config.database.location();
                    tokio::spawn(redraw::listen(location, data.clone()));
                }
                data.set_up.store(true, std::sync::atomic::Ordering::SeqCst);
                Ok(data)
            })
        })
        .build();
    locale::Localized(fw)
}

/// Registers the slash commands (in `dev_guild` only, when set), trying again with growing
/// pauses (1 s doubling to 15 s) while Discord fails for a passing reason (a server error, a
/// timeout, a rate limit), for at most `within`. The error is the line `run` stops with.
pub async fn register_commands(
    http: &serenity::Http,
    pace: &pace::GlobalPace,
    commands: &[poise::Command<Data, Error>],
    dev_guild: Option<u64>,
    within: Duration,
) -> Result<(), String> {
    let started = tokio::time::Instant::now();
    let mut pause = Duration::from_secs(1);
    let mut attempt = 1;
    loop {
        pace.turn().await;
        let done = match dev_guild {
            Some(g) => {
                poise::builtins::register_in_guild(http, commands, serenity::GuildId::new(g)).await
            }
            None => poise::builtins::register_globally(http, commands).await,
        };
        let e = match done {
            Ok(()) => {
                if attempt > 1 {
                    tracing::info!(attempt, "the slash commands are registered");
                }
                return Ok(());
            }
            Err(e) => e,
        };
        let spent = started.elapsed();
        if !send::is_transient(&e) || spent + pause > within {
            let tried = if attempt == 1 {
                String::new()
            } else {
                format!(" (tried {attempt} times over {} s)", spent.as_secs())
            };
            return Err(format!(
                "cannot register the slash commands with Discord{tried}: {}",
                send::describe(&e)
            ));
        }
        tracing::warn!(attempt, error = %send::describe(&e), "could not register the slash commands yet; trying again in {pause:?}");
        tokio::time::sleep(pause).await;
        pause = (pause * 2).min(Duration::from_secs(15));
        attempt += 1;
    }
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
            // serenity's own text ("Error while sending HTTP request.") does not say what went
            // wrong; the causes under it do.
            let hint = network_hint(&e).map_or_else(String::new, |h| format!(" ({h})"));
            anyhow::bail!("cannot reach Discord after {attempts} attempts: {e}{hint}");
        }
        tracing::warn!(attempt, error = %e, "cannot reach Discord yet; trying again in {wait:?}");
        tokio::time::sleep(wait).await;
        wait *= 2;
        attempt += 1;
    }
}

/// What a failed connection's causes say, in words a host can act on: the name could not be
/// resolved, there is no route, the connection was refused or timed out, or TLS failed. None
/// when no cause tells.
pub fn network_hint(e: &(dyn std::error::Error + 'static)) -> Option<&'static str> {
    use std::io::ErrorKind;
    let mut cause = Some(e);
    let mut texts = Vec::new();
    while let Some(c) = cause {
        if let Some(io) = c.downcast_ref::<std::io::Error>() {
            match io.kind() {
                ErrorKind::HostUnreachable | ErrorKind::NetworkUnreachable => {
                    return Some(NO_ROUTE);
                }
                ErrorKind::ConnectionRefused => return Some(REFUSED),
                ErrorKind::TimedOut => return Some(TIMED_OUT),
                _ => {}
            }
        }
        texts.push(c.to_string().to_lowercase());
        cause = c.source();
    }
    let said = |words: &[&str]| texts.iter().any(|t| words.iter().any(|w| t.contains(w)));
    if said(&[
        "dns error",
        "failed to lookup address",
        "name or service not known",
        "name resolution",
        "no such host",
    ]) {
        Some(NO_NAME)
    } else if said(&[
        "no route to host",
        "network is unreachable",
        "host is unreachable",
    ]) {
        Some(NO_ROUTE)
    } else if said(&["connection refused"]) {
        Some(REFUSED)
    } else if said(&["certificate", "tls", "ssl", "handshake"]) {
        Some(TLS)
    } else if said(&["timed out", "timeout"]) {
        Some(TIMED_OUT)
    } else {
        None
    }
}

const NO_NAME: &str = "the name discord.com could not be resolved: check that this machine is online and has a working DNS server";
const NO_ROUTE: &str =
    "no route to Discord: this machine's network is down, or a firewall blocks the way out";
const REFUSED: &str = "the connection was refused: a firewall or a proxy may stand in the way";
const TIMED_OUT: &str = "the connection timed out: the network is slow or blocks Discord";
const TLS: &str = "the secure connection (TLS) failed: check the system clock, the CA certificates, or a proxy that intercepts HTTPS";

/// The HTTPS client for every Discord REST call the bot makes (its serenity `Http`, the
/// per-token interaction webhook clients), from `builder` (TLS and, in tests, where discord.com
/// is): each call bounded by `discord.request_timeout_ms`.
///
/// Neither serenity 0.12 (`HttpBuilder::build` makes a bare `reqwest::Client::builder()`, and
/// its rate limiter calls `client.execute` with no deadline) nor reqwest 0.12 (no total, connect
/// or read timeout by default) bounds a request. An answer that never came held its caller for
/// good: a channel's outbox task, and every post queued behind it in that thread, or a table's
/// redraw worker. Bounded, such a call fails as a `reqwest` error, which `send::is_transient`
/// already treats as a server error: edits are tried again, posts tried again or sent another
/// way ([`outbox`]), and a registration tried again until its own deadline.
pub fn rest_client(
    builder: reqwest::ClientBuilder,
    config: &crate::config::DiscordConfig,
) -> reqwest::Result<reqwest::Client> {
    let timeout = Duration::from_millis(config.request_timeout_ms);
    builder
        .timeout(timeout)
        // A connection that cannot even be opened is given up sooner.
        .connect_timeout(timeout.min(Duration::from_secs(5)))
        .build()
}

/// Runs the bot until Ctrl-C (or SIGTERM), its HTTPS client made from `https` (TLS with the web's
/// roots; `farmhand run` may point it at a fake Discord instead, see `cli::run`).
pub async fn run(config: Config, https: reqwest::ClientBuilder) -> anyhow::Result<()> {
    let token = config.token()?.clone();
    // FARMHAND_DISCORD_PROXY sends every Discord call to another address: the crash test runs
    // the real binary against a fake Discord this way. serenity's rate limiter ignores a proxy,
    // so it is off there (the fake is on loopback).
    let proxy = std::env::var("FARMHAND_DISCORD_PROXY")
        .ok()
        .filter(|p| !p.trim().is_empty());
    if let Some(proxy) = &proxy {
        tracing::warn!(%proxy, "FARMHAND_DISCORD_PROXY is set: talking to that address, not to Discord");
    }
    // One reqwest client (as serenity would make it) for the bot's `Http` and for the
    // interaction webhook calls, which are limited per token (`webhooks`). Behind a proxy
    // serenity's limiter is off, and those calls go with the rest.
    let client = rest_client(https, &config.discord).context("cannot make an HTTPS client")?;
    let webhooks = proxy.is_none().then(|| client.clone());
    let http = move || match &proxy {
        // The same bounded client: serenity would otherwise make its own, unbounded one.
        Some(proxy) => serenity::HttpBuilder::new(token.expose())
            .client(client.clone())
            .proxy(proxy.trim())
            .ratelimiter_disabled(true)
            .build(),
        None => serenity::HttpBuilder::new(token.expose())
            .client(client.clone())
            .build(),
    };
    run_with(config, http, webhooks, stop_signal()).await
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

/// [`run`] with a given maker of HTTP clients (tests point them at a fake Discord) and stop
/// signal: `stop` ends the bot at any moment, also while Discord is still being reached.
pub async fn run_with_http(
    config: Config,
    http: impl Fn() -> serenity::Http,
    stop: impl Future<Output = ()>,
) -> anyhow::Result<()> {
    run_with(config, http, None, stop).await
}

/// [`run_with_http`], and with `webhooks` the client for the interaction webhook calls, each
/// token limited on its own (see [`webhooks`]); without it those calls go through `http`.
async fn run_with(
    config: Config,
    http: impl Fn() -> serenity::Http,
    webhooks: Option<reqwest::Client>,
    stop: impl Future<Output = ()>,
) -> anyhow::Result<()> {
    let stop = std::pin::pin!(stop);
    // SQLite serves one process: a second bot on the same file is refused here, before it could
    // send every reminder a second time. On PostgreSQL, processes sharing the database must run
    // shard ranges that do not overlap. Held until the process ends.
    let plan = config.discord.shard_plan().map_err(anyhow::Error::msg)?;
    let location = config.database.location();
    if crate::store::Location::parse(&location)? == crate::store::Location::Memory {
        anyhow::bail!(
            "database.url: an in-memory database loses every game when the bot stops; give a file path (the default is farmhand.sqlite) or a postgres:// URL"
        );
    }
    let _one_process = crate::store::ProcessLock::acquire_for(&location, plan).await?;
    let data = prepare(config).await?;
    if let Some(client) = webhooks {
        data.webhooks.connect(client, data.rate_limits.clone());
    }
    serve(data, http, stop).await
}

/// The one line for a gateway connection Discord refused for good (serenity stops its shards
/// on these close codes and returns them from `Client::start`).
fn gateway_refusal(e: &serenity::Error) -> Option<String> {
    use serenity::GatewayError as G;
    let serenity::Error::Gateway(g) = e else {
        return None;
    };
    Some(match g {
        G::InvalidAuthentication => "Discord closed the gateway connection with 4004 (authentication failed): the bot token is not valid; check FARMHAND_DISCORD_TOKEN (the Bot page of your application)".to_string(),
        G::InvalidGatewayIntents => format!("Discord closed the gateway connection with 4013 (invalid intents): this build asks for intents {:?}, which Discord does not accept", intents()),
        G::DisallowedGatewayIntents => format!("Discord closed the gateway connection with 4014 (disallowed intents): this build asks for intents {:?}; turn on the privileged ones it needs on the Bot page of your application", intents()),
        _ => return None,
    })
}

/// Runs the bot on prepared `data` until `stop`: checks the token, connects the shards, and
/// stops with one clear error when the bot cannot go on (a refused token, commands that cannot
/// be registered, a gateway refusal). `http` makes the client for each connection (a new one
/// when Discord requires more shards).
pub async fn serve(
    data: Data,
    http: impl Fn() -> serenity::Http,
    stop: impl Future<Output = ()>,
) -> anyhow::Result<()> {
    use crate::config::ShardCount;
    use crate::shards::Shards;
    let mut stop = std::pin::pin!(stop);
    let plan = data
        .config
        .discord
        .shard_plan()
        .map_err(anyhow::Error::msg)?;
    let mut count = data.config.discord.shards;
    // The operators' listener, from before the gateway is up (`/healthz` says 503 until it is)
    // until this returns.
    let _listener = match data.config.metrics.address().map_err(anyhow::Error::msg)? {
        Some(address) => Some(crate::metrics::serve::listen(address, data.service.clone()).await?),
        None => None,
    };
    let first = http();
    // Everything that can fail before a gateway login is done first: each login (IDENTIFY)
    // spends one of the day's 1,000 session starts, and when they run out Discord resets the
    // bot's token. A start that fails for good (a refused registration), restarted again and
    // again by systemd or Docker, then spends none.
    let before_login = async {
        let name = reach_discord(&first, REACH_ATTEMPTS, REACH_FIRST_WAIT).await?;
        tracing::info!(bot = %name, "the token is good");
        data.pace.turn().await;
        let gateway = first
            .get_bot_gateway()
            .await
            .context("cannot read Discord's gateway facts (GET /gateway/bot)")?;
        // "auto" is what Discord recommends now (as serenity's `start_autosharded` would read
        // it), so the count is known to the check below and the watch further on.
        if let (Shards::All, ShardCount::Auto) = (plan, count) {
            count = ShardCount::Count(gateway.shards.max(1));
        }
        let starting = match (plan, count) {
            (Shards::Range { first, last, .. }, _) => last - first + 1,
            (_, ShardCount::Count(n)) => n,
            (_, ShardCount::Auto) => 1,
        };
        if let Some(line) = session_budget_refusal(
            &gateway.session_start_limit,
            starting,
            data.service.store().now_ms(),
        ) {
            anyhow::bail!(line);
        }
        data.pace.turn().await;
        let app = first
            .get_current_application_info()
            .await
            .context("cannot read the bot's application (GET /oauth2/applications/@me)")?;
        first.set_application_id(app.id);
        register_commands(
            &first,
            &data.pace,
            &commands(),
            data.config.discord.dev_guild_id,
            data.register_within,
        )
        .await
        .map_err(anyhow::Error::msg)?;
        data.registered
            .store(true, std::sync::atomic::Ordering::SeqCst);
        tracing::info!(
            shards = starting,
            "the slash commands are registered; connecting"
        );
        anyhow::Ok(())
    };
    tokio::select! {
        ready = before_login => ready?,
        _ = &mut stop => {
            tracing::info!("stopped before connecting");
            return Ok(());
        }
    }
    let total = match (plan, count) {
        (Shards::Range { total, .. }, _) => total,
        (_, ShardCount::Count(n)) => n,
        (_, ShardCount::Auto) => 1,
    };
    let auto = data.config.discord.shards == ShardCount::Auto && plan == Shards::All;
    let mut total = total;
    let mut http_now = Some(first);
    loop {
        let fatal = data.fatal.clone();
        let h = http_now.take().unwrap_or_else(&http);
        let mut client = client_with_http(data.clone(), h).await?;
        let shards = client.shard_manager.clone();
        data.service.metrics().gateway.set(shards.clone());
        let rest = client.http.clone();
        // Subscribed before the shards start, so no 4011 of theirs is missed.
        let heard_4011 = crate::logging::closes::closed_4011();
        let stop_shards = async || {
            // serenity waits up to 5 s for each shard runner to confirm that it stopped (one
            // that ended by itself never does).
            let runners = shards.runners.lock().await.len() as u64;
            let within = Duration::from_secs(5 * runners + 5);
            if tokio::time::timeout(within, shards.shutdown_all())
                .await
                .is_err()
            {
                tracing::warn!("the shards did not stop within {within:?}; going on anyway");
            }
        };
        tokio::select! {
            started = start_shards(&mut client, plan, count) => {
                if let Err(e) = &started
                    && let Some(line) = gateway_refusal(e)
                {
                    anyhow::bail!(line);
                }
                started.context("the Discord connection failed")?;
                return Ok(());
            }
            line = fatal.wait() => {
                stop_shards().await;
                anyhow::bail!(line);
            }
            needed = sharding_required(&rest, total, heard_4011) => {
                end_closed_runners(&shards).await;
                stop_shards().await;
                if !auto {
                    anyhow::bail!(
                        "Discord requires at least {needed} shards (gateway close code 4011, sharding required), but this process runs {total} (discord.shards): set discord.shards to \"auto\" or to {needed} or more"
                    );
                }
                tracing::warn!(from = total, to = needed, "Discord requires more shards (close code 4011); reconnecting with its recommended count");
                total = needed;
                count = ShardCount::Count(needed);
            }
            _ = &mut stop => {
                tracing::info!("shutting down");
                stop_shards().await;
                return Ok(());
            }
        }
    }
}

/// The logins a process keeps in hand per shard it starts: serenity logs in again after a
/// dropped session it cannot resume, so a start with exactly one login per shard left could
/// spend the last of the day's budget within minutes, and Discord then resets the token.
pub const LOGINS_PER_SHARD_IN_HAND: u64 = 2;

/// The one line `run` stops with when what is left of the day's session starts (`GET
/// /gateway/bot`'s `session_start_limit`) would not cover twice the `shards` this process
/// starts; None when it would. `now_ms` (the one clock) dates the reset.
pub fn session_budget_refusal(
    limit: &serenity::SessionStartLimit,
    shards: u32,
    now_ms: i64,
) -> Option<String> {
    let needed = LOGINS_PER_SHARD_IN_HAND * u64::from(shards.max(1));
    if limit.remaining >= needed {
        return None;
    }
    let reset = i64::try_from(limit.reset_after)
        .ok()
        .and_then(|after| now_ms.checked_add(after))
        .and_then(|at| jiff::Timestamp::from_millisecond(at).ok())
        .map_or_else(
            || "when Discord's day of logins resets".to_string(),
            |at| format!("after {}", at.strftime("%Y-%m-%d %H:%M UTC")),
        );
    Some(format!(
        "not connecting: Discord allows {} more gateway logins (of {} a day) and this process starts {shards} shard(s), which needs {needed} in hand; when the logins run out Discord resets the bot's token. Start again {reset} (in {} min)",
        limit.remaining,
        limit.total,
        limit.reset_after.div_ceil(60_000)
    ))
}

/// Resolves with the shard count Discord recommends once a shard heard gateway close code 4011
/// (sharding required) and Discord recommends more than the `total` running. serenity 0.12.5
/// would restart the shard with the same count, to be closed again, spending one of the day's
/// session starts each time; it reports the close in its log only, which [`crate::logging::closes`] watches.
/// That watch is process-wide, so Discord's own recommendation (`GET /gateway/bot`) is what
/// decides: more shards than running means Discord requires them.
async fn sharding_required(
    http: &serenity::Http,
    total: u32,
    mut heard: tokio::sync::watch::Receiver<u64>,
) -> u32 {
    loop {
        if heard.changed().await.is_err() {
            // The sender is a static: never dropped.
            std::future::pending::<()>().await;
        }
        match http.get_bot_gateway().await {
            Ok(g) if g.shards > total => return g.shards,
            Ok(g) => tracing::warn!(
                recommended = g.shards,
                running = total,
                "a shard heard gateway close code 4011 (sharding required), but Discord recommends no more shards than run"
            ),
            // serenity connects the shard again (and hears 4011 again) after a heartbeat: the
            // count is read again then.
            Err(e) => tracing::warn!(
                error = %e,
                "a shard heard gateway close code 4011 (sharding required); cannot read Discord's recommended shard count"
            ),
        }
    }
}

/// Ends the runners whose connection Discord closed with 4011, before their shards are shut
/// down. serenity 0.12.5 keeps such a runner looping on the ended connection (without yielding)
/// until its next heartbeat fails, up to a heartbeat interval (about 41 s), and a shutdown
/// message reaching it then makes it wait for a close reply that never comes, forever, holding
/// a worker thread. A presence update is sent to every runner instead: a runner on a closed
/// connection cannot send it and ends (`ShardRunner::recv` stops on a failed send), and a live
/// one just sends it (the status is unchanged: online) and is shut down as usual.
async fn end_closed_runners(manager: &serenity::ShardManager) {
    for info in manager.runners.lock().await.values() {
        info.runner_tx.set_status(serenity::OnlineStatus::Online);
    }
}

/// Every `game.reminder_check_seconds` (a minute by default): the stand-in's pass (`bots::stand_in_due`), then the reminders
/// (`notify::remind_due`). Here, where both are wired, so that neither module calls the other.
/// Checks every active game and reminds the players holding one up: after the
/// table's delay, then every `reminder_repeat_minutes`. By DM where a player asked for it (falling
/// back to a mention in the thread when the DM fails), else a mention; never for players who
/// turned reminders off.
async fn reminder_loop(http: Arc<serenity::Http>, data: Arc<Data>) {
    // 0 (never from a configuration file, which must say 1 to 3600): no loop. A test or the
    // demo on a simulated clock runs the passes itself, at the simulated times it wants.
    if data.config.game.reminder_check_seconds == 0 {
        return;
    }
    let every = u64::from(data.config.game.reminder_check_seconds);
    let mut tick = tokio::time::interval(std::time::Duration::from_secs(every));
    loop {
        tick.tick().await;
        if let Err(e) = schedule::pass(&http, &data, data.service.store().now_ms()).await {
            tracing::warn!(error = %e, "scheduler pass failed");
            data.service.metrics().error("scheduler");
        }
    }
}

#[cfg(test)]
mod network_hint_tests {
    use super::*;

    /// An error whose only cause is `inner`, as reqwest wraps hyper's.
    #[derive(Debug)]
    struct Outer(Box<dyn std::error::Error + Send + Sync>);
    impl std::fmt::Display for Outer {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("Error while sending HTTP request.")
        }
    }
    impl std::error::Error for Outer {
        fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
            Some(self.0.as_ref())
        }
    }

    fn hint(inner: Box<dyn std::error::Error + Send + Sync>) -> Option<&'static str> {
        network_hint(&Outer(inner))
    }

    #[test]
    fn each_cause_gets_its_hint_and_an_unknown_one_none() {
        use std::io::{Error, ErrorKind};
        let io = |k, m: &str| -> Box<dyn std::error::Error + Send + Sync> {
            Box::new(Error::new(k, m.to_string()))
        };
        assert_eq!(
            hint("dns error: failed to lookup address information".into()),
            Some(NO_NAME)
        );
        assert_eq!(hint(io(ErrorKind::NetworkUnreachable, "x")), Some(NO_ROUTE));
        assert_eq!(
            hint(io(ErrorKind::Other, "No route to host (os error 113)")),
            Some(NO_ROUTE)
        );
        assert_eq!(hint(io(ErrorKind::ConnectionRefused, "x")), Some(REFUSED));
        assert_eq!(
            hint("invalid peer certificate: UnknownIssuer".into()),
            Some(TLS)
        );
        assert_eq!(hint(io(ErrorKind::TimedOut, "x")), Some(TIMED_OUT));
        assert_eq!(hint("something else".into()), None);
    }
}

#[cfg(test)]
mod session_budget_tests {
    use super::*;

    fn limit(remaining: u64, reset_after: u64) -> serenity::SessionStartLimit {
        serde_json::from_value(serde_json::json!({
            "total": 1000,
            "remaining": remaining,
            "reset_after": reset_after,
            "max_concurrency": 1
        }))
        .expect("Discord's shape")
    }

    /// 2026-01-01 00:00 UTC.
    const NOW: i64 = 1_767_225_600_000;

    #[test]
    fn twice_the_shards_in_hand_start_and_fewer_stop_with_the_reset_time() {
        assert_eq!(session_budget_refusal(&limit(2, 0), 1, NOW), None);
        assert_eq!(session_budget_refusal(&limit(8, 0), 4, NOW), None);
        let line = session_budget_refusal(&limit(7, 90 * 60_000), 4, NOW).expect("refused");
        assert!(
            line.contains("7 more gateway logins (of 1000 a day)"),
            "{line}"
        );
        assert!(line.contains("starts 4 shard(s), which needs 8"), "{line}");
        assert!(
            line.contains("after 2026-01-01 01:30 UTC (in 90 min)"),
            "{line}"
        );
        assert!(!line.contains('\n'), "{line}");
        let line = session_budget_refusal(&limit(1, 59_001), 1, NOW).expect("refused");
        assert!(line.contains("(in 1 min)"), "{line}");
    }
}
