//! Pictures and exports, end to end and on their own:
//! - the PNG drawings of farms and country boards decode, have sane sizes, differ between farms,
//!   and show each card as a tile of its type's colour (counted pixel by pixel);
//! - through the fake Discord: the Farms / Boards views, the end of each year and the end of the
//!   game carry one picture per player, each in an embed; `/fog export` and `/kh export` give a file that `farmhand replay`'s
//!   reader replays to the same final scores, with names and no Discord ids, and refuse a game in
//!   progress;
//! - the fake enforces Discord's upload limits (count, size per file, request size) and keeps,
//!   replaces and removes attachments on edits as Discord does.

use farmhand::fake_discord::harness::{Bot, TempDb, fake_and_db, panics, test_config};
use farmhand::fake_discord::player::{self, Driver, TableRef};
use farmhand::fake_discord::view::MessageView;
use farmhand::fake_discord::{FakeDiscord, upload};
use farmhand::games::fields_of_green::{self as fog, Deck};
use farmhand::games::key_harvest as kh;
use farmhand::host::Hosted;
use farmhand::render::fields_of_green::farm_picture::{self, STRIPE, TILE, TileKind};
use farmhand::render::key_harvest::picture as key_harvest_picture;
use farmhand::render::picture::Rgb;
use poise::serenity_prelude as serenity;
use rand::SeedableRng;
use std::collections::HashMap;
use tiny_skia::Pixmap;

fn decode(png: &[u8]) -> Pixmap {
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n", "not a PNG signature");
    Pixmap::decode_png(png).expect("a valid PNG")
}

fn count(p: &Pixmap, c: Rgb) -> usize {
    p.pixels()
        .iter()
        .filter(|x| x.alpha() == 255 && (x.red(), x.green(), x.blue()) == (c.0, c.1, c.2))
        .count()
}

/// Every kind of tile a farm picture draws, each with its own stripe colour.
const TILE_KINDS: [TileKind; 7] = [
    TileKind::Pile(fog::effects::Pile::Field),
    TileKind::Pile(fog::effects::Pile::Livestock),
    TileKind::Pile(fog::effects::Pile::Construction),
    TileKind::Pile(fog::effects::Pile::Building),
    TileKind::WaterTower,
    TileKind::Silo,
    TileKind::OpenArea,
];

/// A finished random game of Fields of Green.
fn finished_fog(players: u8, seed: u64) -> fog::Game {
    let deck = Deck::default_deck();
    let options = fog::Options::standard(players);
    let mut game = fog::Game::new(deck, options, seed).unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    fog::sim::play_out(&mut game, &mut rng, |_, _, _| {});
    assert!(game.winners().is_some(), "the random game did not end");
    game
}

// ------------------------------------------------------------------------- drawings alone

#[test]
fn a_farm_picture_has_one_tile_per_card_in_its_type_colour() {
    let game = finished_fog(3, 11);
    let deck = game.deck();
    let v = game.public_view();
    let mut pngs = Vec::new();
    for sv in &v.seats {
        let png = farm_picture::farm_png(deck, sv, "Ann").unwrap();
        assert!(png.len() < 400_000, "{} bytes for one farm", png.len());
        let p = decode(&png);
        assert!(
            (300..=2500).contains(&p.width()) && (200..=2500).contains(&p.height()),
            "{}x{}",
            p.width(),
            p.height()
        );
        // Every card is a tile whose top stripe (TILE x STRIPE pixels) has its type's colour,
        // a colour used nowhere else: the count of each colour is the count of its cards.
        let mut by_kind: HashMap<TileKind, usize> = HashMap::new();
        for c in &sv.farm.cells {
            *by_kind.entry(TileKind::of(deck, c)).or_default() += 1;
        }
        assert!(sv.farm.cells.len() >= 4, "a finished farm has cards");
        for kind in TILE_KINDS {
            let n = by_kind.get(&kind).copied().unwrap_or(0);
            assert_eq!(
                count(&p, kind.stripe()),
                n * (TILE * STRIPE) as usize,
                "{kind:?}: {n} tiles expected"
            );
        }
        pngs.push(png);
    }
    // Different farms, different pictures.
    assert_ne!(pngs[0], pngs[1]);
    assert_ne!(pngs[1], pngs[2]);
    // The same farm draws the same picture (nothing random or clock-dependent).
    assert_eq!(
        farm_picture::farm_png(deck, &v.seats[0], "Ann").unwrap(),
        pngs[0]
    );
}

#[test]
fn final_farms_sit_side_by_side_in_one_picture() {
    let game = finished_fog(4, 5);
    let v = game.public_view();
    let one = decode(&farm_picture::farm_png(game.deck(), &v.seats[0], "A").unwrap());
    let seats: Vec<_> = v
        .seats
        .iter()
        .map(|s| (s, format!("Player {}", s.seat + 1)))
        .collect();
    let png = farm_picture::farms_png(game.deck(), &seats).unwrap();
    assert!(png.len() < 2_000_000, "{} bytes", png.len());
    if let Ok(dir) = std::env::var("FARMHAND_PICTURES") {
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(std::path::Path::new(&dir).join("final-farms.png"), &png).unwrap();
        let one = farm_picture::farm_png(game.deck(), &v.seats[0], "Player 1").unwrap();
        std::fs::write(std::path::Path::new(&dir).join("farm.png"), one).unwrap();
    }
    let all = decode(&png);
    assert!(all.width() > one.width(), "two farms per row");
    let tiles: usize = v.seats.iter().map(|s| s.farm.cells.len()).sum();
    let striped: usize = TILE_KINDS
        .into_iter()
        .map(|k| count(&all, k.stripe()))
        .sum();
    assert_eq!(
        striped,
        tiles * (TILE * STRIPE) as usize,
        "every card of every farm"
    );
}

#[test]
fn a_board_picture_shows_each_field_tile_in_its_crop_colour() {
    let board = kh::Board::standard();
    let played = kh::sim::play_random(board.clone(), 3, 7, false);
    let v = played.game.public_view();
    let mut pngs = Vec::new();
    let mut fields = 0;
    for sv in &v.seats {
        let png = key_harvest_picture::board_png(&board, sv, "Ann").unwrap();
        assert!(png.len() < 300_000, "{} bytes", png.len());
        let p = decode(&png);
        assert!((400..=700).contains(&p.width()), "{} px wide", p.width());
        let cells = farmhand::render::key_harvest::text::cells(&board, sv);
        for row in 0..board.rows() {
            for col in 0..board.columns() {
                let s = row * board.columns() + col;
                let (cx, cy) = key_harvest_picture::hex_centre(row, col);
                // Inside the hex, above the letter.
                let px = p
                    .pixel(cx as u32, (cy - 0.7 * key_harvest_picture::R) as u32)
                    .unwrap();
                let got = Rgb(px.red(), px.green(), px.blue());
                match cells[s] {
                    farmhand::render::key_harvest::Cell::Field {
                        crop,
                        harvested: false,
                    } => {
                        fields += 1;
                        assert_eq!(got, key_harvest_picture::crop_colour(crop), "space {s}");
                    }
                    _ => {
                        for crop in kh::Crop::ALL {
                            assert_ne!(got, key_harvest_picture::crop_colour(crop), "space {s}");
                        }
                    }
                }
            }
        }
        pngs.push(png);
    }
    assert!(fields > 10, "only {fields} unharvested field tiles checked");
    assert_ne!(pngs[0], pngs[1]);
    if let Ok(dir) = std::env::var("FARMHAND_PICTURES") {
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(std::path::Path::new(&dir).join("board.png"), &pngs[0]).unwrap();
    }
    let seats: Vec<_> = v.seats.iter().map(|s| (s, "x".to_string())).collect();
    decode(&key_harvest_picture::boards_png(&board, &seats).unwrap());
}

// ------------------------------------------------------------------------- through the fake

struct Table {
    fake: FakeDiscord,
    bot: Bot,
    table: TableRef,
    driver: Driver,
    users: Vec<u64>,
    /// The game's command ("fog", "kh").
    game: String,
    _db: TempDb,
}

/// A started two-player table of `game` ("fog", "kh"), and its players alice and bob.
async fn new_table(tag: &str, game: &str, seed: u64) -> (Table, [u64; 2]) {
    let (fake, db) = fake_and_db(tag).await;
    let channel = fake.add_channel("games");
    let names = ["alice", "bob"];
    let users: Vec<u64> = names.iter().map(|n| fake.add_user(n)).collect();
    let bot = Bot::start(&fake, test_config(db.path())).await.unwrap();
    let people: Vec<(u64, &str)> = users.iter().copied().zip(names).collect();
    let (table, seats) =
        player::seated_table(&fake, channel, &format!("{game} new seats:2"), &people)
            .await
            .unwrap();
    let driver = Driver::new(&fake, &table, seats, seed);
    let players = [users[0], users[1]];
    let t = Table {
        fake,
        bot,
        table,
        driver,
        users,
        game: game.to_string(),
        _db: db,
    };
    (t, players)
}

impl Table {
    /// Runs a slash command as `user` in the table's channel; the answer's message.
    async fn command(&self, user: u64, line: &str) -> MessageView {
        let ix = self.fake.slash(user, self.table.channel, line).unwrap();
        let r = self.fake.reply(&ix).await.unwrap();
        assert!(r.ephemeral(), "{line}: answered privately");
        self.fake.settle().await;
        let id = self
            .fake
            .with(|w| w.interactions[&ix.id].original)
            .expect("an answer message");
        self.fake.message(id).unwrap()
    }

    /// Clicks a button of the table message; the private answer.
    async fn click(&self, user: u64, label: &str) -> MessageView {
        let m = self.fake.message(self.table.message).unwrap();
        let id = m
            .button(label)
            .unwrap_or_else(|| panic!("no {label} button"))
            .custom_id()
            .to_string();
        let ix = self.fake.click(user, m.id, &id).unwrap();
        let r = self.fake.reply(&ix).await.unwrap();
        assert_eq!(r.kind, 4, "{label}: a new private message");
        self.fake.message(r.message.unwrap()).unwrap()
    }

    /// The game's public messages (thread or channel).
    fn posts(&self) -> Vec<MessageView> {
        self.fake.channel(self.table.play_channel())
    }

    /// `/<game> export` while the game is played: refused (it would show hidden cards), even to
    /// a player, with no file.
    async fn export_refused_in_play(&self, user: u64) -> MessageView {
        let m = self.command(user, &format!("{} export", self.game)).await;
        assert!(m.content.contains("still being played"), "{}", m.content);
        assert!(m.attachments.is_empty());
        m
    }

    /// Plays the game to its end; the final scores message, once the fake is quiet.
    async fn played_to_the_end(&mut self) -> MessageView {
        self.driver.play().await.unwrap();
        let last = self.final_scores().await;
        assert!(self.fake.settle().await);
        last
    }

    /// The stored game.
    async fn stored<G: Hosted>(&self) -> G {
        let (_, stored) = self
            .bot
            .data
            .service
            .load::<G>(self.table.game)
            .await
            .unwrap();
        stored.expect("a started game")
    }

    /// The final scores message. Waited for: the bot posts it after drawing the final picture,
    /// a pause in which no request is in flight, so "the bot went quiet" can come first.
    async fn final_scores(&self) -> MessageView {
        for _ in 0..300 {
            if let Some(m) = self
                .posts()
                .into_iter()
                .rfind(|m| m.title().starts_with("Final scores"))
            {
                return m;
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        let titles: Vec<String> = self.posts().iter().map(|m| m.title().to_string()).collect();
        panic!(
            "no final scores among {titles:?}; {:?}",
            self.fake.violations()
        )
    }

    /// The export's file, checked for what must not be in it.
    fn export_file(&self, m: &MessageView, name: &str) -> String {
        assert_eq!(m.attachments.len(), 1, "{}", m.content);
        let a = &m.attachments[0];
        assert_eq!(a.filename, name);
        let text = String::from_utf8(a.bytes.to_vec()).unwrap();
        for u in &self.users {
            assert!(!text.contains(&u.to_string()), "a user id in the export");
        }
        assert!(
            !text.contains(&self.table.channel.to_string()),
            "the channel id"
        );
        assert!(
            text.contains("\"alice\"") && text.contains("\"bob\""),
            "names"
        );
        text
    }

    async fn stop(self) {
        self.fake.assert_clean();
        assert!(panics().is_empty(), "panics: {:?}", panics());
        let html = farmhand::fake_discord::transcript::render(&self.fake, "pictures");
        assert!(
            html.contains("<img src=\"data:image/png;base64,iVBORw0KGgo"),
            "the transcript shows the pictures"
        );
        self.bot.stop().await.unwrap();
    }
}

/// The message's pictures `{stem}-1.png`..`{stem}-{n}.png`, one per player, each shown by an
/// embed of its own (tests/suite/phone_pictures.rs checks their widths).
fn per_player_pngs(m: &MessageView, stem: &str, n: usize) -> Vec<Pixmap> {
    let pics: Vec<_> = m.pictures().collect();
    let names: Vec<&str> = pics.iter().map(|p| p.filename.as_str()).collect();
    let want: Vec<String> = (1..=n).map(|k| format!("{stem}-{k}.png")).collect();
    assert_eq!(names, want, "{:?}: one picture per player", m.title());
    for p in &pics {
        assert!(
            m.embeds
                .iter()
                .any(|e| e.image.as_deref() == Some(p.filename.as_str())),
            "{}: shown in an embed",
            p.filename
        );
        assert!(p.bytes.len() < upload::MAX_FILE_BYTES / 10);
    }
    pics.iter().map(|p| decode(&p.bytes)).collect()
}

#[tokio::test]
async fn fog_pictures_and_export_through_discord() {
    let (mut t, [alice, bob]) = new_table("pictures-fog", "fog", 4).await;

    // In progress: the export is refused.
    t.export_refused_in_play(alice).await;

    // The Farms view carries each farm's picture beside its text grid.
    let farms = t.click(bob, "Farms").await;
    assert!(farms.embeds.iter().any(|e| e.description.contains("```")));
    per_player_pngs(&farms, "farms", 2);

    let last = t.played_to_the_end().await;

    // One picture at the end of each year, and the final farms side by side.
    let posts = t.posts();
    let years: Vec<&MessageView> = posts
        .iter()
        .filter(|m| m.title().starts_with("End of year"))
        .collect();
    assert_eq!(years.len(), 3, "years 1-3 end before the last one");
    for (k, m) in years.iter().enumerate() {
        per_player_pngs(m, &format!("farms-year-{}", k + 1), 2);
    }
    let fin_pngs = per_player_pngs(&last, "final-farms", 2);
    let farms_pngs = per_player_pngs(&farms, "farms", 2);
    // The same farms, now larger: each final picture is at least as wide as the first.
    for (fin, first) in fin_pngs.iter().zip(&farms_pngs) {
        assert!(fin.width() >= first.width());
    }

    // The export replays to the same final scores.
    let m = t.command(bob, "fog export").await;
    let text = t.export_file(&m, &format!("fog-table-{}.json", t.table.game));
    assert!(m.content.contains("farmhand replay"), "{}", m.content);
    let scenario: fog::replay::Scenario = farmhand::input::json(&text).unwrap();
    assert_eq!(scenario.names, ["alice", "bob"]);
    let (replayed, report) = fog::replay::replay(Deck::default_deck(), &scenario).unwrap();
    assert!(report.rejected.is_empty());
    let stored: fog::Game = t.stored().await;
    assert!(stored.scores().is_some());
    assert_eq!(replayed.scores(), stored.scores(), "same final scores");
    assert_eq!(replayed.winners(), stored.winners());

    // A table number that is not a game of this kind here.
    let m = t.command(alice, "fog export game:999").await;
    assert!(
        m.content.contains("no Fields of Green table #999"),
        "{}",
        m.content
    );
    t.stop().await;
}

#[tokio::test]
async fn kh_pictures_and_export_through_discord() {
    let (mut t, [alice, bob]) = new_table("pictures-kh", "kh", 6).await;
    t.export_refused_in_play(bob).await;

    let boards = t.click(alice, "Boards").await;
    for p in per_player_pngs(&boards, "boards", 2) {
        assert!(p.width() < 800, "one board a picture, phone wide");
    }

    let last = t.played_to_the_end().await;
    per_player_pngs(&last, "final-boards", 2);

    let m = t.command(alice, "kh export").await;
    let text = t.export_file(&m, &format!("kh-table-{}.json", t.table.game));
    assert!(m.content.contains("--game key-harvest"), "{}", m.content);
    let scenario: kh::replay::Scenario = farmhand::input::json(&text).unwrap();
    let (replayed, report) = kh::replay::replay(kh::Board::standard(), &scenario).unwrap();
    assert!(report.rejected.is_empty() && report.ended);
    let stored: kh::Game = t.stored().await;
    assert!(stored.public_view().pad.is_some());
    assert_eq!(
        replayed.public_view().pad,
        stored.public_view().pad,
        "same final scores"
    );
    t.stop().await;
}

// ------------------------------------------------------------------------- upload limits

fn status_and_code(e: &serenity::Error) -> (u16, isize) {
    match e {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r)) => {
            (r.status_code.as_u16(), r.error.code)
        }
        other => panic!("not a Discord refusal: {other}"),
    }
}

#[tokio::test]
async fn the_fake_enforces_upload_limits_and_edits_attachments() {
    use serenity::{ChannelId, CreateAttachment, CreateMessage, EditMessage};
    let fake = FakeDiscord::start().await.unwrap();
    let channel = ChannelId::new(fake.add_channel("uploads"));
    let http = fake.http();
    let file = |n: usize, name: &str| CreateAttachment::bytes(vec![7u8; n], name);

    // Within the limits: stored on the message, returned in the message object.
    let sent = channel
        .send_message(
            &http,
            CreateMessage::new()
                .content("pictures")
                .add_file(file(1000, "a.png"))
                .add_file(file(10, "b.json")),
        )
        .await
        .unwrap();
    assert_eq!(sent.attachments.len(), 2);
    assert_eq!(sent.attachments[0].filename, "a.png");
    assert_eq!(sent.attachments[0].size, 1000);
    let stored = fake.message(sent.id.get()).unwrap();
    assert_eq!(stored.attachments[1].bytes.len(), 10);

    // A file alone is a message.
    channel
        .send_message(&http, CreateMessage::new().add_file(file(3, "only.png")))
        .await
        .unwrap();

    // Edits: keep one attachment, add a new one; then remove them all.
    let keep = sent.attachments[0].id;
    let edited = channel
        .edit_message(
            &http,
            sent.id,
            EditMessage::new()
                .keep_existing_attachment(keep)
                .new_attachment(file(5, "c.png")),
        )
        .await
        .unwrap();
    let names: Vec<&str> = edited
        .attachments
        .iter()
        .map(|a| a.filename.as_str())
        .collect();
    assert_eq!(names, ["a.png", "c.png"]);
    let cleared = channel
        .edit_message(&http, sent.id, EditMessage::new().remove_all_attachments())
        .await
        .unwrap();
    assert!(cleared.attachments.is_empty());
    assert!(fake.violations().is_empty(), "{:?}", fake.violations());

    // Over the limits: Discord's answers, each recorded as a violation for the test.
    let mut many = CreateMessage::new().content("x");
    for k in 0..11 {
        many = many.add_file(file(1, &format!("{k}.png")));
    }
    let e = channel.send_message(&http, many).await.unwrap_err();
    assert_eq!(status_and_code(&e), (400, 30015));
    let e = channel
        .send_message(
            &http,
            CreateMessage::new().add_file(file(upload::MAX_FILE_BYTES + 1, "big.png")),
        )
        .await
        .unwrap_err();
    assert_eq!(status_and_code(&e), (413, 40005));
    let mut heavy = CreateMessage::new();
    for k in 0..3 {
        heavy = heavy.add_file(file(9 * 1024 * 1024, &format!("h{k}.png")));
    }
    let e = channel.send_message(&http, heavy).await.unwrap_err();
    assert_eq!(status_and_code(&e), (413, 40005));
    let v = fake.violations();
    assert_eq!(v.len(), 3, "{v:?}");
    assert!(v[0].contains("11 files"), "{v:?}");
    assert!(v[1].contains("big.png"), "{v:?}");
    assert!(v[2].contains("request of"), "{v:?}");
    // Nothing was stored by the refused requests.
    let stored = fake.channel(channel.get());
    assert_eq!(stored.len(), 2);
}
