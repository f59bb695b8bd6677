//! A farm's distances computed once (every card to every card, ruling 11), and the engine's card
//! counts, amounts, conditions and Game End scores evaluated with them. The engine's own
//! functions (`game::eval`) search the farm again for every count; the bots evaluate thousands of
//! positions per decision, so they count from this table instead. `tests/suite/planner.rs` checks that
//! every count, amount, condition, reach and Game End score agrees with the engine's.

use crate::fields_of_green::cards::Deck;
use crate::fields_of_green::effects::{Filter, Scope};
use crate::fields_of_green::farm::{Dists, FAR, Farm, Grid, Pos};
use crate::fields_of_green::game::eval::{self, Reads, SeatFarm};

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

    /// Counts, amounts, conditions and Game End VP ([`Reads`]) for the cards of `farm` (the
    /// farm this geometry was made for), for a seat with `coins` and `food`.
    pub fn at<'a>(&'a self, deck: &'a Deck, farm: &'a Farm, coins: u32, food: u32) -> GeoFarm<'a> {
        GeoFarm {
            geo: self,
            seat: SeatFarm::new(deck, farm, None, coins, food),
        }
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

/// What the engine's counts read, counted from a [`Geometry`]'s table: the subject is a card of
/// the farm (its index), and every count agrees with the engine's at that card's position.
#[derive(Clone, Copy)]
pub struct GeoFarm<'a> {
    geo: &'a Geometry,
    seat: SeatFarm<'a>,
}

impl Reads for GeoFarm<'_> {
    type Subject = usize;

    fn seat(&self) -> &SeatFarm<'_> {
        &self.seat
    }

    fn count_cards(&self, subject: usize, of: Filter, scope: Scope) -> u32 {
        let GeoFarm { geo, seat } = self;
        let (deck, farm) = (seat.deck, seat.farm);
        (0..geo.n.min(farm.cells.len()))
            .filter(|&j| {
                geo.in_scope(farm, subject, scope, j) && eval::cell_matches(deck, farm, j, of)
            })
            .count() as u32
    }
}
