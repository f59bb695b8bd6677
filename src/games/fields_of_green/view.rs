//! What players may see. The Discord side renders only these views, never `Game` itself: a player
//! view holds that player's hand, selection and Equipment offer, and nobody's view holds a
//! face-down selection, the order of a pile or of the Equipment stack. Another seat's hand is in
//! a view only when the viewer held that very hand earlier in the year's draft (see
//! [`PlayerView::known_hands`]): a player at the table remembers what they passed on.

use super::action::Action;
use super::cards::Deck;
use super::event::Direction;
use super::farm::{CellCard, Farm, Pos};
use super::game::{Game, Phase, ScorePad, TieBreak, eval};
use serde::{Deserialize, Serialize};
use smol_str::SmolStr;

/// One card of a farm as everyone sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CellView {
    pub pos: Pos,
    /// Design id, or `water_tower` / `silo`.
    pub card: SmolStr,
    /// Short code for grids (`WT`/`SI` for towers and Silos).
    pub code: SmolStr,
    pub face_up: bool,
    /// Water on a Water Tower, and what it holds at most.
    pub water: u8,
    pub capacity: u8,
    pub equipment: Vec<SmolStr>,
}

/// A farm as everyone sees it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FarmView {
    pub cells: Vec<CellView>,
}

impl FarmView {
    pub fn from_farm(deck: &Deck, farm: &Farm) -> FarmView {
        let cells = farm
            .cells
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let (card, code) = match c.card {
                    CellCard::Location(d) => {
                        let def = deck.location(d);
                        (SmolStr::new(&def.id), SmolStr::new(&def.code))
                    }
                    CellCard::WaterTower => (
                        SmolStr::new_static("water_tower"),
                        SmolStr::new_static("WT"),
                    ),
                    CellCard::Silo => (SmolStr::new_static("silo"), SmolStr::new_static("SI")),
                };
                let capacity = if c.card == CellCard::WaterTower {
                    eval::tower_capacity(deck, farm, i)
                } else {
                    0
                };
                CellView {
                    pos: c.pos,
                    card,
                    code,
                    face_up: c.face_up,
                    water: c.water,
                    capacity,
                    equipment: c
                        .equipment
                        .iter()
                        .map(|&e| SmolStr::new(&deck.equip(e).id))
                        .collect(),
                }
            })
            .collect();
        FarmView { cells }
    }

    pub fn at(&self, pos: Pos) -> Option<&CellView> {
        self.cells.iter().find(|c| c.pos == pos)
    }
}

/// A seat as everyone sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatView {
    pub seat: usize,
    pub coins: u32,
    pub food: u32,
    pub food_capacity: u32,
    pub vp_tokens: u32,
    pub set_aside: Vec<SmolStr>,
    pub farm: FarmView,
    pub hand_size: usize,
    /// Has chosen a face-down card this turn (which one is private).
    pub has_selected: bool,
    /// The revealed card this seat still has to use.
    pub revealed: Option<SmolStr>,
    /// This year's pile split, once drawn (ruling 4: public).
    pub split: Option<[u8; 4]>,
    /// 3+ players: the card this seat picked in each turn of this year's draft so far, as it
    /// was turned face up (ruling 7: public), None for a turn it had nothing to pick. With the
    /// splits, it tells how many cards of each pile's kind every hand holds.
    #[serde(default)]
    pub picked: Vec<Option<SmolStr>>,
    pub pending_water: u8,
    /// Is choosing among drawn Equipment tiles (how many, not which).
    pub equipment_offer: usize,
    pub harvested: Vec<Pos>,
    pub harvest_done: bool,
    /// The score if the game ended now (ruling 18's pad).
    pub score_now: u32,
}

/// The table as everyone sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PublicView {
    pub players: usize,
    pub year: u8,
    pub phase: Phase,
    pub first_player: usize,
    pub direction: Direction,
    pub intro: bool,
    /// Cards left in each pile (ruling 2: sizes are public, order is not).
    pub piles: [usize; 4],
    pub discard: Vec<SmolStr>,
    pub equipment_left: usize,
    /// Equipment tiles discarded with the locations that became Open Areas (ruling 15: in
    /// front of everyone), in the order they were lost.
    #[serde(default)]
    pub equipment_discard: Vec<SmolStr>,
    pub water_towers_left: u8,
    pub silos_left: u8,
    /// 2 players: the face-up cards and how many are still face down.
    pub row: Vec<SmolStr>,
    pub row_pile: usize,
    pub seats: Vec<SeatView>,
    /// Seats the game waits for.
    pub waiting_for: Vec<usize>,
    pub scores: Option<Vec<ScorePad>>,
    pub winners: Option<(Vec<usize>, TieBreak)>,
}

/// What one seat sees: the table plus its own secrets and choices.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerView {
    pub seat: usize,
    pub table: PublicView,
    pub hand: Vec<SmolStr>,
    pub selected: Option<SmolStr>,
    pub offer: Vec<SmolStr>,
    pub legal: Vec<Action>,
    /// Per seat, the cards of its hand and face-down selection together, when this seat knows
    /// them: in the draft of 3+ players (ruling 7) a hand moves one seat on each turn and every
    /// card picked from it is turned face up, so a hand this seat held earlier this year is known
    /// card for card wherever it is now (which of them its holder has just selected is not).
    /// None for this seat itself and for hands it has not held.
    #[serde(default)]
    pub known_hands: Vec<Option<Vec<SmolStr>>>,
}

impl Game {
    /// The table as everyone sees it.
    pub fn public_view(&self) -> PublicView {
        let deck = self.deck();
        let s = self.state();
        let now = super::game::scoring::score_now(self);
        PublicView {
            players: s.players.len(),
            year: s.year,
            phase: s.phase.clone(),
            first_player: s.first_player as usize,
            direction: self.direction(),
            intro: s.options.intro,
            piles: [
                s.piles[0].len(),
                s.piles[1].len(),
                s.piles[2].len(),
                s.piles[3].len(),
            ],
            discard: s
                .discard
                .iter()
                .map(|&d| SmolStr::new(&deck.location(d).id))
                .collect(),
            equipment_left: s.equipment.len(),
            equipment_discard: s
                .equipment_discard
                .iter()
                .map(|&e| SmolStr::new(&deck.equip(e).id))
                .collect(),
            water_towers_left: s.towers_left,
            silos_left: s.silos_left,
            row: s
                .row
                .iter()
                .map(|&d| SmolStr::new(&deck.location(d).id))
                .collect(),
            row_pile: s.row_pile.len(),
            seats: s
                .players
                .iter()
                .enumerate()
                .map(|(seat, p)| SeatView {
                    seat,
                    coins: p.coins,
                    food: p.food,
                    food_capacity: eval::food_capacity(deck, &p.farm),
                    vp_tokens: p.vp_tokens,
                    set_aside: p
                        .set_aside
                        .iter()
                        .map(|&e| SmolStr::new(&deck.equip(e).id))
                        .collect(),
                    farm: FarmView::from_farm(deck, &p.farm),
                    hand_size: p.hand.len(),
                    has_selected: p.selected.is_some(),
                    revealed: p.revealed.map(|d| SmolStr::new(&deck.location(d).id)),
                    split: p.split,
                    picked: p
                        .picked
                        .iter()
                        .map(|d| d.map(|d| SmolStr::new(&deck.location(d).id)))
                        .collect(),
                    pending_water: p.pending_water,
                    equipment_offer: p.offer.len(),
                    harvested: p.harvested.clone(),
                    harvest_done: p.harvest_done,
                    score_now: now[seat].total,
                })
                .collect(),
            waiting_for: self.waiting_for(),
            scores: s.scores.clone(),
            winners: self.winners(),
        }
    }

    /// What `seat` sees. Panics if the seat does not exist.
    pub fn player_view(&self, seat: usize) -> PlayerView {
        let deck = self.deck();
        let p = &self.state().players[seat];
        PlayerView {
            seat,
            table: self.public_view(),
            hand: p
                .hand
                .iter()
                .map(|&d| SmolStr::new(&deck.location(d).id))
                .collect(),
            selected: p.selected.map(|d| SmolStr::new(&deck.location(d).id)),
            offer: p
                .offer
                .iter()
                .map(|&e| SmolStr::new(&deck.equip(e).id))
                .collect(),
            legal: self.legal_actions(seat),
            known_hands: self.known_hands(seat),
        }
    }

    /// [`PlayerView::known_hands`]: at turn `t` of the draft a hand has been passed `t - 1`
    /// times, so the hand seat `q` holds was held by `seat` if `q` is 1 to `t - 1` seats on from
    /// `seat` in this year's passing direction (ruling 6).
    fn known_hands(&self, seat: usize) -> Vec<Option<Vec<SmolStr>>> {
        let deck = self.deck();
        let s = self.state();
        let n = s.players.len();
        let passed = match s.phase {
            Phase::Action { turn } if n >= 3 => turn.saturating_sub(1) as usize,
            _ => 0,
        };
        (0..n)
            .map(|q| {
                let steps = match self.direction() {
                    Direction::Left => (q + n - seat) % n,
                    Direction::Right => (seat + n - q) % n,
                };
                if steps == 0 || steps > passed {
                    return None;
                }
                let p = &s.players[q];
                let mut cards: Vec<SmolStr> = p
                    .hand
                    .iter()
                    .chain(p.selected.iter())
                    .map(|&d| SmolStr::new(&deck.location(d).id))
                    .collect();
                cards.sort_unstable();
                Some(cards)
            })
            .collect()
    }
}
