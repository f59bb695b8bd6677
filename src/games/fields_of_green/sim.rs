//! Random playouts: the engine playing against itself with uniformly random legal moves. Used by
//! `farmhand simulate`, `farmhand bench engine` and the invariant tests.

use super::action::Action;
use super::game::{Choice, Game, Listing};
use rand::Rng;
use rand::seq::IndexedRandom;

/// Picks the next (seat, action) at random: a random seat among those the game waits for (so
/// simultaneous phases are exercised in every order), then a random legal action. In the harvest
/// the random player prefers paying abilities to stopping, so farms are not mostly Open Areas.
pub fn random_step<R: Rng>(game: &Game, rng: &mut R) -> Option<(usize, Action)> {
    random_step_with(game, rng, &mut Listing::default())
}

/// [`random_step`] listing into `listing`, which a caller taking many steps keeps.
fn random_step_with<R: Rng>(
    game: &Game,
    rng: &mut R,
    listing: &mut Listing,
) -> Option<(usize, Action)> {
    // `game.waiting_for()` without a heap allocation per step.
    let waiting = game.waiting_seats();
    // `choose` draws the same from a slice of any element type: only its length counts.
    let seat = *waiting.as_slice().choose(rng)? as usize;
    // The compact listing (same actions, same order as `legal_actions`): only the action
    // taken is spelt out, and Water Tower and Silo choices are only counted. The draws from
    // `rng` are the same as over the full list: `random_range` over the same ranges as the
    // filter and `choose` that list used.
    game.list_compact_into(seat, listing);
    let harvests = listing.harvests;
    let choice: Choice = if harvests > 0 && rng.random_bool(0.9) {
        // The Harvest choices are the first ones of a listing.
        listing.choices[rng.random_range(0..harvests)]
    } else {
        let n = listing.len();
        if n == 0 {
            return None;
        }
        listing.get(rng.random_range(..n))
    };
    let action = listing.action(game, &choice);
    Some((seat, action))
}

/// Plays a game to the end with random moves, calling `each` after every applied action.
/// Returns the number of actions applied.
pub fn play_out<R: Rng>(
    game: &mut Game,
    rng: &mut R,
    mut each: impl FnMut(&Game, usize, &Action),
) -> usize {
    let mut steps = 0;
    let mut listing = Listing::default();
    while let Some((seat, action)) = random_step_with(game, rng, &mut listing) {
        // Nobody here reads the events.
        game.apply_quiet(seat, &action)
            .expect("a legal action was refused");
        steps += 1;
        each(game, seat, &action);
    }
    steps
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fields_of_green::{Deck, Options};
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    /// Tables of 2-6 players by seed, the first player varying, introductory mode for every
    /// fourth seed from `intro` on (where the player count allows it).
    fn varied(seed: u64, intro: u64) -> Options {
        let players = 2 + (seed % 5) as u8;
        Options {
            players,
            intro: seed % 4 == intro && players <= 4,
            first_player: (seed % players as u64) as u8,
        }
    }

    /// The step as it was taken before the compact listing: over the full list of actions.
    fn step_over_full_list<R: Rng>(game: &Game, rng: &mut R) -> Option<(usize, Action)> {
        let waiting = game.waiting_for();
        let seat = *waiting.choose(rng)?;
        let actions = game.legal_actions(seat);
        let harvests = actions
            .iter()
            .filter(|a| matches!(a, Action::Harvest { .. }))
            .count();
        let action = if harvests > 0 && rng.random_bool(0.9) {
            actions
                .iter()
                .filter(|a| matches!(a, Action::Harvest { .. }))
                .nth(rng.random_range(0..harvests))
                .cloned()
        } else {
            actions.choose(rng).cloned()
        }?;
        Some((seat, action))
    }

    /// The compact listing draws exactly what the full list drew, with the same use of the
    /// generator, so every seed still plays the same game: at every step of random games of 2-6
    /// players, the listing spelt out is `legal_actions`, and the step taken (and the generator's
    /// state after it) is the one the full list gives.
    #[test]
    fn compact_steps_draw_like_the_full_list() {
        let deck = Deck::default_deck();
        for seed in 0..15u64 {
            let mut game = Game::new(deck.clone(), varied(seed, 3), seed).expect("setup");
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut listing = Listing::default();
            loop {
                // The playouts' list of seats to wait for is the public one.
                let waiting: Vec<usize> = game
                    .waiting_seats()
                    .as_slice()
                    .iter()
                    .map(|&s| s as usize)
                    .collect();
                assert_eq!(waiting, game.waiting_for(), "seed {seed}");
                for s in 0..game.players() {
                    game.list_into(s, &mut listing);
                    let spelt: Vec<Action> = listing
                        .choices
                        .iter()
                        .map(|c| listing.action(&game, c))
                        .collect();
                    assert_eq!(spelt, game.legal_actions(s), "seed {seed} seat {s}");
                    // The Harvest choices come first, and `harvests` counts them.
                    let is_harvest = |c: &Choice| matches!(c, Choice::Harvest { .. });
                    let h = listing.harvests;
                    assert!(listing.choices[..h].iter().all(is_harvest), "seed {seed}");
                    assert!(!listing.choices[h..].iter().any(is_harvest), "seed {seed}");
                    // The compact listing holds the same choices in the same order.
                    let full = listing.choices.clone();
                    game.list_compact_into(s, &mut listing);
                    assert_eq!(listing.len(), full.len(), "seed {seed} seat {s}");
                    let compact: Vec<Choice> = (0..listing.len()).map(|k| listing.get(k)).collect();
                    assert_eq!(compact, full, "seed {seed} seat {s}");
                    assert_eq!(listing.harvests, h, "seed {seed} seat {s}");
                }
                let mut old = rng.clone();
                let expected = step_over_full_list(&game, &mut old);
                let step = random_step_with(&game, &mut rng, &mut listing);
                assert_eq!(step, expected, "seed {seed}");
                assert_eq!(rng, old, "seed {seed}: the generators drifted apart");
                let Some((seat, action)) = step else { break };
                game.apply(seat, &action).expect("a listed action applies");
            }
            assert!(game.is_over(), "seed {seed}");
        }
    }

    /// `apply_quiet`, which the playouts and the bots' rollouts use, changes a game exactly as
    /// `apply` does: random games of 2-6 players played both ways side by side have the same
    /// state after every step, and the same outcome (the events are what is skipped, never a
    /// rule).
    #[test]
    fn quiet_apply_plays_the_same_game() {
        let deck = Deck::default_deck();
        for seed in 0..20u64 {
            let mut loud = Game::new(deck.clone(), varied(seed, 1), seed).expect("setup");
            let mut quiet = loud.clone();
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut steps = 0;
            while let Some((seat, action)) = random_step(&loud, &mut rng) {
                let events = loud.apply(seat, &action).expect("a listed action applies");
                assert!(
                    !events.is_empty(),
                    "seed {seed}: every action causes an event"
                );
                quiet
                    .apply_quiet(seat, &action)
                    .expect("the same action applies");
                assert_eq!(quiet.state(), loud.state(), "seed {seed} step {steps}");
                steps += 1;
            }
            assert!(steps > 0 && quiet.is_over(), "seed {seed}");
            assert_eq!(quiet.winners(), loud.winners(), "seed {seed}");
            // A refused action is refused the same way, and changes nothing.
            let before = quiet.state().clone();
            assert_eq!(
                quiet.apply_quiet(0, &Action::EndHarvest),
                loud.apply(0, &Action::EndHarvest).map(|_| ()),
                "seed {seed}"
            );
            assert_eq!(quiet.state(), &before, "seed {seed}");
        }
    }
}
