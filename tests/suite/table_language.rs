//! A table's language (issue 41): `language:` on `/fog new` and `/kh new`; without it, the
//! server's language where the server has said one, else the host's own (Discord reports
//! `en-US` for every server that is not a Community server, which says nothing).

use farmhand::fake_discord::FakeDiscord;
use farmhand::fake_discord::harness::bot_on_fake;
use farmhand::fake_discord::player;
use farmhand::fake_discord::reading::has_japanese;

/// Opens a table in a new channel `channel` by `host` with the command `line`, and checks its
/// lobby (its embed's text) is in Japanese, or not (`japanese`). Returns the table.
async fn opened(
    fake: &FakeDiscord,
    host: u64,
    channel: &str,
    line: &str,
    japanese: bool,
) -> player::TableRef {
    let c = fake.add_channel(channel);
    let t = player::open_table(fake, host, c, line).await.unwrap();
    let lobby = fake.message(t.message).unwrap().text();
    assert_eq!(has_japanese(&lobby), japanese, "{channel}, {line}: {lobby}");
    t
}

#[tokio::test]
async fn a_table_speaks_its_chosen_language_else_the_servers_else_the_hosts() {
    let (fake, _db, bot) = bot_on_fake("table-language").await;
    let hiro = fake.add_user("Hiro");
    let ann = fake.add_user("Ann");
    fake.with(|w| {
        w.locales.insert(hiro, "ja".to_string());
        w.locales.insert(ann, "en-US".to_string());
    });

    // An ordinary server (Discord says en-US): a Japanese host gets a Japanese table...
    let t = opened(&fake, hiro, "one", "kh new seats:2", true).await;
    let row = bot.data.service.store().table(t.game).await.unwrap();
    assert_eq!(row.game.options.locale.as_deref(), Some("ja"));
    // ...and an English host an English one.
    opened(&fake, ann, "two", "fog new seats:2", false).await;

    // The host's choice wins over everything.
    opened(&fake, ann, "three", "kh new seats:2 language:日本語", true).await;

    // A Community server that said Japanese: its tables are Japanese, unless the host says
    // otherwise.
    fake.with(|w| w.guild_locale = "ja".to_string());
    opened(&fake, ann, "four", "fog new seats:2", true).await;
    opened(
        &fake,
        hiro,
        "five",
        "fog new seats:2 language:English",
        false,
    )
    .await;
    assert!(fake.violations().is_empty(), "{:?}", fake.violations());
    bot.stop().await.unwrap();
}
