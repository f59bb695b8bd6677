//! The fake gateway: one WebSocket connection per shard, plain JSON text frames.
//! HELLO on connect; READY (and GUILD_CREATE on the shard that carries the guild) on IDENTIFY;
//! missed dispatches and RESUMED on RESUME (INVALID_SESSION for an unknown session);
//! HEARTBEAT_ACK for each heartbeat. Heartbeats are enforced as Discord does: a connection that
//! sends none for longer than its interval (plus a grace) is a zombie and is hung up, and the bot
//! must resume. Dispatches come from the world (`World::dispatch`, which picks the shard)
//! through the connection's channel, so their order is kept.

use super::Shared;
use super::world::{Conn, IdentifyAdmission, WsOut};
use axum::extract::ws::{CloseFrame, Message, WebSocket};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::Duration;
use tokio::time::Instant;

pub async fn run(shared: Arc<Shared>, socket: WebSocket) {
    let (mut sink, mut stream) = socket.split();
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<WsOut>();
    let (conn_id, heartbeat, allowance) = shared.with(|w| {
        let id = w.id();
        w.connected(Conn { id, tx: tx.clone() });
        let allowance = w
            .gateway
            .heartbeat_allowance
            .unwrap_or_else(|| Duration::from_millis(w.gateway.heartbeat_ms * 3 / 2));
        (id, w.gateway.heartbeat_ms, allowance)
    });
    let hello = json!({"op": 10, "d": {"heartbeat_interval": heartbeat}}).to_string();
    shared.sent_on_gateway(&hello);
    if sink.send(Message::Text(hello.into())).await.is_err() {
        return gone(&shared, conn_id);
    }
    let mut beat_due = Instant::now() + allowance;
    loop {
        tokio::select! {
            _ = tokio::time::sleep_until(beat_due) => {
                shared.with(|w| {
                    w.gateway.zombies += 1;
                    w.note(format!(
                        "The bot sent no heartbeat for {} ms: the gateway hung up on it, as Discord does.",
                        allowance.as_millis()
                    ));
                });
                break;
            }
            out = rx.recv() => match out {
                Some(WsOut::Frame { text, seq, interaction }) => {
                    shared.sent_on_gateway(&text);
                    if sink.send(Message::Text(text.into())).await.is_err() {
                        break;
                    }
                    if let Some(seq) = seq {
                        shared.with(|w| w.delivered(conn_id, seq, interaction));
                    }
                }
                Some(WsOut::Close(code)) => {
                    let _ = sink
                        .send(Message::Close(Some(CloseFrame {
                            code,
                            reason: "fake Discord closed the connection".into(),
                        })))
                        .await;
                    break;
                }
                Some(WsOut::Abort) | None => break,
            },
            msg = stream.next() => match msg {
                Some(Ok(Message::Text(t))) => {
                    let v: Value = match serde_json::from_str(t.as_str()) {
                        Ok(v) => v,
                        Err(e) => {
                            shared.with(|w| w.violation(format!("gateway: the bot sent invalid JSON: {e}")));
                            continue;
                        }
                    };
                    if v.get("op").and_then(Value::as_u64) == Some(1) {
                        beat_due = Instant::now() + allowance;
                    }
                    op(&shared, conn_id, &tx, &v);
                }
                Some(Ok(Message::Binary(_))) => {
                    shared.with(|w| w.violation("gateway: the bot sent a binary frame".to_string()));
                }
                Some(Ok(Message::Close(frame))) => {
                    // Answer the close handshake, as Discord does.
                    let _ = sink.send(Message::Close(frame)).await;
                    break;
                }
                None | Some(Err(_)) => break,
                Some(Ok(_)) => {}
            },
        }
    }
    gone(&shared, conn_id);
}

/// The connection ended: its shard's session stays for a RESUME.
fn gone(shared: &Shared, conn_id: u64) {
    shared.with(|w| w.disconnected(conn_id));
}

fn send(tx: &tokio::sync::mpsc::UnboundedSender<WsOut>, v: Value) {
    let _ = tx.send(WsOut::Frame {
        text: v.to_string(),
        seq: None,
        interaction: None,
    });
}

fn op(shared: &Shared, conn_id: u64, tx: &tokio::sync::mpsc::UnboundedSender<WsOut>, v: &Value) {
    let d = v.get("d").cloned().unwrap_or(Value::Null);
    match v.get("op").and_then(Value::as_u64) {
        Some(1) => {
            shared.with(|w| w.gateway.heartbeats += 1);
            send(tx, json!({"op": 11}))
        }
        Some(2) => {
            let token = d.get("token").and_then(Value::as_str).unwrap_or("");
            let expected = format!("Bot {}", shared.token);
            if token != expected && token != shared.token {
                shared.with(|w| w.violation("gateway: IDENTIFY with a wrong token".to_string()));
                let _ = tx.send(WsOut::Close(4004));
                return;
            }
            // The day's session starts and the logins' pace, before anything else is read.
            match shared.with(|w| w.identify_admitted()) {
                IdentifyAdmission::Admitted => {}
                IdentifyAdmission::TooSoon => {
                    send(tx, json!({"op": 9, "d": false}));
                    return;
                }
                IdentifyAdmission::Spent => {
                    let _ = tx.send(WsOut::Close(4004));
                    return;
                }
            }
            // `shard: [id, total]`; without it, shard 0 of 1.
            let shard = d.get("shard").and_then(Value::as_array);
            let part = |k: usize| {
                shard
                    .and_then(|a| a.get(k))
                    .and_then(Value::as_u64)
                    .map(|n| n as u32)
            };
            let (id, total) = (part(0).unwrap_or(0), part(1).unwrap_or(1));
            // Injected refusals, as Discord closes an IDENTIFY it will not take: a bad token
            // or intents, or too few shards for the bot's servers.
            let refused = shared.with(|w| {
                let code = w
                    .gateway
                    .refuse_identify
                    .or((total < w.gateway.required_shards).then_some(4011));
                if let Some(code) = code {
                    w.gateway.refused_identifies += 1;
                    w.note(format!(
                        "The gateway closed an IDENTIFY as shard [{id}, {total}] with {code}."
                    ));
                }
                code
            });
            if let Some(code) = refused {
                let _ = tx.send(WsOut::Close(code));
                return;
            }
            if total == 0 || id >= total {
                shared
                    .with(|w| w.violation(format!("gateway: IDENTIFY with shard [{id}, {total}]")));
                let _ = tx.send(WsOut::Close(4010));
                return;
            }
            shared.with(|w| {
                w.gateway.intents = d.get("intents").and_then(Value::as_u64);
                w.identify(conn_id, id, total);
            });
        }
        Some(6) => {
            let session = d.get("session_id").and_then(Value::as_str).unwrap_or("");
            let seq = d.get("seq").and_then(Value::as_u64).unwrap_or(0);
            let ok = shared.with(|w| w.resume(conn_id, session, seq));
            if !ok {
                send(tx, json!({"op": 9, "d": false}));
            }
        }
        // Presence and voice updates, guild member requests: nothing to model.
        Some(3 | 4 | 8) => {}
        other => shared.with(|w| w.violation(format!("gateway: unexpected opcode {other:?}"))),
    }
}
