//! A fake Discord for end-to-end tests and the offline demo: REST (axum) and a gateway WebSocket
//! on 127.0.0.1, inside the test process. The real bot (serenity + poise) connects to it through
//! `HttpBuilder::proxy` with the rate limiter disabled (without that, serenity ignores the proxy:
//! its rate limiter builds its own client), or over HTTPS as discord.com (`tls.rs`), with
//! serenity's rate limiter on.
//!
//! The fake keeps a model of every message as each user would see it now (channel, threads, each
//! user's ephemeral replies, each user's DMs), checks every payload the bot sends against
//! Discord's documented limits and answers as Discord does (400 "Invalid Form Body" with the
//! nested `errors`, 404 "Unknown interaction" for a callback more than 3 seconds after the
//! click), records each such problem as a violation (and calls to routes it does not know), and
//! can be told to fail (500s, 429s, delays, closed DMs, a dropped gateway). Interactions reach
//! only the gateway session they were created for (a RESUME replays them, a new IDENTIFY never).
//!
//! Tests act as users: [`FakeDiscord::slash`], [`FakeDiscord::click`], [`FakeDiscord::choose`],
//! and read what a user sees with [`FakeDiscord::visible`]. Scripted players (`player`) decide
//! only from that view.

pub mod commands;
pub mod days;
mod gateway;
pub mod guided;
pub mod harness;
pub mod json;
pub mod limits;
pub mod openapi;
pub mod permissions;
pub mod player;
pub mod ratelimit;
pub mod reading;
pub mod record;
pub mod route;
mod server;
mod tls;
pub mod transcript;
pub mod upload;
pub mod verify;
pub mod view;
pub mod world;

pub use view::{Component, EmbedView, MessageView, OptionView, Place};
pub use world::{ChannelKind, FaultAction, FaultRule, RouteKind, perm};

use poise::serenity_prelude as serenity;
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};
use tokio::sync::watch;
use world::{World, WsOut};

/// A serenity HTTP client with its rate limiter on, whose `https://discord.com` is `addr` (a
/// fake's HTTPS listener, or a port where nothing listens), with `token`.
pub fn http_ratelimited_at(addr: SocketAddr, token: &str) -> serenity::Http {
    let client = tls::client(addr);
    let limiter = serenity::http::Ratelimiter::new(client.clone(), format!("Bot {token}"));
    serenity::HttpBuilder::new(token)
        .client(client)
        .ratelimiter(limiter)
        .build()
}

/// A reqwest client builder that reaches a fake's HTTPS listener at `addr` for every
/// `https://discord.com` URL and trusts only the fake's test CA (`farmhand run` with
/// `FARMHAND_DISCORD_FAKE_TLS`, as `bench discord --processes` starts it).
pub fn tls_client_builder(addr: SocketAddr) -> reqwest::ClientBuilder {
    tls::builder(addr)
}

/// The bot token the fake accepts.
pub const TOKEN: &str = "fake-token";

/// What the server tasks and the test share.
pub struct Shared {
    world: Mutex<World>,
    changed: watch::Sender<u64>,
    in_flight: AtomicUsize,
    last_activity: Mutex<Instant>,
    token: String,
    /// Tells whether the bot still owes Discord something it will send without being asked
    /// (a merged redraw waiting for its interval), so waiting for quiet waits for that too.
    /// Per running bot (several when processes share the shards).
    bot_busy: Mutex<Vec<(u64, BusyProbe)>>,
    /// Until when a client made by [`FakeDiscord::http`] sleeps on a rate limit it was told
    /// of (serenity's rate-limit callback): the bot is busy until then.
    client_waits_until: Mutex<Option<Instant>>,
    /// Every gateway frame sent to the bot, in order, once [`FakeDiscord::record_gateway`]
    /// asked for them (off by default: a long game sends megabytes).
    gateway_sent: Mutex<Option<Vec<String>>>,
}

/// See [`FakeDiscord::set_bot_busy`].
/// Given whether queued public posts count, is the bot still busy?
pub type BusyProbe = Arc<dyn Fn(bool) -> bool + Send + Sync>;

impl Shared {
    /// Runs `f` on the world and tells waiters something may have changed.
    fn with<R>(&self, f: impl FnOnce(&mut World) -> R) -> R {
        let r = f(&mut self.lock());
        self.touch();
        r
    }

    fn lock(&self) -> MutexGuard<'_, World> {
        self.world.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Notes a gateway frame sent to the bot, when they are recorded.
    fn sent_on_gateway(&self, text: &str) {
        if let Some(sent) = self
            .gateway_sent
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .as_mut()
        {
            sent.push(text.to_string());
        }
    }

    fn touch(&self) {
        *self.last_activity.lock().unwrap_or_else(|p| p.into_inner()) = Instant::now();
        self.changed.send_modify(|v| *v += 1);
    }
}

/// Why a user action could not happen.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum FakeError {
    #[error("message {0} is not visible to this user")]
    NotVisible(u64),
    #[error("no component {0:?} on that message")]
    NoComponent(String),
    #[error("component {0:?} is disabled")]
    Disabled(String),
    #[error("the select has no option {0:?}")]
    NoOption(String),
    #[error("{0}")]
    Command(String),
    #[error("no answer to {0} in time")]
    Timeout(String),
    #[error("the answer to {0} failed (injected fault): Discord shows \"This interaction failed\"")]
    Failed(String),
}

/// An interaction the fake sent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ix {
    pub id: u64,
    pub user: u64,
}

/// The bot's answer to an interaction.
#[derive(Clone, Debug)]
pub struct Reply {
    /// Callback type: 4 message, 5 deferred, 6 deferred update, 7 update, 8 autocomplete, 9 modal.
    pub kind: u8,
    pub data: Value,
    /// The message created or updated, if any.
    pub message: Option<u64>,
    /// Time from dispatch to callback.
    pub after: Duration,
}

impl Reply {
    pub fn content(&self) -> &str {
        self.data
            .get("content")
            .and_then(Value::as_str)
            .unwrap_or("")
    }

    pub fn ephemeral(&self) -> bool {
        self.data.get("flags").and_then(Value::as_u64).unwrap_or(0) & 64 != 0
    }

    /// Autocomplete choice names.
    pub fn choices(&self) -> Vec<String> {
        self.data
            .get("choices")
            .and_then(Value::as_array)
            .map(|cs| {
                cs.iter()
                    .filter_map(|c| c.get("name").and_then(Value::as_str).map(str::to_string))
                    .collect()
            })
            .unwrap_or_default()
    }
}

/// A running fake Discord. Cheap to clone; the server stops when the runtime does.
#[derive(Clone)]
pub struct FakeDiscord {
    shared: Arc<Shared>,
    addr: SocketAddr,
    /// The HTTPS listener that answers for `https://discord.com`.
    tls_addr: SocketAddr,
}

impl FakeDiscord {
    /// Starts the fake on a free loopback port.
    pub async fn start() -> std::io::Result<FakeDiscord> {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
        let addr = listener.local_addr()?;
        let mut world = World::new(TOKEN);
        world.ws_url = format!("ws://{addr}/ws");
        // Discord's limits, as documented, from the start, with the per-channel and per-token
        // windows on a clock that runs `SIMULATED_SPEED` times real time (see
        // `Limits::simulated`): the bot talks to the fake with serenity's rate limiter on (see
        // `http`), as it talks to Discord.
        world.rate.limits = ratelimit::Limits::simulated(ratelimit::SIMULATED_SPEED);
        let (changed, _) = watch::channel(0);
        let shared = Arc::new(Shared {
            world: Mutex::new(world),
            changed,
            in_flight: AtomicUsize::new(0),
            last_activity: Mutex::new(Instant::now()),
            bot_busy: Mutex::new(Vec::new()),
            token: TOKEN.to_string(),
            client_waits_until: Mutex::new(None),
            gateway_sent: Mutex::new(None),
        });
        let app = server::router(shared.clone());
        // Without TCP_NODELAY, small responses wait for delayed ACKs (~40 ms on loopback) and
        // the figures would measure the fake, not the bot.
        let listener = axum::serve::ListenerExt::tap_io(listener, |tcp| {
            let _ = tcp.set_nodelay(true);
        });
        let tls_tcp = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
        let tls_addr = tls_tcp.local_addr()?;
        let tls = tls::TlsListener::new(tls_tcp)?;
        let tls_app = app.clone();
        tokio::spawn(async move {
            if let Err(e) = axum::serve(listener, app).await {
                tracing::error!(error = %e, "the fake Discord's server stopped");
            }
        });
        tokio::spawn(async move {
            if let Err(e) = axum::serve(tls, tls_app).await {
                tracing::error!(error = %e, "the fake Discord's HTTPS server stopped");
            }
        });
        Ok(FakeDiscord {
            shared,
            addr,
            tls_addr,
        })
    }

    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The HTTPS listener (serenity's rate-limited client reaches it as `discord.com`).
    pub fn tls_addr(&self) -> SocketAddr {
        self.tls_addr
    }

    /// The serenity HTTP client the harness gives the bot: the production one, serenity's rate
    /// limiter on (see [`http_ratelimited`](Self::http_ratelimited)).
    pub fn http(&self) -> serenity::Http {
        self.http_ratelimited()
    }

    /// A serenity HTTP client that talks to this fake with serenity's rate limiter on, as in
    /// production: its requests go to `https://discord.com`, which its reqwest client resolves
    /// to the fake's HTTPS listener (trusting only the fake's test CA). Turn the fake's limits
    /// on with [`set_rate_limits`](Self::set_rate_limits). serenity's rate-limit callback tells
    /// the fake when this client sleeps, so [`settle`](Self::settle) waits for it; but a
    /// serenity `Client` built on it replaces that callback with its `Ratelimit` event, so the
    /// bot reports its waits itself (`discord::ratelimits`, read through the harness's busy
    /// probe). Without that, `settle` took a bot holding thread summaries back for a used-up
    /// bucket for a quiet one.
    pub fn http_ratelimited(&self) -> serenity::Http {
        self.http_for(&crate::config::DiscordConfig::default())
    }

    /// [`http_ratelimited`](Self::http_ratelimited), its client made by the bot's own
    /// [`crate::discord::rest_client`] with `discord`'s settings (its request timeout), as
    /// `farmhand run` makes it.
    pub fn http_for(&self, discord: &crate::config::DiscordConfig) -> serenity::Http {
        let client = self.rest_client_for(discord);
        let limiter = serenity::http::Ratelimiter::new(client.clone(), format!("Bot {TOKEN}"));
        let mut http = serenity::HttpBuilder::new(TOKEN)
            .client(client)
            .ratelimiter(limiter)
            .build();
        let shared = Arc::downgrade(&self.shared);
        let limiter = http
            .ratelimiter
            .as_mut()
            .expect("built with the rate limiter on");
        limiter.set_ratelimit_callback(Box::new(move |info| {
            if let Some(s) = shared.upgrade() {
                let until = Instant::now() + info.timeout;
                let mut w = s
                    .client_waits_until
                    .lock()
                    .unwrap_or_else(|p| p.into_inner());
                *w = Some(w.map_or(until, |old| old.max(until)));
            }
        }));
        http
    }

    /// An HTTPS client that reaches this fake as `https://discord.com` (what
    /// [`http_ratelimited`](Self::http_ratelimited) is built on).
    pub fn rest_client(&self) -> reqwest::Client {
        self.rest_client_for(&crate::config::DiscordConfig::default())
    }

    /// [`rest_client`](Self::rest_client) with `discord`'s settings, made as the bot makes its
    /// own (see [`http_for`](Self::http_for)).
    pub fn rest_client_for(&self, discord: &crate::config::DiscordConfig) -> reqwest::Client {
        crate::discord::rest_client(tls::builder(self.tls_addr), discord).expect("a reqwest client")
    }

    /// A serenity HTTP client through the plain-HTTP proxy route, with serenity's rate limiter
    /// off (without that, serenity ignores the proxy).
    pub fn http_unlimited(&self) -> serenity::Http {
        serenity::HttpBuilder::new(TOKEN)
            .proxy(format!("http://{}", self.addr))
            .ratelimiter_disabled(true)
            .build()
    }

    /// Changes the rate limits the fake enforces.
    pub fn set_rate_limits(&self, limits: ratelimit::Limits) {
        self.with(|w| w.rate.limits = limits)
    }

    /// Requests answered 429 by the rate limits so far (per route, global).
    pub fn rate_limited(&self) -> (u64, u64) {
        self.with_quiet(|w| w.rate.limited)
    }

    /// Answers that count toward Discord's invalid-request limit (401, 403, 429): all told, and
    /// the most in any 10 minutes (Discord bans at 10,000).
    pub fn invalid_requests(&self) -> (u64, usize) {
        self.with_quiet(|w| (w.rate.invalid.total, w.rate.invalid.peak))
    }

    /// From now on, interactions reach the bot `lag` after Discord made them (their ids carry
    /// the earlier time, from which their 3 seconds count), as from a slow gateway.
    pub fn set_interaction_lag(&self, lag: Duration) {
        self.with(|w| w.interaction_lag_ms = lag.as_millis() as u64)
    }

    /// Runs `f` on the world (for tests that need more than the API offers).
    pub fn with<R>(&self, f: impl FnOnce(&mut World) -> R) -> R {
        self.shared.with(f)
    }

    // ------------------------------------------------------------------ set-up

    pub fn add_user(&self, name: &str) -> u64 {
        self.with(|w| w.add_user(name))
    }

    /// Another app's bot account in the server (a seat cannot be given to it).
    pub fn add_bot_user(&self, name: &str) -> u64 {
        self.with(|w| w.add_bot_user(name))
    }

    pub fn add_channel(&self, name: &str) -> u64 {
        self.with(|w| w.add_channel(name))
    }

    /// A channel of `kind` (a forum, an announcement or a voice channel) in the first guild.
    pub fn add_channel_of(&self, name: &str, kind: ChannelKind) -> u64 {
        self.with(|w| w.add_channel_of(json::GUILD_ID, name, kind))
    }

    /// A thread `author` started in text channel `parent`, or `author`'s post in forum
    /// `parent` (see `World::add_thread`).
    pub fn add_thread(&self, parent: u64, name: &str, author: u64) -> u64 {
        self.with(|w| w.add_thread(parent, name, author))
    }

    /// Another guild for the bot (see `World::add_guild`); its id.
    pub fn add_guild(&self) -> u64 {
        self.with(|w| w.add_guild())
    }

    /// A text channel in `guild`.
    pub fn add_channel_in(&self, guild: u64, name: &str) -> u64 {
        self.with(|w| w.add_channel_in(guild, name))
    }

    pub fn user_name(&self, user: u64) -> String {
        self.with(|w| {
            w.users
                .get(&user)
                .map(|u| u.name.clone())
                .unwrap_or_default()
        })
    }

    /// Gives a user Manage Server (or takes it away).
    pub fn set_manager(&self, user: u64, manager: bool) {
        self.with(|w| {
            if let Some(u) = w.users.get_mut(&user) {
                u.manager = manager;
            }
        })
    }

    /// Withholds permissions from the bot in one channel (and its threads), replacing what was
    /// withheld there before (`0` gives everything back): calls that need them are answered 403,
    /// code 50013 "Missing Permissions", as Discord does. Bits: [`perm`].
    pub fn deny(&self, channel: u64, perms: u64) {
        self.with(|w| w.set_denied(channel, perms))
    }

    /// Withholds permissions from the bot in every guild channel: neither @everyone nor the
    /// bot's role has them (GUILD_ROLE_UPDATE tells the bot).
    pub fn deny_everywhere(&self, perms: u64) {
        self.with(|w| {
            w.set_role_permissions(json::GUILD_ID, world::DEFAULT_EVERYONE & !perms);
            w.set_role_permissions(json::BOT_ROLE, json::ALL_PERMISSIONS & !perms);
        })
    }

    /// Sets a role's permissions (`json::GUILD_ID` is @everyone, `json::BOT_ROLE` the bot's).
    pub fn set_role_permissions(&self, role: u64, perms: u64) {
        self.with(|w| w.set_role_permissions(role, perms))
    }

    /// Adds a role with `perms` and returns its id.
    pub fn add_role(&self, name: &str, perms: u64) -> u64 {
        self.with(|w| {
            let id = w.id();
            w.perms.add_role(id, name, perms, None);
            id
        })
    }

    /// Gives `member` (a user, or the bot: `json::APP_ID`) a role.
    pub fn give_role(&self, member: u64, role: u64) {
        self.with(|w| w.perms.member_roles.entry(member).or_default().push(role))
    }

    /// Sets (replaces) a permission overwrite on a guild channel; `allow` and `deny` both 0
    /// remove it. The bot hears of it with CHANNEL_UPDATE.
    pub fn set_overwrite(&self, channel: u64, target: permissions::Target, allow: u64, deny: u64) {
        self.with(|w| w.set_overwrite(channel, target, allow, deny))
    }

    /// Deletes a thread or channel as a moderator would (see [`World::delete_channel`]).
    pub fn delete_channel(&self, id: u64) {
        self.with(|w| w.delete_channel(id))
    }

    /// `user`'s Discord client reloads (an app restart, a new device): the ephemeral messages
    /// they were shown are gone from their screen; later ones show as usual.
    pub fn reload_client(&self, user: u64) {
        self.with(|w| {
            let now = w.now_ms();
            if let Some(u) = w.users.get_mut(&user) {
                u.reloaded_ms = now + 1;
            }
        });
    }

    /// Archives and/or locks a thread (see [`World::set_thread_state`]).
    pub fn set_thread_state(&self, thread: u64, archived: bool, locked: bool) {
        self.with(|w| w.set_thread_state(thread, world::ThreadState { archived, locked }));
    }

    /// Removes the bot from `guild` (see [`World::remove_bot`]).
    pub fn remove_bot(&self, guild: u64) {
        self.with(|w| w.remove_bot(guild));
    }

    /// Deletes a message as a moderator would: later calls on it get 404 10008.
    pub fn delete_message(&self, id: u64) {
        self.with(|w| w.delete_message(id))
    }

    /// The bot's permissions in a channel or thread, as Discord computes them.
    pub fn bot_permissions(&self, channel: u64) -> u64 {
        self.with_quiet(|w| w.bot_perms(channel))
    }

    /// Closes (or opens) a user's DMs: messages to them fail with 50007.
    pub fn refuse_dms(&self, user: u64, refuse: bool) {
        self.with(|w| {
            if let Some(u) = w.users.get_mut(&user) {
                u.refuse_dm = refuse;
            }
        })
    }

    /// Keep (or stop keeping) the transcript log.
    pub fn set_recording(&self, on: bool) {
        self.with(|w| w.record = on)
    }

    /// Replaces the fault rules (and seeds their dice).
    pub fn set_faults(&self, seed: u64, rules: Vec<FaultRule>) {
        self.with(|w| {
            w.seed_faults(seed);
            w.faults = rules;
        })
    }

    /// Moves fake time forward (ephemeral messages and interaction tokens expire after 15
    /// minutes of fake time).
    pub fn advance_clock(&self, by: Duration) {
        self.with(|w| {
            w.clock.advance(by);
            w.note(format!("{} minutes pass.", by.as_secs() / 60));
        })
    }

    pub fn now_ms(&self) -> i64 {
        self.with(|w| w.now_ms())
    }

    /// The fake's clock: a test gives it to the bot's store (`Store::with_clock`) so the bot
    /// reads the same simulated date.
    pub fn clock(&self) -> crate::clock::Clock {
        self.with(|w| w.clock.clone())
    }

    /// Adds a line to the transcript.
    pub fn note(&self, what: impl Into<String>) {
        self.with(|w| w.note(what))
    }

    /// Drops every gateway connection: with a close frame (`Some(code)`, e.g. 4000) or by
    /// hanging up.
    pub fn drop_gateway(&self, close_code: Option<u16>) {
        self.with(|w| {
            for link in w.gateway.links.values_mut() {
                if let Some(c) = link.conn.as_ref() {
                    let _ = c.tx.send(match close_code {
                        Some(code) => WsOut::Close(code),
                        None => WsOut::Abort,
                    });
                }
                link.ready = false;
            }
            w.note("The gateway connection dropped.");
        })
    }

    /// Sends opcode 7 (Reconnect) on shard `shard`'s connection, as Discord does before it moves
    /// a session: the bot must reconnect and resume. False if the shard has no connection.
    pub fn request_reconnect(&self, shard: u32) -> bool {
        self.with(|w| {
            let Some(c) = w.gateway.links.get(&shard).and_then(|l| l.conn.as_ref()) else {
                return false;
            };
            let sent =
                c.tx.send(WsOut::Frame {
                    text: serde_json::json!({"op": 7, "d": null}).to_string(),
                    seq: None,
                    interaction: None,
                })
                .is_ok();
            w.note(format!(
                "The gateway asked shard {shard} to reconnect (opcode 7)."
            ));
            sent
        })
    }

    /// Answers every IDENTIFY with a close code (4004, 4013, 4014) from now on, or no longer
    /// (`None`).
    pub fn refuse_identify(&self, code: Option<u16>) {
        self.with(|w| w.gateway.refuse_identify = code)
    }

    /// Requires at least `shards` shards, as Discord does once a bot has too many servers per
    /// shard: `GET /gateway/bot` recommends that many, every connection is closed with 4011
    /// "Sharding required" and IDENTIFYs with fewer are closed the same way.
    pub fn require_shards(&self, shards: u32) {
        self.with(|w| {
            w.gateway.required_shards = shards;
            w.gateway.recommended = w.gateway.recommended.max(shards);
            if w.gateway.total < shards {
                for link in w.gateway.links.values_mut() {
                    if let Some(c) = link.conn.as_ref() {
                        let _ = c.tx.send(WsOut::Close(4011));
                    }
                    link.ready = false;
                }
                w.note(format!(
                    "Discord now requires {shards} shards (close code 4011)."
                ));
            }
        })
    }

    /// Leaves `left` of the day's gateway logins (session starts), as if the bot had spent the
    /// rest in the last hour: `GET /gateway/bot` says so, and the count resets 23 hours later.
    pub fn set_session_starts_left(&self, left: u32) {
        self.with(|w| {
            let now = w.now_ms();
            let g = &mut w.gateway;
            g.session_starts_used = g.session_starts_total.saturating_sub(left);
            g.session_day_from = Some(now - 3_600_000);
        })
    }

    /// Gateway logins (IDENTIFY) spent today, and those answered with opcode 9 for coming too
    /// soon after the last one.
    pub fn session_starts(&self) -> (u32, u32) {
        self.with_quiet(|w| (w.gateway.session_starts_used, w.gateway.identifies_too_fast))
    }

    /// IDENTIFYs the gateway refused with a close code so far.
    pub fn refused_identifies(&self) -> u32 {
        self.with_quiet(|w| w.gateway.refused_identifies)
    }

    /// Sends opcode 9 (Invalid Session, not resumable) on every connection, as Discord does when
    /// it drops a session: the bot must identify again.
    pub fn invalidate_sessions(&self) {
        self.invalidate(false, "The gateway invalidated every session (opcode 9).")
    }

    /// Sends opcode 9 (Invalid Session) with `d: true` on every connection, as Discord does
    /// when a session may still be resumed: the bot must reconnect and RESUME. The sessions and
    /// what they missed are kept.
    pub fn invalidate_sessions_resumable(&self) {
        self.invalidate(
            true,
            "The gateway invalidated every session, resumable (opcode 9).",
        )
    }

    /// Opcode 9 with `d: resumable` on every connection; a session that may not be resumed is
    /// forgotten.
    fn invalidate(&self, resumable: bool, note: &str) {
        self.with(|w| {
            for link in w.gateway.links.values_mut() {
                if let Some(c) = link.conn.as_ref() {
                    let _ = c.tx.send(WsOut::Frame {
                        text: serde_json::json!({"op": 9, "d": resumable}).to_string(),
                        seq: None,
                        interaction: None,
                    });
                }
                if !resumable {
                    link.session = None;
                }
            }
            w.note(note);
        })
    }

    /// The shard count `GET /gateway/bot` recommends (1 by default).
    pub fn set_recommended_shards(&self, shards: u32) {
        self.with(|w| w.gateway.recommended = shards.max(1))
    }

    /// The HELLO's heartbeat interval, and how long a connection may go without a heartbeat
    /// before it is hung up (`None`: the interval and half again). For new connections.
    pub fn set_heartbeat(&self, interval: Duration, allowance: Option<Duration>) {
        self.with(|w| {
            w.gateway.heartbeat_ms = interval.as_millis() as u64;
            w.gateway.heartbeat_allowance = allowance;
        })
    }

    /// (heartbeats received, connections hung up for missing them) so far.
    pub fn heartbeats(&self) -> (u64, u32) {
        self.with_quiet(|w| (w.gateway.heartbeats, w.gateway.zombies))
    }

    /// The shards with a live connection, and the shard count the bot identified with.
    pub fn live_shards(&self) -> (Vec<u32>, u32) {
        self.with_quiet(|w| {
            let live = w
                .gateway
                .links
                .iter()
                .filter(|(_, l)| l.live())
                .map(|(s, _)| *s)
                .collect();
            (live, w.gateway.total)
        })
    }

    /// The shard that carries the fake's guild, at the shard count the bot identified with.
    pub fn guild_shard(&self) -> u32 {
        self.with_quiet(|w| w.gateway.guild_shard())
    }

    /// True while every shard the bot identified is connected and has identified or resumed.
    pub fn gateway_ready(&self) -> bool {
        self.with(|w| w.gateway.all_live())
    }

    /// Records every gateway frame sent to the bot from now on (HELLO, dispatches, heartbeat
    /// acknowledgements...), for [`gateway_frames`](Self::gateway_frames).
    pub fn record_gateway(&self) {
        let mut sent = self
            .shared
            .gateway_sent
            .lock()
            .unwrap_or_else(|p| p.into_inner());
        sent.get_or_insert_with(Vec::new);
    }

    /// The gateway frames sent since [`record_gateway`](Self::record_gateway), in order, as
    /// sent (JSON text). Close frames are not among them.
    pub fn gateway_frames(&self) -> Vec<String> {
        self.shared
            .gateway_sent
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
            .unwrap_or_default()
    }

    /// (connections, identifies, resumes) so far.
    pub fn gateway_stats(&self) -> (u32, u32, u32) {
        self.with(|w| {
            (
                w.gateway.connections,
                w.gateway.identifies,
                w.gateway.resumes,
            )
        })
    }

    // ------------------------------------------------------------------ waiting

    /// Waits until `cond` holds on the world, or `timeout` passes (false).
    pub async fn wait_for(&self, timeout: Duration, mut cond: impl FnMut(&World) -> bool) -> bool {
        let deadline = tokio::time::Instant::now() + timeout;
        let mut rx = self.shared.changed.subscribe();
        loop {
            if cond(&self.shared.lock()) {
                return true;
            }
            let now = tokio::time::Instant::now();
            if now >= deadline {
                return false;
            }
            // Wake on any change, and at least every 50 ms (time-based conditions).
            let step = (deadline - now).min(Duration::from_millis(50));
            let _ = tokio::time::timeout(step, rx.changed()).await;
        }
    }

    /// Waits until the bot is connected and ready (commands registered, when `commands`).
    pub async fn wait_ready(&self, timeout: Duration, commands: bool) -> bool {
        self.wait_for(timeout, |w| {
            w.gateway.all_live() && (!commands || !w.commands.is_empty())
        })
        .await
    }

    /// [`wait_ready`](Self::wait_ready) for a bot that runs only shards `first..=last` (another
    /// process runs the rest).
    pub async fn wait_shards_ready(
        &self,
        timeout: Duration,
        commands: bool,
        (first, last): (u32, u32),
    ) -> bool {
        self.wait_for(timeout, |w| {
            (first..=last).all(|s| w.gateway.live(s)) && (!commands || !w.commands.is_empty())
        })
        .await
    }

    /// Waits until the bot is quiet: no request in flight, every interaction answered (or failed,
    /// or forgiven), nothing queued on the gateway, and no activity for `quiet`. False after
    /// `timeout` without progress.
    pub async fn settle_for(&self, quiet: Duration, timeout: Duration) -> bool {
        self.settle_inner(quiet, timeout, true).await
    }

    /// [`settle`](Self::settle), except that public posts the bot still has queued behind a
    /// channel's rate limit (thread summaries, sent in order by its outbox) do not count: what
    /// players need to go on (answers, table and panel edits) is done. The scripted players use
    /// this between moves, so a game is not paced by the thread's five messages per five seconds.
    pub async fn settle_moves(&self) -> bool {
        self.settle_inner(Duration::from_millis(30), Duration::from_secs(20), false)
            .await
    }

    async fn settle_inner(&self, quiet: Duration, timeout: Duration, posts: bool) -> bool {
        let started = Instant::now();
        loop {
            let probes: Vec<BusyProbe> = self
                .shared
                .bot_busy
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .iter()
                .map(|(_, p)| p.clone())
                .collect();
            let busy = self.shared.in_flight.load(Ordering::SeqCst) > 0
                || probes.iter().any(|p| p(posts))
                || self.with_quiet(|w| {
                    w.interactions
                        .values()
                        .any(|i| i.callback.is_none() && !i.callback_failed && !i.forgiven)
                        || w.gateway.pending() > 0
                        // The bot may be sleeping on a used-up rate-limit bucket.
                        || (posts && w.rate.exhausted())
                });
            let waits_until = if posts {
                *self
                    .shared
                    .client_waits_until
                    .lock()
                    .unwrap_or_else(|p| p.into_inner())
            } else {
                None
            };
            let sleeping = waits_until.is_some_and(|t| t > Instant::now());
            let busy = busy || sleeping;
            // The end of a rate-limit sleep counts as activity: the request it held back still
            // has to reach the fake (a new TLS connection can take longer than `quiet`), and
            // without this the bot looked quiet in that gap and thread summaries were "lost".
            let last = *self
                .shared
                .last_activity
                .lock()
                .unwrap_or_else(|p| p.into_inner());
            let idle = waits_until.map_or(last, |t| t.max(last));
            if !busy && idle.elapsed() >= quiet {
                return true;
            }
            // Give up after `timeout` with no progress (a game held back by Discord's rate
            // limits takes as long as the limits say, but keeps making calls), or after ten
            // times `timeout` in all (a bot that never goes quiet).
            let stalled = started.elapsed() >= timeout && idle.elapsed() >= timeout;
            if stalled || started.elapsed() >= timeout * 10 {
                return false;
            }
            tokio::time::sleep(Duration::from_millis(3)).await;
        }
    }

    /// Lets [`settle_for`](Self::settle_for) ask running bot `bot` whether it still owes an edit
    /// or holds a call back (the harness sets this for each bot it starts, and removes it with
    /// `None` when the bot stops).
    pub fn set_bot_busy(&self, bot: u64, probe: Option<BusyProbe>) {
        let mut probes = self
            .shared
            .bot_busy
            .lock()
            .unwrap_or_else(|p| p.into_inner());
        probes.retain(|(b, _)| *b != bot);
        probes.extend(probe.map(|p| (bot, p)));
    }

    /// [`settle_for`](Self::settle_for) with 30 ms of quiet and a 20 s limit.
    pub async fn settle(&self) -> bool {
        self.settle_for(Duration::from_millis(30), Duration::from_secs(20))
            .await
    }

    /// Reads the world without counting as activity.
    fn with_quiet<R>(&self, f: impl FnOnce(&World) -> R) -> R {
        f(&self.shared.lock())
    }

    /// Waits for the bot's answer to an interaction (10 s).
    pub async fn reply(&self, ix: &Ix) -> Result<Reply, FakeError> {
        self.reply_within(ix, Duration::from_secs(10)).await
    }

    pub async fn reply_within(&self, ix: &Ix, timeout: Duration) -> Result<Reply, FakeError> {
        let answer = |w: &World| -> Option<Result<Reply, FakeError>> {
            let Some(i) = w.interactions.get(&ix.id) else {
                return Some(Err(FakeError::Timeout(format!(
                    "unknown interaction {}",
                    ix.id
                ))));
            };
            // A deferred answer ("thinking...") is only an answer once the bot has filled it in.
            let thinking = i.callback.as_ref().is_some_and(|cb| cb.kind == 5)
                && i.original
                    .and_then(|m| w.messages.get(&m))
                    .is_some_and(|m| m.loading && !m.deleted);
            if let Some(cb) = &i.callback
                && !thinking
            {
                return Some(Ok(Reply {
                    kind: cb.kind,
                    data: cb.data.clone(),
                    message: i.original,
                    after: cb.after,
                }));
            }
            if i.callback_failed {
                return Some(Err(FakeError::Failed(i.what.clone())));
            }
            None
        };
        // Register for a wake-up under the same lock as the check, so none is missed. A wake-up
        // may come from a deferred callback that is not an answer yet: wait again.
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            let rx = {
                let mut w = self.shared.lock();
                if let Some(r) = answer(&w) {
                    return r;
                }
                let (tx, rx) = tokio::sync::oneshot::channel();
                w.reply_waiters.entry(ix.id).or_default().push(tx);
                rx
            };
            if tokio::time::timeout_at(deadline, rx).await.is_err() {
                break;
            }
        }
        let out = answer(&self.shared.lock());
        match out {
            Some(r) => r,
            None => {
                let what = self.with_quiet(|w| {
                    w.interactions
                        .get(&ix.id)
                        .map(|i| {
                            format!(
                                "{} (interaction {}, {})",
                                i.what,
                                i.id,
                                match i.dispatched_at {
                                    Some(d) => format!(
                                        "delivered to the bot {:.1} s ago",
                                        d.elapsed().as_secs_f64()
                                    ),
                                    None => "never delivered: no gateway session".to_string(),
                                }
                            )
                        })
                        .unwrap_or_default()
                });
                Err(FakeError::Timeout(what))
            }
        }
    }

    /// Marks an interaction as not expecting an answer (e.g. the bot was stopped under it).
    pub fn forgive(&self, ix: &Ix) {
        self.with(|w| {
            if let Some(i) = w.interactions.get_mut(&ix.id) {
                i.forgiven = true;
            }
        })
    }

    /// Forgives every interaction still unanswered (before stopping a bot on purpose).
    pub fn forgive_unanswered(&self) -> usize {
        self.with(|w| {
            let mut n = 0;
            for i in w.interactions.values_mut() {
                if i.callback.is_none() && !i.callback_failed && !i.forgiven {
                    i.forgiven = true;
                    n += 1;
                }
            }
            n
        })
    }

    // ------------------------------------------------------------------ acting as a user

    /// A slash command typed by `user` in `channel`: `"fog new seats:3"`.
    pub fn slash(&self, user: u64, channel: u64, line: &str) -> Result<Ix, FakeError> {
        self.command(user, channel, line, false)
    }

    /// Typing into an autocompleted option: the last `name:value` is the focused one.
    pub fn autocomplete(&self, user: u64, channel: u64, line: &str) -> Result<Ix, FakeError> {
        self.command(user, channel, line, true)
    }

    fn command(
        &self,
        user: u64,
        channel: u64,
        line: &str,
        autocomplete: bool,
    ) -> Result<Ix, FakeError> {
        self.with(|w| {
            let known: Vec<commands::Known> = w
                .users
                .values()
                .map(|u| commands::Known {
                    id: u.id,
                    name: u.name.clone(),
                    user: w.user_json(u.id),
                    member: w.member_json(u.id),
                })
                .collect();
            // A server the bot was removed from no longer offers its commands.
            if w.guild_of(channel).is_some_and(|g| !w.guilds.contains(&g)) {
                return Err(FakeError::Command(
                    "the bot is not in this server: its commands are not offered".into(),
                ));
            }
            // The Discord client offers no message box, so no command, in a forum channel
            // itself: only in its posts.
            if w.channels
                .get(&channel)
                .is_some_and(|c| c.kind == ChannelKind::Forum)
            {
                return Err(FakeError::Command(
                    "commands cannot be used in a forum channel itself, only in its posts".into(),
                ));
            }
            if w.thread_states.get(&channel).is_some_and(|s| s.archived) {
                return Err(FakeError::Command(
                    "slash commands cannot be used inside an archived thread".into(),
                ));
            }
            let data = commands::build(&w.commands, line, &known, autocomplete)
                .map_err(FakeError::Command)?;
            let place = w
                .channels
                .get(&channel)
                .map(|c| match c.kind {
                    ChannelKind::Thread { .. } => Place::Thread,
                    ChannelKind::Dm { .. } => Place::Dm,
                    _ => Place::Channel,
                })
                .unwrap_or(Place::Channel);
            let shown = format!("/{}", line.trim_start_matches('/'));
            w.log_action(user, shown.clone(), place);
            let kind = if autocomplete { 4 } else { 2 };
            let (id, _) = w.new_interaction(user, kind, channel, data, None, shown);
            Ok(Ix { id, user })
        })
    }

    /// Clicks a button, as the Discord client would: only on a message the user sees, only an
    /// enabled button.
    pub fn click(&self, user: u64, message: u64, custom_id: &str) -> Result<Ix, FakeError> {
        self.component(user, message, custom_id, None, true)
    }

    /// [`FakeDiscord::click`], then waits for the bot's answer to it ([`FakeDiscord::reply`]).
    pub async fn click_reply(
        &self,
        user: u64,
        message: u64,
        custom_id: &str,
    ) -> Result<Reply, FakeError> {
        self.reply(&self.click(user, message, custom_id)?).await
    }

    /// Picks `value` in a select menu.
    pub fn choose(
        &self,
        user: u64,
        message: u64,
        custom_id: &str,
        value: &str,
    ) -> Result<Ix, FakeError> {
        self.component(user, message, custom_id, Some(value), true)
    }

    /// Sends a component interaction without any client-side check (a modified client, an old
    /// button that is no longer on the message, garbage ids). `value` makes it a select.
    pub fn click_unchecked(
        &self,
        user: u64,
        message: u64,
        custom_id: &str,
        value: Option<&str>,
    ) -> Result<Ix, FakeError> {
        self.component(user, message, custom_id, value, false)
    }

    fn component(
        &self,
        user: u64,
        message: u64,
        custom_id: &str,
        value: Option<&str>,
        checked: bool,
    ) -> Result<Ix, FakeError> {
        self.with(|w| {
            let m = w
                .messages
                .get(&message)
                .filter(|m| !checked || w.visible_to(m, user))
                .ok_or(FakeError::NotVisible(message))?
                .clone();
            let v = w.view(&m);
            let found = v.components().find(|c| c.custom_id() == custom_id).cloned();
            let what = match (&found, value) {
                (Some(Component::Button { label, .. }), None) => format!("[{label}]"),
                (
                    Some(Component::Select {
                        placeholder,
                        options,
                        ..
                    }),
                    Some(val),
                ) => {
                    let label = options
                        .iter()
                        .find(|o| o.value == val)
                        .map_or(val, |o| o.label.as_str());
                    format!("«{placeholder}» → {label}")
                }
                _ => format!("(raw component {custom_id:?})"),
            };
            if checked {
                match (&found, value) {
                    (None, _) => return Err(FakeError::NoComponent(custom_id.to_string())),
                    (Some(c), _) if c.disabled() => {
                        return Err(FakeError::Disabled(custom_id.to_string()));
                    }
                    (Some(Component::Select { options, .. }), Some(val)) => {
                        if !options.iter().any(|o| o.value == val) {
                            return Err(FakeError::NoOption(val.to_string()));
                        }
                    }
                    (Some(Component::Button { style: 5, .. }), _) => {
                        return Err(FakeError::NoComponent(custom_id.to_string()));
                    }
                    (Some(Component::Button { .. }), None) => {}
                    _ => return Err(FakeError::NoComponent(custom_id.to_string())),
                }
            }
            let data = match value {
                Some(val) => json!({"custom_id": custom_id, "component_type": 3, "values": [val]}),
                None => json!({"custom_id": custom_id, "component_type": 2}),
            };
            w.log_action(user, what.clone(), v.place);
            let (id, _) = w.new_interaction(user, 3, m.channel_id, data, Some(message), what);
            Ok(Ix { id, user })
        })
    }

    // ------------------------------------------------------------------ reading

    /// Every message `user` can see now, oldest first: the guild's channels and threads, their
    /// own ephemeral replies (until their client reloads) and their DMs.
    pub fn visible(&self, user: u64) -> Vec<MessageView> {
        self.with_quiet(|w| {
            w.messages
                .values()
                .filter(|m| w.visible_to(m, user))
                .map(|m| w.view(m))
                .collect()
        })
    }

    /// The messages of one channel, thread or DM (not ephemeral ones), oldest first.
    pub fn channel(&self, channel: u64) -> Vec<MessageView> {
        self.with_quiet(|w| {
            w.by_channel
                .get(&channel)
                .into_iter()
                .flatten()
                .filter_map(|id| w.messages.get(id))
                .filter(|m| m.ephemeral_for.is_none() && !m.deleted)
                .map(|m| w.view(m))
                .collect()
        })
    }

    /// Message `id` if `user` can see it now.
    pub fn visible_message(&self, user: u64, id: u64) -> Option<MessageView> {
        self.with_quiet(|w| {
            w.messages
                .get(&id)
                .filter(|m| w.visible_to(m, user))
                .map(|m| w.view(m))
        })
    }

    /// One message as stored (whoever may see it).
    pub fn message(&self, id: u64) -> Option<MessageView> {
        self.with_quiet(|w| w.messages.get(&id).map(|m| w.view(m)))
    }

    /// The thread started from a message in `channel`, if any.
    pub fn threads_of(&self, channel: u64) -> Vec<u64> {
        self.with_quiet(|w| {
            w.channels
                .values()
                .filter(
                    |c| matches!(c.kind, ChannelKind::Thread { parent, .. } if parent == channel),
                )
                .map(|c| c.id)
                .collect()
        })
    }

    /// The DM channel of a user, once the bot opened one.
    pub fn dm_channel(&self, user: u64) -> Option<u64> {
        self.with_quiet(|w| w.users.get(&user).and_then(|u| u.dm_channel))
    }

    /// Every DM channel, with the user it is with: whose eyes a DM's messages are for.
    pub fn dm_users(&self) -> std::collections::HashMap<u64, u64> {
        self.with(|w| {
            w.channels
                .values()
                .filter_map(|c| match c.kind {
                    ChannelKind::Dm { user } => Some((c.id, user)),
                    _ => None,
                })
                .collect()
        })
    }

    /// Waits up to `within` for a DM to `user` whose text (content and embeds) contains
    /// `needle`, and returns it; None if none came. DMs go out after the store's commit that
    /// causes them, so a test reads them by waiting, not at once.
    pub async fn wait_for_dm(
        &self,
        user: u64,
        needle: &str,
        within: Duration,
    ) -> Option<MessageView> {
        let found = |w: &World| {
            w.users
                .get(&user)
                .and_then(|u| u.dm_channel)
                .and_then(|c| w.by_channel.get(&c))
                .is_some_and(|ids| {
                    ids.iter()
                        .filter_map(|id| w.messages.get(id))
                        .any(|m| w.view(m).text().contains(needle))
                })
        };
        self.wait_for(within, found).await;
        self.channel(self.dm_channel(user)?)
            .into_iter()
            .find(|m| m.text().contains(needle))
    }

    /// Problems found so far (limits, late or missing callbacks, unknown routes...).
    pub fn violations(&self) -> Vec<String> {
        self.with_quiet(|w| {
            let mut v = w.violations.clone();
            for i in w.unanswered(w.deadline) {
                v.push(format!(
                    "interaction {} ({}) was never answered: the user sees \"This interaction failed\"",
                    i.id, i.what
                ));
            }
            v
        })
    }

    /// Panics with every violation, if any.
    pub fn assert_clean(&self) {
        let v = self.violations();
        assert!(
            v.is_empty(),
            "the fake Discord saw {} problem(s):\n  {}",
            v.len(),
            v.join("\n  ")
        );
    }

    /// The REST requests so far.
    pub fn requests(&self) -> Vec<world::RequestRecord> {
        self.with_quiet(|w| w.requests.clone())
    }

    /// The transcript log so far.
    pub fn log(&self) -> Vec<world::LogEntry> {
        self.with_quiet(|w| w.log.clone())
    }

    /// User names by id (for transcripts).
    pub fn users(&self) -> Vec<(u64, String)> {
        self.with_quiet(|w| w.users.values().map(|u| (u.id, u.name.clone())).collect())
    }
}
