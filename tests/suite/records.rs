//! Records of finished games, end to end: games are played to the end (or abandoned) through the
//! service, as the buttons play them, with the real bot running against the fake Discord; then
//! `/fog history`, `/fog stats`, `/fog leaderboard` and their `/kh` twins are typed in the fake
//! and their answers read as a user sees them. Expected figures come from the engine's own final
//! state of each game (its scores and winners), never from the records under test. Also: a
//! database from the release (before the records) gets its finished game recorded on start.

use farmhand::fake_discord::harness::{
    Bot, TempDb, init_tracing, panics, test_config, watch_panics,
};
use farmhand::fake_discord::json::GUILD_ID;
use farmhand::fake_discord::view::{Component, MessageView};
use farmhand::fake_discord::{FakeDiscord, Reply};
use farmhand::games::{Engine, SeatResult, fields_of_green as fog, key_harvest as kh};
use farmhand::host::{Hosted, Kind, Library};
use farmhand::service::Service;
use farmhand::store::{BotSeat, Status, Store, TableOptions};
use rand::SeedableRng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;
use sqlx::{ConnectOptions, Connection};
use std::collections::HashMap;

fn options(seats: u8, bots: &[&str]) -> TableOptions {
    TableOptions {
        seats,
        intro: false,
        // No reminder or stand-in may act while the test plays.
        reminder_minutes: 10_080,
        bots: bots
            .iter()
            .enumerate()
            .map(|(k, b)| BotSeat {
                user_id: k as u64 + 1,
                bot: b.to_string(),
            })
            .collect(),
        stand_in_minutes: 0,
        locale: None,
        rematch: None,
    }
}

/// Opens a table of `G` in `guild` with `people` (user, name; the first hosts) and `bots`, and
/// starts it. Returns the game id.
async fn started<G: Hosted>(
    svc: &Service,
    guild: u64,
    channel: u64,
    people: &[(u64, &str)],
    bots: &[&str],
    seed: u64,
) -> i64 {
    let seats = (people.len() + bots.len()) as u8;
    let t = svc
        .open_table(
            G::GAME,
            Some(guild),
            channel,
            people[0],
            options(seats, bots),
            seed,
        )
        .await
        .unwrap();
    let id = t.game.id;
    for &(u, name) in &people[1..] {
        svc.join(id, u, name).await.unwrap();
    }
    svc.start(id, people[0].0, false).await.unwrap();
    id
}

/// Plays game `id` with random legal actions for every seat (bots' seats too) until it ends;
/// returns each seat's result as the engine scored it.
async fn play_to_end<G: Hosted>(svc: &Service, id: i64, seed: u64) -> Vec<SeatResult> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..20_000 {
        let (table, game) = svc.load::<G>(id).await.unwrap();
        let game = game.expect("started");
        if game.is_over() {
            assert_eq!(table.game.status, Status::Ended);
            return game.results().expect("an ended game has results");
        }
        let seat = *game.waiting_for().choose(&mut rng).unwrap();
        let action = game
            .legal_sample(seat, &mut rng)
            .choose(&mut rng)
            .unwrap()
            .clone();
        let user = table.seats.iter().find(|s| s.seat == seat).unwrap().user_id;
        svc.act::<G>(id, user, Some(table.game.version), &action)
            .await
            .unwrap_or_else(|e| panic!("{action:?} refused: {e}"));
    }
    panic!("game {id} did not end");
}

async fn play<G: Hosted>(
    svc: &Service,
    guild: u64,
    channel: u64,
    people: &[(u64, &str)],
    bots: &[&str],
    seed: u64,
) -> (i64, Vec<SeatResult>) {
    let id = started::<G>(svc, guild, channel, people, bots, seed).await;
    let results = play_to_end::<G>(svc, id, seed).await;
    (id, results)
}

/// Starts a game and abandons it at once.
async fn abandoned<G: Hosted>(
    svc: &Service,
    guild: u64,
    channel: u64,
    people: &[(u64, &str)],
) -> i64 {
    let id = started::<G>(svc, guild, channel, people, &[], 99).await;
    svc.close(id, people[0].0, false).await.unwrap();
    id
}

/// Types a command and returns the answer and the message it made, as the user sees it.
async fn ask(fake: &FakeDiscord, user: u64, channel: u64, line: &str) -> (Reply, MessageView) {
    let ix = fake.slash(user, channel, line).unwrap();
    let r = fake.reply(&ix).await.unwrap();
    let id = r.message.unwrap_or_else(|| panic!("{line}: no message"));
    let m = fake
        .visible_message(user, id)
        .unwrap_or_else(|| panic!("{line}: the user cannot see the answer"));
    (r, m)
}

fn field<'m>(m: &'m MessageView, name: &str) -> &'m str {
    m.embeds[0]
        .fields
        .iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.as_str())
        .unwrap_or_else(|| panic!("no field {name:?} in {:#?}", m.embeds))
}

fn button<'m>(m: &'m MessageView, label: &str) -> &'m Component {
    m.components()
        .find(|c| matches!(c, Component::Button { label: l, .. } if l == label))
        .unwrap_or_else(|| panic!("no {label:?} button"))
}

/// What `/fog stats` must say for the seats `(game results, seat)` of one player.
struct Expected {
    games: u64,
    wins: u64,
    sum: u64,
    best: u32,
    favourites: HashMap<String, u64>,
}

fn expected(seats: &[(&[SeatResult], usize)]) -> Expected {
    let mut e = Expected {
        games: 0,
        wins: 0,
        sum: 0,
        best: 0,
        favourites: HashMap::new(),
    };
    for (results, seat) in seats {
        let r = &results[*seat];
        e.games += 1;
        e.wins += u64::from(r.won);
        e.sum += u64::from(r.score);
        e.best = e.best.max(r.score);
        for f in &r.favourites {
            *e.favourites.entry(f.clone()).or_default() += 1;
        }
    }
    e
}

impl Expected {
    fn rate(&self) -> u64 {
        (self.wins * 100 + self.games / 2) / self.games
    }

    /// The three most frequent favourites (ties by id), named by `name`.
    fn top(&self, name: impl Fn(&str) -> String) -> String {
        let mut v: Vec<(&String, &u64)> = self.favourites.iter().collect();
        v.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
        v.iter()
            .take(3)
            .map(|(id, n)| format!("{} ×{n}", name(id)))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// How the history writes one seat: the winners in bold.
fn shown(name: &str, r: &SeatResult) -> String {
    if r.won {
        format!("**{name}** {}", r.score)
    } else {
        format!("{name} {}", r.score)
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fields_of_green_history_stats_and_leaderboard() {
    init_tracing();
    watch_panics();
    let fake = FakeDiscord::start().await.unwrap();
    let db = TempDb::new("records-fog");
    let channel = fake.add_channel("farms");
    let alice = fake.add_user("alice");
    let bob = fake.add_user("bob");
    let carol = fake.add_user("carol");
    let bot = Bot::start(&fake, test_config(db.path())).await.unwrap();
    let svc = bot.data.service.clone();
    let g = GUILD_ID;

    // Nothing has ended yet: each command says so in a sentence.
    let (r, m) = ask(&fake, alice, channel, "fog history").await;
    assert!(r.ephemeral(), "the history is private by default");
    assert_eq!(
        m.content,
        "No Fields of Green game has finished on this server yet. Open one with /fog new."
    );
    let (_, m) = ask(&fake, alice, channel, "fog stats").await;
    assert_eq!(
        m.content,
        "alice has not finished a Fields of Green game on this server yet."
    );
    let (_, m) = ask(&fake, alice, channel, "fog leaderboard").await;
    assert_eq!(
        m.content,
        "No Fields of Green game has been played to the end on this server yet."
    );

    let (a, ra) =
        play::<fog::Game>(&svc, g, channel, &[(alice, "alice"), (bob, "bob")], &[], 1).await;
    let (b, rb) = play::<fog::Game>(
        &svc,
        g,
        channel,
        &[(bob, "bob"), (alice, "alice"), (carol, "carol")],
        &[],
        2,
    )
    .await;
    let (c, rc) = play::<fog::Game>(&svc, g, channel, &[(alice, "alice")], &["random"], 3).await;
    let d = abandoned::<fog::Game>(&svc, g, channel, &[(alice, "alice"), (bob, "bob")]).await;
    // Another server's game, with the same people: never shown here.
    let (e, _) =
        play::<fog::Game>(&svc, 42, channel, &[(carol, "carol"), (bob, "bob")], &[], 4).await;
    // A Key Harvest game is not a Fields of Green game.
    let (k, _) =
        play::<kh::Game>(&svc, g, channel, &[(alice, "alice"), (bob, "bob")], &[], 5).await;

    // History: newest first, winners and scores, the abandoned game marked.
    let (r, m) = ask(&fake, alice, channel, "fog history").await;
    assert!(r.ephemeral());
    let names: Vec<&str> = m.embeds[0].fields.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        [d, c, b, a].map(|id| format!("Game #{id}")),
        "newest first, this server's Fields of Green games only (not #{e}, not #{k})"
    );
    assert_eq!(m.embeds[0].footer, "Page 1 of 1 · 4 games");
    assert!(m.rows.is_empty(), "one page: no page buttons");
    let (_, dv) = &m.embeds[0].fields[0];
    assert!(
        dv.contains("abandoned") && dv.contains("alice, bob"),
        "{dv}"
    );
    for (id, results, seats) in [
        (a, &ra, vec!["alice", "bob"]),
        (b, &rb, vec!["bob", "alice", "carol"]),
        (c, &rc, vec!["alice", "Bot 1 (random)"]),
    ] {
        let v = field(&m, &format!("Game #{id}"));
        for (seat, name) in seats.iter().enumerate() {
            assert!(
                v.contains(&shown(name, &results[seat])),
                "game {id}: {name} in {v}"
            );
        }
        let winners: Vec<&str> = seats
            .iter()
            .enumerate()
            .filter(|(s, _)| results[*s].won)
            .map(|(_, n)| *n)
            .collect();
        assert!(!winners.is_empty());
        if winners.len() == 1 {
            assert!(v.contains(&format!("won by {}", winners[0])), "{v}");
        } else {
            assert!(
                v.contains(&format!("shared win: {}", winners.join(", "))),
                "{v}"
            );
        }
        assert!(!v.contains("<@"), "names, never mentions or ids: {v}");
    }

    // Stats over three finished games (the abandoned one apart), exact figures.
    let deck = fog::Deck::default_deck();
    let card = |id: &str| deck.location(deck.location_by_id(id).unwrap()).name.clone();
    let want = expected(&[(&ra, 0), (&rb, 1), (&rc, 0)]);
    let (_, m) = ask(&fake, alice, channel, "fog stats").await;
    assert_eq!(m.title(), "alice · Fields of Green");
    assert_eq!(field(&m, "Games played"), "3");
    assert_eq!(
        field(&m, "Wins"),
        format!("{} ({}%)", want.wins, want.rate())
    );
    assert_eq!(
        field(&m, "Mean score"),
        format!("{:.1}", want.sum as f64 / 3.0)
    );
    assert_eq!(field(&m, "Best score"), want.best.to_string());
    assert_eq!(
        field(&m, "Favourite cards (built face up, all games)"),
        want.top(card)
    );
    assert_eq!(
        m.embeds[0].footer,
        "Games played to the end on this server; 1 abandoned game not counted."
    );
    // Another player's, by name; the other server's game does not count.
    let want_bob = expected(&[(&ra, 1), (&rb, 0)]);
    let (_, m) = ask(&fake, alice, channel, "fog stats player:bob").await;
    assert_eq!(m.title(), "bob · Fields of Green");
    assert_eq!(field(&m, "Games played"), "2");
    assert_eq!(
        field(&m, "Wins"),
        format!("{} ({}%)", want_bob.wins, want_bob.rate())
    );

    // Leaderboard: people by wins, the bot apart and never among the people.
    let (r, m) = ask(&fake, bob, channel, "fog leaderboard public:true").await;
    assert!(!r.ephemeral(), "public:true answers in the channel");
    let mut people = [
        ("alice", expected(&[(&ra, 0), (&rb, 1), (&rc, 0)])),
        ("bob", expected(&[(&ra, 1), (&rb, 0)])),
        ("carol", expected(&[(&rb, 2)])),
    ];
    people.sort_by(|x, y| {
        y.1.wins
            .cmp(&x.1.wins)
            .then(x.1.games.cmp(&y.1.games))
            .then(x.0.cmp(y.0))
    });
    let plural = |n: u64, w: &str| format!("{n} {w}{}", if n == 1 { "" } else { "s" });
    let lines: Vec<String> = people
        .iter()
        .enumerate()
        .map(|(k, (n, e))| {
            format!(
                "{}. **{n}**: {} in {} ({}%)",
                k + 1,
                plural(e.wins, "win"),
                plural(e.games, "game"),
                e.rate()
            )
        })
        .collect();
    assert_eq!(m.embeds[0].description, lines.join("\n"));
    let bot_won = u64::from(rc[1].won);
    assert_eq!(
        field(&m, "Bots (kept apart from people)"),
        format!(
            "bot (random): {} in 1 game ({}%)",
            plural(bot_won, "win"),
            bot_won * 100
        )
    );

    // Pagination: eight more abandoned games make twelve, two pages of eight.
    let mut more = Vec::new();
    for _ in 0..8 {
        more.push(
            abandoned::<fog::Game>(&svc, g, channel, &[(bob, "bob"), (carol, "carol")]).await,
        );
    }
    let (_, first) = ask(&fake, carol, channel, "fog history").await;
    assert_eq!(first.embeds[0].fields.len(), 8);
    assert_eq!(first.embeds[0].footer, "Page 1 of 2 · 12 games");
    assert!(button(&first, "◀ Newer").disabled());
    // A game that ends while the page is open does not shift the pages being turned.
    tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    let late = abandoned::<fog::Game>(&svc, g, channel, &[(bob, "bob"), (carol, "carol")]).await;
    let older = button(&first, "Older ▶").custom_id().to_string();
    let ix = fake.click(carol, first.id, &older).unwrap();
    let r = fake.reply(&ix).await.unwrap();
    assert_eq!(r.kind, 7, "the page is drawn over the clicked message");
    let second = fake.visible_message(carol, first.id).unwrap();
    assert_eq!(second.embeds[0].footer, "Page 2 of 2 · 12 games");
    let names: Vec<&str> = second.embeds[0]
        .fields
        .iter()
        .map(|(n, _)| n.as_str())
        .collect();
    assert_eq!(names, [d, c, b, a].map(|id| format!("Game #{id}")));
    assert!(button(&second, "Older ▶").disabled());
    assert!(!button(&second, "◀ Newer").disabled());
    // A fresh look shows the late game first.
    let (_, fresh) = ask(&fake, carol, channel, "fog history").await;
    assert_eq!(fresh.embeds[0].fields[0].0, format!("Game #{late}"));
    assert_eq!(fresh.embeds[0].footer, "Page 1 of 2 · 13 games");

    // The other server sees only its own game.
    let other = svc
        .store()
        .history(42, Kind::FieldsOfGreen.as_str(), None, 0, 8)
        .await
        .unwrap();
    assert_eq!(other.total, 1);
    assert_eq!(other.games[0].game_id, e);

    assert!(fake.settle().await);
    fake.assert_clean();
    assert!(panics().is_empty(), "panics: {:?}", panics());
    bot.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn key_harvest_history_and_stats() {
    init_tracing();
    watch_panics();
    let fake = FakeDiscord::start().await.unwrap();
    let db = TempDb::new("records-kh");
    let channel = fake.add_channel("fields");
    let alice = fake.add_user("alice");
    let bob = fake.add_user("bob");
    let bot = Bot::start(&fake, test_config(db.path())).await.unwrap();
    let svc = bot.data.service.clone();

    let (_, m) = ask(&fake, bob, channel, "kh history").await;
    assert_eq!(
        m.content,
        "No Key Harvest game has finished on this server yet. Open one with /kh new."
    );
    let people = [(alice, "alice"), (bob, "bob")];
    let (x, rx) = play::<kh::Game>(&svc, GUILD_ID, channel, &people, &["random"], 11).await;
    let (y, ry) = play::<kh::Game>(&svc, GUILD_ID, channel, &people, &[], 12).await;

    let (_, m) = ask(&fake, bob, channel, "kh history").await;
    assert_eq!(m.title(), "Key Harvest: finished games on this server");
    let names: Vec<&str> = m.embeds[0].fields.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, [format!("Game #{y}"), format!("Game #{x}")]);
    // Bots sit beside the host (seat 1), people join after them.
    for (id, results, seats) in [
        (y, &ry, vec!["alice", "bob"]),
        (x, &rx, vec!["alice", "Bot 1 (random)", "bob"]),
    ] {
        let v = field(&m, &format!("Game #{id}"));
        for (seat, name) in seats.iter().enumerate() {
            assert!(v.contains(&shown(name, &results[seat])), "{v}");
        }
    }
    let (_, fog_history) = ask(&fake, bob, channel, "fog history").await;
    assert!(fog_history.content.starts_with("No Fields of Green game"));

    let want = expected(&[(&rx, 2), (&ry, 1)]);
    let (_, m) = ask(&fake, alice, channel, "kh stats player:bob").await;
    assert_eq!(m.title(), "bob · Key Harvest");
    assert_eq!(field(&m, "Games played"), "2");
    assert_eq!(
        field(&m, "Wins"),
        format!("{} ({}%)", want.wins, want.rate())
    );
    assert_eq!(
        field(&m, "Mean score"),
        format!("{:.1}", want.sum as f64 / 2.0)
    );
    assert_eq!(field(&m, "Best score"), want.best.to_string());
    let crops = want.top(|id| kh::Crop::parse(id).unwrap().name().to_string());
    assert_eq!(
        field(&m, "Favourite crops (majorities won)"),
        if crops.is_empty() {
            "none yet".to_string()
        } else {
            crops
        }
    );

    let (_, m) = ask(&fake, alice, channel, "kh leaderboard").await;
    assert!(
        !m.embeds[0].description.contains("Bot"),
        "{}",
        m.embeds[0].description
    );
    assert!(field(&m, "Bots (kept apart from people)").starts_with("bot (random): "));

    assert!(fake.settle().await);
    fake.assert_clean();
    assert!(panics().is_empty(), "panics: {:?}", panics());
    bot.stop().await.unwrap();
}

/// The database of the Fields of Green-only release (see `upgrade_from_release.rs`) has a
/// finished game from before the records: opening it and starting records it, once, with the
/// engine's scores; the lobby and the game in progress are not recorded until they finish.
#[tokio::test]
async fn games_that_ended_before_the_records_are_recorded_on_start() {
    let dump = std::fs::read_to_string("tests/fixtures/release-fields-of-green.sql").unwrap();
    let db = TempDb::new("records-release");
    {
        let mut conn = sqlx::sqlite::SqliteConnectOptions::new()
            .filename(db.path())
            .create_if_missing(true)
            .connect()
            .await
            .unwrap();
        sqlx::raw_sql(sqlx::AssertSqlSafe(dump))
            .execute(&mut conn)
            .await
            .unwrap();
        conn.close().await.unwrap();
    }
    let svc = Service::new(Store::open(db.path()).await.unwrap(), Library::default());
    let fixture_guild = 7_000;
    let kind = Kind::FieldsOfGreen.as_str();
    assert_eq!(
        svc.store()
            .history(fixture_guild, kind, None, 0, 8)
            .await
            .unwrap()
            .total,
        0
    );
    assert_eq!(
        svc.backfill_records().await.unwrap(),
        1,
        "the one finished game"
    );
    assert_eq!(
        svc.backfill_records().await.unwrap(),
        0,
        "recorded once only"
    );
    let page = svc
        .store()
        .history(fixture_guild, kind, None, 0, 8)
        .await
        .unwrap();
    assert_eq!(page.total, 1);
    let rec = &page.games[0];
    let (table, game) = svc.load::<fog::Game>(rec.game_id).await.unwrap();
    let results = game.unwrap().results().unwrap();
    assert_eq!(rec.outcome, Status::Ended);
    assert_eq!(rec.ended_at, table.game.updated_at);
    for (s, r) in rec.seats.iter().zip(&results) {
        assert_eq!(s.score, Some(r.score));
        assert_eq!(s.won, r.won);
        assert_eq!(s.favourites, r.favourites);
        assert_eq!(s.name, table.seats[s.seat].name);
        assert_eq!(s.bot, None);
    }
    let stats = svc
        .store()
        .player_stats(fixture_guild, kind, 1_000)
        .await
        .unwrap();
    assert_eq!(stats.games, 1);
    assert_eq!(stats.score_sum, u64::from(results[0].score));
    assert_eq!(stats.name.as_deref(), Some("Host"));
}

/// The records queries over thousands of games: the right page, counts and sections. (How long
/// they take is measured by `farmhand bench records`, not here.)
#[tokio::test]
async fn records_queries_over_thousands_of_games() {
    use farmhand::store::{GameRecord, SeatRecord};
    const GAMES: u64 = 3_000;
    let store = Store::open_in_memory().await.unwrap();
    let kind = Kind::FieldsOfGreen.as_str();
    for k in 0..GAMES {
        // Twenty regulars, four a game, one of them a bot now and then; another server too.
        let guild = if k % 10 == 9 { 43 } else { 42 };
        let id = store
            .create_table(kind, Some(guild), 5, 10_000, "p0", &options(4, &[]), k)
            .await
            .unwrap();
        let seats = (0..4u64)
            .map(|s| {
                let bot = s == 3 && k % 3 == 0;
                let user = if bot {
                    1
                } else {
                    10_000 + (k * 7 + s * 3) % 20
                };
                SeatRecord {
                    seat: s as usize,
                    user_id: user,
                    name: if bot {
                        "Bot 1 (search)".into()
                    } else {
                        format!("player {user}")
                    },
                    bot: bot.then(|| "search".to_string()),
                    score: Some(((k * 13 + s * 29) % 60) as u32),
                    won: s == k % 4,
                    favourites: vec!["wheat".into(), "orchard".into(), format!("c{}", k % 11)],
                }
            })
            .collect();
        let record = GameRecord {
            kind: kind.to_string(),
            guild_id: Some(guild),
            outcome: Status::Ended,
            ended_at: 1_767_225_600_000 + k as i64 * 60_000,
            seats,
        };
        store.add_record(id, &record).await.unwrap();
    }
    let first = store.history(42, kind, None, 0, 8).await.unwrap();
    let deep = store.history(42, kind, first.anchor, 300, 8).await.unwrap();
    let stats = store.player_stats(42, kind, 10_000).await.unwrap();
    let board = store.leaderboard(42, kind, 15).await.unwrap();
    assert_eq!(first.total, GAMES * 9 / 10);
    assert_eq!(deep.games.len(), 8);
    assert!(stats.games > 100, "{stats:?}");
    assert_eq!(board.people_total, 20);
    assert_eq!(board.bots.len(), 1);
}
