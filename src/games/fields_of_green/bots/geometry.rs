//! A farm's distances computed once (every card to every card, ruling 11), and the engine's card
//! counts, amounts, conditions and Game End scores evaluated with them. The engine's own
//! functions (`game::eval`) search the farm again for every count; the bots evaluate thousands of
//! positions per decision, so they count from this table instead. `tests/suite/planner.rs` checks that
//! every count, amount, condition, reach and Game End score agrees with the engine's.

use crate::fields_of_green::cards::Deck;
use crate::fields_of_green::effects::{Ability, Amount, Condition, Count, Effect, Scope, Timing};
use crate::fields_of_green::farm::{Dists, FAR, Farm, Grid, Pos};
use crate::fields_of_green::game::eval;

/// Distances between the cards of one farm, each card's row searched on first use. Turning a
/// location face down or moving Water changes no distance (Open Areas still carry it), so one
/// geometry serves every end of a harvest.
pub struct Geometry {
    n: usize,
    grid: Grid,
    cells: Vec<Pos>,
    rows: Vec<std::cell::OnceCell<Dists>>,
}

impl Geometry {
    pub fn new(farm: &Farm) -> Geometry {
        let n = farm.cells.len();
        Geometry {
            n,
            grid: Grid::new(farm),
            cells: farm.cells.iter().map(|c| c.pos).collect(),
            rows: (0..n).map(|_| std::cell::OnceCell::new()).collect(),
        }
    }

    fn row(&self, farm: &Farm, i: usize) -> &[u8] {
        debug_assert_eq!(
            farm.cells[i].pos, self.cells[i],
            "a geometry of another farm"
        );
        self.rows[i].get_or_init(|| farm.distances_within(&self.grid, self.cells[i], FAR))
    }

    /// Distance from card `i` to card `j` through the farm's cards.
    pub fn d(&self, farm: &Farm, i: usize, j: usize) -> u8 {
        self.row(farm, i)[j]
    }

    /// True when card `j` is in `scope` of card `i` (never `i` itself, except for `This`).
    pub fn in_scope(&self, farm: &Farm, i: usize, scope: Scope, j: usize) -> bool {
        match scope {
            Scope::This => i == j,
            Scope::Adjacent => farm.cells[i].pos.is_adjacent(farm.cells[j].pos),
            Scope::Within(n) => {
                let d = self.d(farm, i, j);
                d >= 1 && d <= n
            }
            Scope::Farm => i != j,
        }
    }

    /// [`eval::count`] for the card `subject`.
    pub fn count(
        &self,
        deck: &Deck,
        farm: &Farm,
        coins: u32,
        food: u32,
        subject: usize,
        c: &Count,
    ) -> u32 {
        match *c {
            Count::Food => food,
            Count::Coins => coins,
            Count::Cards { of, scope } => (0..self.n.min(farm.cells.len()))
                .filter(|&j| {
                    self.in_scope(farm, subject, scope, j) && eval::cell_matches(deck, farm, j, of)
                })
                .count() as u32,
        }
    }

    /// [`eval::amount`] for the card `subject`.
    pub fn amount(
        &self,
        deck: &Deck,
        farm: &Farm,
        coins: u32,
        food: u32,
        subject: usize,
        a: &Amount,
    ) -> u32 {
        match &a.count {
            None => a.eval(0),
            Some(c) => a.eval(self.count(deck, farm, coins, food, subject, c)),
        }
    }

    /// [`eval::holds`] for the card `subject`.
    pub fn holds(
        &self,
        deck: &Deck,
        farm: &Farm,
        coins: u32,
        food: u32,
        subject: usize,
        cond: &Option<Condition>,
    ) -> bool {
        match cond {
            None => true,
            Some(cond) => {
                let n = self.count(deck, farm, coins, food, subject, &cond.count);
                cond.min.is_none_or(|m| n >= m) && cond.max.is_none_or(|m| n <= m)
            }
        }
    }

    /// `scoring::game_end_vp` for the card `subject`.
    pub fn game_end_vp(
        &self,
        deck: &Deck,
        farm: &Farm,
        coins: u32,
        food: u32,
        subject: usize,
        a: &Ability,
    ) -> u32 {
        if a.timing != Timing::GameEnd {
            return 0;
        }
        a.effects
            .iter()
            .map(|e| match e {
                Effect::Gain { gain, when }
                    if self.holds(deck, farm, coins, food, subject, when) =>
                {
                    self.amount(deck, farm, coins, food, subject, &gain.vp)
                }
                _ => 0,
            })
            .sum()
    }

    /// [`eval::reaches`] from card `source` to card `target` (the whole farm includes the
    /// source itself there).
    pub fn reaches(&self, farm: &Farm, source: usize, scope: Scope, target: usize) -> bool {
        match scope {
            Scope::Farm => true,
            _ => self.in_scope(farm, source, scope, target),
        }
    }

    /// The index of the card at `pos`.
    pub fn index(farm: &Farm, pos: Pos) -> Option<usize> {
        farm.index_of(pos)
    }
}
