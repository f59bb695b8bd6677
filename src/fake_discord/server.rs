//! The fake's HTTP side (axum on loopback): REST under `/api/v10` answered by the world, with
//! faults injected first, and the gateway WebSocket at `/ws`.

use super::Shared;
use super::gateway;
use super::ratelimit::{Limit, Verdict};
use super::upload::{self, Upload};
use super::world::{FaultAction, RequestRecord, RestReq, RouteKind, World, redact};
use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::extract::ws::WebSocketUpgrade;
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri, header};
use axum::response::Response;
use axum::routing::get;
use serde_json::{Value, json};
use std::sync::Arc;
use std::sync::atomic::Ordering;

pub fn router(shared: Arc<Shared>) -> Router {
    Router::new()
        .route("/ws", get(ws))
        .fallback(rest)
        // Room above Discord's 25 MiB request limit, so the fake (not axum) answers an
        // oversized upload, with Discord's error body.
        .layer(axum::extract::DefaultBodyLimit::max(
            upload::MAX_REQUEST_BYTES + 8 * 1024 * 1024,
        ))
        .with_state(shared)
}

async fn ws(State(shared): State<Arc<Shared>>, upgrade: WebSocketUpgrade) -> Response {
    upgrade.on_upgrade(move |socket| gateway::run(shared, socket))
}

/// Counts a request in flight for as long as it lives.
struct InFlight<'a>(&'a Shared);

impl<'a> InFlight<'a> {
    fn new(s: &'a Shared) -> InFlight<'a> {
        s.in_flight.fetch_add(1, Ordering::SeqCst);
        s.touch();
        InFlight(s)
    }
}

impl Drop for InFlight<'_> {
    fn drop(&mut self) {
        self.0.in_flight.fetch_sub(1, Ordering::SeqCst);
        self.0.touch();
    }
}

fn respond(status: u16, body: Option<Value>, retry_after: Option<f64>) -> Response {
    respond_with(status, body, retry_after, &[])
}

/// An answer with extra headers (the rate-limit headers). A 429 carries `Retry-After` and
/// `X-RateLimit-Scope`; never `X-RateLimit-Global` unless global (serenity reads its mere
/// presence as a global limit).
fn respond_with(
    status: u16,
    body: Option<Value>,
    retry_after: Option<f64>,
    headers: &[(&'static str, String)],
) -> Response {
    let mut r = Response::builder()
        .status(StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR));
    let has = |n: &str| headers.iter().any(|(h, _)| *h == n);
    if let Some(s) = retry_after {
        if !has("retry-after") {
            r = r.header("retry-after", format!("{}", s.ceil().max(1.0) as u64));
        }
        if !has("x-ratelimit-scope") {
            r = r.header("x-ratelimit-scope", "user");
        }
    }
    for (name, value) in headers {
        r = r.header(*name, value.as_str());
    }
    match body {
        Some(b) => r
            .header(
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/json"),
            )
            .body(Body::from(b.to_string())),
        None => r.body(Body::empty()),
    }
    .expect("a valid response")
}

/// Answers a REST request, and counts the answer toward Discord's invalid-request limit.
async fn rest(
    State(shared): State<Arc<Shared>>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    // Past Discord's invalid-request limit the bot's address is banned (Cloudflare answers
    // every call 429 for a while): recorded as a violation, so no test passes while earning it.
    if shared.with(|w| w.rate.invalid.banned()) {
        shared.with(|w| {
            w.violation(format!(
                "{method} {}: the bot earned Discord's invalid-request ban ({} answers of 401, 403 or 429 in 10 minutes)",
                uri.path(),
                super::ratelimit::INVALID_LIMIT
            ))
        });
        let body = serde_json::json!({
            "message": "You are being blocked from accessing our API temporarily due to exceeding our rate limits frequently.",
            "code": 0,
            "retry_after": 3600.0,
            "global": true,
        });
        return respond_with(
            429,
            Some(body),
            Some(3600.0),
            &[("x-ratelimit-global", "true".to_string())],
        );
    }
    let resp = answer(shared.clone(), method, uri, headers, body).await;
    shared.with(|w| {
        let was = w.rate.invalid.banned();
        w.rate.invalid.note(resp.status().as_u16());
        if !was && w.rate.invalid.banned() {
            w.note("Discord banned the bot's address for an hour: too many invalid requests.");
        }
    });
    resp
}

/// A request the fake refuses before it reaches the world: `what` is noted as a violation (the
/// bot should never send it) and the answer is `status` with Discord's error body.
fn refuse(shared: &Shared, what: String, status: u16, code: u32, message: &str) -> Response {
    shared.with(|w| w.violation(what));
    respond(
        status,
        Some(json!({"code": code, "message": message})),
        None,
    )
}

async fn answer(
    shared: Arc<Shared>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let guard = InFlight::new(&shared);
    let path = uri.path().to_string();
    let method = method.as_str().to_string();
    let Some(api) = path.strip_prefix("/api/v10") else {
        let what = format!("request outside /api/v10: {method} {}", redact(&path));
        return refuse(&shared, what, 404, 0, "404: Not Found");
    };
    let api = api.to_string();
    let kind = World::route_kind(&method, &api);
    let needs_auth = !matches!(
        kind,
        RouteKind::Callback | RouteKind::Followup | RouteKind::WebhookMessage
    );
    let token = shared.token.clone();
    let auth_ok = headers
        .get(header::AUTHORIZATION)
        .and_then(|h| h.to_str().ok())
        .is_some_and(|h| h == format!("Bot {token}"));
    if needs_auth && !auth_ok {
        let what = format!(
            "{method} {}: missing or wrong Authorization header",
            redact(&api)
        );
        return refuse(&shared, what, 401, 0, "401: Unauthorized");
    }
    let content_type = headers
        .get(header::CONTENT_TYPE)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("")
        .to_string();
    let mut files: Vec<Upload> = Vec::new();
    let parsed: Option<Value> = if body.is_empty() {
        None
    } else if content_type.starts_with("multipart/form-data") {
        match upload::parse(&content_type, &body) {
            Ok(form) => {
                files = form.files;
                form.payload
            }
            Err(e) => {
                let what = format!("{method} {}: malformed multipart body: {e}", redact(&api));
                return refuse(&shared, what, 400, 50035, "Invalid Form Body");
            }
        }
    } else {
        match serde_json::from_slice(&body) {
            Ok(v) => Some(v),
            Err(e) => {
                let what = format!("{method} {}: body is not JSON: {e}", redact(&api));
                let message = "The request body contains invalid JSON.";
                return refuse(&shared, what, 400, 50109, message);
            }
        }
    };
    if let Some((status, answer, what)) = upload::check(&files, body.len()) {
        shared.with(|w| {
            record(w, &method, &api, kind, status, false, None);
            w.violation(format!("{method} {}: {what}", redact(&api)));
        });
        return respond(status, Some(answer), None);
    }
    let verdict = shared.with(|w| w.rate.check(&method, &api, kind));
    let limit_headers = match verdict {
        Verdict::Pass(h) => h,
        Verdict::Limited(Limit {
            retry_after,
            global,
            body,
            headers,
        }) => {
            shared.with(|w| {
                record(w, &method, &api, kind, 429, false, None);
                w.note(format!(
                    "Rate limited{}: {method} {} (retry after {retry_after:.2} s).",
                    if global { " (global)" } else { "" },
                    redact(&api)
                ));
            });
            return respond_with(429, Some(body), Some(retry_after), &headers);
        }
    };
    let fault = shared.with(|w| w.fault_for(kind, !files.is_empty()));
    let ix_of_path = || -> Option<u64> {
        let p: Vec<&str> = api.trim_matches('/').split('/').collect();
        match p.as_slice() {
            ["interactions", id, _, "callback"] => id.parse().ok(),
            _ => None,
        }
    };
    // The interaction a webhook call (a deferred answer's edit, a follow-up) belongs to, for
    // the record of a fault injected on it (a callback's is `ix_of_path`).
    let ix_of_webhook = |w: &World| -> Option<u64> {
        let p: Vec<&str> = api.trim_matches('/').split('/').collect();
        match p.as_slice() {
            ["webhooks", _, token, ..] => w.by_token.get(*token).copied(),
            _ => None,
        }
    };
    match fault {
        Some(FaultAction::Delay(d)) => tokio::time::sleep(d).await,
        Some(FaultAction::Hang(d)) => {
            shared.with(|w| {
                let ix = ix_of_path();
                // Discord shows "This interaction failed" when its answer never comes.
                fail_interaction(w, ix);
                let ix = ix.or_else(|| ix_of_webhook(w));
                record(w, &method, &api, kind, 504, true, ix);
                w.note(format!(
                    "Fault: held {method} {} without an answer.",
                    redact(&api)
                ));
            });
            // Nothing will come of it, so it is not counted in flight: waiting for quiet does
            // not wait for a client that waits for good. A client that gives up drops the
            // connection, and hyper drops this handler with it.
            drop(guard);
            tokio::time::sleep(d).await;
            return respond(
                504,
                Some(json!({"code": 0, "message": "504: Gateway Timeout"})),
                None,
            );
        }
        Some(FaultAction::Error(status, code)) => {
            shared.with(|w| {
                let ix = ix_of_path();
                fail_interaction(w, ix);
                let ix = ix.or_else(|| ix_of_webhook(w));
                record(w, &method, &api, kind, status, true, ix);
                w.note(format!(
                    "Fault: answered {method} {} with {status} (code {code}).",
                    redact(&api)
                ));
            });
            return respond(status, Some(error_body(code)), None);
        }
        Some(FaultAction::Fail(status)) => {
            shared.with(|w| {
                let ix = ix_of_path();
                fail_interaction(w, ix);
                record(w, &method, &api, kind, status, true, ix);
                w.note(format!(
                    "Fault: answered {method} {} with {status}.",
                    redact(&api)
                ));
            });
            let body = match status {
                403 => json!({"code": 50013, "message": "Missing Permissions (injected)"}),
                404 => json!({"code": 10003, "message": "Unknown Channel (injected)"}),
                _ => json!({"code": 0, "message": "Internal Server Error (injected)"}),
            };
            return respond(status, Some(body), None);
        }
        Some(FaultAction::RateLimit(after)) => {
            shared.with(|w| {
                let ix = ix_of_path();
                fail_interaction(w, ix);
                record(w, &method, &api, kind, 429, true, ix);
                w.note(format!(
                    "Fault: answered {method} {} with 429.",
                    redact(&api)
                ));
            });
            let secs = after.as_secs_f64();
            return respond(
                429,
                Some(
                    json!({"message": "You are being rate limited.", "retry_after": secs, "global": false}),
                ),
                Some(secs),
            );
        }
        None => {}
    }
    let resp = shared.with(|w| {
        let (resp, ix) = w.handle(&RestReq {
            method: &method,
            path: &api,
            body: parsed.as_ref(),
            files: &files,
        });
        if w.record {
            record(w, &method, &api, kind, resp.status, false, ix);
        }
        // When each interaction webhook call (a deferred answer's edit, a follow-up) arrived,
        // counted from the interaction's creation: what a player waits for after a defer.
        if matches!(kind, RouteKind::Followup | RouteKind::WebhookMessage)
            && let Some(rec) = ix.and_then(|i| w.interactions.get_mut(&i))
        {
            rec.webhook_after.push(rec.queued_at.elapsed());
        }
        *w.counts.entry(kind).or_default() += 1;
        resp
    });
    respond_with(
        resp.status,
        resp.body,
        resp.retry_after.map(|d| d.as_secs_f64()),
        &limit_headers,
    )
}

/// Discord's body for an error code, with its message (docs: "JSON Error Codes").
fn error_body(code: u32) -> Value {
    let message = match code {
        10003 => "Unknown Channel",
        10008 => "Unknown Message",
        10062 => "Unknown interaction",
        50001 => "Missing Access",
        50007 => "Cannot send messages to this user",
        50013 => "Missing Permissions",
        _ => "Error",
    };
    json!({"code": code, "message": message})
}

/// Logs a request the bot made (the transcript's and the figures' record of it).
fn record(
    w: &mut World,
    method: &str,
    api: &str,
    kind: RouteKind,
    status: u16,
    injected: bool,
    interaction: Option<u64>,
) {
    let at_ms = w.now_ms();
    w.requests.push(RequestRecord {
        method: method.to_string(),
        path: redact(api),
        kind,
        status,
        injected,
        at_ms,
        interaction,
    });
}

/// An injected failure of an interaction's callback: the interaction failed for its user, and
/// whoever waits for its answer is woken.
fn fail_interaction(w: &mut World, ix: Option<u64>) {
    let Some(i) = ix else { return };
    if let Some(rec) = w.interactions.get_mut(&i) {
        rec.callback_failed = true;
    }
    w.wake(i);
}
