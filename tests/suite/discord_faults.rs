//! Issue 27, faults with Discord's own error codes: 10062 (unknown interaction: Discord refused
//! the answer to a click), 50001 (missing access: the bot lost sight of the game's channel; the
//! game is parked until the host resumes it, issue 42)
//! and 50007 (cannot send messages to this user: a player asked for DMs but closed them). Each is
//! injected while a game is played; what the players see and what is stored is then checked:
//! the game ends, the table shows the stored game's scores, and every click the bot confirmed
//! is stored.
//!
//! The other faults of issue 27 are injected elsewhere: 5xx on answers, posts, edits, DMs and
//! follow-ups with 429s and delays (`e2e_games::faults_do_not_lose_acknowledged_actions`, and
//! Key Harvest's), on posts and uploads (`discord_recovery`), on command registration
//! (`discord_startup`); 10008 and 10003 by deleting the table message and the thread
//! (`discord_recovery`); 50007 on reminders (`e2e_games::reminders_reach_the_players_the_game_waits_for`);
//! 10062 on late answers (`discord_deadline`); a refused thread creation (`e2e_games`).

use crate::e2e::{self, Which};
use farmhand::fake_discord::{FakeDiscord, FaultAction, FaultRule, RouteKind, verify};

/// How many table edits are refused with 50001: the first parks the game, so no more are made.
const MISSING_ACCESS: usize = 1;

/// The faults the fake injected so far with Discord's `code`: 50001 on table edits and posts,
/// 10062 on interaction answers.
fn code_count(fake: &FakeDiscord, code: u32) -> usize {
    fake.requests()
        .iter()
        .filter(|r| r.injected)
        .filter(|r| match code {
            50001 => {
                r.status == 403
                    && matches!(r.kind, RouteKind::EditMessage | RouteKind::CreateMessage)
            }
            10062 => r.status == 404 && r.kind == RouteKind::Callback,
            _ => false,
        })
        .count()
}

#[tokio::test]
async fn unknown_interaction_missing_access_and_closed_dms_lose_nothing_confirmed() {
    // Bob asks for his hand in DMs, but his DMs are closed: the bot's DM to him gets 50007.
    let mut g = e2e::new_game(
        Which::FieldsOfGreen,
        "code-faults",
        3,
        "",
        &[1],
        97,
        |fake, users| fake.refuse_dms(users[1], true),
    )
    .await;
    let fake = g.fake.clone();
    g.driver.style.builder = true;
    fake.set_faults(
        97,
        // Discord refuses the answer to a click as an unknown interaction: the player sees
        // "This interaction failed" and clicks again.
        vec![
            FaultRule::always(&[RouteKind::Callback], FaultAction::Error(404, 10062))
                .sometimes(0.08)
                .times(6),
        ],
    );
    let mut decisions = 0;
    while code_count(&fake, 10062) == 0 {
        decisions += 10;
        assert!(
            decisions <= 600,
            "after {decisions} decisions: no refusal with 10062"
        );
        g.play_into(decisions, "the faults were met").await;
    }
    // The bot loses sight of the game's channel: the next table edit is refused with 50001,
    // and the game is parked (issue 42) instead of earning a refusal at every later call.
    assert!(fake.settle().await);
    fake.set_faults(
        97,
        vec![
            FaultRule::always(&[RouteKind::EditMessage], FaultAction::Error(403, 50001))
                .times(MISSING_ACCESS as u32),
        ],
    );
    let data = &g.bot().data;
    farmhand::discord::notify::refresh_table(data, g.table.game);
    assert!(fake.settle().await);
    let stored = data.service.store().table(g.table.game).await.unwrap();
    assert_eq!(
        stored.game.parked.map(|p| p.0),
        Some(farmhand::store::Parked::NoAccess)
    );
    // Access is given back, and the host resumes the game in the same channel: the table is
    // posted again (with a new thread) and the game is played on from it.
    fake.set_faults(0, Vec::new());
    let ix = fake
        .slash(
            g.users[0],
            g.table.channel,
            &format!("fog resume table:{}", g.table.game),
        )
        .unwrap();
    fake.reply(&ix).await.unwrap();
    assert!(fake.settle().await);
    let stored = data.service.store().table(g.table.game).await.unwrap();
    assert_eq!(stored.game.parked, None);
    g.table.message = stored.game.table_message_id.unwrap();
    g.table.thread = stored.game.thread_id;
    g.driver.table = g.table.clone();
    let fin = g.play_out().await;
    let injected: Vec<(u16, bool)> = fake
        .requests()
        .iter()
        .filter(|r| r.injected)
        .map(|r| (r.status, r.kind == RouteKind::Callback))
        .collect();
    assert_eq!(code_count(&fake, 50001), MISSING_ACCESS, "{injected:?}");
    assert!(code_count(&fake, 10062) > 0, "{injected:?}");
    let refused_dms = fake
        .requests()
        .iter()
        .filter(|r| r.status == 403 && !r.injected)
        .count();
    // Remembered after the first refusal (issue 42): Bob's panels are private replies from
    // then on, and no DM is tried again at each redraw.
    let refused: Vec<String> = fake
        .requests()
        .iter()
        .filter(|r| r.status == 403 && !r.injected)
        .map(|r| {
            format!(
                "{} {} at {} {:?} {:?}",
                r.method, r.path, r.at_ms, r.kind, r.interaction
            )
        })
        .collect();
    assert_eq!(refused_dms, 1, "DMs refused with 50007: {refused:?}");
    assert!(
        !g.driver.players[1].dm_panel,
        "Bob's DMs are closed: he plays from private replies"
    );
    // What the players see: the game went on and ended; the table shows the stored game's
    // scores; every click the bot confirmed is stored; Bob plays on from private replies.
    let data = &g.bot().data;
    let pad = verify::fields_of_green::check_final_with(&fake, data, &g.table, false)
        .await
        .unwrap_or_else(|e| panic!("faults: {e}"));
    let acked = verify::fields_of_green::check_acknowledged(&fake, data, &g.table)
        .await
        .unwrap_or_else(|e| panic!("faults: {e}"));
    assert!(acked > 0);
    assert!(
        g.driver.stats.failed > 0,
        "no click was seen to fail ({:?})",
        g.driver.stats
    );
    fake.assert_clean();
    println!(
        "code faults: {injected:?}, {refused_dms} DMs refused, {acked} confirmed actions, {:?}\n{}\n{pad}",
        g.driver.stats,
        fin.title()
    );
    g.stop().await;
}
