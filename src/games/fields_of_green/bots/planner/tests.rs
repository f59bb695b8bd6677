//! The planner against the engine, on the rulebook's examples and random farms.

use super::*;
use crate::fields_of_green::bots::stress::{self, FarmShape};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A location as [`yields`] and the search order read it.
type LocShape = (usize, Pos, bool, u32, Vec<Variant>, i64, i64, Variant);

/// What [`yields`] reads of a model: the locations in order, with their variants.
fn shape_of(m: &Model) -> Vec<LocShape> {
    m.locs
        .iter()
        .map(|l| {
            (
                l.cell,
                l.pos,
                l.used,
                l.mask,
                l.variants.clone(),
                l.worth,
                l.printed,
                l.base,
            )
        })
        .collect()
}

/// The light model (for [`yields`]) refuses the same farms as the full one and lists the same
/// locations in the same order, on random farms of every size and year.
#[test]
fn the_light_model_lists_what_the_full_model_lists() {
    let deck = Deck::default_deck();
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut compared = 0;
    for case in 0..300u64 {
        let mut shape = FarmShape::stress(rng.random_range(4..=14));
        shape.towers = rng.random_range(1..=3);
        shape.silos = rng.random_range(1..=2);
        let preset = stress::random_seat(&deck, shape, &mut rng);
        let year = rng.random_range(1..=4u8);
        let Some(g) = stress::harvest_game(&deck, preset, 3, year, case) else {
            continue;
        };
        let position = HarvestPosition::from_game(&g, 0);
        let full = Model::new(&deck, &position, true);
        let light = Model::new(&deck, &position, false);
        assert_eq!(full.is_some(), light.is_some(), "case {case}");
        if let (Some(full), Some(light)) = (full, light) {
            assert_eq!(shape_of(&full), shape_of(&light), "case {case}");
            assert_eq!(full.classes, light.classes, "case {case}");
            compared += 1;
        }
    }
    assert!(compared > 100, "only {compared} farms compared");
}
