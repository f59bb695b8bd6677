//! Issue 42, item 2: tables opened inside a thread or a forum post, a natural home for a game
//! that lasts days, play there: the lobby and the table message in it, every post in it, and no
//! thread started inside it (Discord refuses one: 400, code 50024). What the bot needs there is
//! Send Messages in Threads, not Send Messages. An announcement or voice channel is refused
//! with a clear line, and a thread deleted under its table parks the game. Both games.

use crate::e2e::{self, Which};
use crate::parked::{parked_soon, say, three_days};
use farmhand::fake_discord::world::ChannelKind;
use farmhand::fake_discord::{FakeDiscord, RouteKind, perm};
use farmhand::store::Parked;

/// Where a test opens its table.
#[derive(Clone, Copy, Debug)]
enum Home {
    /// A thread a member started in the game's text channel.
    Thread,
    /// A member's post in a forum channel.
    ForumPost,
}

fn make(home: Home, fake: &FakeDiscord, channel: u64, users: &[u64]) -> u64 {
    match home {
        Home::Thread => fake.add_thread(channel, "Game night", users[0]),
        Home::ForumPost => {
            let forum = fake.add_channel_of("long-games", ChannelKind::Forum);
            fake.add_thread(forum, "Our game of the week", users[0])
        }
    }
}

/// A two-player game opened in `home` and started; `prepare` runs on the fake before the bot
/// starts.
async fn game_in(
    which: Which,
    home: Home,
    tag: &str,
    seed: u64,
    prepare: impl FnOnce(&FakeDiscord, &[u64]),
) -> e2e::Game {
    let opening = e2e::Opening {
        which,
        tag,
        players: 2,
        options: "",
        dm: &[],
        seed,
    };
    let setup = e2e::Setup {
        prepare: Box::new(prepare),
        place: Box::new(move |fake, channel, users| make(home, fake, channel, users)),
        ..e2e::Setup::default()
    };
    e2e::open(opening, setup).await
}

/// A whole two-player game opened in `home`: the table is there, the bot starts no thread,
/// and every post of the game (the summaries, the final scores) goes there. The bot has Send
/// Messages in Threads but not Send Messages, as a server that lets members talk only in
/// threads would have it.
async fn whole_game_inside(which: Which, home: Home, tag: &str, seed: u64) {
    let mut g = game_in(which, home, tag, seed, |fake, _| {
        fake.deny_everywhere(perm::SEND_MESSAGES)
    })
    .await;
    let place = g.table.channel;
    assert!(
        g.fake
            .with(|w| matches!(w.channels[&place].kind, ChannelKind::Thread { .. })),
        "{tag}: the table is in the thread"
    );
    assert_eq!(g.table.thread, None, "{tag}: no thread of its own");
    let before = g.fake.channel(place).len();
    g.finish().await;
    let started = g
        .fake
        .requests()
        .iter()
        .filter(|r| r.kind == RouteKind::CreateThread)
        .count();
    assert_eq!(started, 0, "{tag}: no thread was started inside the thread");
    let posts = g.fake.channel(place);
    assert!(
        posts.len() > before + 3,
        "{tag}: the game's posts went to the thread ({} then {})",
        before,
        posts.len()
    );
    assert!(
        g.fake.violations().is_empty(),
        "{tag}: {:?}",
        g.fake.violations()
    );
    g.stop().await;
}

for_both_games!(
    whole_game_inside,
    fields_of_green_in_a_thread(Home::Thread, "in-thread-fog", 441),
    key_harvest_in_a_forum_post(Home::ForumPost, "in-post-kh", 442)
);

for_both_games!(
    whole_game_inside,
    fields_of_green_in_a_forum_post(Home::ForumPost, "in-post-fog", 443),
    key_harvest_in_a_thread(Home::Thread, "in-thread-kh", 444)
);

/// The places a table cannot open, and what is missing inside a thread: each gets one clear
/// line, and no lobby is posted.
async fn refused_places(which: Which, tag: &str) {
    let g = which.new_game(tag, 2, "", &[], 445).await;
    let (fake, host) = (&g.fake, g.users[0]);
    let cmd = which.command();
    let posts = |fake: &FakeDiscord| {
        fake.requests()
            .iter()
            .filter(|r| r.kind == RouteKind::CreateMessage)
            .count()
    };
    let before = posts(fake);
    for kind in [ChannelKind::Announcement, ChannelKind::Voice] {
        let c = fake.add_channel_of("not-for-tables", kind.clone());
        let said = say(fake, host, c, &format!("{cmd} new seats:2")).await;
        assert!(
            said.contains("not in an announcement or voice channel"),
            "{kind:?}: {said}"
        );
    }
    // A forum channel takes no command at all: only its posts do.
    let forum = fake.add_channel_of("forum", ChannelKind::Forum);
    assert!(fake.slash(host, forum, &format!("{cmd} new")).is_err());
    // Inside a thread, Send Messages in Threads is what counts.
    let text = fake.add_channel("threads-only-no");
    fake.deny(text, perm::SEND_MESSAGES_IN_THREADS);
    let thread = fake.add_thread(text, "Game night", host);
    let said = say(fake, host, thread, &format!("{cmd} new seats:2")).await;
    assert!(said.contains("Send Messages in Threads"), "{said}");
    assert_eq!(posts(fake), before, "no lobby was posted");
    assert!(fake.violations().is_empty(), "{:?}", fake.violations());
    g.stop().await;
}

for_both_games!(
    refused_places,
    fields_of_green_refuses_announcement_and_voice_channels("refused-places-fog"),
    key_harvest_refuses_announcement_and_voice_channels("refused-places-kh")
);

/// The thread a table was opened in is deleted (THREAD_DELETE): the game is parked, as for a
/// deleted channel, and nothing more is sent there.
async fn deleted_home_thread_parks(which: Which, home: Home, tag: &str, seed: u64) {
    let mut g = game_in(which, home, tag, seed, |_, _| {}).await;
    g.play_into(4, "the thread is deleted").await;
    assert!(g.fake.settle().await);
    let place = g.table.channel;
    g.fake.delete_channel(place);
    let parked = parked_soon(&g).await;
    assert_eq!(parked.map(|p| p.0), Some(Parked::ChannelGone), "{tag}");
    assert!(g.fake.settle().await);
    // Three days on: no reminder, redraw or stand-in move goes to the deleted thread.
    let from = g.fake.requests().len();
    assert_eq!(three_days(&g).await, 0, "{tag}: the scheduler looked at it");
    let calls: Vec<String> = g
        .fake
        .requests()
        .iter()
        .skip(from)
        .filter(|r| r.path.contains(&place.to_string()))
        .map(|r| format!("{} {}", r.method, r.path))
        .collect();
    assert!(
        calls.is_empty(),
        "{tag}: calls to the deleted thread: {calls:?}"
    );
    g.stop().await;
}

for_both_games!(
    deleted_home_thread_parks,
    fields_of_green_deleted_forum_post_parks_the_game(Home::ForumPost, "gone-post-fog", 446),
    key_harvest_deleted_thread_parks_the_game(Home::Thread, "gone-thread-kh", 447)
);
