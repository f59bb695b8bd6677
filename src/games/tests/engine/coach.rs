//! The coach (issue 30): a hint is computed from the seat's view only. Two games that differ
//! only in what the seat cannot see (the other hands, the piles' order, the other seats' hidden
//! counters, the bag) give the seat the same hint; and the review of a finished game prices
//! decisions and draws a point per turn for every seat.

use farmhand_games::coach::{self, hint};
use farmhand_games::fields_of_green as fog;
use farmhand_games::key_harvest as kh;
use farmhand_games::{Engine, TableSetup};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// True when two games differ (they show the seat the same view, so they differ in what it
/// cannot see).
fn hidden_differs<S: serde::Serialize>(a: &S, b: &S) -> bool {
    serde_json::to_string(a).unwrap() != serde_json::to_string(b).unwrap()
}

/// Another game with the same view for `seat`, sampled from that view alone; asserts it is a
/// different world (some other seat's hidden part differs) and shows the seat the same view.
fn fog_twin(game: &fog::Game, seat: usize, k: u64) -> fog::Game {
    let view = game.player_view(seat);
    let mut rng = ChaCha8Rng::seed_from_u64(1000 + k);
    let twin = fog::bots::determinize::sample(game.deck_arc(), &view, &mut rng)
        .expect("a view is rebuilt");
    assert_eq!(twin.player_view(seat), view);
    twin
}

#[test]
fn a_fields_of_green_hint_is_the_same_whatever_the_other_seats_hold() {
    let deck = fog::Deck::default_deck();
    let mut checked = 0;
    for players in [2usize, 4] {
        let (mut g, _) = <fog::Game as Engine>::start(
            &deck,
            &TableSetup {
                players,
                intro: false,
                seed: 7 + players as u64,
            },
        )
        .unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut steps = 0u32;
        let before = checked;
        while !g.is_over() && steps < 400 && checked < before + 4 {
            let seat = g.waiting_for()[0];
            let view = g.player_view(seat);
            // A choice among several cards or actions: where hidden hands could sway a bot.
            if steps.is_multiple_of(9) && view.legal.len() > 2 {
                let mine = hint(&g, seat).expect("the game waits for the seat");
                let mut differs = false;
                for k in 0..2 {
                    let twin = fog_twin(&g, seat, checked * 2 + k);
                    differs |= hidden_differs(&twin.snapshot(), &g.snapshot());
                    assert_eq!(hint(&twin, seat), Some(mine.clone()), "step {steps}");
                }
                assert!(differs, "step {steps}: the sampled worlds hid nothing");
                checked += 1;
            }
            let a = g.bot_action(seat, "heuristic", &mut rng).unwrap();
            g.apply(seat, &a).unwrap();
            steps += 1;
        }
    }
    assert_eq!(checked, 8, "hints checked");
}

#[test]
fn a_key_harvest_hint_is_the_same_whatever_the_other_seats_hold() {
    let board = kh::Board::standard();
    let mut checked = 0;
    for players in [3u8, 4] {
        let (mut g, _) = kh::Game::new(board.clone(), &kh::Options { players }, 50).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let mut turns = 0;
        let before = checked;
        while let Some(seat) = g.to_move()
            && checked < before + 4
        {
            let view = g.player_view(seat);
            if matches!(view.public.prompt, Some((_, kh::Prompt::Turn))) {
                turns += 1;
                if turns % 7 == 3 {
                    let mine = hint(&g, usize::from(seat)).expect("the seat is on turn");
                    let mut differs = false;
                    for k in 0..2 {
                        let mut r = ChaCha8Rng::seed_from_u64(900 + turns + k);
                        let twin = kh::bots::determinize::sample(&board, &view, &mut r)
                            .expect("a turn prompt is rebuilt");
                        assert_eq!(twin.player_view(seat), view);
                        differs |= hidden_differs(&twin.snapshot(), &g.snapshot());
                        assert_eq!(
                            hint(&twin, usize::from(seat)),
                            Some(mine.clone()),
                            "turn {turns}"
                        );
                    }
                    assert!(differs, "turn {turns}: the sampled worlds hid nothing");
                    checked += 1;
                }
            }
            let a = g
                .bot_action(usize::from(seat), "heuristic", &mut rng)
                .unwrap();
            g.apply(seat, &a).unwrap();
        }
    }
    assert_eq!(checked, 8, "hints checked");
}

/// A hint for a seat the game does not wait for is none.
#[test]
fn no_hint_out_of_turn() {
    let board = kh::Board::standard();
    let (g, _) = kh::Game::new(board, &kh::Options { players: 2 }, 1).unwrap();
    let waiting = g.to_move().map(usize::from);
    let other = (0..2).find(|s| Some(*s) != waiting).unwrap();
    assert_eq!(hint(&g, other), None);
}

#[test]
fn a_review_prices_decisions_and_charts_every_seat() {
    let board = kh::Board::standard();
    let played = kh::sim::play_random(board.clone(), 2, 11, true);
    let (start, _) = kh::Game::new(board, &kh::Options { players: 2 }, 11).unwrap();
    let actions: Vec<(usize, kh::Action)> = played
        .actions
        .iter()
        .map(|(s, a)| (usize::from(*s), a.clone()))
        .collect();
    let review = coach::review(
        start,
        &actions,
        2,
        |_, _, a, b| (a.clone(), b.clone()),
        |_, _, _| {},
    )
    .unwrap();
    assert_eq!(review.players, 2);
    assert!(review.curve.len() > 10 && review.curve.iter().all(|p| p.len() == 2));
    // The last point is the final score pad.
    let finals: Vec<f64> = played
        .game
        .results()
        .unwrap()
        .iter()
        .map(|r| f64::from(r.score))
        .collect();
    assert_eq!(review.curve.last().unwrap(), &finals);
    assert!(review.priced > 10);
    // Random play is costly: each seat has its three costliest decisions, costliest first, and
    // none is the bot's own choice.
    for seat in &review.costliest {
        assert_eq!(seat.len(), coach::KEPT);
        assert!(seat.windows(2).all(|w| w[0].cost >= w[1].cost));
        assert!(seat.iter().all(|d| d.cost > 0.0 && d.words.0 != d.words.1));
    }
}

/// A review made one action at a time, as the bot makes it while a game is played (issue 43),
/// is the review made at once, even with another game's review fed in between: nothing one
/// decision's pricing leaves behind reaches another's.
#[test]
fn a_review_fed_action_by_action_beside_another_is_the_same() {
    let board = kh::Board::standard();
    let game = |seed: u64| {
        let played = kh::sim::play_random(board.clone(), 3, seed, true);
        let (start, _) = kh::Game::new(board.clone(), &kh::Options { players: 3 }, seed).unwrap();
        let actions: Vec<(usize, kh::Action)> = played
            .actions
            .iter()
            .map(|(s, a)| (usize::from(*s), a.clone()))
            .collect();
        (start, actions)
    };
    let words = |_: &kh::Game, _: usize, a: &kh::Action, b: &kh::Action| (a.clone(), b.clone());
    let (a_start, a_actions) = game(21);
    let (b_start, b_actions) = game(22);
    let at_once = |start: &kh::Game, actions: &[(usize, kh::Action)]| {
        coach::review(start.clone(), actions, 2, words, |_, _, _| {}).unwrap()
    };
    let (a_whole, b_whole) = (at_once(&a_start, &a_actions), at_once(&b_start, &b_actions));
    let mut a = coach::Reviewer::new(a_start, 2);
    let mut b = coach::Reviewer::new(b_start, 2);
    for k in 0..a_actions.len().max(b_actions.len()) {
        if let Some((seat, action)) = a_actions.get(k) {
            a.step(*seat, action).unwrap();
        }
        if let Some((seat, action)) = b_actions.get(k) {
            b.step(*seat, action).unwrap();
        }
    }
    assert_eq!(a.steps(), a_actions.len());
    // A refused action is refused and changes nothing.
    let before = a.clone().finish(words).unwrap();
    assert!(a.step(0, &a_actions[0].1).is_err());
    assert_eq!(a.clone().finish(words).unwrap(), before);
    assert_eq!(a.finish(words).unwrap(), a_whole);
    assert_eq!(b.finish(words).unwrap(), b_whole);
    assert!(a_whole.costliest.iter().any(|s| !s.is_empty()));
}

/// Fields of Green keeps an evaluation memo for a review (`Engine::reviewing`): a review made in
/// sittings of a few actions, each with its own memo (as the bot makes it while the game is
/// played), is the review made at once under one memo.
#[test]
fn a_fields_of_green_review_made_in_sittings_is_the_one_made_at_once() {
    let deck = fog::Deck::default_deck();
    let setup = TableSetup {
        players: 2,
        intro: false,
        seed: 45,
    };
    let (start, _) = <fog::Game as Engine>::start(&deck, &setup).unwrap();
    // A game of the heuristic bot in both seats.
    let mut g = start.clone();
    let mut actions = Vec::new();
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    while !g.is_over() {
        let seat = g.waiting_for()[0];
        let a = g.bot_action(seat, "heuristic", &mut rng).unwrap();
        g.apply(seat, &a).unwrap();
        actions.push((seat, a));
    }
    let words = |_: &fog::Game, _: usize, a: &fog::Action, b: &fog::Action| (a.clone(), b.clone());
    let whole = coach::review(
        start.clone(),
        &actions,
        coach::REVIEW_WORLDS,
        words,
        |_, _, _| {},
    )
    .unwrap();
    let mut reviewer = coach::Reviewer::new(start, coach::REVIEW_WORLDS);
    for chunk in actions.chunks(3) {
        <fog::Game as Engine>::reviewing(|| {
            for (seat, a) in chunk {
                reviewer.step(*seat, a).unwrap();
            }
        });
    }
    assert_eq!(reviewer.finish(words).unwrap(), whole);
}
