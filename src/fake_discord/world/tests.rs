//! The fake's model checked against Discord's documented behaviour: permissions, limits,
//! thread archive durations, late callbacks, shards, resumes.

use super::*;

fn req<'a>(method: &'a str, path: &'a str, body: &'a Value) -> RestReq<'a> {
    RestReq {
        method,
        path,
        body: Some(body),
        files: &[],
    }
}

/// A world with a connected, identified gateway session; returns the socket's receiver.
fn connected() -> (World, tokio::sync::mpsc::UnboundedReceiver<WsOut>) {
    let mut w = World::new("t");
    let (tx, rx) = tokio::sync::mpsc::unbounded_channel();
    w.connected(Conn { id: 1, tx });
    w.identify(1, 0, 1);
    (w, rx)
}

fn sent(rx: &mut tokio::sync::mpsc::UnboundedReceiver<WsOut>) -> Vec<String> {
    let mut out = Vec::new();
    while let Ok(m) = rx.try_recv() {
        if let WsOut::Frame { text, .. } = m {
            let v: Value = serde_json::from_str(&text).unwrap();
            out.push(v["t"].as_str().unwrap_or("").to_string());
        }
    }
    out
}

/// Every permission the bot uses is enforced as Discord does: a refusal is 403 with
/// Discord's body (50013 "Missing Permissions", or 50001 "Missing Access" for a channel the
/// bot cannot see), a thread follows its parent's overwrites with Send Messages in Threads
/// in Send Messages' place, and the interaction's `app_permissions` say the same.
#[test]
fn permissions_are_enforced_as_discord_computes_them() {
    let (mut w, _rx) = connected();
    let c = w.add_channel("games");
    let body = json!({"content": "hello"});
    let path = format!("/channels/{c}/messages");
    let (r, _) = w.handle(&req("POST", &path, &body));
    assert_eq!(r.status, 200);
    let starter: u64 = r.body.unwrap()["id"].as_str().unwrap().parse().unwrap();
    let tpath = format!("/channels/{c}/messages/{starter}/threads");
    let (r, _) = w.handle(&req("POST", &tpath, &json!({"name": "t"})));
    assert_eq!(r.status, 200);
    let thread_path = format!("/channels/{starter}/messages");
    let file = Upload {
        index: 0,
        filename: "a.png".into(),
        content_type: "image/png".into(),
        bytes: vec![1, 2, 3].into(),
    };
    let with_file = json!({"content": "pic", "attachments": [{"id": 0, "filename": "a.png"}]});
    let post_file = |w: &mut World, path: &str| {
        let files = [file.clone()];
        let r = RestReq {
            method: "POST",
            path,
            body: Some(&with_file),
            files: &files,
        };
        let (resp, _) = w.handle(&r);
        (resp.status, resp.body)
    };
    assert_eq!(post_file(&mut w, &path).0, 200);
    assert_eq!(post_file(&mut w, &thread_path).0, 200);
    // The bot's role loses Attach Files: @everyone still has it, so nothing changes.
    w.set_role_permissions(json::BOT_ROLE, json::ALL_PERMISSIONS & !perm::ATTACH_FILES);
    assert_eq!(post_file(&mut w, &path).0, 200);
    // @everyone loses it too: both the channel and its thread refuse files.
    w.set_role_permissions(json::GUILD_ID, DEFAULT_EVERYONE & !perm::ATTACH_FILES);
    let (status, body) = post_file(&mut w, &path);
    assert_eq!(status, 403);
    assert_eq!(
        body.unwrap(),
        json!({"code": 50013, "message": "Missing Permissions"})
    );
    assert_eq!(post_file(&mut w, &thread_path).0, 403);
    assert_eq!(
        w.handle(&req("POST", &thread_path, &body_text())).0.status,
        200
    );
    // A member overwrite on the channel gives it back to the bot, there and in its thread.
    w.set_overwrite(c, Target::Member(APP_ID), perm::ATTACH_FILES, 0);
    assert_eq!(post_file(&mut w, &path).0, 200);
    assert_eq!(post_file(&mut w, &thread_path).0, 200);
    // Send Messages denied to the bot's role in the channel: no posts (nor files, nor
    // embeds) in the channel, while its thread still takes them.
    w.set_overwrite(c, Target::Role(json::BOT_ROLE), 0, perm::SEND_MESSAGES);
    w.set_role_permissions(json::GUILD_ID, 0);
    assert_eq!(w.handle(&req("POST", &path, &body_text())).0.status, 403);
    assert_eq!(post_file(&mut w, &thread_path).0, 200);
    // Send Messages in Threads denied: the thread refuses, the parent's threads too.
    w.set_overwrite(
        c,
        Target::Role(json::BOT_ROLE),
        0,
        perm::SEND_MESSAGES_IN_THREADS,
    );
    assert_eq!(w.handle(&req("POST", &path, &body_text())).0.status, 200);
    assert_eq!(
        w.handle(&req("POST", &thread_path, &body_text())).0.status,
        403
    );
    assert_eq!(w.bot_perms(starter) & perm::ATTACH_FILES, 0, "implicit");
    // View Channel denied: Missing Access, everywhere in the channel.
    w.set_denied(c, perm::VIEW_CHANNEL);
    let (r, _) = w.handle(&req("POST", &path, &body_text()));
    assert_eq!(
        (r.status, r.body.unwrap()),
        (403, json!({"code": 50001, "message": "Missing Access"}))
    );
    let get = format!("/channels/{c}/messages/{starter}");
    assert_eq!(w.handle(&req("GET", &get, &Value::Null)).0.status, 403);
    // Read Message History is what reading a message needs.
    w.set_denied(c, perm::READ_MESSAGE_HISTORY);
    assert_eq!(w.handle(&req("GET", &get, &Value::Null)).0.status, 403);
    w.set_denied(c, 0);
    assert_eq!(w.handle(&req("GET", &get, &Value::Null)).0.status, 200);
    // Create Public Threads, from the bot's role.
    w.set_role_permissions(
        json::BOT_ROLE,
        json::ALL_PERMISSIONS & !perm::CREATE_PUBLIC_THREADS,
    );
    let (r, _) = w.handle(&req("POST", &path, &body_text()));
    let m: u64 = r.body.unwrap()["id"].as_str().unwrap().parse().unwrap();
    let tpath = format!("/channels/{c}/messages/{m}/threads");
    assert_eq!(
        w.handle(&req("POST", &tpath, &json!({"name": "t"})))
            .0
            .status,
        403
    );
    // The interaction tells the bot the same permissions, in the channel and the thread.
    let user = w.add_user("alice");
    for place in [c, starter] {
        let (id, _) = w.new_interaction(user, 2, place, json!({"name": "x"}), None, "x".into());
        let got = w.interactions[&id].id;
        let sent_perms = w
            .gateway
            .links
            .values()
            .flat_map(|l| {
                let logged = l.session.iter().flat_map(|s| s.log.iter().map(|(_, d)| d));
                logged.chain(l.pending.iter())
            })
            .find(|d| d.interaction == Some(got))
            .map(|d| d.d["app_permissions"].as_str().unwrap().to_string())
            .expect("dispatched");
        assert_eq!(sent_perms, w.bot_perms(place).to_string());
    }
    assert_eq!(w.bot_perms(c) & perm::CREATE_PUBLIC_THREADS, 0);
    assert_ne!(w.bot_perms(c) & perm::SEND_MESSAGES, 0);
}

fn body_text() -> Value {
    json!({"content": "text"})
}

#[test]
fn an_over_limit_message_is_refused_with_discords_400() {
    let mut w = World::new("t");
    let c = w.add_channel("games");
    let path = format!("/channels/{c}/messages");
    let body = json!({"content": "x".repeat(2001)});
    let (r, _) = w.handle(&req("POST", &path, &body));
    assert_eq!(r.status, 400);
    let b = r.body.unwrap();
    assert_eq!(b["code"], 50035);
    assert_eq!(
        b["errors"]["content"]["_errors"][0]["code"],
        "BASE_TYPE_MAX_LENGTH"
    );
    assert!(w.messages.is_empty(), "nothing was posted");
    assert_eq!(w.violations.len(), 1, "{:?}", w.violations);
    let (r, _) = w.handle(&req("POST", &path, &json!({"content": ""})));
    assert_eq!(
        (r.status, r.body.unwrap()["code"].as_u64()),
        (400, Some(50006))
    );
    let (r, _) = w.handle(&req("POST", &path, &json!({"content": "fine"})));
    assert_eq!(r.status, 200);
}

/// The answer to starting a thread, archived after `minutes`, on a new message in a new world.
fn thread_archived_after(minutes: u32) -> RestResp {
    let mut w = World::new("t");
    let c = w.add_channel("games");
    let (r, _) = w.handle(&req(
        "POST",
        &format!("/channels/{c}/messages"),
        &json!({"content": "table"}),
    ));
    let m = r.body.unwrap()["id"].as_str().unwrap().to_string();
    let (r, _) = w.handle(&req(
        "POST",
        &format!("/channels/{c}/messages/{m}/threads"),
        &json!({"name": "t", "auto_archive_duration": minutes}),
    ));
    r
}

#[test]
fn thread_archive_durations_are_discords() {
    let r = thread_archived_after(100);
    assert_eq!(r.status, 400);
    let b = r.body.unwrap();
    assert_eq!(
        b["errors"]["auto_archive_duration"]["_errors"][0]["code"],
        "BASE_TYPE_CHOICES"
    );
    for ok in [60, 1440, 4320, 10080] {
        assert_eq!(thread_archived_after(ok).status, 200, "{ok}");
    }
}

#[test]
fn a_late_callback_is_an_unknown_interaction() {
    let (mut w, _rx) = connected();
    let u = w.add_user("ann");
    let c = w.add_channel("games");
    let (id, token) = w.new_interaction(u, 2, c, json!({"name": "hay"}), None, "/hay".into());
    // The click happened 3.1 s ago (its id says so): too late, whenever the bot received it.
    let mut rec = w.interactions.remove(&id).unwrap();
    let id = id - (3100 << 22);
    rec.id = id;
    w.interactions.insert(id, rec);
    w.by_token.insert(token.clone(), id);
    assert!(wall_ms() - snowflake_ms(id) >= 3100);
    let path = format!("/interactions/{id}/{token}/callback");
    let body = json!({"type": 4, "data": {"content": "hi"}});
    let (r, _) = w.handle(&req("POST", &path, &body));
    assert_eq!(r.status, 404);
    assert_eq!(r.body.unwrap()["code"], 10062);
    assert!(w.interactions[&id].callback_failed);
    assert_eq!(w.violations.len(), 1);
    // In time: accepted. Its webhook then lives 15 minutes.
    let (id, token) = w.new_interaction(u, 2, c, json!({"name": "hay"}), None, "/hay".into());
    let path = format!("/interactions/{id}/{token}/callback");
    let (r, _) = w.handle(&req("POST", &path, &body));
    assert_eq!(r.status, 204);
    let hook = format!("/webhooks/{APP_ID}/{token}");
    let (r, _) = w.handle(&req("POST", &hook, &json!({"content": "more"})));
    assert_eq!(r.status, 200);
    w.clock
        .advance(Duration::from_millis(TOKEN_LIFETIME_MS as u64 + 1000));
    let (r, _) = w.handle(&req("POST", &hook, &json!({"content": "late"})));
    assert_eq!(r.status, 401);
    // A callback whose data is over a limit: 400 with the problem under "data".
    let (id, token) = w.new_interaction(u, 2, c, json!({"name": "hay"}), None, "/hay".into());
    let path = format!("/interactions/{id}/{token}/callback");
    let big = json!({"type": 4, "data": {"embeds": [{"title": "t".repeat(257)}]}});
    let (r, _) = w.handle(&req("POST", &path, &big));
    assert_eq!(r.status, 400);
    assert_eq!(
        r.body.unwrap()["errors"]["data"]["embeds"]["0"]["title"]["_errors"][0]["code"],
        "BASE_TYPE_MAX_LENGTH"
    );
    assert!(w.interactions[&id].callback.is_none(), "not acknowledged");
}

/// Discord's sharding formula: the guild's events (its GUILD_CREATE, clicks in its channels)
/// reach only the shard `(guild_id >> 22) % shards`, DMs only shard 0, and each shard has its
/// own session (a resume of one replays only its own dispatches).
#[test]
fn with_two_shards_guild_events_reach_the_guilds_shard_and_dms_shard_0() {
    let mut w = World::new("t");
    let u = w.add_user("ann");
    let c = w.add_channel("games");
    let g = ((json::GUILD_ID >> 22) % 2) as u32;
    let (tx0, mut rx0) = tokio::sync::mpsc::unbounded_channel();
    let (tx1, mut rx1) = tokio::sync::mpsc::unbounded_channel();
    w.connected(Conn { id: 10, tx: tx0 });
    w.connected(Conn { id: 11, tx: tx1 });
    w.identify(10, 0, 2);
    w.identify(11, 1, 2);
    let (guild_rx, other_rx) = if g == 0 {
        (&mut rx0, &mut rx1)
    } else {
        (&mut rx1, &mut rx0)
    };
    assert_eq!(sent(guild_rx), ["READY", "GUILD_CREATE"]);
    assert_eq!(sent(other_rx), ["READY"]);
    assert_eq!(w.gateway.guild_shard(), g);
    // A click in the guild's channel reaches the guild's shard only.
    w.new_interaction(u, 2, c, json!({"name": "hay"}), None, "/a".into());
    assert_eq!(sent(guild_rx), ["INTERACTION_CREATE"]);
    assert!(sent(other_rx).is_empty());
    // A click in a DM reaches shard 0 only.
    let body = json!({"recipient_id": u.to_string()});
    let (r, _) = w.handle(&req("POST", "/users/@me/channels", &body));
    let dm: u64 = r.body.unwrap()["id"].as_str().unwrap().parse().unwrap();
    w.new_interaction(u, 2, dm, json!({"name": "hay"}), None, "/b".into());
    let (rx_0, rx_1) = if g == 0 {
        (guild_rx, other_rx)
    } else {
        (other_rx, guild_rx)
    };
    assert_eq!(sent(rx_0), ["INTERACTION_CREATE"]);
    assert!(sent(rx_1).is_empty());
    assert!(w.gateway.all_live());
    assert!(w.violations.is_empty(), "{:?}", w.violations);
}

/// Several guilds on four shards: each shard's READY lists only the guilds it carries
/// (`(guild_id >> 22) % 4`) and a GUILD_CREATE follows for each of them alone, with its own
/// channels and its own @everyone role; a click, a thread and its messages in one guild's
/// channel reach that guild's shard only, carrying that guild's id.
#[test]
fn with_several_guilds_each_guilds_events_reach_its_own_shard() {
    let mut w = World::new("t");
    let u = w.add_user("ann");
    let guilds: Vec<u64> = (0..4)
        .map(|k| {
            if k == 0 {
                json::GUILD_ID
            } else {
                w.add_guild()
            }
        })
        .collect();
    let channels: Vec<u64> = guilds
        .iter()
        .map(|&g| w.add_channel_in(g, &format!("games-{g}")))
        .collect();
    let shards: Vec<u32> = guilds.iter().map(|&g| ((g >> 22) % 4) as u32).collect();
    let mut sorted = shards.clone();
    sorted.sort();
    assert_eq!(
        sorted,
        [0, 1, 2, 3],
        "added guilds fall on the shards in turn"
    );
    let mut rxs = Vec::new();
    for s in 0..4u32 {
        let (tx, rx) = tokio::sync::mpsc::unbounded_channel();
        w.connected(Conn {
            id: 20 + u64::from(s),
            tx,
        });
        w.identify(20 + u64::from(s), s, 4);
        rxs.push(rx);
    }
    let frames = |rx: &mut tokio::sync::mpsc::UnboundedReceiver<WsOut>| {
        let mut out = Vec::new();
        while let Ok(m) = rx.try_recv() {
            if let WsOut::Frame { text, .. } = m {
                let v: Value = serde_json::from_str(&text).unwrap();
                out.push(v);
            }
        }
        out
    };
    for (k, &g) in guilds.iter().enumerate() {
        let got = frames(&mut rxs[shards[k] as usize]);
        let kinds: Vec<&str> = got.iter().map(|f| f["t"].as_str().unwrap()).collect();
        assert_eq!(kinds, ["READY", "GUILD_CREATE"]);
        let listed: Vec<&str> = got[0]["d"]["guilds"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x["id"].as_str().unwrap())
            .collect();
        assert_eq!(listed, [g.to_string()]);
        let create = &got[1]["d"];
        let gs = g.to_string();
        assert_eq!(create["id"], g.to_string());
        let chans = create["channels"].as_array().unwrap();
        assert_eq!(chans.len(), 1, "only this guild's channel");
        assert_eq!(chans[0]["id"], channels[k].to_string());
        assert_eq!(chans[0]["guild_id"], g.to_string());
        assert!(
            create["roles"]
                .as_array()
                .unwrap()
                .iter()
                .any(|r| r["id"] == gs),
            "the guild's @everyone role has the guild's id"
        );
        let _: poise::serenity_prelude::Guild = serde_json::from_value(create.clone()).unwrap();
    }
    for (k, &g) in guilds.iter().enumerate() {
        w.new_interaction(u, 2, channels[k], json!({"name": "hay"}), None, "/a".into());
        let body = json!({"name": "table", "type": 11, "auto_archive_duration": 1440});
        let path = format!("/channels/{}/threads", channels[k]);
        let (r, _) = w.handle(&req("POST", &path, &body));
        assert_eq!(r.status, 200);
        assert_eq!(r.body.unwrap()["guild_id"], g.to_string());
        for (s, rx) in rxs.iter_mut().enumerate() {
            let got = frames(rx);
            if s as u32 == shards[k] {
                let kinds: Vec<&str> = got.iter().map(|f| f["t"].as_str().unwrap()).collect();
                assert_eq!(kinds, ["INTERACTION_CREATE", "THREAD_CREATE"]);
                let gs = g.to_string();
                assert!(got.iter().all(|f| f["d"]["guild_id"] == gs));
            } else {
                assert!(got.is_empty(), "shard {s} got {got:?}");
            }
        }
    }
    assert!(w.violations.is_empty(), "{:?}", w.violations);
}

#[test]
fn interactions_are_replayed_on_resume_but_never_into_a_new_session() {
    let (mut w, mut rx) = connected();
    let u = w.add_user("ann");
    let c = w.add_channel("games");
    // A channel made while the bot is connected is announced, as Discord does.
    assert_eq!(sent(&mut rx), ["READY", "GUILD_CREATE", "CHANNEL_CREATE"]);
    let sid = w.gateway.links[&0].session.as_ref().unwrap().id.clone();
    w.delivered(1, 3, None);
    // The connection drops; two clicks happen meanwhile.
    w.disconnected(1);
    let (a, _) = w.new_interaction(u, 2, c, json!({"name": "hay"}), None, "/a".into());
    // A resume on a new connection replays the missed click.
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
    w.connected(Conn { id: 2, tx });
    assert!(w.resume(2, &sid, 3));
    assert_eq!(sent(&mut rx), ["INTERACTION_CREATE", "RESUMED"]);
    w.delivered(2, 4, Some(a));
    w.delivered(2, 5, None);
    assert!(!w.interactions[&a].callback_failed);
    // Dropped again; a click; then a new IDENTIFY: the click is never delivered.
    w.disconnected(2);
    let (b, _) = w.new_interaction(u, 2, c, json!({"name": "hay"}), None, "/b".into());
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
    w.connected(Conn { id: 3, tx });
    w.identify(3, 0, 1);
    assert_eq!(sent(&mut rx), ["READY", "GUILD_CREATE"]);
    assert!(w.interactions[&b].callback_failed, "the user saw it fail");
    assert!(w.violations.is_empty(), "{:?}", w.violations);
}

/// The day's session starts (Gateway docs, "Session Start Limit"): each IDENTIFY spends one,
/// `GET /gateway/bot` says how many are left and when they reset, the count resets 24 hours
/// after the day's first, and one too soon after the last is answered with opcode 9 without
/// spending one. With none left the token would be reset: a violation.
#[test]
fn session_starts_are_counted_reset_daily_and_paced() {
    let mut w = World::new("t");
    w.rate.limits.identify = (1, std::time::Duration::from_secs(3600));
    assert_eq!(w.session_start_limit(), (1000, 1000, 0));
    assert_eq!(w.identify_admitted(), IdentifyAdmission::Admitted);
    assert_eq!(w.identify_admitted(), IdentifyAdmission::TooSoon);
    assert_eq!(w.gateway.identifies_too_fast, 1);
    let (total, left, reset) = w.session_start_limit();
    assert_eq!((total, left), (1000, 999));
    assert!(reset > 86_399_000 && reset <= 86_400_000, "{reset}");
    w.rate.limits.identify = (1, std::time::Duration::ZERO);
    w.gateway.session_starts_used = 999;
    assert_eq!(w.identify_admitted(), IdentifyAdmission::Admitted);
    assert_eq!(w.session_start_limit().1, 0);
    assert!(w.violations.is_empty());
    assert_eq!(w.identify_admitted(), IdentifyAdmission::Spent);
    assert_eq!(w.violations.len(), 1, "{:?}", w.violations);
    w.clock.advance(std::time::Duration::from_secs(86_400));
    assert_eq!(w.session_start_limit(), (1000, 1000, 0));
    assert_eq!(w.identify_admitted(), IdentifyAdmission::Admitted);
}
