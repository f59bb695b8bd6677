//! The one clock: every reading of "now" as a date (unix milliseconds) goes through a [`Clock`].
//!
//! A game lasts days, and what happens in it depends on the date: reminders, deadlines, the
//! stand-in, quiet hours, absences, review claims, the fake Discord's message times and
//! interaction-token ages. With one clock passed in, a test runs two simulated weeks in seconds
//! by moving it ([`Clock::advance`], [`Clock::set`]) instead of waiting.
//!
//! What is not read from here: how long something took or how long to wait between two requests
//! (rate-limit windows, the 3-second interaction deadline, metrics' durations). Those are
//! measured on tokio's monotonic clock, because they are about real seconds on real sockets:
//! serenity's own rate limiter sleeps on it too.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// A clock that says what date it is. Cheap to clone: clones share one time, so the bot, its
/// store and the fake Discord of a test all move together.
#[derive(Clone, Debug)]
pub struct Clock(Arc<Inner>);

#[derive(Debug)]
struct Inner {
    kind: Kind,
    /// Time added by [`Clock::advance`] and [`Clock::set`].
    offset_ms: AtomicI64,
}

#[derive(Debug)]
enum Kind {
    /// The operating system's date.
    System,
    /// A simulated date: `at_ms` when the clock was made, then running with real time (or not).
    Simulated {
        at_ms: i64,
        made: Instant,
        runs: bool,
    },
}

impl Default for Clock {
    fn default() -> Self {
        Clock::system()
    }
}

impl Clock {
    /// The real date, as the operating system has it: what a bot in service runs on.
    pub fn system() -> Clock {
        Clock::with(Kind::System)
    }

    /// A simulated date that starts at `at_ms` (unix milliseconds) and stands still until moved:
    /// a test that wants every reading exact.
    pub fn frozen_at(at_ms: i64) -> Clock {
        Clock::with(Kind::Simulated {
            at_ms,
            made: Instant::now(),
            runs: false,
        })
    }

    /// A simulated date that starts at `at_ms` and runs with real time, plus whatever it is
    /// moved by: the fake Discord's clock, where messages made a second apart are a second
    /// apart, and a test can still jump a day ahead.
    pub fn running_from(at_ms: i64) -> Clock {
        Clock::with(Kind::Simulated {
            at_ms,
            made: Instant::now(),
            runs: true,
        })
    }

    fn with(kind: Kind) -> Clock {
        Clock(Arc::new(Inner {
            kind,
            offset_ms: AtomicI64::new(0),
        }))
    }

    /// Now, in milliseconds since the Unix epoch.
    pub fn now_ms(&self) -> i64 {
        let base = match &self.0.kind {
            Kind::System => SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map_or(0, |d| d.as_millis() as i64),
            Kind::Simulated { at_ms, made, runs } => {
                if *runs {
                    at_ms + made.elapsed().as_millis() as i64
                } else {
                    *at_ms
                }
            }
        };
        base + self.0.offset_ms.load(Ordering::SeqCst)
    }

    /// Moves the clock forward (a test's days pass in an instant).
    pub fn advance(&self, by: Duration) {
        self.0
            .offset_ms
            .fetch_add(by.as_millis() as i64, Ordering::SeqCst);
    }

    /// Moves the clock to `at_ms`, if that is later than now: a clock never runs backwards,
    /// since reminders, deadlines and the logs' order count on it.
    pub fn set(&self, at_ms: i64) {
        let now = self.now_ms();
        if at_ms > now {
            self.0.offset_ms.fetch_add(at_ms - now, Ordering::SeqCst);
        }
    }

    /// Whether this is the operating system's date (not a simulated one).
    pub fn is_system(&self) -> bool {
        matches!(self.0.kind, Kind::System)
    }

    /// Whether two handles read the same clock.
    pub fn same_as(&self, other: &Clock) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_frozen_clock_moves_only_when_told() {
        let c = Clock::frozen_at(1_000);
        assert_eq!(c.now_ms(), 1_000);
        c.advance(Duration::from_secs(86_400 * 14));
        assert_eq!(c.now_ms(), 1_000 + 14 * 86_400_000);
        let shared = c.clone();
        shared.set(2_000_000_000_000);
        assert_eq!(c.now_ms(), 2_000_000_000_000);
        assert!(c.same_as(&shared));
        assert!(!c.same_as(&Clock::frozen_at(1_000)));
    }

    #[test]
    fn a_clock_never_runs_backwards() {
        let c = Clock::frozen_at(5_000);
        c.set(4_000);
        assert_eq!(c.now_ms(), 5_000);
    }

    #[test]
    fn the_system_clock_is_the_date() {
        let c = Clock::system();
        let os = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap()
            .as_millis() as i64;
        assert!((c.now_ms() - os).abs() < 60_000);
        assert!(c.is_system());
    }
}
