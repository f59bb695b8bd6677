//! Nothing a player needs is dropped when a server changes under a running game: whole games of
//! Fields of Green against the fake Discord, with a permission taken away, a thread or the table
//! message deleted by a moderator, or Discord failing posts, halfway through. Each game must end
//! with its final scores where the players can read them, equal to an engine replay.

use farmhand::fake_discord::harness::{Bot, TempDb, fake_and_db, panics, test_config};
use farmhand::fake_discord::player::{self, Driver, Player, TableRef};
use farmhand::fake_discord::{FakeDiscord, FaultAction, FaultRule, RouteKind, perm, verify};

const NAMES: [&str; 2] = ["alice", "bob"];

/// A started two-player game with its thread, played until `decisions` decisions were made.
struct Running {
    fake: FakeDiscord,
    bot: Bot,
    driver: Driver,
    _db: TempDb,
}

async fn running(tag: &str, seed: u64, decisions: usize) -> Running {
    let (fake, db) = fake_and_db(tag).await;
    let channel = fake.add_channel("fields-of-green");
    let users: Vec<u64> = NAMES.iter().map(|n| fake.add_user(n)).collect();
    let bot = Bot::start(&fake, test_config(db.path()))
        .await
        .expect("start the bot");
    let table = player::open_table(&fake, users[0], channel, "fog new seats:2")
        .await
        .unwrap();
    assert!(table.thread.is_some(), "the game has a thread");
    player::join(&fake, users[1], &table).await.unwrap();
    player::start(&fake, users[0], &table).await.unwrap();
    let seats = users
        .iter()
        .zip(NAMES)
        .map(|(&u, n)| Player::new(u, n))
        .collect();
    let mut driver = Driver::new(&fake, &table, seats, seed);
    let over = driver
        .play_until(|d| d >= decisions)
        .await
        .expect("the first part of the game");
    assert!(!over, "the game ended before the change");
    assert!(fake.settle().await);
    Running {
        fake,
        bot,
        driver,
        _db: db,
    }
}

impl Running {
    fn table(&self) -> TableRef {
        self.driver.table.clone()
    }

    /// Plays to the end; checks the final scores in `table`'s play channel against the replay,
    /// that no task panicked and that the fake saw nothing wrong.
    async fn finish(mut self, table: &TableRef) -> Self {
        self.driver
            .play()
            .await
            .expect("the game is played to the end");
        assert!(self.fake.settle().await, "the bot did not go quiet");
        verify::fields_of_green::check_final(&self.fake, &self.bot.data, table)
            .await
            .expect("the final scores, where the players can read them");
        self.fake.assert_clean();
        assert!(panics().is_empty(), "panics: {:?}", panics());
        self
    }

    async fn stop(self) {
        self.bot.stop().await.unwrap();
    }

    /// Titles of the posts in a channel or thread (every embed's: posts may be merged).
    fn titles(&self, channel: u64) -> Vec<String> {
        self.fake
            .channel(channel)
            .iter()
            .flat_map(|m| m.embeds.iter().map(|e| e.title.clone()))
            .collect()
    }
}

/// The bot loses Attach Files halfway through: the year summaries and the final scores are
/// posted without their pictures (text grids only), and after the first refusal the bot stops
/// sending pictures Discord would refuse.
#[tokio::test]
async fn posts_refused_for_their_pictures_are_sent_without_them() {
    let g = running("no-attach", 31, 6).await;
    let table = g.table();
    let thread = table.thread.unwrap();
    g.fake.deny(table.channel, perm::ATTACH_FILES);
    let g = g.finish(&table).await;
    let titles = g.titles(thread);
    let years = titles.iter().filter(|t| t.contains("End of year")).count();
    assert!(
        years >= 3,
        "{years} year summaries in the thread: {titles:?}"
    );
    let refused: Vec<String> = g
        .fake
        .requests()
        .iter()
        .filter(|r| r.status == 403)
        .map(|r| format!("{} {}", r.method, r.path))
        .collect();
    // Pictures posted before the permission went stay; none after. Exactly one post was
    // refused: the bot remembered.
    assert_eq!(refused.len(), 1, "refused: {refused:?}");
    let after: usize = g
        .fake
        .channel(thread)
        .iter()
        .filter(|m| m.title().contains("End of year") || m.title().contains("Final scores"))
        .map(|m| m.attachments.len())
        .sum();
    assert_eq!(after, 0, "pictures after Attach Files was taken away");
    g.stop().await;
}

/// The bot loses Send Messages in Threads halfway through: the game's posts go to the table's
/// channel instead, to the final scores.
#[tokio::test]
async fn posts_the_thread_refuses_go_to_the_channel() {
    let g = running("no-thread-send", 32, 6).await;
    let mut table = g.table();
    let thread = table.thread.unwrap();
    let in_thread = g.fake.channel(thread).len();
    g.fake.deny(table.channel, perm::SEND_MESSAGES_IN_THREADS);
    // The final scores are read in the channel.
    table.thread = None;
    let g = g.finish(&table).await;
    assert_eq!(
        g.fake.channel(thread).len(),
        in_thread,
        "nothing more in the thread"
    );
    let titles = g.titles(table.channel);
    assert!(
        titles.iter().any(|t| t.contains("End of year")),
        "the year summaries moved to the channel: {titles:?}"
    );
    g.stop().await;
}

/// A moderator deletes the game's thread halfway through: the bot makes it again, stores it,
/// and the rest of the game (its final scores included) is posted there.
#[tokio::test]
async fn a_deleted_thread_is_made_again_and_stored() {
    let mut g = running("thread-deleted", 33, 6).await;
    let mut table = g.table();
    let old = table.thread.unwrap();
    g.fake.delete_channel(old);
    // The driver looks for the final scores in the old thread, and finds the end on the table
    // message; they are checked in the new thread below.
    g.driver
        .play()
        .await
        .expect("the game is played to the end");
    assert!(g.fake.settle().await);
    let threads = g.fake.threads_of(table.channel);
    assert_eq!(threads.len(), 1, "one thread again: {threads:?}");
    let new = threads[0];
    assert_ne!(new, old);
    let (stored, _) = g.bot.data.service.load_any(table.game).await.unwrap();
    assert_eq!(stored.game.thread_id, Some(new), "the new thread is stored");
    table.thread = Some(new);
    g.driver.table = table.clone();
    let g = g.finish(&table).await;
    let titles = g.titles(new);
    assert!(
        titles.len() > 3,
        "the rest of the game went to the new thread: {titles:?}"
    );
    g.stop().await;
}

/// A moderator deletes the table message: the next redraw posts it again, the new id is
/// stored, and the game is played to the end on it.
#[tokio::test]
async fn a_deleted_table_message_is_posted_again_and_stored() {
    let mut g = running("table-deleted", 34, 6).await;
    let table = g.table();
    g.fake.delete_message(table.message);
    farmhand::discord::notify::refresh_table(&g.bot.data, table.game);
    assert!(g.fake.settle().await);
    let (stored, _) = g.bot.data.service.load_any(table.game).await.unwrap();
    let new = stored.game.table_message_id.expect("a table message");
    assert_ne!(new, table.message, "a new table message is stored");
    let shown = g.fake.message(new).expect("the new table message");
    assert_eq!(shown.channel_id, table.channel);
    assert!(
        shown.button("My hand").is_some(),
        "the new table message has the game's buttons: {shown:?}"
    );
    g.driver.table.message = new;
    let table = g.driver.table.clone();
    let g = g.finish(&table).await;
    g.stop().await;
}

/// A game whose next two requests of `kind` Discord fails with 503 (without making them),
/// played to the end: both failures happened (else the test tested nothing) and the game
/// finished regardless. Every such request fails until two have failed: the first one after
/// this is refused twice and made on its third try (the outbox tries three times). Certain,
/// where a coin per request left the count to how many the rest of the game happened to make.
async fn two_503s(tag: &str, seed: u64, kind: RouteKind) -> (Running, TableRef) {
    let g = running(tag, seed, 6).await;
    let table = g.table();
    g.fake.set_faults(
        seed,
        vec![FaultRule::always(&[kind], FaultAction::Fail(503)).times(2)],
    );
    let g = g.finish(&table).await;
    let failed = g.fake.requests().iter().filter(|r| r.status == 503).count();
    assert_eq!(
        failed, 2,
        "the injected {kind:?} failures: the test tested nothing"
    );
    (g, table)
}

/// Discord fails posts in the thread with server errors (503, without making them): each is
/// tried again and nothing is missing at the end.
#[tokio::test]
async fn posts_failed_by_server_errors_are_tried_again() {
    let (g, table) = two_503s("posts-503", 35, RouteKind::CreateMessage).await;
    let titles = g.titles(table.thread.unwrap());
    let years = titles.iter().filter(|t| t.contains("End of year")).count();
    assert!(years >= 3, "{titles:?}");
    g.stop().await;
}

/// Discord fails the first uploads (posts with pictures) with server errors: each is tried
/// again, pictures and all.
#[tokio::test]
async fn uploads_failed_by_server_errors_are_tried_again_with_their_pictures() {
    let (g, table) = two_503s("uploads-503", 36, RouteKind::Upload).await;
    let with_pictures = g
        .fake
        .channel(table.thread.unwrap())
        .iter()
        .filter(|m| m.title().contains("End of year") && !m.attachments.is_empty())
        .count();
    assert!(
        with_pictures >= 3,
        "{with_pictures} year summaries with their pictures"
    );
    g.stop().await;
}
