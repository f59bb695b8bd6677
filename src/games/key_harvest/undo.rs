//! Which decisions a player may take back (issue 41, "Undo, with a policy").
//!
//! A decision may be undone only when undoing it cannot give anyone an advantage they would not
//! have had anyway: it drew nothing from the bag (no field tile, no event tile, KH 4), used no
//! chance at all, showed none of a player's counters that the others did not know (KH 5, KH 70),
//! and did not end the game or trigger its end (KH 17, KH 62). The host checks the other half of
//! the policy, that nobody else has acted since.
//!
//! The test looks at the states as well as the events, so that a later change to the flow (an
//! ability that draws, say) cannot slip a draw past it: the random stream, the bag and the events
//! set aside or removed must be exactly as they were.

use super::action::Action;
use super::event::{Event, Place};
use super::game::Game;

impl Game {
    /// True when `seat`'s `action`, which took the game from `self` to `after` producing
    /// `events`, may be taken back: replaying the game without it gives a state from which
    /// nobody has learnt anything.
    pub fn undoable(&self, after: &Game, seat: usize, action: &Action, events: &[Event]) -> bool {
        match action {
            // K (KH 43), M (KH 47), Q (KH 51): each draws from the bag, whatever else it does.
            Action::TraderDraw | Action::BlindSwap { .. } | Action::LuckyDip { .. } => {
                return false;
            }
            // Every other decision is a choice on what everyone sees; the checks below refuse
            // the ones whose consequences drew or revealed something (a refill from the bag at
            // the end of a turn, KH 28; counters paid from a hidden starting supply, KH 70).
            // Rules silent, our reading: ending one's turn (KH 16) may be taken back while the
            // next player has not acted, since handing the turn on draws and shows nothing.
            _ => {}
        }
        let (b, a) = (&self.s, &after.s);
        if seat >= b.players.len() || after.is_over() {
            return false;
        }
        // No chance used and nothing drawn: the random stream, the bag's tiles and events, the
        // events removed at set-up or ignored after the tenth (KH 13, KH 63), the town board's
        // track (KH 45) and the events waiting to be resolved (KH 31).
        if b.rng != a.rng
            || b.bag_fields != a.bag_fields
            || b.bag_events != a.bag_events
            || b.removed_events != a.removed_events
            || b.ignored_events != a.ignored_events
            || b.track != a.track
            || b.waiting != a.waiting
            || b.end_triggered != a.end_triggered
        {
            return false;
        }
        // KH 70: no starting counter of any seat became known.
        if b.players
            .iter()
            .zip(&a.players)
            .any(|(pb, pa)| pb.hidden != pa.hidden)
        {
            return false;
        }
        events.iter().all(quiet)
    }
}

/// True for an event that shows only what was chosen, on information everyone had.
fn quiet(event: &Event) -> bool {
    match event {
        Event::Setup { .. }
        | Event::StartPair { .. }
        | Event::StartingCounters { .. }
        | Event::StartingPool { .. }
        | Event::RegistryToBag { .. }
        | Event::EventPlaced { .. }
        | Event::EventSetAside { .. }
        | Event::EventsToBag { .. }
        | Event::QuestionCheck { .. }
        | Event::EventIgnored { .. }
        | Event::EndTriggered { .. }
        | Event::Stalemate
        | Event::GameEnded { .. } => false,
        Event::TileToHands { from, .. }
        | Event::TileToRegistry { from, .. }
        | Event::TileToStore { from, .. }
        | Event::TileAcquired { from, .. }
        | Event::TileFallowed { from, .. } => *from != Place::Bag,
        Event::StartPlayer { .. }
        | Event::TurnStarted { .. }
        | Event::TurnEnded { .. }
        | Event::Harvested { .. }
        | Event::Gained { .. }
        | Event::Paid { .. }
        | Event::Renewed { .. }
        | Event::WorkerPlayed { .. }
        | Event::WorkerReturned { .. }
        | Event::WorkerDisplaced { .. }
        | Event::WorkerMoved { .. }
        | Event::WorkerActs { .. }
        | Event::Declined { .. }
        | Event::EventResolved { .. } => true,
    }
}
