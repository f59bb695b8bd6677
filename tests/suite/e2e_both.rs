//! The end-to-end tests both games run, each body written once over [`Which`]: `e2e_games`
//! (Fields of Green) and `e2e_key_harvest` run them under the same test names, and say only
//! what differs between the games (how far into a game the faults and restarts come, which bot
//! a table seats). Every check is made for both games unless a comment says why not.

use farmhand::fake_discord::harness::{Bot, panics, test_config};
use farmhand::fake_discord::player;
use farmhand::fake_discord::reading::has_japanese;
use farmhand::fake_discord::{FaultAction, FaultRule, RouteKind};
use std::time::Duration;

use crate::e2e::{self, Which};

/// Stops the bot at each of `stops` (decisions into a three-player game, `dm` seats playing
/// from their DM panels) and starts a fresh one on the same database; the players keep clicking
/// the buttons they have (old ephemeral panels, a DM panel, the table message). At every second
/// stop the bot is stopped right under a click. The game ends exactly as a replay of its stored
/// actions, every click the bot confirmed is stored (more than `min_acknowledged`), and the DM
/// seats played from their DM panels to the end.
pub async fn restarts_mid_game_lose_nothing(
    which: Which,
    dm: &[usize],
    stops: &[usize],
    min_acknowledged: usize,
) {
    let mut g = which.new_game("restarts", 3, "", dm, 8).await;
    let fake = g.fake.clone();
    for (k, &at) in stops.iter().enumerate() {
        g.play_into(at, &format!("restart {}", k + 1)).await;
        if k % 2 == 1 {
            // Stop right under a click: whatever it did or did not do must be consistent.
            let under = g.driver.players.iter().find_map(|p| {
                let panel = fake.message(p.panel?)?;
                let c = player::decisions(&panel).into_iter().next()?;
                Some((p.user, panel.id, c))
            });
            if let Some((user, panel, c)) = under {
                c.send(&fake, user, panel).unwrap();
            }
        } else {
            fake.settle().await;
        }
        g.bot.take().unwrap().stop().await.unwrap();
        fake.forgive_unanswered();
        fake.note(format!(
            "The bot stops (restart {}) and starts again on the same database.",
            k + 1
        ));
        g.bot = Some(
            Bot::start(&fake, test_config(g.db.path()))
                .await
                .expect("restart the bot"),
        );
    }
    let (connections, identifies, _) = fake.gateway_stats();
    let restarts = stops.len() as u32;
    assert!(
        identifies > restarts && connections > restarts,
        "{identifies} sessions and {connections} connections for {restarts} restarts"
    );
    g.finish().await;
    let acked = g.check_acknowledged().await;
    assert!(acked > min_acknowledged, "{acked} acknowledged actions");
    for &k in dm {
        assert!(
            g.driver.players[k].dm_panel,
            "{} kept playing from the DM panel",
            e2e::NAMES[k]
        );
    }
    g.stop().await;
}

/// A share of REST calls fail (500), are rate limited (429) or slow, and the gateway drops
/// twice (a close frame `drops[0]` decisions in, then a hang-up at `drops[1]`): the game still
/// finishes, the stored game replays to the scores shown (a final post or table edit lost to a
/// fault excepted), every click the bot confirmed is stored, nothing private leaked, and more
/// than `min_injected` faults were met.
pub async fn faults_do_not_lose_acknowledged_actions(
    which: Which,
    drops: [usize; 2],
    min_injected: usize,
) {
    let mut g = which.new_game("faults", 3, "", &[2], 9).await;
    let fake = g.fake.clone();
    let writes = vec![
        RouteKind::CreateMessage,
        RouteKind::EditMessage,
        RouteKind::CreateDm,
        RouteKind::Followup,
        RouteKind::WebhookMessage,
    ];
    fake.set_faults(
        9,
        vec![
            FaultRule::always(&[RouteKind::Callback], FaultAction::Fail(500)).sometimes(0.03),
            FaultRule::always(&writes, FaultAction::Fail(500)).sometimes(0.05),
            FaultRule::always(&writes, FaultAction::RateLimit(Duration::from_millis(50)))
                .sometimes(0.03),
            FaultRule::always(&[], FaultAction::Delay(Duration::from_millis(40))).sometimes(0.05),
        ],
    );
    g.driver.play_until(|d| d >= drops[0]).await.unwrap();
    fake.drop_gateway(Some(4000));
    g.driver.play_until(|d| d >= drops[1]).await.unwrap();
    fake.drop_gateway(None);
    let fin = g
        .driver
        .play()
        .await
        .unwrap_or_else(|e| panic!("faults: {e}"));
    fake.set_faults(0, Vec::new());
    assert!(fake.settle().await, "the bot did not go quiet");
    let pad = g.check_final(false).await;
    let acked = g.check_acknowledged().await;
    assert!(acked > 10, "only {acked} acknowledged actions");
    let injected = fake.requests().iter().filter(|r| r.injected).count();
    assert!(injected > min_injected, "only {injected} faults injected");
    let (connections, identifies, resumes) = fake.gateway_stats();
    assert!(
        resumes >= 1,
        "the bot never resumed ({connections} connections, {identifies} identifies)"
    );
    g.check_privacy().await;
    e2e::write_transcript(which, &fake, "faults");
    fake.assert_clean();
    assert!(panics().is_empty(), "panics: {:?}", panics());
    println!(
        "faults: {injected} faults injected, {resumes} resumes, {acked} confirmed actions, {:?}\n{}\n{pad}",
        g.driver.stats,
        fin.title()
    );
    g.stop().await;
}

/// One person and two bots of `strength` (issue 5): `new` seats the bots, the host starts
/// alone, the bots play whenever the game waits for them, and the game reaches the final score
/// pad, equal to an engine replay, with no bot's hidden cards or counters ever shown to the
/// person (the end-of-game checks) and no message pinging a bot seat.
pub async fn one_person_against_two_bots(which: Which, strength: &str) {
    let options = format!("seats:3 bots:2 bot_strength:\"{strength}\"");
    let mut g = which.new_game("bots", 1, &options, &[], 21).await;
    let store = g.store().clone();
    let table = store.table(g.table.game).await.unwrap();
    assert_eq!(table.seats.len(), 3, "the host and two bots");
    assert_eq!(table.humans(), 1);
    assert!(table.bot_of(1).is_some() && table.bot_of(2).is_some());
    let pad = g.finish().await;
    assert!(
        pad.contains("Bot 1") && pad.contains("Bot 2"),
        "the bots are on the score pad: {pad}"
    );
    // Bots are named, never mentioned: no message pings a bot's stand-in id.
    let pinged_bot = g.fake.with(|w| {
        w.messages
            .values()
            .any(|m| m.pings.iter().any(|&u| farmhand::store::is_bot_user(u)))
    });
    assert!(!pinged_bot, "a message pinged a bot seat");
    g.stop().await;
}

/// The stand-in (issue 5): with `stand_in_minutes` set, a player who has held the game up that
/// long gets one decision made by a bot; the thread and the table message say so; the clock
/// restarts, so nothing more happens before the delay has passed again.
pub async fn stand_in_plays_one_decision_for_a_slow_player(which: Which) {
    let mut g = which
        .new_game("stand-in", 2, "stand_in_minutes:30", &[], 23)
        .await;
    let fake = g.fake.clone();
    let http = fake.http();
    let data = g.bot().data.clone();
    let thread = g.table.play_channel();
    // The stand-in pass as the scheduler runs it `minutes` from now: the decisions it made.
    let stand_in_after = async |minutes: i64| {
        let at = data.service.store().now_ms() + minutes * 60_000;
        farmhand::discord::bots::stand_in_due(&http, &data, at)
            .await
            .unwrap()
    };
    let v0 = g.version().await;
    let waiting = g.waiting().await;
    assert_eq!(waiting.len(), 1, "one player holds the game up");

    // Not yet: 20 minutes is within the delay.
    assert_eq!(stand_in_after(20).await, 0, "within the delay");
    assert_eq!(g.version().await, v0);

    // After 31 minutes the stand-in decides for them, once.
    assert_eq!(
        stand_in_after(31).await,
        1,
        "one decision for the one slow player"
    );
    assert_eq!(g.version().await, v0 + 1);
    if which == Which::FieldsOfGreen {
        // Year 1 upkeep: the first player's one decision is their draw, and then the game waits
        // for the next player. (A Key Harvest turn is several decisions of the same player.)
        assert!(
            !g.waiting().await.contains(&waiting[0]),
            "the slow player's draw was made"
        );
    }
    assert!(fake.settle().await);
    let said: Vec<String> = fake
        .channel(thread)
        .iter()
        .map(|m| m.content.clone())
        .collect();
    assert!(said.iter().any(|c| c.contains("stand-in")), "{said:?}");
    if which == Which::FieldsOfGreen {
        // Nothing follows a draw in the upkeep's thread: the note is the last post.
        let last = said.last().expect("a post");
        assert!(last.contains("stand-in"), "{last}");
    }
    let t = fake.message(g.table.message).unwrap();
    assert!(t.text().contains("Last stand-in"), "{}", t.text());

    // The clock restarted: ten minutes later nothing happens.
    let v1 = g.version().await;
    assert_eq!(stand_in_after(10).await, 0, "the clock started again");
    assert_eq!(g.version().await, v1);
    g.finish().await;
    g.stop().await;
}

/// A Japanese server where two players use Japanese clients (one with the private screen in
/// DMs) and one an English client: public messages read in the server's language, each private
/// screen and DM in its reader's, and the whole game passes the same checks as in English (final
/// scores equal the replay, nothing private leaks).
pub async fn a_japanese_server_plays_in_japanese(which: Which, tag: &str, seed: u64) {
    let mut g = e2e::new_game(which, tag, 3, "", &[0], seed, |fake, users| {
        fake.with(|w| {
            w.guild_locale = "ja".to_string();
            w.locales.insert(users[0], "ja".to_string());
            w.locales.insert(users[1], "ja".to_string());
            w.locales.insert(users[2], "en-US".to_string());
        })
    })
    .await;
    g.finish().await;
    let table = g.fake.message(g.table.message).expect("the table message");
    assert!(
        table.title().starts_with(which.title_ja()),
        "the table message is public: {}",
        table.title()
    );
    let channel = g.fake.channel(g.table.play_channel());
    let fin = channel
        .iter()
        .find(|m| m.title().starts_with("最終得点"))
        .expect("the final scores, in Japanese");
    assert!(has_japanese(&fin.text()));
    assert!(
        channel.iter().any(|m| m.text().contains("ゲーム開始")),
        "the game-started notice is public: in Japanese"
    );
    // Alice's DM screen is hers: Japanese.
    let dm = g.fake.dm_channel(g.users[0]).expect("alice's DM");
    let dm_panel = g.fake.channel(dm).into_iter().last().expect("a DM screen");
    assert!(has_japanese(dm_panel.title()), "{}", dm_panel.title());
    // Bob's and carol's private screens follow their own clients.
    let p = &g.driver.players;
    let bob = g.fake.message(p[1].panel.expect("bob's screen")).unwrap();
    assert!(has_japanese(&bob.text()), "{}", bob.text());
    let carol = g.fake.message(p[2].panel.expect("carol's screen")).unwrap();
    assert!(
        !has_japanese(&carol.text()),
        "carol's client is English: {}",
        carol.text()
    );
    g.stop().await;
}

/// Rematch (issue 32): two people and a bot of `strength` play to the end; the second person's
/// Rematch opens a lobby with the same seats and options and a new seed, the bot and the one
/// who asked confirmed, and it starts when the other person confirms (`e2e::check_rematch`).
pub async fn rematch_same_seats_and_options_new_seed(which: Which, strength: &str) {
    let options = format!("seats:3 bots:1 bot_strength:\"{strength}\"");
    let mut g = which.new_game("rematch", 2, &options, &[], 31).await;
    g.finish().await;
    e2e::check_rematch(&g).await;
    g.stop().await;
}
