//! The listing of legal actions agrees with `apply` (issue 9): the listing has fast paths of its
//! own (a grid of the farm, distances and Water sources worked out once per listing), so over many
//! random states of 2-6 players this checks that
//! - every listed action is accepted (on a clone), and
//! - a random sample of actions that are not listed (builds on every other space of the farm's
//!   surroundings, occupied or not; other cards; other Market sales; other repeats; Equipment
//!   tiles nobody holds; Water paid from a card that is no tower; harvests anywhere) is refused,
//!   leaving the game exactly as it was.
//!
//! `tests/suite/playouts.rs` sweeps a broad family of actions exhaustively on a few games; this test
//! samples a wider family on many more states.

use crate::common::{
    card_candidates, market_and_equipment_candidates, reselection_no_op, split_candidates,
    tower_and_silo,
};
use farmhand_games::fields_of_green::farm::CellCard;
use farmhand_games::fields_of_green::{Action, Deck, Game, Options, Phase, Pos, sim};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use smol_str::SmolStr;

/// Games per player count; every step of each is checked.
const GAMES: u64 = 6;
/// Unlisted actions tried per seat and step.
const SAMPLE: usize = 24;

fn sid(s: &str) -> SmolStr {
    SmolStr::new(s)
}

/// Candidate actions for `seat`, listed or not: a family much wider than the listing.
fn candidates(game: &Game, seat: usize, listed: &[Action]) -> Vec<Action> {
    let deck = game.deck();
    let p = &game.state().players[seat];
    let hs = game.hand_size();
    let mut all = vec![Action::EndHarvest];
    all.extend(card_candidates(deck));
    all.push(Action::Select {
        card: sid("no_such_card"),
    });
    if matches!(game.phase(), Phase::Upkeep { .. }) {
        all.extend(split_candidates(hs));
        all.push(Action::Draw {
            split: [7, 0, 0, 0],
        });
    }
    // Every square of the farm's bounding box grown by two: cards, build spaces and spaces
    // that touch no card.
    let (lo, hi) = p.farm.bounds().unwrap_or((Pos::new(0, 0), Pos::new(0, 0)));
    let mut squares = Vec::new();
    for y in lo.y.saturating_sub(2)..=hi.y.saturating_add(2) {
        for x in lo.x.saturating_sub(2)..=hi.x.saturating_add(2) {
            squares.push(Pos::new(x, y));
        }
    }
    let mut tiles: Vec<Vec<SmolStr>> = vec![vec![]];
    tiles.extend(deck.equipment.iter().map(|e| vec![sid(&e.id)]));
    tiles.push(vec![sid("no_such_tile")]);
    for &pos in &squares {
        for extra in 0..=3 {
            all.push(Action::Build {
                pos,
                water: vec![],
                extra,
                equipment: vec![],
            });
            all.push(Action::Harvest {
                pos,
                water: vec![],
                extra,
            });
        }
        for t in &tiles {
            all.push(Action::Build {
                pos,
                water: vec![],
                extra: 0,
                equipment: t.clone(),
            });
            all.extend(tower_and_silo(pos, t));
        }
        all.push(Action::Restore { pos });
        all.push(Action::PlaceWater { towers: vec![pos] });
    }
    let cells: Vec<Pos> = p.farm.cells.iter().map(|c| c.pos).collect();
    all.extend(market_and_equipment_candidates(deck, &cells));
    // Other payments: Water named from a card that is no Water Tower is never accepted.
    if let Some(not_tower) = p.farm.cells.iter().find(|c| c.card != CellCard::WaterTower) {
        for a in listed {
            match a {
                Action::Build {
                    pos,
                    extra,
                    equipment,
                    ..
                } => all.push(Action::Build {
                    pos: *pos,
                    water: vec![not_tower.pos],
                    extra: *extra,
                    equipment: equipment.clone(),
                }),
                Action::Harvest { pos, extra, .. } => all.push(Action::Harvest {
                    pos: *pos,
                    water: vec![not_tower.pos],
                    extra: *extra,
                }),
                _ => {}
            }
        }
    }
    all
}

/// Whether `a` is listed, up to form (see [`reselection_no_op`]).
fn is_listed(game: &Game, seat: usize, a: &Action, listed: &[Action]) -> bool {
    listed.contains(a) || reselection_no_op(game, seat, a)
}

/// `SAMPLE` candidates that are not listed, drawn uniformly: the candidates in a random order
/// (a Fisher-Yates shuffle, stopped once enough are found), the listed ones skipped. Sorting out
/// every candidate first (hundreds per state, each looked up in a listing of up to hundreds) was
/// two fifths of this test's CPU, for the two dozen it keeps (stop 56).
fn unlisted_sample(
    game: &Game,
    seat: usize,
    listed: &[Action],
    rng: &mut ChaCha8Rng,
) -> Vec<Action> {
    let mut all = candidates(game, seat, listed);
    let mut sample = Vec::with_capacity(SAMPLE);
    for i in 0..all.len() {
        if sample.len() == SAMPLE {
            break;
        }
        let j = rng.random_range(i..all.len());
        all.swap(i, j);
        if !is_listed(game, seat, &all[i], listed) {
            sample.push(all[i].clone());
        }
    }
    sample
}

fn check_state(game: &Game, rng: &mut ChaCha8Rng, ctx: &str) -> (usize, usize) {
    let (mut accepted, mut refused) = (0, 0);
    for seat in 0..game.players() {
        let listed = game.legal_actions(seat);
        for a in &listed {
            let mut g = game.clone();
            if let Err(e) = g.apply(seat, a) {
                panic!("{ctx} seat {seat}: listed {a:?} refused: {e}");
            }
            accepted += 1;
        }
        for a in &unlisted_sample(game, seat, &listed, rng) {
            let mut g = game.clone();
            if let Ok(events) = g.apply(seat, a) {
                panic!(
                    "{ctx} seat {seat}: {a:?} is not listed but was accepted: {events:?}\nlisted: {listed:?}"
                );
            }
            assert!(
                g == *game,
                "{ctx} seat {seat}: refused {a:?} changed the game"
            );
            refused += 1;
        }
    }
    (accepted, refused)
}

fn run(players: u8) {
    let deck = Deck::default_deck();
    let (mut accepted, mut refused) = (0, 0);
    for seed in 0..GAMES {
        let options = Options {
            players,
            intro: players <= 4 && seed % 4 == 3,
            first_player: (seed % players as u64) as u8,
        };
        let mut game = Game::new(deck.clone(), options, 9_000 + seed).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
        let mut sample_rng = ChaCha8Rng::seed_from_u64(seed.wrapping_mul(7919));
        let mut step = 0;
        loop {
            let ctx = format!("{players} players, seed {seed}, step {step}");
            let (a, r) = check_state(&game, &mut sample_rng, &ctx);
            accepted += a;
            refused += r;
            // Now and then a non-random choice, so richer farms are reached too: the
            // costliest build listed.
            let step_choice = if rng.random_bool(0.3) {
                game.waiting_for().first().and_then(|&seat| {
                    game.legal_actions(seat)
                        .into_iter()
                        .rfind(|a| matches!(a, Action::Build { .. }))
                        .map(|a| (seat, a))
                })
            } else {
                None
            };
            let Some((seat, action)) = step_choice.or_else(|| sim::random_step(&game, &mut rng))
            else {
                break;
            };
            game.apply(seat, &action).unwrap();
            step += 1;
        }
        assert!(game.is_over(), "{players} players, seed {seed}: unfinished");
    }
    // Enough happened for the check to mean something.
    assert!(
        accepted > 1_000,
        "{players} players: only {accepted} listed actions"
    );
    assert!(
        refused > 1_000,
        "{players} players: only {refused} refusals"
    );
}

#[test]
fn listing_agrees_with_apply_2_players() {
    run(2);
}

#[test]
fn listing_agrees_with_apply_3_players() {
    run(3);
}

#[test]
fn listing_agrees_with_apply_4_players() {
    run(4);
}

#[test]
fn listing_agrees_with_apply_5_players() {
    run(5);
}

#[test]
fn listing_agrees_with_apply_6_players() {
    run(6);
}
