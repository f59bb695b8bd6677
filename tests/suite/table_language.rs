//! A table's language (issue 41): `language:` on `/fog new` and `/kh new`; without it, the
//! server's language where the server has said one, else the host's own (Discord reports
//! `en-US` for every server that is not a Community server, which says nothing).

use farmhand::fake_discord::FakeDiscord;
use farmhand::fake_discord::harness::{Bot, TempDb, test_config};
use farmhand::fake_discord::player;
use farmhand::fake_discord::reading::has_japanese;

/// The lobby's words: its embed's text.
fn lobby_text(fake: &FakeDiscord, table: &player::TableRef) -> String {
    fake.message(table.message).unwrap().text()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_speaks_its_chosen_language_else_the_servers_else_the_hosts() {
    let fake = FakeDiscord::start().await.unwrap();
    let db = TempDb::new("table-language");
    let bot = Bot::start(&fake, test_config(db.path())).await.unwrap();
    let hiro = fake.add_user("Hiro");
    let ann = fake.add_user("Ann");
    fake.with(|w| {
        w.locales.insert(hiro, "ja".to_string());
        w.locales.insert(ann, "en-US".to_string());
    });

    // An ordinary server (Discord says en-US): a Japanese host gets a Japanese table...
    let c1 = fake.add_channel("one");
    let t = player::open_table(&fake, hiro, c1, "kh new seats:2")
        .await
        .unwrap();
    assert!(
        has_japanese(&lobby_text(&fake, &t)),
        "{}",
        lobby_text(&fake, &t)
    );
    let row = bot.data.service.store().table(t.game).await.unwrap();
    assert_eq!(row.game.options.locale.as_deref(), Some("ja"));
    // ...and an English host an English one.
    let c2 = fake.add_channel("two");
    let t = player::open_table(&fake, ann, c2, "fog new seats:2")
        .await
        .unwrap();
    assert!(
        !has_japanese(&lobby_text(&fake, &t)),
        "{}",
        lobby_text(&fake, &t)
    );

    // The host's choice wins over everything.
    let c3 = fake.add_channel("three");
    let t = player::open_table(&fake, ann, c3, "kh new seats:2 language:日本語")
        .await
        .unwrap();
    assert!(
        has_japanese(&lobby_text(&fake, &t)),
        "{}",
        lobby_text(&fake, &t)
    );

    // A Community server that said Japanese: its tables are Japanese, unless the host says
    // otherwise.
    fake.with(|w| w.guild_locale = "ja".to_string());
    let c4 = fake.add_channel("four");
    let t = player::open_table(&fake, ann, c4, "fog new seats:2")
        .await
        .unwrap();
    assert!(
        has_japanese(&lobby_text(&fake, &t)),
        "{}",
        lobby_text(&fake, &t)
    );
    let c5 = fake.add_channel("five");
    let t = player::open_table(&fake, hiro, c5, "fog new seats:2 language:English")
        .await
        .unwrap();
    assert!(
        !has_japanese(&lobby_text(&fake, &t)),
        "{}",
        lobby_text(&fake, &t)
    );
    assert!(fake.violations().is_empty(), "{:?}", fake.violations());
    bot.stop().await.unwrap();
}
