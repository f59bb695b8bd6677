//! What serenity's rate limiter tells the bot about its waits. serenity sleeps inside each REST
//! call that hits a used-up bucket (before sending it, or after a 429) and reports every such
//! wait to the `ratelimit` method of each serenity `EventHandler` (not to poise's framework);
//! the Client replaces any callback set on the limiter with that, so [`Watcher`] is the only
//! place the bot can see them. They are logged, and kept so that the
//! test harness (and anything else that waits for the bot to go quiet) knows the bot still owes
//! Discord a call that it is only holding back.

use poise::serenity_prelude as serenity;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The bot's rate-limit waits so far.
#[derive(Debug, Default)]
pub struct RateLimits {
    inner: Mutex<Inner>,
}

#[derive(Debug, Default)]
struct Inner {
    /// The end of the latest wait serenity announced.
    until: Option<Instant>,
    waits: u64,
    global: u64,
    /// Waits on the interaction webhook routes (deferred answers, follow-ups), and their total
    /// length: a player waits through these.
    webhook_waits: u64,
    webhook_waited: Duration,
}

impl RateLimits {
    /// Records a wait serenity announced (it starts now).
    pub fn note(&self, info: &serenity::RatelimitInfo) {
        tracing::debug!(
            path = %info.path,
            wait_ms = info.timeout.as_millis() as u64,
            global = info.global,
            "Discord rate limit: holding a call back"
        );
        let until = Instant::now() + info.timeout;
        let mut i = self.lock();
        i.until = Some(i.until.map_or(until, |old| old.max(until)));
        i.waits += 1;
        if info.global {
            i.global += 1;
        }
        if info.path.contains("/webhooks/") {
            i.webhook_waits += 1;
            i.webhook_waited += info.timeout;
        }
    }

    /// Waits announced on the interaction webhook routes so far, and their total length.
    pub fn webhook_waits(&self) -> (u64, Duration) {
        let i = self.lock();
        (i.webhook_waits, i.webhook_waited)
    }

    /// True while a wait is under way, or ended less than `grace` ago (the call it held back may
    /// still be on its way to Discord).
    pub fn waiting(&self, grace: Duration) -> bool {
        self.lock()
            .until
            .is_some_and(|t| t + grace > Instant::now())
    }

    /// (waits, of which global) announced so far.
    pub fn counts(&self) -> (u64, u64) {
        let i = self.lock();
        (i.waits, i.global)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|p| p.into_inner())
    }
}

/// The serenity event handler that records the rate limiter's waits in [`RateLimits`].
pub struct Watcher(pub Arc<RateLimits>);

#[serenity::async_trait]
impl serenity::EventHandler for Watcher {
    async fn ratelimit(&self, info: serenity::RatelimitInfo) {
        self.0.note(&info);
    }
}
