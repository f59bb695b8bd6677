//! The coach's review on Discord end to end (issue 30), in both games and both languages,
//! against the fake Discord: a finished table's message offers Review; a click is deferred
//! (private), says the review is being prepared, and is then filled in with the clicker's own
//! costliest decisions in sentences and the chart as a PNG. The review is stored once (table
//! `coach_review`); a second click, by another seat, reads it from the store: the stored row's
//! timestamps do not change. Someone who did not play gets the chart only; `/fog review` and
//! `/kh review` find the channel's latest finished game, and refuse an unknown or unfinished one.

use farmhand::fake_discord::FakeDiscord;
use farmhand::fake_discord::reading::has_japanese;
use farmhand::fake_discord::view::MessageView;
use std::time::Duration;

use crate::e2e::{self, Game, Which};

/// How long a review may take in these tests: a few seconds for two players on an optimised
/// build, much more on a machine busy with other builds.
const REVIEW_WAIT: Duration = Duration::from_secs(600);

/// The words a test looks for, in the language of the players.
struct Words {
    button: &'static str,
    preparing: &'static str,
    head: &'static str,
    mine: &'static str,
    chart_only: &'static str,
    /// The chart's title and axes, as the line beside the chart says them (issue 43).
    chart: [&'static str; 2],
    /// How each game names a decision's moment: Fields of Green's year and turn (or card),
    /// Key Harvest's round (or the setup).
    fog_moment: fn(&str) -> bool,
    kh_moment: fn(&str) -> bool,
}

/// "Year 4 · turn 3", "Year 2 · card 5", "Year 1 · upkeep", "Year 3 · harvest".
fn fog_en(named: &str) -> bool {
    named.strip_prefix("Year ").is_some_and(|rest| {
        let (year, what) = rest.split_once(" · ").unwrap_or(("", ""));
        year.parse::<u8>().is_ok_and(|y| (1..=4).contains(&y))
            && (what.starts_with("turn ")
                || what.starts_with("card ")
                || what == "upkeep"
                || what == "harvest")
    })
}

/// "Round 5, bid", "Round 2", "Setup, start player".
fn kh_en(named: &str) -> bool {
    named == "Setup, start player"
        || named.strip_prefix("Round ").is_some_and(|rest| {
            rest.split(", ")
                .next()
                .is_some_and(|n| n.parse::<u32>().is_ok())
        })
}

/// 「4年目 · 3ターン目」, 「2年目 · 5枚目」, 「1年目 · 収穫フェイズ」.
fn fog_ja(named: &str) -> bool {
    named.split_once("年目 · ").is_some_and(|(year, what)| {
        year.parse::<u8>().is_ok()
            && (what.ends_with("ターン目") || what.ends_with("枚目") || what.ends_with("フェイズ"))
    })
}

/// 「第5ラウンド · 入札」, 「準備 · スタートプレイヤー」.
fn kh_ja(named: &str) -> bool {
    named.starts_with("準備 · ") || named.starts_with('第') && named.contains("ラウンド")
}

const EN: Words = Words {
    button: "Review",
    preparing: "Preparing the review",
    head: "Review of table #",
    mine: "you chose",
    chart_only: "you did not play at this table",
    chart: [
        "📈 **Expected final score after each turn** (Expected final score (points) up the side; Turns, marked by ",
        "Each point is the final score if the heuristic bot played every seat from there on",
    ],
    fog_moment: fog_en,
    kh_moment: kh_en,
};

const JA: Words = Words {
    button: "振り返り",
    preparing: "振り返りを準備しています",
    head: "の振り返り:",
    mine: "を選びました。ボットなら",
    chart_only: "あなたはこのテーブルで遊んでいない",
    chart: [
        "📈 **各ターン後の最終得点の見込み**（縦軸：最終得点の見込み（点）、横軸：ターン（",
        "各点は、そこから先を全員の席でヒューリスティックボットが遊んだときの最終得点です。",
    ],
    fog_moment: fog_ja,
    kh_moment: kh_ja,
};

/// Waits until the deferred answer `message` is no longer "thinking..." nor "being prepared",
/// and returns it.
async fn final_answer(fake: &FakeDiscord, message: u64, w: &Words) -> MessageView {
    let ready = fake
        .wait_for(REVIEW_WAIT, |world| {
            world
                .messages
                .get(&message)
                .is_some_and(|m| !m.loading && !m.content.contains(w.preparing))
        })
        .await;
    assert!(ready, "the review was not shown in time");
    fake.message(message).expect("the answer")
}

/// Clicks Review on the finished table's message as `user`; returns the final private answer.
async fn click_review(g: &Game, user: u64, w: &Words) -> MessageView {
    let fake = &g.fake;
    let fin = fake.message(g.table.message).expect("the table message");
    let id = fin
        .button(w.button)
        .unwrap_or_else(|| panic!("the finished table offers {}", w.button))
        .custom_id()
        .to_string();
    let ix = fake.click(user, fin.id, &id).unwrap();
    let r = fake.reply_within(&ix, REVIEW_WAIT).await.unwrap();
    assert_eq!(r.kind, 5, "the Review click is deferred");
    assert!(r.ephemeral(), "a review is private");
    final_answer(fake, r.message.expect("the deferred answer's message"), w).await
}

/// Checks an answer has the chart as a PNG.
fn has_chart(m: &MessageView) {
    let png: Vec<_> = m.pictures().collect();
    assert_eq!(png.len(), 1, "one chart: {:?}", m.attachments);
    assert!(
        png[0].filename.starts_with("review-"),
        "{}",
        png[0].filename
    );
    assert!(png[0].size > 1000, "a real picture: {} bytes", png[0].size);
}

/// A finished game, then the review clicked by two seats and a stranger, and asked for by the
/// slash command; checks what each sees and that the review was computed once.
async fn review_end_to_end(mut g: Game, w: &Words, japanese: bool) {
    g.finish().await;
    let store = g.store().clone();
    let id = g.table.game;
    assert_eq!(
        store.review_row(id).await.unwrap(),
        None,
        "not computed yet"
    );

    // The first click computes it, telling the clicker it is being prepared meanwhile.
    let first = click_review(&g, g.users[0], w).await;
    let text = first.content.clone();
    assert!(text.contains(w.head), "{text}");
    assert!(text.contains(w.mine), "the clicker's own decisions: {text}");
    assert_eq!(has_japanese(&text), japanese, "{text}");
    has_chart(&first);
    // Issue 43: each decision is named as the game names its moment (never "Turn 98"), and
    // the chart's title and axes are said beside it.
    let moment = match g.which {
        Which::FieldsOfGreen => w.fog_moment,
        Which::KeyHarvest => w.kh_moment,
    };
    let decisions: Vec<&str> = text.lines().filter(|l| l.contains(w.mine)).collect();
    assert!(!decisions.is_empty(), "{text}");
    for d in &decisions {
        let named = d
            .split_once(": ")
            .or_else(|| d.split_once('：'))
            .map_or("", |(n, _)| n);
        assert!(moment(named), "not named as the game names it: {d}");
    }
    for said in w.chart {
        assert!(
            text.contains(said),
            "the chart's words {said:?} missing: {text}"
        );
    }
    // The answer was edited twice: "being prepared", then the review.
    let edits = g.fake.with(|world| world.messages[&first.id].edits);
    assert!(edits >= 2, "{edits} edits");
    let row = store
        .review_row(id)
        .await
        .unwrap()
        .expect("the stored review");
    assert_eq!(row.state, "done");
    assert!(row.review.is_some() && row.finished_at.is_some());

    // The second seat's click reads the store: its own decisions, and the row unchanged.
    let second = click_review(&g, g.users[1], w).await;
    assert!(second.content.contains(w.head), "{}", second.content);
    assert_ne!(second.content, text, "each seat reads its own decisions");
    has_chart(&second);
    let again = store.review_row(id).await.unwrap().unwrap();
    assert_eq!(again, row, "read from the store, not computed again");

    // Someone who did not play sees the chart only.
    let stranger = g.fake.add_user("zed");
    if japanese {
        g.fake.with(|world| {
            world.locales.insert(stranger, "ja".to_string());
        });
    }
    let theirs = click_review(&g, stranger, w).await;
    assert!(theirs.content.contains(w.chart_only), "{}", theirs.content);
    assert!(!theirs.content.contains(w.mine), "{}", theirs.content);
    has_chart(&theirs);

    // The slash command finds the channel's latest finished game: the same review.
    let group = g.which.command();
    let ix = g
        .fake
        .slash(g.users[0], g.table.channel, &format!("{group} review"))
        .unwrap();
    let r = g.fake.reply_within(&ix, REVIEW_WAIT).await.unwrap();
    assert!(r.ephemeral(), "a review is private");
    let by_command = final_answer(&g.fake, r.message.expect("the answer"), w).await;
    assert_eq!(by_command.content, text, "the same review by command");
    has_chart(&by_command);
    assert_eq!(store.review_row(id).await.unwrap().unwrap(), row);
    g.stop().await;
}

for_both_games!(
    review_in,
    fields_of_green_review_end_to_end("fog-review", 41, false),
    key_harvest_review_end_to_end("kh-review", 42, false)
);

/// [`review_end_to_end`] of a game of `which` for two, with English or (server and clients)
/// Japanese players.
async fn review_in(which: Which, tag: &str, seed: u64, in_japanese: bool) {
    let (prepare, words): (fn(&FakeDiscord, &[u64]), _) = if in_japanese {
        (japanese, &JA)
    } else {
        (|_, _| {}, &EN)
    };
    let g = e2e::new_game(which, tag, 2, "", &[], seed, prepare).await;
    review_end_to_end(g, words, in_japanese).await;
}

/// Bad input: an unknown table, another game's table, and a table not played to the end each
/// get a clear private sentence, and no review row.
#[tokio::test]
async fn review_refuses_unknown_and_unfinished_games() {
    let g = Which::KeyHarvest
        .new_game("kh-review-bad", 2, "", &[], 45)
        .await;
    let fake = g.fake.clone();
    let store = g.store().clone();
    let ask = |line: String| {
        let fake = fake.clone();
        let (user, channel) = (g.users[0], g.table.channel);
        async move {
            let ix = fake.slash(user, channel, &line).unwrap();
            let r = fake.reply_within(&ix, REVIEW_WAIT).await.unwrap();
            assert!(r.ephemeral(), "a review's refusal is private");
            final_answer(&fake, r.message.expect("the answer"), &EN)
                .await
                .content
        }
    };
    let id = g.table.game;
    let said = ask("kh review game:99999".to_string()).await;
    assert_eq!(said, "There is no Key Harvest table #99999 in this server.");
    let said = ask(format!("fog review game:{id}")).await;
    assert_eq!(
        said,
        format!("There is no Fields of Green table #{id} in this server.")
    );
    // The game in progress has no review yet, and the channel has no finished game.
    let said = ask(format!("kh review game:{id}")).await;
    assert_eq!(
        said,
        format!("Table #{id} was not played to the end, so it has no review.")
    );
    let said = ask("kh review".to_string()).await;
    assert!(
        said.starts_with("No Key Harvest game has ended in this channel"),
        "{said}"
    );
    assert_eq!(store.review_row(id).await.unwrap(), None);
    g.stop().await;
}

/// Issue 42: a review that is ready more than 14 minutes after its click (a long review on a
/// busy machine) no longer edits the deferred answer, whose token Discord expires at 15
/// minutes: it is sent to the clicker by DM, with its chart. The 15 minutes pass on the one
/// clock (simulated), while the review is being computed.
#[tokio::test]
async fn a_review_ready_after_fourteen_minutes_goes_by_dm() {
    let mut g = Which::FieldsOfGreen
        .new_game("fog-review-late", 2, "", &[], 44)
        .await;
    g.finish().await;
    let fake = g.fake.clone();
    let user = g.users[0];
    let fin = fake.message(g.table.message).expect("the table message");
    let id = fin
        .button(EN.button)
        .expect("the finished table offers Review")
        .custom_id()
        .to_string();
    let ix = fake.click(user, fin.id, &id).unwrap();
    let r = fake.reply_within(&ix, REVIEW_WAIT).await.unwrap();
    assert_eq!(r.kind, 5, "the Review click is deferred");
    // A two-player review of Fields of Green takes seconds of CPU even on an optimised build:
    // once the answer says it is being prepared, the clock moves on while it is computed.
    let answer = r.message.expect("the deferred answer's message");
    let preparing = fake
        .wait_for(REVIEW_WAIT, |w| {
            w.messages
                .get(&answer)
                .is_some_and(|m| m.content.contains(EN.preparing))
        })
        .await;
    assert!(
        preparing,
        "the answer never said the review is being prepared"
    );
    fake.advance_clock(Duration::from_secs(15 * 60));
    let review = fake
        .wait_for_dm(user, EN.head, Duration::from_secs(120))
        .await
        .expect("the late review never came by DM");
    assert!(review.content.contains(EN.mine), "{}", review.content);
    has_chart(&review);
    // The expired answer was left as it was: never edited into the review.
    let shown = fake.message(answer).expect("the deferred answer");
    assert!(!shown.text().contains(EN.head), "{}", shown.text());
    assert!(fake.violations().is_empty(), "{:?}", fake.violations());
    g.stop().await;
}

/// The review made while the game is played (`game.review_ahead`, issue 43) is stored when the
/// game ends, with nobody asking, and is the review made at once from the stored actions; the
/// Review button then reads it. In both games.
#[tokio::test]
async fn a_review_made_while_the_game_is_played_is_the_one_made_after() {
    for (which, tag, seed) in [
        (Which::FieldsOfGreen, "fog-ahead", 45),
        (Which::KeyHarvest, "kh-ahead", 46),
    ] {
        let mut g = which
            .new_game_configured(tag, 2, seed, |c| c.game.review_ahead = true)
            .await;
        g.finish().await;
        let data = g.bot().data.clone();
        let store = data.service.store().clone();
        let id = g.table.game;
        // Stored by the bot on its own, once the last decision is priced.
        let deadline = std::time::Instant::now() + REVIEW_WAIT;
        let row = loop {
            let row = store.review_row(id).await.unwrap();
            if let Some(r) = row.as_ref().filter(|r| r.state == "done") {
                break r.clone();
            }
            assert!(
                std::time::Instant::now() < deadline,
                "{tag}: no review stored: {row:?}"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        };
        // Nothing kept once stored: the reviewer is let go of as the review is stored, and a
        // late call (a click after the end) lets go of its own as soon as it finds the review.
        let deadline = std::time::Instant::now() + REVIEW_WAIT;
        while data.reviews_ahead_len() != 0 {
            assert!(
                std::time::Instant::now() < deadline,
                "{tag}: nothing kept once stored, {} kept",
                data.reviews_ahead_len()
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let table = store.table(id).await.unwrap();
        let actions = store.actions(id).await.unwrap();
        let at_once = match which {
            Which::FieldsOfGreen => {
                let deck = data.service.library().fields_of_green.clone();
                farmhand::discord::review::compute::<farmhand::games::fields_of_green::Game>(
                    &table, &deck, &actions,
                )
            }
            Which::KeyHarvest => {
                let board = data.service.library().key_harvest.clone();
                farmhand::discord::review::compute::<farmhand::games::key_harvest::Game>(
                    &table, &board, &actions,
                )
            }
        }
        .unwrap();
        assert_eq!(
            row.review.as_deref(),
            Some(serde_json::to_string(&at_once).unwrap().as_str()),
            "{tag}: the same review"
        );
        // The Review button reads it: the row is not computed again.
        let first = click_review(&g, g.users[0], &EN).await;
        has_chart(&first);
        assert_eq!(store.review_row(id).await.unwrap(), Some(row), "{tag}");
    }
}

/// A Japanese server and clients.
fn japanese(fake: &FakeDiscord, users: &[u64]) {
    fake.with(|w| {
        w.guild_locale = "ja".to_string();
        for u in users {
            w.locales.insert(*u, "ja".to_string());
        }
    })
}

for_both_games!(
    review_in,
    fields_of_green_review_in_japanese("fog-review-ja", 43, true),
    key_harvest_review_in_japanese("kh-review-ja", 44, true)
);
