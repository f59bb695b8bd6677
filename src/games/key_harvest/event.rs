//! Events: the log of a game, the saved history and the source of channel messages. Everything
//! here is public (KH 68) except the starting counters of a 3- or 4-player game (KH 69), which
//! [`Event::visible_to`] keeps to their owner.

use super::board::Space;
use super::pieces::{Counters, EventTile, Seat, Worker};
use super::score::ScorePad;
use serde::{Deserialize, Serialize};

/// Where a field tile came from or went.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "place", rename_all = "snake_case")]
pub enum Place {
    Bag,
    Registry,
    Store {
        owner: Seat,
    },
    Board {
        owner: Seat,
    },
    /// A player's hands during event O or W (KH 4).
    Hands {
        seat: Seat,
    },
    Fallow,
}

/// Why counters were gained, for the log.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Gain {
    Harvest,
    Worker(Worker),
    Event(EventTile),
    /// A store tile's bid and its payment (KH 23, 37, 39) or the bailiff's payment (KH 41).
    Sale,
}

/// What an [`Event::Declined`] passed on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum DeclinedWhat {
    /// The seat chose not to use its worker's optional ability (KH 21).
    Ability { worker: Worker },
    /// The worker's ability found nothing to act on (KH 21).
    NothingToDo { worker: Worker },
    /// The seat's part of an event (KH 47-60).
    Event { event: EventTile },
}

/// One thing that happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// KH 9-13: the table is set; `chooser` was drawn to name the start player; `removed` events
    /// were taken out unseen (3-4 players).
    Setup {
        players: u8,
        chooser: Seat,
        removed: u8,
    },
    /// KH 10: the start pair a seat drew.
    StartPair {
        seat: Seat,
        colour: String,
        tiles: [Space; 2],
    },
    /// KH 11-12: a seat's starting counters (hidden from others with 3-4 players, KH 69).
    StartingCounters {
        seat: Seat,
        counters: Counters,
    },
    /// KH 12: the make-up of the starting pool (public).
    StartingPool {
        pool: Counters,
    },
    StartPlayer {
        chooser: Seat,
        seat: Seat,
    },
    TurnStarted {
        seat: Seat,
        turn: u32,
    },
    TurnEnded {
        seat: Seat,
        actions: u8,
    },
    /// Tiles turned to harvested (a, V) with the counters gained.
    Harvested {
        seat: Seat,
        tiles: Vec<Space>,
        gained: Counters,
    },
    /// Counters from the stock (A, B, C, P, Z).
    Gained {
        seat: Seat,
        counters: Counters,
        from: Gain,
    },
    /// Counters paid: to another seat, or to the stock (`to` = None).
    Paid {
        seat: Seat,
        to: Option<Seat>,
        counters: Counters,
    },
    /// Tiles turned back to unharvested (D, R).
    Renewed {
        seat: Seat,
        tiles: Vec<Space>,
    },
    WorkerPlayed {
        seat: Seat,
        worker: Worker,
        space: Space,
    },
    /// A worker went back beside its owner's board or to the town board (KH 20, 26, 59).
    WorkerReturned {
        seat: Seat,
        worker: Worker,
        space: Space,
    },
    /// KH 26: a field tile landed on the worker's space.
    WorkerDisplaced {
        seat: Seat,
        worker: Worker,
        space: Space,
    },
    /// KH 26 (repositioned, acts again) or X (moved, does not act).
    WorkerMoved {
        seat: Seat,
        worker: Worker,
        from: Option<Space>,
        to: Space,
    },
    /// A worker's ability acts (KH 21); `copied` when the lawyer uses it (KH 42).
    WorkerActs {
        seat: Seat,
        worker: Worker,
        space: Space,
        copied: bool,
    },
    /// An optional ability or event part was declined or had nothing to act on; `what` says
    /// which, so the log can name it (issue 43: a bare "Cleo declined." said nothing). Logs
    /// written before it was recorded read it as `None`.
    Declined {
        seat: Seat,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        what: Option<DeclinedWhat>,
    },
    TileAcquired {
        seat: Seat,
        tile: Space,
        from: Place,
    },
    TileFallowed {
        tile: Space,
        from: Place,
    },
    /// A tile passed into a player's hands (O) or drawn into them (K, M, Q, W).
    TileToHands {
        seat: Seat,
        tile: Space,
        from: Place,
    },
    TileToStore {
        seat: Seat,
        tile: Space,
        bid: Counters,
        from: Place,
    },
    TileToRegistry {
        tile: Space,
        from: Place,
    },
    /// S: the registry went back into the bag.
    RegistryToBag {
        tiles: Vec<Space>,
    },
    /// KH 45: an event went on the town board (space 1-10).
    EventPlaced {
        event: EventTile,
        space: u8,
        drawer: Seat,
    },
    /// KH 29: drawn during an event draw and set aside.
    EventSetAside {
        event: EventTile,
    },
    /// KH 29: the set-aside events went back into the bag.
    EventsToBag {
        events: Vec<EventTile>,
    },
    /// KH 61: the "?" check sent these events back to the bag.
    QuestionCheck {
        returned: Vec<EventTile>,
    },
    /// KH 63: drawn after the tenth event, removed without effect.
    EventIgnored {
        event: EventTile,
    },
    EventResolved {
        event: EventTile,
    },
    /// KH 62: the tenth event: the turn in progress finishes, then two more turns each.
    EndTriggered {
        last_turn_seat: Seat,
    },
    /// KH 17: a whole round without an action.
    Stalemate,
    GameEnded {
        pad: ScorePad,
        removed_events: Vec<EventTile>,
        supplies: Vec<Counters>,
    },
}

impl Event {
    /// Whether `viewer` (a seat, or None for the public) may see this event (KH 68-70).
    pub fn visible_to(&self, viewer: Option<Seat>, players: u8) -> bool {
        match self {
            Event::StartingCounters { seat, .. } => players == 2 || viewer == Some(*seat),
            _ => true,
        }
    }
}
