//! Two weeks in a minute (issue 41): each game played over simulated days by four people in
//! Tokyo, Berlin, New York and São Paulo (quiet hours 23-07 local, pace `day`): one says they are
//! away for three days, one misses deadlines for days, one leaves on day 5 and the host gives
//! the seat to a newcomer, one takes back a decision, the bot restarts on day 7
//! (`fake_discord::days`). On SQLite by default; CI
//! runs them again on PostgreSQL (`FARMHAND_TEST_DATABASE=postgres`).

use farmhand::fake_discord::FakeDiscord;
use farmhand::fake_discord::days::{self, Plan};
use farmhand::fake_discord::harness::{TempDb, test_config};
use farmhand::games::{fields_of_green as fog, key_harvest as kh};

async fn two_weeks<G: farmhand::fake_discord::guided::Guided>(tag: &str, seed: u64) {
    let fake = FakeDiscord::start().await.unwrap();
    let db = TempDb::new(tag);
    // Two weeks of the story, and on until the game ends (a game by correspondence between
    // four time zones takes its time).
    let plan = Plan {
        days: 40,
        ..Plan::two_weeks(seed)
    };
    let summary = days::play::<G>(&fake, test_config(db.path()), &plan, |_| {})
        .await
        .unwrap();
    eprintln!("{tag}: {}", summary.line());
    // The people in four time zones are never pinged in the middle of their night.
    assert!(summary.reminders > 0, "{summary:?}");
    assert_eq!(summary.reminders_in_quiet, 0, "{summary:?}");
    // Chloé, who stops looking in for days at pace `day`, misses deadlines: the stand-in makes
    // those decisions, each within the minute of its deadline (Davi's, frozen while he said he
    // was away, included).
    assert!(summary.stand_in_moves >= 2, "{summary:?}");
    assert!(summary.stand_in_latest_s < 60, "{summary:?}");
    assert_eq!(summary.aways, 1, "{summary:?}");
    // Bruno left (a bot took his seat) and Aiko gave the seat to Emi; Bruno's later command
    // was refused, and nothing he did after leaving was taken.
    assert_eq!(summary.handed_on, 2, "{summary:?}");
    assert_eq!(summary.former_refused, 1, "{summary:?}");
    assert_eq!(summary.former_moves, 0, "{summary:?}");
    // A decision taken back with Undo (and decided again).
    assert_eq!(summary.undone, 1, "{summary:?}");
    // The restart on day 7 loses nothing that was acknowledged.
    assert_eq!(summary.restarts, 1, "{summary:?}");
    assert_eq!(summary.lost, 0, "{summary:?}");
    assert!(summary.decisions > 20, "{summary:?}");
    assert!(summary.finished_on_day.is_some(), "{summary:?}");
    // Recorded as ended, with the seat that changed hands flagged (twice) and no other.
    assert_eq!(summary.recorded, Some(true), "{summary:?}");
    // The fake saw nothing Discord would refuse.
    assert!(fake.violations().is_empty(), "{:?}", fake.violations());
}

#[tokio::test]
async fn fields_of_green_lives_through_two_weeks() {
    two_weeks::<fog::Game>("two-weeks-fog", 14).await;
}

#[tokio::test]
async fn key_harvest_lives_through_two_weeks() {
    two_weeks::<kh::Game>("two-weeks-kh", 14).await;
}
