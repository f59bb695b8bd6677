//! Whole games of Key Harvest played end to end: the real bot (serenity + poise + SQLite) against
//! the fake Discord, with scripted players that decide only from what their user sees, by
//! pressing the buttons and choosing the options their private screen offers. Each game starts
//! with `/kh new`, players join by button, and the final score pad the channel shows must equal
//! an engine replay of the stored seed and actions. Every payload is checked against Discord's
//! limits by the fake, and no task may panic.
//!
//! `FARMHAND_TRANSCRIPT=<dir>` writes each game's transcript (HTML) into that folder.

use farmhand::fake_discord::harness::{Bot, panics, test_config};
use farmhand::fake_discord::player;
use farmhand::fake_discord::reading::has_japanese;
use farmhand::fake_discord::{FakeDiscord, verify};
use farmhand::games::key_harvest as kh;

use crate::e2e::{self, Game, Which};

/// [`e2e::new_game`] for Key Harvest.
async fn new_game(tag: &str, players: usize, options: &str, dm: &[usize], seed: u64) -> Game {
    e2e::new_game(
        Which::KeyHarvest,
        tag,
        players,
        options,
        dm,
        seed,
        |_, _| {},
    )
    .await
}

/// [`new_game`], with `prepare` run on the fake and the users before the bot starts.
async fn new_game_with(
    tag: &str,
    players: usize,
    options: &str,
    dm: &[usize],
    seed: u64,
    prepare: impl FnOnce(&FakeDiscord, &[u64]),
) -> Game {
    e2e::new_game(Which::KeyHarvest, tag, players, options, dm, seed, prepare).await
}

/// Writes the transcript when `FARMHAND_TRANSCRIPT` names a folder.
fn write_transcript(fake: &FakeDiscord, tag: &str) {
    e2e::write_transcript(Which::KeyHarvest, fake, tag)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_players_whole_game() {
    let mut g = new_game("two-players", 2, "", &[], 2).await;
    let pad = g.finish().await;
    assert!(pad.contains("alice") && pad.contains("bob"), "{pad}");
    g.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_players_whole_game_one_in_dms() {
    let mut g = new_game("three-players", 3, "", &[1], 3).await;
    g.finish().await;
    assert!(g.driver.players[1].dm_panel, "bob played from his DM panel");
    g.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn four_players_whole_game() {
    let mut g = new_game("four-players", 4, "", &[], 4).await;
    g.finish().await;
    g.stop().await;
}

/// The bot stops and starts again on the same database several times mid-game, once right under
/// a click: the game goes on from the stored state and nothing acknowledged is lost.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn restarts_mid_game_lose_nothing() {
    let mut g = new_game("restarts", 3, "", &[], 8).await;
    let fake = g.fake.clone();
    for (k, at) in [5usize, 40, 90].into_iter().enumerate() {
        let over = g.driver.play_until(|d| d >= at).await.unwrap();
        if over {
            break;
        }
        if k == 1 {
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
    g.finish().await;
    g.stop().await;
}

/// One person against two heuristic bots: the bot seats play as soon as the game waits for them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_person_against_two_bots() {
    let mut g = new_game(
        "bots",
        1,
        "seats:3 bots:2 bot_strength:\"normal (heuristic)\"",
        &[],
        21,
    )
    .await;
    let table = g
        .bot()
        .data
        .service
        .store()
        .table(g.table.game)
        .await
        .unwrap();
    assert_eq!(table.seats.len(), 3);
    assert_eq!(table.humans(), 1);
    let pad = g.finish().await;
    assert!(pad.contains("Bot 1") && pad.contains("Bot 2"), "{pad}");
    g.stop().await;
}

/// Bad input: a user who is not seated, a forged id, an id that is not on the clicked message, an
/// old panel after the game moved on. Each gets a clear private answer and changes nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stale_and_forged_buttons_change_nothing() {
    let mut g = new_game("bad-input", 2, "", &[], 5).await;
    let fake = g.fake.clone();
    let table = g.table.clone();
    let mallory = fake.add_user("mallory");
    let store = g.bot().data.service.store().clone();
    let t = fake.message(table.message).unwrap();
    let screen = t
        .button("My screen")
        .expect("a My screen button")
        .custom_id()
        .to_string();
    // Not seated.
    let r = fake
        .reply(&fake.click(mallory, table.message, &screen).unwrap())
        .await
        .unwrap();
    assert!(
        r.ephemeral() && r.content().contains("not seated"),
        "{:?}",
        r.content()
    );
    let before = store.table(table.game).await.unwrap();
    // Forged ids: junk after the prefix, and a well-formed action id that is not on the message.
    for id in [
        format!("k:{}:{}:zzz", table.game, before.game.version),
        format!("k:{}:{}:act:end_turn", table.game, before.game.version),
    ] {
        let ix = fake
            .click_unchecked(g.users[0], table.message, &id, None)
            .unwrap();
        let r = fake.reply(&ix).await.unwrap();
        assert!(r.ephemeral(), "{id}: the refusal is private");
        assert!(!r.content().is_empty(), "{id}: a clear answer");
    }
    assert_eq!(store.table(table.game).await.unwrap(), before);
    // Play a while, then click an old panel's first decision: refused or, if still legal, the
    // same decision; never a move for someone else.
    let old: Vec<(u64, u64, player::Choice)> = g
        .driver
        .players
        .iter()
        .filter_map(|p| {
            let panel = fake.message(p.panel?)?;
            let c = player::decisions(&panel).into_iter().next()?;
            Some((p.user, panel.id, c))
        })
        .collect();
    g.driver.play_until(|d| d >= 30).await.unwrap();
    fake.settle().await;
    for (user, panel, c) in old {
        let Ok(ix) = c.send(&fake, user, panel) else {
            continue;
        };
        let r = fake.reply(&ix).await.unwrap();
        assert!(r.ephemeral() || r.kind == 7, "{:?}", r.data);
    }
    g.finish().await;
    g.stop().await;
}

/// `/kh status`, `/kh board`, `/kh rules` and `/fog games` answer within limits, privately, and
/// the games list names the game.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn commands_answer_within_limits() {
    let mut g = new_game("commands", 2, "", &[], 6).await;
    g.driver.play_until(|d| d >= 10).await.unwrap();
    g.fake.settle().await;
    let channel = g.table.channel;
    for line in [
        "kh status",
        "kh board",
        "kh rules",
        "kh rules topic:events",
        "kh hand",
        "kh games",
        "fog games",
    ] {
        let ix = g.fake.slash(g.users[0], channel, line).unwrap();
        let r = g.fake.reply(&ix).await.unwrap();
        assert!(r.ephemeral(), "{line}: private answer");
        let text = match r.message.and_then(|m| g.fake.message(m)) {
            Some(m) => m.text(),
            None => r.content().to_string(),
        };
        assert!(!text.trim().is_empty(), "{line}: an answer");
        if line.ends_with("games") {
            assert!(text.contains("Key Harvest"), "{line}: {text}");
        }
    }
    g.finish().await;
    g.stop().await;
}

impl Game {
    async fn waiting(&self) -> Vec<usize> {
        let (_, g) = self
            .bot()
            .data
            .service
            .load::<kh::Game>(self.table.game)
            .await
            .unwrap();
        farmhand::games::Engine::waiting_for(&g.expect("started"))
    }
}

/// The player the game waits for (on turn, or asked by an event) is reminded by a mention in
/// the thread, once per interval; a player who asked for DMs gets a DM with a My screen button.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reminders_reach_the_player_the_game_waits_for() {
    let mut g = new_game("reminders", 3, "", &[], 13).await;
    let fake = g.fake.clone();
    let http = fake.http();
    let thread = g.table.play_channel();
    let data = g.bot().data.clone();
    let later = || data.service.store().now_ms() + 13 * 3600 * 1000;

    let seat = g.waiting().await[0];
    let user = g.users[seat];
    farmhand::discord::notify::remind_due(&http, &data, later())
        .await
        .unwrap();
    assert!(fake.settle().await);
    // The reminder (the game's opening messages may still be arriving around it).
    let reminders = |fake: &FakeDiscord| {
        fake.channel(thread)
            .into_iter()
            .filter(|m| m.content.contains("is waiting for you"))
            .collect::<Vec<_>>()
    };
    let found = reminders(&fake);
    assert_eq!(found.len(), 1, "one reminder");
    let last = &found[0];
    assert!(
        last.content.contains(&format!("<@{user}>")),
        "{}",
        last.content
    );
    assert!(last.content.contains("Key Harvest"), "{}", last.content);
    assert_eq!(last.pings, vec![user], "only the player on turn is pinged");
    farmhand::discord::notify::remind_due(&http, &data, later())
        .await
        .unwrap();
    assert!(fake.settle().await);
    assert_eq!(reminders(&fake).len(), 1, "a second reminder too soon");

    // Play on until someone else decides; they asked for DM reminders.
    while g.waiting().await == vec![seat] {
        let mut n = 0;
        g.driver
            .play_until(move |_| {
                n += 1;
                n > 1
            })
            .await
            .unwrap();
    }
    let next = g.waiting().await[0];
    let t = command_text(
        &fake,
        g.users[next],
        g.table.channel,
        "kh settings reminders:\"send me a DM\"",
    )
    .await;
    assert!(t.contains("DM"), "{t}");
    farmhand::discord::notify::remind_due(&http, &data, later())
        .await
        .unwrap();
    assert!(fake.settle().await);
    let dm = fake.dm_channel(g.users[next]).expect("a DM channel");
    let m = fake.channel(dm).last().cloned().expect("a DM reminder");
    assert!(m.content.contains("Key Harvest"), "{}", m.content);
    assert!(
        m.button("My screen").is_some(),
        "the DM opens the private screen"
    );
    g.finish().await;
    g.stop().await;
}

/// With a stand-in delay, a player who holds the game up that long gets one decision made by
/// the stand-in bot; the thread and the table say so, and the clock starts again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stand_in_plays_one_decision_for_a_slow_player() {
    let mut g = new_game("stand-in", 2, "stand_in_minutes:30", &[], 23).await;
    let fake = g.fake.clone();
    let http = fake.http();
    let data = g.bot().data.clone();
    let thread = g.table.play_channel();
    let v0 = g.version().await;
    let soon = data.service.store().now_ms() + 20 * 60_000;
    let made = farmhand::discord::bots::stand_in_due(&http, &data, soon)
        .await
        .unwrap();
    assert_eq!(made, 0, "within the delay");
    assert_eq!(g.version().await, v0);

    let later = data.service.store().now_ms() + 31 * 60_000;
    let made = farmhand::discord::bots::stand_in_due(&http, &data, later)
        .await
        .unwrap();
    assert_eq!(made, 1, "one decision for the one slow player");
    assert_eq!(g.version().await, v0 + 1);
    assert!(fake.settle().await);
    let said: Vec<String> = fake
        .channel(thread)
        .iter()
        .map(|m| m.content.clone())
        .collect();
    assert!(said.iter().any(|c| c.contains("stand-in")), "{said:?}");

    let v1 = g.version().await;
    let soon = data.service.store().now_ms() + 10 * 60_000;
    let made = farmhand::discord::bots::stand_in_due(&http, &data, soon)
        .await
        .unwrap();
    assert_eq!(made, 0, "the clock started again");
    assert_eq!(g.version().await, v1);
    g.finish().await;
    g.stop().await;
}

/// Failed, rate-limited and slow REST calls and a dropped gateway lose no acknowledged action,
/// and the game still ends with the replay's scores.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn faults_do_not_lose_acknowledged_actions() {
    use farmhand::fake_discord::{FaultAction, FaultRule, RouteKind};
    let mut g = new_game("faults", 3, "", &[2], 9).await;
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
            FaultRule {
                kinds: vec![RouteKind::Callback],
                probability: 0.03,
                action: FaultAction::Fail(500),
                remaining: None,
            },
            FaultRule {
                kinds: writes.clone(),
                probability: 0.05,
                action: FaultAction::Fail(500),
                remaining: None,
            },
            FaultRule {
                kinds: writes,
                probability: 0.03,
                action: FaultAction::RateLimit(std::time::Duration::from_millis(50)),
                remaining: None,
            },
            FaultRule {
                kinds: Vec::new(),
                probability: 0.05,
                action: FaultAction::Delay(std::time::Duration::from_millis(40)),
                remaining: None,
            },
        ],
    );
    g.driver.play_until(|d| d >= 60).await.unwrap();
    fake.drop_gateway(Some(4000));
    g.driver.play_until(|d| d >= 140).await.unwrap();
    fake.drop_gateway(None);
    g.driver
        .play()
        .await
        .unwrap_or_else(|e| panic!("faults: {e}"));
    fake.set_faults(0, Vec::new());
    assert!(fake.settle().await, "the bot did not go quiet");
    let data = &g.bot().data;
    verify::check_final_with_as::<kh::Game>(&fake, data, &g.table, false)
        .await
        .unwrap_or_else(|e| panic!("faults: {e}"));
    let acked = verify::check_acknowledged_as::<kh::Game>(&fake, data, &g.table)
        .await
        .unwrap();
    assert!(acked > 10, "only {acked} acknowledged actions");
    let injected = fake.requests().iter().filter(|r| r.injected).count();
    assert!(injected > 10, "only {injected} faults injected");
    let (_, _, resumes) = fake.gateway_stats();
    assert!(resumes >= 1, "the bot never resumed");
    let replay = verify::replay_as::<kh::Game>(data, g.table.game)
        .await
        .unwrap();
    if let Err(leaks) = verify::key_harvest::check_privacy_kh(&fake, &replay) {
        panic!("leaks: {leaks:#?}");
    }
    write_transcript(&fake, "faults");
    fake.assert_clean();
    assert!(panics().is_empty(), "panics: {:?}", panics());
    g.stop().await;
}

/// A slash command's private answer, as text.
async fn command_text(fake: &FakeDiscord, user: u64, channel: u64, line: &str) -> String {
    let ix = fake
        .slash(user, channel, line)
        .unwrap_or_else(|e| panic!("{line}: {e}"));
    let r = fake
        .reply(&ix)
        .await
        .unwrap_or_else(|e| panic!("{line}: {e}"));
    assert!(r.ephemeral(), "{line}: the answer is public");
    r.content().to_string()
}

/// A Japanese server: two Japanese clients (one keeps the screen in DMs) and one English client.
/// Public messages read in Japanese, each private screen in its reader's language, and the game
/// passes every check it passes in English (final scores, acknowledged moves, hidden counters).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_japanese_server_plays_key_harvest_in_japanese() {
    let mut g = new_game_with("kh-japanese", 3, "", &[0], 17, |fake, users| {
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
        table.title().starts_with("キーハーベスト"),
        "the table message is public: {}",
        table.title()
    );
    let channel = g.fake.channel(g.table.play_channel());
    assert!(
        channel.iter().any(|m| m.title().starts_with("最終得点")),
        "the final scores are public: in Japanese"
    );
    let dm = g.fake.dm_channel(g.users[0]).expect("alice's DM");
    let dm_panel = g.fake.channel(dm).into_iter().last().expect("a DM screen");
    assert!(has_japanese(dm_panel.title()), "{}", dm_panel.title());
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

/// Rematch (issue 32): two people and a bot play to the end; the second person's Rematch opens a
/// lobby with the same seats and options and a new seed, which starts when the host confirms.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rematch_same_seats_and_options_new_seed() {
    let mut g = new_game(
        "rematch",
        2,
        "seats:3 bots:1 bot_strength:\"normal (heuristic)\"",
        &[],
        31,
    )
    .await;
    g.finish().await;
    crate::e2e::check_rematch(&g).await;
    g.stop().await;
}
