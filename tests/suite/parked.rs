//! Issue 42: the server changes under a game. A moderator deletes its channel, takes the bot's
//! access away, or removes the bot from the server. Discord says so (an event, or a refusal on
//! the game's own channel), and the game is parked: no more calls go there, reminders and the
//! stand-in stop, its players are told by DM, and the host (or a manager) resumes it in
//! another channel or abandons it by number from anywhere in the server. Both games, on the
//! simulated clock.

use crate::e2e::{self, Which};
use farmhand::fake_discord::json::GUILD_ID;
use farmhand::fake_discord::player::TableRef;
use farmhand::fake_discord::{FakeDiscord, perm};
use farmhand::games::Engine;
use farmhand::store::{Parked, Status};
use std::time::Duration;

/// A two-player game at pace `fast` (a stand-in decides after an hour), `decisions` into play.
async fn started(which: Which, tag: &str, seed: u64, decisions: usize) -> e2e::Game {
    let g = which
        .new_game(tag, 2, "pace:\"fast: an hour a decision\"", &[], seed)
        .await;
    g.played_into(decisions, "the change").await
}

/// Whether and why the game is parked, once the bot has heard the event that parks it (it
/// comes over the gateway: looked at every 25 ms, for 5 s at most).
pub(crate) async fn parked_soon(g: &e2e::Game) -> Option<(Parked, i64)> {
    for _ in 0..200 {
        if let Some(p) = g.stored().await.game.parked {
            return Some(p);
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    None
}

/// What `user` was told by DM, once a DM containing `needle` has come (the game is parked, and
/// stored so, before its players are told), or after 10 s without one.
async fn dms_with(fake: &FakeDiscord, user: u64, needle: &str) -> Vec<String> {
    fake.wait_for_dm(user, needle, Duration::from_secs(10))
        .await;
    dms(fake, user)
}

/// What `user` was told by DM.
fn dms(fake: &FakeDiscord, user: u64) -> Vec<String> {
    fake.dm_channel(user)
        .map(|c| fake.channel(c))
        .unwrap_or_default()
        .iter()
        .map(|m| m.text())
        .collect()
}

/// Each player is told by DM, in one message, every one of `words` (waiting for the DM with the
/// first of them).
async fn each_told(g: &e2e::Game, words: &[&str]) {
    for &u in &g.users {
        let told = dms_with(&g.fake, u, words[0]).await;
        assert!(
            told.iter().any(|t| words.iter().all(|w| t.contains(w))),
            "{words:?}: {told:?}"
        );
    }
}

/// The parked game sleeps through three days: the scheduler does not look at it, nothing is
/// played (it stays at `version`), and no REST call since request `from` goes to the channel or
/// thread of `table`.
async fn sleeps_untouched(g: &e2e::Game, table: &TableRef, version: i64, from: usize) {
    assert_eq!(
        three_days(g).await,
        0,
        "the scheduler looked at a parked game"
    );
    assert_eq!(g.stored().await.game.version, version, "nothing was played");
    let places = [table.channel, table.thread.unwrap_or(table.channel)];
    assert_eq!(calls_on(&g.fake, from, &places), Vec::<String>::new());
}

/// The REST calls made since request `from` on any of `places` (channel or thread ids).
fn calls_on(fake: &FakeDiscord, from: usize, places: &[u64]) -> Vec<String> {
    fake.requests()
        .iter()
        .skip(from)
        .filter(|r| places.iter().any(|p| r.path.contains(&p.to_string())))
        .map(|r| format!("{} {} -> {}", r.method, r.path, r.status))
        .collect()
}

/// Three simulated days of scheduler passes (every ten minutes): what a parked game must
/// sleep through without a reminder or a stand-in move.
pub(crate) async fn three_days(g: &e2e::Game) -> usize {
    let http = g.fake.http();
    let mut looked = 0;
    for _ in 0..(3 * 24 * 6) {
        g.fake.advance_clock(Duration::from_secs(600));
        let pass = farmhand::discord::schedule::pass(&http, &g.bot().data, g.fake.now_ms())
            .await
            .unwrap();
        looked += pass.looked_at;
    }
    assert!(g.fake.settle().await);
    looked
}

/// `user` types `line` in `channel`; the private answer's text.
pub(crate) async fn say(fake: &FakeDiscord, user: u64, channel: u64, line: &str) -> String {
    let ix = fake.slash(user, channel, line).unwrap();
    let r = fake.reply(&ix).await.unwrap();
    r.message
        .and_then(|m| fake.message(m))
        .map(|m| m.text())
        .unwrap_or_else(|| r.content().to_string())
}

/// Player `seat` of `g` types `/{command} {verb} table:{table}` in `channel`, and the private
/// answer says `answer`.
async fn told_on(g: &e2e::Game, seat: usize, channel: u64, verb: &str, table: i64, answer: &str) {
    let line = format!("{} {verb} table:{table}", g.which.command());
    let said = say(&g.fake, g.users[seat], channel, &line).await;
    assert!(said.contains(answer), "{line}: {said}");
}

/// The game's channel is deleted (its thread with it): the game is parked, its players told,
/// and it sleeps through three days; a stranger's resume and one from another server are
/// refused; the host resumes it in another channel, where it is played to the final scores.
async fn deleted_channel_then_resumed(which: Which, tag: &str, seed: u64) {
    let mut g = started(which, tag, seed, 4).await;
    let cmd = which.command();
    let old = g.table.clone();
    let version = g.stored().await.game.version;
    g.fake.delete_channel(old.channel);
    let parked = parked_soon(&g).await;
    assert_eq!(parked.map(|p| p.0), Some(Parked::ChannelGone));
    assert!(g.fake.settle().await);
    let from = g.fake.requests().len();
    // Both players are told, with the way back.
    let way_back = format!("/{cmd} resume table:{}", old.game);
    each_told(&g, &["paused", &way_back]).await;
    // Three days pass: no reminder, no stand-in move, no call on the deleted places.
    sleeps_untouched(&g, &old, version, from).await;

    // The server's list shows it paused, with the way back, from any channel.
    let here = g.fake.add_channel("new-home");
    let said = say(&g.fake, g.users[1], here, &format!("{cmd} games")).await;
    assert!(
        said.contains(&format!("paused: /{cmd} resume table:{}", old.game)),
        "{said}"
    );
    // Bad input changes nothing: a player who is neither host nor manager, and a table
    // number typed in another server.
    told_on(&g, 1, here, "resume", old.game, "Only the host").await;
    let elsewhere_guild = g.fake.add_guild();
    let elsewhere = g.fake.add_channel_in(elsewhere_guild, "elsewhere");
    let unknown = "no table with that number";
    told_on(&g, 0, elsewhere, "resume", old.game, unknown).await;
    told_on(&g, 0, elsewhere, "abandon", old.game, unknown).await;
    assert!(g.stored().await.game.parked.is_some());

    // The host resumes it here: the table is posted again, a thread made, and play goes on.
    told_on(&g, 0, here, "resume", old.game, "plays here now").await;
    assert!(g.fake.settle().await);
    let t = g.stored().await;
    assert_eq!(t.game.parked, None);
    assert_eq!(t.game.channel_id, here);
    let message = t.game.table_message_id.expect("a table message");
    assert_ne!(message, old.message);
    let shown = g.fake.message(message).expect("the new table message");
    assert_eq!(shown.channel_id, here);
    let thread = t.game.thread_id.expect("a thread for the resumed game");
    assert_eq!(g.fake.threads_of(here), vec![thread]);
    assert!(
        g.fake
            .channel(thread)
            .iter()
            .any(|m| m.text().contains("resumed here")),
        "the thread says the game was resumed"
    );
    let table = farmhand::fake_discord::player::TableRef {
        channel: here,
        message,
        thread: Some(thread),
        game: old.game,
    };
    g.table = table.clone();
    g.driver.table = table;
    g.finish().await;
    g.stop().await;
}

for_both_games!(
    deleted_channel_then_resumed,
    fields_of_green_deleted_channel_is_parked_and_resumed("parked-fog", 421),
    key_harvest_deleted_channel_is_parked_and_resumed("parked-kh", 422)
);

/// The bot is removed from the server (GUILD_DELETE): its games there are parked, the players
/// told that it was removed, and nothing more goes to that server's channels, for days.
async fn removed_from_server(which: Which, tag: &str, seed: u64) {
    let g = started(which, tag, seed, 3).await;
    let version = g.stored().await.game.version;
    let from = g.fake.requests().len();
    g.fake.remove_bot(GUILD_ID);
    let parked = parked_soon(&g).await;
    assert_eq!(parked.map(|p| p.0), Some(Parked::Removed));
    each_told(&g, &["removed from its server"]).await;
    sleeps_untouched(&g, &g.table, version, from).await;
    // Its commands are gone from that server.
    assert!(
        g.fake
            .slash(
                g.users[0],
                g.table.channel,
                &format!("{} games", which.command())
            )
            .is_err()
    );
    assert!(g.fake.violations().is_empty(), "{:?}", g.fake.violations());
    g.stop().await;
}

for_both_games!(
    removed_from_server,
    fields_of_green_bot_removed_from_server("removed-fog", 423),
    key_harvest_bot_removed_from_server("removed-kh", 424)
);

/// The bot loses View Channel on the game's channel: the next redraw is refused (50001) and
/// the game is parked. A stranger cannot abandon it; the host abandons it by number from
/// another channel, and it is recorded as abandoned. A resume after that is refused.
async fn no_access_then_abandoned(which: Which, tag: &str, seed: u64) {
    let g = started(which, tag, seed, 3).await;
    let id = g.table.game;
    g.fake.deny(g.table.channel, perm::VIEW_CHANNEL);
    farmhand::discord::notify::refresh_table(&g.bot().data, id);
    assert!(g.fake.settle().await);
    assert_eq!(
        g.stored().await.game.parked.map(|p| p.0),
        Some(Parked::NoAccess)
    );
    each_told(&g, &["can no longer post"]).await;
    // A move is refused while parked, with the way back.
    let elsewhere = g.fake.add_channel("elsewhere");
    told_on(&g, 1, elsewhere, "abandon", id, "Only the host").await;
    assert_eq!(g.stored().await.game.status, Status::Active);
    told_on(&g, 0, elsewhere, "abandon", id, "abandoned").await;
    assert!(g.fake.settle().await);
    assert_eq!(g.stored().await.game.status, Status::Abandoned);
    told_on(&g, 0, elsewhere, "resume", id, "not paused").await;
    assert!(g.fake.violations().is_empty(), "{:?}", g.fake.violations());
    g.stop().await;
}

for_both_games!(
    no_access_then_abandoned,
    fields_of_green_no_access_then_abandoned("no-access-fog", 425),
    key_harvest_no_access_then_abandoned("no-access-kh", 426)
);

/// The service refuses a parked game's moves with the way back, and the store's parking is
/// idempotent: an event and a refusal for the same loss park (and announce) once.
#[tokio::test]
async fn a_parked_game_refuses_moves_and_parks_once() {
    let g = started(Which::FieldsOfGreen, "parked-service", 427, 2).await;
    let store = g.store();
    let gone = farmhand::store::Gone::Channel(g.table.channel);
    let (first, _) = store.park(gone, Parked::ChannelGone).await.unwrap();
    assert_eq!(first, vec![g.table.game]);
    let (again, _) = store.park(gone, Parked::NoAccess).await.unwrap();
    assert!(again.is_empty(), "parked twice: {again:?}");
    let (t, game) = g
        .bot()
        .data
        .service
        .load::<farmhand::games::fields_of_green::Game>(g.table.game)
        .await
        .unwrap();
    let game = game.unwrap();
    let seat = game.waiting_for()[0];
    let user = t.user_of(seat).unwrap();
    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(1);
    let action = game.legal_sample(seat, &mut rng)[0].clone();
    let Err(refused) = g
        .bot()
        .data
        .service
        .act::<farmhand::games::fields_of_green::Game>(g.table.game, user, None, &action)
        .await
    else {
        panic!("a parked game took a move");
    };
    assert!(
        matches!(refused, farmhand::service::ServiceError::Parked { table, command: "fog" } if table == g.table.game),
        "{refused:?}"
    );
    g.stop().await;
}
