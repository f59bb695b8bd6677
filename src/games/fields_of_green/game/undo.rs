//! Which decisions a player may take back (issue 41, "Undo, with a policy").
//!
//! A decision may be undone only when undoing it cannot give anyone an advantage they would not
//! have had anyway: it drew nothing (no card from a pile, no Equipment tile, no card turned up
//! in the two-player row), it revealed nothing that some other seat did not already know, and it
//! did not move the game past a point of no return (the reveal of the selected cards, hands
//! passing, the end of the harvest, a new year, the end of the game). The host checks the other
//! half of the policy, that nobody else has acted since.
//!
//! The test is made on the states themselves as well as on the events, so that a later change to
//! the flow (an ability that draws, say) cannot slip a draw past it: every hidden or shuffled
//! part of the game must be exactly as it was.

use super::{Game, Phase};
use crate::fields_of_green::action::Action;
use crate::fields_of_green::event::Event;
use std::mem::discriminant;

impl Game {
    /// True when `seat`'s `action`, which took the game from `self` to `after` producing
    /// `events`, may be taken back: replaying the game without it gives a state from which
    /// nobody has learnt anything.
    pub fn undoable(&self, after: &Game, seat: usize, action: &Action, events: &[Event]) -> bool {
        match action {
            // Ruling 4: the cards come off face-down piles; the player has seen them.
            Action::Draw { .. } => return false,
            // Ruling 17: the kept tile is shown to everyone, and it came from tiles only this
            // seat had seen; the others went to the bottom of the stack. Undoing would let the
            // seat choose again knowing what the table now knows of its offer.
            Action::Equipment { .. } => return false,
            // Everything else is a public choice on public information: placing Water (ruling 3),
            // a face-down selection (ruling 7, see below), a two-player pick from the face-up row
            // (ruling 21), the actions A-E on the revealed card (ruling 8), a Harvest ability
            // (ruling 14) and ending one's harvest (ruling 15, while others still harvest).
            Action::PlaceWater { .. }
            | Action::Select { .. }
            | Action::Pick { .. }
            | Action::Build { .. }
            | Action::WaterTower { .. }
            | Action::Silo { .. }
            | Action::Market { .. }
            | Action::Restore { .. }
            | Action::Harvest { .. }
            | Action::EndHarvest => {}
        }
        if seat >= self.s.players.len() || after.is_over() || after.s.scores.is_some() {
            return false;
        }
        // No new year, no change of phase (the end of the draft or of the harvest), no new
        // turn of the draft: each of those reveals cards or passes hands.
        let (b, a) = (&self.s, &after.s);
        if b.year != a.year || discriminant(&b.phase) != discriminant(&a.phase) {
            return false;
        }
        if let (Phase::Action { turn: tb }, Phase::Action { turn: ta }) = (&b.phase, &a.phase)
            && tb != ta
        {
            return false;
        }
        // Nothing hidden or shuffled moved: the piles (ruling 2), the Equipment stack (ruling
        // 17), the two-player face-down pile (ruling 21), and every other seat's hand, face-down
        // card and drawn tiles. The seat's own drawn tiles too: an ability that draws Equipment
        // makes the decision final.
        if b.piles != a.piles || b.equipment != a.equipment || b.row_pile != a.row_pile {
            return false;
        }
        for (k, (pb, pa)) in b.players.iter().zip(&a.players).enumerate() {
            if pb.offer != pa.offer || pb.pending_equipment != pa.pending_equipment {
                return false;
            }
            if k != seat && (pb.hand != pa.hand || pb.selected != pa.selected) {
                return false;
            }
        }
        events.iter().all(|e| quiet(e, seat))
    }
}

/// True for an event that tells the table only what the seat chose, on information everyone
/// had. Ruling 7: a face-down selection may be changed until the cards are revealed, so taking
/// one back shows the other seats no more than a change of mind would (the `Selected` event
/// says that a seat has chosen, never what); the reveal itself is not quiet.
fn quiet(event: &Event, seat: usize) -> bool {
    match event {
        Event::WaterPlaced { seat: s, .. }
        | Event::Selected { seat: s }
        | Event::Picked { seat: s, .. }
        | Event::Built { seat: s, .. }
        | Event::BuiltWaterTower { seat: s, .. }
        | Event::BuiltSilo { seat: s, .. }
        | Event::WentToMarket { seat: s, .. }
        | Event::Restored { seat: s, .. }
        | Event::Gained { seat: s, .. }
        | Event::Refilled { seat: s, .. }
        | Event::EquipmentPlaced { seat: s, .. }
        | Event::EquipmentSetAside { seat: s, .. }
        | Event::Harvested { seat: s, .. }
        | Event::BecameOpenArea { seat: s, .. }
        | Event::HarvestFinished { seat: s } => *s == seat,
        Event::YearStarted { .. }
        | Event::Income { .. }
        | Event::WaterToPlace { .. }
        | Event::Drew { .. }
        | Event::PileEmptied { .. }
        | Event::TurnedFaceUp { .. }
        | Event::Revealed { .. }
        | Event::HandsPassed { .. }
        | Event::EquipmentDrawn { .. }
        | Event::EquipmentStackEmpty { .. }
        | Event::FirstPlayerPassed { .. }
        | Event::GameEnded { .. } => false,
    }
}
