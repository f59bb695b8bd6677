//! Random farms for testing and benchmarking the harvest planner: connected farms of a given size
//! with a chosen mix of Harvest locations, Water Towers and Silos, respecting the deck's copies
//! and the Equipment placement rules (ruling 17).

use crate::fields_of_green::cards::{Deck, EquipIdx};
use crate::fields_of_green::effects::{Pile, Timing};
use crate::fields_of_green::farm::{CellCard, Pos};
use crate::fields_of_green::game::{
    Game, Options, PresetCell, PresetSeat, Setup, StartPhase, host_accepts,
};
use rand::Rng;
use rand::seq::{IndexedRandom, SliceRandom};
use smol_str::SmolStr;
use std::sync::Arc;

/// The shape of a random farm.
#[derive(Clone, Copy, Debug)]
pub struct FarmShape {
    /// Cards in the farm (Water Towers and Silos included).
    pub cards: usize,
    pub towers: usize,
    pub silos: usize,
    /// Share of the locations that have a Harvest ability (the rest: any design).
    pub harvest_share: f64,
    /// Chance that a location carries an Equipment tile it fits.
    pub equipment_chance: f64,
    /// Chance that a location is an Open Area.
    pub open_chance: f64,
    /// Only these designs (ids) for the locations; empty: any.
    pub only: &'static [&'static str],
}

impl FarmShape {
    /// A harvest-heavy farm of `cards` cards: the planner's hard case.
    pub fn stress(cards: usize) -> FarmShape {
        FarmShape {
            cards,
            towers: (cards / 6).max(1),
            silos: (cards / 12).max(1),
            harvest_share: 0.85,
            equipment_chance: 0.25,
            open_chance: 0.0,
            only: &[],
        }
    }
}

/// A random connected farm with the given shape, its resources random too. Tower and Silo
/// numbers are capped by the deck's supply; location copies by the deck.
pub fn random_seat<R: Rng>(deck: &Deck, shape: FarmShape, rng: &mut R) -> PresetSeat {
    let mut copies: Vec<u8> = deck.locations.iter().map(|d| d.copies).collect();
    let mut tiles: Vec<u8> = deck.equipment.iter().map(|e| e.copies).collect();
    let allowed =
        |d: usize| shape.only.is_empty() || shape.only.contains(&deck.locations[d].id.as_str());
    let harvest: Vec<usize> = (0..deck.locations.len())
        .filter(|&d| allowed(d) && deck.locations[d].timing() == Some(Timing::Harvest))
        .collect();
    let towers = shape
        .towers
        .clamp(1, deck.supply.water_towers.saturating_sub(2) as usize);
    let silos = shape
        .silos
        .clamp(1, deck.supply.silos.saturating_sub(2) as usize);
    let locations = shape.cards.saturating_sub(towers + silos);
    let mut kinds: Vec<CellCard> = Vec::with_capacity(shape.cards);
    kinds.extend(std::iter::repeat_n(CellCard::WaterTower, towers));
    kinds.extend(std::iter::repeat_n(CellCard::Silo, silos));
    for _ in 0..locations {
        let want_harvest = rng.random_bool(shape.harvest_share.clamp(0.0, 1.0));
        let pool: Vec<usize> = if want_harvest {
            harvest.iter().copied().filter(|&d| copies[d] > 0).collect()
        } else {
            (0..deck.locations.len())
                .filter(|&d| allowed(d) && copies[d] > 0)
                .collect()
        };
        let Some(&d) = pool.choose(rng) else { break };
        copies[d] -= 1;
        kinds.push(CellCard::Location(d as u16));
    }
    // The first card is a tower at (0, 0) so every farm has one; the rest in random order, each
    // on a random empty space next to the farm.
    kinds[1..].shuffle(rng);
    let mut cells: Vec<PresetCell> = Vec::with_capacity(kinds.len());
    let mut taken: Vec<Pos> = Vec::new();
    for (k, card) in kinds.into_iter().enumerate() {
        let pos = if k == 0 {
            Pos::new(0, 0)
        } else {
            let mut spaces: Vec<Pos> = taken
                .iter()
                .flat_map(|p| p.neighbours())
                .filter(|p| !taken.contains(p))
                .collect();
            spaces.sort_unstable();
            spaces.dedup();
            *spaces
                .choose(rng)
                .expect("a farm always has a free space next to it")
        };
        taken.push(pos);
        let (id, water) = match card {
            CellCard::WaterTower => (SmolStr::new_static("water_tower"), rng.random_range(0..=3)),
            CellCard::Silo => (SmolStr::new_static("silo"), 0),
            CellCard::Location(d) => (SmolStr::new(&deck.location(d).id), 0),
        };
        let face_up = !matches!(card, CellCard::Location(_)) || !rng.random_bool(shape.open_chance);
        let mut equipment: Vec<SmolStr> = Vec::new();
        if face_up && rng.random_bool(shape.equipment_chance.clamp(0.0, 1.0)) {
            let fitting: Vec<usize> = (0..deck.equipment.len())
                .filter(|&e| tiles[e] > 0 && host_accepts(deck, card, e as EquipIdx))
                .collect();
            if let Some(&e) = fitting.choose(rng) {
                tiles[e] -= 1;
                equipment.push(SmolStr::new(&deck.equipment[e].id));
            }
        }
        cells.push(PresetCell {
            pos,
            card: id,
            face_up,
            water,
            equipment,
        });
    }
    let silo_cap = deck.supply.silo_capacity as u32 * silos as u32;
    PresetSeat {
        coins: rng.random_range(0..=12),
        food: rng.random_range(0..=silo_cap),
        vp_tokens: 0,
        cells,
        set_aside: Vec::new(),
    }
}

/// A game at the harvest of `year` with seat 0 preset (the others standard, so they finish by
/// themselves). None if the preset does not fit the deck's supply.
pub fn harvest_game(
    deck: &Arc<Deck>,
    seat: PresetSeat,
    players: u8,
    year: u8,
    seed: u64,
) -> Option<Game> {
    let mut setup = Setup::new(Options::standard(players), seed);
    setup.seats = vec![Some(seat)];
    setup.start_year = year;
    setup.start_phase = StartPhase::Harvest;
    Game::with_setup(deck.clone(), setup).ok()
}

/// Hand-made hard farms of 30 cards: many Harvest locations, overlapping towers, little Silo room
/// (so the order matters) and scarce Water (so the choice of what to water matters).
pub fn worst_case_seats(deck: &Deck) -> Vec<(String, PresetSeat)> {
    let mut out = Vec::new();
    let fields: Vec<usize> = (0..deck.locations.len())
        .filter(|&d| {
            deck.locations[d].pile == Pile::Field
                && deck.locations[d].timing() == Some(Timing::Harvest)
        })
        .collect();
    let livestock: Vec<usize> = (0..deck.locations.len())
        .filter(|&d| {
            deck.locations[d].pile == Pile::Livestock
                && deck.locations[d].timing() == Some(Timing::Harvest)
        })
        .collect();
    // A 6 x 5 block: towers spread in it, Silos, fields and animals alternating.
    for (name, towers, silos, water) in [
        ("block-6-towers-scarce-water", 6usize, 1usize, 2u8),
        ("block-4-towers-full", 4, 2, 3),
        ("block-8-towers-1-silo", 8, 1, 3),
    ] {
        let mut copies: Vec<u8> = deck.locations.iter().map(|d| d.copies).collect();
        let mut cells = Vec::new();
        let mut f = 0usize;
        let mut l = 0usize;
        let spots: Vec<(i8, i8)> = (0..5).flat_map(|y| (0..6).map(move |x| (x, y))).collect();
        let tower_spots: Vec<usize> = (0..towers).map(|k| (k * 30) / towers + 2).collect();
        let silo_spots: Vec<usize> = (0..silos).map(|k| (k * 30) / silos + 4).collect();
        for (k, &(x, y)) in spots.iter().enumerate() {
            let pos = Pos::new(x, y);
            let (id, w) = if tower_spots.contains(&k) {
                ("water_tower".to_string(), water)
            } else if silo_spots.contains(&k) {
                ("silo".to_string(), 0)
            } else {
                // Two fields for each animal.
                let list = if k % 3 == 2 { &livestock } else { &fields };
                let at = if k % 3 == 2 { &mut l } else { &mut f };
                let mut pick = None;
                for _ in 0..list.len() {
                    let d = list[*at % list.len()];
                    *at += 1;
                    if copies[d] > 0 {
                        copies[d] -= 1;
                        pick = Some(d);
                        break;
                    }
                }
                match pick {
                    Some(d) => (deck.locations[d].id.clone(), 0),
                    None => ("silo".to_string(), 0),
                }
            };
            cells.push(PresetCell {
                pos,
                card: SmolStr::new(&id),
                face_up: true,
                water: w,
                equipment: Vec::new(),
            });
        }
        out.push((
            name.to_string(),
            PresetSeat {
                coins: 5,
                food: 2,
                vp_tokens: 0,
                cells,
                set_aside: Vec::new(),
            },
        ));
    }
    out
}
