//! Discord's global rate limit, kept before each call instead of learned from 429s.
//!
//! Discord lets one bot token make 50 REST requests per second in all, across every process
//! that uses the token; interaction responses and interaction webhook calls (deferred answers,
//! follow-ups) are exempt (docs: "Rate Limits", "Global Rate Limit"). serenity 0.12 does not keep
//! under it: its limiter waits out a global limit only after Discord answered 429, and each
//! process knows only its own calls. Every 429 counts toward Discord's invalid-request limit
//! (10,000 in 10 minutes, then Cloudflare bans the bot's address), and `bench discord
//! --processes` drew 12,865 of them in 10 minutes from two processes on one token.
//!
//! So every call the bot makes with its token (posts, table and DM panel edits, threads, DMs,
//! command registration) first takes a turn here. [`GlobalPace`] spaces the turns as a generic
//! cell rate algorithm: at most `rate` per second on average with a burst of `burst` at once, so
//! that no second of the process's calls ever holds more than `rate + burst`. Several processes
//! on one token each take the share of `discord.global_requests_per_second` that their shards
//! are of all shards, so together they stay under it too. serenity neither offers a hook in
//! front of its requests nor lets a `reqwest` client carry one, which is why the turn is taken at
//! the bot's own call sites (`send::Bound`). Not paced: the token check and the application's
//! details that poise reads, once per start before any game is played, and the shard count
//! asked again after a gateway close 4011; `tests/suite/discord_ratelimits.rs` shows that the
//! calls of a game at machine speed all keep to the pace.

use prometheus_client::metrics::counter::Counter;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;
use tokio::time::Instant;

/// Spaces this process's bot-token calls under its share of Discord's global limit.
#[derive(Debug)]
pub struct GlobalPace {
    /// Time between two calls at the sustained rate.
    interval: Duration,
    /// How far ahead of the sustained rate calls may run: the burst less one, as time.
    tolerance: Duration,
    /// The algorithm's "theoretical arrival time": when the next call would be due if calls
    /// kept exactly to the rate. None before the first call.
    due: Mutex<Option<Instant>>,
    /// Calls waiting for their turn now.
    waiting: AtomicUsize,
    /// Calls that had to wait (exported as `farmhand_discord_global_waits`).
    held: Counter,
}

impl GlobalPace {
    /// At most `per_second` calls per second on average, `burst` at once (at least 1).
    pub fn new(per_second: f64, burst: u32, held: Counter) -> GlobalPace {
        let interval = Duration::from_secs_f64(1.0 / per_second.max(0.001));
        GlobalPace {
            interval,
            tolerance: interval * burst.max(1).saturating_sub(1),
            due: Mutex::new(None),
            waiting: AtomicUsize::new(0),
            held,
        }
    }

    /// This process's pace from the configuration: its shards' share of
    /// `discord.global_requests_per_second`, and a burst of an eighth of that second's calls
    /// (so a second never holds more than 9/8 of the rate: 45 at the default 40, under
    /// Discord's 50).
    pub fn for_config(discord: &crate::config::DiscordConfig, held: Counter) -> GlobalPace {
        let share = discord.shard_plan().unwrap_or_default().share();
        let rate = f64::from(discord.global_requests_per_second) * share;
        let burst = (rate / 8.0).floor().max(1.0) as u32;
        GlobalPace::new(rate, burst, held)
    }

    /// Waits for this call's turn. A turn is taken even if the caller is dropped while it
    /// waits (the pace only gets a little slower).
    pub async fn turn(&self) {
        let at = self.reserve(Instant::now());
        if at > Instant::now() {
            self.held.inc();
            self.waiting.fetch_add(1, Ordering::SeqCst);
            let _done = Waiting(&self.waiting);
            tokio::time::sleep_until(at).await;
        }
    }

    /// Calls waiting for their turn now (a test harness reads this: the bot still owes Discord
    /// those calls).
    pub fn waiting(&self) -> usize {
        self.waiting.load(Ordering::SeqCst)
    }

    /// Books the next turn for a call made at `now`, and says when it may go.
    fn reserve(&self, now: Instant) -> Instant {
        let mut due = self.due.lock().unwrap_or_else(|p| p.into_inner());
        let tat = due.map_or(now, |d| d.max(now));
        // Within the tolerance the call goes at once; beyond it, when the tolerance allows.
        let at = if tat > now + self.tolerance {
            tat - self.tolerance
        } else {
            now
        };
        *due = Some(tat + self.interval);
        at
    }
}

/// Counts a waiting call until dropped (also when the call is given up while it waits).
struct Waiting<'a>(&'a AtomicUsize);

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The most of `times` (sorted) in any window of `window`.
    fn most_in_window(times: &[Instant], window: Duration) -> usize {
        let mut most = 0;
        let mut first = 0;
        for (i, &t) in times.iter().enumerate() {
            while t.duration_since(times[first]) >= window {
                first += 1;
            }
            most = most.max(i + 1 - first);
        }
        most
    }

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn a_rush_of_calls_keeps_to_the_rate_and_burst() {
        let pace = GlobalPace::new(40.0, 5, Counter::default());
        let start = Instant::now();
        // 200 calls asked for at the same moment.
        let times: Vec<Instant> = (0..200).map(|_| pace.reserve(start)).collect();
        // The first five go at once (the burst), then one every 25 ms, in the order asked.
        assert!(times[..5].iter().all(|&t| t == start));
        for (k, &t) in times.iter().enumerate().skip(5) {
            assert_eq!(t, start + ms(25) * (k as u32 - 4), "call {k}");
        }
        // No second holds more than rate + burst (Discord refuses past 50).
        assert_eq!(most_in_window(&times, Duration::from_secs(1)), 44);
    }

    #[test]
    fn calls_under_the_rate_never_wait_and_a_quiet_spell_gives_the_burst_back() {
        let pace = GlobalPace::new(10.0, 3, Counter::default());
        let start = Instant::now();
        // One call every 150 ms, slower than 10 per second: each goes when asked.
        for k in 0..50 {
            let at = start + ms(150) * k;
            assert_eq!(pace.reserve(at), at);
        }
        // A rush right after: three at once, the fourth 100 ms later.
        let rush = start + ms(150 * 50);
        let times: Vec<Instant> = (0..4).map(|_| pace.reserve(rush)).collect();
        assert_eq!(times, vec![rush, rush, rush, rush + ms(100)]);
        // Used up, then 5 s of quiet: the burst is back.
        let later = rush + Duration::from_secs(5);
        let times: Vec<Instant> = (0..4).map(|_| pace.reserve(later)).collect();
        assert_eq!(times, vec![later, later, later, later + ms(100)]);
    }

    #[test]
    async fn turns_wait_and_are_counted() {
        // 100 per second, no burst: 11 calls at once span at least 100 ms.
        let pace = std::sync::Arc::new(GlobalPace::new(100.0, 1, Counter::default()));
        let start = Instant::now();
        let calls: Vec<_> = (0..11)
            .map(|_| {
                let pace = pace.clone();
                tokio::spawn(async move { pace.turn().await })
            })
            .collect();
        for c in calls {
            c.await.unwrap();
        }
        assert!(start.elapsed() >= ms(100), "{:?}", start.elapsed());
        assert_eq!(pace.held.get(), 10, "all but the first waited");
        assert_eq!(pace.waiting(), 0);
    }

    #[test]
    fn each_process_takes_its_shards_share() {
        let mut d = crate::config::DiscordConfig::default();
        assert_eq!(d.global_requests_per_second, 40);
        let one = GlobalPace::for_config(&d, Counter::default());
        assert_eq!((one.interval, one.tolerance), (ms(25), ms(25 * 4)));
        d.shards = crate::config::ShardCount::Count(8);
        d.shard_range = Some("0-1".into());
        let quarter = GlobalPace::for_config(&d, Counter::default());
        assert_eq!(
            (quarter.interval, quarter.tolerance),
            (ms(100), Duration::ZERO)
        );
    }
}
