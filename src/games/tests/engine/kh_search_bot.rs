//! Key Harvest's search bot: the games it rebuilds from a seat's view agree with that view and
//! keep every invariant, its decision does not depend on what the seat cannot see (the other
//! seats' starting counters, KH 69-70), and it plays whole games with legal moves only.

use farmhand_games::key_harvest::bots::determinize::{hidden_pool, sample};
use farmhand_games::key_harvest::bots::heuristic::{self, HeuristicBot, SeatSight};
use farmhand_games::key_harvest::bots::random::random_action;
use farmhand_games::key_harvest::bots::search::SearchBot;
use farmhand_games::key_harvest::bots::{Bot, by_name};
use farmhand_games::key_harvest::sim;
use farmhand_games::key_harvest::{Board, Counters, Game, Options, Prompt};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Plays a heuristic game and calls `at` at every turn prompt with the game and the seat.
fn at_turns(players: u8, seed: u64, mut at: impl FnMut(&Game, u8)) {
    let board = Board::standard();
    let (mut g, _) = Game::new(board.clone(), &Options { players }, seed).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    while let Some(seat) = g.to_move() {
        let view = g.player_view(seat);
        if matches!(view.public.prompt, Some((_, Prompt::Turn))) {
            at(&g, seat);
        }
        let a = HeuristicBot.decide(&board, &view, &mut rng);
        g.apply(seat, &a).unwrap();
    }
}

#[test]
fn a_rebuilt_game_shows_the_seat_exactly_its_view_and_keeps_the_invariants() {
    let board = Board::standard();
    for players in 2..=4u8 {
        let mut checked = 0;
        at_turns(players, 40 + players as u64, |g, seat| {
            let view = g.player_view(seat);
            // The other seats' hidden counters, all together, are known exactly (KH 5).
            let mut truth = Counters::ZERO;
            for (i, p) in g.state().players.iter().enumerate() {
                if i != seat as usize {
                    truth.add(&p.hidden);
                }
            }
            assert_eq!(hidden_pool(&view), Some(truth));
            let mut rng = ChaCha8Rng::seed_from_u64(checked);
            let s = sample(&board, &view, &mut rng).expect("a turn prompt is rebuilt");
            s.check_invariants().unwrap();
            assert_eq!(
                s.player_view(seat),
                view,
                "{players} players, turn {}",
                g.state().turn.number
            );
            checked += 1;
        });
        assert!(checked > 20, "{players} players: {checked} turn prompts");
    }
}

/// Issue 44: an event everyone saw go back into the bag (set aside by an event draw, KH 29, or
/// moved off spaces 1 and 2 by the "?" check, KH 61) is known to be in the bag: a rebuilt game
/// always has it there, never among the events removed at setup (KH 13), which are still drawn
/// from the other unseen events.
#[test]
fn events_seen_going_back_into_the_bag_are_in_every_rebuilt_bag() {
    let board = Board::standard();
    let mut positions = 0;
    let mut removed_differs = 0;
    for players in 3..=4u8 {
        for seed in 0..12u64 {
            at_turns(players, 200 + seed, |g, seat| {
                let view = g.player_view(seat);
                let st = g.state();
                let returned = view.public.returned.iter().fold(0u16, |m, e| m | e.bit());
                // The view tells what the game holds: those events are in the bag.
                assert_eq!(returned, st.returned_events & st.bag_events);
                if returned == 0 {
                    return;
                }
                positions += 1;
                let mut removed = Vec::new();
                for k in 0..8u64 {
                    let mut rng = ChaCha8Rng::seed_from_u64(positions * 8 + k);
                    let s = sample(&board, &view, &mut rng).expect("a turn prompt is rebuilt");
                    let ss = s.state();
                    assert_eq!(
                        ss.bag_events & returned,
                        returned,
                        "{players}p seed {seed} seat {seat}: {:?} not in the bag",
                        view.public.returned
                    );
                    assert_eq!(ss.removed_events & returned, 0);
                    assert_eq!(ss.removed_events.count_ones(), 2, "KH 13");
                    removed.push(ss.removed_events);
                }
                removed.sort_unstable();
                removed.dedup();
                if removed.len() > 1 {
                    removed_differs += 1;
                }
            });
        }
    }
    assert!(
        positions > 50,
        "{positions} turn prompts with returned events"
    );
    assert!(
        removed_differs > positions / 2,
        "the removed events are still sampled: {removed_differs}/{positions}"
    );
}

/// With 3 players the other seats' starting counters are hidden (KH 69): two games that differ
/// only there look the same to seat 0, and the search bot decides the same in both.
#[test]
fn the_search_bot_decides_the_same_whatever_the_others_hidden_counters() {
    let board = Board::standard();
    let (g, _) = Game::new(board.clone(), &Options { players: 3 }, 7).unwrap();
    let mut g = g;
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    // Play on to seat 0's first turn prompt.
    loop {
        let seat = g.to_move().unwrap();
        let view = g.player_view(seat);
        if seat == 0 && matches!(view.public.prompt, Some((_, Prompt::Turn))) {
            break;
        }
        let a = HeuristicBot.decide(&board, &view, &mut rng);
        g.apply(seat, &a).unwrap();
    }
    let st = g.state();
    let (h1, h2) = (st.players[1].hidden, st.players[2].hidden);
    assert_eq!(h1.total(), h2.total());
    assert_ne!(
        h1, h2,
        "the seed must give seats 1 and 2 different hidden counters"
    );
    // Seats 1 and 2 swap their hidden counters: everything else stays.
    let mut snap = g.snapshot();
    for (i, to) in [(1usize, h2), (2, h1)] {
        let p = &mut snap.state.players[i];
        let old = p.hidden;
        p.supply.sub(&old);
        p.supply.add(&to);
        p.hidden = to;
    }
    let swapped = Game::from_snapshot(snap).unwrap();
    assert_ne!(
        swapped.state().players[1].supply,
        g.state().players[1].supply
    );
    let (v1, v2) = (g.player_view(0), swapped.player_view(0));
    assert_eq!(v1, v2, "seat 0 sees the same");
    let mut bot = SearchBot::new(16);
    let a1 = bot.decide(&board, &v1, &mut ChaCha8Rng::seed_from_u64(99));
    let a2 = bot.decide(&board, &v2, &mut ChaCha8Rng::seed_from_u64(99));
    assert_eq!(a1, a2);
    // And the action is legal in the real game.
    g.clone().apply(0, &a1).unwrap();
}

/// The search's rollouts let the heuristic read the game from the seat ([`SeatSight`]) instead
/// of building the seat's view on every decision: it must decide exactly as from the view, at
/// every kind of decision. Half the moves are random, so the games reach positions (events,
/// abilities, repositioned workers) that the heuristic alone seldom plays into.
#[test]
fn the_heuristic_decides_the_same_from_the_game_read_from_a_seat_as_from_its_view() {
    let board = Board::standard();
    let (mut decisions, mut repositions) = (0, 0);
    for players in 2..=4u8 {
        for seed in 0..5u64 {
            let (mut g, _) = Game::new(board.clone(), &Options { players }, seed).unwrap();
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            while let Some(seat) = g.to_move() {
                let view = g.player_view(seat);
                let legal = g.legal_actions(seat);
                let sight = SeatSight {
                    game: &g,
                    seat,
                    legal: &legal,
                };
                let read = heuristic::decide(&board, &sight);
                let seen = HeuristicBot.decide(&board, &view, &mut rng);
                assert_eq!(
                    read, seen,
                    "{players} players, seed {seed}, turn {}, prompt {:?}",
                    view.public.turn, view.public.prompt
                );
                decisions += 1;
                if matches!(view.public.prompt, Some((_, Prompt::Reposition { .. }))) {
                    repositions += 1;
                }
                let a = if rng.random_bool(0.5) {
                    random_action(&view, &mut rng)
                } else {
                    seen
                };
                if g.apply(seat, &a).is_err() {
                    g.apply(seat, &random_action(&view, &mut rng)).unwrap();
                }
            }
        }
    }
    assert!(decisions > 1000, "{decisions} decisions");
    assert!(repositions > 0, "no worker was repositioned");
}

#[test]
fn search_bot_names() {
    assert_eq!(by_name("search").unwrap().name(), "search");
    let b = SearchBot::parse("search:10:2:4").unwrap();
    assert_eq!((b.rollouts, b.horizon, b.candidates), (10, 2, 4));
    assert_eq!(by_name("search:10:2:4").unwrap().name(), "search:10:2:4");
    assert!(by_name("search:0").is_none());
    assert!(by_name("search:x").is_none());
    assert!(by_name("search:1:2:3:4").is_none());
    assert!(by_name("searcher").is_none());
}

/// Whole games with a small budget: the engine never refuses the search bot's moves.
#[test]
fn the_search_bot_plays_whole_games_with_legal_moves() {
    for players in [2u8, 4] {
        let mut bots: Vec<Box<dyn Bot>> = (0..players)
            .map(|s| {
                if s == 0 {
                    Box::new(SearchBot::with(4, 1, 3)) as Box<dyn Bot>
                } else {
                    Box::new(HeuristicBot)
                }
            })
            .collect();
        let (p, refused) =
            sim::play_bots(Board::standard(), &mut bots, 3, |_, b, board, v, rng| {
                b.decide(board, v, rng)
            });
        assert_eq!(refused, 0);
        assert!(p.game.is_over());
    }
}
