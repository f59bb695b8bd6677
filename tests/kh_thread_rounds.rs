//! Key Harvest's thread gathers each round (every seat's turn once) into one post, as Fields of
//! Green gathers a turn, instead of a post per action: a whole game against the fake Discord.

use farmhand::fake_discord::harness::{
    Bot, TempDb, init_tracing, panics, test_config, watch_panics,
};
use farmhand::fake_discord::player::{self, Driver, Player};
use farmhand::fake_discord::{FakeDiscord, RouteKind, verify};
use farmhand::games::key_harvest as kh;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_thread_gets_one_post_per_round() {
    init_tracing();
    watch_panics();
    let fake = FakeDiscord::start().await.expect("start the fake");
    let db = TempDb::new("kh-rounds");
    let channel = fake.add_channel("key-harvest");
    let names = ["alice", "bob", "carol"];
    let users: Vec<u64> = names.iter().map(|n| fake.add_user(n)).collect();
    let bot = Bot::start(&fake, test_config(db.path()))
        .await
        .expect("start the bot");
    let table = player::open_table(&fake, users[0], channel, "kh new seats:3")
        .await
        .unwrap();
    for &u in &users[1..] {
        player::join(&fake, u, &table).await.unwrap();
    }
    player::start(&fake, users[0], &table).await.unwrap();
    let thread = table.thread.expect("a thread");
    let posts_before = fake.channel(thread).len();
    let seats = users
        .iter()
        .zip(names)
        .map(|(&u, n)| Player::new(u, n))
        .collect();
    let mut driver = Driver::new(&fake, &table, seats, 5);
    driver.play().await.expect("the game is played to the end");
    assert!(fake.settle().await);
    verify::check_final_as::<kh::Game>(&fake, &bot.data, &table)
        .await
        .expect("the final scores");
    let (_, game) = bot.data.service.load::<kh::Game>(table.game).await.unwrap();
    let game = game.expect("started");
    let turns = game.state().turn.number;
    let rounds = turns.div_ceil(3);
    let actions = bot
        .data
        .service
        .store()
        .actions(table.game)
        .await
        .unwrap()
        .len();
    let titles: Vec<String> = fake
        .channel(thread)
        .iter()
        .skip(posts_before)
        .flat_map(|m| m.embeds.iter().map(|e| e.title.clone()))
        .collect();
    let numbered: Vec<u32> = titles
        .iter()
        .filter_map(|t| t.strip_prefix("Round "))
        .filter_map(|t| t.split(' ').next()?.parse().ok())
        .collect();
    // Every round once, in order, the last one posted at the end of the game.
    assert_eq!(
        numbered,
        (1..=rounds).collect::<Vec<_>>(),
        "{turns} turns; posts: {titles:?}"
    );
    let posts = fake.channel(thread).len() - posts_before;
    assert!(
        posts as u32 <= rounds + 2,
        "{posts} posts for {rounds} rounds: {titles:?}"
    );
    let edits = fake
        .requests()
        .iter()
        .filter(|r| r.kind == RouteKind::EditMessage)
        .count();
    println!(
        "{actions} stored actions, {turns} turns, {posts} thread posts, {edits} edits: {:.2} posts and edits per action",
        (posts + edits) as f64 / actions as f64
    );
    fake.assert_clean();
    assert!(panics().is_empty(), "panics: {:?}", panics());
    bot.stop().await.unwrap();
}
