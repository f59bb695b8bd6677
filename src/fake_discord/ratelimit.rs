//! Discord's rate limits, as the fake enforces them (docs: "Rate Limits"). Every answer to a
//! bucketed route carries `X-RateLimit-Limit`, `-Remaining`, `-Reset` (unix seconds),
//! `-Reset-After` (seconds) and `-Bucket`; a request over a limit gets 429 with a JSON body
//! (`message`, `retry_after` in seconds, `global`) and `Retry-After`, plus `X-RateLimit-Scope`,
//! and `X-RateLimit-Global` only for the global limit (serenity treats the mere presence of that
//! header as global).
//!
//! Buckets are per route and per major parameter (channel, guild, webhook/interaction token):
//! - creating messages and editing messages are each limited per channel, 5 per 5 s. Discord no
//!   longer publishes per-route numbers ("We dont put rate limit details in our documentation",
//!   https://github.com/discord/discord-api-docs/issues/4413); the values are the ones it
//!   announced for bot messages, "5/5 per server ... applies to message creation and editing"
//!   (https://github.com/discord/discord-api-docs/issues/20), and the per-channel 5 per 5 s that
//!   bots still observe in the headers;
//! - the interaction webhook routes (follow-ups, edits of the original answer and of follow-ups)
//!   share one bucket per interaction token, 5 per 2 s: Discord says "Interactions webhooks share
//!   the same rate limit properties as normal webhooks" (docs: "Receiving and Responding"), and a
//!   normal webhook allows 5 requests per 2 s
//!   (https://birdie0.github.io/discord-webhooks-guide/other/rate_limits.html);
//! - every other route has a generous per-bucket limit;
//! - all requests but interaction responses and interaction webhooks share the global limit
//!   (50 per second).
//!
//! Every 401, 403 and 429 answer counts toward Discord's invalid-request limit: 10,000 in 10
//! minutes, past which Cloudflare bans the bot's address for a while (docs: "Rate Limits",
//! "Invalid Request Limit"); 429s of scope `shared` would not count, and the fake never sends
//! that scope. [`RateLimiter::invalid`] keeps the count and the most seen in any 10 minutes.

use super::route::RouteKind;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// Limits the fake enforces (requests per window).
#[derive(Clone, Debug)]
pub struct Limits {
    pub enabled: bool,
    /// Messages created per channel.
    pub message_create: (u32, Duration),
    /// Messages edited per channel.
    pub message_edit: (u32, Duration),
    /// Interaction webhook calls (follow-ups and their edits) per interaction token.
    pub webhook: (u32, Duration),
    /// Any other route, per bucket.
    pub route: (u32, Duration),
    /// All requests of the bot except interaction responses and interaction webhooks.
    pub global: (u32, Duration),
    /// Gateway logins (IDENTIFY): `max_concurrency` per 5 s ("Session Start Limit", in the
    /// Gateway docs); one too soon is answered with opcode 9 (Invalid Session).
    pub identify: (u32, Duration),
}

impl Default for Limits {
    /// Discord's values (see the module's comment): 5 messages created and 5 edited per 5 s per
    /// channel, 5 interaction webhook calls per 2 s per token; 50 requests per second globally.
    fn default() -> Limits {
        Limits {
            enabled: true,
            message_create: (5, Duration::from_secs(5)),
            message_edit: (5, Duration::from_secs(5)),
            webhook: (5, Duration::from_secs(2)),
            route: (50, Duration::from_secs(1)),
            global: (50, Duration::from_secs(1)),
            identify: (1, Duration::from_secs(5)),
        }
    }
}

/// How many times faster than real time the fake's per-channel and per-token windows run in the
/// end-to-end tests and the demo ([`Limits::simulated`], what [`FakeDiscord::start`]
/// (super::FakeDiscord::start) begins with). At 20, a channel's 5 posts per 5 s are 5 per 250 ms
/// of real time: a game is still held to Discord's counts and must still obey every bucket's
/// headers, but the suites no longer wait out whole seconds (issue 40: most of an end-to-end
/// test's time went to those waits; a two-player game took 11-16 s with Discord's windows in
/// real time and 5 s without any limit).
pub const SIMULATED_SPEED: u32 = 20;

impl Limits {
    /// Discord's values (see [`Limits::default`]), with the per-channel and per-token windows
    /// running `speed` times faster than real time, as if measured on a simulated clock that
    /// runs ahead: the same number of calls per window, in a window `speed` times shorter. The
    /// headers carry the real time left (`X-RateLimit-Reset-After`, `Retry-After`, the body's
    /// `retry_after`), which is what serenity's limiter sleeps on. The global limit (50 per
    /// second) and the generic per-route limit keep real seconds: the bot paces its own calls
    /// under the global limit on real time (`discord::pace`), and that pace is what the fake
    /// checks. The rate-limit tests (`tests/suite/discord_ratelimits.rs`,
    /// `discord_token_buckets.rs`) and `bench discord` set Discord's windows in real time
    /// ([`Limits::default`]).
    pub fn simulated(speed: u32) -> Limits {
        let discord = Limits::default();
        let fast = |(calls, per): (u32, Duration)| (calls, per / speed.max(1));
        Limits {
            message_create: fast(discord.message_create),
            message_edit: fast(discord.message_edit),
            webhook: fast(discord.webhook),
            identify: fast(discord.identify),
            ..discord
        }
    }
}

#[derive(Clone, Copy, Debug)]
struct Window {
    start: Instant,
    wall: SystemTime,
    used: u32,
    /// The bucket's limit and window.
    limit: (u32, Duration),
}

/// Discord's invalid-request limit: this many 401, 403 and 429 answers in
/// [`INVALID_WINDOW`] get the bot's address banned for a while.
pub const INVALID_LIMIT: usize = 10_000;
pub const INVALID_WINDOW: Duration = Duration::from_secs(600);
/// How long the ban lasts once earned (Discord says "temporarily"; the fake keeps it an hour).
pub const INVALID_BAN: Duration = Duration::from_secs(3600);

/// The invalid requests (401, 403, 429) answered so far.
#[derive(Debug, Default)]
pub struct Invalid {
    /// Answered so far, all told.
    pub total: u64,
    /// The most answered in any 10 minutes.
    pub peak: usize,
    /// When each answer of the last 10 minutes went out.
    recent: std::collections::VecDeque<Instant>,
    /// Until when every call is refused: the limit was reached.
    pub banned_until: Option<Instant>,
}

impl Invalid {
    /// Counts the answer `status` when it is one Discord counts.
    pub fn note(&mut self, status: u16) {
        if !matches!(status, 401 | 403 | 429) {
            return;
        }
        let now = Instant::now();
        while self
            .recent
            .front()
            .is_some_and(|t| now.duration_since(*t) >= INVALID_WINDOW)
        {
            self.recent.pop_front();
        }
        self.recent.push_back(now);
        self.total += 1;
        self.peak = self.peak.max(self.recent.len());
        if self.recent.len() >= INVALID_LIMIT && self.banned_until.is_none() {
            self.banned_until = Some(now + INVALID_BAN);
        }
    }

    /// Whether the bot's address is banned now (every call refused).
    pub fn banned(&self) -> bool {
        self.banned_until.is_some_and(|t| Instant::now() < t)
    }
}

/// The fake's rate-limit state.
#[derive(Debug, Default)]
pub struct RateLimiter {
    pub limits: Limits,
    buckets: HashMap<String, Window>,
    global: Option<Window>,
    /// Requests answered 429 (route, global).
    pub limited: (u64, u64),
    /// Answers that count toward Discord's invalid-request limit (any route, faults included).
    pub invalid: Invalid,
}

/// What the limiter says about one request.
#[derive(Debug, PartialEq)]
pub enum Verdict {
    /// Go ahead; send these headers with the answer.
    Pass(Vec<(&'static str, String)>),
    /// 429.
    Limited(Limit),
}

/// A 429: wait this long, whether the global limit refused it; the JSON body and the headers.
#[derive(Debug, PartialEq)]
pub struct Limit {
    pub retry_after: f64,
    pub global: bool,
    pub body: serde_json::Value,
    pub headers: Vec<(&'static str, String)>,
}

impl Limit {
    /// A 429 with Discord's body (a global limit's carries `code` 0) and `headers`.
    fn new(retry_after: f64, global: bool, headers: Vec<(&'static str, String)>) -> Limit {
        let mut body = serde_json::json!({
            "message": "You are being rate limited.",
            "retry_after": retry_after,
            "global": global,
        });
        if global {
            body["code"] = serde_json::json!(0);
        }
        Limit {
            retry_after,
            global,
            body,
            headers,
        }
    }
}

/// The bucket of a request: its route with the major parameters kept and other ids replaced.
/// Returns (bucket key, route template for the bucket hash).
pub fn bucket_of(method: &str, path: &str) -> (String, String) {
    let parts: Vec<&str> = path.trim_matches('/').split('/').collect();
    let mut key = vec![method.to_string()];
    let mut template = vec![method.to_string()];
    let mut k = 0;
    while k < parts.len() {
        let p = parts[k];
        let major = matches!(
            (k, parts.first().copied()),
            (1, Some("channels" | "guilds" | "webhooks" | "interactions"))
                | (2, Some("webhooks" | "interactions"))
        );
        let is_id = p.chars().all(|c| c.is_ascii_digit()) && !p.is_empty();
        if major {
            key.push(p.to_string());
            template.push("{major}".to_string());
        } else if is_id || p.starts_with("fake-token-") {
            key.push(":id".to_string());
            template.push(":id".to_string());
        } else {
            key.push(p.to_string());
            template.push(p.to_string());
        }
        k += 1;
    }
    (key.join("/"), template.join("/"))
}

fn hash_hex(s: &str) -> String {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    s.hash(&mut h);
    format!("{:016x}", h.finish())
}

fn unix(t: SystemTime) -> f64 {
    t.duration_since(UNIX_EPOCH)
        .unwrap_or_default()
        .as_secs_f64()
}

impl RateLimiter {
    /// True while some bucket (or the global limit) is used up and not reset yet: a client that
    /// honours the headers may be waiting to send.
    pub fn exhausted(&self) -> bool {
        if !self.limits.enabled {
            return false;
        }
        let now = Instant::now();
        let (_, gper) = self.limits.global;
        let global = self
            .global
            .is_some_and(|g| g.used >= self.limits.global.0 && now.duration_since(g.start) < gper);
        global
            || self.buckets.values().any(|w| {
                let (limit, per) = w.limit;
                w.used >= limit && now.duration_since(w.start) < per
            })
    }

    /// Counts a request against its bucket and the global limit.
    pub fn check(&mut self, method: &str, path: &str, kind: RouteKind) -> Verdict {
        let now = Instant::now();
        let wall = SystemTime::now();
        let (mut key, mut template) = bucket_of(method, path);
        let (limit, per) = match kind {
            RouteKind::CreateMessage => self.limits.message_create,
            RouteKind::EditMessage => self.limits.message_edit,
            RouteKind::Followup | RouteKind::WebhookMessage => self.limits.webhook,
            _ => self.limits.route,
        };
        if matches!(kind, RouteKind::Followup | RouteKind::WebhookMessage) {
            // One bucket per token for every interaction webhook route (a shared bucket).
            let p: Vec<&str> = path.trim_matches('/').split('/').collect();
            key = format!(
                "webhooks/{}/{}",
                p.get(1).unwrap_or(&""),
                p.get(2).unwrap_or(&"")
            );
            template = "webhooks/{major}".to_string();
        }
        let interaction = matches!(
            kind,
            RouteKind::Callback | RouteKind::Followup | RouteKind::WebhookMessage
        );
        if !self.limits.enabled {
            return Verdict::Pass(Vec::new());
        }
        // The global limit first (interaction endpoints are not bound to it).
        if !interaction {
            let (glimit, gper) = self.limits.global;
            let g = self.global.get_or_insert(Window {
                start: now,
                wall,
                used: 0,
                limit: (glimit, gper),
            });
            if now.duration_since(g.start) >= gper {
                *g = Window {
                    start: now,
                    wall,
                    used: 0,
                    limit: (glimit, gper),
                };
            }
            if g.used >= glimit {
                let retry_after = (gper - now.duration_since(g.start)).as_secs_f64();
                self.limited.1 += 1;
                let headers = vec![
                    (
                        "retry-after",
                        format!("{}", retry_after.ceil().max(1.0) as u64),
                    ),
                    ("x-ratelimit-global", "true".to_string()),
                    ("x-ratelimit-scope", "global".to_string()),
                ];
                return Verdict::Limited(Limit::new(retry_after, true, headers));
            }
            g.used += 1;
        }
        let w = self.buckets.entry(key).or_insert(Window {
            start: now,
            wall,
            used: 0,
            limit: (limit, per),
        });
        if now.duration_since(w.start) >= per || w.limit != (limit, per) {
            *w = Window {
                start: now,
                wall,
                used: 0,
                limit: (limit, per),
            };
        }
        let reset_after = (per - now.duration_since(w.start)).as_secs_f64();
        let reset = unix(w.wall + per);
        let mut headers = vec![
            ("x-ratelimit-limit", limit.to_string()),
            ("x-ratelimit-remaining", String::new()),
            ("x-ratelimit-reset", format!("{reset:.3}")),
            ("x-ratelimit-reset-after", format!("{reset_after:.3}")),
            ("x-ratelimit-bucket", hash_hex(&template)),
        ];
        if w.used >= limit {
            headers[1].1 = "0".to_string();
            headers.push((
                "retry-after",
                format!("{}", reset_after.ceil().max(1.0) as u64),
            ));
            headers.push(("x-ratelimit-scope", "user".to_string()));
            // The refused request still counted against the global limit.
            self.limited.0 += 1;
            return Verdict::Limited(Limit::new(reset_after, false, headers));
        }
        w.used += 1;
        headers[1].1 = (limit - w.used).to_string();
        Verdict::Pass(headers)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_keep_major_parameters_only() {
        let (a, ta) = bucket_of("PATCH", "/channels/11/messages/22");
        let (b, tb) = bucket_of("PATCH", "/channels/11/messages/33");
        let (c, tc) = bucket_of("PATCH", "/channels/44/messages/22");
        assert_eq!(a, b);
        assert_ne!(a, c);
        assert_eq!(ta, tc, "same route, same bucket hash");
        assert_eq!(tb, tc);
        let (w1, _) = bucket_of("POST", "/webhooks/1/fake-token-5-1");
        let (w2, _) = bucket_of("POST", "/webhooks/1/fake-token-6-2");
        assert_ne!(w1, w2, "each interaction token is its own bucket");
    }

    /// Whether `r` lets the request through.
    fn passes(r: &mut RateLimiter, method: &str, path: &str, kind: RouteKind) -> bool {
        matches!(r.check(method, path, kind), Verdict::Pass(_))
    }

    /// The 429 a check answered; a pass fails the test.
    #[track_caller]
    fn limited(v: Verdict) -> Limit {
        match v {
            Verdict::Limited(l) => l,
            v => panic!("{v:?}"),
        }
    }

    #[test]
    fn five_messages_per_five_seconds_per_channel() {
        let mut r = RateLimiter::default();
        for k in 0..5 {
            match r.check("POST", "/channels/1/messages", RouteKind::CreateMessage) {
                Verdict::Pass(h) => {
                    let remaining = &h
                        .iter()
                        .find(|(n, _)| *n == "x-ratelimit-remaining")
                        .unwrap()
                        .1;
                    assert_eq!(remaining, &(4 - k).to_string());
                    assert!(h.iter().all(|(n, _)| *n != "x-ratelimit-global"));
                }
                v => panic!("{v:?}"),
            }
        }
        let l = limited(r.check("POST", "/channels/1/messages", RouteKind::CreateMessage));
        assert!(!l.global && l.retry_after > 4.0 && l.retry_after <= 5.0);
        assert_eq!(l.body["global"], false);
        assert!(
            l.headers
                .iter()
                .any(|(n, v)| *n == "x-ratelimit-scope" && v == "user")
        );
        assert!(l.headers.iter().all(|(n, _)| *n != "x-ratelimit-global"));
        // Another channel has its own bucket.
        assert!(passes(
            &mut r,
            "POST",
            "/channels/2/messages",
            RouteKind::CreateMessage
        ));
    }

    #[test]
    fn the_global_limit_spares_interaction_responses() {
        let mut r = RateLimiter::default();
        r.limits.global = (3, Duration::from_secs(1));
        for c in 0..3 {
            let p = format!("/channels/{c}");
            assert!(passes(&mut r, "GET", &p, RouteKind::GetChannel));
        }
        let l = limited(r.check("GET", "/channels/9", RouteKind::GetChannel));
        assert!(l.global);
        assert_eq!(l.body["code"], 0);
        for (name, value) in [
            ("x-ratelimit-global", "true"),
            ("x-ratelimit-scope", "global"),
        ] {
            assert!(
                l.headers.iter().any(|(n, v)| *n == name && v == value),
                "{name}"
            );
        }
        assert!(passes(
            &mut r,
            "POST",
            "/interactions/1/fake-token-1-1/callback",
            RouteKind::Callback
        ));
    }

    #[test]
    fn five_edits_per_five_seconds_per_channel() {
        let mut r = RateLimiter::default();
        for m in 0..5 {
            let p = format!("/channels/1/messages/{m}");
            assert!(passes(&mut r, "PATCH", &p, RouteKind::EditMessage));
        }
        // Another message of the same channel: the channel's bucket is used up.
        let l = limited(r.check("PATCH", "/channels/1/messages/99", RouteKind::EditMessage));
        assert!(l.retry_after > 4.0);
        assert!(r.exhausted());
        assert!(passes(
            &mut r,
            "PATCH",
            "/channels/2/messages/1",
            RouteKind::EditMessage
        ));
    }

    #[test]
    fn interaction_webhooks_share_one_bucket_per_token() {
        let mut r = RateLimiter::default();
        let t1 = "/webhooks/9/fake-token-1-1";
        for k in 0..5 {
            let (path, kind) = if k % 2 == 0 {
                (
                    format!("{t1}/messages/@original"),
                    RouteKind::WebhookMessage,
                )
            } else {
                (t1.to_string(), RouteKind::Followup)
            };
            let method = if k % 2 == 0 { "PATCH" } else { "POST" };
            assert!(passes(&mut r, method, &path, kind));
        }
        let l = limited(r.check("POST", t1, RouteKind::Followup));
        assert!(!l.global && l.retry_after <= 2.0);
        // Another player's token is untouched.
        match r.check(
            "PATCH",
            "/webhooks/9/fake-token-2-2/messages/@original",
            RouteKind::WebhookMessage,
        ) {
            Verdict::Pass(h) => assert!(
                h.iter()
                    .any(|(n, v)| *n == "x-ratelimit-remaining" && v == "4")
            ),
            v => panic!("{v:?}"),
        }
    }

    #[test]
    fn invalid_requests_count_401_403_and_429_only() {
        let mut i = Invalid::default();
        for s in [200, 204, 400, 401, 403, 404, 429, 500, 429] {
            i.note(s);
        }
        assert_eq!(i.total, 4);
        assert_eq!(i.peak, 4);
        assert!(!i.banned());
    }

    #[test]
    fn ten_thousand_invalid_requests_in_ten_minutes_earn_the_ban() {
        let mut i = Invalid::default();
        for _ in 0..INVALID_LIMIT - 1 {
            i.note(403);
        }
        assert!(!i.banned(), "one short of the limit");
        i.note(404);
        assert!(!i.banned(), "a 404 does not count");
        i.note(429);
        assert!(i.banned());
    }
}
