//! The fake gateway: one WebSocket connection at a time, plain JSON text frames.
//! HELLO on connect; READY and GUILD_CREATE on IDENTIFY; missed dispatches and RESUMED on RESUME
//! (INVALID_SESSION for an unknown session); HEARTBEAT_ACK for each heartbeat. Dispatches come
//! from the world (`World::dispatch`) through the connection's channel, so their order is kept.

use super::Shared;
use super::world::{Conn, WsOut};
use axum::extract::ws::{CloseFrame, Message, WebSocket};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::sync::Arc;

pub async fn run(shared: Arc<Shared>, socket: WebSocket) {
    let (mut sink, mut stream) = socket.split();
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<WsOut>();
    let (conn_id, heartbeat) = shared.with(|w| {
        let id = w.id();
        if let Some(old) = w.gateway.conn.take() {
            // A new connection replaces the old one (the bot reconnected).
            let _ = old.tx.send(WsOut::Abort);
        }
        w.gateway.conn = Some(Conn { id, tx: tx.clone() });
        w.gateway.ready = false;
        w.gateway.connections += 1;
        (id, w.gateway.heartbeat_ms)
    });
    let hello = json!({"op": 10, "d": {"heartbeat_interval": heartbeat}}).to_string();
    if sink.send(Message::Text(hello.into())).await.is_err() {
        return gone(&shared, conn_id);
    }
    loop {
        tokio::select! {
            out = rx.recv() => match out {
                Some(WsOut::Frame { text, seq, interaction }) => {
                    if sink.send(Message::Text(text.into())).await.is_err() {
                        break;
                    }
                    if let Some(seq) = seq {
                        shared.with(|w| w.delivered(seq, interaction));
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

/// The connection ended: the session stays for a RESUME.
fn gone(shared: &Shared, conn_id: u64) {
    shared.with(|w| {
        if w.gateway.conn.as_ref().is_some_and(|c| c.id == conn_id) {
            w.gateway.conn = None;
            w.gateway.ready = false;
        }
    });
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
        Some(1) => send(tx, json!({"op": 11})),
        Some(2) => {
            let token = d.get("token").and_then(Value::as_str).unwrap_or("");
            let expected = format!("Bot {}", shared.token);
            if token != expected && token != shared.token {
                shared.with(|w| w.violation("gateway: IDENTIFY with a wrong token".to_string()));
                let _ = tx.send(WsOut::Close(4004));
                return;
            }
            shared.with(|w| {
                w.gateway.intents = d.get("intents").and_then(Value::as_u64);
                w.identify(conn_id);
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
