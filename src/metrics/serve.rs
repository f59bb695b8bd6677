//! The operator's HTTP listener (`metrics.listen`): `/healthz` and `/metrics` for one bot's
//! [`Service`]. Apart from the counters (the parent module), because the service holds the
//! counters while this listener reads the service: kept in one file they would tie the two
//! layers into a circle.

use crate::service::Service;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

/// The running listener; dropping it stops it (the bot stops it on shutdown).
#[derive(Debug)]
pub struct Listener {
    pub address: SocketAddr,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for Listener {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// How long `/healthz` waits for the database's write check.
const WRITE_CHECK_WITHIN: Duration = Duration::from_secs(5);

/// Serves `/healthz` and `/metrics` for `service` on `address` (`metrics.listen`).
pub async fn listen(address: SocketAddr, service: Arc<Service>) -> anyhow::Result<Listener> {
    let socket = tokio::net::TcpListener::bind(address)
        .await
        .map_err(|e| anyhow::anyhow!("metrics.listen: cannot listen on {address}: {e}"))?;
    let address = socket.local_addr()?;
    let app = axum::Router::new()
        .route("/healthz", axum::routing::get(healthz))
        .route("/metrics", axum::routing::get(metrics))
        .with_state(service.clone());
    let task = tokio::spawn(async move {
        if let Err(e) = axum::serve(socket, app).await {
            tracing::error!(error = %e, "the metrics listener stopped");
        }
    });
    tracing::info!(%address, "serving /healthz and /metrics");
    service.metrics().address.send_replace(Some(address));
    Ok(Listener { address, task })
}

type Answer = (
    axum::http::StatusCode,
    [(&'static str, &'static str); 1],
    String,
);

fn answer(status: u16, content_type: &'static str, body: String) -> Answer {
    (
        axum::http::StatusCode::from_u16(status).expect("a valid status"),
        [("content-type", content_type)],
        body,
    )
}

/// 200 "ok" when every shard of this process is connected and the database takes a write;
/// else 503 and the reason in one line.
async fn healthz(axum::extract::State(service): axum::extract::State<Arc<Service>>) -> Answer {
    let text = "text/plain; charset=utf-8";
    if let Some(why) = service.metrics().gateway.not_ready().await {
        return answer(503, text, format!("{why}\n"));
    }
    match tokio::time::timeout(WRITE_CHECK_WITHIN, service.store().write_check()).await {
        Ok(Ok(())) => answer(200, text, "ok\n".into()),
        Ok(Err(e)) => {
            let e = crate::secret::redact(&e.to_string()).replace('\n', " ");
            answer(503, text, format!("database: not writable: {e}\n"))
        }
        Err(_) => answer(
            503,
            text,
            format!(
                "database: no write within {} s\n",
                WRITE_CHECK_WITHIN.as_secs()
            ),
        ),
    }
}

/// The counters in the OpenMetrics text format (which Prometheus reads); the active games are
/// counted at the scrape.
async fn metrics(axum::extract::State(service): axum::extract::State<Arc<Service>>) -> Answer {
    let m = service.metrics();
    match service.store().active_games().await {
        Ok(games) => {
            m.games_active.set(games.len() as i64);
        }
        Err(e) => {
            tracing::warn!(error = %e, "cannot count the active games for /metrics");
            m.error("database");
        }
    }
    answer(
        200,
        "application/openmetrics-text; version=1.0.0; charset=utf-8",
        m.encode(),
    )
}
