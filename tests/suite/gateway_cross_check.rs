//! An independent check of the fake Discord's gateway (issue 27): every frame the fake sent
//! during a short game of each game is read with twilight-model, a Discord model crate that
//! shares no code with serenity (the bot's) or with the fake. The frames are the ones actually
//! sent (recorded by the fake as it wrote them), not samples written for the test: HELLO,
//! HEARTBEAT_ACK, READY, GUILD_CREATE, THREAD_CREATE, INTERACTION_CREATE of every kind the bot
//! takes (slash commands, autocomplete, buttons, selects; the bot shows no modal), RECONNECT,
//! INVALID_SESSION (resumable and not) and RESUMED. A frame twilight refuses fails the test
//! with its event name, twilight's error and the frame.

use crate::e2e::{self, Which};
use farmhand::fake_discord::FakeDiscord;
use serde::de::DeserializeSeed as _;
use std::collections::BTreeMap;
use std::time::Duration;
use twilight_model::application::interaction::{InteractionData, InteractionType};
use twilight_model::channel::message::component::ComponentType;
use twilight_model::gateway::event::{DispatchEvent, GatewayEvent, GatewayEventDeserializer};

/// What a frame is, in words: its dispatch name or opcode, and for an interaction its kind.
fn name_of(frame: &str) -> String {
    let v: serde_json::Value = serde_json::from_str(frame).unwrap_or_default();
    match (v["op"].as_u64(), v["t"].as_str()) {
        (Some(0), Some("INTERACTION_CREATE")) => format!(
            "INTERACTION_CREATE type {} component_type {}",
            v["d"]["type"], v["d"]["data"]["component_type"]
        ),
        (Some(0), Some(t)) => t.to_string(),
        (Some(op), _) => format!("opcode {op}"),
        _ => "not a gateway payload".to_string(),
    }
}

/// Reads one frame with twilight, as a gateway client built on it would; the error names the
/// event and gives twilight's reason and the frame.
fn read(frame: &str) -> Result<GatewayEvent, String> {
    let seed = GatewayEventDeserializer::from_json(frame)
        .ok_or_else(|| format!("{}: twilight finds no opcode in {frame}", name_of(frame)))?;
    let mut json = serde_json::Deserializer::from_str(frame);
    seed.deserialize(&mut json)
        .map_err(|e| format!("{}: twilight refuses it: {e}\n{frame}", name_of(frame)))
}

/// What twilight read, in words, so the test can tell every kind was seen.
fn kind_of(event: &GatewayEvent) -> String {
    match event {
        GatewayEvent::Dispatch(_, DispatchEvent::InteractionCreate(ix)) => {
            match (ix.kind, &ix.data) {
                (
                    InteractionType::ApplicationCommand,
                    Some(InteractionData::ApplicationCommand(_)),
                ) => "interaction: slash command".to_string(),
                (
                    InteractionType::ApplicationCommandAutocomplete,
                    Some(InteractionData::ApplicationCommand(_)),
                ) => "interaction: autocomplete".to_string(),
                (InteractionType::MessageComponent, Some(InteractionData::MessageComponent(c))) => {
                    match c.component_type {
                        ComponentType::Button => "interaction: button".to_string(),
                        ComponentType::TextSelectMenu => "interaction: select".to_string(),
                        other => format!("interaction: component {other:?}"),
                    }
                }
                (kind, _) => format!("interaction: {kind:?} with other data"),
            }
        }
        GatewayEvent::Dispatch(_, d) => format!("{:?}", d.kind()),
        GatewayEvent::Hello(_) => "Hello".to_string(),
        GatewayEvent::HeartbeatAck => "HeartbeatAck".to_string(),
        GatewayEvent::Heartbeat => "Heartbeat".to_string(),
        GatewayEvent::Reconnect => "Reconnect".to_string(),
        GatewayEvent::InvalidateSession(resumable) => {
            format!("InvalidateSession({resumable})")
        }
    }
}

/// Waits until every shard is connected again (after a reconnect or an invalid session).
async fn back(fake: &FakeDiscord, what: &str) {
    assert!(
        fake.wait_for(Duration::from_secs(30), |w| w.gateway.all_live())
            .await,
        "the bot did not come back after {what}"
    );
}

/// Plays a short game of `which`, with the gateway's less common frames made on the way, and
/// reads every frame the fake sent with twilight. Returns how many of each kind were read.
async fn cross_check(which: Which, tag: &str, seed: u64) -> BTreeMap<String, usize> {
    let mut g = e2e::new_game(which, tag, 2, "", &[], seed, |fake, _| {
        // Beats every 400 ms: a short game then sees heartbeat acknowledgements too.
        fake.set_heartbeat(
            Duration::from_millis(400),
            Some(Duration::from_millis(1500)),
        );
        fake.record_gateway();
    })
    .await;
    let fake = g.fake.clone();
    let (user, channel) = (g.users[0], g.table.channel);
    if which == Which::FieldsOfGreen {
        let ix = fake
            .autocomplete(user, channel, "fog card name:Fi")
            .expect("autocomplete");
        assert_eq!(fake.reply(&ix).await.expect("choices").kind, 8);
    }
    g.driver.play_until(|d| d >= 6).await.unwrap();
    // Opcode 7: the bot reconnects and resumes (RESUMED).
    let (_, _, resumes) = fake.gateway_stats();
    assert!(fake.request_reconnect(0));
    assert!(
        fake.wait_for(Duration::from_secs(30), |w| w.gateway.resumes > resumes
            && w.gateway.all_live())
            .await,
        "no resume after opcode 7"
    );
    g.driver.play_until(|d| d >= 12).await.unwrap();
    // Opcode 9, resumable, then not: RESUMED, then a new READY and GUILD_CREATE.
    fake.invalidate_sessions_resumable();
    back(&fake, "a resumable invalid session").await;
    g.driver.play_until(|d| d >= 18).await.unwrap();
    assert!(fake.settle().await);
    let identifies = fake.gateway_stats().1;
    fake.invalidate_sessions();
    assert!(
        fake.wait_for(Duration::from_secs(30), |w| w.gateway.identifies
            > identifies
            && w.gateway.all_live())
            .await,
        "no new session after an invalid session"
    );
    g.finish().await;
    let frames = fake.gateway_frames();
    let mut kinds = BTreeMap::new();
    let mut refused = Vec::new();
    for frame in &frames {
        match read(frame) {
            Ok(event) => *kinds.entry(kind_of(&event)).or_insert(0) += 1,
            Err(e) => refused.push(e),
        }
    }
    println!(
        "{tag}: {} frames read by twilight: {kinds:#?}",
        frames.len()
    );
    assert!(
        refused.is_empty(),
        "{tag}: twilight refused {} of {} frames; the first ones:\n{}",
        refused.len(),
        frames.len(),
        refused
            .iter()
            .take(5)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n\n")
    );
    // The reading has teeth: a recorded interaction without a field Discord always sends is
    // refused, and the error names the event and the field.
    let mut broken: serde_json::Value = frames
        .iter()
        .find(|f| f.contains("\"INTERACTION_CREATE\""))
        .map(|f| serde_json::from_str(f).unwrap())
        .expect("an interaction was sent");
    broken["d"]
        .as_object_mut()
        .unwrap()
        .remove("attachment_size_limit");
    let e = read(&broken.to_string()).expect_err("a frame missing a field is refused");
    assert!(
        e.starts_with("INTERACTION_CREATE") && e.contains("attachment_size_limit"),
        "{e}"
    );
    g.stop().await;
    kinds
}

/// Both games: every kind of frame the bot meets was sent and read.
#[tokio::test]
async fn twilight_reads_every_gateway_frame_of_both_games() {
    let fog = cross_check(Which::FieldsOfGreen, "twilight-fog", 3).await;
    let kh = cross_check(Which::KeyHarvest, "twilight-kh", 4).await;
    let seen = |kinds: &BTreeMap<String, usize>, k: &str| kinds.get(k).copied().unwrap_or(0) > 0;
    for (tag, kinds) in [("Fields of Green", &fog), ("Key Harvest", &kh)] {
        for k in [
            "Hello",
            "HeartbeatAck",
            "Ready",
            "GuildCreate",
            "ThreadCreate",
            "Resumed",
            "Reconnect",
            "InvalidateSession(true)",
            "InvalidateSession(false)",
            "interaction: slash command",
            "interaction: button",
        ] {
            assert!(seen(kinds, k), "{tag}: no {k} was sent: {kinds:?}");
        }
    }
    assert!(seen(&fog, "interaction: autocomplete"), "{fog:?}");
    assert!(
        seen(&fog, "interaction: select") || seen(&kh, "interaction: select"),
        "no select was sent in either game: {fog:?} {kh:?}"
    );
}
