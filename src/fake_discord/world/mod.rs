//! The fake's model of Discord: users, channels, threads, DMs, every message as each user would
//! see it now, interactions and their callbacks, the gateway session, the request log, and the
//! violations found. The REST API is answered here, synchronously under one lock; the HTTP server
//! (`server`) and the gateway (`gateway`) only carry bytes.

mod gateway;
pub use gateway::IdentifyAdmission;
mod messages;
mod rest;

use super::json::{self, APP_ID, MessageParts, Origin};
use super::limits;
pub use super::record::MsgRec;
pub use super::route::RouteKind;
use super::upload::{self, Attachment, Upload};
use super::view::{MessageView, Place};
use serde_json::{Value, json};
use std::collections::{BTreeMap, HashMap, VecDeque};
use std::time::{Duration, Instant};
use tokio::sync::mpsc::UnboundedSender;

/// Interaction tokens last 15 minutes (Discord docs, "Interaction Callback").
pub const TOKEN_LIFETIME_MS: i64 = 15 * 60 * 1000;
/// The bot must answer an interaction within 3 seconds.
pub const CALLBACK_DEADLINE: Duration = Duration::from_secs(3);
/// Fake time starts here: 2026-01-01T00:00:00Z.
pub const EPOCH_MS: i64 = 1_767_225_600_000;
/// Gateway logins (IDENTIFY) a bot may make in 24 hours: `session_start_limit.total`.
pub const SESSION_STARTS_A_DAY: u32 = 1_000;
const DAY_MS: i64 = 86_400_000;
/// Discord's epoch (2015-01-01T00:00:00Z): a snowflake's top 42 bits are milliseconds since it
/// (docs: "Snowflakes").
pub const DISCORD_EPOCH_MS: u64 = 1_420_070_400_000;

/// Now, as unix milliseconds of the real clock (what Discord stamps an interaction's id with).
pub fn wall_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// The unix time in milliseconds a snowflake was made at.
pub fn snowflake_ms(id: u64) -> u64 {
    (id >> 22) + DISCORD_EPOCH_MS
}

/// How many gateway dispatches a session keeps for RESUME.
const SESSION_LOG: usize = 4096;

/// Permission bits (docs: "Bitwise Permission Flags"); the fake computes them as Discord does
/// (see `permissions`).
pub use super::permissions::bits as perm;
use super::permissions::{Perms, Target};

/// A member of the fake guild.
#[derive(Clone, Debug)]
pub struct UserRec {
    pub id: u64,
    pub name: String,
    /// Has Manage Server.
    pub manager: bool,
    /// Closed DMs: messages to this user fail with 50007.
    pub refuse_dm: bool,
    pub dm_channel: Option<u64>,
    /// Another app's bot account in the server (Discord's `user.bot`).
    pub bot: bool,
    /// When their Discord client last reloaded (fake ms; 0: never): the ephemeral messages
    /// they were shown before it are gone from their screen. Until then an ephemeral message
    /// stays, and its buttons work (each click brings a fresh token), for hours or days.
    pub reloaded_ms: i64,
}

/// What kind of channel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChannelKind {
    Text,
    /// A thread in a text channel, or a forum channel's post (a thread whose starter message
    /// has the thread's id).
    Thread {
        parent: u64,
        starter: u64,
    },
    Dm {
        user: u64,
    },
    /// A forum channel (type 15): it holds posts (threads) only; nothing is posted in it
    /// directly, and no command is used in it.
    Forum,
    /// An announcement channel (type 5).
    Announcement,
    /// A voice channel (type 2), whose text chat takes messages and commands.
    Voice,
}

impl ChannelKind {
    /// Discord's channel type number.
    pub fn type_number(&self) -> u8 {
        match self {
            ChannelKind::Text => 0,
            ChannelKind::Dm { .. } => 1,
            ChannelKind::Voice => 2,
            ChannelKind::Announcement => 5,
            ChannelKind::Thread { .. } => 11,
            ChannelKind::Forum => 15,
        }
    }
}

#[derive(Clone, Debug)]
pub struct ChannelRec {
    pub id: u64,
    pub name: String,
    pub kind: ChannelKind,
    /// The guild of a text channel or thread (a thread's is its parent's); none for DMs.
    pub guild: Option<u64>,
}

/// Whether a thread is archived or locked (its `thread_metadata`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ThreadState {
    pub archived: bool,
    pub locked: bool,
}

/// A recorded callback.
#[derive(Clone, Debug)]
pub struct CallbackRec {
    pub kind: u8,
    pub data: Value,
    pub after: Duration,
}

/// One interaction the fake created.
#[derive(Clone, Debug)]
pub struct IxRec {
    pub id: u64,
    pub token: String,
    pub user: u64,
    /// 2 command, 3 component, 4 autocomplete.
    pub kind: u8,
    pub channel_id: u64,
    /// The clicked message (components).
    pub message: Option<u64>,
    /// What the user did, for logs: `/fog new seats:3`, `[My hand]`.
    pub what: String,
    pub created_ms: i64,
    pub queued_at: Instant,
    pub dispatched_at: Option<Instant>,
    pub callback: Option<CallbackRec>,
    /// The callback was answered with an injected failure (the user saw "interaction failed").
    pub callback_failed: bool,
    /// The message the webhook's @original refers to.
    pub original: Option<u64>,
    pub followups: Vec<u64>,
    /// The test expects no answer (e.g. the bot was stopped).
    pub forgiven: bool,
    /// When each interaction webhook call for it arrived, from its creation.
    pub webhook_after: Vec<Duration>,
}

/// One REST request, as logged.
#[derive(Clone, Debug)]
pub struct RequestRecord {
    pub method: String,
    pub path: String,
    pub kind: RouteKind,
    pub status: u16,
    pub injected: bool,
    pub at_ms: i64,
    /// The interaction this request answered or followed up, when known.
    pub interaction: Option<u64>,
}

/// What happened, for the transcript.
#[derive(Clone, Debug)]
pub enum LogKind {
    /// A user did something (slash command, click, choice).
    Action {
        user: u64,
        what: String,
        place: Place,
    },
    /// A message appeared or changed (snapshot after the change; shared, as a message is much
    /// larger than the other entries and the checks copy the log: a copy of the log then copies
    /// no message).
    Message {
        msg: std::sync::Arc<MsgRec>,
        new: bool,
    },
    Deleted {
        id: u64,
    },
    /// Something about the system (bot restart, gateway drop, injected faults).
    Note(String),
}

#[derive(Clone, Debug)]
pub struct LogEntry {
    pub ms: i64,
    pub kind: LogKind,
}

/// What the fake does to a matching request instead of answering it normally.
#[derive(Clone, Debug, PartialEq)]
pub enum FaultAction {
    /// Answer with this status (500, 502, 503...) and do nothing.
    Fail(u16),
    /// Answer with this status and Discord's JSON error code, and do nothing: 404 10062
    /// (unknown interaction), 403 50001 (missing access), 403 50007 (cannot send messages to
    /// this user), 404 10008 (unknown message), 404 10003 (unknown channel).
    Error(u16, u32),
    /// Answer 429 with this retry-after and do nothing.
    RateLimit(Duration),
    /// Wait, then answer normally.
    Delay(Duration),
    /// Hold the request without an answer for this long (longer than any client waits) and
    /// carry out nothing: Discord (or the network to it) swallowing a call. Recorded at once
    /// as injected with status 504, the answer that would come at the end.
    Hang(Duration),
}

/// A fault rule: requests of `kinds` (all, when empty) are hit with `probability`, at most
/// `remaining` times. With [`RouteKind::Upload`] among `kinds`, only requests with files are
/// hit: of any route, or of the other `kinds` when it names some.
#[derive(Clone, Debug)]
pub struct FaultRule {
    pub kinds: Vec<RouteKind>,
    pub probability: f64,
    pub action: FaultAction,
    pub remaining: Option<u32>,
}

impl FaultRule {
    /// `action` on every request of `kinds` (of any route when empty), for good.
    pub fn always(kinds: &[RouteKind], action: FaultAction) -> FaultRule {
        FaultRule {
            kinds: kinds.to_vec(),
            probability: 1.0,
            action,
            remaining: None,
        }
    }

    /// The rule on a share `probability` of the requests it covers.
    pub fn sometimes(self, probability: f64) -> FaultRule {
        FaultRule {
            probability,
            ..self
        }
    }

    /// The rule for its next `times` hits only.
    pub fn times(self, times: u32) -> FaultRule {
        FaultRule {
            remaining: Some(times),
            ..self
        }
    }
}

/// A queued gateway dispatch.
#[derive(Clone, Debug)]
pub struct Dispatch {
    pub t: String,
    pub d: Value,
    pub interaction: Option<u64>,
}

/// Messages for the live WebSocket connection.
#[derive(Debug)]
pub enum WsOut {
    /// A JSON text frame; for dispatches, the sequence number and interaction it carries.
    Frame {
        text: String,
        seq: Option<u64>,
        interaction: Option<u64>,
    },
    /// Send a close frame with this code and hang up.
    Close(u16),
    /// Hang up without a close frame.
    Abort,
}

#[derive(Debug)]
pub struct Conn {
    pub id: u64,
    pub tx: UnboundedSender<WsOut>,
}

#[derive(Debug)]
pub struct Session {
    pub id: String,
    pub seq: u64,
    pub log: VecDeque<(u64, Dispatch)>,
    /// The last sequence number written to a socket.
    pub delivered: u64,
}

/// One shard's link to the bot: its connection and its session.
#[derive(Debug, Default)]
pub struct Link {
    pub conn: Option<Conn>,
    pub session: Option<Session>,
    /// The connection has identified or resumed.
    pub ready: bool,
    /// Dispatches for this shard waiting for a session.
    pub pending: Vec<Dispatch>,
}

impl Link {
    /// Connected, and identified or resumed.
    pub fn live(&self) -> bool {
        self.ready && self.conn.is_some()
    }
}

/// The gateway's state. Discord sends a server's events to shard `(guild_id >> 22) % shards`
/// and DMs to shard 0 (docs: "Sharding"); each shard is its own connection and session.
#[derive(Debug, Default)]
pub struct Gateway {
    /// Per shard id.
    pub links: BTreeMap<u32, Link>,
    /// Connections that have not identified or resumed yet.
    pub unbound: HashMap<u64, Conn>,
    /// The shard count the bot identified with (1 until it says otherwise).
    pub total: u32,
    /// The shard count `GET /gateway/bot` recommends.
    pub recommended: u32,
    pub identifies: u32,
    pub resumes: u32,
    pub connections: u32,
    /// The HELLO's heartbeat interval.
    pub heartbeat_ms: u64,
    /// How long a connection may go without a heartbeat before it is hung up (default: the
    /// interval and half again, since the first beat comes after a random share of it).
    pub heartbeat_allowance: Option<Duration>,
    pub heartbeats: u64,
    /// Connections hung up for missing heartbeats.
    pub zombies: u32,
    pub intents: Option<u64>,
    /// Every IDENTIFY is answered with this close code (4004 authentication failed, 4013
    /// invalid intents, 4014 disallowed intents), as Discord answers a bad token or intents.
    pub refuse_identify: Option<u16>,
    /// Discord requires at least this many shards: an IDENTIFY with fewer is closed with 4011
    /// "Sharding required" (0: no requirement).
    pub required_shards: u32,
    /// IDENTIFYs refused with a close code (each spends one of the day's session starts).
    pub refused_identifies: u32,
    /// The day's session starts (`session_start_limit.total` of `GET /gateway/bot`): every
    /// IDENTIFY spends one, refused or not. When they are spent Discord resets the bot's token
    /// (Gateway docs, "Session Start Limit").
    pub session_starts_total: u32,
    pub session_starts_used: u32,
    /// When the day of the session starts began (fake ms, the first IDENTIFY after a reset):
    /// the count resets 24 hours later.
    pub session_day_from: Option<i64>,
    /// The last IDENTIFY let through, in real time: `max_concurrency` (1) per window
    /// (`Limits::identify`, 5 s at Discord's pace).
    pub last_identify: Option<std::time::Instant>,
    /// IDENTIFYs answered with opcode 9 because they came too soon after the last one.
    pub identifies_too_fast: u32,
}

impl Gateway {
    /// True while every shard the bot identified has a live connection (and there is one).
    pub fn all_live(&self) -> bool {
        !self.links.is_empty()
            && (0..self.total).all(|s| self.links.get(&s).is_some_and(Link::live))
    }

    /// True while shard `s` has a live connection.
    pub fn live(&self, s: u32) -> bool {
        self.links.get(&s).is_some_and(Link::live)
    }

    /// Dispatches waiting for a session, on any shard.
    pub fn pending(&self) -> usize {
        self.links.values().map(|l| l.pending.len()).sum()
    }

    /// The shard whose connection is `conn`.
    pub fn shard_of_conn(&self, conn: u64) -> Option<u32> {
        self.links
            .iter()
            .find(|(_, l)| l.conn.as_ref().is_some_and(|c| c.id == conn))
            .map(|(s, _)| *s)
    }

    /// The shard that carries the fake's first guild (`json::GUILD_ID`).
    pub fn guild_shard(&self) -> u32 {
        self.shard_of(json::GUILD_ID)
    }

    /// The shard that carries `guild` (Discord's formula, `(guild_id >> 22) % shards`).
    pub fn shard_of(&self, guild: u64) -> u32 {
        ((guild >> 22) % u64::from(self.total.max(1))) as u32
    }
}

/// A REST request as the world sees it.
pub struct RestReq<'a> {
    pub method: &'a str,
    /// The path after `/api/v10`.
    pub path: &'a str,
    pub body: Option<&'a Value>,
    /// The `files[n]` parts of a multipart body (none for JSON).
    pub files: &'a [Upload],
}

/// A REST answer.
pub struct RestResp {
    pub status: u16,
    pub body: Option<Value>,
    pub retry_after: Option<Duration>,
}

impl RestResp {
    /// Discord's 400 "Invalid Form Body" (code 50035) listing `problems` in its nested shape.
    fn form_error(problems: &[limits::Problem]) -> RestResp {
        RestResp {
            status: 400,
            body: Some(limits::form_error(problems)),
            retry_after: None,
        }
    }

    fn ok(body: Value) -> RestResp {
        RestResp {
            status: 200,
            body: Some(body),
            retry_after: None,
        }
    }

    fn no_content() -> RestResp {
        RestResp {
            status: 204,
            body: None,
            retry_after: None,
        }
    }

    fn err(status: u16, code: u32, message: &str) -> RestResp {
        RestResp {
            status,
            body: Some(json::error(code, message)),
            retry_after: None,
        }
    }
}

/// The whole fake Discord.
pub struct World {
    /// Fake time: from [`EPOCH_MS`], running with real time, moved on by `advance_clock`. A
    /// test hands the same clock to the bot's store ([`crate::clock`]), so the bot and the fake
    /// agree on the date.
    pub clock: crate::clock::Clock,
    next_id: u64,
    last_interaction_id: u64,
    /// New interactions are stamped this long before they are delivered, as when Discord's
    /// gateway (or a busy bot) hands an interaction over late: their 3 seconds have partly gone.
    pub interaction_lag_ms: u64,
    pub token: String,
    pub ws_url: String,
    pub users: BTreeMap<u64, UserRec>,
    pub channels: BTreeMap<u64, ChannelRec>,
    pub messages: BTreeMap<u64, MsgRec>,
    pub interactions: HashMap<u64, IxRec>,
    pub by_token: HashMap<String, u64>,
    /// Message ids per channel, in creation order.
    pub by_channel: HashMap<u64, Vec<u64>>,
    /// Tasks waiting for the answer to an interaction.
    pub reply_waiters: HashMap<u64, Vec<tokio::sync::oneshot::Sender<()>>>,
    /// Registered global (and guild) commands, as the bot sent them, with ids.
    pub commands: Vec<Value>,
    pub gateway: Gateway,
    pub requests: Vec<RequestRecord>,
    pub violations: Vec<String>,
    pub log: Vec<LogEntry>,
    /// Keep the transcript log (off for benchmarks).
    pub record: bool,
    pub faults: Vec<FaultRule>,
    /// The guild's roles, who holds them and the channels' overwrites: what the bot (and
    /// anyone) may do where, computed as Discord computes it.
    pub perms: Perms,
    /// Channels and threads deleted (a moderator's doing): calls on them get 10003.
    pub deleted_channels: std::collections::HashSet<u64>,
    /// Threads archived or locked (a moderator's doing, or Discord's auto-archive): a post by
    /// the bot reopens an archived thread; a locked one refuses it (403 50083) unless the bot
    /// has Manage Threads. Absent: open.
    pub thread_states: HashMap<u64, ThreadState>,
    /// Discord's rate limits (buckets, global limit), enforced on every REST request.
    pub rate: super::ratelimit::RateLimiter,
    rng: u64,
    /// Bot requests answered, per route kind.
    pub counts: BTreeMap<RouteKind, u64>,
    pub deadline: Duration,
    /// The files of the request being handled; the message it creates or edits takes them
    /// (each request is handled whole under the world's lock, so they cannot mix).
    uploads: Vec<Upload>,
    /// Each user's client language (the interaction's `locale`); absent: `en-US`.
    pub locales: HashMap<u64, String>,
    /// The server's preferred language (the interaction's `guild_locale`).
    pub guild_locale: String,
    /// The guilds the bot is in: `json::GUILD_ID`, then any added with `add_guild`. They
    /// share members, roles and permissions; each has its own channels.
    pub guilds: Vec<u64>,
}

impl World {
    pub fn new(token: &str) -> World {
        World {
            clock: crate::clock::Clock::running_from(EPOCH_MS),
            next_id: 1_300_000_000_000_000_000,
            last_interaction_id: 0,
            interaction_lag_ms: 0,
            token: token.to_string(),
            ws_url: String::new(),
            users: BTreeMap::new(),
            channels: BTreeMap::new(),
            messages: BTreeMap::new(),
            interactions: HashMap::new(),
            by_token: HashMap::new(),
            by_channel: HashMap::new(),
            reply_waiters: HashMap::new(),
            commands: Vec::new(),
            gateway: Gateway {
                heartbeat_ms: 41_250,
                session_starts_total: SESSION_STARTS_A_DAY,
                total: 1,
                recommended: 1,
                ..Default::default()
            },
            requests: Vec::new(),
            violations: Vec::new(),
            log: Vec::new(),
            record: true,
            faults: Vec::new(),
            perms: default_perms(),
            deleted_channels: Default::default(),
            thread_states: HashMap::new(),
            rate: Default::default(),
            rng: 0x9E37_79B9_7F4A_7C15,
            counts: BTreeMap::new(),
            deadline: CALLBACK_DEADLINE,
            uploads: Vec::new(),
            locales: HashMap::new(),
            guild_locale: "en-US".to_string(),
            guilds: vec![json::GUILD_ID],
        }
    }

    /// Fake now, unix ms.
    pub fn now_ms(&self) -> i64 {
        self.clock.now_ms()
    }

    /// A fresh snowflake.
    pub fn id(&mut self) -> u64 {
        self.next_id += 1;
        self.next_id
    }

    /// A fresh interaction id: a snowflake stamped with the real clock, as Discord's are, since
    /// the 3 seconds to answer count from it and the bot reads it to know how long it has left.
    /// (Other ids count up from a fixed start, so transcripts stay the same from run to run.)
    pub fn interaction_id(&mut self) -> u64 {
        let made = wall_ms().saturating_sub(self.interaction_lag_ms);
        let stamped = (made.saturating_sub(DISCORD_EPOCH_MS)) << 22;
        self.last_interaction_id = stamped.max(self.last_interaction_id + 1);
        self.last_interaction_id
    }

    /// The id of the latest interaction so far (0 before any): a mark for looking only at the
    /// interactions that come after it.
    pub fn latest_interaction(&self) -> u64 {
        self.interactions.keys().copied().max().unwrap_or(0)
    }

    /// How many interactions (commands and clicks) came from `channel`: tests that play through
    /// DMs count them to know the DM's clicks reached the bot.
    pub fn interactions_in(&self, channel: u64) -> usize {
        self.interactions
            .values()
            .filter(|i| i.channel_id == channel)
            .count()
    }

    pub fn seed_faults(&mut self, seed: u64) {
        self.rng = seed ^ 0x9E37_79B9_7F4A_7C15;
    }

    /// xorshift64*: a uniform number in [0, 1).
    fn roll(&mut self) -> f64 {
        let mut x = self.rng;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.rng = x;
        (x.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 11) as f64 / (1u64 << 53) as f64
    }

    /// Refuses a payload as Discord does (400, 50035) and records each problem as a violation,
    /// so a test still fails loudly on it.
    fn refuse_form(&mut self, context: &str, problems: &[limits::Problem]) -> RestResp {
        for p in problems {
            self.violation(format!("{context}: {p}"));
        }
        RestResp::form_error(problems)
    }

    pub fn violation(&mut self, what: String) {
        tracing::error!(target: "fake_discord", "VIOLATION: {what}");
        self.violations.push(what);
    }

    pub fn note(&mut self, what: impl Into<String>) {
        if self.record {
            let ms = self.now_ms();
            self.log.push(LogEntry {
                ms,
                kind: LogKind::Note(what.into()),
            });
        }
    }

    fn log_message(&mut self, id: u64, new: bool) {
        if !self.record {
            return;
        }
        if let Some(m) = self.messages.get(&id) {
            let entry = LogEntry {
                ms: m.edited_ms.unwrap_or(m.created_ms),
                kind: LogKind::Message {
                    msg: std::sync::Arc::new(m.clone()),
                    new,
                },
            };
            self.log.push(entry);
        }
    }

    pub fn log_action(&mut self, user: u64, what: String, place: Place) {
        if self.record {
            let ms = self.now_ms();
            self.log.push(LogEntry {
                ms,
                kind: LogKind::Action { user, what, place },
            });
        }
    }

    // ------------------------------------------------------------------ users and channels

    pub fn add_user(&mut self, name: &str) -> u64 {
        let id = self.id();
        self.users.insert(
            id,
            UserRec {
                id,
                name: name.to_string(),
                manager: false,
                refuse_dm: false,
                dm_channel: None,
                bot: false,
                reloaded_ms: 0,
            },
        );
        id
    }

    /// Another app's bot account, a member of the server like a person.
    pub fn add_bot_user(&mut self, name: &str) -> u64 {
        let id = self.add_user(name);
        if let Some(u) = self.users.get_mut(&id) {
            u.bot = true;
        }
        id
    }

    /// A text channel in the first guild (`json::GUILD_ID`).
    pub fn add_channel(&mut self, name: &str) -> u64 {
        self.add_channel_in(json::GUILD_ID, name)
    }

    /// A text channel in `guild` (one of `guilds`).
    pub fn add_channel_in(&mut self, guild: u64, name: &str) -> u64 {
        self.add_channel_of(guild, name, ChannelKind::Text)
    }

    /// A channel of `kind` in `guild`, announced with CHANNEL_CREATE (a thread: THREAD_CREATE)
    /// as Discord does when a member makes one.
    pub fn add_channel_of(&mut self, guild: u64, name: &str, kind: ChannelKind) -> u64 {
        let id = self.id();
        let c = ChannelRec {
            id,
            name: name.to_string(),
            kind,
            guild: Some(guild),
        };
        self.channels.insert(id, c.clone());
        if self.gateway.links.values().any(Link::live) {
            let event = match c.kind {
                ChannelKind::Thread { .. } => "THREAD_CREATE",
                _ => "CHANNEL_CREATE",
            };
            let j = self.channel_json(&c);
            self.dispatch(event, j, None);
        }
        id
    }

    /// A thread a member started in text channel `parent` (not from a message), or a post in
    /// forum `parent` (its starter message, by `author`, has the thread's id, as Discord makes
    /// them). The bot is not its owner.
    pub fn add_thread(&mut self, parent: u64, name: &str, author: u64) -> u64 {
        let guild = self.guild_of(parent).unwrap_or(json::GUILD_ID);
        let forum = matches!(
            self.channels.get(&parent).map(|c| &c.kind),
            Some(ChannelKind::Forum)
        );
        let id = self.add_channel_of(guild, name, ChannelKind::Thread { parent, starter: 0 });
        if forum {
            // The post's opening message: what the member wrote, with the thread's id.
            if let Some(ChannelKind::Thread { starter, .. }) =
                self.channels.get_mut(&id).map(|c| &mut c.kind)
            {
                *starter = id;
            }
            self.add_member_message(id, id, author, name);
        }
        id
    }

    /// A message `author` (a member) wrote in `channel`, with id `id`: a forum post's opening
    /// message. Members' messages are scenery: the bot only ever reads its own.
    fn add_member_message(&mut self, channel: u64, id: u64, author: u64, content: &str) {
        let now = self.now_ms();
        self.by_channel.entry(channel).or_default().push(id);
        self.messages.insert(
            id,
            MsgRec::new(id, channel, author, content.to_string(), now),
        );
    }

    /// Another guild for the bot (with the same members, roles and permissions as the first),
    /// announced with GUILD_CREATE on its shard as when Discord adds the bot to a server. Its
    /// id is `json::extra_guild_id(n)`: added guilds fall on the shards in turn.
    pub fn add_guild(&mut self) -> u64 {
        let id = json::extra_guild_id(self.guilds.len() as u64);
        self.guilds.push(id);
        if self.gateway.links.values().any(Link::live) {
            let g = self.guild_create_of(id);
            self.dispatch("GUILD_CREATE", g, None);
        }
        id
    }

    /// The guild of `channel` (a thread: its parent's); none for DMs and unknown channels.
    pub fn guild_of(&self, channel: u64) -> Option<u64> {
        self.channels.get(&channel).and_then(|c| c.guild)
    }

    /// The guilds shard `shard` carries.
    pub fn guilds_on(&self, shard: u32) -> Vec<u64> {
        self.guilds
            .iter()
            .copied()
            .filter(|&g| self.gateway.shard_of(g) == shard)
            .collect()
    }

    pub fn user_json(&self, id: u64) -> Value {
        if id == APP_ID {
            return json::bot_user();
        }
        let name = self.users.get(&id).map_or("unknown", |u| u.name.as_str());
        let bot = self.users.get(&id).is_some_and(|u| u.bot);
        json::user(id, name, bot)
    }

    pub fn member_json(&self, id: u64) -> Value {
        let u = &self.users[&id];
        let perms = if u.manager {
            json::ALL_PERMISSIONS
        } else {
            json::MEMBER_PERMISSIONS
        };
        json::member(id, &u.name, perms, EPOCH_MS - 86_400_000)
    }

    /// GUILD_CREATE for the first guild.
    pub fn guild_create(&self) -> Value {
        self.guild_create_of(json::GUILD_ID)
    }

    /// GUILD_CREATE for `guild`: its channels, the roles (the @everyone role's id is the
    /// guild's own, as on Discord) and the members.
    pub fn guild_create_of(&self, guild: u64) -> Value {
        let channels: Vec<Value> = self
            .channels
            .values()
            .filter(|c| c.kind == ChannelKind::Text && c.guild == Some(guild))
            .enumerate()
            .map(|(k, c)| {
                let mut j = json::text_channel(c.id, &c.name, k as u16);
                j["guild_id"] = json!(guild.to_string());
                j["permission_overwrites"] = self.overwrites_in(c.id, guild);
                j
            })
            .collect();
        let bot_roles = self
            .perms
            .member_roles
            .get(&APP_ID)
            .cloned()
            .unwrap_or_default();
        let mut members = vec![json::bot_member(EPOCH_MS, &bot_roles)];
        members.extend(self.users.keys().map(|&u| self.member_json(u)));
        let mut roles = self.perms.roles_json();
        for r in &mut roles {
            regild(&mut r["id"], guild);
        }
        let mut g = json::guild_create(&channels, &roles, &members, self.now_ms());
        g["id"] = json!(guild.to_string());
        g
    }

    /// A channel's overwrites as listed in `guild` (the @everyone role's id is the guild's).
    fn overwrites_in(&self, channel: u64, guild: u64) -> Value {
        let mut o = self.overwrites(channel);
        if let Some(list) = o.as_array_mut() {
            for x in list {
                regild(&mut x["id"], guild);
            }
        }
        o
    }

    /// A channel's permission overwrites, as Discord lists them.
    fn overwrites(&self, channel: u64) -> Value {
        self.perms.overwrites_json(channel)
    }

    /// The bot's permissions in `channel` as Discord computes them (a thread: from its parent's
    /// overwrites, with Send Messages in Threads in Send Messages' place). DMs allow everything.
    pub fn bot_perms(&self, channel: u64) -> u64 {
        // Removed from a server, the bot sees nothing of it.
        if self
            .guild_of(channel)
            .is_some_and(|g| !self.guilds.contains(&g))
        {
            return 0;
        }
        match self.channels.get(&channel).map(|c| &c.kind) {
            Some(ChannelKind::Thread { parent, .. }) => {
                self.perms.in_channel(APP_ID, *parent, true)
            }
            Some(ChannelKind::Dm { .. }) | None => perm::ALL,
            Some(
                ChannelKind::Text
                | ChannelKind::Forum
                | ChannelKind::Announcement
                | ChannelKind::Voice,
            ) => self.perms.in_channel(APP_ID, channel, false),
        }
    }

    /// Whether the bot has all of `perms` in `channel`.
    pub fn bot_can(&self, channel: u64, perms: u64) -> bool {
        self.bot_perms(channel) & perms == perms
    }

    /// Withholds `bits` from the bot in a guild channel (and so its threads) with a member
    /// overwrite, replacing the bot's overwrite there (`0` removes it), and tells the bot with
    /// CHANNEL_UPDATE.
    pub fn set_denied(&mut self, channel: u64, bits: u64) {
        self.set_overwrite(channel, Target::Member(APP_ID), 0, bits);
    }

    /// Sets (replaces) an overwrite on a guild channel and sends CHANNEL_UPDATE, as Discord does.
    pub fn set_overwrite(&mut self, channel: u64, target: Target, allow: u64, deny: u64) {
        self.perms.set_overwrite(channel, target, allow, deny);
        if let Some(c) = self.channels.get(&channel).cloned() {
            let j = self.channel_json(&c);
            self.dispatch("CHANNEL_UPDATE", j, None);
        }
    }

    /// Sets a role's permissions and sends GUILD_ROLE_UPDATE, as Discord does.
    pub fn set_role_permissions(&mut self, role: u64, permissions: u64) {
        let Some(r) = self.perms.roles.get_mut(&role) else {
            return;
        };
        r.permissions = permissions;
        let j = json!({
            "guild_id": json::GUILD_ID.to_string(),
            "role": super::permissions::role_json(r),
        });
        self.dispatch("GUILD_ROLE_UPDATE", j, None);
    }

    /// Deletes a thread (or channel), as a moderator would: its messages go with it, later calls
    /// on it get 404 10003 "Unknown Channel", and the bot hears THREAD_DELETE (or
    /// CHANNEL_DELETE).
    ///
    /// A channel's threads go with it, as on Discord.
    pub fn delete_channel(&mut self, id: u64) {
        let Some(c) = self.channels.remove(&id) else {
            return;
        };
        self.deleted_channels.insert(id);
        let threads: Vec<u64> = self
            .channels
            .values()
            .filter(|t| matches!(t.kind, ChannelKind::Thread { parent, .. } if parent == id))
            .map(|t| t.id)
            .collect();
        for t in threads {
            self.channels.remove(&t);
            self.deleted_channels.insert(t);
            for m in self.messages.values_mut() {
                if m.channel_id == t {
                    m.deleted = true;
                }
            }
        }
        for m in self.messages.values_mut() {
            if m.channel_id == id {
                m.deleted = true;
            }
            if m.thread == Some(id) {
                m.thread = None;
            }
        }
        match c.kind {
            ChannelKind::Thread { parent, .. } => {
                let d = json!({
                    "id": id.to_string(),
                    "guild_id": json::GUILD_ID.to_string(),
                    "parent_id": parent.to_string(),
                    "type": 11,
                });
                self.dispatch("THREAD_DELETE", d, None);
            }
            _ => {
                let j = self.channel_json(&c);
                self.dispatch("CHANNEL_DELETE", j, None);
            }
        }
        self.note(format!("A moderator deleted “{}”.", c.name));
    }

    /// Archives and/or locks a thread, as a moderator (or Discord's auto-archive) would: the bot
    /// hears THREAD_UPDATE with the thread's new `thread_metadata`.
    pub fn set_thread_state(&mut self, thread: u64, state: ThreadState) {
        let Some(c) = self.channels.get(&thread).cloned() else {
            return;
        };
        if state == ThreadState::default() {
            self.thread_states.remove(&thread);
        } else {
            self.thread_states.insert(thread, state);
        }
        let j = self.channel_json(&c);
        self.dispatch("THREAD_UPDATE", j, None);
        self.note(format!(
            "A moderator {} “{}”.",
            match (state.archived, state.locked) {
                (_, true) => "locked the thread",
                (true, false) => "archived the thread",
                (false, false) => "reopened the thread",
            },
            c.name
        ));
    }

    /// Removes the bot from `guild`, as a moderator kicking it (or the owner deleting the
    /// server) would: the bot hears GUILD_DELETE without `unavailable` (Discord's sign that it
    /// was removed, not that the server is down), and every later call on the guild's channels
    /// and threads is refused with 403 50001 "Missing Access" (it sees none of them).
    pub fn remove_bot(&mut self, guild: u64) {
        if !self.guilds.contains(&guild) {
            return;
        }
        self.guilds.retain(|&g| g != guild);
        self.dispatch("GUILD_DELETE", json!({ "id": guild.to_string() }), None);
        self.note("A moderator removed the bot from the server.");
    }

    /// Deletes a message, as a moderator would (the bot, with only the GUILDS intent, is not
    /// told): later calls on it get 404 10008 "Unknown Message".
    pub fn delete_message(&mut self, id: u64) {
        self.delete(id);
        self.note("A moderator deleted a message.");
    }

    /// Answers a call on a guild channel the bot lacks `needed` in, as Discord does: 403 with
    /// 50001 "Missing Access" when it cannot even see the channel, else 50013 "Missing
    /// Permissions" (with a note naming what was missing).
    fn lacks(&mut self, channel: u64, needed: u64, context: &str) -> Option<RestResp> {
        let have = self.bot_perms(channel);
        if have & needed == needed {
            return None;
        }
        let missing = super::permissions::names(needed & !have).join(", ");
        self.note(format!("{context}: refused, the bot lacks {missing}."));
        if have & perm::VIEW_CHANNEL == 0 {
            return Some(RestResp::err(403, 50001, "Missing Access"));
        }
        Some(missing_permissions())
    }

    fn channel_json(&self, c: &ChannelRec) -> Value {
        let guild = c.guild.unwrap_or(json::GUILD_ID);
        match &c.kind {
            ChannelKind::Text
            | ChannelKind::Forum
            | ChannelKind::Announcement
            | ChannelKind::Voice => {
                let mut j = json::text_channel(c.id, &c.name, 0);
                j["type"] = json!(c.kind.type_number());
                j["guild_id"] = json!(guild.to_string());
                j["permission_overwrites"] = self.overwrites_in(c.id, guild);
                j
            }
            ChannelKind::Thread { parent, .. } => {
                let mut j = json::thread_channel(c.id, *parent, &c.name, 10080, self.now_ms());
                j["guild_id"] = json!(guild.to_string());
                let state = self.thread_states.get(&c.id).copied().unwrap_or_default();
                j["thread_metadata"]["archived"] = json!(state.archived);
                j["thread_metadata"]["locked"] = json!(state.locked);
                j
            }
            ChannelKind::Dm { user } => json::dm_channel(c.id, &self.user_json(*user)),
        }
    }
}

/// Replaces the first guild's @everyone role id (`json::GUILD_ID`) in `id` by `guild`'s: the
/// guilds share one permission model, but each has its own @everyone role.
fn regild(id: &mut Value, guild: u64) {
    if id.as_str() == Some(json::GUILD_ID.to_string().as_str()) {
        *id = json!(guild.to_string());
    }
}

/// The guild's permissions at the start: @everyone has what a new server gives it (and the
/// fake's members' usual permissions), and the bot's own role, made when it joined, has every
/// permission but Administrator.
fn default_perms() -> Perms {
    let mut p = Perms::new(json::GUILD_ID, json::OWNER_ID, DEFAULT_EVERYONE);
    p.add_role(
        json::BOT_ROLE,
        json::BOT_NAME,
        json::ALL_PERMISSIONS,
        Some(APP_ID),
    );
    p.member_roles.insert(APP_ID, vec![json::BOT_ROLE]);
    p
}

/// @everyone's permissions at the start (as a new server has them, for what the fake models).
pub const DEFAULT_EVERYONE: u64 =
    json::MEMBER_PERMISSIONS | perm::ATTACH_FILES | perm::CREATE_PUBLIC_THREADS;

/// The frame text for dispatch `seq`.
pub fn frame(seq: u64, d: &Dispatch) -> WsOut {
    let text = json!({"op": 0, "s": seq, "t": d.t, "d": d.d}).to_string();
    WsOut::Frame {
        text,
        seq: Some(seq),
        interaction: d.interaction,
    }
}

/// The users a new message notifies: `<@id>` mentions in its content, filtered by
/// `allowed_mentions` (absent: every mentioned user, as on Discord).
fn pings(body: &Value) -> Vec<u64> {
    let content = body.get("content").and_then(Value::as_str).unwrap_or("");
    let mut mentioned = Vec::new();
    let mut rest = content;
    while let Some(k) = rest.find("<@") {
        let after = &rest[k + 2..];
        let after = after.strip_prefix('!').unwrap_or(after);
        let digits: String = after.chars().take_while(char::is_ascii_digit).collect();
        if let Ok(id) = digits.parse::<u64>()
            && after[digits.len()..].starts_with('>')
            && !mentioned.contains(&id)
        {
            mentioned.push(id);
        }
        rest = &after[digits.len()..];
    }
    let Some(allowed) = body.get("allowed_mentions") else {
        return mentioned;
    };
    let parse_users = allowed
        .get("parse")
        .and_then(Value::as_array)
        .is_some_and(|p| p.iter().any(|x| x == "users"));
    if parse_users {
        return mentioned;
    }
    let listed: Vec<u64> = allowed
        .get("users")
        .and_then(Value::as_array)
        .map(|us| {
            us.iter()
                .filter_map(|u| u.as_str().and_then(|s| s.parse().ok()).or(u.as_u64()))
                .collect()
        })
        .unwrap_or_default();
    mentioned
        .into_iter()
        .filter(|u| listed.contains(u))
        .collect()
}

/// 403, code 50013, as Discord answers a call the bot lacks a permission for.
fn missing_permissions() -> RestResp {
    RestResp::err(403, 50013, "Missing Permissions")
}

fn is_empty_message(body: &Value) -> bool {
    body.get("content")
        .and_then(Value::as_str)
        .is_none_or(str::is_empty)
        && array(body.get("embeds")).is_empty()
        && array(body.get("components")).is_empty()
}

fn array(v: Option<&Value>) -> Vec<Value> {
    v.and_then(Value::as_array).cloned().unwrap_or_default()
}

/// A path with interaction tokens shortened, for messages.
pub fn redact(path: &str) -> String {
    path.split('/')
        .map(|s| {
            if s.starts_with("fake-token-") {
                "<token>"
            } else {
                s
            }
        })
        .collect::<Vec<_>>()
        .join("/")
}

#[cfg(test)]
mod tests;
