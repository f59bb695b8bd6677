//! The fake's model of Discord: users, channels, threads, DMs, every message as each user would
//! see it now, interactions and their callbacks, the gateway session, the request log, and the
//! violations found. The REST API is answered here, synchronously under one lock; the HTTP server
//! (`server`) and the gateway (`gateway`) only carry bytes.

use super::json::{self, APP_ID, MessageParts, Origin};
use super::limits;
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
}

/// What kind of channel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChannelKind {
    Text,
    Thread { parent: u64, starter: u64 },
    Dm { user: u64 },
}

#[derive(Clone, Debug)]
pub struct ChannelRec {
    pub id: u64,
    pub name: String,
    pub kind: ChannelKind,
}

/// One message as it is now.
#[derive(Clone, Debug)]
pub struct MsgRec {
    pub id: u64,
    pub channel_id: u64,
    /// Ephemeral: only this user sees it.
    pub ephemeral_for: Option<u64>,
    /// Who wrote it: the bot (APP_ID) or a user.
    pub author: u64,
    pub content: String,
    pub embeds: Vec<Value>,
    pub components: Vec<Value>,
    pub flags: u64,
    pub created_ms: i64,
    pub edited_ms: Option<i64>,
    pub edits: u32,
    /// The interaction this message answers: (interaction id, interaction type, user).
    pub interaction: Option<(u64, u8, u64)>,
    /// A deferred response still "thinking".
    pub loading: bool,
    pub deleted: bool,
    /// The thread started from this message.
    pub thread: Option<u64>,
    /// Users this message notified when it was sent (mentioned in the content and allowed by
    /// `allowed_mentions`; edits never notify).
    pub pings: Vec<u64>,
    /// Files attached (pictures, exports).
    pub attachments: Vec<Attachment>,
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
}

/// Which API a request used (for faults and statistics).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RouteKind {
    Gateway,
    Application,
    Commands,
    Callback,
    Followup,
    WebhookMessage,
    CreateMessage,
    EditMessage,
    GetMessage,
    DeleteMessage,
    CreateThread,
    CreateDm,
    GetChannel,
    Other,
    Unknown,
    /// Any request that carries files (a fault kind only: such a request is counted and
    /// recorded under its route's kind).
    Upload,
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
    /// A message appeared or changed (snapshot after the change; boxed, as a message is much
    /// larger than the other entries).
    Message {
        msg: Box<MsgRec>,
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
    /// Answer 429 with this retry-after and do nothing.
    RateLimit(Duration),
    /// Wait, then answer normally.
    Delay(Duration),
}

/// A fault rule: requests of `kinds` (all, when empty) are hit with `probability`, at most
/// `remaining` times.
#[derive(Clone, Debug)]
pub struct FaultRule {
    pub kinds: Vec<RouteKind>,
    pub probability: f64,
    pub action: FaultAction,
    pub remaining: Option<u32>,
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
    /// IDENTIFYs refused with a close code (each would spend one of the day's session starts).
    pub refused_identifies: u32,
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

    /// The shard that carries the fake's guild.
    pub fn guild_shard(&self) -> u32 {
        ((json::GUILD_ID >> 22) % u64::from(self.total.max(1))) as u32
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
    pub started: Instant,
    /// Fake time added on top of real time (`advance_clock`).
    pub offset_ms: i64,
    next_id: u64,
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
}

impl World {
    pub fn new(token: &str) -> World {
        World {
            started: Instant::now(),
            offset_ms: 0,
            next_id: 1_300_000_000_000_000_000,
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
            rate: Default::default(),
            rng: 0x9E37_79B9_7F4A_7C15,
            counts: BTreeMap::new(),
            deadline: CALLBACK_DEADLINE,
            uploads: Vec::new(),
            locales: HashMap::new(),
            guild_locale: "en-US".to_string(),
        }
    }

    /// Fake now, unix ms.
    pub fn now_ms(&self) -> i64 {
        EPOCH_MS + self.started.elapsed().as_millis() as i64 + self.offset_ms
    }

    /// A fresh snowflake.
    pub fn id(&mut self) -> u64 {
        self.next_id += 1;
        self.next_id
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
                    msg: Box::new(m.clone()),
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
            },
        );
        id
    }

    pub fn add_channel(&mut self, name: &str) -> u64 {
        let id = self.id();
        self.channels.insert(
            id,
            ChannelRec {
                id,
                name: name.to_string(),
                kind: ChannelKind::Text,
            },
        );
        id
    }

    pub fn user_json(&self, id: u64) -> Value {
        if id == APP_ID {
            return json::bot_user();
        }
        let name = self.users.get(&id).map_or("unknown", |u| u.name.as_str());
        json::user(id, name, false)
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

    /// The guild channels for GUILD_CREATE.
    pub fn guild_create(&self) -> Value {
        let channels: Vec<Value> = self
            .channels
            .values()
            .filter(|c| c.kind == ChannelKind::Text)
            .enumerate()
            .map(|(k, c)| {
                let mut j = json::text_channel(c.id, &c.name, k as u16);
                j["permission_overwrites"] = self.overwrites(c.id);
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
        json::guild_create(&channels, &self.perms.roles_json(), &members, self.now_ms())
    }

    /// A channel's permission overwrites, as Discord lists them.
    fn overwrites(&self, channel: u64) -> Value {
        self.perms.overwrites_json(channel)
    }

    /// The bot's permissions in `channel` as Discord computes them (a thread: from its parent's
    /// overwrites, with Send Messages in Threads in Send Messages' place). DMs allow everything.
    pub fn bot_perms(&self, channel: u64) -> u64 {
        match self.channels.get(&channel).map(|c| &c.kind) {
            Some(ChannelKind::Thread { parent, .. }) => {
                self.perms.in_channel(APP_ID, *parent, true)
            }
            Some(ChannelKind::Dm { .. }) | None => perm::ALL,
            Some(ChannelKind::Text) => self.perms.in_channel(APP_ID, channel, false),
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
    pub fn delete_channel(&mut self, id: u64) {
        let Some(c) = self.channels.remove(&id) else {
            return;
        };
        self.deleted_channels.insert(id);
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
        match &c.kind {
            ChannelKind::Text => {
                let mut j = json::text_channel(c.id, &c.name, 0);
                j["permission_overwrites"] = self.overwrites(c.id);
                j
            }
            ChannelKind::Thread { parent, .. } => {
                json::thread_channel(c.id, *parent, &c.name, 10080, self.now_ms())
            }
            ChannelKind::Dm { user } => json::dm_channel(c.id, &self.user_json(*user)),
        }
    }

    fn is_guild_channel(&self, channel: u64) -> bool {
        self.channels
            .get(&channel)
            .is_some_and(|c| !matches!(c.kind, ChannelKind::Dm { .. }))
    }

    // ------------------------------------------------------------------ messages

    pub fn message_json(&self, m: &MsgRec) -> Value {
        let author = self.user_json(m.author);
        let ix_user = m.interaction.map(|(_, _, u)| self.user_json(u));
        let interaction = match (&m.interaction, &ix_user) {
            (Some((id, kind, _)), Some(u)) => {
                let clicked = self.interactions.get(id).and_then(|i| i.message);
                Some((*id, *kind, u, clicked))
            }
            _ => None,
        };
        json::message(&MessageParts {
            id: m.id,
            channel_id: m.channel_id,
            guild: self.is_guild_channel(m.channel_id),
            author: &author,
            content: &m.content,
            embeds: &m.embeds,
            components: &m.components,
            flags: m.flags,
            created_ms: m.created_ms,
            edited_ms: m.edited_ms,
            interaction,
            attachments: &m.attachments,
        })
    }

    /// Records the problems of a payload as violations and gives Discord's answer to it (400,
    /// code 50035 with the fields under `prefix`, or 50006 for an empty message).
    fn refuse(
        &mut self,
        check: &limits::MessageCheck,
        prefix: &[&str],
        context: &str,
    ) -> Result<(), RestResp> {
        for v in check.lines() {
            self.violation(format!("{context}: {v}"));
        }
        match check.answer(prefix) {
            Some((status, body)) => Err(RestResp {
                status,
                body: Some(body),
                retry_after: None,
            }),
            None => Ok(()),
        }
    }

    /// Creates a message from a create-message body, unless it breaks a limit (then Discord's
    /// 400 answer, the problem under `prefix` in its `errors`).
    fn create_message(
        &mut self,
        channel_id: u64,
        body: &Value,
        ephemeral_for: Option<u64>,
        interaction: Option<(u64, u8, u64)>,
        context: &str,
        prefix: &[&str],
    ) -> Result<u64, RestResp> {
        let content = body
            .get("content")
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string();
        let embeds = array(body.get("embeds"));
        let components = array(body.get("components"));
        // A deferred response starts empty ("thinking...") and is filled in later.
        let deferred = context == "deferred";
        let files = if deferred {
            Vec::new()
        } else {
            std::mem::take(&mut self.uploads)
        };
        let mut check = limits::check_message(&content, &embeds, &components, !deferred);
        // A message with only a file is not empty.
        check.empty &= files.is_empty();
        self.refuse(&check, prefix, context)?;
        self.check_mentions(body, &content, context);
        let attachments = self.attachments_after(&[], body, &files, context)?;
        let id = self.id();
        let mut flags = body.get("flags").and_then(Value::as_u64).unwrap_or(0);
        if ephemeral_for.is_some() {
            flags |= 64;
        } else {
            flags &= !64;
        }
        let now = self.now_ms();
        self.by_channel.entry(channel_id).or_default().push(id);
        self.messages.insert(
            id,
            MsgRec {
                id,
                channel_id,
                ephemeral_for,
                author: APP_ID,
                content,
                embeds,
                components,
                flags,
                created_ms: now,
                edited_ms: None,
                edits: 0,
                interaction,
                loading: false,
                deleted: false,
                thread: None,
                pings: Vec::new(),
                attachments,
            },
        );
        let pings = pings(body);
        if let Some(m) = self.messages.get_mut(&id) {
            m.pings = pings;
        }
        self.log_message(id, true);
        Ok(id)
    }

    /// Applies an edit body to a message (fields present replace, absent stay), unless the
    /// result breaks a limit (then Discord's 400 answer).
    fn edit_message(
        &mut self,
        id: u64,
        body: &Value,
        context: &str,
        prefix: &[&str],
    ) -> Result<(), RestResp> {
        let Some(m) = self.messages.get(&id) else {
            return Ok(());
        };
        let mut content = m.content.clone();
        let mut embeds = m.embeds.clone();
        let mut components = m.components.clone();
        let existing = m.attachments.clone();
        let files = std::mem::take(&mut self.uploads);
        if let Some(c) = body.get("content") {
            content = c.as_str().unwrap_or("").to_string();
        }
        if let Some(e) = body.get("embeds") {
            embeds = array(Some(e));
        }
        if let Some(c) = body.get("components") {
            components = array(Some(c));
        }
        let attachments = self.attachments_after(&existing, body, &files, context)?;
        let mut check = limits::check_message(&content, &embeds, &components, false);
        check.empty = content.is_empty()
            && embeds.is_empty()
            && components.is_empty()
            && attachments.is_empty();
        self.refuse(&check, prefix, context)?;
        self.check_mentions(body, &content, context);
        let now = self.now_ms();
        let m = self.messages.get_mut(&id).expect("checked above");
        m.attachments = attachments;
        m.content = content;
        m.embeds = embeds;
        m.components = components;
        m.edited_ms = Some(now);
        m.edits += 1;
        m.loading = false;
        self.log_message(id, false);
        Ok(())
    }

    /// The attachments of a message after this body and files (see [`upload::apply`]); a body
    /// naming files it did not send is Discord's 400.
    fn attachments_after(
        &mut self,
        existing: &[Attachment],
        body: &Value,
        files: &[Upload],
        context: &str,
    ) -> Result<Vec<Attachment>, RestResp> {
        let out = upload::apply(existing, body, files, || self.id());
        match out {
            // Without the transcript (benchmarks of many games), the bytes are not kept: only
            // their size, which the message object reports.
            Ok(a) if !self.record => Ok(a
                .into_iter()
                .map(|a| Attachment {
                    bytes: Default::default(),
                    ..a
                })
                .collect()),
            Ok(a) => Ok(a),
            Err(e) => {
                self.violation(format!("{context}: {e}"));
                let p =
                    limits::Problem::new(&["attachments"], "ATTACHMENT_NOT_FOUND", e.clone(), e);
                Err(RestResp::form_error(&[p]))
            }
        }
    }

    /// A message that mentions users must say who may be pinged: never @everyone or roles.
    fn check_mentions(&mut self, body: &Value, content: &str, context: &str) {
        if content.contains("@everyone") || content.contains("@here") {
            let parse = body
                .get("allowed_mentions")
                .and_then(|a| a.get("parse"))
                .and_then(Value::as_array);
            let everyone = parse.is_none_or(|p| p.iter().any(|x| x == "everyone"));
            if everyone {
                self.violation(format!("{context}: @everyone/@here can ping everybody"));
            }
        }
    }

    /// Without Embed Links, Discord drops a bot's embeds from a channel message (and refuses a
    /// message that had nothing else): the body without them, when that applies.
    fn without_embeds(&self, channel: u64, body: &Value) -> Option<Value> {
        let has = body
            .get("embeds")
            .and_then(Value::as_array)
            .is_some_and(|e| !e.is_empty());
        if !has || self.bot_can(channel, perm::EMBED_LINKS) {
            return None;
        }
        let mut b = body.clone();
        b["embeds"] = json!([]);
        Some(b)
    }

    /// Whether `user` can see message `m` now.
    pub fn visible_to(&self, m: &MsgRec, user: u64) -> bool {
        if m.deleted {
            return false;
        }
        if let Some(u) = m.ephemeral_for {
            return u == user && self.now_ms() < m.created_ms + TOKEN_LIFETIME_MS;
        }
        match self.channels.get(&m.channel_id).map(|c| &c.kind) {
            Some(ChannelKind::Dm { user: u }) => *u == user,
            Some(_) => true,
            None => false,
        }
    }

    pub fn place_of(&self, m: &MsgRec) -> Place {
        if m.ephemeral_for.is_some() {
            return Place::Ephemeral;
        }
        match self.channels.get(&m.channel_id).map(|c| &c.kind) {
            Some(ChannelKind::Thread { .. }) => Place::Thread,
            Some(ChannelKind::Dm { .. }) => Place::Dm,
            _ => Place::Channel,
        }
    }

    pub fn view(&self, m: &MsgRec) -> MessageView {
        MessageView::from_rec(m, self.place_of(m))
    }

    // ------------------------------------------------------------------ interactions

    /// Records a new interaction and queues its INTERACTION_CREATE.
    pub fn new_interaction(
        &mut self,
        user: u64,
        kind: u8,
        channel_id: u64,
        data: Value,
        message: Option<u64>,
        what: String,
    ) -> (u64, String) {
        let id = self.id();
        let token = format!("fake-token-{id}-{}", self.roll().to_bits() % 1_000_000);
        let dm = matches!(
            self.channels.get(&channel_id).map(|c| &c.kind),
            Some(ChannelKind::Dm { .. })
        );
        let user_json = self.user_json(user);
        let member_json = (!dm).then(|| self.member_json(user));
        let origin = match &member_json {
            Some(m) => Origin::Guild {
                channel: channel_id,
                member: m,
            },
            None => Origin::Dm {
                channel: channel_id,
                user: &user_json,
            },
        };
        let msg_json = message
            .and_then(|m| self.messages.get(&m))
            .map(|m| self.message_json(m));
        let mut payload = json::interaction(id, &token, kind, data, &origin, msg_json);
        payload["locale"] = json!(self.locales.get(&user).map_or("en-US", String::as_str));
        if !dm {
            payload["guild_locale"] = json!(self.guild_locale);
            // The bot's permissions where the interaction happened (in a thread: computed from
            // its parent), as Discord sends them.
            payload["app_permissions"] = json!(self.bot_perms(channel_id).to_string());
        }
        let now = self.now_ms();
        self.interactions.insert(
            id,
            IxRec {
                id,
                token: token.clone(),
                user,
                kind,
                channel_id,
                message,
                what,
                created_ms: now,
                queued_at: Instant::now(),
                dispatched_at: None,
                callback: None,
                callback_failed: false,
                original: None,
                followups: Vec::new(),
                forgiven: false,
            },
        );
        self.by_token.insert(token.clone(), id);
        self.dispatch("INTERACTION_CREATE", payload, Some(id));
        (id, token)
    }

    /// Wakes whoever waits for the answer to interaction `id`.
    pub fn wake(&mut self, id: u64) {
        for tx in self.reply_waiters.remove(&id).unwrap_or_default() {
            let _ = tx.send(());
        }
    }

    // ------------------------------------------------------------------ gateway

    /// The shard a dispatch goes to: the one carrying its guild (`guild_id`, or the guild itself
    /// for GUILD_CREATE), shard 0 for anything outside a guild (DMs).
    fn shard_for(&self, t: &str, d: &Value) -> u32 {
        let guild = match t {
            "GUILD_CREATE" | "GUILD_UPDATE" => d.get("id"),
            _ => d.get("guild_id"),
        };
        match guild
            .and_then(Value::as_str)
            .and_then(|g| g.parse::<u64>().ok())
        {
            Some(g) => ((g >> 22) % u64::from(self.gateway.total.max(1))) as u32,
            None => 0,
        }
    }

    /// Queues a gateway dispatch on the shard that carries it: sent now when its session is
    /// live, replayed on RESUME, held until the shard's next session otherwise.
    pub fn dispatch(&mut self, t: &str, d: Value, interaction: Option<u64>) {
        let shard = self.shard_for(t, &d);
        self.dispatch_to(shard, t, d, interaction)
    }

    fn dispatch_to(&mut self, shard: u32, t: &str, d: Value, interaction: Option<u64>) {
        let item = Dispatch {
            t: t.to_string(),
            d,
            interaction,
        };
        let link = self.gateway.links.entry(shard).or_default();
        let Some(session) = link.session.as_mut() else {
            match interaction {
                // No bot has ever connected this shard: Discord has nobody to send it to.
                Some(i) => self.lose_interaction(i, "no gateway session"),
                None => link.pending.push(item),
            }
            return;
        };
        session.seq += 1;
        let seq = session.seq;
        session.log.push_back((seq, item.clone()));
        while session.log.len() > SESSION_LOG {
            session.log.pop_front();
        }
        if link.ready
            && let Some(conn) = &link.conn
        {
            let _ = conn.tx.send(frame(seq, &item));
        }
    }

    /// An interaction that never reaches the bot: the user sees "This interaction failed".
    fn lose_interaction(&mut self, id: u64, why: &str) {
        if let Some(i) = self.interactions.get_mut(&id) {
            i.callback_failed = true;
            let what = i.what.clone();
            self.note(format!(
                "{what} never reached the bot ({why}): \"This interaction failed\"."
            ));
        }
        self.wake(id);
    }

    /// A new WebSocket connection (not bound to a shard until it identifies or resumes).
    pub fn connected(&mut self, conn: Conn) {
        self.gateway.connections += 1;
        self.gateway.unbound.insert(conn.id, conn);
    }

    /// The connection `conn` ended: its shard's session stays for a RESUME.
    pub fn disconnected(&mut self, conn: u64) {
        self.gateway.unbound.remove(&conn);
        for link in self.gateway.links.values_mut() {
            if link.conn.as_ref().is_some_and(|c| c.id == conn) {
                link.conn = None;
                link.ready = false;
            }
        }
    }

    /// Binds connection `conn` to shard `shard` (a newer connection of a shard replaces the old
    /// one, which is hung up). False if the connection is gone.
    fn bind(&mut self, conn: u64, shard: u32) -> bool {
        let c = match self.gateway.unbound.remove(&conn) {
            Some(c) => c,
            None => match self.gateway.shard_of_conn(conn) {
                // Already bound (a second IDENTIFY on one connection): keep it where it is.
                Some(s) if s == shard => return true,
                Some(s) => {
                    let link = self.gateway.links.get_mut(&s).expect("bound");
                    link.ready = false;
                    link.conn.take().expect("bound")
                }
                None => return false,
            },
        };
        let link = self.gateway.links.entry(shard).or_default();
        if let Some(old) = link.conn.replace(c) {
            let _ = old.tx.send(WsOut::Abort);
        }
        link.ready = false;
        true
    }

    /// IDENTIFY on connection `conn` as shard `shard` of `total`: a new session for that shard,
    /// READY, GUILD_CREATE when the shard carries the guild, then whatever was waiting
    /// (undelivered dispatches of the shard's older session, except interactions: Discord never
    /// sends an INTERACTION_CREATE to a session other than the one it was created for, and only
    /// a RESUME of that session replays it).
    pub fn identify(&mut self, conn: u64, shard: u32, total: u32) {
        self.gateway.identifies += 1;
        if total != self.gateway.total && self.gateway.links.values().any(Link::live) {
            self.violation(format!(
                "gateway: IDENTIFY as shard {shard} of {total} while other shards run with {}",
                self.gateway.total
            ));
        }
        self.gateway.total = total.max(1);
        if !self.bind(conn, shard) {
            return;
        }
        let sid = format!("fake-session-{}", self.id());
        let link = self.gateway.links.entry(shard).or_default();
        let mut carried = Vec::new();
        let mut lost = Vec::new();
        if let Some(old) = link.session.take() {
            for (s, d) in old.log {
                if s <= old.delivered {
                    continue;
                }
                match d.interaction {
                    Some(i) => lost.push(i),
                    None => carried.push(d),
                }
            }
        }
        carried.append(&mut link.pending);
        link.session = Some(Session {
            id: sid.clone(),
            seq: 0,
            log: VecDeque::new(),
            delivered: 0,
        });
        link.ready = true;
        for i in lost {
            self.lose_interaction(i, "its gateway session ended; a new session never gets it");
        }
        let has_guild = self.gateway.guild_shard() == shard;
        let ready = json::ready(&sid, &self.ws_url, shard, self.gateway.total, has_guild);
        self.dispatch_to(shard, "READY", ready, None);
        if has_guild {
            let guild = self.guild_create();
            self.dispatch_to(shard, "GUILD_CREATE", guild, None);
        }
        for d in carried {
            self.dispatch_to(shard, &d.t, d.d, d.interaction);
        }
        self.note(if self.gateway.total > 1 {
            format!("The bot connected shard {shard} of {total} to the gateway (new session).")
        } else {
            "The bot connected to the gateway (new session).".to_string()
        });
    }

    /// RESUME: replay what the session missed, then RESUMED. False if the session is unknown.
    pub fn resume(&mut self, conn: u64, session_id: &str, seq: u64) -> bool {
        let Some(shard) = self
            .gateway
            .links
            .iter()
            .find(|(_, l)| l.session.as_ref().is_some_and(|s| s.id == session_id))
            .map(|(s, _)| *s)
        else {
            return false;
        };
        if !self.bind(conn, shard) {
            return false;
        }
        self.gateway.resumes += 1;
        let link = self.gateway.links.get_mut(&shard).expect("bound");
        let (Some(session), Some(c)) = (link.session.as_ref(), link.conn.as_ref()) else {
            return false;
        };
        let mut replayed = Vec::new();
        for (s, d) in session.log.iter().filter(|(s, _)| *s > seq) {
            let _ = c.tx.send(frame(*s, d));
            replayed.extend(d.interaction);
        }
        link.ready = true;
        // The 3 seconds still count from the interaction's creation; `dispatched_at` records the
        // delivery the bot actually received.
        for i in replayed {
            if let Some(ix) = self.interactions.get_mut(&i) {
                ix.dispatched_at = None;
            }
        }
        self.dispatch_to(shard, "RESUMED", json!({}), None);
        self.note("The bot resumed its gateway session.");
        true
    }

    /// Connection `conn` wrote dispatch `seq` (carrying `interaction`).
    pub fn delivered(&mut self, conn: u64, seq: u64, interaction: Option<u64>) {
        if let Some(s) = self.gateway.shard_of_conn(conn)
            && let Some(session) = self
                .gateway
                .links
                .get_mut(&s)
                .and_then(|l| l.session.as_mut())
        {
            session.delivered = session.delivered.max(seq);
        }
        if let Some(ix) = interaction.and_then(|i| self.interactions.get_mut(&i))
            && ix.dispatched_at.is_none()
        {
            ix.dispatched_at = Some(Instant::now());
        }
    }

    // ------------------------------------------------------------------ faults

    /// The fault to apply to a request of this kind, if any.
    pub fn fault_for(&mut self, kind: RouteKind) -> Option<FaultAction> {
        for k in 0..self.faults.len() {
            let r = &self.faults[k];
            if !(r.kinds.is_empty() || r.kinds.contains(&kind)) || r.remaining == Some(0) {
                continue;
            }
            let p = r.probability;
            if self.roll() < p {
                let r = &mut self.faults[k];
                if let Some(n) = r.remaining.as_mut() {
                    *n -= 1;
                }
                return Some(r.action.clone());
            }
        }
        None
    }

    // ------------------------------------------------------------------ REST

    /// Classifies a path (after `/api/v10`).
    pub fn route_kind(method: &str, path: &str) -> RouteKind {
        let p: Vec<&str> = path.trim_matches('/').split('/').collect();
        match (method, p.as_slice()) {
            ("GET", ["gateway"] | ["gateway", "bot"]) => RouteKind::Gateway,
            ("GET", ["oauth2", "applications", "@me"]) | ("GET", ["users", "@me"]) => {
                RouteKind::Application
            }
            (_, ["applications", _, "commands", ..])
            | (_, ["applications", _, "guilds", _, "commands", ..]) => RouteKind::Commands,
            ("POST", ["interactions", _, _, "callback"]) => RouteKind::Callback,
            ("POST", ["webhooks", _, _]) => RouteKind::Followup,
            (_, ["webhooks", _, _, "messages", _]) => RouteKind::WebhookMessage,
            ("POST", ["channels", _, "messages"]) => RouteKind::CreateMessage,
            ("PATCH", ["channels", _, "messages", _]) => RouteKind::EditMessage,
            ("GET", ["channels", _, "messages", _]) => RouteKind::GetMessage,
            ("DELETE", ["channels", _, "messages", _]) => RouteKind::DeleteMessage,
            ("POST", ["channels", _, "messages", _, "threads"] | ["channels", _, "threads"]) => {
                RouteKind::CreateThread
            }
            ("POST", ["users", "@me", "channels"]) => RouteKind::CreateDm,
            ("GET", ["channels", _]) => RouteKind::GetChannel,
            ("POST", ["channels", _, "typing"]) => RouteKind::Other,
            _ => RouteKind::Unknown,
        }
    }

    /// Answers one REST request.
    pub fn handle(&mut self, req: &RestReq<'_>) -> (RestResp, Option<u64>) {
        let p: Vec<&str> = req.path.trim_matches('/').split('/').collect();
        let empty = Value::Null;
        let body = req.body.unwrap_or(&empty);
        let context = format!("{} {}", req.method, redact(req.path));
        self.uploads = req.files.to_vec();
        let answer = self.route(req, &p, body, &context);
        // Files sent to a route that takes none (or refused before use) are dropped, never left
        // for the next request.
        let unused = std::mem::take(&mut self.uploads);
        if !unused.is_empty() && answer.0.status < 300 {
            self.violation(format!(
                "{context}: files sent to a route that does not take them"
            ));
        }
        answer
    }

    fn route(
        &mut self,
        req: &RestReq<'_>,
        p: &[&str],
        body: &Value,
        context: &str,
    ) -> (RestResp, Option<u64>) {
        let context = context.to_string();
        match (req.method, p) {
            ("GET", ["gateway"]) => (RestResp::ok(json!({"url": self.ws_url})), None),
            ("GET", ["gateway", "bot"]) => (
                RestResp::ok(json!({
                    "url": self.ws_url,
                    "shards": self.gateway.recommended,
                    "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}
                })),
                None,
            ),
            ("GET", ["oauth2", "applications", "@me"]) => (RestResp::ok(json::application()), None),
            ("GET", ["users", "@me"]) => (RestResp::ok(json::bot_user()), None),
            ("PUT", ["applications", app, "commands"])
            | ("PUT", ["applications", app, "guilds", _, "commands"]) => {
                (self.register_commands(app, body, &context), None)
            }
            ("GET", ["applications", _, "commands"])
            | ("GET", ["applications", _, "guilds", _, "commands"]) => {
                (RestResp::ok(Value::Array(self.commands.clone())), None)
            }
            ("POST", ["interactions", id, token, "callback"]) => {
                let id = id.parse::<u64>().unwrap_or(0);
                (self.callback(id, token, body, &context), Some(id))
            }
            ("POST", ["webhooks", app, token]) => self.followup(app, token, body, &context),
            (m, ["webhooks", app, token, "messages", which]) => {
                self.webhook_message(m, app, token, which, body, &context)
            }
            ("POST", ["channels", c, "messages"]) => {
                (self.post_channel_message(c, body, &context), None)
            }
            (m @ ("GET" | "PATCH" | "DELETE"), ["channels", c, "messages", mid]) => {
                (self.channel_message(m, c, mid, body, &context), None)
            }
            ("POST", ["channels", c, "messages", mid, "threads"]) => {
                (self.create_thread(c, mid, body, &context), None)
            }
            ("POST", ["channels", c, "threads"]) => {
                (self.create_thread_alone(c, body, &context), None)
            }
            ("POST", ["users", "@me", "channels"]) => (self.create_dm(body), None),
            ("GET", ["channels", c]) => {
                let resp = match c.parse::<u64>().ok().and_then(|c| self.channels.get(&c)) {
                    Some(ch) => RestResp::ok(self.channel_json(ch)),
                    None => RestResp::err(404, 10003, "Unknown Channel"),
                };
                (resp, None)
            }
            ("POST", ["channels", _, "typing"]) => (RestResp::no_content(), None),
            _ => {
                self.violation(format!(
                    "unknown route {context}: the fake does not implement it"
                ));
                (RestResp::err(404, 0, "404: Not Found"), None)
            }
        }
    }

    fn register_commands(&mut self, app: &str, body: &Value, context: &str) -> RestResp {
        if app != APP_ID.to_string() {
            self.violation(format!("{context}: wrong application id"));
        }
        let Some(list) = body.as_array() else {
            self.violation(format!("{context}: the body is not an array of commands"));
            return RestResp::err(400, 50035, "Invalid Form Body");
        };
        let problems = super::commands::check_registration(list);
        if !problems.is_empty() {
            return self.refuse_form(context, &problems);
        }
        let mut out = Vec::new();
        for c in list {
            let mut c = c.clone();
            c["id"] = json!(self.id().to_string());
            c["application_id"] = json!(APP_ID.to_string());
            c["version"] = json!("1");
            if c.get("type").is_none() {
                c["type"] = json!(1);
            }
            if c.get("description").is_none() {
                c["description"] = json!("");
            }
            out.push(c);
        }
        self.commands = out.clone();
        RestResp::ok(Value::Array(out))
    }

    fn callback(&mut self, id: u64, token: &str, body: &Value, context: &str) -> RestResp {
        let Some(ix) = self.interactions.get(&id).cloned() else {
            self.violation(format!("{context}: callback for an unknown interaction"));
            return RestResp::err(404, 10062, "Unknown interaction");
        };
        if ix.token != token {
            self.violation(format!("{context}: callback with the wrong token"));
            return RestResp::err(401, 50027, "Invalid Webhook Token");
        }
        if ix.callback.is_some() {
            self.violation(format!(
                "{context}: second callback for interaction {} ({})",
                ix.id, ix.what
            ));
            return RestResp::err(400, 40060, "Interaction has already been acknowledged.");
        }
        let kind = body.get("type").and_then(Value::as_u64).unwrap_or(0) as u8;
        let data = body.get("data").cloned().unwrap_or(Value::Null);
        // The 3 seconds count from the interaction's creation (the user's click), not from
        // its delivery: a late answer is refused and the user has seen "This interaction failed".
        let after = ix.queued_at.elapsed();
        if after > self.deadline {
            if !ix.forgiven {
                self.violation(format!(
                    "{context}: callback {:.2} s after the interaction ({}) (Discord allows 3 s): \
                     answered 404 Unknown interaction",
                    after.as_secs_f64(),
                    ix.what
                ));
            }
            if let Some(i) = self.interactions.get_mut(&id) {
                i.callback_failed = true;
            }
            self.wake(id);
            return RestResp::err(404, 10062, "Unknown interaction");
        }
        let what = format!("{context} (type {kind}, for {})", ix.what);
        let mut original = None;
        match (kind, ix.kind) {
            (4, 2 | 3) => {
                let ephemeral = data.get("flags").and_then(Value::as_u64).unwrap_or(0) & 64 != 0;
                let m = self.create_message(
                    ix.channel_id,
                    &data,
                    ephemeral.then_some(ix.user),
                    Some((ix.id, ix.kind, ix.user)),
                    &what,
                    &["data"],
                );
                match m {
                    Ok(m) => original = Some(m),
                    Err(r) => return r,
                }
            }
            (5, 2 | 3) => {
                let ephemeral = data.get("flags").and_then(Value::as_u64).unwrap_or(0) & 64 != 0;
                let m = self
                    .create_message(
                        ix.channel_id,
                        &json!({"content": ""}),
                        ephemeral.then_some(ix.user),
                        Some((ix.id, ix.kind, ix.user)),
                        "deferred",
                        &["data"],
                    )
                    .unwrap_or_else(|_| unreachable!("an empty deferred message is allowed"));
                if let Some(msg) = self.messages.get_mut(&m) {
                    msg.loading = true;
                    msg.flags |= 128;
                }
                original = Some(m);
            }
            (6, 3) => original = ix.message,
            (7, 3) => {
                if let Some(mid) = ix.message {
                    let ok = self.messages.get(&mid).is_some_and(|m| !m.deleted);
                    if ok {
                        if let Err(r) = self.edit_message(mid, &data, &what, &["data"]) {
                            return r;
                        }
                    } else {
                        self.violation(format!("{what}: the clicked message is gone"));
                    }
                }
                original = ix.message;
            }
            (8, 4) => {
                let choices = array(data.get("choices"));
                let problems: Vec<limits::Problem> = limits::check_choices(&choices)
                    .into_iter()
                    .map(|p| p.under(&["data"]))
                    .collect();
                if !problems.is_empty() {
                    return self.refuse_form(&what, &problems);
                }
            }
            (9, 2 | 3) => {}
            (k, i) => {
                self.violation(format!(
                    "{context}: callback type {k} is not valid for an interaction of type {i}"
                ));
                let p = limits::Problem::new(
                    &["type"],
                    "INTERACTION_RESPONSE_TYPE_INVALID",
                    "Invalid interaction response type",
                    "",
                );
                return RestResp::form_error(&[p]);
            }
        }
        // Without the transcript (benchmarks), keep only what players read: content and flags.
        let data = if self.record {
            data
        } else {
            json!({"content": data.get("content"), "flags": data.get("flags")})
        };
        let ixm = self.interactions.get_mut(&id).expect("checked");
        ixm.callback = Some(CallbackRec { kind, data, after });
        ixm.original = original;
        self.wake(id);
        RestResp::no_content()
    }

    /// The interaction for a webhook token, checked: right application, known token, not expired.
    fn webhook_ix(&mut self, app: &str, token: &str, context: &str) -> Result<u64, RestResp> {
        if app != APP_ID.to_string() {
            self.violation(format!("{context}: wrong application id in a webhook URL"));
            return Err(RestResp::err(404, 10015, "Unknown Webhook"));
        }
        let Some(&id) = self.by_token.get(token) else {
            self.violation(format!("{context}: unknown interaction token"));
            return Err(RestResp::err(404, 10015, "Unknown Webhook"));
        };
        let ix = &self.interactions[&id];
        if self.now_ms() > ix.created_ms + TOKEN_LIFETIME_MS {
            return Err(RestResp::err(401, 50027, "Invalid Webhook Token"));
        }
        if ix.callback.is_none() {
            self.violation(format!(
                "{context}: webhook call before the interaction was answered"
            ));
            return Err(RestResp::err(404, 10015, "Unknown Webhook"));
        }
        Ok(id)
    }

    fn followup(
        &mut self,
        app: &str,
        token: &str,
        body: &Value,
        context: &str,
    ) -> (RestResp, Option<u64>) {
        let id = match self.webhook_ix(app, token, context) {
            Ok(id) => id,
            Err(r) => return (r, None),
        };
        let ix = self.interactions[&id].clone();
        let what = format!("{context} (follow-up to {})", ix.what);
        // After a deferred response, the first follow-up fills the "thinking" message.
        if let Some(orig) = ix.original
            && self.messages.get(&orig).is_some_and(|m| m.loading)
        {
            if let Err(r) = self.edit_message(orig, body, &what, &[]) {
                return (r, Some(id));
            }
            self.wake(id);
            let m = self.message_json(&self.messages[&orig]);
            return (RestResp::ok(m), Some(id));
        }
        let ephemeral = body.get("flags").and_then(Value::as_u64).unwrap_or(0) & 64 != 0;
        let mid = match self.create_message(
            ix.channel_id,
            body,
            ephemeral.then_some(ix.user),
            Some((ix.id, ix.kind, ix.user)),
            &what,
            &[],
        ) {
            Ok(m) => m,
            Err(r) => return (r, Some(id)),
        };
        self.interactions
            .get_mut(&id)
            .expect("known")
            .followups
            .push(mid);
        let m = self.message_json(&self.messages[&mid]);
        (RestResp::ok(m), Some(id))
    }

    fn webhook_message(
        &mut self,
        method: &str,
        app: &str,
        token: &str,
        which: &str,
        body: &Value,
        context: &str,
    ) -> (RestResp, Option<u64>) {
        let id = match self.webhook_ix(app, token, context) {
            Ok(id) => id,
            Err(r) => return (r, None),
        };
        let ix = self.interactions[&id].clone();
        let target = if which == "@original" {
            ix.original
        } else {
            which
                .parse::<u64>()
                .ok()
                .filter(|m| ix.followups.contains(m) || Some(*m) == ix.original)
        };
        let Some(mid) = target.filter(|m| self.messages.get(m).is_some_and(|m| !m.deleted)) else {
            return (RestResp::err(404, 10008, "Unknown Message"), Some(id));
        };
        let what = format!("{context} (for {})", ix.what);
        match method {
            "GET" => {}
            "PATCH" => {
                if let Err(r) = self.edit_message(mid, body, &what, &[]) {
                    return (r, Some(id));
                }
                self.wake(id);
            }
            "DELETE" => {
                self.delete(mid);
                return (RestResp::no_content(), Some(id));
            }
            _ => {
                self.violation(format!("unknown route {context}"));
                return (RestResp::err(405, 0, "405: Method Not Allowed"), Some(id));
            }
        }
        (
            RestResp::ok(self.message_json(&self.messages[&mid])),
            Some(id),
        )
    }

    fn delete(&mut self, id: u64) {
        if let Some(m) = self.messages.get_mut(&id) {
            m.deleted = true;
        }
        if self.record {
            let ms = self.now_ms();
            self.log.push(LogEntry {
                ms,
                kind: LogKind::Deleted { id },
            });
        }
    }

    fn post_channel_message(&mut self, c: &str, body: &Value, context: &str) -> RestResp {
        let Some(ch) = c
            .parse::<u64>()
            .ok()
            .and_then(|c| self.channels.get(&c))
            .cloned()
        else {
            // A channel deleted under the bot is Discord's doing, not the bot's mistake.
            if !c
                .parse::<u64>()
                .is_ok_and(|c| self.deleted_channels.contains(&c))
            {
                self.violation(format!("{context}: unknown channel"));
            }
            return RestResp::err(404, 10003, "Unknown Channel");
        };
        if let ChannelKind::Dm { user } = ch.kind
            && self.users.get(&user).is_some_and(|u| u.refuse_dm)
        {
            return RestResp::err(403, 50007, "Cannot send messages to this user");
        }
        if body.get("flags").and_then(Value::as_u64).unwrap_or(0) & 64 != 0 {
            self.violation(format!(
                "{context}: the ephemeral flag only works on interaction responses"
            ));
        }
        let send = match ch.kind {
            ChannelKind::Thread { .. } => perm::SEND_MESSAGES_IN_THREADS,
            _ => perm::SEND_MESSAGES,
        };
        if let Some(refused) = self.lacks(ch.id, perm::VIEW_CHANNEL | send, context) {
            return refused;
        }
        // Files need Attach Files: Discord refuses the whole message (it does not drop the
        // files as it drops embeds).
        if !self.uploads.is_empty()
            && let Some(refused) = self.lacks(ch.id, perm::ATTACH_FILES, context)
        {
            return refused;
        }
        let stripped;
        let body = match self.without_embeds(ch.id, body) {
            Some(b) if is_empty_message(&b) => {
                self.note(format!(
                    "{context}: refused, embeds only and the bot may not embed links here."
                ));
                return missing_permissions();
            }
            Some(b) => {
                stripped = b;
                &stripped
            }
            None => body,
        };
        match self.create_message(ch.id, body, None, None, context, &[]) {
            Ok(id) => RestResp::ok(self.message_json(&self.messages[&id])),
            Err(r) => r,
        }
    }

    fn channel_message(
        &mut self,
        method: &str,
        c: &str,
        mid: &str,
        body: &Value,
        context: &str,
    ) -> RestResp {
        let c = c.parse::<u64>().unwrap_or(0);
        let mid = mid.parse::<u64>().unwrap_or(0);
        if self.deleted_channels.contains(&c) {
            return RestResp::err(404, 10003, "Unknown Channel");
        }
        let found = self
            .messages
            .get(&mid)
            .filter(|m| m.channel_id == c && !m.deleted && m.ephemeral_for.is_none())
            .cloned();
        let Some(m) = found else {
            // Ephemeral messages cannot be reached with the bot token: only through the
            // interaction's webhook, for 15 minutes.
            return RestResp::err(404, 10008, "Unknown Message");
        };
        // Reading a message needs Read Message History; editing or deleting one's own, only
        // to see the channel (docs: "Get Channel Message", "Edit Message").
        let needed = match method {
            "GET" => perm::VIEW_CHANNEL | perm::READ_MESSAGE_HISTORY,
            _ => perm::VIEW_CHANNEL,
        };
        if let Some(refused) = self.lacks(c, needed, context) {
            return refused;
        }
        if method == "PATCH"
            && !self.uploads.is_empty()
            && let Some(refused) = self.lacks(c, perm::ATTACH_FILES, context)
        {
            return refused;
        }
        match method {
            "GET" => RestResp::ok(self.message_json(&m)),
            "PATCH" => {
                if m.author != APP_ID {
                    return RestResp::err(
                        403,
                        50005,
                        "Cannot edit a message authored by another user",
                    );
                }
                let stripped = self.without_embeds(c, body);
                let body = stripped.as_ref().unwrap_or(body);
                match self.edit_message(mid, body, context, &[]) {
                    Ok(()) => RestResp::ok(self.message_json(&self.messages[&mid])),
                    Err(r) => r,
                }
            }
            _ => {
                self.delete(mid);
                RestResp::no_content()
            }
        }
    }

    fn create_thread(&mut self, c: &str, mid: &str, body: &Value, context: &str) -> RestResp {
        let c = c.parse::<u64>().unwrap_or(0);
        let mid = mid.parse::<u64>().unwrap_or(0);
        let Some(m) = self
            .messages
            .get(&mid)
            .filter(|m| m.channel_id == c && !m.deleted)
        else {
            return RestResp::err(404, 10008, "Unknown Message");
        };
        if m.thread.is_some() {
            return RestResp::err(
                400,
                160004,
                "A thread has already been created for this message",
            );
        }
        self.start_thread(c, Some(mid), body, context)
    }

    /// "Start Thread without Message": a public thread (type 11 in the body, as the docs
    /// require of this route) with an id of its own.
    fn create_thread_alone(&mut self, c: &str, body: &Value, context: &str) -> RestResp {
        let c = c.parse::<u64>().unwrap_or(0);
        if self.deleted_channels.contains(&c) || !self.channels.contains_key(&c) {
            return RestResp::err(404, 10003, "Unknown Channel");
        }
        if body.get("type").and_then(Value::as_u64) != Some(11) {
            let p = limits::Problem::new(
                &["type"],
                "BASE_TYPE_CHOICES",
                "Value must be one of {10, 11, 12}.",
                format!(
                    "thread type {:?}: the bot makes public threads (11)",
                    body.get("type")
                ),
            );
            return self.refuse_form(context, &[p]);
        }
        self.start_thread(c, None, body, context)
    }

    fn start_thread(
        &mut self,
        c: u64,
        starter: Option<u64>,
        body: &Value,
        context: &str,
    ) -> RestResp {
        if let Some(refused) =
            self.lacks(c, perm::VIEW_CHANNEL | perm::CREATE_PUBLIC_THREADS, context)
        {
            return refused;
        }
        if !matches!(
            self.channels.get(&c).map(|ch| &ch.kind),
            Some(ChannelKind::Text)
        ) {
            self.violation(format!(
                "{context}: threads can only start in a text channel"
            ));
            return RestResp::err(400, 50024, "Cannot execute action on this channel type");
        }
        let name = body.get("name").and_then(Value::as_str).unwrap_or("");
        let mut problems = Vec::new();
        let n = name.chars().count();
        if n == 0 || n > 100 {
            problems.push(limits::Problem::bad_length(
                &["name"],
                1,
                100,
                format!("thread name has {n} characters (1..=100)"),
            ));
        }
        // Docs, "Start Thread from Message": auto_archive_duration is one of 60, 1440, 4320, 10080.
        if let Some(a) = body.get("auto_archive_duration")
            && !a
                .as_u64()
                .is_some_and(|a| matches!(a, 60 | 1440 | 4320 | 10080))
        {
            problems.push(limits::Problem::new(
                &["auto_archive_duration"],
                "BASE_TYPE_CHOICES",
                "Value must be one of {60, 1440, 4320, 10080}.",
                format!("auto_archive_duration {a} is not 60, 1440, 4320 or 10080"),
            ));
        }
        if !problems.is_empty() {
            return self.refuse_form(context, &problems);
        }
        // A thread started from a message has the message's id; one without, an id of its own.
        let mid = match starter {
            Some(m) => m,
            None => self.id(),
        };
        self.channels.insert(
            mid,
            ChannelRec {
                id: mid,
                name: name.to_string(),
                kind: ChannelKind::Thread {
                    parent: c,
                    starter: starter.unwrap_or(0),
                },
            },
        );
        if let Some(m) = starter.and_then(|m| self.messages.get_mut(&m)) {
            m.thread = Some(mid);
        }
        let archive = body
            .get("auto_archive_duration")
            .and_then(Value::as_u64)
            .unwrap_or(4320);
        let t = json::thread_channel(mid, c, name, archive, self.now_ms());
        let mut created = t.clone();
        created["newly_created"] = json!(true);
        self.dispatch("THREAD_CREATE", created, None);
        self.note(format!("The bot started the thread “{name}”."));
        RestResp::ok(t)
    }

    fn create_dm(&mut self, body: &Value) -> RestResp {
        let user = body
            .get("recipient_id")
            .and_then(|v| {
                v.as_str()
                    .and_then(|s| s.parse::<u64>().ok())
                    .or(v.as_u64())
            })
            .unwrap_or(0);
        let Some(u) = self.users.get(&user).cloned() else {
            return RestResp::err(400, 50033, "Invalid Recipient(s)");
        };
        let id = match u.dm_channel {
            Some(id) => id,
            None => {
                let id = self.id();
                self.channels.insert(
                    id,
                    ChannelRec {
                        id,
                        name: format!("DM {}", u.name),
                        kind: ChannelKind::Dm { user },
                    },
                );
                self.users.get_mut(&user).expect("known").dm_channel = Some(id);
                id
            }
        };
        let recipient = self.user_json(user);
        RestResp::ok(json::dm_channel(id, &recipient))
    }

    /// Interactions that were delivered but never answered (and not forgiven).
    pub fn unanswered(&self, older_than: Duration) -> Vec<&IxRec> {
        let mut v: Vec<&IxRec> = self
            .interactions
            .values()
            .filter(|i| {
                i.callback.is_none()
                    && !i.callback_failed
                    && !i.forgiven
                    && i.dispatched_at.is_some_and(|d| d.elapsed() > older_than)
            })
            .collect();
        v.sort_by_key(|i| i.id);
        v
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
mod tests {
    use super::*;

    fn req<'a>(method: &'a str, path: &'a str, body: &'a Value) -> RestReq<'a> {
        RestReq {
            method,
            path,
            body: Some(body),
            files: &[],
        }
    }

    /// A world with a connected, identified gateway session; returns the socket's receiver.
    fn connected() -> (World, tokio::sync::mpsc::UnboundedReceiver<WsOut>) {
        let mut w = World::new("t");
        let (tx, rx) = tokio::sync::mpsc::unbounded_channel();
        w.connected(Conn { id: 1, tx });
        w.identify(1, 0, 1);
        (w, rx)
    }

    fn sent(rx: &mut tokio::sync::mpsc::UnboundedReceiver<WsOut>) -> Vec<String> {
        let mut out = Vec::new();
        while let Ok(m) = rx.try_recv() {
            if let WsOut::Frame { text, .. } = m {
                let v: Value = serde_json::from_str(&text).unwrap();
                out.push(v["t"].as_str().unwrap_or("").to_string());
            }
        }
        out
    }

    /// Every permission the bot uses is enforced as Discord does: a refusal is 403 with
    /// Discord's body (50013 "Missing Permissions", or 50001 "Missing Access" for a channel the
    /// bot cannot see), a thread follows its parent's overwrites with Send Messages in Threads
    /// in Send Messages' place, and the interaction's `app_permissions` say the same.
    #[test]
    fn permissions_are_enforced_as_discord_computes_them() {
        let (mut w, _rx) = connected();
        let c = w.add_channel("games");
        let body = json!({"content": "hello"});
        let path = format!("/channels/{c}/messages");
        let (r, _) = w.handle(&req("POST", &path, &body));
        assert_eq!(r.status, 200);
        let starter: u64 = r.body.unwrap()["id"].as_str().unwrap().parse().unwrap();
        let tpath = format!("/channels/{c}/messages/{starter}/threads");
        let (r, _) = w.handle(&req("POST", &tpath, &json!({"name": "t"})));
        assert_eq!(r.status, 200);
        let thread_path = format!("/channels/{starter}/messages");
        let file = Upload {
            index: 0,
            filename: "a.png".into(),
            content_type: "image/png".into(),
            bytes: vec![1, 2, 3].into(),
        };
        let with_file = json!({"content": "pic", "attachments": [{"id": 0, "filename": "a.png"}]});
        let post_file = |w: &mut World, path: &str| {
            let files = [file.clone()];
            let r = RestReq {
                method: "POST",
                path,
                body: Some(&with_file),
                files: &files,
            };
            let (resp, _) = w.handle(&r);
            (resp.status, resp.body)
        };
        assert_eq!(post_file(&mut w, &path).0, 200);
        assert_eq!(post_file(&mut w, &thread_path).0, 200);
        // The bot's role loses Attach Files: @everyone still has it, so nothing changes.
        w.set_role_permissions(json::BOT_ROLE, json::ALL_PERMISSIONS & !perm::ATTACH_FILES);
        assert_eq!(post_file(&mut w, &path).0, 200);
        // @everyone loses it too: both the channel and its thread refuse files.
        w.set_role_permissions(json::GUILD_ID, DEFAULT_EVERYONE & !perm::ATTACH_FILES);
        let (status, body) = post_file(&mut w, &path);
        assert_eq!(status, 403);
        assert_eq!(
            body.unwrap(),
            json!({"code": 50013, "message": "Missing Permissions"})
        );
        assert_eq!(post_file(&mut w, &thread_path).0, 403);
        assert_eq!(
            w.handle(&req("POST", &thread_path, &body_text())).0.status,
            200
        );
        // A member overwrite on the channel gives it back to the bot, there and in its thread.
        w.set_overwrite(c, Target::Member(APP_ID), perm::ATTACH_FILES, 0);
        assert_eq!(post_file(&mut w, &path).0, 200);
        assert_eq!(post_file(&mut w, &thread_path).0, 200);
        // Send Messages denied to the bot's role in the channel: no posts (nor files, nor
        // embeds) in the channel, while its thread still takes them.
        w.set_overwrite(c, Target::Role(json::BOT_ROLE), 0, perm::SEND_MESSAGES);
        w.set_role_permissions(json::GUILD_ID, 0);
        assert_eq!(w.handle(&req("POST", &path, &body_text())).0.status, 403);
        assert_eq!(post_file(&mut w, &thread_path).0, 200);
        // Send Messages in Threads denied: the thread refuses, the parent's threads too.
        w.set_overwrite(
            c,
            Target::Role(json::BOT_ROLE),
            0,
            perm::SEND_MESSAGES_IN_THREADS,
        );
        assert_eq!(w.handle(&req("POST", &path, &body_text())).0.status, 200);
        assert_eq!(
            w.handle(&req("POST", &thread_path, &body_text())).0.status,
            403
        );
        assert_eq!(w.bot_perms(starter) & perm::ATTACH_FILES, 0, "implicit");
        // View Channel denied: Missing Access, everywhere in the channel.
        w.set_denied(c, perm::VIEW_CHANNEL);
        let (r, _) = w.handle(&req("POST", &path, &body_text()));
        assert_eq!(
            (r.status, r.body.unwrap()),
            (403, json!({"code": 50001, "message": "Missing Access"}))
        );
        let get = format!("/channels/{c}/messages/{starter}");
        assert_eq!(w.handle(&req("GET", &get, &Value::Null)).0.status, 403);
        // Read Message History is what reading a message needs.
        w.set_denied(c, perm::READ_MESSAGE_HISTORY);
        assert_eq!(w.handle(&req("GET", &get, &Value::Null)).0.status, 403);
        w.set_denied(c, 0);
        assert_eq!(w.handle(&req("GET", &get, &Value::Null)).0.status, 200);
        // Create Public Threads, from the bot's role.
        w.set_role_permissions(
            json::BOT_ROLE,
            json::ALL_PERMISSIONS & !perm::CREATE_PUBLIC_THREADS,
        );
        let (r, _) = w.handle(&req("POST", &path, &body_text()));
        let m: u64 = r.body.unwrap()["id"].as_str().unwrap().parse().unwrap();
        let tpath = format!("/channels/{c}/messages/{m}/threads");
        assert_eq!(
            w.handle(&req("POST", &tpath, &json!({"name": "t"})))
                .0
                .status,
            403
        );
        // The interaction tells the bot the same permissions, in the channel and the thread.
        let user = w.add_user("alice");
        for place in [c, starter] {
            let (id, _) = w.new_interaction(user, 2, place, json!({"name": "x"}), None, "x".into());
            let got = w.interactions[&id].id;
            let sent_perms = w
                .gateway
                .links
                .values()
                .flat_map(|l| {
                    let logged = l.session.iter().flat_map(|s| s.log.iter().map(|(_, d)| d));
                    logged.chain(l.pending.iter())
                })
                .find(|d| d.interaction == Some(got))
                .map(|d| d.d["app_permissions"].as_str().unwrap().to_string())
                .expect("dispatched");
            assert_eq!(sent_perms, w.bot_perms(place).to_string());
        }
        assert_eq!(w.bot_perms(c) & perm::CREATE_PUBLIC_THREADS, 0);
        assert_ne!(w.bot_perms(c) & perm::SEND_MESSAGES, 0);
    }

    fn body_text() -> Value {
        json!({"content": "text"})
    }

    #[test]
    fn an_over_limit_message_is_refused_with_discords_400() {
        let mut w = World::new("t");
        let c = w.add_channel("games");
        let path = format!("/channels/{c}/messages");
        let body = json!({"content": "x".repeat(2001)});
        let (r, _) = w.handle(&req("POST", &path, &body));
        assert_eq!(r.status, 400);
        let b = r.body.unwrap();
        assert_eq!(b["code"], 50035);
        assert_eq!(
            b["errors"]["content"]["_errors"][0]["code"],
            "BASE_TYPE_MAX_LENGTH"
        );
        assert!(w.messages.is_empty(), "nothing was posted");
        assert_eq!(w.violations.len(), 1, "{:?}", w.violations);
        let (r, _) = w.handle(&req("POST", &path, &json!({"content": ""})));
        assert_eq!(
            (r.status, r.body.unwrap()["code"].as_u64()),
            (400, Some(50006))
        );
        let (r, _) = w.handle(&req("POST", &path, &json!({"content": "fine"})));
        assert_eq!(r.status, 200);
    }

    #[test]
    fn thread_archive_durations_are_discords() {
        let mut w = World::new("t");
        let c = w.add_channel("games");
        let (r, _) = w.handle(&req(
            "POST",
            &format!("/channels/{c}/messages"),
            &json!({"content": "table"}),
        ));
        let m = r.body.unwrap()["id"].as_str().unwrap().to_string();
        let path = format!("/channels/{c}/messages/{m}/threads");
        let (r, _) = w.handle(&req(
            "POST",
            &path,
            &json!({"name": "t", "auto_archive_duration": 100}),
        ));
        assert_eq!(r.status, 400);
        let b = r.body.unwrap();
        assert_eq!(
            b["errors"]["auto_archive_duration"]["_errors"][0]["code"],
            "BASE_TYPE_CHOICES"
        );
        for ok in [60, 1440, 4320, 10080] {
            let mut w2 = World::new("t");
            let c = w2.add_channel("games");
            let (r, _) = w2.handle(&req(
                "POST",
                &format!("/channels/{c}/messages"),
                &json!({"content": "table"}),
            ));
            let m = r.body.unwrap()["id"].as_str().unwrap().to_string();
            let (r, _) = w2.handle(&req(
                "POST",
                &format!("/channels/{c}/messages/{m}/threads"),
                &json!({"name": "t", "auto_archive_duration": ok}),
            ));
            assert_eq!(r.status, 200, "{ok}");
        }
    }

    #[test]
    fn a_late_callback_is_an_unknown_interaction() {
        let (mut w, _rx) = connected();
        let u = w.add_user("ann");
        let c = w.add_channel("games");
        let (id, token) = w.new_interaction(u, 2, c, json!({"name": "fog"}), None, "/fog".into());
        // The click happened 3.1 s ago: too late, whenever the bot received it.
        w.interactions.get_mut(&id).unwrap().queued_at =
            Instant::now() - Duration::from_millis(3100);
        let path = format!("/interactions/{id}/{token}/callback");
        let body = json!({"type": 4, "data": {"content": "hi"}});
        let (r, _) = w.handle(&req("POST", &path, &body));
        assert_eq!(r.status, 404);
        assert_eq!(r.body.unwrap()["code"], 10062);
        assert!(w.interactions[&id].callback_failed);
        assert_eq!(w.violations.len(), 1);
        // In time: accepted. Its webhook then lives 15 minutes.
        let (id, token) = w.new_interaction(u, 2, c, json!({"name": "fog"}), None, "/fog".into());
        let path = format!("/interactions/{id}/{token}/callback");
        let (r, _) = w.handle(&req("POST", &path, &body));
        assert_eq!(r.status, 204);
        let hook = format!("/webhooks/{APP_ID}/{token}");
        let (r, _) = w.handle(&req("POST", &hook, &json!({"content": "more"})));
        assert_eq!(r.status, 200);
        w.offset_ms += TOKEN_LIFETIME_MS + 1000;
        let (r, _) = w.handle(&req("POST", &hook, &json!({"content": "late"})));
        assert_eq!(r.status, 401);
        // A callback whose data is over a limit: 400 with the problem under "data".
        let (id, token) = w.new_interaction(u, 2, c, json!({"name": "fog"}), None, "/fog".into());
        let path = format!("/interactions/{id}/{token}/callback");
        let big = json!({"type": 4, "data": {"embeds": [{"title": "t".repeat(257)}]}});
        let (r, _) = w.handle(&req("POST", &path, &big));
        assert_eq!(r.status, 400);
        assert_eq!(
            r.body.unwrap()["errors"]["data"]["embeds"]["0"]["title"]["_errors"][0]["code"],
            "BASE_TYPE_MAX_LENGTH"
        );
        assert!(w.interactions[&id].callback.is_none(), "not acknowledged");
    }

    /// Discord's sharding formula: the guild's events (its GUILD_CREATE, clicks in its channels)
    /// reach only the shard `(guild_id >> 22) % shards`, DMs only shard 0, and each shard has its
    /// own session (a resume of one replays only its own dispatches).
    #[test]
    fn with_two_shards_guild_events_reach_the_guilds_shard_and_dms_shard_0() {
        let mut w = World::new("t");
        let u = w.add_user("ann");
        let c = w.add_channel("games");
        let g = ((json::GUILD_ID >> 22) % 2) as u32;
        let (tx0, mut rx0) = tokio::sync::mpsc::unbounded_channel();
        let (tx1, mut rx1) = tokio::sync::mpsc::unbounded_channel();
        w.connected(Conn { id: 10, tx: tx0 });
        w.connected(Conn { id: 11, tx: tx1 });
        w.identify(10, 0, 2);
        w.identify(11, 1, 2);
        let (guild_rx, other_rx) = if g == 0 {
            (&mut rx0, &mut rx1)
        } else {
            (&mut rx1, &mut rx0)
        };
        assert_eq!(sent(guild_rx), ["READY", "GUILD_CREATE"]);
        assert_eq!(sent(other_rx), ["READY"]);
        assert_eq!(w.gateway.guild_shard(), g);
        // A click in the guild's channel reaches the guild's shard only.
        w.new_interaction(u, 2, c, json!({"name": "fog"}), None, "/a".into());
        assert_eq!(sent(guild_rx), ["INTERACTION_CREATE"]);
        assert!(sent(other_rx).is_empty());
        // A click in a DM reaches shard 0 only.
        let body = json!({"recipient_id": u.to_string()});
        let (r, _) = w.handle(&req("POST", "/users/@me/channels", &body));
        let dm: u64 = r.body.unwrap()["id"].as_str().unwrap().parse().unwrap();
        w.new_interaction(u, 2, dm, json!({"name": "fog"}), None, "/b".into());
        let (rx_0, rx_1) = if g == 0 {
            (guild_rx, other_rx)
        } else {
            (other_rx, guild_rx)
        };
        assert_eq!(sent(rx_0), ["INTERACTION_CREATE"]);
        assert!(sent(rx_1).is_empty());
        assert!(w.gateway.all_live());
        assert!(w.violations.is_empty(), "{:?}", w.violations);
    }

    #[test]
    fn interactions_are_replayed_on_resume_but_never_into_a_new_session() {
        let (mut w, mut rx) = connected();
        let u = w.add_user("ann");
        let c = w.add_channel("games");
        assert_eq!(sent(&mut rx), ["READY", "GUILD_CREATE"]);
        let sid = w.gateway.links[&0].session.as_ref().unwrap().id.clone();
        w.delivered(1, 2, None);
        // The connection drops; two clicks happen meanwhile.
        w.disconnected(1);
        let (a, _) = w.new_interaction(u, 2, c, json!({"name": "fog"}), None, "/a".into());
        // A resume on a new connection replays the missed click.
        let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
        w.connected(Conn { id: 2, tx });
        assert!(w.resume(2, &sid, 2));
        assert_eq!(sent(&mut rx), ["INTERACTION_CREATE", "RESUMED"]);
        w.delivered(2, 3, Some(a));
        w.delivered(2, 4, None);
        assert!(!w.interactions[&a].callback_failed);
        // Dropped again; a click; then a new IDENTIFY: the click is never delivered.
        w.disconnected(2);
        let (b, _) = w.new_interaction(u, 2, c, json!({"name": "fog"}), None, "/b".into());
        let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
        w.connected(Conn { id: 3, tx });
        w.identify(3, 0, 1);
        assert_eq!(sent(&mut rx), ["READY", "GUILD_CREATE"]);
        assert!(w.interactions[&b].callback_failed, "the user saw it fail");
        assert!(w.violations.is_empty(), "{:?}", w.violations);
    }
}
