//! Hay Wagons' rules (HW 1-4, `src/games/hay_wagons/mod.rs`), its exact search against a brute
//! force, and what the coach reads from it.

use farmhand_games::hay_wagons::{Action, End, Event, Field, Game, Refusal, Snapshot, margin};
use farmhand_games::{Engine, TableSetup};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

fn setup(seed: u64) -> TableSetup {
    TableSetup {
        players: 2,
        intro: false,
        seed,
    }
}

fn west() -> Action {
    Action::Load(End::West)
}

fn east() -> Action {
    Action::Load(End::East)
}

/// A game with the row `row` laid out and nothing loaded, on a field of as many bales of up to
/// 9 (heavier than the standard field's, for examples where the greedy end loses).
fn with_row(row: &[u8]) -> Game {
    let field = Arc::new(Field {
        bales: row.len(),
        heaviest: 9,
    });
    Game::restore(
        &field,
        Snapshot {
            row: row.to_vec(),
            west: 0,
            east: row.len(),
            wagons: [0, 0],
        },
    )
    .unwrap()
}

/// The margin by trying every sequence of ends (2^n of them): what [`margin`] must equal.
fn brute(row: &[u8]) -> i32 {
    if row.is_empty() {
        return 0;
    }
    let w = i32::from(row[0]) - brute(&row[1..]);
    let e = i32::from(row[row.len() - 1]) - brute(&row[..row.len() - 1]);
    w.max(e)
}

#[test]
fn hw1_the_row_is_twelve_bales_of_one_to_six_the_same_for_a_seed() {
    let field = Field::standard();
    let (a, events) = Game::start(&field, &setup(5)).unwrap();
    let (b, _) = Game::start(&field, &setup(5)).unwrap();
    let (c, _) = Game::start(&field, &setup(6)).unwrap();
    assert_eq!(a.row().len(), 12);
    assert!(a.row().iter().all(|b| (1..=6).contains(b)));
    assert_eq!(a.row(), b.row());
    assert_ne!(a.row(), c.row(), "another seed lays another row");
    assert_eq!(
        events,
        vec![Event::RowLaid {
            bales: a.row().to_vec()
        }]
    );
    assert_eq!(a.waiting_for(), vec![0], "the first seat loads first");
    assert!(Game::start(&field, &setup(5)).is_ok());
    let three = TableSetup {
        players: 3,
        ..setup(5)
    };
    assert!(Game::start(&field, &three).is_err(), "two players only");
}

#[test]
fn hw2_a_load_takes_the_bale_at_the_end_chosen() {
    let mut g = with_row(&[3, 1, 4, 1, 5, 2]);
    let events = g.apply(0, &east()).unwrap();
    assert_eq!(
        events,
        vec![Event::Loaded {
            seat: 0,
            end: End::East,
            weight: 2
        }]
    );
    assert_eq!(g.row(), &[3, 1, 4, 1, 5]);
    g.apply(1, &west()).unwrap();
    assert_eq!(g.row(), &[1, 4, 1, 5]);
    assert_eq!(g.wagons(), [2, 3]);
}

#[test]
fn hw2_with_one_bale_left_both_ends_are_that_bale() {
    for end in End::BOTH {
        let mut g = with_row(&[2, 6, 4]);
        g.apply(0, &west()).unwrap();
        g.apply(1, &west()).unwrap();
        assert_eq!(g.row(), &[4]);
        g.apply(0, &Action::Load(end)).unwrap();
        assert_eq!(g.wagons(), [6, 6]);
        assert!(g.is_over());
    }
}

#[test]
fn hw3_turns_alternate_and_a_player_out_of_turn_is_refused_without_change() {
    let mut g = with_row(&[3, 1, 4, 1]);
    let before = g.snapshot();
    assert_eq!(
        g.apply(1, &west()),
        Err(Refusal::NotYourTurn { seat: 1, turn: 0 })
    );
    assert_eq!(g.apply(2, &west()), Err(Refusal::NoSuchSeat { seat: 2 }));
    assert_eq!(g.snapshot(), before);
    g.apply(0, &west()).unwrap();
    assert_eq!(g.waiting_for(), vec![1]);
    assert!(
        g.legal_sample(0, &mut ChaCha8Rng::seed_from_u64(1))
            .is_empty()
    );
    assert_eq!(
        g.legal_sample(1, &mut ChaCha8Rng::seed_from_u64(1)),
        vec![west(), east()]
    );
}

#[test]
fn hw4_the_heavier_wagon_wins_and_equal_wagons_share_the_win() {
    // 5 then 1 for the first seat, 2 and 2 for the second: 6 against 4.
    let mut g = with_row(&[5, 2, 2, 1]);
    for (seat, a) in [(0, west()), (1, west()), (0, east()), (1, east())] {
        g.apply(seat, &a).unwrap();
    }
    let r = g.results().unwrap();
    assert_eq!((r[0].score, r[0].won, r[0].place), (6, true, 1));
    assert_eq!((r[1].score, r[1].won, r[1].place), (4, false, 2));
    assert_eq!(g.apply(0, &west()), Err(Refusal::Over));

    let mut tie = with_row(&[3, 3]);
    tie.apply(0, &west()).unwrap();
    let events = tie.apply(1, &west()).unwrap();
    assert_eq!(
        events.last(),
        Some(&Event::GameEnded {
            wagons: [3, 3],
            winners: vec![0, 1]
        })
    );
    let r = tie.results().unwrap();
    assert!(r.iter().all(|s| s.won && s.place == 1));
}

#[test]
fn the_exact_margin_is_the_brute_force_one() {
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    for n in 0..=10 {
        for _ in 0..20 {
            let row: Vec<u8> = (0..n)
                .map(|_| rand::Rng::random_range(&mut rng, 1..=6))
                .collect();
            assert_eq!(margin(&row), brute(&row), "{row:?}");
        }
    }
    // The greedy end is not always best: taking the 3 opens the 9 to the other player.
    assert_eq!(margin(&[3, 9, 1, 2]), 9 + 2 - 3 - 1);
}

#[test]
fn the_search_bot_beats_or_ties_the_heuristic_from_either_seat() {
    let field = Field::standard();
    let mut margins = Vec::new();
    for seed in 0..40 {
        for search_seat in 0..2 {
            let (mut g, _) = Game::start(&field, &setup(seed)).unwrap();
            let start_margin = margin(g.row());
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            while let Some(seat) = g.turn() {
                let bot = if seat == search_seat {
                    "search"
                } else {
                    "heuristic"
                };
                let a = g.bot_action(seat, bot, &mut rng).unwrap();
                g.apply(seat, &a).unwrap();
            }
            let w = g.wagons();
            let m = w[search_seat] as i32 - w[1 - search_seat] as i32;
            if search_seat == 0 {
                // First to move on an even row: the search secures at least the exact margin.
                assert!(m >= start_margin, "seed {seed}: {m} < {start_margin}");
            }
            margins.push(m);
        }
    }
    assert!(margins.iter().sum::<i32>() > 0, "{margins:?}");
}

#[test]
fn the_coach_ranks_both_ends_by_their_exact_final_margin() {
    let g = with_row(&[3, 9, 1, 2]);
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    let ranked = g.coach_rank(0, None, 1, &mut rng);
    // East (2): then the other takes 3 or 1, and the 9 falls to us: 2 + 9 - (3 + 1) = 7.
    // West (3): the other takes the 9, we take the 2, they the 1: 3 + 2 - (9 + 1) = -5.
    assert_eq!(ranked, vec![(east(), 7.0), (west(), -5.0)]);
    assert!(
        g.coach_rank(1, None, 1, &mut rng).is_empty(),
        "not its turn"
    );
    // The projection shares the 15 as best play does: 11 and 4.
    assert_eq!(g.projection(), vec![11.0, 4.0]);
    assert_eq!(g.chapter(), (1, 1));
}

#[test]
fn a_load_may_be_taken_back_unless_it_ended_the_game() {
    let g = with_row(&[2, 4]);
    let mut after = g.clone();
    let events = after.apply(0, &west()).unwrap();
    assert!(g.undoable(&after, 0, &west(), &events));
    let mut last = after.clone();
    let events = last.apply(1, &west()).unwrap();
    assert!(!after.undoable(&last, 1, &west(), &events));
}

#[test]
fn a_stored_game_that_breaks_the_bookkeeping_is_refused() {
    let field = Arc::new(Field {
        bales: 4,
        heaviest: 6,
    });
    let good = Snapshot {
        row: vec![1, 2, 3, 4],
        west: 1,
        east: 4,
        wagons: [1, 0],
    };
    assert!(Game::restore(&field, good.clone()).is_ok());
    for bad in [
        Snapshot {
            wagons: [2, 0],
            ..good.clone()
        },
        Snapshot {
            row: vec![1, 2, 3, 7],
            ..good.clone()
        },
        Snapshot {
            west: 3,
            east: 2,
            ..good.clone()
        },
        Snapshot {
            row: vec![1, 2, 3],
            east: 3,
            ..good.clone()
        },
    ] {
        assert!(Game::restore(&field, bad.clone()).is_err(), "{bad:?}");
    }
}
