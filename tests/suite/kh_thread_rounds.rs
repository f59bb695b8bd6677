//! Key Harvest's thread gathers each round (every seat's turn once) into one post, as Fields of
//! Green gathers a turn, instead of a post per action: a whole game against the fake Discord.

use farmhand::fake_discord::RouteKind;
use farmhand::games::key_harvest as kh;

use crate::e2e::Which;

#[tokio::test]
async fn the_thread_gets_one_post_per_round() {
    let mut g = Which::KeyHarvest.new_game("kh-rounds", 3, "", &[], 5).await;
    let (fake, table) = (g.fake.clone(), g.table.clone());
    let thread = table.thread.expect("a thread");
    let posts_before = fake.channel(thread).len();
    // The whole game, with every end-of-game check (the final scores equal the replay's).
    g.finish().await;
    let data = &g.bot().data;
    let (_, game) = data.service.load::<kh::Game>(table.game).await.unwrap();
    let game = game.expect("started");
    let turns = game.state().turn.number;
    let rounds = turns.div_ceil(3);
    let actions = data.service.store().actions(table.game).await;
    let actions = actions.unwrap().len();
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
    g.stop().await;
}
