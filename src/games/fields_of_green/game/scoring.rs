//! The end of the game: the score pad (ruling 18) and the tie-breaks (ruling 19).

use super::{Game, eval};
use crate::games::fields_of_green::cards::Deck;
use crate::games::fields_of_green::effects::{Ability, Effect, Modifier, Timing};
use crate::games::fields_of_green::farm::{CellCard, Farm, Pos};
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
    /// Coins paid at the end for Power Generator-style repeats (taken before counting money).
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
    if a.timing != Timing::GameEnd {
        return 0;
    }
    a.effects
        .iter()
        .map(|e| match e {
            Effect::Gain { gain, when } if eval::holds(deck, farm, coins, food, subject, when) => {
                eval::amount(deck, farm, coins, food, subject, &gain.vp)
            }
            _ => 0,
        })
        .sum()
}

/// Scores every seat (ruling 18).
pub(super) fn score(g: &Game) -> Vec<ScorePad> {
    let deck = &*g.deck;
    g.s.players
        .iter()
        .enumerate()
        .map(|(seat, p)| {
            let farm = &p.farm;
            let mut cards = 0;
            let mut game_end = Vec::new();
            let mut equipment = 0;
            let mut generators: Vec<(u32, u32)> = Vec::new();
            for (i, c) in farm.cells.iter().enumerate() {
                if !c.face_up {
                    continue;
                }
                let own = eval::cell_ability(deck, farm, i);
                let own_vp = own.map_or(0, |a| game_end_vp(deck, farm, p.coins, p.food, c.pos, a));
                if let CellCard::Location(d) = c.card {
                    cards += deck.location(d).vp as u32;
                    if own.is_some_and(|a| a.timing == Timing::GameEnd) {
                        game_end.push(GameEndLine {
                            card: SmolStr::new(&deck.location(d).id),
                            pos: c.pos,
                            vp: own_vp,
                        });
                    }
                }
                for &e in &c.equipment {
                    let a = &deck.equip(e).ability;
                    equipment += game_end_vp(deck, farm, p.coins, p.food, c.pos, a);
                    if a.timing == Timing::Ongoing {
                        for m in &a.modifiers {
                            if let Modifier::GameEndAgain { coins } = *m {
                                generators.push((own_vp, coins as u32));
                            }
                        }
                    }
                }
            }
            // "You may pay" (Power Generator): pay when the repeat scores more than the coins
            // paid would have scored (1 VP per 3 coins); best repeats first. On a draw, keep the
            // coins: they are the second tie-break.
            generators.sort_unstable_by_key(|g| std::cmp::Reverse(g.0));
            let mut coins = p.coins;
            let mut coins_paid = 0;
            for (vp, cost) in generators {
                if coins >= cost && vp > coins / 3 - (coins - cost) / 3 {
                    coins -= cost;
                    coins_paid += cost;
                    equipment += vp;
                }
            }
            let set_aside = p.set_aside.len() as u32;
            equipment += set_aside;
            let money = coins / 3;
            let food = p.food / 2;
            let water_towers = farm
                .cells
                .iter()
                .filter(|c| c.card == CellCard::WaterTower && c.water == 0)
                .count() as u32;
            let game_end_total: u32 = game_end.iter().map(|l| l.vp).sum();
            let tokens = p.vp_tokens;
            let total = cards + tokens + equipment + money + food + water_towers + game_end_total;
            let locations = farm.cells.iter().filter(|c| c.face_up).count() as u32;
            ScorePad {
                seat,
                cards,
                tokens,
                equipment,
                set_aside,
                coins_paid,
                money,
                food,
                water_towers,
                game_end,
                game_end_total,
                total,
                locations,
                coins,
            }
        })
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
