//! The coach's Hint button end to end (issue 30), in both games, against the fake Discord: a
//! table opened with `hints:true` shows a Hint button on the private screen of the player the
//! game waits for; the click is answered at once (deferred) and then filled with the strong
//! bot's advice in the clicker's language; the hint is counted in the database, and the final
//! result says how many hints each player used. A table without hints shows no button.

use farmhand::fake_discord::FakeDiscord;
use farmhand::fake_discord::reading::has_japanese;
use farmhand::fake_discord::view::{Component, MessageView};
use farmhand::games::Engine;
use farmhand::games::fields_of_green as fog;
use farmhand::games::key_harvest as kh;
use std::time::Duration;

use crate::e2e::{self, Game, Which};

/// The custom_id of the message's Hint button, if it has one.
fn hint_button(m: &MessageView) -> Option<String> {
    m.components().find_map(|c| match c {
        Component::Button {
            custom_id,
            disabled: false,
            ..
        } if custom_id.ends_with(":hint") => Some(custom_id.clone()),
        _ => None,
    })
}

/// The seat the game waits for now.
async fn waiting(g: &Game) -> usize {
    let service = &g.bot().data.service;
    match g.which {
        Which::FieldsOfGreen => {
            let (_, game) = service.load::<fog::Game>(g.table.game).await.unwrap();
            game.unwrap().waiting_for()[0]
        }
        Which::KeyHarvest => {
            let (_, game) = service.load::<kh::Game>(g.table.game).await.unwrap();
            game.unwrap().waiting_for()[0]
        }
    }
}

/// Opens the private screen of `seat` from the table message's first button (My hand, My
/// screen) and returns it.
async fn private_screen(fake: &FakeDiscord, g: &Game, seat: usize) -> MessageView {
    let table = fake.message(g.table.message).expect("the table message");
    let open = table
        .components()
        .find_map(|c| match c {
            Component::Button { custom_id, .. } if custom_id.ends_with(":hand") => {
                Some(custom_id.clone())
            }
            _ => None,
        })
        .expect("the table's button that opens a private screen");
    let r = fake
        .click_reply(g.users[seat], table.id, &open)
        .await
        .unwrap();
    assert!(r.ephemeral(), "the private screen is private");
    fake.message(r.message.expect("a message"))
        .expect("the screen")
}

/// Plays a little, asks for a hint as the seat the game waits for, checks the answer, and returns
/// the hint's text and the seat.
async fn ask_hint(g: &mut Game) -> (String, usize) {
    let fake = g.fake.clone();
    g.driver.play_until(|d| d >= 6).await.unwrap();
    fake.settle().await;
    let seat = waiting(g).await;
    let screen = private_screen(&fake, g, seat).await;
    let id = hint_button(&screen).expect("a Hint button on the waiting player's screen");
    let store = g.store().clone();
    let count = |used: Vec<(usize, u32)>| used.iter().find(|u| u.0 == seat).map_or(0, |u| u.1);
    let before = count(store.hints_used(g.table.game).await.unwrap());
    let ix = fake.click(g.users[seat], screen.id, &id).unwrap();
    let r = fake
        .reply_within(&ix, Duration::from_secs(60))
        .await
        .unwrap();
    // Deferred first (the answer before the work), then filled in privately.
    assert_eq!(r.kind, 5, "the Hint click is deferred");
    assert!(r.ephemeral(), "a hint is private");
    let answer = fake.message(r.message.expect("the answer")).unwrap().text();
    let after = count(store.hints_used(g.table.game).await.unwrap());
    assert_eq!(after, before + 1, "the hint is counted for its seat");
    (answer, seat)
}

/// Plays to the end and checks the final result says how many hints each seat used, as the
/// database counted them (the scripted players press every button they see, Hint included, so
/// the asker used at least one). `line(name, n)` is the sentence expected.
async fn finish_with_hint(mut g: Game, seat: usize, line: impl Fn(&str, u32) -> String) {
    g.finish().await;
    let used = g.store().hints_used(g.table.game).await.unwrap();
    assert!(used.iter().any(|u| u.0 == seat && u.1 >= 1), "{used:?}");
    let channel = g.fake.channel(g.table.play_channel());
    for (s, n) in used {
        let want = line(e2e::NAMES[s], n);
        assert!(
            channel.iter().any(|m| m.text().contains(&want)),
            "the final result says {want:?}"
        );
    }
    g.stop().await;
}

/// A two-player game of `which` with hints, in English: a hint asked for is given, and the
/// final result says how many hints each player used.
async fn hint_end_to_end(which: Which, tag: &str, seed: u64) {
    let mut g = which.new_game(tag, 2, "hints:true", &[], seed).await;
    let (answer, seat) = ask_hint(&mut g).await;
    assert!(answer.contains("Hint:"), "{answer}");
    finish_with_hint(g, seat, |name, n| {
        format!(
            "{name} used {n} {}",
            if n == 1 { "hint." } else { "hints." }
        )
    })
    .await;
}

for_both_games!(
    hint_end_to_end,
    fields_of_green_hint_end_to_end("fog-hint", 31),
    key_harvest_hint_end_to_end("kh-hint", 32)
);

/// A Japanese server and clients: the hint and the final line read in Japanese.
#[tokio::test]
async fn a_hint_in_japanese() {
    let mut g = e2e::new_game(
        Which::KeyHarvest,
        "kh-hint-ja",
        2,
        "hints:true",
        &[],
        33,
        |fake, users| {
            fake.with(|w| {
                w.guild_locale = "ja".to_string();
                for u in users {
                    w.locales.insert(*u, "ja".to_string());
                }
            })
        },
    )
    .await;
    let (answer, seat) = ask_hint(&mut g).await;
    assert!(
        answer.contains("ヒント") && has_japanese(&answer),
        "{answer}"
    );
    finish_with_hint(g, seat, |name, n| {
        format!("{name}はヒントを{n}回使いました")
    })
    .await;
}

/// Without `hints:true` no private screen offers a hint.
#[tokio::test]
async fn no_hint_button_unless_the_host_allows_it() {
    let mut g = Which::FieldsOfGreen
        .new_game("fog-no-hint", 2, "", &[], 34)
        .await;
    let fake = g.fake.clone();
    g.driver.play_until(|d| d >= 6).await.unwrap();
    fake.settle().await;
    let seat = waiting(&g).await;
    let screen = private_screen(&fake, &g, seat).await;
    assert!(
        screen.components().next().is_some(),
        "the screen has buttons"
    );
    assert_eq!(hint_button(&screen), None);
    g.finish().await;
    g.stop().await;
}
