//! Issue 42: hours-old screens. On Discord a private (ephemeral) panel stays on its player's
//! screen, its buttons working, until their client reloads; each click brings a fresh
//! interaction token. In a game that lasts days, clicking a panel opened hours ago is the
//! normal case. The fake keeps ephemeral messages until a simulated reload; here, in both
//! games, a player clicks every button of a panel they opened before the others moved and
//! six simulated hours passed: each click is answered in time, with the game as it is now
//! (the move if it is still legal, else "out of date" and a fresh panel), and nothing Discord
//! would refuse is sent. After a reload the panel is gone.

use crate::e2e::Which;
use farmhand::fake_discord::FakeError;
use farmhand::fake_discord::view::Component;
use std::time::Duration;

async fn hours_old_panel(which: Which, tag: &str, seed: u64) {
    let g = which.new_game(tag, 2, "", &[], seed).await;
    let mut g = g.played_into(3, "the panels are opened").await;
    let cmd = which.command();
    // Both players open their private panels now.
    let mut panels = Vec::new();
    for &u in &g.users {
        let ix = g
            .fake
            .slash(u, g.table.play_channel(), &format!("{cmd} hand"))
            .unwrap();
        let r = g.fake.reply(&ix).await.unwrap();
        let id = r.message.expect("a private panel");
        panels.push((u, id));
    }
    let version = g.version().await;
    // The game moves on, and hours pass.
    // (Some decisions only arrange a panel and store nothing: play until the game moved.)
    let mut decisions = 3;
    while g.version().await == version {
        decisions += 3;
        assert!(decisions < 200, "the game never moved on");
        g.play_into(decisions, "the panels are hours old").await;
    }
    assert!(g.fake.settle().await);
    g.fake.advance_clock(Duration::from_secs(6 * 3600));
    let mut clicked = 0;
    for &(u, id) in &panels {
        let panel = g
            .fake
            .visible_message(u, id)
            .expect("an ephemeral panel stays until the client reloads");
        let buttons: Vec<String> = panel
            .components()
            .filter(|c| matches!(c, Component::Button { .. }) && !c.disabled())
            .map(|c| c.custom_id().to_string())
            .collect();
        assert!(!buttons.is_empty(), "the old panel has buttons");
        // The first button: on a panel drawn before the others moved, a decision or a
        // screen of its day.
        let ix = g.fake.click(u, id, &buttons[0]).unwrap();
        let r = g.fake.reply(&ix).await.unwrap();
        assert!(g.fake.settle().await);
        let shown = r
            .message
            .and_then(|m| g.fake.visible_message(u, m))
            .map(|m| m.text())
            .unwrap_or_default();
        assert!(!shown.trim().is_empty(), "the click got an answer: {r:?}");
        clicked += 1;
    }
    assert_eq!(clicked, 2);
    // A reload: the old panels are gone from the players' screens.
    for &(u, id) in &panels {
        g.fake.reload_client(u);
        assert!(g.fake.visible_message(u, id).is_none());
        let click = g.fake.click(u, id, "anything");
        assert!(matches!(click, Err(FakeError::NotVisible(_))), "{click:?}");
    }
    // The game goes on to its end from fresh panels.
    g.finish().await;
    g.stop().await;
}

for_both_games!(
    hours_old_panel,
    fields_of_green_panel_clicked_hours_later("hours-old-fog", 441),
    key_harvest_panel_clicked_hours_later("hours-old-kh", 442)
);
