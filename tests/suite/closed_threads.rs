//! Issue 42: a game's thread archived or locked under it, in both games. Discord reopens an
//! archived thread when someone who may post there posts, so the game simply goes on in it. A
//! locked thread refuses the bot's posts (403 50083, the bot having no Manage Threads): the
//! game's posts go to the table's channel, said there once, and the bot does not earn a
//! refusal for each of them, whether it heard the lock (THREAD_UPDATE) or met it first.

use crate::e2e::{self, Which};
use farmhand::fake_discord::world::ThreadState;
use farmhand::fake_discord::{FakeDiscord, perm};

/// A two-player game with its thread, `decisions` into play; the bot has no Manage Threads (as
/// README's invite link gives it).
async fn started(which: Which, tag: &str, seed: u64, decisions: usize) -> e2e::Game {
    let mut g = e2e::new_game(which, tag, 2, "", &[], seed, |fake, _| {
        fake.deny_everywhere(perm::MANAGE_THREADS)
    })
    .await;
    assert!(g.table.thread.is_some(), "the game has a thread");
    g.play_into(decisions, "the change").await;
    assert!(g.fake.settle().await);
    g
}

/// The posts refused with 50083 so far.
fn refused_locked(fake: &FakeDiscord) -> usize {
    fake.requests()
        .iter()
        .filter(|r| r.status == 403 && !r.injected && r.method == "POST")
        .count()
}

/// The thread is archived (say, a week without a move): the next post reopens it and the game
/// is played to the end there.
async fn archived_thread_is_reopened(which: Which, tag: &str, seed: u64) {
    let mut g = started(which, tag, seed, 4).await;
    let thread = g.table.thread.unwrap();
    let before = g.fake.channel(thread).len();
    g.fake.set_thread_state(thread, true, false);
    // Slash commands cannot be used in an archived thread.
    assert!(
        g.fake
            .slash(g.users[0], thread, &format!("{} status", which.command()))
            .is_err()
    );
    g.finish().await;
    assert!(
        g.fake.with(|w| !w.thread_states.contains_key(&thread)),
        "the bot's post reopened the thread"
    );
    assert!(
        g.fake.channel(thread).len() > before,
        "the game went on there"
    );
    assert_eq!(refused_locked(&g.fake), 0);
    g.stop().await;
}

for_both_games!(
    archived_thread_is_reopened,
    fields_of_green_archived_thread_is_reopened("archived-fog", 431),
    key_harvest_archived_thread_is_reopened("archived-kh", 432)
);

/// The thread is locked. `heard`: with THREAD_UPDATE, as Discord sends it; else the lock is
/// met by the first post (an event missed while the gateway was down). Either way the game is
/// played to the end with its posts in the channel, the move said there once, and at most the
/// one refused post.
async fn locked_thread_sends_the_game_to_the_channel(
    which: Which,
    tag: &str,
    seed: u64,
    heard: bool,
) {
    let mut g = started(which, tag, seed, 4).await;
    let thread = g.table.thread.unwrap();
    let in_thread = g.fake.channel(thread).len();
    if heard {
        g.fake.set_thread_state(thread, true, true);
    } else {
        g.fake.with(|w| {
            w.thread_states.insert(
                thread,
                ThreadState {
                    archived: true,
                    locked: true,
                },
            )
        });
    }
    let mut table = g.table.clone();
    table.thread = None;
    g.table = table.clone();
    g.driver.table = table;
    g.finish().await;
    assert_eq!(
        g.fake.channel(thread).len(),
        in_thread,
        "nothing more in the thread"
    );
    let notes = g
        .fake
        .channel(g.table.channel)
        .iter()
        .filter(|m| m.text().contains("is locked, or closed to me"))
        .count();
    assert_eq!(notes, 1, "the move to the channel is said once");
    assert_eq!(refused_locked(&g.fake), usize::from(!heard));
    g.stop().await;
}

for_both_games!(
    locked_thread_sends_the_game_to_the_channel,
    fields_of_green_locked_thread_heard("locked-fog", 433, true),
    key_harvest_locked_thread_met("locked-kh", 434, false)
);

#[tokio::test]
async fn fields_of_green_locked_thread_met() {
    locked_thread_sends_the_game_to_the_channel(Which::FieldsOfGreen, "locked-met-fog", 435, false)
        .await;
}
