//! The scheduler's due times (issue 41, migration 0009), on a simulated clock: a pass reads only
//! the games whose time has come, of its own shards, earliest first; every move asks for a look
//! at once and is never pushed back by a pass that read the row before it; the next time is the
//! earliest of the reminder and the stand-in's move.

use farmhand::clock::Clock;
use farmhand::day::{Day, QuietHours};
use farmhand::discord::schedule::{RETRY_MS, Waiting, next_due};
use farmhand::games::fields_of_green::Game;
use farmhand::host::{Kind, Library};
use farmhand::service::Service;
use farmhand::shards::Shards;
use farmhand::store::{GameId, GameRow, Status, Store, TableOptions};
use std::time::Duration;

/// 2026-01-01T00:00:00Z.
const T: i64 = 1_767_225_600_000;
const MIN: i64 = 60_000;

fn opts(stand_in_minutes: u32) -> TableOptions {
    TableOptions {
        intro: true,
        stand_in_minutes,
        ..TableOptions::plain(2, 60)
    }
}

async fn service_on(clock: &Clock) -> Service {
    let store = Store::open_in_memory()
        .await
        .expect("an in-memory database")
        .with_clock(clock.clone());
    Service::new(store, Library::default())
}

/// A started two-player game on server `guild`.
async fn started(svc: &Service, guild: u64, stand_in_minutes: u32) -> GameId {
    let table = svc
        .open_table(
            Kind::FieldsOfGreen,
            Some(guild),
            100 + guild,
            (1_000, "Ada"),
            opts(stand_in_minutes),
            guild,
        )
        .await
        .unwrap();
    let id = table.game.id;
    svc.join(id, 1_001, "Bram").await.unwrap();
    svc.start_as::<Game>(id, 1_000, false).await.unwrap();
    id
}

/// The players a game waits for, none with quiet hours.
async fn waiting(svc: &Service, id: GameId) -> Vec<Waiting> {
    let (table, game) = svc.load::<Game>(id).await.unwrap();
    let since = table.game.waiting_since.unwrap();
    game.unwrap()
        .waiting_for()
        .into_iter()
        .map(|seat| Waiting {
            seat,
            day: None,
            reminded: false,
            deadline: table.deadline(seat, since, None),
        })
        .collect()
}

/// What a pass does after looking at a game: store its next time, from the row as read.
async fn store_next(svc: &Service, id: GameId, now: i64) -> bool {
    let t = svc.store().table(id).await.unwrap();
    let w = waiting(svc, id).await;
    svc.store()
        .set_due(
            id,
            next_due(&t.game, 1440, now, &w),
            t.game.waiting_since,
            t.game.reminders_sent,
            t.game.version,
        )
        .await
        .unwrap()
}

#[tokio::test]
async fn a_pass_reads_only_the_games_whose_time_has_come() {
    let clock = Clock::frozen_at(T);
    let svc = service_on(&clock).await;
    let store = svc.store();
    // Six games on six servers: server k is on shard k % 2 of 2 (Discord's (id >> 22) % 2).
    let mut ids = Vec::new();
    for k in 0..6u64 {
        ids.push(started(&svc, (k + 1) << 22, 0).await);
    }
    // Just started: each asks for a look at the next pass.
    assert_eq!(store.due_games(T, Shards::All, 500).await.unwrap(), ids);
    // The pass stores each game's next time: its first reminder, an hour on.
    for &id in &ids {
        assert!(store_next(&svc, id, T).await);
    }
    assert!(
        store
            .due_games(T, Shards::All, 500)
            .await
            .unwrap()
            .is_empty()
    );
    assert!(
        store
            .due_games(T + 59 * MIN, Shards::All, 500)
            .await
            .unwrap()
            .is_empty(),
        "nothing is due before the hour"
    );
    assert_eq!(
        store
            .due_games(T + 60 * MIN, Shards::All, 500)
            .await
            .unwrap(),
        ids
    );
    // A process of shard 1 of 2 reads the games of servers 1, 3 and 5 only.
    let shard_1 = Shards::Range {
        first: 1,
        last: 1,
        total: 2,
    };
    assert_eq!(
        store.due_games(T + 60 * MIN, shard_1, 500).await.unwrap(),
        vec![ids[0], ids[2], ids[4]]
    );
    // At most the limit, earliest first: a game whose wait began again half an hour later (the
    // stand-in played for its slow player) is due half an hour after the others.
    clock.advance(Duration::from_secs(30 * 60));
    store.note_stand_in(ids[0], "a bot played").await.unwrap();
    assert!(store_next(&svc, ids[0], T + 30 * MIN).await);
    assert_eq!(
        store.due_games(T + 89 * MIN, Shards::All, 3).await.unwrap(),
        vec![ids[1], ids[2], ids[3]]
    );
    // Its own reminder an hour after its move, after the others.
    let all = store
        .due_games(T + 90 * MIN, Shards::All, 500)
        .await
        .unwrap();
    assert_eq!(all.last(), Some(&ids[0]));
    assert_eq!(all.len(), 6);
}

#[tokio::test]
async fn a_move_made_meanwhile_is_never_pushed_back() {
    let clock = Clock::frozen_at(T);
    let svc = service_on(&clock).await;
    let store = svc.store();
    let id = started(&svc, 1 << 22, 0).await;
    assert!(store_next(&svc, id, T).await);
    // A pass reads the row...
    let read = store.table(id).await.unwrap();
    let read_waiting = waiting(&svc, id).await;
    // ...a player moves (a minute later)...
    clock.advance(Duration::from_secs(60));
    let game = svc.load::<Game>(id).await.unwrap().1.unwrap();
    let seat = game.waiting_for()[0];
    let user = if seat == 0 { 1_000 } else { 1_001 };
    svc.act::<Game>(id, user, None, &game.legal_actions(seat)[0])
        .await
        .unwrap();
    assert_eq!(
        store.due_games(T + MIN, Shards::All, 500).await.unwrap(),
        vec![id],
        "a move asks for a look at once"
    );
    // ...and the pass's next time, computed from the old row, is not stored over it.
    let stale = next_due(&read.game, 1440, T, &read_waiting);
    assert!(
        !store
            .set_due(
                id,
                stale,
                read.game.waiting_since,
                read.game.reminders_sent,
                read.game.version
            )
            .await
            .unwrap()
    );
    assert_eq!(
        store.due_games(T + MIN, Shards::All, 500).await.unwrap(),
        vec![id]
    );
}

/// A service on a clock stopped at `T` with one game [`started`] on server `1 << 22`, the game's
/// stored row, and the seats it waits for.
async fn one_game(stand_in_minutes: u32) -> (Service, GameId, GameRow, Vec<Waiting>) {
    let svc = service_on(&Clock::frozen_at(T)).await;
    let id = started(&svc, 1 << 22, stand_in_minutes).await;
    let row = svc.store().table(id).await.unwrap().game;
    let w = waiting(&svc, id).await;
    (svc, id, row, w)
}

#[tokio::test]
async fn the_next_time_is_the_earliest_of_the_reminder_and_the_stand_in() {
    let (_, _, mut row, w) = one_game(30).await;
    assert_eq!(row.waiting_since, Some(T));
    // The stand-in (30 minutes) before the first reminder (60).
    assert_eq!(next_due(&row, 1440, T, &w), Some(T + 30 * MIN));
    // Without a stand-in (no deadline for anyone): the reminder; after one reminder, the
    // repeat a day later.
    row.options.stand_in_minutes = 0;
    let w: Vec<Waiting> = w
        .into_iter()
        .map(|x| Waiting {
            deadline: None,
            ..x
        })
        .collect();
    assert_eq!(next_due(&row, 1440, T, &w), Some(T + 60 * MIN));
    row.reminders_sent = 1;
    assert_eq!(next_due(&row, 1440, T, &w), Some(T + 60 * MIN + 1440 * MIN));
    // Due and still undone after the pass (a game that could not be read): looked at again a
    // little later, not at every pass.
    let now = T + 3 * 1440 * MIN;
    assert_eq!(next_due(&row, 1440, now, &w), Some(now + RETRY_MS));
    // Nobody waited for, or the game over: nothing can come due.
    assert_eq!(next_due(&row, 1440, T, &[]), None);
    row.waiting_since = None;
    assert_eq!(next_due(&row, 1440, T, &w), None);
    row.waiting_since = Some(T);
    row.status = Status::Ended;
    assert_eq!(next_due(&row, 1440, T, &w), None);
}

/// Quiet hours (issue 41): a reminder round due while a player sleeps waits for them to wake;
/// a pace's deadline counts their waking time only.
#[tokio::test]
async fn quiet_hours_hold_reminders_and_stop_the_deadline_clock() {
    let (svc, id, mut row, _) = one_game(0).await;
    // 2026-01-01 00:00 UTC is 09:00 in Tokyo; quiet 23-07 there is 14:00-22:00 UTC.
    let tokyo = Day::of(
        Some("Asia/Tokyo"),
        Some(QuietHours::parse("23-07").unwrap()),
    );
    let sleeper = vec![Waiting {
        seat: 0,
        day: tokyo.clone(),
        reminded: false,
        deadline: None,
    }];
    // The round was due at 01:00 UTC and the pass at 15:00 UTC found them asleep: next, when
    // they wake at 22:00 UTC.
    let asleep_at = T + 15 * 60 * MIN;
    assert_eq!(
        next_due(&row, 1440, asleep_at, &sleeper),
        Some(T + 22 * 60 * MIN)
    );
    // Reminded already in this round: nothing more until the next round.
    let done = vec![Waiting {
        seat: 0,
        day: tokyo.clone(),
        reminded: true,
        deadline: None,
    }];
    assert_eq!(next_due(&row, 1440, asleep_at, &done), None);
    // Pace `day`: 24 waking hours from 09:00 Tokyo run to 17:00 Tokyo the next day (08:00 UTC),
    // not 24 hours of the clock; the first reminder (an hour on) comes before it.
    let mut table = svc.store().table(id).await.unwrap();
    table.game.options.pace = farmhand::store::Pace::Day;
    row.options.pace = farmhand::store::Pace::Day;
    let deadline = table.deadline(0, row.waiting_since.unwrap(), tokyo.as_ref());
    assert_eq!(deadline, Some(T + 32 * 60 * MIN));
    let sleeper = vec![Waiting {
        deadline,
        ..sleeper[0].clone()
    }];
    assert_eq!(next_due(&row, 1440, T, &sleeper), Some(T + 60 * MIN));
    row.reminders_sent = 1;
    assert_eq!(
        next_due(&row, 100_000, T, &sleeper),
        Some(T + 32 * 60 * MIN)
    );
}
