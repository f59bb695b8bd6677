//! One harness every hosted game's engine runs through, written once over [`Engine`] (the seam the
//! host uses): a third game gets these checks by adding one test that calls [`check_engine`].
//!
//! For random games of every player count, after every step:
//! - every action the engine lists (`legal_sample`) for a seat it waits for is accepted by
//!   `apply` (checked on a copy for the whole sample, not only the one played);
//! - a sample of actions the engine does not list now (drawn from actions that were legal earlier
//!   in the game, for any seat) is refused by `apply`, leaving the stored snapshot unchanged;
//! - the game's own bookkeeping holds (`check_invariants`);
//! - the snapshot survives a JSON round trip and a restore;
//! - every seat's view and the public view serialize. (A seat the game does not wait for may
//!   still be offered actions: in Fields of Green's simultaneous phases a player who has chosen
//!   may change their choice until the reveal.)
//!
//! At the end, replaying the log from the same seed gives the same final snapshot (replay
//! determinism, which the store relies on to rebuild any game from its actions).
//!
//! What each game hides is game-specific, so the leak checks live with each game's playouts
//! (`tests/suite/playouts.rs` disguises hidden cards; `tests/suite/kh_playouts.rs` checks hidden counters).

use farmhand_games::{
    Engine, TableSetup, fields_of_green as fog, hay_wagons as hw, key_harvest as kh,
};
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::ops::RangeInclusive;
use std::sync::Arc;

/// Actions remembered as refusal probes (the most recent ones).
const POOL: usize = 300;
/// Probes tried per step.
const PROBES: usize = 6;
/// Listed actions checked on a copy per step (beyond the one played).
const SAMPLE: usize = 4;

fn snapshot_json<G: Engine>(g: &G) -> String {
    serde_json::to_string(&g.snapshot()).expect("snapshots serialize")
}

/// Plays one random game of `G`, checking everything above after every step; returns the log.
fn playout<G: Engine>(rules: &Arc<G::Rules>, players: usize, seed: u64) -> Vec<(usize, G::Action)> {
    let setup = TableSetup {
        players,
        intro: false,
        seed,
    };
    let (mut g, _) = G::start(rules, &setup).expect("set-up");
    g.check_invariants().expect("invariants after set-up");
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x4a55);
    let mut pool: Vec<G::Action> = Vec::new();
    let mut log = Vec::new();
    let tag = format!("{} {players}p seed {seed}", G::NAME);
    while !g.is_over() {
        assert!(log.len() < 50_000, "{tag}: the game does not end");
        let waiting = g.waiting_for();
        assert!(!waiting.is_empty(), "{tag}: not over, but waits for nobody");
        let seat = *waiting.choose(&mut rng).expect("a waiting seat");
        let legal = g.legal_sample(seat, &mut rng);
        assert!(
            !legal.is_empty(),
            "{tag}: seat {seat} must decide but has no choice"
        );
        let before = snapshot_json(&g);

        // Every listed action applies (a sample of them, on copies).
        for a in legal.choose_multiple(&mut rng, SAMPLE) {
            assert!(g.listed(seat, a), "{tag}: {a:?} is sampled but not listed");
            let mut copy = g.clone();
            if let Err(e) = copy.apply(seat, a) {
                panic!("{tag} step {}: listed {a:?} refused: {e}", log.len());
            }
        }
        // A sample of unlisted actions is refused and changes nothing.
        for _ in 0..PROBES.min(pool.len()) {
            let probe = &pool[rng.random_range(0..pool.len())];
            for s in [seat, (seat + 1) % players] {
                if g.listed(s, probe) {
                    continue;
                }
                if g.apply(s, probe).is_ok() {
                    panic!(
                        "{tag} step {}: seat {s} was allowed {probe:?}, which is not listed",
                        log.len()
                    );
                }
                assert_eq!(
                    snapshot_json(&g),
                    before,
                    "{tag}: a refused action changed the game"
                );
            }
        }

        let action = legal.choose(&mut rng).expect("an action").clone();
        if let Err(e) = g.apply(seat, &action) {
            panic!("{tag} step {}: listed {action:?} refused: {e}", log.len());
        }
        if let Err(e) = g.check_invariants() {
            panic!("{tag} step {}: {e}", log.len());
        }
        let json = snapshot_json(&g);
        let back = G::restore(rules, serde_json::from_str(&json).expect("snapshot parses"))
            .unwrap_or_else(|e| panic!("{tag}: the stored game does not restore: {e}"));
        assert_eq!(snapshot_json(&back), json, "{tag}: snapshot round trip");
        for s in 0..players {
            assert!(!g.player_view_json(s).is_empty());
        }
        assert!(!g.public_view_json().is_empty());

        pool.extend(legal);
        if pool.len() > POOL {
            pool.drain(..pool.len() - POOL);
        }
        log.push((seat, action));
    }
    assert!(
        g.waiting_for().is_empty(),
        "{tag}: over, yet waits for someone"
    );

    // Replay determinism.
    let (mut again, _) = G::start(rules, &setup).expect("set-up");
    for (seat, a) in &log {
        again.apply(*seat, a).expect("a replayed action applies");
    }
    assert_eq!(
        snapshot_json(&again),
        snapshot_json(&g),
        "{tag}: replay from the seed differs"
    );
    log
}

/// The whole harness for one game: `seeds` random games at every player count.
fn check_engine<G: Engine>(rules: Arc<G::Rules>, players: RangeInclusive<usize>, seeds: u64) {
    assert_eq!(
        players,
        G::PLAYERS,
        "the harness covers every player count the game allows"
    );
    for n in players {
        for seed in 0..seeds {
            let log = playout::<G>(&rules, n, seed * 31 + n as u64);
            assert!(!log.is_empty());
        }
    }
}

#[test]
fn fields_of_green_runs_through_the_harness() {
    check_engine::<fog::Game>(fog::Deck::default_deck(), 2..=6, 4);
}

#[test]
fn key_harvest_runs_through_the_harness() {
    check_engine::<kh::Game>(kh::Board::standard(), 2..=4, 10);
}

#[test]
fn hay_wagons_runs_through_the_harness() {
    check_engine::<hw::Game>(hw::Field::standard(), 2..=2, 20);
}
