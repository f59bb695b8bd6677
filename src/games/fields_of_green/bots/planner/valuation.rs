//! Valuation: what a finished harvest is worth (the objective, final scores, the end farm).

use super::*;

/// The objective of a finished harvest: `end_farm` is the farm after `EndHarvest` (Open Areas
/// turned, storage clamped), `start` the position before the harvest began being planned.
pub fn objective(
    deck: &Deck,
    start: &HarvestPosition,
    end_farm: &Farm,
    coins: u32,
    food: u32,
    vp_tokens: u32,
) -> (u32, i64) {
    let cells = start.harvest_cells(deck);
    let kept_cells: Vec<usize> = cells
        .iter()
        .copied()
        .filter(|&i| end_farm.cells[i].face_up)
        .collect();
    let kept = kept_cells.len() as u32;
    let value = match start.valuation() {
        Valuation::Interim => {
            let water: i64 = end_farm
                .cells
                .iter()
                .filter(|c| c.card == CellCard::WaterTower)
                .map(|c| c.water as i64)
                .sum();
            let worth: i64 = kept_cells
                .iter()
                .map(|&i| location_worth(deck, end_farm, i))
                .sum();
            VP * vp_tokens as i64 + COIN * coins as i64 + FOOD * food as i64 + WATER * water + worth
        }
        Valuation::Final => {
            let (total, coins_left) =
                final_score(deck, end_farm, coins, food, vp_tokens, start.set_aside);
            FINAL_SCALE * total as i64 + coins_left as i64
        }
    };
    (kept, value)
}

/// Interim worth of keeping the location of cell `i` face up: its printed VP and its tiles.
pub(super) fn location_worth(deck: &Deck, farm: &Farm, i: usize) -> i64 {
    let c = &farm.cells[i];
    let printed = match c.card {
        CellCard::Location(d) => deck.location(d).vp as i64,
        _ => 0,
    };
    VP * printed + TILE * c.equipment.len() as i64
}

/// One seat's final score (ruling 18) and the coins left after Power Generator payments, the same
/// way the engine's score pad counts them (tests compare the two).
pub fn final_score(
    deck: &Deck,
    farm: &Farm,
    coins: u32,
    food: u32,
    vp_tokens: u32,
    set_aside: u32,
) -> (u32, u32) {
    final_score_with(
        deck,
        farm,
        &Geometry::new(farm),
        coins,
        food,
        vp_tokens,
        set_aside,
    )
}

/// [`final_score`] with the farm's distances at hand (`geo` may come from the farm before its
/// locations turned over: distances do not change).
pub fn final_score_with(
    deck: &Deck,
    farm: &Farm,
    geo: &Geometry,
    coins: u32,
    food: u32,
    vp_tokens: u32,
    set_aside: u32,
) -> (u32, u32) {
    let parts = score_parts(deck, farm, geo, coins, food);
    let total_of = |parts: &ScoreParts, left: u32, paid: u64| -> u32 {
        let repeats = parts
            .generators
            .iter()
            .enumerate()
            .filter(|&(k, _)| paid & (1 << k) != 0)
            .map(|(_, g)| g.0)
            .fold(0u32, u32::saturating_add);
        [
            parts.cards,
            vp_tokens,
            parts.equipment,
            set_aside,
            repeats,
            left / 3,
            food / 2,
            parts.towers,
            parts.game_end,
        ]
        .into_iter()
        .fold(0u32, u32::saturating_add)
    };
    if parts.generators.is_empty() {
        return (total_of(&parts, coins, 0), coins);
    }
    // The engine's rule (scoring::choose_payments): payments first, then everything counts the
    // coins left, so the parts are counted again for each amount left.
    let costs: Vec<u32> = parts.generators.iter().map(|g| g.1).collect();
    let at = |left: u32| {
        if left == coins {
            None
        } else {
            Some(score_parts(deck, farm, geo, left, food))
        }
    };
    let (paid, left) = scoring::choose_payments(coins, &costs, |left, paid| {
        total_of(at(left).as_ref().unwrap_or(&parts), left, paid)
    });
    (
        total_of(at(left).as_ref().unwrap_or(&parts), left, paid),
        left,
    )
}

/// The parts of a score that depend on the farm.
pub(super) struct ScoreParts {
    pub(super) cards: u32,
    /// Equipment Game End abilities (not the Power Generator repeats, not set-aside tiles).
    pub(super) equipment: u32,
    /// Power Generator-style repeats: (VP of the host's Game End ability, coins to pay).
    pub(super) generators: Vec<(u32, u32)>,
    pub(super) towers: u32,
    pub(super) game_end: u32,
}

pub(super) fn score_parts(
    deck: &Deck,
    farm: &Farm,
    geo: &Geometry,
    coins: u32,
    food: u32,
) -> ScoreParts {
    let mut parts = ScoreParts {
        cards: 0,
        equipment: 0,
        generators: Vec::new(),
        towers: 0,
        game_end: 0,
    };
    for (i, c) in farm.cells.iter().enumerate() {
        if c.card == CellCard::WaterTower && c.water == 0 {
            parts.towers += 1;
        }
        if !c.face_up {
            continue;
        }
        let own = eval::cell_ability(deck, farm, i);
        let own_vp = own.map_or(0, |a| geo.at(deck, farm, coins, food).game_end_vp(i, a));
        if let CellCard::Location(d) = c.card {
            parts.cards += deck.location(d).vp as u32;
            if own.is_some_and(|a| a.timing == Timing::GameEnd) {
                parts.game_end += own_vp;
            }
        }
        for &e in &c.equipment {
            let a = &deck.equip(e).ability;
            parts.equipment += geo.at(deck, farm, coins, food).game_end_vp(i, a);
            if a.timing == Timing::Ongoing {
                for m in &a.modifiers {
                    if let Modifier::GameEndAgain { coins } = *m {
                        parts.generators.push((own_vp, coins as u32));
                    }
                }
            }
        }
    }
    parts
}

/// The farm after `EndHarvest` (ruling 15): Harvest locations not in `kept` turn into Open Areas
/// and lose their Equipment; tower Water is set from `water` (per cell) and clamped to what the
/// towers hold now. Returns the farm and `food` clamped to the Silos' capacity.
pub fn end_farm(
    deck: &Deck,
    start: &Farm,
    flipped: &[usize],
    water: &[u8],
    food: u32,
) -> (Farm, u32) {
    let mut farm = start.clone();
    for &i in flipped {
        let c = &mut farm.cells[i];
        c.face_up = false;
        c.equipment.clear();
    }
    for (i, &w) in water.iter().enumerate() {
        farm.cells[i].water = w;
    }
    if !flipped.is_empty() {
        let caps: Vec<(usize, u8)> = (0..farm.cells.len())
            .filter(|&i| farm.cells[i].card == CellCard::WaterTower)
            .map(|i| (i, eval::tower_capacity(deck, &farm, i)))
            .collect();
        for (i, cap) in caps {
            farm.cells[i].water = farm.cells[i].water.min(cap);
        }
        let cap = eval::food_capacity(deck, &farm);
        return (farm, food.min(cap));
    }
    (farm, food)
}
