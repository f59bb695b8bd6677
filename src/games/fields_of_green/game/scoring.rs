//! The end of the game: the score pad (ruling 18) and the tie-breaks (ruling 19).

use super::eval::{Reads, SeatFarm};
use super::{Game, PlayerState, eval};
use crate::fields_of_green::cards::{Deck, DesignIdx};
use crate::fields_of_green::effects::{Ability, Modifier, Timing};
use crate::fields_of_green::farm::{CellCard, Farm, Grid, Pos};
use serde::{Deserialize, Serialize};
use smol_str::SmolStr;

/// One location's Game End ability on the pad.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameEndLine {
    pub card: SmolStr,
    pub pos: Pos,
    pub vp: u32,
}

/// A player's column of the rulebook's score pad, plus what the tie-breaks need.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScorePad {
    pub seat: usize,
    /// Printed VP of face-up locations.
    pub cards: u32,
    /// VP tokens gained from abilities.
    pub tokens: u32,
    /// Equipment Game End abilities (a Power Generator's repeat included) plus 1 per set-aside
    /// tile (the pad's "Equipment" line).
    pub equipment: u32,
    /// Of `equipment`: set-aside tiles.
    pub set_aside: u32,
    /// Coins paid at the end for Power Generator-style repeats: paid first, so the money line and
    /// coin-counting Game End abilities count only what is left (rulebook p.9 order).
    pub coins_paid: u32,
    /// 1 VP per 3 coins.
    pub money: u32,
    /// 1 VP per 2 Food.
    pub food: u32,
    /// 1 VP per empty Water Tower.
    pub water_towers: u32,
    /// Location Game End abilities, one line each.
    pub game_end: Vec<GameEndLine>,
    pub game_end_total: u32,
    pub total: u32,
    /// Tie-break 1 (ruling 19): face-up locations, Water Towers and Silos; not Open Areas.
    pub locations: u32,
    /// Tie-break 2: coins at the end.
    pub coins: u32,
}

/// What decided the winner (ruling 19).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TieBreak {
    /// One player had the most VP.
    None,
    /// Tied on VP; most locations won.
    Locations,
    /// Tied on VP and locations; most coins won.
    Coins,
    /// Still tied: the tied players share the win.
    Shared,
}

/// VP of a Game End ability for the card at `subject`.
pub fn game_end_vp(
    deck: &Deck,
    farm: &Farm,
    coins: u32,
    food: u32,
    subject: Pos,
    a: &Ability,
) -> u32 {
    SeatFarm::new(deck, farm, None, coins, food).game_end_vp(subject, a)
}

/// Above this many Power Generator-style payments in one farm (never seen with a real deck),
/// [`choose_payments`] tries them one at a time instead of every combination.
const EXHAUSTIVE_PAYMENTS: usize = 12;

/// Which optional Game End payments (Power Generator: "you may pay N coins to apply this
/// Building's Game End ability again") a seat makes. `costs[k]` is the k-th payment's price;
/// `total(left, paid)` is the seat's whole score when the payments in the bit set `paid` are
/// made and `left` coins remain.
///
/// Rulebook p.9 order (ruling 18): Equipment Game End abilities come before coins and before
/// location Game End abilities, so a payment is made first and everything after it (the money
/// line, a Market counting coins, the repeated ability itself) counts only the coins left. A
/// payment is worth making only when the whole score rises, what the money line and every
/// coin-counting ability lose included. Among choices scoring the same, the one keeping the most
/// coins wins (they are ruling 19's second tie-break), then the one with fewer payments.
///
/// Returns the bit set of payments made and the coins left.
pub fn choose_payments(
    coins: u32,
    costs: &[u32],
    mut total: impl FnMut(u32, u64) -> u32,
) -> (u64, u32) {
    let cost_of = |paid: u64| -> Option<u32> {
        costs
            .iter()
            .enumerate()
            .filter(|&(k, _)| paid & (1 << k) != 0)
            .try_fold(0u32, |sum, (_, &c)| sum.checked_add(c))
    };
    let mut best = (0u64, coins, total(coins, 0));
    let mut consider = |paid: u64, best: &mut (u64, u32, u32)| {
        let Some(left) = cost_of(paid).and_then(|c| coins.checked_sub(c)) else {
            return;
        };
        let t = total(left, paid);
        let better = (t, left, std::cmp::Reverse(paid.count_ones()))
            > (best.2, best.1, std::cmp::Reverse(best.0.count_ones()));
        if better {
            *best = (paid, left, t);
        }
    };
    if costs.len() <= EXHAUSTIVE_PAYMENTS {
        for paid in 1..(1u64 << costs.len()) {
            consider(paid, &mut best);
        }
    } else {
        // One at a time, keeping each payment that raises the score.
        for k in 0..costs.len().min(64) {
            let paid = best.0 | (1 << k);
            consider(paid, &mut best);
        }
    }
    (best.0, best.1)
}

/// The Game End sources of one farm, found once and counted for any number of coins left.
struct Sources<'a> {
    /// Face-up locations with a Game End ability: position, design, ability.
    lines: Vec<(Pos, DesignIdx, &'a Ability)>,
    /// Equipment with a Game End ability, at its host.
    tiles: Vec<(Pos, &'a Ability)>,
    /// Power Generator-style payments: the host, its own ability, the price.
    generators: Vec<(Pos, Option<&'a Ability>, u32)>,
    /// Printed VP of face-up locations.
    cards: u32,
}

impl<'a> Sources<'a> {
    fn of(deck: &'a Deck, farm: &Farm) -> Sources<'a> {
        let mut s = Sources {
            lines: Vec::new(),
            tiles: Vec::new(),
            generators: Vec::new(),
            cards: 0,
        };
        for (i, c) in farm.cells.iter().enumerate() {
            if !c.face_up {
                continue;
            }
            let own = eval::cell_ability(deck, farm, i);
            if let CellCard::Location(d) = c.card {
                s.cards = s.cards.saturating_add(deck.location(d).vp as u32);
                if let Some(a) = own.filter(|a| a.timing == Timing::GameEnd) {
                    s.lines.push((c.pos, d, a));
                }
            }
            for &e in &c.equipment {
                let a = &deck.equip(e).ability;
                match a.timing {
                    Timing::GameEnd => s.tiles.push((c.pos, a)),
                    Timing::Ongoing => {
                        for m in &a.modifiers {
                            if let Modifier::GameEndAgain { coins } = *m {
                                s.generators.push((c.pos, own, coins as u32));
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
        s
    }
}

/// One seat's pad (ruling 18, in the rulebook p.9 order; see [`choose_payments`]).
pub fn score_seat(deck: &Deck, seat: usize, p: &PlayerState) -> ScorePad {
    score_seat_on(deck, seat, p, &Grid::new(&p.farm))
}

/// [`score_seat`] on the grid of the seat's farm (the game keeps one per farm, see
/// `Game::grid`): one grid for every count within a distance, and the game's needs no
/// building at the end of a game.
fn score_seat_on(deck: &Deck, seat: usize, p: &PlayerState, grid: &Grid) -> ScorePad {
    let farm = &p.farm;
    let src = Sources::of(deck, farm);
    let grid = Some(grid);
    let food = p.food;
    let set_aside = p.set_aside.len() as u32;
    let water_towers = farm
        .cells
        .iter()
        .filter(|c| c.card == CellCard::WaterTower && c.water == 0)
        .count() as u32;
    let fixed = src
        .cards
        .saturating_add(p.vp_tokens)
        .saturating_add(set_aside)
        .saturating_add(food / 2)
        .saturating_add(water_towers);
    // Everything that may count coins, for `left` coins after the payments in `paid`: the
    // Equipment line (tiles and the repeats paid for) and each location's Game End line.
    // Scoring counts many abilities, often for several amounts of coins left, on one farm: on
    // its grid.
    let vp = |left: u32, pos: Pos, a: &Ability| {
        SeatFarm::new(deck, farm, grid, left, food).game_end_vp(pos, a)
    };
    let equipment_at = |left: u32, paid: u64| -> u32 {
        let tiles = src
            .tiles
            .iter()
            .map(|&(pos, a)| vp(left, pos, a))
            .fold(0u32, u32::saturating_add);
        let repeats = src
            .generators
            .iter()
            .enumerate()
            .filter(|&(k, _)| paid & (1 << k) != 0)
            .map(|(_, &(pos, own, _))| own.map_or(0, |a| vp(left, pos, a)))
            .fold(0u32, u32::saturating_add);
        tiles.saturating_add(repeats)
    };
    let lines_at = |left: u32| -> u32 {
        src.lines
            .iter()
            .map(|&(pos, _, a)| vp(left, pos, a))
            .fold(0u32, u32::saturating_add)
    };
    // Without a Power Generator-style payment there is nothing to choose: every coin stays
    // (what `choose_payments` returns for no costs), and the lines are counted once, below,
    // instead of once more for a choice with a single answer.
    let (paid, coins) = if src.generators.is_empty() {
        (0, p.coins)
    } else {
        let costs: Vec<u32> = src.generators.iter().map(|g| g.2).collect();
        choose_payments(p.coins, &costs, |left, paid| {
            fixed
                .saturating_add(equipment_at(left, paid))
                .saturating_add(lines_at(left))
                .saturating_add(left / 3)
        })
    };
    let equipment = equipment_at(coins, paid).saturating_add(set_aside);
    let game_end: Vec<GameEndLine> = src
        .lines
        .iter()
        .map(|&(pos, d, a)| GameEndLine {
            card: SmolStr::new(&deck.location(d).id),
            pos,
            vp: vp(coins, pos, a),
        })
        .collect();
    let game_end_total = game_end
        .iter()
        .map(|l| l.vp)
        .fold(0u32, u32::saturating_add);
    let cards = src.cards;
    let tokens = p.vp_tokens;
    let money = coins / 3;
    let food = food / 2;
    let total = [
        cards,
        tokens,
        equipment,
        money,
        food,
        water_towers,
        game_end_total,
    ]
    .into_iter()
    .fold(0u32, u32::saturating_add);
    ScorePad {
        seat,
        cards,
        tokens,
        equipment,
        set_aside,
        coins_paid: p.coins - coins,
        money,
        food,
        water_towers,
        game_end,
        game_end_total,
        total,
        locations: farm.cells.iter().filter(|c| c.face_up).count() as u32,
        coins,
    }
}

/// Scores every seat (ruling 18).
pub(super) fn score(g: &Game) -> Vec<ScorePad> {
    let deck = &*g.deck;
    g.s.players
        .iter()
        .enumerate()
        .map(|(seat, p)| score_seat_on(deck, seat, p, g.grid(seat)))
        .collect()
}

/// The winners and what decided it (ruling 19: VP, then locations, then coins, then shared).
pub fn winners(pads: &[ScorePad]) -> (Vec<usize>, TieBreak) {
    let best = pads.iter().map(|p| p.total).max().unwrap_or(0);
    let mut tied: Vec<&ScorePad> = pads.iter().filter(|p| p.total == best).collect();
    if tied.len() == 1 {
        return (vec![tied[0].seat], TieBreak::None);
    }
    let most = tied.iter().map(|p| p.locations).max().unwrap_or(0);
    tied.retain(|p| p.locations == most);
    if tied.len() == 1 {
        return (vec![tied[0].seat], TieBreak::Locations);
    }
    let richest = tied.iter().map(|p| p.coins).max().unwrap_or(0);
    tied.retain(|p| p.coins == richest);
    if tied.len() == 1 {
        return (vec![tied[0].seat], TieBreak::Coins);
    }
    (tied.iter().map(|p| p.seat).collect(), TieBreak::Shared)
}

/// The final order of every seat, from first to last, as (seat, place): most VP, then most
/// locations, then most coins (ruling 19 for the win; the same order decides every other
/// place). Seats equal on all three share a place (the next place is skipped, as in `1, 2, 2,
/// 4`) and are listed by seat. Every screen that lists the players at the end uses this order.
pub fn standings(pads: &[ScorePad]) -> Vec<(usize, u32)> {
    let key = |p: &ScorePad| std::cmp::Reverse((p.total, p.locations, p.coins));
    let mut order: Vec<&ScorePad> = pads.iter().collect();
    order.sort_by_key(|p| (key(p), p.seat));
    order
        .iter()
        .map(|p| {
            let ahead = order.iter().filter(|q| key(q) < key(p)).count();
            (p.seat, 1 + ahead as u32)
        })
        .collect()
}

impl Game {
    /// The winners and the tie-break that decided, once the game has ended.
    pub fn winners(&self) -> Option<(Vec<usize>, TieBreak)> {
        self.s.scores.as_deref().map(winners)
    }
}

/// The pad as it would read if the game ended now (for the table's running scores).
pub fn score_now(g: &Game) -> Vec<ScorePad> {
    match &g.s.scores {
        Some(pads) => pads.clone(),
        None => score(g),
    }
}
