//! Gateway close code 4011 (sharding required), as serenity 0.12.5 reports it: in its log only.
//!
//! serenity reads 4011 as `GatewayError::OverloadedShard` (`Shard::handle_gateway_closed`), and
//! its `ShardRunner::recv_event` hands only 4004, 4013 and 4014 to the shard manager (which ends
//! `Client::start`); every other error is logged at ERROR, "Shard handler received err: {:?}",
//! and dropped. Nothing else carries it: no event handler method, no field of the manager's
//! `ShardRunnerInfo` (the stage stays `Connected`), no raw event. So [`layer`] watches for that
//! one ERROR event from serenity's shard runner and counts it in [`closed_4011`], which
//! `serve` waits on. The needle is built from serenity's own error value (its `Debug` text), so
//! a serenity that renamed the variant would not compile here rather than be missed in silence.
//!
//! The count is process-wide (serenity's shard tasks carry no span of ours): `serve` treats it
//! as "some shard heard 4011" and confirms with `GET /gateway/bot` before acting.

use poise::serenity_prelude as serenity;
use std::sync::LazyLock;
use tracing::field::{Field, Visit};
use tracing_subscriber::Layer;
use tracing_subscriber::filter::Targets;
use tracing_subscriber::layer::Context;

/// Where serenity 0.12.5 logs the errors its shards' event handling returns.
pub const RUNNER_TARGET: &str = "serenity::gateway::bridge::shard_runner";

/// 4011s heard so far in this process (every IDENTIFY Discord refuses with 4011 is one more).
static CLOSED_4011: LazyLock<tokio::sync::watch::Sender<u64>> =
    LazyLock::new(|| tokio::sync::watch::channel(0).0);

/// A receiver that wakes at every 4011 heard from now on.
pub fn closed_4011() -> tokio::sync::watch::Receiver<u64> {
    CLOSED_4011.subscribe()
}

/// The `Debug` text serenity's runner logs for a 4011 close.
fn needle() -> String {
    format!(
        "{:?}",
        serenity::Error::Gateway(serenity::GatewayError::OverloadedShard)
    )
}

/// Sees serenity's log event for a 4011 close and calls `heard`.
struct Watch {
    needle: String,
    heard: fn(),
}

/// Counts a 4011 in [`CLOSED_4011`], from a thread of its own. The event comes on the tokio
/// worker that runs the shard, and serenity 0.12.5's runner then loops on the closed connection
/// without yielding until its next heartbeat (up to about 41 s; see `end_closed_runners` in
/// `discord`). A task woken from that worker goes to its LIFO slot, which no other worker
/// steals: `serve` would hear the close only when the runner gives up (seen in 2 of 2 runs of
/// the 4011 tests). Woken from another thread, the task goes through the runtime's shared
/// queue, and a free worker runs it at once.
fn count_4011() {
    std::thread::spawn(|| CLOSED_4011.send_modify(|n| *n += 1));
}

/// Reads an event's message.
#[derive(Default)]
struct Message(String);

impl Visit for Message {
    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        if field.name() == "message" {
            self.0 = format!("{value:?}");
        }
    }

    fn record_str(&mut self, field: &Field, value: &str) {
        if field.name() == "message" {
            self.0 = value.to_string();
        }
    }
}

impl<S: tracing::Subscriber> Layer<S> for Watch {
    fn on_event(&self, event: &tracing::Event<'_>, _ctx: Context<'_, S>) {
        let mut message = Message::default();
        event.record(&mut message);
        // No log line from here: tracing drops events made inside a subscriber's own call.
        if message.0.ends_with(&self.needle) {
            (self.heard)();
        }
    }
}

/// The layer that feeds [`closed_4011`]: every subscriber that runs the bot must have it (the
/// log of `farmhand run`, the tests' harness). It has its own filter (serenity's shard runner,
/// ERROR), so a log filter that hides serenity does not hide a 4011 from it, and it enables no
/// other callsite.
pub fn layer<S>() -> impl Layer<S> + Send + Sync + 'static
where
    S: tracing::Subscriber + for<'a> tracing_subscriber::registry::LookupSpan<'a>,
{
    layer_calling(count_4011)
}

/// [`layer`], calling `heard` for each 4011.
fn layer_calling<S>(heard: fn()) -> impl Layer<S> + Send + Sync + 'static
where
    S: tracing::Subscriber + for<'a> tracing_subscriber::registry::LookupSpan<'a>,
{
    Watch {
        needle: needle(),
        heard,
    }
    .with_filter(Targets::new().with_target(RUNNER_TARGET, tracing::Level::ERROR))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU32, Ordering};
    use tracing_subscriber::layer::SubscriberExt as _;

    static HEARD: AtomicU32 = AtomicU32::new(0);

    /// serenity's event for a 4011 is heard, under a log filter that hides serenity; its other
    /// errors, a lower level and the same words from elsewhere are not.
    #[test]
    fn the_4011_event_of_serenity_is_heard_and_nothing_else() {
        let hidden =
            Targets::new().with_target("serenity", tracing::level_filters::LevelFilter::OFF);
        let subscriber = tracing_subscriber::registry()
            .with(tracing_subscriber::fmt::layer().with_filter(hidden))
            .with(layer_calling(|| {
                HEARD.fetch_add(1, Ordering::SeqCst);
            }));
        tracing::subscriber::with_default(subscriber, || {
            let other = serenity::Error::Gateway(serenity::GatewayError::InvalidShardData);
            tracing::error!(target: "serenity::gateway::bridge::shard_runner", "Shard handler received err: {:?}", other);
            let why = serenity::Error::Gateway(serenity::GatewayError::OverloadedShard);
            tracing::error!(target: "farmhand::elsewhere", "Shard handler received err: {:?}", why);
            tracing::warn!(target: "serenity::gateway::bridge::shard_runner", "Shard handler received err: {:?}", why);
            assert_eq!(HEARD.load(Ordering::SeqCst), 0, "heard the wrong event");
            tracing::error!(target: "serenity::gateway::bridge::shard_runner", "Shard handler received err: {:?}", why);
        });
        assert_eq!(HEARD.load(Ordering::SeqCst), 1);
        assert_eq!(needle(), "Gateway(OverloadedShard)");
    }

    /// The count reaches a waiting task (from its own thread).
    #[test]
    async fn a_4011_wakes_the_waiting_task() {
        let mut rx = closed_4011();
        count_4011();
        tokio::time::timeout(std::time::Duration::from_secs(30), rx.changed())
            .await
            .expect("woken")
            .expect("the sender lives");
    }
}
