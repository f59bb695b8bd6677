//! Public posts in a game's thread, in order and merged. Discord lets a bot create about five
//! messages per channel every five seconds; a Key Harvest game posts one sentence per action and
//! a Fields of Green game a summary per turn, and bot seats or quick players can act faster than
//! that. Awaiting each post in the click's handler would hold the bot seats (which play after
//! the handler) behind the channel's rate limit, and posts of two clicks could race.
//!
//! So posts go to a per-channel outbox: one task per channel sends them in the order they were
//! queued, and whatever piled up while it waited for Discord is sent as one message (up to
//! Discord's 10 embeds and 6,000 embed characters, or 2,000 characters of text). A post with
//! buttons or a file is sent on its own, still in order. Nothing is dropped: a merged message
//! holds every post's text, a post refused with 429 or a server error is tried again, and a post
//! Discord refuses finds another way (see [`deliver`]). The player's own interaction response
//! never waits for this.

use super::pace::GlobalPace;
use super::send;
use super::spec::{MessageSpec, check};
use crate::metrics::Metrics;
use crate::service::Service;
use poise::serenity_prelude::{self as serenity, ChannelId, Http};
use std::collections::{HashMap, VecDeque};
use std::hash::Hash;
use std::sync::{Arc, Mutex, OnceLock, Weak};
use std::time::Duration;

/// Where a game's thread hangs: what the outbox needs to find another way for a post the thread
/// refuses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Home {
    pub game: i64,
    /// The channel the thread was started in (the table message's).
    pub parent: u64,
    /// The thread's name, for a thread made again.
    pub thread_name: String,
    /// Said once in the table's channel when the thread stops taking the game's posts (locked,
    /// or closed to the bot), in the table's language.
    pub moved_note: MessageSpec,
}

/// The queued public posts of every channel (see the module comment).
pub struct Outbox {
    http: OnceLock<Arc<Http>>,
    /// The process's turns under Discord's global limit (every post and thread is a bot-token
    /// call).
    pace: Arc<GlobalPace>,
    /// To store a game's new thread. Weak: the service outlives every post that matters, and
    /// a bot stopped in a test must not be kept alive by its own outbox.
    service: OnceLock<Weak<Service>>,
    /// Per channel: posts not yet sent. A channel is present while its task runs.
    queues: Mutex<HashMap<u64, VecDeque<MessageSpec>>>,
    /// Game threads by id, and threads made again in place of deleted ones (old id -> new).
    homes: Mutex<Homes>,
}

#[derive(Default)]
struct Homes {
    of: HashMap<u64, Home>,
    moved: HashMap<u64, u64>,
    /// Channels that refused a post with pictures, and when: for a while, posts there go
    /// without them at once (every refusal counts toward Discord's invalid-request limit).
    no_files: HashMap<u64, i64>,
    /// Channels Discord said are gone or closed to the bot (issue 42, `park`): their games are
    /// parked, and a post for them is dropped (logged) instead of earning another refusal.
    gone: std::collections::HashSet<u64>,
    /// Game threads that refuse the bot's posts (locked, or closed to it; issue 42). Their
    /// posts go to the table's channel at once, instead of earning a refusal each.
    closed_threads: HashMap<u64, Closed>,
}

/// How long, in milliseconds of the one clock, a channel that refused pictures gets posts
/// without them before the bot tries again (the permission may have been given back).
const NO_FILES_FOR_MS: i64 = 600_000;

/// A game thread that refuses the bot's posts.
#[derive(Clone, Copy, Debug)]
struct Closed {
    /// Whether the move to the table's channel was said there yet.
    said: bool,
    /// Until when: a lock lasts until Discord says the thread was unlocked (THREAD_UPDATE); a
    /// refusal for a permission, [`NO_FILES_FOR_MS`], after which the thread is tried again
    /// (the permission may have been given back). Milliseconds of the one clock.
    until: Option<i64>,
}

impl std::fmt::Debug for Outbox {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Outbox")
            .field("channels", &self.pending())
            .finish()
    }
}

impl Outbox {
    /// An empty outbox whose calls take their turns from `pace`.
    pub fn new(pace: Arc<GlobalPace>) -> Outbox {
        Outbox {
            http: OnceLock::new(),
            pace,
            service: OnceLock::new(),
            queues: Mutex::default(),
            homes: Mutex::default(),
        }
    }

    /// The client the tasks use, set once the bot has connected.
    pub fn set_http(&self, http: Arc<Http>) {
        let _ = self.http.set(http);
    }

    /// The service that stores a game's thread when the outbox makes it again.
    pub fn set_service(&self, service: &Arc<Service>) {
        let _ = self.service.set(Arc::downgrade(service));
    }

    /// Now, in milliseconds: the service's clock (the one clock, simulated in tests), or the
    /// system's before the service is set.
    fn now_ms(&self) -> i64 {
        match self.service.get().and_then(Weak::upgrade) {
            Some(service) => service.store().now_ms(),
            None => crate::clock::Clock::system().now_ms(),
        }
    }

    /// Channels with posts queued or being sent (0 when every post has been made).
    pub fn pending(&self) -> usize {
        self.lock().len()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<u64, VecDeque<MessageSpec>>> {
        self.queues.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn homes(&self) -> std::sync::MutexGuard<'_, Homes> {
        self.homes.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Queues `spec` for `channel` and returns at once. False when the bot has not connected
    /// yet (the caller then posts it itself).
    pub fn post(self: &Arc<Self>, channel: u64, spec: MessageSpec) -> bool {
        self.post_at(channel, None, spec)
    }

    /// [`post`](Self::post) in a game's thread: `home` says where the thread hangs, so a post
    /// the thread refuses finds another way (see [`work`]).
    pub fn post_at(self: &Arc<Self>, channel: u64, home: Option<Home>, spec: MessageSpec) -> bool {
        let Some(http) = self.http.get().cloned() else {
            return false;
        };
        let channel = {
            let mut homes = self.homes();
            // A thread made again takes the posts meant for the deleted one (posts of actions
            // that read the game before the new thread was stored).
            let channel = homes.moved.get(&channel).copied().unwrap_or(channel);
            if homes.gone.contains(&channel) {
                tracing::info!(channel, "not posting in a channel Discord says is gone");
                return true;
            }
            if let Some(h) = home {
                homes.of.entry(channel).or_insert(h);
            }
            channel
        };
        {
            let mut queues = self.lock();
            if let Some(q) = queues.get_mut(&channel) {
                q.push_back(spec);
                return true;
            }
            queues.insert(channel, VecDeque::from([spec]));
        }
        let outbox = self.clone();
        tokio::spawn(async move { work(http, outbox, channel).await });
        true
    }

    /// Stops posting to `channel` (issue 42): its games are parked. Posts still queued for it
    /// are dropped (logged; the game's log in the database keeps what they said).
    pub fn close_channel(&self, channel: u64) {
        self.homes().gone.insert(channel);
        if let Some(q) = self.lock().get_mut(&channel) {
            if !q.is_empty() {
                tracing::info!(
                    channel,
                    posts = q.len(),
                    "dropping the posts queued for a channel Discord says is gone"
                );
            }
            q.clear();
        }
    }

    /// Parks the games at `gone`, tells their players, and stops posting to their places (see
    /// `park`): what a CHANNEL_DELETE or GUILD_DELETE, or a refusal on a game's own channel,
    /// leads to.
    pub async fn place_gone(
        &self,
        http: &Http,
        gone: crate::store::Gone,
        why: crate::store::Parked,
    ) {
        let Some(service) = self.service.get().and_then(Weak::upgrade) else {
            return;
        };
        if let crate::store::Gone::Channel(c) = gone {
            self.close_channel(c);
        }
        for c in super::park::place_gone(http, &service, &self.pace, gone, why).await {
            self.close_channel(c);
        }
    }

    /// A game thread was locked or unlocked (THREAD_UPDATE; issue 42): while locked, its
    /// posts go to the table's channel (said there once).
    pub fn thread_locked(&self, thread: u64, locked: bool) {
        let mut homes = self.homes();
        if locked {
            let closed = homes.closed_threads.entry(thread).or_insert(Closed {
                said: false,
                until: None,
            });
            closed.until = None;
        } else {
            homes.closed_threads.remove(&thread);
        }
    }

    /// Posts to `channel` again: a parked game was resumed there.
    pub fn reopen_channel(&self, channel: u64) {
        self.homes().gone.remove(&channel);
    }

    /// Moves the posts still queued for `from` to the front of `to`'s queue (a thread made
    /// again), and starts `to`'s task if it has none.
    fn redirect(self: &Arc<Self>, http: &Arc<Http>, from: u64, to: u64) {
        let spawn = {
            let mut queues = self.lock();
            let rest = queues.remove(&from).unwrap_or_default();
            match queues.get_mut(&to) {
                Some(q) => {
                    for (k, spec) in rest.into_iter().enumerate() {
                        q.insert(k, spec);
                    }
                    false
                }
                None => {
                    queues.insert(to, rest);
                    true
                }
            }
        };
        if spawn {
            let (outbox, http) = (self.clone(), http.clone());
            tokio::spawn(async move { work(http, outbox, to).await });
        }
    }
}

/// Removes a background worker's entry (`key` in `entries`: a channel's queue, a message's
/// redraw) if the worker ends early (a panic), so a later request starts a new worker instead of
/// waiting behind one that is gone. A worker that finishes normally removes the entry itself,
/// in the same locked step that sees nothing more is owed, and disarms this.
pub(super) struct Release<'a, K: Eq + Hash, V> {
    entries: &'a Mutex<HashMap<K, V>>,
    key: K,
    pub(super) armed: bool,
}

impl<'a, K: Eq + Hash, V> Release<'a, K, V> {
    pub(super) fn new(entries: &'a Mutex<HashMap<K, V>>, key: K) -> Self {
        Release {
            entries,
            key,
            armed: true,
        }
    }
}

impl<K: Eq + Hash, V> Drop for Release<'_, K, V> {
    fn drop(&mut self) {
        if self.armed {
            let mut entries = self.entries.lock().unwrap_or_else(|p| p.into_inner());
            entries.remove(&self.key);
        }
    }
}

async fn work(http: Arc<Http>, outbox: Arc<Outbox>, channel: u64) {
    let mut release = Release::new(&outbox.queues, channel);
    loop {
        let next = {
            let mut queues = outbox.lock();
            let Some(q) = queues.get_mut(&channel) else {
                release.armed = false;
                return;
            };
            match take_merged(q) {
                Some(m) => m,
                None => {
                    // Nothing more: the entry goes in the same locked step, so a post arriving
                    // now starts a new task.
                    queues.remove(&channel);
                    release.armed = false;
                    return;
                }
            }
        };
        if let Some(moved) = deliver(&http, &outbox, channel, next).await {
            // The thread was made again: what is still queued goes there, in order.
            release.armed = false;
            outbox.redirect(&http, channel, moved);
            return;
        }
    }
}

/// Sends one post once (serenity waits out the channel's rate limit first; a 429 that still
/// comes back is tried again).
async fn send_once(
    http: &Http,
    metrics: Option<&Metrics>,
    pace: &GlobalPace,
    channel: u64,
    spec: &MessageSpec,
) -> Result<(), serenity::Error> {
    let bound = send::Bound::Global(pace);
    send::create_retrying_429(metrics, bound, "post in a game's channel", || {
        ChannelId::new(channel).send_message(http, send::message(spec))
    })
    .await
    .map(|_| ())
}

/// Discord's "Unknown Channel": the thread (or channel) was deleted.
const UNKNOWN_CHANNEL: isize = 10003;

/// Discord's refusal of a post in a locked thread.
const THREAD_LOCKED: isize = 50083;

/// Sends a post, and when Discord refuses it finds another way, so nothing a player needs is
/// lost (each way logged with Discord's reason):
/// - a server error or a lost connection: tried again (three times, with pauses): a post that
///   did go through before the error shows twice, which costs less than a summary missing;
/// - refused (403) with pictures: sent again without them, as the text grids say the same
///   (the bot lacks Attach Files);
/// - a game's thread deleted (10003): the thread is made again in the table's channel, stored,
///   and takes this post and every later one (returned);
/// - a game's thread refusing the post (403: no Send Messages in Threads, no access): posted in
///   the table's channel instead.
///
/// Anything else (the channel itself gone or closed to the bot) is logged as lost.
async fn deliver(
    http: &Arc<Http>,
    outbox: &Arc<Outbox>,
    channel: u64,
    spec: MessageSpec,
) -> Option<u64> {
    if outbox.homes().gone.contains(&channel) {
        tracing::info!(channel, "not posting in a channel Discord says is gone");
        return None;
    }
    let service = outbox.service.get().and_then(Weak::upgrade);
    let metrics = service.as_deref().map(Service::metrics);
    // A thread known to refuse posts: straight to the table's channel.
    let closed_home = {
        let now = outbox.now_ms();
        let mut homes = outbox.homes();
        if homes
            .closed_threads
            .get(&channel)
            .is_some_and(|c| c.until.is_some_and(|t| t <= now))
        {
            homes.closed_threads.remove(&channel);
        }
        homes
            .closed_threads
            .contains_key(&channel)
            .then(|| homes.of.get(&channel).cloned())
            .flatten()
    };
    if let Some(home) = closed_home {
        in_parent(http, outbox, metrics, channel, &home, spec).await;
        return None;
    }
    let mut spec = spec;
    if !spec.files.is_empty()
        && outbox
            .homes()
            .no_files
            .get(&channel)
            .is_some_and(|&t| outbox.now_ms() - t < NO_FILES_FOR_MS)
    {
        spec.drop_files();
    }
    let mut e = match send_once(http, metrics, &outbox.pace, channel, &spec).await {
        Ok(()) => return None,
        Err(e) => e,
    };
    let mut pause = Duration::from_millis(500);
    for attempt in 1..=3 {
        if !send::is_transient(&e) {
            break;
        }
        tracing::warn!(channel, attempt, error = %send::describe(&e), "a post failed; trying again");
        tokio::time::sleep(pause).await;
        pause *= 2;
        e = match send_once(http, metrics, &outbox.pace, channel, &spec).await {
            Ok(()) => return None,
            Err(e) => e,
        };
    }
    if send::is_forbidden(&e) && !spec.files.is_empty() {
        tracing::warn!(channel, error = %send::describe(&e), "a post with pictures was refused (is Attach Files missing?); sending it without them");
        spec.drop_files();
        let now = outbox.now_ms();
        outbox.homes().no_files.insert(channel, now);
        e = match send_once(http, metrics, &outbox.pace, channel, &spec).await {
            Ok(()) => return None,
            Err(e) => e,
        };
    }
    let home = outbox.homes().of.get(&channel).cloned();
    let Some(home) = home else {
        tracing::error!(channel, error = %send::describe(&e), "a post was refused and is lost");
        // The game's own channel refusing it for good parks the game (issue 42).
        if let Some(why) = super::park::refusal(&e, spec.files.is_empty()) {
            park(http, outbox, channel, why).await;
        }
        return None;
    };
    if send::discord_code(&e) == Some(UNKNOWN_CHANNEL)
        && let Some(thread) = new_thread(http, outbox, channel, &home).await
        && send_once(http, metrics, &outbox.pace, thread, &spec)
            .await
            .is_ok()
    {
        return Some(thread);
    }
    tracing::warn!(channel, game = home.game, error = %send::describe(&e), "the game's thread refused a post; posting it in the table's channel");
    // A refusal for good (locked: 50083; or the thread closed to the bot) is remembered, so
    // the next posts go to the channel without another refused call.
    if send::is_forbidden(&e) {
        let locked = send::discord_code(&e) == Some(THREAD_LOCKED);
        let until = (!locked).then(|| outbox.now_ms() + NO_FILES_FOR_MS);
        outbox
            .homes()
            .closed_threads
            .entry(channel)
            .or_insert(Closed { said: false, until });
    }
    in_parent(http, outbox, metrics, channel, &home, spec).await;
    None
}

/// Posts `spec`, meant for the game thread `channel`, in the table's channel instead; the
/// first time for a thread remembered as closed, with its note saying why.
async fn in_parent(
    http: &Arc<Http>,
    outbox: &Arc<Outbox>,
    metrics: Option<&Metrics>,
    channel: u64,
    home: &Home,
    spec: MessageSpec,
) {
    let mut spec = spec;
    let say_moved = outbox
        .homes()
        .closed_threads
        .get_mut(&channel)
        .is_some_and(|c| !std::mem::replace(&mut c.said, true));
    if say_moved
        && let Err(e) = send_once(http, metrics, &outbox.pace, home.parent, &home.moved_note).await
    {
        tracing::warn!(game = home.game, error = %send::describe(&e), "could not say in the channel that the thread is closed");
    }
    let downgraded = send_once(http, metrics, &outbox.pace, home.parent, &spec).await;
    let downgraded = match downgraded {
        Err(e2) if send::is_forbidden(&e2) && !spec.files.is_empty() => {
            spec.drop_files();
            send_once(http, metrics, &outbox.pace, home.parent, &spec).await
        }
        other => other,
    };
    if let Err(e2) = downgraded {
        tracing::error!(channel, game = home.game, channel_error = %send::describe(&e2), "a post meant for the game's thread was refused in the table's channel and is lost");
        if let Some(why) = super::park::refusal(&e2, spec.files.is_empty()) {
            park(http, outbox, home.parent, why).await;
        }
    }
}

/// Parks the games of `channel`, which refused a post for good (see `park`).
async fn park(http: &Http, outbox: &Outbox, channel: u64, why: crate::store::Parked) {
    outbox
        .place_gone(http, crate::store::Gone::Channel(channel), why)
        .await;
}

/// Makes a game's thread again (the old one was deleted) in the table's channel and stores it;
/// its id, or None (logged) when Discord refuses or the game cannot be stored.
async fn new_thread(http: &Http, outbox: &Outbox, old: u64, home: &Home) -> Option<u64> {
    let builder = serenity::CreateThread::new(home.thread_name.clone())
        .kind(serenity::ChannelType::PublicThread)
        .auto_archive_duration(serenity::AutoArchiveDuration::OneWeek);
    let service = outbox.service.get().and_then(Weak::upgrade);
    let created = send::create_retrying_429(
        service.as_deref().map(Service::metrics),
        send::Bound::Global(&outbox.pace),
        "make a game's thread again",
        || ChannelId::new(home.parent).create_thread(http, builder.clone()),
    )
    .await;
    let thread = match created {
        Ok(t) => t.id.get(),
        Err(e) => {
            tracing::warn!(game = home.game, error = %send::describe(&e), "could not make the game's deleted thread again");
            return None;
        }
    };
    let service = outbox.service.get().and_then(Weak::upgrade)?;
    if let Err(e) = service
        .store()
        .set_message(home.game, Some(thread), None)
        .await
    {
        tracing::warn!(game = home.game, error = %e, "could not store the game's new thread");
    }
    {
        let mut homes = outbox.homes();
        // Posts meant for any earlier thread of this game go to the newest.
        for to in homes.moved.values_mut() {
            if *to == old {
                *to = thread;
            }
        }
        homes.moved.insert(old, thread);
        homes.of.insert(thread, home.clone());
    }
    tracing::info!(
        game = home.game,
        old,
        thread,
        "the game's thread was deleted; made it again"
    );
    Some(thread)
}

/// The front post, with as many of the following ones merged into it as fit in one message.
pub fn take_merged(q: &mut VecDeque<MessageSpec>) -> Option<MessageSpec> {
    let mut m = q.pop_front()?;
    if !mergeable(&m) {
        return Some(m);
    }
    while let Some(next) = q.front() {
        if !mergeable(next) {
            break;
        }
        let Some(both) = merged(&m, next) else {
            break;
        };
        m = both;
        q.pop_front();
    }
    Some(m)
}

/// Posts with buttons or files are sent as they are (a button row belongs to its own text).
fn mergeable(m: &MessageSpec) -> bool {
    m.rows.is_empty() && m.files.is_empty()
}

/// `a` then `b` as one message, if that is within Discord's limits.
fn merged(a: &MessageSpec, b: &MessageSpec) -> Option<MessageSpec> {
    let content = match (a.content.is_empty(), b.content.is_empty()) {
        (true, _) => b.content.clone(),
        (_, true) => a.content.clone(),
        _ => format!("{}\n{}", a.content, b.content),
    };
    let mut ping = a.ping.clone();
    ping.extend(b.ping.iter().filter(|u| !a.ping.contains(u)));
    let m = MessageSpec {
        content,
        embeds: a.embeds.iter().chain(&b.embeds).cloned().collect(),
        rows: Vec::new(),
        ping,
        files: Vec::new(),
    };
    check(&m).is_ok().then_some(m)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::discord::spec::EmbedSpec;

    fn embed(text: &str) -> MessageSpec {
        MessageSpec {
            embeds: vec![EmbedSpec {
                description: text.to_string(),
                ..Default::default()
            }],
            ..Default::default()
        }
    }

    #[test]
    fn queued_posts_merge_in_order_up_to_discords_limits() {
        let mut q: VecDeque<MessageSpec> = (0..13).map(|k| embed(&format!("post {k}"))).collect();
        // Ten embeds at most in one message: 13 posts are two messages, in order.
        let first = take_merged(&mut q).unwrap();
        let texts: Vec<&str> = first
            .embeds
            .iter()
            .map(|e| e.description.as_str())
            .collect();
        assert_eq!(texts.len(), 10);
        assert_eq!(texts[0], "post 0");
        assert_eq!(texts[9], "post 9");
        let second = take_merged(&mut q).unwrap();
        assert_eq!(second.embeds.len(), 3);
        assert_eq!(second.embeds[0].description, "post 10");
        assert!(take_merged(&mut q).is_none());
        // 6,000 embed characters at most: two long posts stay apart.
        let mut q: VecDeque<MessageSpec> = [embed(&"a".repeat(3500)), embed(&"b".repeat(3500))]
            .into_iter()
            .collect();
        assert_eq!(take_merged(&mut q).unwrap().embeds.len(), 1);
        assert_eq!(take_merged(&mut q).unwrap().embeds.len(), 1);
    }

    #[test]
    fn a_post_with_buttons_or_a_file_is_sent_alone_and_in_order() {
        let mut with_file = embed("final scores");
        with_file.files.push(crate::discord::spec::FileSpec {
            name: "farms.png".into(),
            bytes: vec![1, 2, 3],
            description: None,
        });
        let mut q: VecDeque<MessageSpec> = [
            embed("a"),
            embed("b"),
            with_file,
            embed("c"),
            MessageSpec {
                content: "<@7> your turn".into(),
                ping: vec![7],
                ..Default::default()
            },
        ]
        .into_iter()
        .collect();
        assert_eq!(take_merged(&mut q).unwrap().embeds.len(), 2);
        assert_eq!(take_merged(&mut q).unwrap().files.len(), 1);
        let last = take_merged(&mut q).unwrap();
        assert_eq!(last.embeds[0].description, "c");
        assert_eq!(last.content, "<@7> your turn");
        assert_eq!(last.ping, vec![7]);
        assert!(q.is_empty());
    }
}
