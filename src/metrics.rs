//! What an operator watches: the counters behind `/metrics` (Prometheus' text format, written
//! by the `prometheus-client` crate) and the `/healthz` check, served on `metrics.listen`.
//! Each bot's [`Service`](crate::service::Service) holds one [`Metrics`], so two bots in one
//! test process count apart. Labels take only a few fixed values (kinds, never ids), so the
//! number of series stays bounded.

use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use prometheus_client::registry::Metric;
use prometheus_client::registry::Registry;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};

pub mod serve;

/// One label: a kind out of a fixed set.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct KindLabel {
    pub kind: String,
}

/// A REST call the bot's own send paths made: what it was for, and Discord's answer.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct RestLabel {
    pub route: String,
    pub status: String,
}

/// The process's counters.
#[derive(Debug)]
pub struct Metrics {
    registry: Registry,
    pub interactions: Family<KindLabel, Counter>,
    pub answer_seconds: Histogram,
    pub rest_calls: Family<RestLabel, Counter>,
    pub rate_limited: Counter,
    /// Calls held back to keep under Discord's global limit (`discord::pace`).
    pub global_waits: Counter,
    pub invalid_requests: Counter,
    pub games_active: Gauge,
    pub actions_stored: Counter,
    pub reminders_sent: Counter,
    pub stand_in_moves: Counter,
    /// Games parked because Discord said their place is gone (issue 42, `discord::park`).
    pub games_parked: Counter,
    pub errors: Family<KindLabel, Counter>,
    /// The gateway connection `/healthz` looks at.
    pub gateway: Gateway,
    /// The address the listener is bound to, once it is (with port 0, the port chosen).
    pub address: tokio::sync::watch::Sender<Option<SocketAddr>>,
}

/// Registers `metric` as `name` with its `help` text, and gives it back: the registry keeps a
/// clone, and a metric's clones share one value.
fn registered<M: Metric + Clone>(registry: &mut Registry, name: &str, help: &str, metric: M) -> M {
    registry.register(name, help, metric.clone());
    metric
}

/// Plain counters, each registered as its `(name, help)`, in the order given (the order
/// `/metrics` lists them in).
fn counters<const N: usize>(registry: &mut Registry, named: [(&str, &str); N]) -> [Counter; N] {
    named.map(|(name, help)| registered(registry, name, help, Counter::default()))
}

impl Default for Metrics {
    fn default() -> Metrics {
        Metrics::new()
    }
}

impl Metrics {
    pub fn new() -> Metrics {
        let mut registry = Registry::with_prefix("farmhand");
        let interactions = registered(
            &mut registry,
            "interactions",
            "Interactions received from Discord, by kind (command, component, autocomplete, modal)",
            Family::<KindLabel, Counter>::default(),
        );
        // 5 ms to about 10 s: Discord fails an interaction left unanswered for 3 s.
        let answer_seconds = registered(
            &mut registry,
            "interaction_answer_seconds",
            "Time from receiving a button click to the end of its answer",
            Histogram::new(exponential_buckets(0.005, 2.0, 12)),
        );
        let rest_calls = registered(
            &mut registry,
            "rest_calls",
            "REST calls made by the bot's send paths, by what they were for and HTTP status (\"error\": no answer)",
            Family::<RestLabel, Counter>::default(),
        );
        let [rate_limited, global_waits, invalid_requests] = counters(
            &mut registry,
            [
                (
                    "rate_limited",
                    "Discord answers 429 (rate limited) seen by the send paths",
                ),
                (
                    "discord_global_waits",
                    "REST calls held back a moment to keep under Discord's global limit of requests per second",
                ),
                (
                    "invalid_requests",
                    "Discord answers 4xx other than 429 (Discord bans clients that send many)",
                ),
            ],
        );
        let games_active = registered(
            &mut registry,
            "games_active",
            "Games being played now (read from the database at each scrape)",
            Gauge::default(),
        );
        let [actions_stored, reminders_sent, stand_in_moves, games_parked] = counters(
            &mut registry,
            [
                ("actions_stored", "Game actions committed to the database"),
                ("reminders_sent", "Turn reminders sent"),
                (
                    "stand_in_moves",
                    "Moves made by the stand-in for a player who did not move in time",
                ),
                (
                    "games_parked",
                    "Games and lobbies parked or closed because their channel or server went away",
                ),
            ],
        );
        let errors = registered(
            &mut registry,
            "errors",
            "Errors by kind: command, reminder, stand_in, discord (no answer or a 5xx), database",
            Family::<KindLabel, Counter>::default(),
        );
        Metrics {
            registry,
            interactions,
            answer_seconds,
            rest_calls,
            rate_limited,
            global_waits,
            invalid_requests,
            games_active,
            actions_stored,
            reminders_sent,
            stand_in_moves,
            games_parked,
            errors,
            gateway: Gateway::default(),
            address: tokio::sync::watch::channel(None).0,
        }
    }

    /// Waits until the listener is bound, and returns its address.
    pub async fn bound(&self) -> SocketAddr {
        let mut rx = self.address.subscribe();
        match rx.wait_for(Option::is_some).await {
            Ok(a) => a.expect("waited for an address"),
            Err(_) => std::future::pending().await,
        }
    }

    /// Counts an interaction of `kind`.
    pub fn interaction(&self, kind: &str) {
        self.interactions
            .get_or_create(&KindLabel { kind: kind.into() })
            .inc();
    }

    /// Counts an error of `kind`.
    pub fn error(&self, kind: &str) {
        self.errors
            .get_or_create(&KindLabel { kind: kind.into() })
            .inc();
    }

    /// Counts a REST call for `route` (a fixed description, never an id): done ("2xx"), or
    /// refused with Discord's HTTP status, or with no answer (`Err(None)`: "error").
    pub fn rest_call(&self, route: &str, outcome: Result<(), Option<u16>>) {
        let status = match outcome {
            Ok(()) => "2xx".to_string(),
            Err(Some(s)) => s.to_string(),
            Err(None) => "error".to_string(),
        };
        self.rest_calls
            .get_or_create(&RestLabel {
                route: route.into(),
                status,
            })
            .inc();
        match outcome {
            Ok(()) => {}
            Err(Some(429)) => {
                self.rate_limited.inc();
            }
            Err(Some(s)) if (400..500).contains(&s) => {
                self.invalid_requests.inc();
            }
            // No answer, or Discord's own failure.
            Err(_) => self.error("discord"),
        }
    }

    /// Everything in Prometheus' text format.
    pub fn encode(&self) -> String {
        let mut out = String::new();
        // Writing to a String cannot fail.
        let _ = prometheus_client::encoding::text::encode(&mut out, &self.registry);
        out
    }
}

/// The gateway as `/healthz` sees it: the shard manager of the connection now serving.
#[derive(Debug, Default)]
pub struct Gateway {
    manager: Mutex<Option<Arc<poise::serenity_prelude::ShardManager>>>,
}

impl Gateway {
    pub fn set(&self, manager: Arc<poise::serenity_prelude::ShardManager>) {
        *self.manager.lock().unwrap_or_else(|p| p.into_inner()) = Some(manager);
    }

    /// None when every shard of this process is connected, else why not.
    pub async fn not_ready(&self) -> Option<String> {
        let manager = self
            .manager
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone();
        let Some(manager) = manager else {
            return Some("the gateway is not connected yet".into());
        };
        let runners = manager.runners.lock().await;
        if runners.is_empty() {
            return Some("the gateway is not connected yet".into());
        }
        let down: Vec<String> = runners
            .iter()
            .filter(|(_, r)| r.stage != poise::serenity_prelude::ConnectionStage::Connected)
            .map(|(id, r)| format!("shard {id} is {}", r.stage))
            .collect();
        (!down.is_empty()).then(|| format!("gateway: {}", down.join(", ")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_text_format_names_every_metric_and_counts() {
        let m = Metrics::new();
        m.interaction("component");
        m.interaction("component");
        m.actions_stored.inc_by(3);
        m.rest_call("edit a table", Ok(()));
        m.rest_call("edit a table", Err(Some(429)));
        m.rest_call("post in a thread", Err(Some(403)));
        m.rest_call("post in a thread", Err(None));
        m.answer_seconds.observe(0.02);
        let text = m.encode();
        assert!(
            text.contains("farmhand_interactions_total{kind=\"component\"} 2"),
            "{text}"
        );
        assert!(text.contains("farmhand_actions_stored_total 3"), "{text}");
        assert!(text.contains("farmhand_rate_limited_total 1"), "{text}");
        assert!(text.contains("farmhand_invalid_requests_total 1"), "{text}");
        assert!(
            text.contains("farmhand_errors_total{kind=\"discord\"} 1"),
            "{text}"
        );
        for line in [
            "farmhand_rest_calls_total{route=\"edit a table\",status=\"429\"} 1",
            "farmhand_rest_calls_total{route=\"edit a table\",status=\"2xx\"} 1",
            "farmhand_rest_calls_total{route=\"post in a thread\",status=\"error\"} 1",
        ] {
            assert!(text.contains(line), "{line}: {text}");
        }
        assert!(
            text.contains("farmhand_interaction_answer_seconds_count 1"),
            "{text}"
        );
        for name in [
            "games_active",
            "reminders_sent",
            "stand_in_moves",
            "games_parked",
            "errors",
        ] {
            assert!(
                text.contains(&format!("# TYPE farmhand_{name} ")),
                "{name}: {text}"
            );
        }
        assert!(text.ends_with("# EOF\n"), "{text}");
    }
}
