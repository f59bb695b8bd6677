//! Away, leaving a game and giving a seat (issue 41), through the service and the store on
//! SQLite files, then through the fake Discord: a player who leaves is replaced by a bot of the
//! table's strength and the game counts, with the seat flagged in the records; the host gives a
//! seat to another member, and the player before is refused with a clear reason; every refusal
//! (not the host, a bot account, a member already seated, no such seat) changes nothing; an
//! absence freezes a deadline for at most the table's `max_away_days`, or hands the decisions
//! to the stand-in, and only in its own server.

use farmhand::day::{Away, DAY_MS};
use farmhand::host::{Hosted, Kind, Library};
use farmhand::service::{Service, ServiceError};
use farmhand::store::{GameId, Pace, Status, Store, TableOptions, is_bot_user};
use rand::SeedableRng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

use farmhand::fake_discord::harness::TempDb;

use crate::fixture;

const HOST: u64 = 1_000;
const NEWCOMER: u64 = 5_000;
const GUILD: u64 = 7;

fn user(seat: usize) -> u64 {
    HOST + seat as u64
}

async fn service_on(db: &TempDb) -> Arc<Service> {
    let store = Store::open(db.path()).await.expect("open the database");
    Arc::new(Service::new(store, Library::default()))
}

/// A started table of `kind` with `players` people, seat k held by `user(k)`.
async fn started(svc: &Service, kind: Kind, players: u8, pace: Pace, seed: u64) -> GameId {
    let options = TableOptions {
        pace,
        max_away_days: 2,
        ..TableOptions::plain(players, 60)
    };
    fixture::started(svc, kind, (GUILD, 8), (HOST, "Ada"), options, seed).await
}

/// Plays the game to its end through the service: people by random legal moves, bot seats by
/// their bot, as the Discord layer's `bots::drive` would.
async fn play_out<G: Hosted>(svc: &Service, id: GameId, seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..5_000 {
        let (table, game) = svc.load::<G>(id).await.unwrap();
        let game = game.unwrap();
        if game.is_over() {
            return;
        }
        let seat = game.waiting_for()[0];
        let who = table.seats.iter().find(|s| s.seat == seat).unwrap().user_id;
        let action = match table.bot_of(seat) {
            Some((_, bot)) => farmhand::games::bot_decision(&game, seat, bot).unwrap(),
            None => game
                .legal_sample(seat, &mut rng)
                .choose(&mut rng)
                .unwrap()
                .clone(),
        };
        svc.act::<G>(id, who, None, &action).await.unwrap();
    }
    panic!("the game did not end");
}

/// What a refusal must leave as it was: the version, the seats, the options.
async fn durable(svc: &Service, id: GameId) -> (i64, Vec<(usize, u64, String)>, String) {
    let t = svc.store().table(id).await.unwrap();
    (
        t.game.version,
        t.seats
            .iter()
            .map(|s| (s.seat, s.user_id, s.name.clone()))
            .collect(),
        serde_json::to_string(&t.game.options).unwrap(),
    )
}

async fn a_player_leaves_and_a_bot_plays_on<G: Hosted>(kind: Kind, tag: &str) {
    let db = TempDb::new(tag);
    let svc = service_on(&db).await;
    let id = started(&svc, kind, 3, Pace::Live, 5).await;
    let version = svc.store().table(id).await.unwrap().game.version;
    let (t, seat) = svc.leave_game(id, user(1), "heuristic").await.unwrap();
    assert_eq!(seat, 1);
    // A bot of the table's strength holds the seat, under the player's name marked as a bot.
    let held = t.seats.iter().find(|s| s.seat == 1).unwrap();
    assert!(is_bot_user(held.user_id), "{held:?}");
    assert_eq!(held.name, "P1 (bot)");
    assert_eq!(t.bot_of(1).map(|(_, b)| b), Some("heuristic"));
    assert!(t.game.version > version, "buttons drawn before are stale");
    assert_eq!(t.changes.len(), 1);
    assert_eq!(
        (t.changes[0].from_user, t.changes[0].by_user),
        (user(1), user(1))
    );
    // The player who left is told so, at every door.
    let (_, game) = svc.load::<G>(id).await.unwrap();
    let game = game.unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let any = game
        .legal_sample(game.waiting_for()[0], &mut rng)
        .into_iter()
        .next()
        .unwrap();
    let before = durable(&svc, id).await;
    match svc.act::<G>(id, user(1), None, &any).await {
        Err(ServiceError::SeatHandedOn { left: true, .. }) => {}
        other => panic!("{:?}", other.map(|_| ())),
    }
    match svc.leave_game(id, user(1), "heuristic").await {
        Err(ServiceError::SeatHandedOn { left: true, .. }) => {}
        other => panic!("{:?}", other.map(|_| ())),
    }
    // A stranger cannot leave a seat they never had.
    assert!(matches!(
        svc.leave_game(id, 9_999, "heuristic").await,
        Err(ServiceError::NotSeated)
    ));
    assert_eq!(durable(&svc, id).await, before);
    // The game goes on to its end and counts, the seat flagged.
    play_out::<G>(&svc, id, 9).await;
    let record = svc.store().record(id).await.unwrap().unwrap();
    assert_eq!(record.outcome, Status::Ended);
    let flags: Vec<u32> = record.seats.iter().map(|s| s.handed_on).collect();
    assert_eq!(flags, [0, 1, 0]);
    assert_eq!(record.seats[1].bot.as_deref(), Some("heuristic"));
}

each_game!(
    a_player_leaves_and_a_bot_plays_on,
    fields_of_green_a_player_leaves_and_a_bot_plays_on("leave-fog"),
    key_harvest_a_player_leaves_and_a_bot_plays_on("leave-kh")
);

async fn the_host_gives_a_seat<G: Hosted>(kind: Kind, tag: &str) {
    let db = TempDb::new(tag);
    let svc = service_on(&db).await;
    let id = started(&svc, kind, 3, Pace::Day, 11).await;
    let before = durable(&svc, id).await;
    // Refusals, each changing nothing.
    let give = |by, manager, seat, to, bot| {
        let svc = svc.clone();
        async move {
            svc.give_seat(id, by, manager, seat, to, "Emi", bot)
                .await
                .map(|_| ())
        }
    };
    assert!(matches!(
        give(user(2), false, 1, NEWCOMER, false).await,
        Err(ServiceError::NotHost)
    ));
    assert!(matches!(
        give(HOST, false, 1, NEWCOMER, true).await,
        Err(ServiceError::SeatToBot)
    ));
    assert!(matches!(
        give(HOST, false, 1, 3, false).await,
        Err(ServiceError::SeatToBot)
    ));
    assert!(matches!(
        give(HOST, false, 1, user(2), false).await,
        Err(ServiceError::MemberSeated)
    ));
    assert!(matches!(
        give(HOST, false, 3, NEWCOMER, false).await,
        Err(ServiceError::NoSuchSeat(4))
    ));
    assert_eq!(durable(&svc, id).await, before);
    // A member with Manage Server may give a seat too.
    let t = svc
        .give_seat(id, user(2), true, 1, NEWCOMER, "Emi", false)
        .await
        .unwrap();
    assert_eq!(t.seat_of(NEWCOMER), Some(1));
    assert_eq!(t.seat_of(user(1)), None);
    // The player before is refused with the reason and the new holder's name.
    let (_, game) = svc.load::<G>(id).await.unwrap();
    let game = game.unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let seat = game.waiting_for()[0];
    let any = game
        .legal_sample(seat, &mut rng)
        .into_iter()
        .next()
        .unwrap();
    match svc.act::<G>(id, user(1), None, &any).await {
        Err(ServiceError::SeatHandedOn { left: false, to }) => assert_eq!(to, "Emi"),
        other => panic!("{:?}", other.map(|_| ())),
    }
    // The new holder plays the seat.
    let who = t.seats.iter().find(|s| s.seat == seat).unwrap().user_id;
    svc.act::<G>(id, who, None, &any).await.unwrap();
    // A seat a bot took when its player left can be given to a person: the bot leaves the
    // table's options.
    let (t, _) = svc.leave_game(id, user(2), "heuristic").await.unwrap();
    assert_eq!(t.game.options.bots.len(), 1);
    let t = svc
        .give_seat(id, HOST, false, 2, NEWCOMER + 1, "Fay", false)
        .await
        .unwrap();
    assert!(t.game.options.bots.is_empty());
    assert_eq!(t.bot_of(2), None);
    play_out::<G>(&svc, id, 3).await;
    let record = svc.store().record(id).await.unwrap().unwrap();
    let flags: Vec<u32> = record.seats.iter().map(|s| s.handed_on).collect();
    assert_eq!(flags, [0, 1, 2]);
    assert_eq!(record.seats[2].user_id, NEWCOMER + 1);
    assert_eq!(record.seats[2].bot, None);
}

each_game!(
    the_host_gives_a_seat,
    fields_of_green_the_host_gives_a_seat("give-fog"),
    key_harvest_the_host_gives_a_seat("give-kh")
);

/// An absence read back with the table freezes its player's deadline for at most the table's
/// `max_away_days` (2 here), or hands their decisions to the stand-in at once; an absence set
/// in another server changes nothing; ending it restores the deadline.
#[tokio::test]
async fn an_absence_moves_a_deadline_as_the_table_allows() {
    let db = TempDb::new("away-deadline");
    let svc = service_on(&db).await;
    let id = started(&svc, Kind::FieldsOfGreen, 2, Pace::Day, 4).await;
    let store = svc.store();
    let t = store.table(id).await.unwrap();
    let since = t.game.waiting_since.unwrap();
    let seat = 1;
    let plain = t.deadline(seat, since, None).unwrap();
    assert_eq!(plain, since + DAY_MS);
    let away = |from, until, stand_in| Away {
        user_id: user(seat),
        from,
        until,
        until_date: "2026-12-03".into(),
        stand_in,
    };
    // Elsewhere: nothing changes here.
    store
        .set_away(GUILD + 1, &away(since, since + 5 * DAY_MS, false))
        .await
        .unwrap();
    assert_eq!(
        store.table(id).await.unwrap().deadline(seat, since, None),
        Some(plain)
    );
    // Here, five days asked, two held by the table: the day's budget runs after them.
    store
        .set_away(GUILD, &away(since, since + 5 * DAY_MS, false))
        .await
        .unwrap();
    let t = store.table(id).await.unwrap();
    assert_eq!(t.deadline(seat, since, None), Some(since + 3 * DAY_MS));
    assert_eq!(
        t.away_now().iter().map(|(s, _)| *s).collect::<Vec<_>>(),
        [seat]
    );
    // With the stand-in: at once.
    store
        .set_away(GUILD, &away(since, since + 5 * DAY_MS, true))
        .await
        .unwrap();
    let t = store.table(id).await.unwrap();
    assert_eq!(t.deadline(seat, since, None), Some(since));
    assert_eq!(
        store
            .away(user(seat), GUILD, since)
            .await
            .unwrap()
            .map(|a| a.stand_in),
        Some(true)
    );
    // Back: the absence ends (a second "back" finds nothing).
    assert!(!store.clear_away(user(seat), GUILD + 2).await.unwrap());
    assert!(store.clear_away(user(seat), GUILD).await.unwrap());
    assert!(!store.clear_away(user(seat), GUILD).await.unwrap());
    let t = store.table(id).await.unwrap();
    assert_eq!(t.deadline(seat, since, None), Some(plain));
}

// ---- through the fake Discord ----

mod on_discord {
    use farmhand::fake_discord::harness::bot_on_fake;
    use farmhand::fake_discord::{FakeDiscord, player};

    /// What the bot answered `line` typed by `user` in `channel`, privately.
    async fn said(fake: &FakeDiscord, user: u64, channel: u64, line: &str) -> String {
        let ix = fake.slash(user, channel, line).unwrap();
        let r = fake.reply(&ix).await.unwrap();
        assert!(r.ephemeral() || r.kind == 5, "{line}: answered in public");
        fake.settle().await;
        match r.message.and_then(|m| fake.message(m)) {
            Some(m) => m.text(),
            None => r.content().to_string(),
        }
    }

    /// The commands as a group of friends would use them, with every careless input: an
    /// absence set, shown on the table and ended; a seat given by the host (not by another
    /// player, not to a bot account or someone seated); the player before told why their
    /// screen is gone; a player who leaves, after the question.
    #[tokio::test]
    async fn away_give_and_leave_by_command() {
        let (fake, _db, _bot) = bot_on_fake("seats-discord").await;
        let channel = fake.add_channel("farm");
        let ada = fake.add_user("Ada");
        let bram = fake.add_user("Bram");
        let cleo = fake.add_user("Cleo");
        let dmitri = fake.add_user("Dmitri");
        fake.add_bot_user("Helper");
        let (table, _) = player::seated_table(
            &fake,
            channel,
            "fog new seats:3 pace:\"day: a day a decision\"",
            &[(ada, "Ada"), (bram, "Bram"), (cleo, "Cleo")],
        )
        .await
        .unwrap();
        let table_text = || fake.message(table.message).unwrap().text();
        let thread = || {
            fake.channel(table.play_channel())
                .iter()
                .map(|m| m.text())
                .collect::<Vec<_>>()
                .join("\n")
        };

        // Away: careless days are refused, nothing saved.
        for (line, want) in [
            ("fog away until:soon", "is not a day I can read"),
            ("fog away until:0d", "has already begun"),
            ("fog away until:90d", "at most 60 days"),
        ] {
            let s = said(&fake, bram, channel, line).await;
            assert!(
                s.contains(want) && s.contains("Nothing was changed"),
                "{line}: {s}"
            );
        }
        assert!(!table_text().contains("away"), "{}", table_text());
        // The autocomplete offers the coming days.
        let r = fake
            .reply(&fake.autocomplete(bram, channel, "fog away until:").unwrap())
            .await
            .unwrap();
        assert_eq!(r.choices().len(), 14, "{:?}", r.choices());
        let s = said(&fake, bram, channel, "fog away until:3d").await;
        assert!(s.contains("You are away until"), "{s}");
        assert!(
            table_text().contains("Bram is away until"),
            "{}",
            table_text()
        );
        let s = said(&fake, bram, channel, "fog away").await;
        assert!(s.contains("Welcome back"), "{s}");
        assert!(!table_text().contains("is away"), "{}", table_text());
        let s = said(&fake, bram, channel, "fog away").await;
        assert!(s.contains("You are not away"), "{s}");

        // Giving a seat: the seats offered as the host types; the refusals.
        let r = fake
            .reply(&fake.autocomplete(ada, channel, "fog give seat:br").unwrap())
            .await
            .unwrap();
        assert_eq!(r.choices(), ["2 · Bram"]);
        for (by, line, want) in [
            (cleo, "fog give seat:2 to:Dmitri", "Only the host"),
            (ada, "fog give seat:2 to:Helper", "not to a bot account"),
            (ada, "fog give seat:2 to:Cleo", "already has a seat"),
            (ada, "fog give seat:9 to:Dmitri", "no seat"),
        ] {
            let s = said(&fake, by, channel, line).await;
            assert!(s.contains(want), "{line}: {s}");
        }
        let s = said(&fake, ada, channel, "fog give seat:Bram to:Dmitri").await;
        assert!(s.contains("Dmitri has Bram's seat now"), "{s}");
        assert!(
            thread().contains(&format!("gave Bram's seat to <@{dmitri}>")),
            "{}",
            thread()
        );
        let s = said(&fake, bram, channel, "fog hand").await;
        assert!(
            s.contains("Your seat in this game was given to Dmitri"),
            "{s}"
        );
        let s = said(&fake, dmitri, channel, "fog hand").await;
        assert!(!s.contains("not seated"), "{s}");

        // Leaving: the question, then the button.
        let ix = fake.slash(cleo, channel, "fog leave").unwrap();
        let r = fake.reply(&ix).await.unwrap();
        assert!(r.ephemeral());
        let question = fake.message(r.message.unwrap()).unwrap();
        assert!(question.text().contains("Leave this game for good?"));
        let button = question
            .button("Leave the game")
            .unwrap()
            .custom_id()
            .to_string();
        fake.click_reply(cleo, question.id, &button).await.unwrap();
        fake.settle().await;
        assert!(
            fake.message(question.id)
                .unwrap()
                .text()
                .contains("You left the game")
        );
        assert!(thread().contains("Cleo left the game"), "{}", thread());
        assert!(table_text().contains("Cleo (bot)"), "{}", table_text());
        let s = said(&fake, cleo, channel, "fog hand").await;
        assert!(s.contains("You left this game"), "{s}");
        // The question's button is gone with the answer: it cannot be pressed twice.
        assert!(fake.click(cleo, question.id, &button).is_err());
        assert!(fake.violations().is_empty(), "{:?}", fake.violations());
    }
}
