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
//! holds every post's text, and a post refused with 429 is tried again. The player's own
//! interaction response never waits for this.

use super::send;
use super::spec::{MessageSpec, check};
use poise::serenity_prelude::{ChannelId, Http};
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex, OnceLock};

/// The queued public posts of every channel (see the module comment).
#[derive(Default)]
pub struct Outbox {
    http: OnceLock<Arc<Http>>,
    /// Per channel: posts not yet sent. A channel is present while its task runs.
    queues: Mutex<HashMap<u64, VecDeque<MessageSpec>>>,
}

impl std::fmt::Debug for Outbox {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Outbox")
            .field("channels", &self.pending())
            .finish()
    }
}

impl Outbox {
    /// The client the tasks use, set once the bot has connected.
    pub fn set_http(&self, http: Arc<Http>) {
        let _ = self.http.set(http);
    }

    /// Channels with posts queued or being sent (0 when every post has been made).
    pub fn pending(&self) -> usize {
        self.lock().len()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<u64, VecDeque<MessageSpec>>> {
        self.queues.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Queues `spec` for `channel` and returns at once. False when the bot has not connected
    /// yet (the caller then posts it itself).
    pub fn post(self: &Arc<Self>, channel: u64, spec: MessageSpec) -> bool {
        let Some(http) = self.http.get().cloned() else {
            return false;
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
}

/// Removes the channel's entry if its task ends early (a panic), so a later post starts a new
/// task instead of queueing behind one that is gone.
struct Release<'a> {
    outbox: &'a Outbox,
    channel: u64,
    armed: bool,
}

impl Drop for Release<'_> {
    fn drop(&mut self) {
        if self.armed {
            self.outbox.lock().remove(&self.channel);
        }
    }
}

async fn work(http: Arc<Http>, outbox: Arc<Outbox>, channel: u64) {
    let mut release = Release {
        outbox: &outbox,
        channel,
        armed: true,
    };
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
        // serenity waits out the channel's rate limit here (no lock of ours is held); a 429
        // that still comes back is tried again rather than lose the post.
        let posted = send::create_retrying_429("post in a game's channel", || {
            ChannelId::new(channel).send_message(&*http, send::message(&next))
        })
        .await;
        if let Err(e) = posted {
            tracing::warn!(channel, error = %e, "could not post in a game's channel");
        }
    }
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
