//! What the bot does with the permissions a server gives it, against the fake Discord, which
//! computes them as Discord does (@everyone and role permissions, channel overwrites for roles
//! and members, threads following their parent; `fake_discord::permissions`).
//!
//! - The permission matrix: each permission the game needs is taken away in turn (by a member
//!   overwrite and by a role overwrite on the channel); `/fog new` tells the host, in their
//!   language, exactly what is missing. A channel permission keeps the table closed; a thread
//!   permission opens it in the channel, with no thread the bot could not post in.
//! - A server that granted exactly the invite link's permissions (and nothing through
//!   @everyone) plays a whole game in its thread, pictures included.

use farmhand::discord::permissions::{INVITE_PERMISSIONS, NEEDED, Place};
use farmhand::fake_discord::harness::{Bot, fake_and_db, panics, test_config};
use farmhand::fake_discord::json::{BOT_ROLE, GUILD_ID};
use farmhand::fake_discord::permissions::Target;
use farmhand::fake_discord::player::{self, Driver, Player};
use farmhand::fake_discord::{RouteKind, verify};

use crate::e2e::command;

/// How a permission is taken from the bot in one channel.
#[derive(Clone, Copy, Debug)]
enum Way {
    /// A member overwrite for the bot.
    Member,
    /// A role overwrite for the bot's role.
    Role,
}

#[tokio::test]
async fn each_missing_permission_is_named_to_the_host_in_their_language() {
    let (fake, db) = fake_and_db("perm-matrix").await;
    let alice = fake.add_user("alice");
    let hiro = fake.add_user("hiro");
    fake.with(|w| w.locales.insert(hiro, "ja".to_string()));
    let bot = Bot::start(&fake, test_config(db.path()))
        .await
        .expect("start the bot");
    let ja_name = |n: &str| match n {
        "View Channel" => "チャンネルを見る",
        "Send Messages" => "メッセージを送信",
        "Embed Links" => "埋め込みリンク",
        "Attach Files" => "ファイルを添付",
        "Create Public Threads" => "公開スレッドの作成",
        "Send Messages in Threads" => "スレッドでメッセージを送信",
        other => panic!("no Japanese name for {other}"),
    };
    let mut cases = 0;
    for need in NEEDED {
        for way in [Way::Member, Way::Role] {
            for (host, ja) in [(alice, false), (hiro, true)] {
                let channel = fake.add_channel(&format!("no-{}", need.message));
                match way {
                    Way::Member => fake.deny(channel, need.bits),
                    Way::Role => fake.set_overwrite(channel, Target::Role(BOT_ROLE), 0, need.bits),
                }
                let said = command(&fake, host, channel, "fog new seats:2").await;
                let name = if ja { ja_name(need.name) } else { need.name };
                let case = format!("without {} ({way:?} overwrite, ja: {ja})", need.name);
                // Exactly this permission is named, and no other.
                let (colon, sep, stop) = if ja {
                    ("：", "、", "。")
                } else {
                    (": ", ", ", ".")
                };
                let listed: Vec<&str> = said
                    .rsplit_once(colon)
                    .map(|(_, list)| list.trim_end().trim_end_matches(stop))
                    .unwrap_or_else(|| panic!("{case}: no list in {said:?}"))
                    .split(sep)
                    .collect();
                assert_eq!(listed, [name], "{case}: the host read {said:?}");
                let posted = fake.channel(channel);
                match need.place {
                    Place::Channel => {
                        assert!(posted.is_empty(), "{case}: {posted:?}");
                        assert!(
                            !said.contains("is open") && !said.contains("開きました"),
                            "{case}: {said}"
                        );
                    }
                    Place::Thread => {
                        // The table opens and its game is played here, with no thread the bot
                        // could not (or could not post in).
                        assert_eq!(posted.len(), 1, "{case}: the lobby only: {posted:?}");
                        assert!(posted[0].button("Cancel").is_some(), "{case}");
                        assert!(fake.threads_of(channel).is_empty(), "{case}");
                        let here = if ja {
                            "ゲームはこのチャンネルで進めます"
                        } else {
                            "played in this channel"
                        };
                        assert!(said.contains(here), "{case}: {said}");
                    }
                }
                cases += 1;
            }
        }
    }
    assert_eq!(cases, 24);
    // The bot knew from the interactions what it lacked: it never tried what Discord would
    // refuse (each refusal counts toward Discord's invalid-request limit).
    let refused: Vec<_> = fake
        .requests()
        .into_iter()
        .filter(|r| r.status == 403)
        .map(|r| format!("{} {}", r.method, r.path))
        .collect();
    assert!(refused.is_empty(), "refused calls: {refused:?}");
    // With every permission, a table opens with its thread.
    let channel = fake.add_channel("all-good");
    let said = command(&fake, alice, channel, "fog new seats:2").await;
    assert!(said.contains("is open"), "{said}");
    assert_eq!(fake.threads_of(channel).len(), 1);
    bot.stop_clean().await;
}

/// The bot has nothing from @everyone and exactly the invite link's permissions through its own
/// role (so no Read Message History: nothing the bot does needs it): a whole game is played in
/// its thread, with the pictures of the year summaries and the
/// final scores. With the old link's permissions (no Attach Files), `/fog new` names Attach
/// Files.
#[tokio::test]
async fn exactly_the_invite_links_permissions_play_a_whole_game_with_pictures() {
    let (fake, db) = fake_and_db("invite-perms").await;
    let channel = fake.add_channel("fields-of-green");
    let users = [fake.add_user("alice"), fake.add_user("bob")];
    fake.set_role_permissions(GUILD_ID, 0);
    fake.set_role_permissions(BOT_ROLE, INVITE_PERMISSIONS - (1 << 15));
    let bot = Bot::start(&fake, test_config(db.path()))
        .await
        .expect("start the bot");
    let said = command(&fake, users[0], channel, "fog new seats:2").await;
    assert!(said.contains(": Attach Files."), "{said}");
    assert!(fake.channel(channel).is_empty());
    fake.set_role_permissions(BOT_ROLE, INVITE_PERMISSIONS);
    assert_eq!(fake.bot_permissions(channel), INVITE_PERMISSIONS);
    let table = player::open_table(&fake, users[0], channel, "fog new seats:2")
        .await
        .unwrap();
    let thread = table.thread.expect("a thread for the game");
    assert_eq!(fake.bot_permissions(thread), INVITE_PERMISSIONS);
    player::join(&fake, users[1], &table).await.unwrap();
    player::start(&fake, users[0], &table).await.unwrap();
    let seats = vec![Player::new(users[0], "alice"), Player::new(users[1], "bob")];
    let mut driver = Driver::new(&fake, &table, seats, 11);
    driver.play().await.expect("the game is played to the end");
    assert!(fake.settle().await, "the bot did not go quiet");
    verify::fields_of_green::check_final(&fake, &bot.data, &table)
        .await
        .expect("the final scores");
    let pictures = fake
        .channel(thread)
        .iter()
        .filter(|m| !m.attachments.is_empty())
        .count();
    assert!(
        pictures >= 2,
        "{pictures} posts with pictures in the thread"
    );
    let refused = fake
        .requests()
        .iter()
        .filter(|r| r.status == 403 && r.kind != RouteKind::Callback)
        .count();
    assert_eq!(refused, 0, "Discord refused calls");
    fake.assert_clean();
    assert!(panics().is_empty(), "panics: {:?}", panics());
    bot.stop().await.unwrap();
}
