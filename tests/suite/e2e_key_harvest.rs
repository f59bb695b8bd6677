//! Whole games of Key Harvest played end to end: the real bot (serenity + poise + SQLite) against
//! the fake Discord, with scripted players that decide only from what their user sees, by
//! pressing the buttons and choosing the options their private screen offers. Each game starts
//! with `/kh new`, players join by button, and the final score pad the channel shows must equal
//! an engine replay of the stored seed and actions. Every payload is checked against Discord's
//! limits by the fake, and no task may panic.
//!
//! `FARMHAND_TRANSCRIPT=<dir>` writes each game's transcript (HTML) into that folder.

use farmhand::fake_discord::FakeDiscord;
use farmhand::fake_discord::player;

use crate::e2e::{self, Game, Which, command};
use crate::e2e_both;

/// [`crate::e2e::new_game`] of this file's game.
async fn new_game(tag: &str, players: usize, options: &str, dm: &[usize], seed: u64) -> Game {
    Which::KeyHarvest
        .new_game(tag, players, options, dm, seed)
        .await
}

#[tokio::test]
async fn two_players_whole_game() {
    let mut g = new_game("two-players", 2, "", &[], 2).await;
    let pad = g.finish().await;
    assert!(pad.contains("alice") && pad.contains("bob"), "{pad}");
    g.stop().await;
}

#[tokio::test]
async fn three_players_whole_game_one_in_dms() {
    let mut g = new_game("three-players", 3, "", &[1], 3).await;
    g.finish().await;
    assert!(g.driver.players[1].dm_panel, "bob played from his DM panel");
    g.stop().await;
}

#[tokio::test]
async fn four_players_whole_game() {
    let mut g = new_game("four-players", 4, "", &[], 4).await;
    g.finish().await;
    g.stop().await;
}

/// [`e2e_both::restarts_mid_game_lose_nothing`]: three restarts (a game has fewer decisions).
#[tokio::test]
async fn restarts_mid_game_lose_nothing() {
    e2e_both::restarts_mid_game_lose_nothing(Which::KeyHarvest, &[], &[5, 40, 90], 0).await;
}

/// [`e2e_both::one_person_against_two_bots`].
#[tokio::test]
async fn one_person_against_two_bots() {
    e2e_both::one_person_against_two_bots(Which::KeyHarvest, "normal (heuristic)").await;
}

/// Bad input: a user who is not seated, a forged id, an id that is not on the clicked message, an
/// old panel after the game moved on. Each gets a clear private answer and changes nothing.
#[tokio::test]
async fn stale_and_forged_buttons_change_nothing() {
    let mut g = new_game("bad-input", 2, "", &[], 5).await;
    let fake = g.fake.clone();
    let table = g.table.clone();
    let mallory = fake.add_user("mallory");
    let store = g.store().clone();
    e2e::check_not_seated(&fake, mallory, table.message, "My screen").await;
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
#[tokio::test]
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

/// The player the game waits for (on turn, or asked by an event) is reminded by a mention in
/// the thread, once per interval; a player who asked for DMs gets a DM with a My screen button.
#[tokio::test]
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
        g.driver.play_one().await.unwrap();
    }
    let next = g.waiting().await[0];
    let t = command(
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

/// [`e2e_both::stand_in_plays_one_decision_for_a_slow_player`].
#[tokio::test]
async fn stand_in_plays_one_decision_for_a_slow_player() {
    e2e_both::stand_in_plays_one_decision_for_a_slow_player(Which::KeyHarvest).await;
}

/// [`e2e_both::faults_do_not_lose_acknowledged_actions`], the gateway dropped sooner (a game has
/// fewer decisions).
#[tokio::test]
async fn faults_do_not_lose_acknowledged_actions() {
    e2e_both::faults_do_not_lose_acknowledged_actions(Which::KeyHarvest, [60, 140], 10).await;
}

/// [`e2e_both::a_japanese_server_plays_in_japanese`].
#[tokio::test]
async fn a_japanese_server_plays_key_harvest_in_japanese() {
    e2e_both::a_japanese_server_plays_in_japanese(Which::KeyHarvest, "kh-japanese", 17).await;
}

/// [`e2e_both::rematch_same_seats_and_options_new_seed`].
#[tokio::test]
async fn rematch_same_seats_and_options_new_seed() {
    e2e_both::rematch_same_seats_and_options_new_seed(Which::KeyHarvest, "normal (heuristic)")
        .await;
}
