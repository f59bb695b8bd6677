//! Evaluating a seat's position for the bots: its final score as projected from what it holds.
//!
//! [`project`]: the score the seat would have if the game ended after this year's harvest played
//! optimally (the exact planner; in year 4 that is the final score itself), without the rounding
//! of coins and Food, plus a third of a VP per Water left, plus what the Harvest locations kept
//! should yield in the later years ([`later_yield`]: Water from the income and the towers, Food
//! from the income and the Fields, each location's gains valued at what they score), plus a bonus
//! for Equipment about to be chosen. [`quick`] is the same without the planner (a greedy harvest),
//! for rollouts.

use super::planner::{self, FINAL_SCALE, HarvestPosition, Yield};
use crate::fields_of_green::cards::Deck;
use crate::fields_of_green::farm::Farm;
use crate::fields_of_green::game::{Game, Phase, hand_size};

/// What a Water left on a tower is worth before year 4.
pub const WATER_VP: f64 = 1.0 / 3.0;
/// What an Equipment tile about to be chosen is worth (1 VP set aside, often more placed).
pub const OFFER_VP: f64 = 1.5;
/// Income per year (ruling 3): Water and Food (coins are the same for every choice).
const INCOME_WATER: f64 = 2.0;
const INCOME_FOOD: f64 = 1.0;

/// The projected final score of `seat`.
pub fn project(game: &Game, seat: usize) -> f64 {
    project_with(game, seat, true)
}

/// [`project`] with a greedy harvest instead of the exact planner (cheaper, for rollouts).
pub fn quick(game: &Game, seat: usize) -> f64 {
    project_with(game, seat, false)
}

fn project_with(game: &Game, seat: usize, exact: bool) -> f64 {
    let deck = game.deck();
    if let Some(pads) = game.scores() {
        return pads[seat].total as f64;
    }
    let p = &game.state().players[seat];
    let year = game.year();
    let offers = (!p.offer.is_empty()) as u32 + p.pending_equipment as u32;
    let bonus = offers as f64 * OFFER_VP;
    let position = HarvestPosition::from_game(game, seat);
    let set_aside = position.set_aside;
    let done = game.phase() == &Phase::Harvest && p.harvest_done;
    if done {
        // This year's harvest is over: the state is the end of it.
        let water = tower_water(&p.farm);
        let now = planner::smooth_score(deck, &p.farm, p.coins, p.food, p.vp_tokens, set_aside);
        let later = later_yield(deck, &position, 4 - year as u32);
        return now
            + if year < 4 {
                WATER_VP * water as f64
            } else {
                0.0
            }
            + later
            + bonus;
    }
    let plan = if exact {
        planner::plan_fast(deck, &position)
    } else {
        None
    };
    match plan {
        Some(plan) => {
            if year >= 4 {
                return plan.value as f64 / FINAL_SCALE as f64 + bonus;
            }
            let (farm, food) = plan.end_farm(deck, &position);
            let end = HarvestPosition {
                farm,
                coins: plan.end.coins,
                food,
                vp_tokens: plan.end.vp_tokens,
                set_aside,
                harvested: Vec::new(),
                year: year + 1,
            };
            let now = planner::smooth_score(
                deck,
                &end.farm,
                end.coins,
                end.food,
                end.vp_tokens,
                set_aside,
            );
            now + WATER_VP * plan.end.water as f64
                + later_yield(deck, &end, 4 - year as u32)
                + bonus
        }
        None => {
            // Greedy: this year's harvest as one of the later ones, from what is held now.
            let now = planner::smooth_score(deck, &p.farm, p.coins, p.food, p.vp_tokens, set_aside);
            let water = tower_water(&p.farm) as f64;
            let harvests = 5 - year as u32;
            let later = later_yield(deck, &position, harvests);
            now + if year < 4 { WATER_VP * water } else { 0.0 } + later + bonus
        }
    }
}

fn tower_water(farm: &Farm) -> u32 {
    farm.cells
        .iter()
        .filter(|c| c.card == crate::fields_of_green::farm::CellCard::WaterTower)
        .map(|c| c.water as u32)
        .sum()
}

/// What the position's Harvest locations should add over `harvests` more harvests: each
/// harvest pays the Water users it can from the income and its share of the Water held (best
/// return per Water first), then the Food users from the income, its share of the Food held and
/// the Food made (best return per Food first). Gains count at what they score (a coin a third of
/// a VP, a Food half a VP); a location that cannot be paid loses its printed VP once.
pub fn later_yield(deck: &Deck, position: &HarvestPosition, harvests: u32) -> f64 {
    if harvests == 0 {
        return 0.0;
    }
    let Some(ys) = planner::yields(deck, position) else {
        return 0.0;
    };
    let h = harvests as f64;
    let water_held = tower_water(&position.farm) as f64;
    let mut water = INCOME_WATER + water_held / h;
    let mut food = INCOME_FOOD + position.food as f64 / h;
    let value = |y: &Yield| y.vp as f64 + y.coins as f64 / 3.0 - y.coins_cost as f64 / 3.0;
    let mut total = 0.0;
    let mut lost = 0.0;
    // Water users.
    let mut wet: Vec<&Yield> = ys.iter().filter(|y| y.water > 0).collect();
    wet.sort_by(|a, b| {
        let ra = (value(a) + a.food as f64 / 2.0) / a.water as f64;
        let rb = (value(b) + b.food as f64 / 2.0) / b.water as f64;
        rb.total_cmp(&ra)
    });
    for y in wet {
        if y.towers_in_range > 0 && y.water as f64 <= water + 0.5 {
            water -= y.water as f64;
            food += y.food as f64;
            total += value(y) + y.food as f64 / 2.0;
        } else {
            lost += y.printed as f64;
        }
    }
    // Food users, then the rest.
    let mut fed: Vec<&Yield> = ys
        .iter()
        .filter(|y| y.water == 0 && y.food_cost > 0)
        .collect();
    fed.sort_by(|a, b| {
        let ra = value(a) / a.food_cost as f64;
        let rb = value(b) / b.food_cost as f64;
        rb.total_cmp(&ra)
    });
    for y in fed {
        if y.food_cost as f64 <= food + 0.5 {
            food -= y.food_cost as f64;
            total += value(y) + (y.food as f64 - y.food_cost as f64) / 2.0;
        } else {
            lost += y.printed as f64;
        }
    }
    for y in ys.iter().filter(|y| y.water == 0 && y.food_cost == 0) {
        total += value(y) + y.food as f64 / 2.0;
    }
    h * total - lost
}

/// Cards a seat draws per year, for estimates (ruling 20).
pub fn cards_per_year(players: usize) -> u8 {
    hand_size(players)
}
