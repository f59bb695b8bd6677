//! Whole games of Fields of Green played end to end: the real bot (serenity + poise + SQLite)
//! against the fake Discord (`farmhand::fake_discord`), with scripted players that decide only
//! from what their user sees. Each game starts with `/fog new`, players join by button, and the
//! final scores the channel shows must equal an engine replay of the stored seed and actions.
//! Every payload the bot sends is checked against Discord's limits by the fake, every message
//! version is checked for leaked hands, and no task may panic.
//!
//! `FARMHAND_TRANSCRIPT=<dir>` writes each game's transcript (HTML) into that folder.

use farmhand::fake_discord::harness::{
    Bot, TempDb, fake_and_db, init_tracing, panics, test_config,
};
use farmhand::fake_discord::player::{self, Choice, Driver, TableRef, decisions};
use farmhand::fake_discord::view::MessageView;
use farmhand::fake_discord::{FakeDiscord, Ix, Reply, verify};
use std::time::{Duration, Instant};

use crate::e2e::{self, Game, NAMES, Which, command, said};
use crate::e2e_both;

/// This file's game.
const FOG: Which = Which::FieldsOfGreen;

/// [`e2e::new_game`] of this file's game.
async fn new_game(tag: &str, players: usize, options: &str, dm: &[usize], seed: u64) -> Game {
    Which::FieldsOfGreen
        .new_game(tag, players, options, dm, seed)
        .await
}

// ------------------------------------------------------------------------- whole games

/// Two players, and the bot may not create threads (403): the game is played in the channel.
#[tokio::test]
async fn two_players_whole_game() {
    use farmhand::fake_discord::{FaultAction, FaultRule, RouteKind};
    let mut g = e2e::new_game(FOG, "two-players", 2, "", &[], 2, |fake, _| {
        fake.set_faults(
            2,
            vec![FaultRule::always(
                &[RouteKind::CreateThread],
                FaultAction::Fail(403),
            )],
        )
    })
    .await;
    assert!(g.table.thread.is_none(), "no thread without the permission");
    g.driver.style.builder = true;
    g.finish().await;
    g.stop().await;
}

#[tokio::test]
async fn three_players_whole_game() {
    let mut g = new_game("three-players", 3, "", &[], 3).await;
    g.finish().await;
    let acked = verify::fields_of_green::check_acknowledged(&g.fake, &g.bot().data, &g.table)
        .await
        .unwrap();
    assert!(acked > 50, "{acked} acknowledged actions");
    privacy_check_catches_a_planted_leak(&g).await;
    g.stop().await;
}

/// A negative control for the privacy check: plant a message to alice that names a card in
/// bob's hand at that moment, and the check must report it.
async fn privacy_check_catches_a_planted_leak(g: &Game) {
    use farmhand::fake_discord::world::{LogEntry, LogKind, MsgRec};
    let replay = verify::fields_of_green::replay(&g.bot().data, g.table.game)
        .await
        .unwrap();
    let deck = replay.initial.deck();
    let alice = g.users[0];
    let mut caught = 0;
    for (v, _, _, game) in replay.steps.iter().step_by(7) {
        let Some(card) = game.player_view(1).hand.first().cloned() else {
            continue;
        };
        let name = farmhand::render::fields_of_green::card_name(deck, &card);
        let planted = MsgRec {
            ephemeral_for: Some(alice),
            components: vec![serde_json::json!({"type": 1, "components": [
                {"type": 2, "style": 2, "label": "Refresh", "custom_id": format!("f:{}:{v}:show:main", g.table.game)}
            ]})],
            flags: 64,
            ..MsgRec::new(
                1,
                g.table.channel,
                farmhand::fake_discord::json::APP_ID,
                format!("psst, bob holds {name}"),
                0,
            )
        };
        g.fake.with(|w| {
            w.log.push(LogEntry {
                ms: 0,
                kind: LogKind::Message {
                    msg: std::sync::Arc::new(planted),
                    new: true,
                },
            })
        });
        let result = verify::fields_of_green::check_privacy(&g.fake, &replay, g.table.game);
        g.fake.with(|w| w.log.pop());
        if let Err(leaks) = result {
            assert!(
                leaks.iter().all(|l| l.message == 1 && l.owner != 0),
                "{leaks:?}"
            );
            caught += 1;
        }
    }
    assert!(caught > 0, "the privacy check never caught a planted leak");
}

#[tokio::test]
async fn four_players_introductory_mode() {
    let mut g = new_game("four-players-intro", 4, "intro:true", &[], 4).await;
    g.driver.style.builder = true;
    let lobby_intro = g.fake.channel(g.table.channel);
    assert!(lobby_intro.iter().any(|m| m.id == g.table.message));
    g.finish().await;
    let replay = verify::fields_of_green::replay(&g.bot().data, g.table.game)
        .await
        .unwrap();
    assert!(replay.last().options().intro, "introductory mode is on");
    g.stop().await;
}

#[tokio::test]
async fn five_players_whole_game() {
    let mut g = new_game("five-players", 5, "", &[], 5).await;
    g.driver.style.builder = true;
    g.finish().await;
    g.stop().await;
}

/// Hands in DMs (`/fog settings hand_in_dm:true`) for three of four players; one of them has
/// closed DMs, so the bot falls back to a private reply in the channel.
#[tokio::test]
async fn hands_in_dms() {
    // Carol's DMs are closed from the start (the bot opens the DM panels at the start).
    let mut g = e2e::new_game(FOG, "dm-hands", 4, "", &[0, 1, 2], 6, |fake, users| {
        fake.refuse_dms(users[2], true)
    })
    .await;
    g.finish().await;
    let p = &g.driver.players;
    assert!(
        p[0].dm_panel && p[1].dm_panel,
        "alice and bob play from DMs"
    );
    assert!(
        !p[2].dm_panel,
        "carol's DMs are closed: private replies instead"
    );
    assert!(!p[3].dm_panel, "dave did not ask for DMs");
    // The DM panels followed the game to its end (the bot drew "Game over" on them).
    for &u in &g.users[..2] {
        let dm = g.fake.dm_channel(u).expect("a DM channel");
        let over = g.fake.log().into_iter().any(|e| match e.kind {
            farmhand::fake_discord::world::LogKind::Message { msg, .. } => {
                msg.channel_id == dm
                    && MessageView::from_rec(&msg, farmhand::fake_discord::Place::Dm)
                        .title()
                        .ends_with("Game over")
            }
            _ => false,
        });
        assert!(over, "the DM panel never showed the end");
    }
    assert!(g.fake.dm_channel(g.users[3]).is_none(), "no DM to dave");
    g.stop().await;
}

// ------------------------------------------------------------------------- bad actors

/// Clicks without any client-side check and returns the answer.
async fn raw(fake: &FakeDiscord, user: u64, message: u64, id: &str, value: Option<&str>) -> Reply {
    let ix = fake.click_unchecked(user, message, id, value).unwrap();
    fake.reply(&ix)
        .await
        .unwrap_or_else(|e| panic!("{id:?}: {e}"))
}

/// Opens `user`'s private panel with "My hand".
async fn hand(fake: &FakeDiscord, table: &TableRef, user: u64) -> MessageView {
    let t = fake.message(table.message).unwrap();
    let id = t
        .button("My hand")
        .expect("My hand")
        .custom_id()
        .to_string();
    let r = fake.click_reply(user, table.message, &id).await.unwrap();
    assert_eq!(r.kind, 4);
    assert!(r.ephemeral());
    fake.message(r.message.unwrap()).unwrap()
}

/// The first decision of a panel that applies a game action (read from the ids: the test
/// chooses scenarios, players never do).
fn an_action(panel: &MessageView) -> Option<Choice> {
    decisions(panel).into_iter().find(|c| match c {
        Choice::Button { custom_id, .. } => custom_id.contains(":act:"),
        Choice::Option { custom_id, .. } => custom_id.ends_with(":choose"),
    })
}

/// A real select of a panel (its custom_id), by placeholder text.
fn select_id(panel: &MessageView, not_placeholder: &str) -> Option<String> {
    panel.components().find_map(|c| match c {
        farmhand::fake_discord::Component::Select {
            custom_id,
            placeholder,
            ..
        } if placeholder != not_placeholder => Some(custom_id.clone()),
        _ => None,
    })
}

/// Bad actors: lobby buttons after the start, a user who is not seated, ids that are not on the
/// clicked message (a modified client), a button left by an older bot version, select values
/// that are not options, a double click, two players at the same instant, old buttons from
/// earlier turns (on panels that were never redrawn), clicks after the end. Every one gets a
/// clear answer in time, and only the legitimate ones change the game.
#[tokio::test]
async fn bad_actors_get_clear_answers_and_change_nothing() {
    let mut g = new_game("bad-actors", 3, "", &[], 7).await;
    let fake = g.fake.clone();
    let table = g.table.clone();
    let (alice, bob, carol) = (g.users[0], g.users[1], g.users[2]);
    let mallory = fake.add_user("mallory");
    let id = table.game;
    let v0 = g.version().await;

    // Lobby buttons after the start (sent by a modified client: they are gone from the message).
    let t = fake.message(table.message).unwrap();
    assert!(
        t.button("Join").is_none(),
        "no Join button on a started table"
    );
    for verb in ["join", "start", "leave", "cancel"] {
        let r = raw(
            &fake,
            mallory,
            table.message,
            &format!("f:{id}:1:{verb}"),
            None,
        )
        .await;
        assert!(r.ephemeral(), "{verb}: refusals are private ({:?})", r.data);
        assert!(!r.content().is_empty());
    }
    // A user who is not in the game.
    e2e::check_not_seated(&fake, mallory, table.message, "My hand").await;

    // Garbage and forged ids, on the table message and on a player's own panel.
    let panel = hand(&fake, &table, alice).await;
    let old_panel = hand(&fake, &table, alice).await;
    let garbage = [
        "garbage".to_string(),
        String::new(),
        format!("f:{id}:0:act:zzz"),
        "f:999999:0:hand".to_string(),
        format!("f:{id}:0:{}", "x".repeat(120)),
        format!("f:{id}:0:show:farm:9"),
        format!("f:{id}:{v0}:act:draw:2211"),
        format!("f:{id}:{v0}:show:main"),
    ];
    for (k, bad) in garbage.iter().enumerate() {
        let (user, msg) = if k % 2 == 0 {
            (mallory, table.message)
        } else {
            (alice, panel.id)
        };
        let r = raw(&fake, user, msg, bad, None).await;
        let answer = said(&fake, &r);
        assert!(!answer.trim().is_empty(), "{bad:?}: empty answer");
        assert!(!answer.starts_with("Done."), "{bad:?} applied: {answer}");
    }
    let t = fake.message(table.message).unwrap();
    assert!(
        t.title().contains("table #"),
        "the table message was rewritten: {:?}",
        t.title()
    );

    // A button left by an older version of the bot, on a message it really is on.
    fake.with(|w| {
        let m = w.messages.get_mut(&old_panel.id).unwrap();
        m.components
            .push(serde_json::json!({"type": 1, "components": [
                {"type": 2, "style": 2, "label": "Old", "custom_id": "g1:7:draw"}
            ]}));
    });
    let r = fake
        .click_reply(alice, old_panel.id, "g1:7:draw")
        .await
        .unwrap();
    assert!(
        said(&fake, &r).contains("not one I recognise"),
        "{}",
        said(&fake, &r)
    );
    fake.with(|w| {
        w.messages.get_mut(&old_panel.id).unwrap().components.pop();
    });

    // A real select, with a value that is not one of its options.
    let sel = select_id(&panel, "").expect("the panel has a select");
    let r = raw(&fake, alice, panel.id, &sel, Some("zzz")).await;
    assert!(said(&fake, &r).contains("not valid"), "{}", said(&fake, &r));
    assert_eq!(g.version().await, v0, "garbage changed the game");

    // A double click: the same Draw sent twice before the first answer.
    let draw = decisions(&panel)
        .into_iter()
        .find(|c| c.label().starts_with("Draw "))
        .expect("alice draws first");
    let first = draw.send(&fake, alice, panel.id).unwrap();
    let second = draw.send(&fake, alice, panel.id).unwrap();
    let (a, b) = (
        fake.reply(&first).await.unwrap(),
        fake.reply(&second).await.unwrap(),
    );
    let done = [&a, &b]
        .iter()
        .filter(|r| r.content().starts_with("Done."))
        .count();
    assert_eq!(
        done,
        1,
        "one of two identical clicks applies: {:?} / {:?}",
        a.content(),
        b.content()
    );
    assert_eq!(g.version().await, v0 + 1, "a double click applied twice");

    // The same Draw on the older panel, which was never redrawn: refused, nothing changes.
    let r = fake
        .reply(&draw.send(&fake, alice, old_panel.id).unwrap())
        .await
        .unwrap();
    assert!(
        !r.content().starts_with("Done."),
        "an old Draw applied again: {}",
        r.content()
    );
    assert_eq!(g.version().await, v0 + 1, "an old button changed the game");

    // Play on until all three choose a card at once, then two choose at the same instant.
    let service = g.bot().data.service.clone();
    loop {
        let (_, game) = service
            .load::<farmhand::games::fields_of_green::Game>(id)
            .await
            .unwrap();
        let game = game.unwrap();
        let all_choosing = matches!(
            game.phase(),
            farmhand::games::fields_of_green::Phase::Action { .. }
        ) && game.waiting_for().len() == 3
            && (0..3).all(|s| {
                !game.player_view(s).hand.is_empty() && game.player_view(s).selected.is_none()
            });
        if all_choosing {
            break;
        }
        g.driver.play_one().await.unwrap();
    }
    fake.settle().await;
    let before = g.version().await;
    let pb = hand(&fake, &table, bob).await;
    let pb_old = hand(&fake, &table, bob).await;
    let pb_older = hand(&fake, &table, bob).await;
    let pc = hand(&fake, &table, carol).await;
    let cb = an_action(&pb).expect("bob can choose a card");
    let cc = an_action(&pc).expect("carol can choose a card");
    let ib: Ix = cb.send(&fake, bob, pb.id).unwrap();
    let ic: Ix = cc.send(&fake, carol, pc.id).unwrap();
    let (rb, rc) = (
        fake.reply(&ib).await.unwrap(),
        fake.reply(&ic).await.unwrap(),
    );
    assert!(
        rb.content().starts_with("Done.") && rc.content().starts_with("Done."),
        "both simultaneous choices apply: {:?} / {:?}",
        rb.content(),
        rc.content()
    );
    assert_eq!(g.version().await, before + 2);
    // Bob's older panel still shows the choice he made: choosing again changes nothing.
    let v = g.version().await;
    let again = cb.send(&fake, bob, pb_old.id).unwrap();
    let r = fake.reply(&again).await.unwrap();
    assert!(
        !r.content().starts_with("Done."),
        "a second choice applied: {}",
        r.content()
    );
    assert_eq!(g.version().await, v, "an old button changed the game");

    // Finish; then an old button on a finished game.
    g.finish().await;
    let v = g.version().await;
    let late = cb.send(&fake, bob, pb_older.id).unwrap();
    let r = fake.reply(&late).await.unwrap();
    assert!(!said(&fake, &r).starts_with("Done."));
    assert_eq!(
        g.version().await,
        v,
        "a click after the end changed the game"
    );
    fake.settle().await;
    fake.assert_clean();
    g.stop().await;
}

// ------------------------------------------------------------------------- restarts

/// [`e2e_both::restarts_mid_game_lose_nothing`]: four restarts, bob playing from his DM panel.
/// The last restart comes 260 decisions in: the game takes about 550 on SQLite, but once on
/// PostgreSQL, on a loaded machine (CI's re-run, stop 60), it ended before 320.
#[tokio::test]
async fn restarts_mid_game_lose_nothing() {
    e2e_both::restarts_mid_game_lose_nothing(Which::FieldsOfGreen, &[1], &[5, 80, 190, 260], 50)
        .await;
}

// ------------------------------------------------------------------------- faults

/// [`e2e_both::faults_do_not_lose_acknowledged_actions`].
#[tokio::test]
async fn faults_do_not_lose_acknowledged_actions() {
    e2e_both::faults_do_not_lose_acknowledged_actions(Which::FieldsOfGreen, [120, 260], 20).await;
}

// ------------------------------------------------------------------------- regressions

/// Regression (found by this suite): the table message used to be edited by a task per action,
/// so a slow older edit (network delay, or a retry after a 500) landed after a newer one and the
/// table showed an old state for good. Here the table edit after the first draw is delayed
/// 600 ms while the next players draw; the table must end up showing the latest version.
#[tokio::test]
async fn table_message_edits_arrive_in_order() {
    use farmhand::fake_discord::{FaultAction, FaultRule, RouteKind};
    let g = new_game("edit-order", 3, "", &[], 10).await;
    let fake = g.fake.clone();
    fake.set_faults(
        1,
        vec![
            FaultRule::always(
                &[RouteKind::EditMessage],
                FaultAction::Delay(std::time::Duration::from_millis(600)),
            )
            .times(1),
        ],
    );
    let mut drawn = 0;
    for &u in &g.users {
        let panel = hand(&fake, &g.table, u).await;
        if let Some(draw) = decisions(&panel)
            .into_iter()
            .find(|c| c.label().starts_with("Draw "))
        {
            let r = fake
                .reply(&draw.send(&fake, u, panel.id).unwrap())
                .await
                .unwrap();
            assert!(r.content().starts_with("Done."), "{}", r.content());
            drawn += 1;
        }
    }
    assert!(drawn >= 2, "two players drew one after the other");
    assert!(fake.settle().await);
    let v = g.version().await;
    // The bot's edits run in the background after each answer; on a loaded machine the last
    // one may come after a quiet spell, so give it time. An edit that landed out of order would
    // leave the old version on the message for good.
    let mut shown = None;
    for _ in 0..100 {
        shown = verify::version_of(&fake.message(g.table.message).unwrap(), g.table.game);
        if shown == Some(v) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!(
        shown,
        Some(v),
        "the table message shows an older version of the game"
    );
    g.stop().await;
}

/// Regression (found by this suite): a component interaction whose custom_id is not on the
/// clicked message (a modified client; Discord's docs ask apps to check "that the custom_id
/// originates from the received message") used to be routed anyway: a panel id sent "from" the
/// public table message made the bot answer with UPDATE_MESSAGE, turning the public table
/// message into the clicker's private panel, hand included.
#[tokio::test]
async fn a_forged_panel_id_cannot_rewrite_the_table_message() {
    let g = new_game("forged-id", 2, "", &[], 11).await;
    let fake = g.fake.clone();
    let v = g.version().await;
    let forged = format!("f:{}:{v}:show:main", g.table.game);
    let r = raw(&fake, g.users[0], g.table.message, &forged, None).await;
    let table = fake.message(g.table.message).unwrap();
    assert!(
        !table.title().starts_with("alice · "),
        "the public table message now shows alice's private panel (reply type {})",
        r.kind
    );
    g.stop().await;
}

// ------------------------------------------------------------------------- commands

/// Autocomplete choices for a partly typed option.
async fn complete(fake: &FakeDiscord, user: u64, channel: u64, line: &str) -> Vec<String> {
    let r = e2e::answer(fake, line, fake.autocomplete(user, channel, line)).await;
    assert_eq!(
        r.kind, 8,
        "{line}: autocomplete answered with type {}",
        r.kind
    );
    r.choices()
}

/// Every slash command, before, during and after a game, with every card and rules topic the
/// autocomplete offers: all answers private, within Discord's limits, in time. A 6-player game
/// (the largest table) is played in between.
#[tokio::test]
async fn every_command_answers_within_limits() {
    let mut g = new_game("commands", 6, "", &[], 12).await;
    g.driver.style.builder = true;
    let fake = g.fake.clone();
    let ch = g.table.channel;
    let (alice, bob) = (g.users[0], g.users[1]);
    let mallory = fake.add_user("mallory");
    // Every card's text, found through autocomplete, letter by letter.
    let mut cards = std::collections::BTreeSet::new();
    for c in 'a'..='z' {
        for name in complete(&fake, alice, ch, &format!("fog card name:{c}")).await {
            cards.insert(name);
        }
    }
    assert!(cards.len() > 40, "{} cards offered", cards.len());
    for name in &cards {
        let text = command(&fake, alice, ch, &format!("fog card name:\"{name}\"")).await;
        assert!(text.contains(name.as_str()), "{name}: {text}");
    }
    command(&fake, alice, ch, "fog card name:Nonsense").await;
    for topic in complete(&fake, bob, ch, "fog rules topic:").await {
        command(&fake, bob, ch, &format!("fog rules topic:\"{topic}\"")).await;
    }
    command(&fake, bob, ch, "fog rules").await;
    // During the game, at a few points.
    for at in [30usize, 300, 700] {
        g.driver.play_until(|d| d >= at).await.unwrap();
        for &u in &g.users {
            command(&fake, u, ch, "fog hand").await;
        }
        command(&fake, mallory, ch, "fog hand").await;
        command(&fake, alice, ch, "fog farm").await;
        command(&fake, alice, ch, "fog farm player:frank").await;
        command(&fake, alice, ch, "fog farm player:mallory").await;
        command(&fake, bob, ch, "fog status").await;
        command(&fake, mallory, ch, "fog games").await;
        let t = command(&fake, bob, ch, "fog abandon").await;
        assert!(!t.contains("is abandoned"), "bob is not the host: {t}");
    }
    g.finish().await;
    command(&fake, alice, ch, "fog status").await;
    command(&fake, alice, ch, "fog hand").await;
    // A second table in the same channel: the host abandons it.
    let t2 = player::open_table(&fake, bob, ch, "fog new seats:3 reminder_minutes:30")
        .await
        .unwrap();
    player::join(&fake, alice, &t2).await.unwrap();
    command(&fake, mallory, ch, "fog games").await;
    let t = command(&fake, bob, ch, "fog abandon").await;
    assert!(t.contains("abandoned"), "{t}");
    let settings = command(
        &fake,
        mallory,
        ch,
        "fog settings reminders:\"send me a DM\"",
    )
    .await;
    assert!(settings.contains("DM"), "{settings}");
    fake.settle().await;
    fake.assert_clean();
    assert!(panics().is_empty(), "panics: {:?}", panics());
    g.stop().await;
}

// ------------------------------------------------------------------------- reminders

/// Reminders through the bot's own reminder pass (`notify::remind_due`, given a clock 13 hours
/// ahead: the bot's loop reads the system clock once a minute): a mention for players who kept
/// the default, a DM for those who asked for one, a mention instead when their DMs are closed,
/// nothing for a player who is not holding the game up, and no second reminder before the
/// repeat delay. Only the players named are notified.
#[tokio::test]
async fn reminders_reach_the_players_the_game_waits_for() {
    let mut g = new_game("reminders", 3, "", &[], 13).await;
    let fake = g.fake.clone();
    let ch = g.table.channel;
    let (alice, bob, carol) = (g.users[0], g.users[1], g.users[2]);
    for u in [bob, carol] {
        let t = command(&fake, u, ch, "fog settings reminders:\"send me a DM\"").await;
        assert!(t.contains("DM"), "{t}");
    }
    fake.refuse_dms(carol, true);
    let http = fake.http();
    let thread = g.table.play_channel();
    let later = || fake.now_ms() + 13 * 3600 * 1000;
    let data = g.bot().data.clone();

    // A second game, in another channel, whose snapshot cannot be read (as after a downgrade):
    // the pass logs it, counts it and goes on to the other games.
    use sqlx::Connection;
    let other = fake.add_channel("broken-game");
    let broken = player::open_table(&fake, alice, other, "fog new seats:2")
        .await
        .unwrap();
    player::join(&fake, carol, &broken).await.unwrap();
    player::start(&fake, alice, &broken).await.unwrap();
    assert!(fake.settle().await);
    let url = format!("sqlite://{}", g.db.path().display());
    let mut db = sqlx::SqliteConnection::connect(&url).await.unwrap();
    sqlx::query("UPDATE game SET snapshot = '{\"not\": \"a game\"}' WHERE id = ?")
        .bind(broken.game)
        .execute(&mut db)
        .await
        .unwrap();
    let errors = || {
        data.service
            .metrics()
            .errors
            .get_or_create(&farmhand::metrics::KindLabel {
                kind: "reminder".into(),
            })
            .get()
    };
    let errors_before = errors();

    // Year 1 upkeep: only alice, the first player, draws now.
    farmhand::discord::notify::remind_due(&http, &data, later())
        .await
        .unwrap();
    assert_eq!(
        errors(),
        errors_before + 1,
        "the unreadable game is counted"
    );
    assert!(fake.settle().await);
    let last = fake.channel(thread).last().cloned().unwrap();
    assert!(
        last.content.contains(&format!("<@{alice}>")),
        "{}",
        last.content
    );
    assert_eq!(last.pings, vec![alice], "only alice is notified");
    assert!(
        fake.dm_channel(bob).is_none(),
        "bob is not holding the game up"
    );
    let posted = fake.channel(thread).len();
    farmhand::discord::notify::remind_due(&http, &data, later())
        .await
        .unwrap();
    assert!(fake.settle().await);
    assert_eq!(
        fake.channel(thread).len(),
        posted,
        "a second reminder too soon"
    );

    // Play until the game waits for all three (choosing cards in the action phase).
    loop {
        let (_, game) = data
            .service
            .load::<farmhand::games::fields_of_green::Game>(g.table.game)
            .await
            .unwrap();
        if game.unwrap().waiting_for().len() == 3 {
            break;
        }
        g.driver.play_one().await.unwrap();
    }
    assert!(fake.settle().await);
    farmhand::discord::notify::remind_due(&http, &data, later())
        .await
        .unwrap();
    assert!(fake.settle().await);
    let dm = fake.dm_channel(bob).expect("bob is reminded by DM");
    let note = fake.channel(dm).last().cloned().expect("a DM reminder");
    assert!(!note.text().trim().is_empty());
    let last = fake.channel(thread).last().cloned().unwrap();
    let mut pinged = last.pings.clone();
    pinged.sort_unstable();
    let mut expected = vec![alice, carol];
    expected.sort_unstable();
    assert_eq!(
        pinged, expected,
        "alice (mention) and carol (DMs closed) are mentioned: {}",
        last.content
    );
    g.finish().await;
    g.stop().await;
}

// ------------------------------------------------------------------------- bots

/// [`e2e_both::one_person_against_two_bots`].
#[tokio::test]
async fn one_person_against_two_bots() {
    e2e_both::one_person_against_two_bots(Which::FieldsOfGreen, "fast (heuristic)").await;
}

/// [`e2e_both::stand_in_plays_one_decision_for_a_slow_player`].
#[tokio::test]
async fn stand_in_plays_one_decision_for_a_slow_player() {
    e2e_both::stand_in_plays_one_decision_for_a_slow_player(Which::FieldsOfGreen).await;
}

/// Without `stand_in_minutes` the stand-in never plays, however long a player waits.
#[tokio::test]
async fn stand_in_is_off_by_default() {
    let g = new_game("no-stand-in", 2, "", &[], 24).await;
    let data = g.bot().data.clone();
    let v0 = g.version().await;
    let much_later = data.service.store().now_ms() + 30 * 24 * 3600 * 1000;
    let made = farmhand::discord::bots::stand_in_due(&g.fake.http(), &data, much_later)
        .await
        .unwrap();
    assert_eq!(made, 0);
    assert_eq!(g.version().await, v0);
    g.stop().await;
}

/// A game for three (the second player's hand in DMs) whose REST calls meet `faults` (drawn
/// with `seed`) from now on, its players clicking as soon as they can, without waiting for the
/// table to change; and the latest interaction before the faults, to check the answers after.
async fn under_faults(
    tag: &str,
    seed: u64,
    faults: Vec<farmhand::fake_discord::FaultRule>,
) -> (Game, u64) {
    let mut g = new_game(tag, 3, "", &[1], seed).await;
    let before = g.fake.with(|w| w.latest_interaction());
    g.fake.set_faults(seed, faults);
    g.driver.style.settle = false;
    (g, before)
}

/// Issue 11, "answer first, work after": with every REST call taking a second (a slow network,
/// or Discord queueing the bot's calls behind a rate limit), every command and click is still
/// answered within Discord's 3 seconds, because each answers (or defers) before any other
/// Discord call: `/fog new` (lobby + thread), lobby Join/Start (the lobby is redrawn after),
/// moves, `/fog hand` with the hand in DMs, `/fog abandon` (the notice in the thread).
#[tokio::test]
async fn slow_discord_every_interaction_answered_within_3_s() {
    use farmhand::fake_discord::{FaultAction, FaultRule};
    let delayed = FaultRule::always(&[], FaultAction::Delay(Duration::from_secs(1)));
    let (mut g, before) = under_faults("slow-rest", 31, vec![delayed]).await;
    let fake = g.fake.clone();
    g.play_into(3, "the checks").await;
    let channel = g.table.channel;
    command(&fake, g.users[1], channel, "fog hand").await;
    command(&fake, g.users[0], channel, "fog hand").await;
    command(&fake, g.users[0], channel, "fog abandon").await;
    // A new table under the same delays: the lobby, the thread, Join and Start.
    let other = fake.add_channel("slow-second");
    let table = player::open_table(&fake, g.users[2], other, "fog new seats:2")
        .await
        .unwrap();
    player::join(&fake, g.users[0], &table).await.unwrap();
    player::start(&fake, g.users[2], &table).await.unwrap();
    assert!(fake.settle().await, "the bot did not go quiet");
    e2e::answered_within(&fake, before, 10, Duration::from_secs(3));
    // The lobby of the second table was redrawn into the started game after the answers.
    let t = fake.message(table.message).unwrap();
    assert!(t.button("My hand").is_some(), "{}", t.text());
    g.stop().await;
}

/// Issue 11, rate limits for real: the bot talks to the fake with serenity's rate limiter on (as
/// every test here does), and a storm of 429s on its public calls (one message per 5 s per
/// channel, one edit per 2 s per route, and half of all message creates and edits answered 429
/// besides) slows the public redraws and summaries, but never a player's own interaction
/// response: the bot sleeps for a Retry-After only in the background, never while it holds a
/// game's lock or the answer to a click. When the storm passes, the game is played to the end and
/// every end-of-game check holds (the last table edit shows the final state).
#[tokio::test]
async fn a_429_storm_slows_public_redraws_but_never_a_players_answer() {
    use farmhand::fake_discord::ratelimit::Limits;
    use farmhand::fake_discord::{FaultAction, FaultRule, RouteKind};
    let limited = FaultRule::always(
        &[RouteKind::CreateMessage, RouteKind::EditMessage],
        FaultAction::RateLimit(Duration::from_secs(2)),
    )
    .sometimes(0.5);
    let (mut g, before) = under_faults("storm", 47, vec![limited]).await;
    let fake = g.fake.clone();
    let (waits_before, _) = g.bot().data.rate_limits.counts();
    let (limited_before, _) = fake.rate_limited();
    fake.set_rate_limits(Limits {
        message_create: (1, Duration::from_secs(5)),
        route: (1, Duration::from_secs(2)),
        ..Limits::default()
    });
    g.play_into(24, "the checks").await;
    // Unhindered, a click is answered in a few milliseconds; a Retry-After here is 2-5 s.
    e2e::answered_within(&fake, before, 24, Duration::from_millis(1500));
    // The storm really happened, and serenity's limiter really waited it out.
    let (limited, _) = fake.rate_limited();
    let injected = fake.with(|w| w.requests.iter().filter(|r| r.status == 429).count());
    assert!(
        limited > limited_before || injected > 0,
        "no 429 was answered during the storm"
    );
    let (waits, _) = g.bot().data.rate_limits.counts();
    assert!(waits > waits_before, "serenity never held a call back");
    // The storm passes; the game goes on to its end, and every end-of-game check holds.
    fake.set_faults(47, vec![]);
    fake.set_rate_limits(Limits::simulated(
        farmhand::fake_discord::ratelimit::SIMULATED_SPEED,
    ));
    g.driver.style.settle = true;
    g.finish().await;
    g.stop().await;
}

/// Issue 11, gateway: when `GET /gateway/bot` recommends two shards, the bot (with the default
/// `discord.shards = "auto"`) connects both, as Discord requires past 2,500 servers. Discord
/// sends the server's events (its clicks, its GUILD_CREATE) only to the shard
/// `(guild_id >> 22) % 2` and every DM to shard 0, and the fake does the same: a whole game with
/// one player's hand in DMs is played to the end across the two shards.
#[tokio::test]
async fn the_bot_runs_the_shards_discord_recommends_and_plays_across_them() {
    let mut g = e2e::new_game(FOG, "two-shards", 2, "", &[1], 53, |fake, _| {
        fake.set_recommended_shards(2);
    })
    .await;
    let fake = g.fake.clone();
    let (live, total) = fake.live_shards();
    assert_eq!((live.as_slice(), total), (&[0, 1][..], 2));
    g.finish().await;
    // Both shards carried events: the guild's clicks on its shard, the DM clicks on shard 0
    // (the fake routes each dispatch to one shard, so a game that ends proves both reached).
    let dm = fake
        .dm_channel(g.users[1])
        .expect("the DM player's channel");
    let dm_clicks = fake.with(|w| w.interactions_in(dm));
    assert!(dm_clicks > 0, "no click came from a DM");
    let (_, identifies, _) = fake.gateway_stats();
    assert_eq!(identifies, 2, "one session per shard");
    g.stop().await;
}

/// Issue 11, gateway: opcode 7 (Reconnect) makes the bot reconnect and resume; a connection
/// that misses its heartbeats is hung up, as Discord does, and the bot resumes it too. Clicks
/// made meanwhile are replayed on resume; the game is played to the end with every check.
#[tokio::test]
async fn reconnect_requests_and_missed_heartbeats_lose_nothing() {
    let mut g = e2e::new_game(FOG, "heartbeats", 3, "", &[], 59, |fake, _| {
        // The bot must keep to a short interval: every 400 ms (1.5 s allowed, for a busy machine).
        fake.set_heartbeat(
            Duration::from_millis(400),
            Some(Duration::from_millis(1500)),
        );
    })
    .await;
    let fake = g.fake.clone();
    g.driver.play_until(|d| d >= 20).await.unwrap();
    // A quiet spell of 2.5 s: the bot heartbeats on its own, about every 400 ms.
    tokio::time::sleep(Duration::from_millis(2500)).await;
    let (beats, zombies) = fake.heartbeats();
    assert!(beats >= 3, "{beats} heartbeats");
    assert_eq!(zombies, 0, "the bot kept its heartbeats");
    // Opcode 7: the bot reconnects and resumes its session.
    let (_, identifies, resumes) = fake.gateway_stats();
    assert!(fake.request_reconnect(0));
    g.driver.play_until(|d| d >= 40).await.unwrap();
    assert!(
        fake.wait_ready(Duration::from_secs(10), true).await,
        "back after opcode 7"
    );
    let (_, identifies_after, resumes_after) = fake.gateway_stats();
    assert!(
        resumes_after > resumes,
        "opcode 7 was answered with a RESUME"
    );
    assert_eq!(identifies_after, identifies, "the session was kept");
    // A connection whose heartbeat is not heard in time is hung up (here: the fake allows
    // 250 ms while the bot beats every 400 ms, as if its beats were lost on the way).
    fake.set_heartbeat(Duration::from_millis(400), Some(Duration::from_millis(250)));
    assert!(fake.request_reconnect(0));
    let deadline = Instant::now() + Duration::from_secs(10);
    while fake.heartbeats().1 == 0 && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(
        fake.heartbeats().1 >= 1,
        "the silent connection was hung up"
    );
    fake.set_heartbeat(
        Duration::from_millis(400),
        Some(Duration::from_millis(1500)),
    );
    assert!(
        fake.wait_ready(Duration::from_secs(15), true).await,
        "the bot came back after its connection was hung up"
    );
    g.finish().await;
    let (_, identifies_end, _) = fake.gateway_stats();
    // A resumed session keeps its interactions; every acknowledged action is in the database.
    verify::fields_of_green::check_acknowledged(&fake, &g.bot().data, &g.table)
        .await
        .unwrap();
    assert!(identifies_end >= identifies);
    g.stop().await;
}

/// Issue 11, merged public edits: with an interval between edits of one message, changes that
/// come faster are merged, so the table message is edited far less often than once per action,
/// and the last edit still shows the latest state of the game.
#[tokio::test]
async fn table_edits_are_merged_and_the_last_shows_the_latest_state() {
    let (fake, db) = fake_and_db("merged-edits").await;
    let mut config = test_config(db.path());
    config.discord.edit_interval_ms = 400;
    let bot = Bot::start(&fake, config).await.expect("start the bot");
    let channel = fake.add_channel("merged");
    let users: Vec<u64> = NAMES[..4].iter().map(|n| fake.add_user(n)).collect();
    let people: Vec<(u64, &str)> = users.iter().copied().zip(NAMES).collect();
    let (table, seats) = player::seated_table(&fake, channel, "fog new seats:4", &people)
        .await
        .unwrap();
    let mut driver = Driver::new(&fake, &table, seats, 41);
    // The scripted players act as soon as they can, without waiting for the table to change.
    driver.style.settle = false;
    let over = driver.play_until(|d| d >= 400).await.unwrap();
    assert!(!over, "{:?}", driver.stats);
    assert!(fake.settle().await, "the bot did not go quiet");
    let store = bot.data.service.store();
    let actions = store.actions(table.game).await.unwrap().len();
    let path = format!("/channels/{}/messages/{}", table.channel, table.message);
    let edits = fake.with(|w| {
        w.requests
            .iter()
            .filter(|r| r.method == "PATCH" && r.path.ends_with(&path))
            .count()
    });
    assert!(actions >= 60, "{actions} actions; {:?}", driver.stats);
    assert!(
        edits * 3 <= actions,
        "{edits} edits of the table message for {actions} actions: not merged"
    );
    let (t, _) = bot.data.service.load_any(table.game).await.unwrap();
    let shown = verify::version_of(&fake.message(table.message).unwrap(), table.game);
    assert_eq!(
        shown,
        Some(t.game.version),
        "the last edit does not show the latest state"
    );
    assert!(fake.violations().is_empty(), "{:?}", fake.violations());
    bot.stop().await.unwrap();
    assert!(panics().is_empty(), "{:?}", panics());
}

// ------------------------------------------------------------------------- permissions

/// The bot may not create threads: the game is played in the channel itself, to the end, with
/// every check passing.
#[tokio::test]
async fn without_thread_permission_the_game_is_played_in_the_channel() {
    use farmhand::fake_discord::{RouteKind, perm};
    let mut g = e2e::new_game(FOG, "threadless", 2, "", &[], 21, |f, _| {
        f.deny_everywhere(perm::CREATE_PUBLIC_THREADS)
    })
    .await;
    assert_eq!(g.table.thread, None, "no thread was created");
    assert!(g.fake.threads_of(g.table.channel).is_empty());
    let refused = g
        .fake
        .requests()
        .iter()
        .filter(|r| r.kind == RouteKind::CreateThread && r.status == 403)
        .count();
    // The interaction's app_permissions told the bot: it did not try (a refusal counts toward
    // Discord's invalid-request limit).
    assert_eq!(refused, 0, "the bot tried a thread it may not create");
    g.finish().await;
    let summaries = g.fake.channel(g.table.channel).len();
    assert!(summaries > 3, "only {summaries} messages in the channel");
    g.stop().await;
}

/// The fake Discord with a bot started on a fresh database (`tag`), one channel (`channel`) and
/// alice, who will host there: the fake, the database, the channel, alice and the bot.
async fn alice_and_a_bot(tag: &str, channel: &str) -> (FakeDiscord, TempDb, u64, u64, Bot) {
    let (fake, db) = fake_and_db(tag).await;
    let channel = fake.add_channel(channel);
    let host = fake.add_user("alice");
    let bot = Bot::start(&fake, test_config(db.path()))
        .await
        .expect("start the bot");
    (fake, db, channel, host, bot)
}

/// The bot may not send messages, or may not embed links, in the channel: `/fog new` tells
/// the host what is missing instead of failing silently, and no table stays open.
#[tokio::test]
async fn without_send_or_embed_permission_the_host_is_told() {
    use farmhand::fake_discord::perm;
    let (fake, _db, channel, host, bot) = alice_and_a_bot("perms", "no-posting").await;
    for (missing, name) in [
        (perm::SEND_MESSAGES, "Send Messages"),
        (perm::EMBED_LINKS, "Embed Links"),
    ] {
        fake.deny(channel, missing);
        let said = command(&fake, host, channel, "fog new seats:2").await;
        assert!(
            said.contains(name),
            "without {name} the host must be told; the bot said: {said}"
        );
        assert!(
            fake.channel(channel).is_empty(),
            "without {name} nothing may appear in the channel: {:?}",
            fake.channel(channel)
        );
    }
    // With the permissions back, the table opens.
    fake.deny(channel, 0);
    let said = command(&fake, host, channel, "fog new seats:2").await;
    assert!(said.contains("is open"), "{said}");
    bot.stop_clean().await;
}

/// When Discord refuses the lobby post for another reason than a permission (here a 503, as
/// when Discord is busy), the host is not told to fix permissions: they read that no table was
/// opened and to try again, nothing stays open, and the next try opens the table.
#[tokio::test]
async fn a_lobby_discord_refuses_for_a_passing_reason_is_not_blamed_on_permissions() {
    use farmhand::fake_discord::{FaultAction, FaultRule, RouteKind};
    let (fake, _db, channel, host, bot) = alice_and_a_bot("lobby-503", "busy").await;
    fake.set_faults(
        3,
        vec![FaultRule::always(&[RouteKind::CreateMessage], FaultAction::Fail(503)).times(1)],
    );
    let said = command(&fake, host, channel, "fog new seats:2").await;
    assert!(
        said.contains("try again") && !said.contains("Send Messages"),
        "the host must be told to try again, not to fix permissions; the bot said: {said}"
    );
    assert!(
        fake.channel(channel).is_empty(),
        "{:?}",
        fake.channel(channel)
    );
    // The refused table was closed, so the host may open one again at once.
    let said = command(&fake, host, channel, "fog new seats:2").await;
    assert!(said.contains("is open"), "{said}");
    bot.stop_clean().await;
}

/// Issue 10: a click that has to wait on the database's write lock (another writer holds it for
/// longer than Discord's 3 seconds) is acknowledged in time, then its move is saved and the
/// player's panel is redrawn by editing the original response: never a move saved after the
/// player saw "This interaction failed".
#[tokio::test]
async fn a_click_waiting_on_the_write_lock_is_deferred_in_time() {
    use sqlx::Connection;
    let g = new_game("locked-db", 2, "", &[], 53).await;
    if g.db.is_postgres() {
        eprintln!("SQLite's write lock: not on PostgreSQL (FARMHAND_TEST_DATABASE)");
        return;
    }
    let fake = g.fake.clone();
    let alice = g.users[0];
    let panel = hand(&fake, &g.table, alice).await;
    let draw = decisions(&panel)
        .into_iter()
        .find(|c| c.label().starts_with("Draw "))
        .expect("alice draws first");
    let v0 = g.version().await;
    // Another writer takes SQLite's write lock and keeps it until the click has been answered
    // (deferred, since the save cannot happen yet). The bot waits up to 5 s for the lock, so the
    // lock is let go as soon as the answer is seen, not after a fixed time: on a loaded machine a
    // fixed hold could outlast the bot's wait.
    let url = format!("sqlite://{}", g.db.path().display());
    let mut other = sqlx::SqliteConnection::connect(&url).await.unwrap();
    sqlx::query("BEGIN IMMEDIATE")
        .execute(&mut other)
        .await
        .unwrap();
    let held = Instant::now();
    let ix = draw.send(&fake, alice, panel.id).unwrap();
    let r = fake.reply(&ix).await.unwrap();
    assert_eq!(r.kind, 6, "acknowledged while the click waits");
    assert!(
        r.after < Duration::from_secs(3),
        "answered after {:?}",
        r.after
    );
    assert_eq!(
        g.version().await,
        v0,
        "nothing is saved while the lock is held"
    );
    assert!(
        held.elapsed() >= Duration::from_millis(1500),
        "the click was answered only after the bot's defer delay, so the lock was held that long"
    );
    sqlx::query("ROLLBACK").execute(&mut other).await.unwrap();
    other.close().await.unwrap();
    // The click's handler is still at work (the fake saw its answer already): wait for the save.
    let deadline = Instant::now() + Duration::from_secs(10);
    while g.version().await == v0 && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(fake.settle().await, "the bot did not go quiet");
    assert_eq!(
        g.version().await,
        v0 + 1,
        "the move is saved once the lock is free; the panel says: {}",
        fake.message(panel.id).unwrap().text()
    );
    let after = fake.message(panel.id).unwrap();
    assert!(
        after.text() != panel.text(),
        "the panel was not redrawn: {}",
        after.text()
    );
    assert!(!after.text().contains("out of date"), "{}", after.text());
}

/// Issue 10: a crash between a commit and the redraw of the table leaves the table message
/// behind the game; the next start redraws it. A start with every table up to date edits none.
#[tokio::test]
async fn a_table_left_stale_by_a_crash_is_redrawn_on_start() {
    use farmhand::games::fields_of_green::{Game as FogGame, sim};
    use rand::SeedableRng;
    let mut g = new_game("stale-table", 2, "", &[], 61).await;
    let fake = g.fake.clone();
    g.driver.play_until(|d| d >= 6).await.unwrap();
    assert!(fake.settle().await, "the bot did not go quiet");
    g.bot.take().unwrap().stop().await.unwrap();
    // While the bot is down, a move is committed whose redraw never happens (as in a crash).
    {
        let store = farmhand::store::Store::connect(&g.db.location())
            .await
            .unwrap();
        let svc = farmhand::service::Service::new(store, farmhand::host::Library::default());
        let (table, game) = svc.load::<FogGame>(g.table.game).await.unwrap();
        let game = game.unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        let (seat, action) = sim::random_step(&game, &mut rng).expect("the game goes on");
        let user = table.user_of(seat).unwrap();
        svc.act::<FogGame>(g.table.game, user, Some(table.game.version), &action)
            .await
            .unwrap();
    }
    let shown = |fake: &FakeDiscord| {
        verify::version_of(&fake.message(g.table.message).unwrap(), g.table.game)
    };
    let before = shown(&fake);
    g.bot = Some(Bot::start(&fake, test_config(g.db.path())).await.unwrap());
    let latest = g.version().await;
    assert!(before < Some(latest), "{before:?} / {latest}");
    // The redraw is start-up work in the background: wait for it (at most 10 s).
    let deadline = Instant::now() + Duration::from_secs(10);
    while shown(&fake) != Some(latest) && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(
        shown(&fake),
        Some(latest),
        "the stale table was not redrawn"
    );
    assert!(fake.settle().await, "the bot did not go quiet");
    // Started again with every table up to date: no table edit.
    g.bot.take().unwrap().stop().await.unwrap();
    let edits = |fake: &FakeDiscord| {
        let path = format!("/channels/{}/messages/{}", g.table.channel, g.table.message);
        fake.with(|w| {
            w.requests
                .iter()
                .filter(|r| r.method == "PATCH" && r.path.ends_with(&path))
                .count()
        })
    };
    let edits_before = edits(&fake);
    g.bot = Some(Bot::start(&fake, test_config(g.db.path())).await.unwrap());
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert!(fake.settle().await, "the bot did not go quiet");
    assert_eq!(
        edits(&fake),
        edits_before,
        "an up-to-date table was redrawn"
    );
    g.stop().await;
}

/// Issue 12, a first run without surprises: a refused token is one clear error at once (one
/// request, no retries); a Discord that cannot be reached is tried a bounded number of times and
/// then one clear error; the stop signal ends `run` at any moment, even while it is still trying.
#[tokio::test]
async fn run_stops_with_one_clear_error_on_a_bad_token_or_no_network() {
    use farmhand::discord::{reach_discord, run_with_http};
    init_tracing();
    let fake = FakeDiscord::start().await.expect("start the fake");
    let wrong = farmhand::fake_discord::http_ratelimited_at(fake.tls_addr(), "not-the-token");
    let e = reach_discord(&wrong, 5, Duration::from_millis(10))
        .await
        .expect_err("a wrong token");
    assert!(e.to_string().contains("refused the bot token"), "{e}");
    // The fake notes each request with a wrong token (and answers it 401).
    let tries = fake
        .violations()
        .iter()
        .filter(|v| v.contains("/users/@me") && v.contains("Authorization"))
        .count();
    assert_eq!(tries, 1, "a refused token is not retried");
    let name = reach_discord(&fake.http(), 5, Duration::from_millis(10))
        .await
        .expect("the right token");
    assert!(!name.is_empty());

    // Nothing listens on this port: Discord cannot be reached.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let nowhere = move || {
        farmhand::fake_discord::http_ratelimited_at(
            std::net::SocketAddr::from(([127, 0, 0, 1], port)),
            "any",
        )
    };
    let e = reach_discord(&nowhere(), 3, Duration::from_millis(10))
        .await
        .expect_err("no Discord");
    assert!(
        e.to_string()
            .contains("cannot reach Discord after 3 attempts"),
        "{e}"
    );
    // The causes under serenity's "Error while sending HTTP request." name what went wrong.
    assert!(e.to_string().contains("the connection was refused"), "{e}");

    // Stopped while still trying to reach Discord: `run` returns at once.
    let db = TempDb::new("run-stop");
    let (tx, rx) = tokio::sync::oneshot::channel::<()>();
    let run = tokio::spawn(run_with_http(test_config(db.path()), nowhere, async {
        let _ = rx.await;
    }));
    tokio::time::sleep(Duration::from_millis(300)).await;
    let asked = Instant::now();
    tx.send(()).unwrap();
    let done = tokio::time::timeout(Duration::from_secs(5), run)
        .await
        .expect("run stops when told")
        .unwrap();
    assert!(done.is_ok(), "{done:?}");
    assert!(
        asked.elapsed() < Duration::from_secs(2),
        "{:?}",
        asked.elapsed()
    );
}

/// [`e2e_both::a_japanese_server_plays_in_japanese`].
#[tokio::test]
async fn a_japanese_server_plays_in_japanese_and_each_player_reads_their_own_language() {
    e2e_both::a_japanese_server_plays_in_japanese(Which::FieldsOfGreen, "japanese", 21).await;
}

// ------------------------------------------------------------------------- rematch

/// [`e2e_both::rematch_same_seats_and_options_new_seed`].
#[tokio::test]
async fn rematch_same_seats_and_options_new_seed() {
    e2e_both::rematch_same_seats_and_options_new_seed(Which::FieldsOfGreen, "fast (heuristic)")
        .await;
}
