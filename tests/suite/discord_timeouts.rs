//! Issue 27, timeouts: Discord (or the network on the way) swallows a call and never answers.
//! Neither serenity 0.12 nor reqwest 0.12 bounds a request by default, so such a call held its
//! caller for good: a game's thread outbox, a table's redraw worker, a deferred click's answer.
//! The bot's client now gives a call up after `discord.request_timeout_ms` and treats that as a
//! server error (tried again). The fake holds the call without an answer
//! ([`FaultAction::Hang`]) and carries out nothing, so the retry is what reaches the players.

use crate::e2e::Which;
use farmhand::discord::{self, serve};
use farmhand::fake_discord::harness::{fake_and_db, logged, test_config};
use farmhand::fake_discord::world::RequestRecord;
use farmhand::fake_discord::{FakeDiscord, FaultAction, FaultRule, RouteKind, verify};
use farmhand::games::key_harvest as kh;
use std::time::Duration;

/// The bot's request timeout in these tests: short, so a swallowed call costs seconds, and far
/// above what a call to the fake on loopback takes on a loaded machine.
const TIMEOUT_MS: u64 = 3_000;

/// Longer than anyone waits.
const FOREVER: Duration = Duration::from_secs(3600);

/// The first `n` calls of `kinds` are swallowed.
fn hang(kinds: &[RouteKind], n: u32) -> FaultRule {
    FaultRule::always(kinds, FaultAction::Hang(FOREVER)).times(n)
}

/// The calls of `kinds` the fake swallowed so far.
fn swallowed(fake: &FakeDiscord, kinds: &[RouteKind]) -> Vec<RequestRecord> {
    fake.requests()
        .into_iter()
        .filter(|r| r.injected && r.status == 504 && kinds.contains(&r.kind))
        .collect()
}

/// A table edit and a thread post swallowed, then (interactions reaching the bot late, so every
/// click is deferred) two of the answers to deferred clicks: each call is given up after the
/// timeout and made again; the game goes on to its end with its final scores where the players
/// read them, every confirmed move stored, the swallowed post made once the call was tried
/// again, and the log names the timeout.
async fn swallowed_calls_are_given_up_and_made_again(which: Which, tag: &str, seed: u64) {
    let mut g = which
        .new_game_configured(tag, 3, seed, |c| c.discord.request_timeout_ms = TIMEOUT_MS)
        .await;
    let fake = g.fake.clone();
    let thread = g.table.thread.expect("a thread");
    g.play_into(4, "the faults").await;
    fake.set_faults(
        seed,
        vec![
            hang(&[RouteKind::EditMessage], 1),
            hang(&[RouteKind::CreateMessage], 1),
        ],
    );
    g.play_until_seen(300, "a swallowed edit and post", false, || {
        swallowed(&fake, &[RouteKind::EditMessage]).len() == 1
            && swallowed(&fake, &[RouteKind::CreateMessage]).len() == 1
    })
    .await;
    assert!(fake.settle().await, "{tag}: the bot did not go quiet");
    // The interaction webhook calls: the answers of deferred clicks.
    let webhook = [RouteKind::WebhookMessage, RouteKind::Followup];
    fake.set_interaction_lag(Duration::from_millis(1600));
    fake.set_faults(seed + 1, vec![hang(&webhook, 2)]);
    g.play_until_seen(
        200,
        "two swallowed answers of deferred clicks",
        false,
        || swallowed(&fake, &webhook).len() == 2,
    )
    .await;
    fake.set_interaction_lag(Duration::ZERO);
    fake.set_faults(0, Vec::new());
    let fin = g.play_out().await;
    // Each swallowed call was made again on the same route, and that one went through: the
    // table edit, the post in the thread, the deferred click's answer.
    let requests = fake.requests();
    let hung: Vec<RequestRecord> = swallowed(
        &fake,
        &[
            RouteKind::EditMessage,
            RouteKind::CreateMessage,
            RouteKind::WebhookMessage,
            RouteKind::Followup,
        ],
    );
    assert_eq!(hung.len(), 4, "{tag}: {hung:?}");
    for h in &hung {
        assert!(
            requests.iter().any(|r| r.at_ms >= h.at_ms
                && r.method == h.method
                && r.path == h.path
                && r.status == 200),
            "{tag}: {} {} was swallowed and never made again",
            h.method,
            h.path
        );
    }
    let post = &swallowed(&fake, &[RouteKind::CreateMessage])[0];
    assert_eq!(
        post.path,
        format!("/channels/{thread}/messages"),
        "{tag}: the swallowed post was one in the game's thread"
    );
    // Given up after the timeout, not waited for: the retry came within a few timeouts.
    let retried = requests
        .iter()
        .filter(|r| r.at_ms > post.at_ms && r.path == post.path && r.status == 200)
        .map(|r| r.at_ms)
        .min()
        .unwrap();
    assert!(
        retried - post.at_ms >= TIMEOUT_MS as i64 - 100,
        "{tag}: the post was made again {} ms after, before the timeout",
        retried - post.at_ms
    );
    // The operator reads why: the post in the thread timed out.
    let lines = logged();
    assert!(
        lines
            .iter()
            .any(|l| l.contains("a post failed; trying again")
                && l.contains(&format!("channel={thread}"))
                && l.contains("the request timed out")),
        "{tag}: no log line says the post timed out"
    );
    // What the players see and what is stored: the final scores (in the thread and on the
    // table) equal a replay of the stored moves, and every move confirmed to a player is
    // stored.
    g.check_end(&fin).await;
    let data = &g.bot().data;
    let acked = match which {
        Which::FieldsOfGreen => {
            verify::fields_of_green::check_acknowledged(&fake, data, &g.table).await
        }
        Which::KeyHarvest => verify::check_acknowledged_as::<kh::Game>(&fake, data, &g.table).await,
    }
    .unwrap_or_else(|e| panic!("{tag}: {e}"));
    println!("{tag}: {acked} confirmed moves stored; swallowed: {hung:?}");
    g.stop().await;
}

for_both_games!(
    swallowed_calls_are_given_up_and_made_again,
    swallowed_calls_are_given_up_and_made_again_fields_of_green("hang-fog", 61),
    swallowed_calls_are_given_up_and_made_again_key_harvest("hang-kh", 62)
);

/// The command registration at start is swallowed: given up after the timeout and tried again,
/// the commands are registered and the bot answers (without the timeout, `run` stayed connected
/// and mute: poise's setup never finished).
#[tokio::test]
async fn a_swallowed_registration_is_given_up_and_tried_again() {
    let (fake, db) = fake_and_db("register-hang").await;
    let channel = fake.add_channel("games");
    let alice = fake.add_user("alice");
    fake.set_faults(7, vec![hang(&[RouteKind::Commands], 1)]);
    let mut config = test_config(db.path());
    config.discord.request_timeout_ms = TIMEOUT_MS;
    let data = discord::prepare(config).await.expect("prepare");
    let settings = data.config.discord.clone();
    let (tx, rx) = tokio::sync::oneshot::channel::<()>();
    let http_fake = fake.clone();
    let task = tokio::spawn(serve(
        data,
        move || http_fake.http_for(&settings),
        async move {
            let _ = rx.await;
        },
    ));
    assert!(
        fake.wait_ready(Duration::from_secs(30), true).await,
        "the commands were never registered"
    );
    let puts: Vec<(u16, bool)> = fake
        .requests()
        .iter()
        .filter(|r| r.kind == RouteKind::Commands && r.method == "PUT")
        .map(|r| (r.status, r.injected))
        .collect();
    assert_eq!(puts, [(504, true), (200, false)]);
    let ix = fake.slash(alice, channel, "fog rules").unwrap();
    let r = fake.reply(&ix).await.expect("the bot answers");
    assert!(r.kind == 4 || r.kind == 5, "{r:?}");
    assert!(
        logged()
            .iter()
            .any(|l| l.contains("could not register the slash commands yet")
                && l.contains("timed out")),
        "no log line says the registration timed out"
    );
    assert!(fake.settle().await);
    let _ = tx.send(());
    task.await.unwrap().expect("a clean stop");
    fake.assert_clean();
}
