//! One seed and one action list make one game (docs/ARCHITECTURE.md, "Invariants that hold everywhere"): a recorded random
//! playout replays exactly through `replay::replay`, the saved-game format (`Scenario` as JSON)
//! round-trips losslessly, and different seeds shuffle differently.

use farmhand_games::fields_of_green::replay::{Scenario, SeatAction, replay};
use farmhand_games::fields_of_green::{Action, Deck, Game, Options, Setup, sim};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Plays game `seed` at random and records every (seat, action).
fn record(players: u8, intro: bool, seed: u64) -> (Game, Scenario) {
    let options = Options {
        players,
        intro,
        first_player: (seed % players as u64) as u8,
    };
    let setup = Setup::new(options.clone(), seed);
    let mut game = Game::new(Deck::default_deck(), options, seed).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed.wrapping_mul(31).wrapping_add(players as u64));
    let mut actions = Vec::new();
    sim::play_out(&mut game, &mut rng, |_, seat, action| {
        actions.push(SeatAction {
            seat,
            action: action.clone(),
        })
    });
    assert!(
        game.is_over(),
        "{players} players, seed {seed}: the playout did not finish"
    );
    (
        game,
        Scenario {
            deck: None,
            setup,
            names: Vec::new(),
            actions,
        },
    )
}

fn json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap()
}

#[test]
fn a_recorded_playout_replays_exactly() {
    let deck = Deck::default_deck();
    for players in 2..=6u8 {
        for seed in [1u64, 77, 4_000_000_007] {
            let intro = players <= 4 && seed == 77;
            let (played, scenario) = record(players, intro, seed);
            let ctx = format!("{players} players, seed {seed}, intro {intro}");

            let (game, report) = replay(deck.clone(), &scenario).unwrap();
            assert!(
                report.rejected.is_empty(),
                "{ctx}: replay refused {:?}",
                report.rejected
            );
            assert_eq!(report.steps.len(), scenario.actions.len(), "{ctx}");
            assert_eq!(
                json(&game.snapshot()),
                json(&played.snapshot()),
                "{ctx}: final snapshots differ"
            );
            assert!(game == played, "{ctx}: final games differ");
            assert_eq!(report.scores.as_deref(), played.scores(), "{ctx}");
            assert_eq!(report.winners, played.winners(), "{ctx}");

            // The report is a pure function of the scenario, and serializes stably.
            let text = json(&report);
            assert_eq!(
                text,
                json(&report),
                "{ctx}: the report serializes differently twice"
            );
            let (again, report2) = replay(deck.clone(), &scenario).unwrap();
            assert_eq!(
                json(&report2),
                text,
                "{ctx}: a second replay reports differently"
            );
            assert!(again == game, "{ctx}");
        }
    }
}

#[test]
fn every_prefix_of_a_replay_matches_the_live_game() {
    // Replaying the first k actions gives the state the live game had after k actions; checked at
    // a spread of k for one game of each size.
    let deck = Deck::default_deck();
    for players in 2..=6u8 {
        let seed = 900 + players as u64;
        let (_, scenario) = record(players, false, seed);
        let mut live = Game::new(deck.clone(), scenario.setup.options.clone(), seed).unwrap();
        let total = scenario.actions.len();
        for (k, sa) in scenario.actions.iter().enumerate() {
            if k % 37 == 0 {
                let prefix = Scenario {
                    actions: scenario.actions[..k].to_vec(),
                    ..scenario.clone()
                };
                let (g, report) = replay(deck.clone(), &prefix).unwrap();
                assert!(report.rejected.is_empty());
                assert!(
                    g == live,
                    "{players} players, seed {seed}: replay of {k}/{total} actions differs"
                );
            }
            live.apply(sa.seat, &sa.action).unwrap();
        }
    }
}

#[test]
fn a_refused_action_in_a_scenario_is_reported_and_skipped() {
    let deck = Deck::default_deck();
    let (played, mut scenario) = record(3, false, 5);
    // Seat 7 does not exist: refused, reported, and the rest replays as before.
    let bogus = SeatAction {
        seat: 7,
        action: scenario.actions[0].action.clone(),
    };
    scenario.actions.insert(3, bogus);
    let (game, report) = replay(deck, &scenario).unwrap();
    assert_eq!(report.rejected.len(), 1);
    assert_eq!(report.rejected[0].index, 3);
    assert_eq!(report.rejected[0].seat, 7);
    assert!(game == played);
}

#[test]
fn the_same_seed_shuffles_the_same_and_different_seeds_differently() {
    let deck = Deck::default_deck();
    for players in 2..=6u8 {
        let options = Options::standard(players);
        // Game::new already draws for the first seat when its split is forced, so compare the
        // piles together with the hands.
        let deal = |seed: u64| {
            let g = Game::new(deck.clone(), options.clone(), seed).unwrap();
            let s = g.state();
            (
                s.piles.clone(),
                s.equipment.clone(),
                s.players.iter().map(|p| p.hand.clone()).collect::<Vec<_>>(),
            )
        };
        let seeds: Vec<u64> = (0..25).chain([u64::MAX, 1 << 40]).collect();
        let deals: Vec<_> = seeds.iter().map(|&s| deal(s)).collect();
        for (i, a) in deals.iter().enumerate() {
            assert_eq!(
                *a,
                deal(seeds[i]),
                "seed {} does not shuffle the same twice",
                seeds[i]
            );
            for (j, b) in deals.iter().enumerate().skip(i + 1) {
                assert_ne!(
                    a.0, b.0,
                    "{players} players: seeds {} and {} give the same piles",
                    seeds[i], seeds[j]
                );
                assert_ne!(
                    a.1, b.1,
                    "{players} players: seeds {} and {} give the same Equipment",
                    seeds[i], seeds[j]
                );
            }
        }
        // Every pile, not just one of them, depends on the seed.
        for k in 0..4 {
            assert!(
                deals.iter().any(|d| d.0[k] != deals[0].0[k]),
                "pile {k} ignores the seed"
            );
        }
    }
}

#[test]
fn the_two_player_row_depends_on_the_seed_too() {
    // Ruling 21: the 12 cards are shuffled into a face-down pile each year, from the game's seed.
    let deck = Deck::default_deck();
    let options = Options {
        players: 2,
        intro: true,
        first_player: 0,
    };
    let rows: Vec<_> = (0..10u64)
        .map(|seed| {
            let g = Game::new(deck.clone(), options.clone(), seed).unwrap();
            // Introductory mode forces both draws, so the row is already out.
            assert!(
                matches!(
                    g.phase(),
                    farmhand_games::fields_of_green::Phase::Duel { .. }
                ),
                "{:?}",
                g.phase()
            );
            (g.state().row.clone(), g.state().row_pile.clone())
        })
        .collect();
    for (i, a) in rows.iter().enumerate() {
        for b in &rows[i + 1..] {
            assert_ne!(a, b);
        }
    }
}

#[test]
fn a_scenario_round_trips_through_json() {
    for players in 2..=6u8 {
        let (_, mut scenario) = record(players, players == 3, 42 + players as u64);
        if players == 4 {
            scenario.deck = Some("decks/custom.toml".into());
        }
        let text = serde_json::to_string_pretty(&scenario).unwrap();
        let back: Scenario = serde_json::from_str(&text).unwrap();
        assert_eq!(
            back, scenario,
            "{players} players: the scenario changed in a JSON round trip"
        );
        assert_eq!(serde_json::to_string_pretty(&back).unwrap(), text);
        // The compact form too, and the value form.
        let compact = serde_json::to_string(&scenario).unwrap();
        assert_eq!(
            serde_json::from_str::<Scenario>(&compact).unwrap(),
            scenario
        );
        let value = serde_json::to_value(&scenario).unwrap();
        assert_eq!(serde_json::from_value::<Scenario>(value).unwrap(), scenario);
        // And what it replays to is unchanged.
        let deck = Deck::default_deck();
        let (a, _) = replay(deck.clone(), &scenario).unwrap();
        let (b, _) = replay(deck, &back).unwrap();
        assert!(a == b);
    }
}

#[test]
fn a_minimal_scenario_file_parses_with_defaults() {
    // The hand-written form: options flattened into the setup, defaults for everything else.
    let text = r#"{ "setup": { "players": 3, "seed": 9 }, "actions": [] }"#;
    let s: Scenario = serde_json::from_str(text).unwrap();
    assert_eq!(s.setup, Setup::new(Options::standard(3), 9));
    assert!(s.deck.is_none() && s.actions.is_empty());
    // Unknown fields are refused rather than silently dropped, at every level: a typo must not
    // turn into a different game.
    let bad = [
        r#"{ "setup": { "players": 3, "seed": 9 }, "extra": 1 }"#,
        r#"{ "setup": { "players": 3, "seed": 9, "intr": true } }"#,
        r#"{ "setup": { "players": 3, "seed": 9 }, "actions": [{ "seat": 0, "type": "market", "fod": 1 }] }"#,
        r#"{ "setup": { "players": 3, "seed": 9 }, "actions": [{ "seat": 0, "type": "build", "pos": { "x": 1, "y": 1 }, "extar": 1 }] }"#,
        r#"{ "setup": { "players": 3, "seed": 9 }, "actions": [{ "type": "end_harvest" }] }"#,
    ];
    for text in bad {
        assert!(
            serde_json::from_str::<Scenario>(text).is_err(),
            "accepted: {text}"
        );
    }
    let good = r#"{ "setup": { "players": 3, "seed": 9 }, "actions": [{ "seat": 2, "type": "market", "food": 1 }] }"#;
    let s: Scenario = serde_json::from_str(good).unwrap();
    assert_eq!(
        s.actions,
        [SeatAction {
            seat: 2,
            action: Action::Market { food: 1 }
        }]
    );
}
