//! Issue 27, per-token buckets: Discord (and the fake) limit the interaction webhook routes (the
//! edit of a deferred answer, follow-ups) per interaction token, 5 calls per 2 s, but serenity's
//! rate limiter keys them by the application, so one player's calls used up the bucket every
//! other player's deferred answer waited on. The bot sends them through `discord::webhooks`, a
//! limiter per token.

use farmhand::discord::ratelimits::RateLimits;
use farmhand::discord::webhooks::{Via, Webhooks};
use farmhand::fake_discord::harness::{Bot, TempDb, test_config};
use farmhand::fake_discord::json::APP_ID;
use farmhand::fake_discord::ratelimit::Limits;
use farmhand::fake_discord::{FakeDiscord, FaultAction, FaultRule, RouteKind};
use poise::serenity_prelude as serenity;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// Six players' answers are edited twice each (once one after the other, then all at once, as
/// deferred answers finishing together): through the bot's per-token clients no call waits
/// for another player's bucket, while serenity's one bucket for the application holds some of
/// the second round back, though each token has used 2 of its 5 calls. One token's own bucket
/// is still kept: six calls at once on it wait for its reset.
#[tokio::test]
async fn two_players_deferred_answers_do_not_wait_for_each_others_bucket() {
    let fake = FakeDiscord::start().await.unwrap();
    fake.set_rate_limits(Limits::default());
    let db = TempDb::new("token-buckets");
    let bot = Bot::start(&fake, test_config(db.path())).await.unwrap();
    let channel = fake.add_channel("buckets");
    // Six answered interactions: each has an original answer its token can edit.
    let mut tokens = Vec::new();
    for k in 0..6 {
        let user = fake.add_user(&format!("p{k}"));
        let ix = fake
            .slash(user, channel, "fog settings hand_in_dm:false")
            .unwrap();
        let r = fake.reply(&ix).await.unwrap();
        assert!(r.kind == 4 || r.kind == 5, "answered with type {}", r.kind);
        tokens.push(fake.with(|w| w.interactions[&ix.id].token.clone()));
    }
    assert!(fake.settle().await);
    let edit = |http: Arc<serenity::Http>, token: String, n: usize| async move {
        http.edit_original_interaction_response(
            &token,
            &serde_json::json!({ "content": format!("answer {n}") }),
            Vec::new(),
        )
        .await
        .map(|_| ())
    };

    // serenity's limiter, one bucket for the application (as the bot had it).
    let mut shared = fake.http();
    shared.set_application_id(serenity::ApplicationId::new(APP_ID));
    let held = Arc::new(AtomicU64::new(0));
    let count = held.clone();
    shared
        .ratelimiter
        .as_mut()
        .unwrap()
        .set_ratelimit_callback(Box::new(move |info| {
            if info.path.contains("/webhooks/") {
                count.fetch_add(1, Ordering::SeqCst);
            }
        }));
    let shared = Arc::new(shared);
    for (n, t) in tokens.iter().enumerate() {
        edit(shared.clone(), t.clone(), n).await.unwrap();
    }
    // From here each webhook call is answered 300 ms late, so every call of a round has been
    // through its limiter's check before the first answer updates the bucket (without it, the
    // test would depend on how fast the fake answers).
    fake.set_faults(
        1,
        vec![FaultRule::always(
            &[RouteKind::WebhookMessage],
            FaultAction::Delay(Duration::from_millis(300)),
        )],
    );
    let round: Vec<_> = tokens
        .iter()
        .enumerate()
        .map(|(n, t)| tokio::spawn(edit(shared.clone(), t.clone(), n)))
        .collect();
    for r in round {
        r.await.unwrap().unwrap();
    }
    let shared_waits = held.load(Ordering::SeqCst);
    assert!(
        shared_waits > 0,
        "serenity's per-application bucket held no call back"
    );

    // The bot's per-token clients: the same two rounds on the same tokens.
    let limits = Arc::new(RateLimits::default());
    let hooks = Webhooks::default();
    hooks.connect(fake.rest_client(), limits.clone());
    let via = |t: &str| -> Arc<serenity::Http> {
        match hooks.http_for(&shared, t) {
            Via::Token(h) => h,
            Via::Shared(_) => panic!("not connected"),
        }
    };
    let refused_before = refused(&fake);
    for (n, t) in tokens.iter().enumerate() {
        edit(via(t), t.clone(), n).await.unwrap();
    }
    let round: Vec<_> = tokens
        .iter()
        .enumerate()
        .map(|(n, t)| tokio::spawn(edit(via(t), t.clone(), n)))
        .collect();
    for r in round {
        r.await.unwrap().unwrap();
    }
    assert_eq!(
        limits.webhook_waits().0,
        0,
        "a player's call waited for another's bucket"
    );
    assert_eq!(hooks.tokens(), tokens.len(), "one client per token");

    // One token's own bucket is kept: 6 more calls at once on one token wait for its reset.
    let one = tokens[0].clone();
    let burst: Vec<_> = (0..6)
        .map(|n| tokio::spawn(edit(via(&one), one.clone(), n)))
        .collect();
    for r in burst {
        r.await.unwrap().unwrap();
    }
    assert!(
        limits.webhook_waits().0 > 0,
        "a token's own bucket was not kept"
    );
    // The per-token clients keep to each bucket: at most one call is answered 429, when the
    // calls that waited for the token's reset go together (serenity's limiter does not count
    // them again after its wait), and that one is sent again after its `retry_after` (every
    // call above succeeded).
    let refused = refused(&fake) - refused_before;
    assert!(refused <= 1, "{refused} per-token calls answered 429");
    println!(
        "per-application bucket: {shared_waits} calls held back; per token: {} (all on the one token's own bucket)",
        limits.webhook_waits().0
    );
    bot.stop().await.unwrap();
}

/// Interaction webhook calls the fake answered 429 so far.
fn refused(fake: &FakeDiscord) -> usize {
    fake.with(|w| {
        w.requests
            .iter()
            .filter(|r| {
                r.status == 429 && matches!(r.kind, RouteKind::WebhookMessage | RouteKind::Followup)
            })
            .count()
    })
}
