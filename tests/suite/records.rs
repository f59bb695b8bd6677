//! Records of finished games, end to end: games are played to the end (or abandoned) through the
//! service, as the buttons play them, with the real bot running against the fake Discord; then
//! `/fog history`, `/fog stats`, `/fog leaderboard` and their `/kh` twins are typed in the fake
//! and their answers read as a user sees them. Expected figures come from the engine's own final
//! state of each game (its scores and winners), never from the records under test. Also: a
//! database from the release (before the records) gets its finished game recorded on start.

use farmhand::fake_discord::harness::{Bot, TempDb, fake_and_db, test_config};
use farmhand::fake_discord::json::GUILD_ID;
use farmhand::fake_discord::view::{Component, MessageView};
use farmhand::fake_discord::{FakeDiscord, Reply};
use farmhand::games::{Engine, SeatResult, fields_of_green as fog, key_harvest as kh};
use farmhand::host::{Hosted, Kind, Library};
use farmhand::service::Service;
use farmhand::store::{BotSeat, Status, Store, TableOptions};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::collections::HashMap;

use crate::fixture;

fn options(seats: u8, bots: &[&str]) -> TableOptions {
    TableOptions {
        bots: bots
            .iter()
            .enumerate()
            .map(|(k, b)| BotSeat {
                user_id: k as u64 + 1,
                bot: b.to_string(),
            })
            .collect(),
        // No reminder or stand-in may act while the test plays.
        ..TableOptions::plain(seats, 10_080)
    }
}

/// Where a test's games are played: the service, the server (`guild`) and the channel.
struct At<'a> {
    svc: &'a Service,
    guild: u64,
    channel: u64,
}

impl At<'_> {
    /// Opens a table of `G` with `people` (user, name; the first hosts) and `bots`, and starts
    /// it. Returns the game id.
    async fn started<G: Hosted>(&self, people: &[(u64, &str)], bots: &[&str], seed: u64) -> i64 {
        let seats = (people.len() + bots.len()) as u8;
        let t = self
            .svc
            .open_table(
                G::GAME,
                Some(self.guild),
                self.channel,
                people[0],
                options(seats, bots),
                seed,
            )
            .await
            .unwrap();
        let id = t.game.id;
        for &(u, name) in &people[1..] {
            self.svc.join(id, u, name).await.unwrap();
        }
        self.svc.start(id, people[0].0, false).await.unwrap();
        id
    }

    /// A game started as [`At::started`] and played to its end by [`play_to_end`]: its id and
    /// each seat's result.
    async fn play<G: Hosted>(
        &self,
        people: &[(u64, &str)],
        bots: &[&str],
        seed: u64,
    ) -> (i64, Vec<SeatResult>) {
        let id = self.started::<G>(people, bots, seed).await;
        let results = play_to_end::<G>(self.svc, id, seed).await;
        (id, results)
    }

    /// Starts a game and abandons it at once.
    async fn abandoned<G: Hosted>(&self, people: &[(u64, &str)]) -> i64 {
        let id = self.started::<G>(people, &[], 99).await;
        self.svc.close(id, people[0].0, false).await.unwrap();
        id
    }
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
        let (seat, action) = fixture::random_decision(&game, &mut rng);
        let user = table.seats.iter().find(|s| s.seat == seat).unwrap().user_id;
        svc.act::<G>(id, user, Some(table.game.version), &action)
            .await
            .unwrap_or_else(|e| panic!("{action:?} refused: {e}"));
    }
    panic!("game {id} did not end");
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

    /// Checks the figures of the stats message `m`: games played, wins, mean and best score.
    fn check_figures(&self, m: &MessageView) {
        assert_eq!(field(m, "Games played"), self.games.to_string());
        assert_eq!(
            field(m, "Wins"),
            format!("{} ({}%)", self.wins, self.rate())
        );
        assert_eq!(
            field(m, "Mean score"),
            format!("{:.1}", self.sum as f64 / self.games as f64)
        );
        assert_eq!(field(m, "Best score"), self.best.to_string());
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

/// A fake Discord with the channel `channel` and a user of each of `names`, and the bot
/// started against it on a new database tagged `tag`.
async fn with_bot<const N: usize>(
    tag: &str,
    channel: &str,
    names: [&str; N],
) -> (FakeDiscord, TempDb, Bot, u64, [u64; N]) {
    let (fake, db) = fake_and_db(tag).await;
    let channel = fake.add_channel(channel);
    let users = names.map(|n| fake.add_user(n));
    let bot = Bot::start(&fake, test_config(db.path())).await.unwrap();
    (fake, db, bot, channel, users)
}

/// How the history writes one seat: the winners in bold.
fn shown(name: &str, r: &SeatResult) -> String {
    if r.won {
        format!("**{name}** {}", r.score)
    } else {
        format!("{name} {}", r.score)
    }
}

#[tokio::test]
async fn fields_of_green_history_stats_and_leaderboard() {
    let (fake, _db, bot, channel, [alice, bob, carol]) =
        with_bot("records-fog", "farms", ["alice", "bob", "carol"]).await;
    let svc = bot.data.service.clone();
    let g = GUILD_ID;
    let at = At {
        svc: &svc,
        guild: g,
        channel,
    };

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

    let (a, ra) = at
        .play::<fog::Game>(&[(alice, "alice"), (bob, "bob")], &[], 1)
        .await;
    let (b, rb) = at
        .play::<fog::Game>(&[(bob, "bob"), (alice, "alice"), (carol, "carol")], &[], 2)
        .await;
    let (c, rc) = at
        .play::<fog::Game>(&[(alice, "alice")], &["random"], 3)
        .await;
    let d = at
        .abandoned::<fog::Game>(&[(alice, "alice"), (bob, "bob")])
        .await;
    // Another server's game, with the same people: never shown here.
    let elsewhere = At { guild: 42, ..at };
    let (e, _) = elsewhere
        .play::<fog::Game>(&[(carol, "carol"), (bob, "bob")], &[], 4)
        .await;
    // A Key Harvest game is not a Fields of Green game.
    let (k, _) = at
        .play::<kh::Game>(&[(alice, "alice"), (bob, "bob")], &[], 5)
        .await;

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
    assert_eq!(want.games, 3);
    want.check_figures(&m);
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

    // Ratings, from the engine's results through the rating formula, game by game in the order
    // they ended: the two-player game, the three-player game, then alice against the bot.
    use farmhand::discord::records::{change_text, rating_text};
    use farmhand::store::{Rated, Skill, places, rate_game};
    let mut rated: HashMap<Rated, (Skill, u64, u64)> = HashMap::new();
    for (results, players) in [
        (&ra, vec![Rated::Person(alice), Rated::Person(bob)]),
        (
            &rb,
            vec![
                Rated::Person(bob),
                Rated::Person(alice),
                Rated::Person(carol),
            ],
        ),
        (&rc, vec![Rated::Person(alice), Rated::Bot("random".into())]),
    ] {
        let before: Vec<Skill> = players
            .iter()
            .map(|p| rated.get(p).map_or(Skill::start(), |e| e.0))
            .collect();
        let result: Vec<(bool, Option<u32>)> =
            results.iter().map(|r| (r.won, Some(r.score))).collect();
        let after = rate_game(&players, &before, &places(&result));
        for (k, p) in players.into_iter().enumerate() {
            let e = rated.entry(p).or_insert((after[k], 0, 0));
            e.0 = after[k];
            e.1 += 1;
            e.2 += u64::from(results[k].won);
        }
    }
    let alice_now = rated[&Rated::Person(alice)].0;
    let (_, m) = ask(&fake, alice, channel, "fog stats").await;
    assert_eq!(
        field(&m, "Rating"),
        format!(
            "{} ({} over the last 3 games)",
            rating_text(alice_now.shown()),
            change_text(alice_now.shown() - Skill::start().shown())
        ),
        "alice's rating and its change over her three games"
    );
    let plural = |n: u64, w: &str| format!("{n} {w}{}", if n == 1 { "" } else { "s" });
    let (_, m) = ask(&fake, carol, channel, "fog leaderboard sort:rating").await;
    assert_eq!(
        m.title(),
        "Fields of Green: this server's players by rating"
    );
    let mut people: Vec<(&str, (Skill, u64, u64))> =
        [("alice", alice), ("bob", bob), ("carol", carol)]
            .into_iter()
            .map(|(n, u)| (n, rated[&Rated::Person(u)]))
            .collect();
    people.sort_by(|x, y| {
        y.1.0
            .shown()
            .total_cmp(&x.1.0.shown())
            .then(y.1.1.cmp(&x.1.1))
            .then(x.0.cmp(y.0))
    });
    let lines: Vec<String> = people
        .iter()
        .enumerate()
        .map(|(k, (n, (skill, games, wins)))| {
            format!(
                "{}. **{n}**: rating {} · {} in {}",
                k + 1,
                rating_text(skill.shown()),
                plural(*wins, "win"),
                plural(*games, "game")
            )
        })
        .collect();
    assert_eq!(m.embeds[0].description, lines.join("\n"));
    let (bot_skill, _, bot_wins) = rated[&Rated::Bot("random".into())];
    assert_eq!(
        field(&m, "Bots (kept apart from people)"),
        format!(
            "bot (random): rating {} · {} in 1 game",
            rating_text(bot_skill.shown()),
            plural(bot_wins, "win")
        )
    );
    // The store's tables are exactly what a recomputation from the records gives.
    let store = svc.store();
    let fog_kind = Kind::FieldsOfGreen.as_str();
    let incremental = rating_tables(store, g, fog_kind).await;
    store.recompute_ratings(None, None).await.unwrap();
    assert_eq!(rating_tables(store, g, fog_kind).await, incremental);

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
            at.abandoned::<fog::Game>(&[(bob, "bob"), (carol, "carol")])
                .await,
        );
    }
    let (_, first) = ask(&fake, carol, channel, "fog history").await;
    assert_eq!(first.embeds[0].fields.len(), 8);
    assert_eq!(first.embeds[0].footer, "Page 1 of 2 · 12 games");
    assert!(button(&first, "◀ Newer").disabled());
    // A game that ends while the page is open does not shift the pages being turned.
    tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    let late = at
        .abandoned::<fog::Game>(&[(bob, "bob"), (carol, "carol")])
        .await;
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

    bot.stop_clean().await;
}

#[tokio::test]
async fn key_harvest_history_and_stats() {
    let (fake, _db, bot, channel, [alice, bob]) =
        with_bot("records-kh", "fields", ["alice", "bob"]).await;
    let svc = bot.data.service.clone();
    let at = At {
        svc: &svc,
        guild: GUILD_ID,
        channel,
    };

    let (_, m) = ask(&fake, bob, channel, "kh history").await;
    assert_eq!(
        m.content,
        "No Key Harvest game has finished on this server yet. Open one with /kh new."
    );
    let people = [(alice, "alice"), (bob, "bob")];
    let (x, rx) = at.play::<kh::Game>(&people, &["random"], 11).await;
    let (y, ry) = at.play::<kh::Game>(&people, &[], 12).await;

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

    // Hints bob asked for (issue 30): two in game x (seat 2), one in game y (seat 1); alice
    // asked for none, and her stats show no hints line.
    let store = svc.store();
    for (id, seat) in [(x, 2), (x, 2), (y, 1)] {
        store.count_hint(id, seat).await.unwrap();
    }
    let (_, m) = ask(&fake, bob, channel, "kh stats player:alice").await;
    assert!(m.embeds[0].fields.iter().all(|(n, _)| n != "Hints used"));

    let want = expected(&[(&rx, 2), (&ry, 1)]);
    let (_, m) = ask(&fake, alice, channel, "kh stats player:bob").await;
    assert_eq!(m.title(), "bob · Key Harvest");
    assert_eq!(field(&m, "Hints used"), "3");
    assert_eq!(want.games, 2);
    want.check_figures(&m);
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
    // By rating: both people, the bot apart; bob's stats show his rating over his two games.
    let (_, m) = ask(&fake, alice, channel, "kh leaderboard sort:rating").await;
    let lines: Vec<&str> = m.embeds[0].description.lines().collect();
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(lines.iter().all(|l| l.contains(": rating ")), "{lines:?}");
    assert!(!m.embeds[0].description.contains("Bot"));
    assert!(field(&m, "Bots (kept apart from people)").starts_with("bot (random): rating "));
    let (_, m) = ask(&fake, alice, channel, "kh stats player:bob").await;
    assert!(
        field(&m, "Rating").ends_with(" over the last 2 games)"),
        "{}",
        field(&m, "Rating")
    );

    bot.stop_clean().await;
}

/// The database of the Fields of Green-only release (see `upgrade_from_release.rs`) has a
/// finished game from before the records: opening it and starting records it, once, with the
/// engine's scores; the lobby and the game in progress are not recorded until they finish.
#[tokio::test]
async fn games_that_ended_before_the_records_are_recorded_on_start() {
    let db = TempDb::new("records-release");
    fixture::load_release_database(db.path()).await;
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

    // The recorded game is rated; a database from before the ratings (records, no ratings:
    // migration 0006 adds the tables empty) gets the same ratings when the bot starts.
    let rated = rating_tables(svc.store(), fixture_guild, kind).await;
    assert_eq!(rated.1.len(), rec.seats.len());
    assert!(
        svc.store()
            .player_rating(fixture_guild, kind, 1_000, 5)
            .await
            .unwrap()
            .is_some()
    );
    fixture::run_sql(db.path(), "DELETE FROM rating_seat; DELETE FROM rating;").await;
    assert!(
        svc.store()
            .ratings(fixture_guild, kind)
            .await
            .unwrap()
            .is_empty()
    );
    assert_eq!(svc.backfill_records().await.unwrap(), 0);
    assert_eq!(rating_tables(svc.store(), fixture_guild, kind).await, rated);
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
                    handed_on: 0,
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

/// Everything the ratings of one server's game are: the players' ratings and every rated seat.
async fn rating_tables(
    store: &Store,
    guild: u64,
    kind: &str,
) -> (
    Vec<farmhand::store::RatingRow>,
    Vec<farmhand::store::RatedSeat>,
) {
    (
        store.ratings(guild, kind).await.unwrap(),
        store.rated_seats(guild, kind).await.unwrap(),
    )
}

/// Twelve finished Fields of Green games on server 42 (people, a kind of bot with one or two
/// seats, shared wins), one abandoned, one on another server and one of Key Harvest, recorded
/// in the order `order` gives (an index into the games, each ending a minute after the one
/// before). Returns the records by game index.
async fn record_games(store: &Store, order: &[usize]) -> Vec<(i64, farmhand::store::GameRecord)> {
    use farmhand::store::{GameRecord, SeatRecord};
    const GAMES: usize = 15;
    let mut made = Vec::new();
    for k in 0..GAMES {
        let (guild, kind, outcome) = match k {
            12 => (42, Kind::FieldsOfGreen, Status::Abandoned),
            13 => (43, Kind::FieldsOfGreen, Status::Ended),
            14 => (42, Kind::KeyHarvest, Status::Ended),
            _ => (42, Kind::FieldsOfGreen, Status::Ended),
        };
        let id = store
            .create_table(
                kind.as_str(),
                Some(guild),
                5,
                10_000,
                "p0",
                &options(4, &[]),
                k as u64,
            )
            .await
            .unwrap();
        let seats = 2 + k % 3;
        let seats: Vec<SeatRecord> = (0..seats)
            .map(|s| {
                // A "search" bot in the last seat now and then; two "heuristic" seats in game 4.
                let bot = match (k, s) {
                    (4, 1 | 2) => Some("heuristic"),
                    (_, 2) if k % 3 == 2 && k % 2 == 0 => Some("search"),
                    _ => None,
                };
                let user = if bot.is_some() {
                    1 + s as u64
                } else {
                    10_000 + ((k * 7 + s) % 6) as u64
                };
                let score = ((k * 13 + s * 29) % 40) as u32;
                SeatRecord {
                    seat: s,
                    user_id: user,
                    name: format!("player {user}"),
                    bot: bot.map(str::to_string),
                    score: (outcome == Status::Ended).then_some(score),
                    won: false,
                    favourites: Vec::new(),
                    handed_on: 0,
                }
            })
            .collect();
        // The best score wins, shared when tied (game 9 is made a shared win).
        let mut seats = seats;
        if k == 9 {
            seats[1].score = seats[0].score;
        }
        let best = seats.iter().filter_map(|s| s.score).max();
        for s in &mut seats {
            s.won = best.is_some() && s.score == best;
        }
        made.push((
            id,
            GameRecord {
                kind: kind.as_str().to_string(),
                guild_id: Some(guild),
                outcome,
                ended_at: 1_767_225_600_000 + k as i64 * 60_000,
                seats,
            },
        ));
    }
    for &k in order {
        let (id, record) = &made[k];
        store.add_record(*id, record).await.unwrap();
    }
    made
}

/// The ratings as the pure formula gives them, game by game in the order they ended, from the
/// records the test made (not from the store): each player's rating and rated games.
fn expected_ratings(
    games: &[(i64, farmhand::store::GameRecord)],
    guild: u64,
    kind: &str,
) -> HashMap<farmhand::store::Rated, (farmhand::store::Skill, u64)> {
    use farmhand::store::{Rated, Skill, places, rate_game};
    let mut table: HashMap<Rated, (Skill, u64)> = HashMap::new();
    let mut games: Vec<_> = games
        .iter()
        .filter(|(_, r)| r.guild_id == Some(guild) && r.kind == kind && r.outcome == Status::Ended)
        .collect();
    games.sort_by_key(|(id, r)| (r.ended_at, *id));
    for (_, r) in games {
        let players: Vec<Rated> = r
            .seats
            .iter()
            .map(|s| Rated::of(s.user_id, s.bot.as_deref()))
            .collect();
        let before: Vec<Skill> = players
            .iter()
            .map(|p| table.get(p).map_or(Skill::start(), |e| e.0))
            .collect();
        let result: Vec<(bool, Option<u32>)> = r.seats.iter().map(|s| (s.won, s.score)).collect();
        let after = rate_game(&players, &before, &places(&result));
        for (k, p) in players.into_iter().enumerate() {
            let e = table.entry(p).or_insert((after[k], 0));
            e.0 = after[k];
            e.1 += 1;
        }
    }
    table
}

/// Ratings on one store: written with each record as the games end (in `order`), equal to
/// the formula's, to a recomputation (twice, the same), whatever order the records came in.
async fn ratings_on(store: &Store, order: &[usize]) -> Vec<farmhand::store::RatingRow> {
    use farmhand::store::{Ranking, Rated};
    let fog = Kind::FieldsOfGreen.as_str();
    let kh = Kind::KeyHarvest.as_str();
    let games = record_games(store, order).await;
    let want = expected_ratings(&games, 42, fog);
    let (rows, seats) = rating_tables(store, 42, fog).await;
    assert_eq!(rows.len(), want.len(), "{rows:#?}");
    for row in &rows {
        let (skill, n) = want[&row.player];
        assert_eq!(row.skill, skill, "{:?}", row.player);
        assert_eq!(row.games, n, "{:?}", row.player);
    }
    assert!(
        rows.iter()
            .any(|r| r.player == Rated::Bot("heuristic".into()))
    );
    // Every seat of the twelve games played to the end here is rated; the abandoned game is not.
    let ended_seats: usize = games[..12]
        .iter()
        .filter(|(_, r)| r.outcome == Status::Ended)
        .map(|(_, r)| r.seats.len())
        .sum();
    assert_eq!(seats.len(), ended_seats);
    assert!(seats.iter().all(|s| s.game_id != games[12].0));
    // The first game moves from the starting rating; the winner's rises.
    let first = &games[0];
    let winner = first.1.seats.iter().position(|s| s.won).unwrap();
    let rated = seats
        .iter()
        .find(|s| s.game_id == first.0 && s.seat == winner)
        .unwrap();
    assert_eq!(rated.before, farmhand::store::Skill::start());
    assert!(rated.after.mu > rated.before.mu);
    // Other servers and games are rated apart.
    assert_eq!(store.ratings(43, fog).await.unwrap().len(), 3);
    assert_eq!(store.ratings(42, kh).await.unwrap().len(), 4);

    // Recomputed from the records: the same tables, exactly, and again.
    let before = rating_tables(store, 42, fog).await;
    let done = store.recompute_ratings(None, None).await.unwrap();
    assert_eq!(done.scopes, 3);
    assert_eq!(done.games, 12 + 1 + 1);
    assert_eq!(rating_tables(store, 42, fog).await, before);
    store.recompute_ratings(None, None).await.unwrap();
    assert_eq!(rating_tables(store, 42, fog).await, before);
    let only = store.recompute_ratings(Some(43), Some(fog)).await.unwrap();
    assert_eq!((only.scopes, only.games, only.players), (1, 1, 3));

    // The leaderboard by rating: people by their shown rating, bots apart.
    let board = store
        .leaderboard_by(42, fog, 15, Ranking::Rating)
        .await
        .unwrap();
    let people: Vec<f64> = board.people.iter().map(|s| s.rating.unwrap()).collect();
    let mut sorted = people.clone();
    sorted.sort_by(|a, b| b.total_cmp(a));
    assert_eq!(people, sorted);
    assert_eq!(
        board.people_total as usize,
        want.keys()
            .filter(|p| matches!(p, Rated::Person(_)))
            .count()
    );
    let bots: Vec<&str> = board.bots.iter().map(|s| s.name.as_str()).collect();
    assert!(
        bots.contains(&"heuristic") && bots.contains(&"search"),
        "{bots:?}"
    );
    assert!(
        board
            .people
            .iter()
            .all(|s| s.name.starts_with("player 1000"))
    );

    // A player's rating and its change over their last games.
    let user = 10_000;
    let mine: Vec<&farmhand::store::RatedSeat> = seats
        .iter()
        .filter(|s| {
            games.iter().any(|(id, r)| {
                *id == s.game_id && r.seats[s.seat].user_id == user && r.seats[s.seat].bot.is_none()
            })
        })
        .collect();
    let r = store
        .player_rating(42, fog, user, 3)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(r.skill, want[&Rated::Person(user)].0);
    assert_eq!(r.games, mine.len() as u64);
    assert_eq!(r.recent, 3);
    let third_last = mine[mine.len() - 3];
    assert_eq!(r.change, r.skill.shown() - third_last.before.shown());
    assert_eq!(store.player_rating(42, fog, 99, 3).await.unwrap(), None);
    rows
}

#[tokio::test]
async fn ratings_are_written_with_the_records_and_recompute_to_the_same() {
    let in_order: Vec<usize> = (0..15).collect();
    let a = ratings_on(&Store::open_in_memory().await.unwrap(), &in_order).await;
    // Recorded out of the order they ended (a backfill, two processes' clocks): the same.
    let mut shuffled = in_order.clone();
    shuffled.rotate_left(5);
    shuffled.swap(0, 9);
    let b = ratings_on(&Store::open_in_memory().await.unwrap(), &shuffled).await;
    assert_eq!(a, b);
}

#[tokio::test]
async fn ratings_on_postgres_are_the_same_as_on_sqlite() {
    let Some(url) = super::postgres::fresh_database("ratings").await else {
        return;
    };
    let in_order: Vec<usize> = (0..15).collect();
    let lite = ratings_on(&Store::open_in_memory().await.unwrap(), &in_order).await;
    let pg = Store::connect(&url).await.unwrap();
    let mut shuffled = in_order.clone();
    shuffled.reverse();
    assert_eq!(ratings_on(&pg, &shuffled).await, lite);
    // `farmhand records` reads the PostgreSQL database as it reads a SQLite file.
    let out = records_out(&url, &["leaderboard", "--server", "42", "--by", "rating"]);
    assert!(
        out.starts_with("Fields of Green on server 42: players by rating\n"),
        "{out}"
    );
    assert_eq!(
        out.lines().filter(|l| l.contains("(user 1000")).count(),
        6,
        "{out}"
    );
}

/// What `farmhand records --database DB ARGS...` writes on stdout, checking that it succeeds.
fn records_out(database: &str, args: &[&str]) -> String {
    let (ok, out, err) = records_cli(database, args);
    assert!(ok, "{args:?}: {err}");
    out
}

/// Runs `farmhand records --database DB ARGS...`; returns (success, stdout, stderr).
fn records_cli(database: &str, args: &[&str]) -> (bool, String, String) {
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_farmhand"))
        .args(["records", "--database", database])
        .args(args)
        .output()
        .unwrap();
    (
        o.status.success(),
        String::from_utf8(o.stdout).unwrap(),
        String::from_utf8(o.stderr).unwrap(),
    )
}

#[tokio::test]
async fn records_from_the_command_line() {
    use farmhand::discord::records::rating_text;
    use farmhand::store::Ranking;
    let db = TempDb::new("records-cli");
    let path = db.path().to_str().unwrap().to_string();
    let store = Store::open(db.path()).await.unwrap();
    let in_order: Vec<usize> = (0..15).collect();
    let games = record_games(&store, &in_order).await;
    let fog = Kind::FieldsOfGreen.as_str();

    let out = records_out(&path, &["servers"]);
    assert!(
        out.contains("server 42") && out.contains("12 played to the end, 1 abandoned"),
        "{out}"
    );
    assert!(out.contains("server 43"), "{out}");

    let out = records_out(&path, &["history", "--server", "42"]);
    assert!(
        out.starts_with("Fields of Green on server 42: 13 games, page 1 of 2, newest first\n"),
        "{out}"
    );
    let abandoned = games[12].0;
    assert!(
        out.contains(&format!("#{abandoned}  2026-01-01 00:12 UTC  abandoned")),
        "{out}"
    );
    assert!(out.contains("Older games: --page 2"), "{out}");
    let out = records_out(&path, &["history", "--server", "42", "--page", "2"]);
    assert!(
        out.contains(&format!("#{}  2026-01-01 00:00 UTC", games[0].0)),
        "{out}"
    );
    let out = records_out(
        &path,
        &["history", "--server", "42", "--game", "key-harvest"],
    );
    assert!(
        out.starts_with("Key Harvest on server 42: 1 game, page 1 of 1"),
        "{out}"
    );

    // The leaderboard by rating lists the people in the store's order, with their ids.
    let board = store
        .leaderboard_by(42, fog, 15, Ranking::Rating)
        .await
        .unwrap();
    let out = records_out(&path, &["leaderboard", "--server", "42", "--by", "rating"]);
    let ids: Vec<String> = out
        .lines()
        .filter_map(|l| l.split("(user ").nth(1))
        .map(|rest| rest.split(')').next().unwrap().to_string())
        .collect();
    let want: Vec<String> = board
        .people
        .iter()
        .map(|s| s.user_id.unwrap().to_string())
        .collect();
    assert_eq!(ids, want, "{out}");
    assert!(out.contains("Bots (kept apart from people):"), "{out}");
    assert!(
        out.contains("bot (heuristic)") && out.contains("bot (search)"),
        "{out}"
    );

    let r = store
        .player_rating(42, fog, 10_000, 5)
        .await
        .unwrap()
        .unwrap();
    let out = records_out(&path, &["stats", "--server", "42", "--player", "10000"]);
    assert!(
        out.starts_with("player 10000 (user 10000) · Fields of Green on server 42"),
        "{out}"
    );
    assert!(
        out.contains(&format!(
            "  Rating        {} (",
            rating_text(r.skill.shown())
        )),
        "{out}"
    );
    let out = records_out(&path, &["stats", "--server", "42", "--player", "5"]);
    assert!(
        out.contains("has not finished a Fields of Green game on server 42"),
        "{out}"
    );

    // By display name, in any case: the same stats as by id.
    let by_id = records_out(&path, &["stats", "--server", "42", "--player", "10000"]);
    let out = records_out(
        &path,
        &["stats", "--server", "42", "--player", "PLAYER 10000"],
    );
    assert_eq!(out, by_id);
    // Part of a name that several people had: each is listed with their user id, no stats
    // (the bots' seats are not people to look up).
    let (ok, out, err) = records_cli(&path, &["stats", "--server", "42", "--player", "player"]);
    assert!(!ok && out.is_empty(), "{out}");
    assert!(
        err.contains("6 players of Fields of Green on server 42 match \"player\""),
        "{err}"
    );
    for user in 10_000..10_006 {
        assert!(
            err.contains(&format!("  player {user} (user {user}, ")),
            "{user}: {err}"
        );
    }
    assert!(
        !err.contains("(user 1,") && !err.contains("(user 3,"),
        "{err}"
    );
    // Part of one name: that player.
    let out = records_out(&path, &["stats", "--server", "42", "--player", "r 10000"]);
    assert_eq!(out, by_id);
    let (ok, _, err) = records_cli(&path, &["stats", "--server", "42", "--player", "Zed"]);
    assert!(!ok);
    assert!(
        err.contains("no player named \"Zed\" has played Fields of Green on server 42"),
        "{err}"
    );

    // A page past the last says so, with the last page.
    let (ok, out, err) = records_cli(&path, &["history", "--server", "42", "--page", "5"]);
    assert!(!ok && out.is_empty(), "{out}");
    assert!(
        err.contains("there is no page 5: Fields of Green on server 42 has 13 finished games, 8 a page, so the last page is 2 (--page 2)"),
        "{err}"
    );
    assert!(!err.contains("page 5 of"), "{err}");

    // Recomputing changes nothing, twice.
    let before = rating_tables(&store, 42, fog).await;
    for _ in 0..2 {
        let out = records_out(&path, &["recompute-ratings"]);
        assert_eq!(
            out,
            "Recomputed the ratings from the records: 14 games and 15 players rated, over 3 servers and games (each server's games of each game are rated apart).\n"
        );
        assert_eq!(rating_tables(&store, 42, fog).await, before);
    }

    // A file that is not there is refused, and not created.
    let missing = format!("{path}.missing");
    let (ok, _, err) = records_cli(&missing, &["servers"]);
    assert!(!ok);
    assert!(err.contains("there is no database at"), "{err}");
    assert!(!std::path::Path::new(&missing).exists());
}

/// `Store::players_named` (what `records stats --player NAME` asks): any case, any name a person
/// was recorded under, the whole name before a part of one, the latest name shown, bots never.
#[tokio::test]
async fn players_are_found_by_the_names_they_played_under() {
    use farmhand::store::{GameRecord, NamedPlayer, SeatRecord};
    let db = TempDb::new("records-names");
    let store = Store::open(db.path()).await.unwrap();
    let fog = Kind::FieldsOfGreen.as_str();
    // (user, name, bot) per seat, game by game; user 7 renames from "Ada" to "Ada L.".
    let games: [&[(u64, &str, Option<&str>)]; 3] = [
        &[
            (7, "Ada", None),
            (8, "Adam", None),
            (1, "ada bot", Some("random")),
        ],
        &[(7, "Ada L.", None), (9, "Bram", None)],
        &[(8, "Adam", None), (9, "Bram", None)],
    ];
    for (k, seats) in games.iter().enumerate() {
        let id = store
            .create_table(fog, Some(42), 5, 7, "p0", &options(2, &[]), k as u64)
            .await
            .unwrap();
        let record = GameRecord {
            kind: fog.to_string(),
            guild_id: Some(42),
            outcome: Status::Ended,
            ended_at: 1_767_225_600_000 + k as i64 * 60_000,
            seats: seats
                .iter()
                .enumerate()
                .map(|(seat, &(user_id, name, bot))| SeatRecord {
                    seat,
                    user_id,
                    name: name.to_string(),
                    bot: bot.map(str::to_string),
                    score: Some(10 + seat as u32),
                    won: seat == 0,
                    favourites: Vec::new(),
                    handed_on: 0,
                })
                .collect(),
        };
        store.add_record(id, &record).await.unwrap();
    }
    let named = |user_id, name: &str, games| NamedPlayer {
        user_id,
        name: name.to_string(),
        games,
    };
    let find = |name: &'static str| {
        let store = &store;
        async move { store.players_named(42, fog, name).await.unwrap() }
    };
    // "ada" is Ada's old name exactly: Adam (a part) and the bot are not listed.
    assert_eq!(find("ADA").await, [named(7, "Ada L.", 2)]);
    assert_eq!(find("  ada l.  ").await, [named(7, "Ada L.", 2)]);
    // No whole name "ad": every person whose name contains it, by latest name.
    assert_eq!(
        find("ad").await,
        [named(7, "Ada L.", 2), named(8, "Adam", 2)]
    );
    assert_eq!(find("bot").await, []);
    assert_eq!(find("").await, []);
    // Another server, another game: nobody.
    assert_eq!(store.players_named(43, fog, "Ada").await.unwrap(), []);
    assert_eq!(
        store
            .players_named(42, Kind::KeyHarvest.as_str(), "Ada")
            .await
            .unwrap(),
        []
    );
}
