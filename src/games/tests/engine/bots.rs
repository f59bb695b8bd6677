//! The bots (issue #5): they play whole games legally for 2-6 players, they decide from their
//! seat's view only (the information rule), they are deterministic given their seed, and the games
//! they rebuild from a view (determinization) are valid and show the seat exactly its view.

use farmhand_games::fields_of_green::bots::{self, Bot, BotSpec, determinize};
use farmhand_games::fields_of_green::game::GameSnapshot;
use farmhand_games::fields_of_green::{Action, Deck, Game, Options, Phase, sim};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

fn new_game(players: u8, intro: bool, seed: u64) -> Game {
    let options = Options {
        players,
        intro,
        first_player: (seed % players as u64) as u8,
    };
    Game::new(Deck::default_deck(), options, seed).unwrap()
}

/// Plays `game` to its end by random legal steps drawn with `rng`, showing `visit` each
/// position before its step: the game, the step's number (from 0) and the seat about to act.
fn random_walk(game: &mut Game, rng: &mut ChaCha8Rng, mut visit: impl FnMut(&Game, u64, usize)) {
    let mut step = 0;
    while let Some((seat, action)) = sim::random_step(game, rng) {
        visit(game, step, seat);
        game.apply(seat, &action).unwrap();
        step += 1;
    }
}

/// A [`random_walk`] of one game for each player count in `players` and each seed in
/// `0..seeds`: the game dealt with seed `base + seed`, the steps drawn with seed `seed`. `visit`
/// sees the game, its player count and seed, and the step's number.
fn random_walks(
    players: std::ops::RangeInclusive<u8>,
    seeds: u64,
    base: u64,
    mut visit: impl FnMut(&Game, u8, u64, u64),
) {
    for players in players {
        for seed in 0..seeds {
            let mut game = new_game(players, false, base + seed);
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            random_walk(&mut game, &mut rng, |game, step, _| {
                visit(game, players, seed, step)
            });
        }
    }
}

fn play(game: &mut Game, specs: &[&str], seed: u64) -> Vec<(usize, Action)> {
    let mut bs: Vec<Box<dyn Bot + Send>> = specs
        .iter()
        .map(|s| BotSpec::parse(s).unwrap().build())
        .collect();
    let mut rngs: Vec<ChaCha8Rng> = (0..specs.len())
        .map(|s| ChaCha8Rng::seed_from_u64(seed * 100 + s as u64))
        .collect();
    let mut log = Vec::new();
    bots::play_out(game, &mut bs, &mut rngs, |g, seat, a| {
        g.check_invariants().unwrap();
        log.push((seat, a.clone()));
    })
    .unwrap_or_else(|e| panic!("{e}"));
    assert!(game.is_over());
    log
}

/// Whole games for every player count (and introductory mode): every action the heuristic bot
/// picks is accepted, the game ends, and the scores land in the rulebook's region.
#[test]
fn heuristic_bot_plays_legal_whole_games_for_2_to_6_players() {
    for players in 2..=6u8 {
        for intro in [false, true] {
            if intro && players > 4 {
                continue;
            }
            let mut game = new_game(players, intro, 11 + players as u64);
            let specs = vec!["heuristic"; players as usize];
            play(&mut game, &specs, 1);
            let scores: Vec<u32> = game.scores().unwrap().iter().map(|p| p.total).collect();
            assert!(
                scores.iter().all(|&s| (25..=120).contains(&s)),
                "{players} players (intro {intro}): scores {scores:?}"
            );
        }
    }
}

/// The search bot and the random bot also play legal games, mixed with the heuristic bot; so does
/// the search bot with the cheap rollout policy.
#[test]
fn search_and_random_bots_play_legal_games() {
    let mut game = new_game(2, false, 3);
    play(&mut game, &["search:24", "heuristic"], 2);
    let mut game = new_game(3, false, 4);
    play(&mut game, &["random", "search:12", "heuristic"], 3);
    let mut game = new_game(2, false, 5);
    play(&mut game, &["search:24:quick", "heuristic"], 4);
}

/// The search bot's rollouts per decision: N at two players whatever the year; at four players
/// N x 2 / 4 scaled by the year (x4, x2, x1.5, x1), since the decisions of the early years, with
/// small farms, cost a fraction of those of year 4 (BENCHMARKS.md, fourth pass on issue 29).
#[test]
fn search_budget_is_scaled_by_the_year_at_full_tables() {
    let bot = bots::search::SearchBot::new(bots::DEFAULT_ROLLOUTS);
    for year in 1..=4 {
        assert_eq!(bot.budget(2, year), 30, "2 players, year {year}");
    }
    let four: Vec<usize> = (1..=4).map(|y| bot.budget(4, y)).collect();
    assert_eq!(four, vec![60, 30, 22, 15]);
    let six: Vec<usize> = (1..=4).map(|y| bot.budget(6, y)).collect();
    assert_eq!(six, vec![40, 20, 15, 10]);
    assert_eq!(bots::search::SearchBot::new(1).budget(6, 4), 1);
}

/// Bot names as the command line and `/fog new` write them: parsed and written back the same,
/// defaults left out, bad parts refused with the part named.
#[test]
fn bot_specs_parse_and_print_back() {
    for (text, shown) in [
        ("search", format!("search:{}", bots::DEFAULT_ROLLOUTS)),
        ("search:30", "search:30".to_string()),
        ("search:30:h3:c8:quick", "search:30:h3:c8:quick".to_string()),
        ("search:400:quick", "search:400:quick".to_string()),
        ("heuristic", "heuristic".to_string()),
        ("random", "random".to_string()),
    ] {
        let spec = BotSpec::parse(text).unwrap();
        assert_eq!(spec.to_string(), shown, "{text}");
        assert_eq!(BotSpec::parse(&shown).unwrap(), spec, "{text}");
        assert_eq!(spec.build().name(), shown, "{text}");
    }
    let quick = BotSpec::parse("search:30:quick").unwrap();
    assert!(matches!(quick, BotSpec::Search { quick: true, .. }));
    assert!(matches!(
        BotSpec::parse("search:30").unwrap(),
        BotSpec::Search { quick: false, .. }
    ));
    for bad in [
        "search:30:fast",
        "search:0",
        "search:c0",
        "searcher",
        "heuristic:quick",
    ] {
        let e = BotSpec::parse(bad).unwrap_err();
        assert!(e.contains(bad.trim()), "{bad}: {e}");
    }
}

/// The heuristic bot beats the random bot (which still harvests with the planner).
#[test]
fn heuristic_bot_beats_random_play() {
    for seed in 0..4 {
        let mut game = new_game(2, false, 40 + seed);
        play(&mut game, &["heuristic", "random"], seed);
        let pads = game.scores().unwrap();
        assert!(
            pads[0].total > pads[1].total + 10,
            "seed {seed}: {} vs {}",
            pads[0].total,
            pads[1].total
        );
    }
}

/// Same seeds, same game: bots are deterministic given their random streams.
#[test]
fn bots_are_deterministic_given_their_seed() {
    let run = || {
        let mut game = new_game(3, false, 9);
        play(&mut game, &["heuristic", "search:8", "random"], 5)
    };
    assert_eq!(run(), run());
}

/// Positions along random playouts, every seat: the game rebuilt from a seat's view is valid
/// (card conservation and the other invariants) and shows that seat exactly its view; two samples
/// differ in what the seat cannot see.
#[test]
fn determinized_games_are_valid_and_show_the_seat_its_view() {
    let deck = Deck::default_deck();
    let mut differs = 0;
    let mut checked = 0;
    random_walks(2..=6, 3, 100, |game, players, seed, step| {
        if step % 7 == 0 {
            for s in 0..players as usize {
                let view = game.player_view(s);
                let mut r1 = ChaCha8Rng::seed_from_u64(step);
                let mut r2 = ChaCha8Rng::seed_from_u64(step + 1);
                let a = determinize::sample(&deck, &view, &mut r1)
                    .unwrap_or_else(|| panic!("{players}p seed {seed} step {step} seat {s}"));
                let b = determinize::sample(&deck, &view, &mut r2).unwrap();
                assert_eq!(a.player_view(s), view, "{players}p step {step} seat {s}");
                assert_eq!(b.player_view(s), view);
                if a.state() != b.state() {
                    differs += 1;
                }
                checked += 1;
            }
        }
    });
    assert!(checked > 300, "{checked}");
    assert!(
        differs > checked / 2,
        "samples should differ in hidden parts: {differs}/{checked}"
    );
}

/// Per seat, how many cards of each pile's kind its hand and face-down selection hold.
fn hand_kinds(game: &Game) -> Vec<[usize; 4]> {
    let deck = game.deck();
    game.state()
        .players
        .iter()
        .map(|p| {
            let mut k = [0; 4];
            for &d in p.hand.iter().chain(&p.selected) {
                k[deck.location(d).pile.index()] += 1;
            }
            k
        })
        .collect()
}

/// Issue 44: with 3+ players every hand's kinds are public, the split it was drawn with (ruling
/// 4) less the cards picked from it, each turned face up (ruling 7); a sampled world deals each
/// hand (with its holder's face-down selection) exactly those kinds, while the players draw and
/// at every turn of the draft. The cards themselves still differ between samples.
#[test]
fn determinized_hands_hold_the_kinds_the_public_splits_and_picks_leave() {
    let deck = Deck::default_deck();
    let mut checked = 0;
    let mut hidden_hands = 0;
    let mut differs = 0;
    random_walks(3..=6, 4, 300, |game, players, seed, step| {
        let drafting = matches!(
            game.state().phase,
            Phase::Upkeep { .. } | Phase::Action { .. }
        );
        if drafting && step.is_multiple_of(3) {
            let truth = hand_kinds(game);
            for s in 0..players as usize {
                let view = game.player_view(s);
                let mut r = ChaCha8Rng::seed_from_u64(step * 10 + s as u64);
                let a = determinize::sample(&deck, &view, &mut r).unwrap();
                let b = determinize::sample(&deck, &view, &mut r).unwrap();
                assert_eq!(
                    hand_kinds(&a),
                    truth,
                    "{players}p seed {seed} step {step} seat {s}: {:?}",
                    game.state().phase
                );
                assert_eq!(hand_kinds(&b), truth);
                for q in (0..players as usize).filter(|&q| q != s) {
                    if view.known_hands[q].is_none() && !game.state().players[q].hand.is_empty() {
                        hidden_hands += 1;
                        let (pa, pb) = (&a.state().players[q], &b.state().players[q]);
                        if (&pa.hand, pa.selected) != (&pb.hand, pb.selected) {
                            differs += 1;
                        }
                    }
                }
                checked += 1;
            }
        }
    });
    assert!(checked > 300, "{checked}");
    assert!(hidden_hands > 300, "{hidden_hands}");
    assert!(
        differs > hidden_hands / 2,
        "unseen hands should still be sampled: {differs}/{hidden_hands}"
    );
}

/// Issue 44: the Equipment lost with Open Areas is discarded in front of everyone (ruling 15), so
/// a sampled world keeps exactly those tiles in the discard, and deals the others' offers and the
/// stack from the tiles nobody has seen: the same tiles (in some order) as the real game has
/// there.
#[test]
fn determinized_equipment_discard_is_the_public_one() {
    use crate::common::{card, grown, with_eq};
    use farmhand_games::fields_of_green::Setup;
    use farmhand_games::fields_of_green::game::StartPhase;
    let deck = Deck::default_deck();
    let mut checked = 0;
    for players in 2..=4u8 {
        for seed in 0..4u64 {
            // Year 1's harvest with no Water for the Wheat: it becomes an Open Area and its two
            // tiles are discarded (ruling 15); then random play to the end.
            let farm = grown(
                0,
                0,
                0,
                vec![with_eq(card(0, 1, "wheat"), &["harrow", "fertilizer"])],
            );
            let mut st = Setup::new(Options::standard(players), 500 + seed);
            st.seats = vec![Some(farm)];
            st.start_year = 1;
            st.start_phase = StartPhase::Harvest;
            let mut game = Game::with_setup(deck.clone(), st).unwrap();
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            random_walk(&mut game, &mut rng, |game, step, _| {
                let st = game.state();
                assert!(st.equipment_discard.len() >= 2);
                if step.is_multiple_of(3) {
                    for s in 0..players as usize {
                        let view = game.player_view(s);
                        let mut r = ChaCha8Rng::seed_from_u64(step * 10 + s as u64);
                        let w = determinize::sample(&deck, &view, &mut r).unwrap();
                        let ws = w.state();
                        assert_eq!(
                            ws.equipment_discard, st.equipment_discard,
                            "{players}p seed {seed} step {step} seat {s}"
                        );
                        // The others' offers and the stack: the same tiles, whatever their order.
                        let unseen = |g: &farmhand_games::fields_of_green::game::State| {
                            let mut v: Vec<u16> = g.equipment.iter().copied().collect();
                            for (q, p) in g.players.iter().enumerate() {
                                if q != s {
                                    v.extend(&p.offer);
                                }
                            }
                            v.sort_unstable();
                            v
                        };
                        assert_eq!(
                            unseen(ws),
                            unseen(st),
                            "{players}p seed {seed} step {step} seat {s}"
                        );
                        checked += 1;
                    }
                }
            });
        }
    }
    assert!(checked > 100, "{checked}");
}

/// A copy of `game` that differs only in what `seat` cannot see: pile orders and the Equipment
/// stack reshuffled, and (3+ players) the hands the seat has not held this year mixed with each
/// other and with the piles.
fn hide_differently(game: &Game, seat: usize, rng: &mut ChaCha8Rng) -> Game {
    let mut snap: GameSnapshot = game.snapshot();
    let s = &mut snap.state;
    let deck = game.deck();
    for pile in s.piles.iter_mut() {
        pile.shuffle(rng);
    }
    let mut stack: Vec<u16> = s.equipment.iter().copied().collect();
    stack.shuffle(rng);
    s.equipment = stack.into();
    let n = s.players.len();
    // Hands the seat held earlier in the year are known to it (ruling 7): not hidden.
    let known = game.player_view(seat).known_hands;
    let hidden = |q: usize| q != seat && known.get(q).is_none_or(|k| k.is_none());
    for _ in 0..20 {
        let a = rng.random_range(0..n);
        if !hidden(a) || s.players[a].hand.is_empty() {
            continue;
        }
        let i = rng.random_range(0..s.players[a].hand.len());
        let d = s.players[a].hand[i];
        // Swap with a card of the same pile, or with another seat's card.
        if rng.random_bool(0.5) {
            let k = deck.location(d).pile.index();
            if let Some(j) = (!s.piles[k].is_empty()).then(|| rng.random_range(0..s.piles[k].len()))
            {
                std::mem::swap(&mut s.players[a].hand[i], &mut s.piles[k][j]);
            }
        } else {
            let b = rng.random_range(0..n);
            if hidden(b) && b != a && !s.players[b].hand.is_empty() {
                let j = rng.random_range(0..s.players[b].hand.len());
                let x = s.players[b].hand[j];
                s.players[b].hand[j] = d;
                s.players[a].hand[i] = x;
            }
        }
        s.players[a].hand.sort_unstable();
    }
    for p in s.players.iter_mut() {
        p.hand.sort_unstable();
    }
    s.row_pile.shuffle(rng);
    Game::from_snapshot(game.deck_arc().clone(), snap).unwrap()
}

/// The information rule: two games that differ only in hidden information (other hands, pile
/// orders, the Equipment stack) show the seat the same view, and every bot, given the same random
/// stream, makes the same decision in both.
#[test]
fn bots_decide_the_same_when_only_hidden_information_differs() {
    let deck: Arc<Deck> = Deck::default_deck();
    let mut rng = ChaCha8Rng::seed_from_u64(77);
    let mut compared = 0;
    let mut hands_differed = 0;
    for players in [2u8, 3, 4, 5] {
        let mut game = new_game(players, false, 300 + players as u64);
        let mut walk = ChaCha8Rng::seed_from_u64(players as u64);
        random_walk(&mut game, &mut walk, |game, step, seat| {
            if step % 9 == 0 && game.phase() != &Phase::Harvest {
                let other = hide_differently(game, seat, &mut rng);
                let view = game.player_view(seat);
                assert_eq!(
                    view,
                    other.player_view(seat),
                    "the hidden parts leaked into the view"
                );
                if (0..players as usize).any(|s| {
                    s != seat && game.state().players[s].hand != other.state().players[s].hand
                }) {
                    hands_differed += 1;
                }
                for spec in ["heuristic", "search:6", "random"] {
                    let mut b1 = BotSpec::parse(spec).unwrap().build();
                    let mut b2 = BotSpec::parse(spec).unwrap().build();
                    let mut r1 = ChaCha8Rng::seed_from_u64(step);
                    let mut r2 = ChaCha8Rng::seed_from_u64(step);
                    let a1 = b1.decide(&view, &deck, &mut r1);
                    let a2 = b2.decide(&other.player_view(seat), &deck, &mut r2);
                    assert_eq!(a1, a2, "{spec}, {players}p, step {step}");
                    assert!(game.clone().apply(seat, &a1).is_ok());
                    assert!(other.clone().apply(seat, &a2).is_ok());
                }
                compared += 1;
            }
        });
    }
    assert!(compared > 40, "{compared}");
    assert!(hands_differed > 5, "{hands_differed}");
}

/// Ruling 7: a hand moves one seat on each turn and every card picked from it is turned face up,
/// so a seat knows, card for card, every hand it held earlier in the year. Its view says so (and
/// says nothing of the hands it has not held), and the games the bots rebuild from the view give
/// those seats exactly those cards.
#[test]
fn a_seat_knows_the_hands_it_passed_on_and_the_bots_use_them() {
    let deck = Deck::default_deck();
    let mut seen_known = 0;
    for players in [3u8, 4, 5] {
        let mut game = new_game(players, false, 900 + players as u64);
        let mut walk = ChaCha8Rng::seed_from_u64(players as u64);
        random_walk(&mut game, &mut walk, |game, _, _| {
            if let Phase::Action { turn } = *game.phase() {
                let n = players as usize;
                for s in 0..n {
                    let view = game.player_view(s);
                    for q in 0..n {
                        let steps = match view.table.direction {
                            farmhand_games::fields_of_green::event::Direction::Left => {
                                (q + n - s) % n
                            }
                            farmhand_games::fields_of_green::event::Direction::Right => {
                                (s + n - q) % n
                            }
                        };
                        let held_before = steps >= 1 && steps < turn as usize;
                        assert_eq!(
                            view.known_hands[q].is_some(),
                            held_before,
                            "{players}p turn {turn}: seat {s} about seat {q}"
                        );
                        if let Some(cards) = &view.known_hands[q] {
                            let p = &game.state().players[q];
                            let actual = hand_and_selection(&deck, p);
                            let known: Vec<String> = cards.iter().map(|c| c.to_string()).collect();
                            assert_eq!(known, actual, "{players}p turn {turn}: {s} about {q}");
                            // Every sample gives that seat exactly those cards.
                            let mut r = ChaCha8Rng::seed_from_u64(turn as u64);
                            let g = determinize::sample(&deck, &view, &mut r).unwrap();
                            let sp = &g.state().players[q];
                            assert_eq!(hand_and_selection(&deck, sp), actual);
                            assert_eq!(sp.selected.is_some(), p.selected.is_some());
                            seen_known += 1;
                        }
                    }
                }
            }
        });
    }
    assert!(seen_known > 100, "{seen_known}");
}

/// A seat's hand and face-down selection together, as sorted card ids.
fn hand_and_selection(
    deck: &Deck,
    p: &farmhand_games::fields_of_green::game::PlayerState,
) -> Vec<String> {
    let mut cards: Vec<String> = p
        .hand
        .iter()
        .chain(p.selected.iter())
        .map(|&d| deck.location(d).id.clone())
        .collect();
    cards.sort();
    cards
}

/// The evaluation memo (stop 51, docs/BENCHMARKS.md): inside a scope, `project` and `quick`
/// give exactly what they compute afresh, for every seat of positions along random games of 2
/// to 5 players and the positions after the actions a bot would try there. One scope spans all
/// the games, so a key that failed to tell two positions apart (a field the evaluation reads but
/// the key leaves out) would return one position's value for the other and show here. The
/// memo is used (it holds entries) and emptied when the scope ends.
#[test]
fn the_evaluation_memo_gives_the_values_computed_afresh() {
    use farmhand_games::fields_of_green::bots::eval;
    let memo = eval::MemoScope::enter();
    let mut compared = 0usize;
    for (players, seed) in [(2u8, 31u64), (3, 32), (4, 33), (5, 34)] {
        let mut game = new_game(players, false, seed);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        random_walk(&mut game, &mut rng, |game, step, seat| {
            // Steps counted from 1: every third position from the third.
            let step = step + 1;
            if step.is_multiple_of(3) {
                let mut positions = vec![game.clone()];
                for a in game.legal_actions(seat).iter().take(6) {
                    let mut g = game.clone();
                    if g.apply_quiet(seat, a).is_ok() {
                        positions.push(g);
                    }
                }
                for g in &positions {
                    for s in 0..usize::from(players) {
                        for exact in [true, false] {
                            let fresh = eval::project_uncached(g, s, exact);
                            let kept = if exact {
                                eval::project(g, s)
                            } else {
                                eval::quick(g, s)
                            };
                            assert_eq!(
                                kept.to_bits(),
                                fresh.to_bits(),
                                "{players} players, seed {seed}, step {step}, seat {s}, exact {exact}"
                            );
                            compared += 1;
                        }
                    }
                }
            }
        });
    }
    assert!(compared > 5_000, "{compared} evaluations compared");
    assert!(eval::memo_entries() > 1_000, "the memo was not used");
    drop(memo);
    assert_eq!(eval::memo_entries(), 0, "a memo outlived its scope");
    // Outside a scope nothing is kept.
    let game = new_game(3, false, 35);
    eval::project(&game, 0);
    assert_eq!(eval::memo_entries(), 0);
}

/// `CardValues` (stop 51) gives each card of a pick exactly the value `card_value` gives it
/// alone, though it plays the actions that discard the card (a Water Tower or Silo in its
/// place, the market, a restore) once for the whole hand: at every pick of random games of 2 to
/// 5 players, for the exact and the quick evaluation.
#[test]
fn card_values_of_a_hand_are_each_cards_value_alone() {
    use farmhand_games::fields_of_green::bots::heuristic::{CardValues, HeuristicBot};
    let mut picks = 0usize;
    for (players, seed) in [(2u8, 41u64), (3, 42), (4, 43), (5, 44)] {
        let mut game = new_game(players, false, seed);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        random_walk(&mut game, &mut rng, |game, _, seat| {
            let cards: Vec<String> = game
                .legal_actions(seat)
                .into_iter()
                .filter_map(|a| match a {
                    Action::Select { card } | Action::Pick { card } => Some(card.to_string()),
                    _ => None,
                })
                .collect();
            if cards.len() > 1 {
                for exact in [true, false] {
                    let bot = HeuristicBot { exact };
                    let mut values = CardValues::new(&bot, game, seat);
                    for card in &cards {
                        assert_eq!(
                            values.of(card).to_bits(),
                            bot.card_value(game, seat, card).to_bits(),
                            "{players} players, seed {seed}, seat {seat}, card {card}, exact {exact}"
                        );
                    }
                }
                picks += 1;
            }
        });
    }
    assert!(picks > 50, "{picks} picks compared");
}
