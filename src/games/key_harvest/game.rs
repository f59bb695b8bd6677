//! The game state machine: setup (KH 9-13), the turn (KH 14-32), workers (KH 33-44), events
//! (KH 45-63), the end and scoring (KH 62-67).
//!
//! Everything that is still to be resolved lives on one stack of [`Frame`]s: a displaced worker
//! waiting to be repositioned (KH 26), a worker's ability (KH 21), a refill (KH 28), an event
//! being resolved player by player (KH 45). A decision answers the frame on top; chains push
//! frames above the one they interrupt, so "a chain is finished before the action or event it
//! interrupted goes on" (KH 27) holds by construction. Events drawn while an event is being
//! resolved wait in a queue (KH 31). After every accepted action, [`Game::advance`] runs the
//! automatic steps until exactly one seat has a decision to make, or the game is over.

use super::action::{Action, TurnAction};
use super::board::{Board, Crop, Space, SpaceSet};
use super::error::ActionError;
use super::event::{Event, Place};
use super::flow::Ev;
use super::pieces::{Counters, EventTile, Seat, Worker};
use super::score::ScorePad;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use std::sync::Arc;

/// Version of the snapshot format.
pub const SNAPSHOT_SCHEMA: u32 = 1;
/// 12 counters of each crop (KH 5).
pub const COUNTERS_PER_CROP: u8 = 12;
/// Spaces on the town board (KH 8).
pub const EVENT_SPACES: usize = 10;
/// Registry spaces (KH 8).
pub const REGISTRY_SIZE: u32 = 6;
/// Tiles a store holds (KH 8).
pub const STORE_SIZE: usize = 2;

pub use super::board::{ALL_SPACES, bit, spaces_in as spaces};

/// How a game is set up.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options {
    /// 2-4.
    pub players: u8,
}

/// A field tile in a store, with its bid (KH 25).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoreTile {
    pub tile: Space,
    pub bid: Counters,
}

/// Everything a seat owns or holds.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerState {
    /// Field tiles on the country board.
    pub fields: SpaceSet,
    /// The harvested ones among them.
    pub harvested: SpaceSet,
    /// Worker tiles on the board, by space.
    pub workers: Vec<(Space, Worker)>,
    /// Farmhands beside the board (bit i: `Worker::FARMHANDS[i]`).
    pub unplayed: u8,
    /// The supply behind the screen.
    pub supply: Counters,
    /// KH 70: starting counters not yet revealed to the other players (part of `supply`).
    pub hidden: Counters,
    pub store: Vec<StoreTile>,
    /// Index of the start pair drawn (KH 10).
    pub start_pair: u8,
}

impl PlayerState {
    pub fn worker_at(&self, s: Space) -> Option<Worker> {
        self.workers.iter().find(|(p, _)| *p == s).map(|(_, w)| *w)
    }
    pub fn worker_spaces(&self) -> SpaceSet {
        self.workers.iter().fold(0, |m, (s, _)| m | bit(*s))
    }
    /// KH 61: field and worker tiles together.
    pub fn tiles_on_board(&self) -> u32 {
        self.fields.count_ones() + self.workers.len() as u32
    }
    pub fn unharvested(&self) -> SpaceSet {
        self.fields & !self.harvested
    }
    /// Whether this supply may hold `c` as the other players see it (KH 70): the known
    /// counters, with each unrevealed starting counter ("?") as any crop. With 2 players, or
    /// once every "?" is revealed, this is exactly [`Counters::contains`].
    pub fn may_hold(&self, c: &Counters) -> bool {
        let mut short = 0u32;
        for i in 0..5 {
            let known = self.supply.0[i] - self.hidden.0[i];
            short += u32::from(c.0[i].saturating_sub(known));
        }
        short <= self.hidden.total()
    }
    fn has_farmhand(&self, w: Worker) -> bool {
        !w.is_townsfolk() && self.unplayed & (1 << w.index()) != 0
    }
}

/// Something still to be resolved; see the module comment.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "frame", rename_all = "snake_case")]
pub enum Frame {
    /// KH 26: `worker` came off its space; its owner may reposition it.
    Reposition {
        seat: Seat,
        worker: Worker,
        from: Space,
    },
    /// KH 21: `worker`'s ability acts for `seat`, looking around `at` (for a lawyer's copy, the
    /// copied worker's space, KH 42).
    Ability {
        seat: Seat,
        worker: Worker,
        at: Space,
        copied: bool,
    },
    /// KH 43: the trader's drawn tile, to acquire or put in the fallow area.
    TraderTile { seat: Seat, tile: Space },
    /// KH 28: refill draws.
    Refill { drawer: Seat },
    /// KH 29 event draws until the registry is full; `stop_without_fields` for S (KH 53).
    EventRefill {
        drawer: Seat,
        stop_without_fields: bool,
    },
    /// KH 45: an event resolved for each player in turn, clockwise from the drawer. `step` is
    /// the position from the drawer; `held` is a tile in someone's hands (O, W); `done` marks
    /// the drawer's closing refill (S, T) as started, or no more draws for W (KH 57).
    Event {
        event: EventTile,
        drawer: Seat,
        step: u8,
        held: Option<Space>,
        done: bool,
    },
}

impl Frame {
    /// Event `event`, drawn by `drawer`, about to act for the drawer first (KH 45).
    pub fn new_event(event: EventTile, drawer: Seat) -> Frame {
        Frame::Event {
            event,
            drawer,
            step: 0,
            held: None,
            done: false,
        }
    }
}

/// Where the game stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum Phase {
    /// KH 9: `chooser` names the start player.
    StartPlayer {
        chooser: Seat,
    },
    Playing,
    Ended,
}

/// The active player's turn so far.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Turn {
    pub active: Seat,
    pub number: u32,
    /// Bits of [`TurnAction::bit`].
    pub done: u8,
    /// The last action and how many tiles it took, for a second tile of (c) or (d) (KH 22, 24).
    pub last: Option<(TurnAction, u8)>,
}

impl Turn {
    pub fn has_done(&self, a: TurnAction) -> bool {
        self.done & a.bit() != 0
    }
    pub fn actions(&self) -> u8 {
        self.done.count_ones() as u8
    }
}

/// The whole state; the snapshot.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    pub players: Vec<PlayerState>,
    pub stock: Counters,
    pub bag_fields: SpaceSet,
    /// Bits of [`EventTile::bit`].
    pub bag_events: u16,
    pub registry: SpaceSet,
    pub fallow: SpaceSet,
    /// Townsfolk on the town board (bit i: `Worker::TOWNSFOLK[i]`).
    pub town: u8,
    /// Events on the town board, space 1 first.
    pub track: Vec<EventTile>,
    /// KH 13: removed unseen at setup (3-4 players).
    pub removed_events: u16,
    /// KH 63: drawn after the tenth.
    pub ignored_events: u16,
    /// KH 31: placed, waiting for the current event to finish.
    pub waiting: VecDeque<(EventTile, Seat)>,
    pub stack: Vec<Frame>,
    pub phase: Phase,
    pub turn: Turn,
    pub start_player: Seat,
    /// KH 62: the tenth event has been placed.
    pub end_triggered: bool,
    /// KH 62: turns left after the turn in progress, once counting.
    pub final_turns: Option<u8>,
    /// KH 17: turns in a row without an action.
    pub idle_turns: u8,
    /// Starting pool make-up (public, KH 12).
    pub pool: Counters,
    pub rng: ChaCha8Rng,
    pub pad: Option<ScorePad>,
    /// Draws fixed in advance, first drawn first (a scenario's `position.bag`, to replay a
    /// reported situation): each draw from the bag takes the first of these still in the bag,
    /// and draws at random once none is left. Empty in every game played at a table.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bag_order: Vec<BagTile>,
    /// Events everyone has seen go back into the bag (set aside by an event draw, KH 29, or
    /// moved off spaces 1 and 2 by the "?" check, KH 61): bits of [`EventTile::bit`], kept once
    /// set. Those still in the bag are known to be there, not removed at setup (KH 13, 69).
    /// Zero in snapshots stored before it was kept.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub returned_events: u16,
}

fn is_zero(x: &u16) -> bool {
    *x == 0
}

/// A tile in the bag (KH 4): a field tile or an event tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BagTile {
    Field(Space),
    Event(EventTile),
}

/// The form stored in the database.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameSnapshot {
    pub schema: u32,
    pub board: Board,
    pub state: State,
}

/// Why a snapshot was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SnapshotError {
    #[error("snapshot schema {0} is not supported (expected {SNAPSHOT_SCHEMA})")]
    Schema(u32),
    #[error("the snapshot breaks a rule of the game: {0}")]
    Invalid(String),
}

/// Why a game could not be created.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("Key Harvest is for 2 to 4 players, not {0}")]
    Players(u8),
}

/// A game of Key Harvest. Built only by [`Game::new`] or [`Game::from_snapshot`]; changed only
/// by [`Game::apply`].
#[derive(Clone, Debug)]
pub struct Game {
    pub(crate) board: Arc<Board>,
    /// Public only for the host's tests, which set up positions no play reaches quickly (an
    /// empty stock, other hidden counters). The host itself never writes it: play goes through
    /// [`Game::apply`], positions through [`Game::from_snapshot`], which checks them.
    #[doc(hidden)]
    pub s: State,
}

/// Who must decide now, and what.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "prompt", rename_all = "snake_case")]
pub enum Prompt {
    /// KH 9.
    StartPlayer,
    /// The active player's turn: an action (a)-(d), a second tile, or end the turn.
    Turn,
    /// KH 26: `worker` came off `from`.
    Reposition { worker: Worker, from: Space },
    /// KH 21.
    Ability {
        worker: Worker,
        at: Space,
        copied: bool,
    },
    /// KH 43.
    KeepDrawn { tile: Space },
    /// KH 45: this seat's part of an event; `recipient` for Z, `held` for O and W.
    Event {
        event: EventTile,
        drawer: Seat,
        held: Option<Space>,
        recipient: Option<Seat>,
    },
}

impl Game {
    /// KH 9-13: a new table. Deterministic for a seed.
    pub fn new(
        board: Arc<Board>,
        options: &Options,
        seed: u64,
    ) -> Result<(Game, Vec<Event>), SetupError> {
        let n = options.players;
        if !(2..=4).contains(&n) {
            return Err(SetupError::Players(n));
        }
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut ev = Vec::new();
        let mut players: Vec<PlayerState> = (0..n)
            .map(|_| PlayerState {
                unplayed: 0b11_1111,
                ..PlayerState::default()
            })
            .collect();
        // KH 9: a random seat names the start player.
        let chooser = rng.random_range(0..n);
        // KH 10: each player draws one of the four start pairs.
        let mut pairs: Vec<u8> = (0..board.start_pairs().len() as u8).collect();
        shuffle(&mut pairs, &mut rng);
        let mut all: SpaceSet = ALL_SPACES;
        for (seat, p) in players.iter_mut().enumerate() {
            let pair = &board.start_pairs()[pairs[seat] as usize];
            p.start_pair = pairs[seat];
            for t in pair.tiles {
                p.fields |= bit(t);
                all &= !bit(t);
            }
        }
        // KH 11-12: the starting pool, dealt at random.
        let mut crops = Crop::ALL;
        shuffle(&mut crops, &mut rng);
        let mut pool = Counters::ZERO;
        match n {
            2 => {
                for (i, c) in crops.iter().enumerate() {
                    pool.0[c.index()] = if i == 0 { 2 } else { 1 };
                }
            }
            3 => {
                for (i, c) in crops.iter().enumerate() {
                    pool.0[c.index()] = if i == 0 { 1 } else { 2 };
                }
            }
            _ => {
                for (i, c) in crops.iter().enumerate() {
                    pool.0[c.index()] = if i < 2 { 3 } else { 2 };
                }
            }
        }
        ev.push(Event::Setup {
            players: n,
            chooser,
            removed: if n == 2 { 0 } else { 2 },
        });
        ev.push(Event::StartingPool { pool });
        if n == 2 {
            // KH 11: one of the doubled crop each, and two of the other four each.
            let (a, b) = (
                [crops[0], crops[1], crops[2]],
                [crops[0], crops[3], crops[4]],
            );
            players[0].supply = Counters::of(&a);
            players[1].supply = Counters::of(&b);
        } else {
            let mut bagged: Vec<Crop> = Vec::new();
            for c in Crop::ALL {
                for _ in 0..pool.get(c) {
                    bagged.push(c);
                }
            }
            shuffle(&mut bagged, &mut rng);
            for (seat, p) in players.iter_mut().enumerate() {
                p.supply = Counters::of(&bagged[seat * 3..seat * 3 + 3]);
                p.hidden = p.supply;
            }
        }
        let mut stock = Counters([COUNTERS_PER_CROP; 5]);
        stock.sub(&pool);
        for (seat, p) in players.iter().enumerate() {
            let pair = &board.start_pairs()[p.start_pair as usize];
            ev.push(Event::StartPair {
                seat: seat as Seat,
                colour: pair.colour.clone(),
                tiles: pair.tiles,
            });
            ev.push(Event::StartingCounters {
                seat: seat as Seat,
                counters: p.supply,
            });
        }
        let mut s = State {
            players,
            stock,
            bag_fields: all,
            bag_events: 0,
            registry: 0,
            fallow: 0,
            town: 0b11_1111,
            track: Vec::new(),
            removed_events: 0,
            ignored_events: 0,
            waiting: VecDeque::new(),
            stack: Vec::new(),
            phase: Phase::StartPlayer { chooser },
            turn: Turn::default(),
            start_player: 0,
            end_triggered: false,
            final_turns: None,
            idle_turns: 0,
            pool,
            rng,
            pad: None,
            bag_order: Vec::new(),
            returned_events: 0,
        };
        // KH 13: 6 field tiles into the registry before any event goes into the bag.
        for _ in 0..REGISTRY_SIZE {
            let t = s.draw_field();
            s.registry |= bit(t);
            ev.push(Event::TileToRegistry {
                tile: t,
                from: Place::Bag,
            });
        }
        let mut events: Vec<EventTile> = EventTile::ALL.to_vec();
        shuffle(&mut events, &mut s.rng);
        for (i, e) in events.iter().enumerate() {
            if n > 2 && i < 2 {
                s.removed_events |= e.bit();
            } else {
                s.bag_events |= e.bit();
            }
        }
        Ok((Game { board, s }, ev))
    }

    pub fn board(&self) -> &Arc<Board> {
        &self.board
    }
    pub fn state(&self) -> &State {
        &self.s
    }
    pub fn players(&self) -> u8 {
        self.s.players.len() as u8
    }
    pub fn is_over(&self) -> bool {
        self.s.phase == Phase::Ended
    }
    pub fn score_pad(&self) -> Option<&ScorePad> {
        self.s.pad.as_ref()
    }

    pub fn snapshot(&self) -> GameSnapshot {
        GameSnapshot {
            schema: SNAPSHOT_SCHEMA,
            board: (*self.board).clone(),
            state: self.s.clone(),
        }
    }

    /// Restores a game, refusing another schema or a state that breaks the rules' bookkeeping.
    pub fn from_snapshot(snap: GameSnapshot) -> Result<Game, SnapshotError> {
        if snap.schema != SNAPSHOT_SCHEMA {
            return Err(SnapshotError::Schema(snap.schema));
        }
        let game = Game {
            board: Arc::new(snap.board),
            s: snap.state,
        };
        game.check_invariants().map_err(SnapshotError::Invalid)?;
        Ok(game)
    }

    /// Who must decide now, and what; None once the game is over.
    pub fn prompt(&self) -> Option<(Seat, Prompt)> {
        let s = &self.s;
        match s.phase {
            Phase::Ended => None,
            Phase::StartPlayer { chooser } => Some((chooser, Prompt::StartPlayer)),
            Phase::Playing => Some(match s.stack.last() {
                None => (s.turn.active, Prompt::Turn),
                Some(Frame::Reposition { seat, worker, from }) => (
                    *seat,
                    Prompt::Reposition {
                        worker: *worker,
                        from: *from,
                    },
                ),
                Some(Frame::Ability {
                    seat,
                    worker,
                    at,
                    copied,
                }) => (
                    *seat,
                    Prompt::Ability {
                        worker: *worker,
                        at: *at,
                        copied: *copied,
                    },
                ),
                Some(Frame::TraderTile { seat, tile }) => {
                    (*seat, Prompt::KeepDrawn { tile: *tile })
                }
                Some(Frame::Event {
                    event,
                    drawer,
                    step,
                    held,
                    ..
                }) => {
                    let n = self.players();
                    let (seat, recipient) = if *event == EventTile::Windfall {
                        (*drawer, Some((drawer + step) % n))
                    } else {
                        ((drawer + step) % n, None)
                    };
                    (
                        seat,
                        Prompt::Event {
                            event: *event,
                            drawer: *drawer,
                            held: *held,
                            recipient,
                        },
                    )
                }
                Some(Frame::Refill { .. }) | Some(Frame::EventRefill { .. }) => {
                    unreachable!("advance() leaves no automatic frame on top")
                }
            }),
        }
    }

    /// The seat that must decide now.
    pub fn to_move(&self) -> Option<Seat> {
        // The seat of [`Game::prompt`] without building the prompt (asked before every
        // decision of a playout).
        let s = &self.s;
        let seat = match s.phase {
            Phase::Ended => None,
            Phase::StartPlayer { chooser } => Some(chooser),
            Phase::Playing => match s.stack.last() {
                None => Some(s.turn.active),
                Some(Frame::Reposition { seat, .. })
                | Some(Frame::Ability { seat, .. })
                | Some(Frame::TraderTile { seat, .. }) => Some(*seat),
                Some(Frame::Event {
                    event,
                    drawer,
                    step,
                    ..
                }) => Some(if *event == EventTile::Windfall {
                    *drawer
                } else {
                    (drawer + step) % self.players()
                }),
                Some(Frame::Refill { .. }) | Some(Frame::EventRefill { .. }) => {
                    unreachable!("advance() leaves no automatic frame on top")
                }
            },
        };
        debug_assert_eq!(seat, self.prompt().map(|(s, _)| s));
        seat
    }

    /// Validates `action` for `seat` fully, then applies it and everything it sets off, up to
    /// the next decision. A refused action changes nothing.
    pub fn apply(&mut self, seat: Seat, action: &Action) -> Result<Vec<Event>, ActionError> {
        let mut ev = Vec::new();
        self.apply_into(seat, action, &mut ev)?;
        Ok(ev)
    }

    /// [`Game::apply`], adding the events to `ev` (a playout reuses one buffer instead of
    /// allocating a list per decision).
    pub fn apply_into(
        &mut self,
        seat: Seat,
        action: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), ActionError> {
        self.apply_to(seat, action, &mut Ev::to(ev))
    }

    /// [`Game::apply`] without its events: for random playouts and the bots' rollouts, which
    /// read none (the game plays exactly as with them).
    pub fn apply_quiet(&mut self, seat: Seat, action: &Action) -> Result<(), ActionError> {
        self.apply_to(seat, action, &mut Ev::none())
    }

    /// [`Game::apply_quiet`] for a driver that has just read [`Game::prompt`] and found `seat`
    /// to decide `prompt` (the random playouts): the same checks and play, without asking for
    /// the prompt again (about 2% of a random game went to reading it twice).
    pub(crate) fn apply_quiet_prompted(
        &mut self,
        seat: Seat,
        prompt: &Prompt,
        action: &Action,
    ) -> Result<(), ActionError> {
        debug_assert_eq!(self.prompt().as_ref(), Some(&(seat, prompt.clone())));
        self.play(seat, prompt, action, &mut Ev::none())
    }

    fn apply_to(&mut self, seat: Seat, action: &Action, ev: &mut Ev) -> Result<(), ActionError> {
        if self.is_over() {
            return Err(ActionError::GameOver);
        }
        if seat >= self.players() {
            return Err(ActionError::NoSuchSeat(seat));
        }
        let (who, prompt) = self.prompt().expect("not over");
        if who != seat {
            return Err(ActionError::NotYourDecision(who));
        }
        self.play(seat, &prompt, action, ev)
    }

    /// Validates and plays `action` of `seat`, who decides `prompt` now. The one caller of
    /// the validation and the flow, so that they are compiled into it (callgrind: called as
    /// functions of their own from two places, they cost more than the second prompt saved).
    fn play(
        &mut self,
        seat: Seat,
        prompt: &Prompt,
        action: &Action,
        ev: &mut Ev,
    ) -> Result<(), ActionError> {
        self.validate(seat, prompt, action)?;
        self.perform(seat, prompt, action, ev);
        self.advance(ev);
        Ok(())
    }

    pub(crate) fn r(&self, s: Space) -> String {
        self.board.reference(s)
    }

    // ---------- checks shared by validation, legal listing and bots ----------

    /// KH 19 (and KH 58 with `lifted`): the spaces where `seat` may put `worker` now. `lifted`
    /// is a worker's old space that counts as empty (X).
    pub fn worker_spaces(&self, seat: Seat, worker: Worker, lifted: Option<Space>) -> SpaceSet {
        self.worker_space_table(seat, lifted)[worker.number() as usize]
    }

    /// [`Game::worker_spaces`] for every worker number at once (index = number, 1-5): one pass
    /// over the seat's field tiles.
    pub fn worker_space_table(&self, seat: Seat, lifted: Option<Space>) -> [SpaceSet; 6] {
        let fields = self.s.players[seat as usize].fields;
        let lift = lifted.map_or(0, bit);
        self.worker_space_table_of(fields, &self.workers_by_number(seat, lifted), lift)
    }

    /// The spaces of `seat`'s workers by number (index 1-5), the one on `lifted` left out:
    /// everything of the workers [`Game::worker_space_table`] depends on.
    pub(crate) fn workers_by_number(&self, seat: Seat, lifted: Option<Space>) -> [SpaceSet; 6] {
        // Each worker's space is added to the set of its number through a mask, not by indexing
        // the array with the number: the six sets then stay in registers. Indexed, every worker
        // was a read, an or and a write of the stack array, each waiting on the one before when
        // two workers share a number (the turn listing spent 5-7% of a playout's time here).
        let lift = lifted.map_or(0, bit);
        let mut by_number = [0u64; 6];
        for &(s, w) in &self.s.players[seat as usize].workers {
            let b = bit(s) & !lift;
            let n = w.number() as usize;
            for (k, set) in by_number.iter_mut().enumerate().skip(1) {
                *set |= b & 0u64.wrapping_sub(u64::from(n == k));
            }
        }
        by_number
    }

    /// [`Game::worker_space_table`] from its inputs: the seat's field tiles, its workers by
    /// number ([`Game::workers_by_number`]) and the lifted worker's space as a set.
    pub(crate) fn worker_space_table_of(
        &self,
        fields: SpaceSet,
        by_number: &[SpaceSet; 6],
        lift: SpaceSet,
    ) -> [SpaceSet; 6] {
        let others = by_number.iter().fold(0, |m, b| m | b);
        // How many field tiles touch each space, for all spaces at once: a bit-sliced counter
        // (planes c0, c1, c2 hold the count's binary digits), the six directions added as
        // shifted sets ([`Board::touching`]) instead of a neighbour count per candidate space.
        let [c0, c1, c2] = self.board.touching(fields);
        // Spaces touching at least k field tiles, k = 1..5.
        let at_least = [0, c0 | c1 | c2, c1 | c2, c2 | (c1 & c0), c2, c2 & (c0 | c1)];
        // No space next to another worker may be used (a worker being replaced sits on the
        // space itself, never on a neighbour), nor a field tile, nor the lifted worker's space.
        // A seat has a few workers: their neighbours come from the table, one look-up each.
        let mut crowded = 0;
        let mut left = others;
        while left != 0 {
            crowded |= self.board.neighbours(left.trailing_zeros() as Space);
            left &= left - 1;
        }
        let open = at_least[1] & !(fields | crowded | lift);
        // A worker may replace only a strictly lower one of the seat's (KH 19): `taken` holds
        // the spaces of a worker numbered k or more, from k = 5 down.
        let mut table = [0; 6];
        let mut taken = 0;
        for k in (1..6).rev() {
            taken |= by_number[k];
            table[k] = at_least[k] & open & !taken;
        }
        table
    }

    /// Whether `space` is among [`Game::worker_spaces`] (the same rule, KH 19 and KH 58, asked
    /// of one space: validating a move needs no whole table).
    fn worker_space_allows(
        &self,
        seat: Seat,
        worker: Worker,
        space: Space,
        lifted: Option<Space>,
    ) -> bool {
        let p = &self.s.players[seat as usize];
        let k = worker.number() as u32;
        let lift = lifted.map_or(0, bit);
        let nb = self.board.neighbours(space);
        let allowed = k >= 1
            && (space as usize) < Board::SPACES
            && (p.fields | lift) & bit(space) == 0
            && (nb & p.fields).count_ones() >= k
            // Next to none of the seat's other workers.
            && nb & p.worker_spaces() & !lift == 0
            // A worker there must be strictly lower.
            && p.worker_at(space).is_none_or(|w| (w.number() as u32) < k);
        debug_assert_eq!(
            allowed,
            self.worker_spaces(seat, worker, lifted) & bit(space) != 0
        );
        allowed
    }

    /// KH 2: tiles of `seat` with no adjacent field tile.
    pub fn unconnected(&self, seat: Seat) -> SpaceSet {
        let f = self.s.players[seat as usize].fields;
        f & !self.board.around(f)
    }

    /// The workers `seat` may play now, as bits of [`Worker::index`]: its unplayed farmhands
    /// and the townsfolk in the town (the same test as [`Game::worker_available`], for all
    /// twelve at once).
    pub(crate) fn available_workers(&self, seat: Seat) -> u16 {
        let farm = (self.s.players[seat as usize].unplayed & 0b11_1111) as u16;
        let town = (self.s.town & 0b11_1111) as u16;
        let all = farm | town << 6;
        debug_assert!(
            Worker::ALL
                .iter()
                .all(|&w| (all & 1 << w.index() != 0) == self.worker_available(seat, w))
        );
        all
    }

    pub(crate) fn worker_available(&self, seat: Seat, w: Worker) -> bool {
        if w.is_townsfolk() {
            self.s.town & (1 << (w.index() - 6)) != 0
        } else {
            self.s.players[seat as usize].has_farmhand(w)
        }
    }

    /// KH 6: what `owed` gives from the stock, with `instead` naming substitutes for counters
    /// the stock no longer holds. Own crops first, substitutes after.
    pub(crate) fn owed_gain(
        &self,
        owed: Counters,
        instead: &[Crop],
    ) -> Result<Counters, ActionError> {
        let got = owed.min(&self.s.stock);
        let short = owed.total() - got.total();
        if instead.len() as u32 > short {
            return Err(ActionError::BadSubstitute(format!(
                "only {short} counter(s) are short in the stock"
            )));
        }
        let mut left = self.s.stock;
        left.sub(&got);
        let mut total = got;
        for &c in instead {
            if left.get(c) == 0 {
                return Err(ActionError::BadSubstitute(format!(
                    "the stock has no {} left",
                    c.name()
                )));
            }
            left.0[c.index()] -= 1;
            total.0[c.index()] += 1;
        }
        Ok(total)
    }

    fn check_pay(&self, seat: Seat, c: &Counters) -> Result<(), ActionError> {
        if !self.s.players[seat as usize].supply.contains(c) {
            return Err(ActionError::CannotPay(c.to_string()));
        }
        Ok(())
    }

    fn check_space(&self, s: Space) -> Result<(), ActionError> {
        if (s as usize) < Board::SPACES {
            Ok(())
        } else {
            Err(ActionError::NoSuchSpace(s))
        }
    }

    fn check_own_field(&self, seat: Seat, s: Space) -> Result<(), ActionError> {
        self.check_space(s)?;
        if self.s.players[seat as usize].fields & bit(s) == 0 {
            return Err(ActionError::NotOnYourBoard(self.r(s)));
        }
        Ok(())
    }

    /// `tile` is a field tile of another seat, `owner`, unconnected on its board: what the
    /// bailiff and the exchange event take.
    fn check_others_unconnected(
        &self,
        seat: Seat,
        owner: Seat,
        tile: Space,
    ) -> Result<(), ActionError> {
        if owner == seat {
            return Err(ActionError::NotAnotherPlayer);
        }
        if owner >= self.players() {
            return Err(ActionError::NoSuchSeat(owner));
        }
        self.check_space(tile)?;
        if self.unconnected(owner) & bit(tile) == 0 {
            return Err(ActionError::NotUnconnected(self.r(tile)));
        }
        Ok(())
    }

    fn check_distinct(&self, tiles: &[Space]) -> Result<SpaceSet, ActionError> {
        let mut m = 0;
        for &t in tiles {
            self.check_space(t)?;
            if m & bit(t) != 0 {
                return Err(ActionError::Repeated(self.r(t)));
            }
            m |= bit(t);
        }
        Ok(m)
    }

    /// A tile in another player's store, for E and G.
    fn store_tile(&self, owner: Seat, tile: Space) -> Result<StoreTile, ActionError> {
        if owner >= self.players() {
            return Err(ActionError::NoSuchSeat(owner));
        }
        self.s.players[owner as usize]
            .store
            .iter()
            .find(|t| t.tile == tile)
            .copied()
            .ok_or_else(|| ActionError::NotInStore(self.r(tile)))
    }

    fn check_registry(&self, tile: Space) -> Result<(), ActionError> {
        self.check_space(tile)?;
        if self.s.registry & bit(tile) == 0 {
            return Err(ActionError::NotInRegistry(self.r(tile)));
        }
        Ok(())
    }

    fn check_bid(&self, seat: Seat, bid: &Counters) -> Result<(), ActionError> {
        let p = &self.s.players[seat as usize];
        if p.store.len() >= STORE_SIZE {
            return Err(ActionError::StoreFull);
        }
        if bid.is_empty() {
            return Err(ActionError::EmptyBid);
        }
        self.check_pay(seat, bid)
    }

    fn check_payment(&self, seat: Seat, pay: &Counters, size: u32) -> Result<(), ActionError> {
        if pay.total() != size {
            return Err(ActionError::PaymentSize {
                expected: size,
                got: pay.total(),
            });
        }
        self.check_pay(seat, pay)
    }

    /// Whether the turn-level action `a` may start (or continue, for a second tile) now. The
    /// listing asks the same question (`legal.rs`).
    /// Whether [`Game::check_turn_action`] accepts `a` (the legal listing asks this for every
    /// turn action; it builds no error).
    pub(crate) fn turn_action_open(&self, a: TurnAction) -> bool {
        let t = &self.s.turn;
        let continuing =
            matches!(a, TurnAction::FromStores | TurnAction::ToStore) && t.last == Some((a, 1));
        let open = (continuing || (!t.has_done(a) && t.actions() < 2))
            && !(a == TurnAction::FromStores && t.has_done(TurnAction::ToStore));
        debug_assert_eq!(open, self.check_turn_action(a).is_ok());
        open
    }

    pub fn check_turn_action(&self, a: TurnAction) -> Result<bool, ActionError> {
        let t = &self.s.turn;
        // KH 22, 24: a second tile of (c) or (d) right after the first is the same action.
        let continuing =
            matches!(a, TurnAction::FromStores | TurnAction::ToStore) && t.last == Some((a, 1));
        if !continuing {
            if t.has_done(a) {
                return Err(ActionError::ActionUsed(a.letter()));
            }
            if t.actions() >= 2 {
                return Err(ActionError::TwoActionsDone);
            }
        }
        if a == TurnAction::FromStores && t.has_done(TurnAction::ToStore) {
            return Err(ActionError::StoresAfterRegistry);
        }
        Ok(continuing)
    }

    // ---------- validation ----------

    fn validate(&self, seat: Seat, prompt: &Prompt, action: &Action) -> Result<(), ActionError> {
        use Action as A;
        let n = self.players();
        let p = &self.s.players[seat as usize];
        match (prompt, action) {
            (Prompt::StartPlayer, A::ChooseStartPlayer { seat: chosen }) => {
                if *chosen >= n {
                    return Err(ActionError::NoSuchSeat(*chosen));
                }
                Ok(())
            }
            (Prompt::Turn, A::EndTurn) => Ok(()),
            (Prompt::Turn, A::Harvest { tiles, instead }) => {
                self.check_turn_action(TurnAction::Harvest)?;
                let m = self.check_distinct(tiles)?;
                if tiles.is_empty() {
                    return Err(ActionError::TileCount { min: 1, max: 56 });
                }
                for &t in tiles {
                    self.check_own_field(seat, t)?;
                    if p.harvested & bit(t) != 0 {
                        return Err(ActionError::AlreadyHarvested(self.r(t)));
                    }
                }
                let g = self.board.group_of(p.fields, tiles[0]);
                if m & !g != 0 {
                    return Err(ActionError::NotOneGroup);
                }
                self.owed_gain(self.crops_of(m), instead)?;
                Ok(())
            }
            (Prompt::Turn, A::PlayWorker { worker, space }) => {
                self.check_turn_action(TurnAction::Worker)?;
                self.check_space(*space)?;
                if !self.worker_available(seat, *worker) {
                    return Err(ActionError::WorkerUnavailable(worker.name()));
                }
                self.check_worker_space(seat, *worker, *space, None)
            }
            (Prompt::Turn, A::RemoveWorker { space }) => {
                self.check_turn_action(TurnAction::Worker)?;
                self.check_space(*space)?;
                if p.worker_at(*space).is_none() {
                    return Err(ActionError::NoWorkerThere(self.r(*space)));
                }
                Ok(())
            }
            (Prompt::Turn, A::BuyFromStore { owner, tile }) => {
                self.check_turn_action(TurnAction::FromStores)?;
                let st = self.store_tile(*owner, *tile)?;
                if *owner != seat {
                    // KH 23: exactly the bid, crop for crop.
                    self.check_pay(seat, &st.bid)?;
                }
                Ok(())
            }
            (Prompt::Turn, A::TakeFromRegistry { tile, bid }) => {
                self.check_turn_action(TurnAction::ToStore)?;
                self.check_registry(*tile)?;
                self.check_bid(seat, bid)
            }
            (Prompt::Reposition { worker, .. }, A::Reposition { space }) => {
                self.check_space(*space)?;
                self.check_worker_space(seat, *worker, *space, None)
            }
            (Prompt::Reposition { .. }, A::Decline) => Ok(()),
            (Prompt::Ability { worker, .. }, A::Decline) => {
                if worker.is_mandatory() {
                    return Err(ActionError::Mandatory);
                }
                Ok(())
            }
            (Prompt::Ability { worker, at, .. }, a) => self.validate_ability(seat, *worker, *at, a),
            (Prompt::KeepDrawn { .. }, A::KeepDrawn { .. }) => Ok(()),
            (Prompt::Event { event, held, .. }, a) => self.validate_event(seat, *event, *held, a),
            _ => Err(ActionError::WrongDecision(prompt_name(prompt))),
        }
    }

    fn check_worker_space(
        &self,
        seat: Seat,
        worker: Worker,
        space: Space,
        lifted: Option<Space>,
    ) -> Result<(), ActionError> {
        if self.worker_space_allows(seat, worker, space, lifted) {
            return Ok(());
        }
        let p = &self.s.players[seat as usize];
        let why = if p.fields & bit(space) != 0 {
            "a worker never goes on a field tile".to_string()
        } else if Some(space) == lifted {
            "the worker must move to another space".to_string()
        } else if let Some(w) = p.worker_at(space).filter(|w| w.number() >= worker.number()) {
            format!(
                "your {} ({}) is not lower than the {} ({})",
                w.name(),
                w.number(),
                worker.name(),
                worker.number()
            )
        } else {
            let nb = self.board.neighbours(space);
            let has = (nb & p.fields).count_ones();
            if has < worker.number() as u32 {
                format!(
                    "it needs at least {} adjacent field tiles and has {has}",
                    worker.number()
                )
            } else {
                "it is next to another worker".to_string()
            }
        };
        Err(ActionError::BadWorkerSpace(self.r(space), why))
    }

    /// The sizes of a seat's groups (KH 2, 65).
    pub fn group_sizes(&self, seat: Seat) -> Vec<u32> {
        self.board
            .groups(self.s.players[seat as usize].fields)
            .iter()
            .map(|g| g.count_ones())
            .collect()
    }

    pub fn crops_of(&self, tiles: SpaceSet) -> Counters {
        let mut c = Counters::ZERO;
        for t in spaces(tiles) {
            c.0[self.board.crop(t).index()] += 1;
        }
        c
    }

    fn validate_ability(
        &self,
        seat: Seat,
        worker: Worker,
        at: Space,
        a: &Action,
    ) -> Result<(), ActionError> {
        use Action as A;
        let p = &self.s.players[seat as usize];
        let around = self.board.neighbours(at);
        let wrong = || Err(ActionError::WrongDecision("the worker's ability"));
        match (worker, a) {
            (Worker::Apprentice, A::Apprentice { tile, instead }) => {
                self.check_space(*tile)?;
                if around & bit(*tile) == 0 {
                    return Err(ActionError::NotAdjacent(self.r(*tile)));
                }
                if p.unharvested() & bit(*tile) == 0 {
                    // Say what is true: the player's own tile, harvested; or not theirs.
                    return Err(if p.fields & bit(*tile) != 0 {
                        ActionError::AlreadyHarvested(self.r(*tile))
                    } else {
                        ActionError::NotOnYourBoard(self.r(*tile))
                    });
                }
                self.owed_gain(Counters::one(self.board.crop(*tile)), instead)?;
                Ok(())
            }
            (Worker::CasualWorker, A::CasualWorker { tiles, instead }) => {
                let m = self.check_distinct(tiles)?;
                if tiles.is_empty() || tiles.len() > 2 {
                    return Err(ActionError::TileCount { min: 1, max: 2 });
                }
                for &t in tiles {
                    if around & bit(t) == 0 {
                        return Err(ActionError::NotAdjacent(self.r(t)));
                    }
                    if p.unharvested() & bit(t) == 0 {
                        // Say what is true: the player's own tile, harvested; or not theirs.
                        return Err(if p.fields & bit(t) != 0 {
                            ActionError::AlreadyHarvested(self.r(t))
                        } else {
                            ActionError::NotOnYourBoard(self.r(t))
                        });
                    }
                }
                self.owed_gain(self.crops_of(m), instead)?;
                Ok(())
            }
            (Worker::Labourer, A::Labourer { crops }) => {
                let want = self.s.stock.total().min(2);
                if crops.len() as u32 != want {
                    return Err(ActionError::Invalid(format!(
                        "take {want} counters from the stock"
                    )));
                }
                if !self.s.stock.contains(&Counters::of(crops)) {
                    return Err(ActionError::Invalid(
                        "the stock does not hold those counters".into(),
                    ));
                }
                Ok(())
            }
            (Worker::UnskilledWorker, A::UnskilledWorker { tiles }) => {
                self.check_distinct(tiles)?;
                if tiles.is_empty() {
                    return Err(ActionError::TileCount { min: 1, max: 6 });
                }
                for &t in tiles {
                    if around & bit(t) == 0 {
                        return Err(ActionError::NotAdjacent(self.r(t)));
                    }
                    if p.harvested & bit(t) == 0 {
                        return Err(ActionError::NotHarvested(self.r(t)));
                    }
                }
                Ok(())
            }
            (
                Worker::SkilledWorker,
                A::SkilledWorker {
                    owner,
                    tile,
                    payment,
                },
            )
            | (
                Worker::Merchant,
                A::Merchant {
                    owner,
                    tile,
                    payment,
                },
            ) => {
                if *owner == seat {
                    return Err(ActionError::OwnStore);
                }
                let st = self.store_tile(*owner, *tile)?;
                let extra = u32::from(worker == Worker::SkilledWorker);
                self.check_payment(seat, payment, st.bid.total() + extra)
            }
            (Worker::Supervisor, A::Supervisor { tile }) => self.check_own_field(seat, *tile),
            (Worker::Storekeeper, A::Storekeeper { tile, bid }) => {
                self.check_registry(*tile)?;
                self.check_bid(seat, bid)
            }
            (
                Worker::Bailiff,
                A::Bailiff {
                    owner,
                    tile,
                    payment,
                },
            ) => {
                self.check_others_unconnected(seat, *owner, *tile)?;
                self.check_payment(seat, payment, 3)
            }
            (Worker::Lawyer, A::Lawyer { worker_at }) => {
                self.check_space(*worker_at)?;
                match p.worker_at(*worker_at) {
                    Some(Worker::Lawyer) => Err(ActionError::Invalid(
                        "the lawyer cannot copy itself (KH 42)".into(),
                    )),
                    Some(_) => Ok(()),
                    None => Err(ActionError::NoWorkerThere(self.r(*worker_at))),
                }
            }
            (Worker::Trader, A::TraderDraw) => {
                if self.s.bag_fields == 0 {
                    return Err(ActionError::Invalid(
                        "the bag holds no field tile: take a registry tile instead (KH 43)".into(),
                    ));
                }
                Ok(())
            }
            (Worker::Trader, A::TraderRegistry { tile, .. }) => {
                if self.s.bag_fields != 0 {
                    return Err(ActionError::Invalid(
                        "the bag still holds field tiles: draw from it (KH 43)".into(),
                    ));
                }
                self.check_registry(*tile)
            }
            (Worker::Benefactor, A::Benefactor { tile }) => self.check_registry(*tile),
            _ => wrong(),
        }
    }

    fn validate_event(
        &self,
        seat: Seat,
        event: EventTile,
        held: Option<Space>,
        a: &Action,
    ) -> Result<(), ActionError> {
        use Action as A;
        use EventTile as E;
        let p = &self.s.players[seat as usize];
        match (event, a) {
            (e, A::Decline) => {
                if e.is_mandatory() {
                    Err(ActionError::Mandatory)
                } else {
                    Ok(())
                }
            }
            (E::BlindSwap, A::BlindSwap { tile }) => self.check_own_field(seat, *tile),
            (E::Exchange, A::Exchange { give, with, take }) => {
                self.check_own_field(seat, *give)?;
                self.check_others_unconnected(seat, *with, *take)
            }
            (E::GiveAway, A::GiveAway { pass, .. }) => {
                let (options, _) = self.give_away_options(seat);
                let ok = match pass {
                    None => options == GiveAwayOptions::Nothing,
                    Some(t) => match options {
                        GiveAwayOptions::Nothing => false,
                        GiveAwayOptions::Some { board, pass_on } => {
                            (self.check_space(*t).is_ok() && board & bit(*t) != 0)
                                || (pass_on && held == Some(*t))
                        }
                    },
                };
                if !ok {
                    // The refusal says why (issue 32): which tiles may be passed.
                    return Err(ActionError::Invalid(match (pass, options) {
                        (None, _) => "you have a tile to pass: pass one (KH 49)".into(),
                        (Some(t), GiveAwayOptions::Nothing) => format!(
                            "you cannot pass {}: you have no field tile to pass (KH 49)",
                            self.r(*t)
                        ),
                        (Some(t), GiveAwayOptions::Some { pass_on: true, .. }) => format!(
                            "you cannot pass {}: pass a field tile of your board or the tile \
                             you received (KH 49)",
                            self.r(*t)
                        ),
                        (Some(t), GiveAwayOptions::Some { .. }) => format!(
                            "you cannot pass {}: only a field tile of your board can be passed \
                             (KH 49)",
                            self.r(*t)
                        ),
                    }));
                }
                Ok(())
            }
            (E::GoodHarvest, A::GoodHarvest { crop, instead }) => {
                let best = self.most_unharvested(seat);
                if best & (1 << crop.index()) == 0 {
                    return Err(ActionError::Invalid(format!(
                        "{} is not your most common unharvested crop",
                        crop.name()
                    )));
                }
                let inst: Vec<Crop> = instead.iter().copied().collect();
                self.owed_gain(Counters::one(*crop), &inst)?;
                Ok(())
            }
            (E::LuckyDip, A::LuckyDip { payment, registry }) => {
                self.check_payment(seat, payment, 2)?;
                match (self.s.bag_fields != 0, registry) {
                    (true, None) => Ok(()),
                    (true, Some(_)) => Err(ActionError::Invalid(
                        "the bag still holds field tiles: you draw from it (KH 51)".into(),
                    )),
                    (false, Some(t)) => self.check_registry(*t),
                    (false, None) => Err(ActionError::Invalid(
                        "the bag holds no field tile: choose a registry tile (KH 51)".into(),
                    )),
                }
            }
            (E::NewCrop, A::NewCrop { tiles }) => {
                self.check_distinct(tiles)?;
                if tiles.is_empty() || tiles.len() > 2 {
                    return Err(ActionError::TileCount { min: 1, max: 2 });
                }
                for &t in tiles {
                    if p.harvested & bit(t) == 0 {
                        return Err(ActionError::NotHarvested(self.r(t)));
                    }
                }
                Ok(())
            }
            (E::QuickSale, A::QuickSale { payment, tile }) => {
                self.check_payment(seat, payment, 3)?;
                self.check_registry(*tile)
            }
            (E::RegistrySwap, A::RegistrySwap { give, take }) => {
                self.check_own_field(seat, *give)?;
                self.check_registry(*take)
            }
            (E::RemoteHarvest, A::RemoteHarvest { tiles, instead }) => {
                let m = self.check_distinct(tiles)?;
                if tiles.is_empty() {
                    return Err(ActionError::TileCount { min: 1, max: 56 });
                }
                let un = self.unconnected(seat) & p.unharvested();
                for &t in tiles {
                    if un & bit(t) == 0 {
                        return Err(ActionError::NotUnconnected(format!(
                            "{} (unharvested)",
                            self.r(t)
                        )));
                    }
                }
                self.owed_gain(self.crops_of(m), instead)?;
                Ok(())
            }
            (E::Replacement, A::Replace { fallow }) => {
                if held.is_none() {
                    return Err(ActionError::WrongDecision("nothing was drawn"));
                }
                if let Some(f) = fallow {
                    self.check_own_field(seat, *f)?;
                }
                Ok(())
            }
            (E::Reposition, A::MoveWorker { from, to }) => {
                self.check_space(*from)?;
                self.check_space(*to)?;
                let Some(w) = p.worker_at(*from) else {
                    return Err(ActionError::NoWorkerThere(self.r(*from)));
                };
                self.check_worker_space(seat, w, *to, Some(*from))
            }
            (E::Vacation, A::Vacation { space }) => {
                self.check_space(*space)?;
                if p.worker_at(*space).is_none() {
                    return Err(ActionError::NoWorkerThere(self.r(*space)));
                }
                Ok(())
            }
            (E::Windfall, A::Windfall { crop }) => {
                if self.s.stock.get(*crop) == 0 {
                    return Err(ActionError::Invalid(format!(
                        "the stock has no {} left",
                        crop.name()
                    )));
                }
                Ok(())
            }
            _ => Err(ActionError::WrongDecision("the event")),
        }
    }

    /// KH 50: crops (bits of `Crop::index`) tied for the most unharvested tiles on the board.
    pub fn most_unharvested(&self, seat: Seat) -> u8 {
        let c = self.crops_of(self.s.players[seat as usize].unharvested());
        let best = *c.0.iter().max().unwrap_or(&0);
        if best == 0 {
            return 0;
        }
        (0..5)
            .filter(|&i| c.0[i] == best)
            .fold(0, |m, i| m | (1 << i))
    }

    /// KH 49: what the seat on the event O frame's step may pass now.
    pub fn give_away_options(&self, seat: Seat) -> (GiveAwayOptions, bool) {
        let Some(Frame::Event { step, held, .. }) = self.s.stack.last() else {
            return (GiveAwayOptions::Nothing, false);
        };
        let n = self.players();
        let board = self.s.players[seat as usize].fields;
        if *step == 0 {
            return if board != 0 {
                (
                    GiveAwayOptions::Some {
                        board,
                        pass_on: false,
                    },
                    false,
                )
            } else {
                (GiveAwayOptions::Nothing, false)
            };
        }
        if *step >= n {
            // P1 receives last: only keep or fallow.
            return (GiveAwayOptions::Nothing, held.is_some());
        }
        let last = *step == n - 1;
        let pass_on = held.is_some() && !last;
        if board == 0 && !pass_on {
            (GiveAwayOptions::Nothing, held.is_some())
        } else {
            (GiveAwayOptions::Some { board, pass_on }, held.is_some())
        }
    }
}

/// KH 49: what a player may pass in event O.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GiveAwayOptions {
    Nothing,
    /// A tile of `board`, or the received tile when `pass_on`.
    Some {
        board: SpaceSet,
        pass_on: bool,
    },
}

fn prompt_name(p: &Prompt) -> &'static str {
    match p {
        Prompt::StartPlayer => "the choice of start player",
        Prompt::Turn => "your turn's actions",
        Prompt::Reposition { .. } => "where to reposition your worker",
        Prompt::Ability { .. } => "the worker's ability",
        Prompt::KeepDrawn { .. } => "whether to keep the drawn tile",
        Prompt::Event { .. } => "your part of the event",
    }
}

pub(crate) fn shuffle<T>(v: &mut [T], rng: &mut ChaCha8Rng) {
    for i in (1..v.len()).rev() {
        let j = rng.random_range(0..=i);
        v.swap(i, j);
    }
}

impl State {
    /// A random field tile from the bag (the caller has checked there is one), or the first
    /// field tile of [`State::bag_order`] still in the bag.
    pub(crate) fn draw_field(&mut self) -> Space {
        if let Some(k) = self
            .bag_order
            .iter()
            .position(|b| matches!(b, BagTile::Field(t) if self.bag_fields & bit(*t) != 0))
            && let BagTile::Field(t) = self.bag_order.remove(k)
        {
            self.bag_fields &= !bit(t);
            return t;
        }
        let k = self.rng.random_range(0..self.bag_fields.count_ones());
        let t = nth_bit(self.bag_fields, k);
        self.bag_fields &= !bit(t);
        t
    }
}

/// The `k`-th space (from 0) of a set; 64 when the set has `k` spaces or fewer.
pub fn nth_bit(m: u64, k: u32) -> Space {
    // Found a byte at a time instead of clearing the `k` lowest bits one by one (a bag draw
    // passed over 20 bits on average, each waiting on the one before, and the loop's end was
    // mispredicted): the bits counted per byte and summed up to each byte, the byte holding
    // the `k`-th bit is the number of bytes whose running sum is at most `k`, and the bit in
    // that byte is read from a table. No branch depends on the set.
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let x = m - ((m >> 1) & 0x5555_5555_5555_5555);
    let x = (x & 0x3333_3333_3333_3333) + ((x >> 2) & 0x3333_3333_3333_3333);
    let per_byte = (x + (x >> 4)) & 0x0f0f_0f0f_0f0f_0f0f;
    // Byte i: the bits in bytes 0..=i (at most 64, so no byte overflows).
    let running = per_byte.wrapping_mul(ONES);
    if u64::from(k) >= running >> 56 {
        return 64;
    }
    // High bit of byte i set when running sum i <= k (k < 64 and sums <= 64: no borrows).
    let at_most_k = ((u64::from(k) * ONES) | HIGH).wrapping_sub(running) & HIGH;
    let byte = ((at_most_k >> 7).wrapping_mul(ONES) >> 56) as u32;
    let before = ((running << 8) >> (8 * byte)) & 0xff;
    let b = (m >> (8 * byte)) & 0xff;
    8 * byte as Space + SELECT_IN_BYTE[(u64::from(k) - before) as usize][b as usize]
}

/// `SELECT_IN_BYTE[r][b]`: the place of the `r`-th set bit of the byte `b` (8 if it has none).
static SELECT_IN_BYTE: [[u8; 256]; 8] = {
    let mut t = [[8u8; 256]; 8];
    let mut b = 0;
    while b < 256 {
        let mut x = b;
        let mut r = 0;
        while x != 0 {
            t[r][b] = x.trailing_zeros() as u8;
            x &= x - 1;
            r += 1;
        }
        b += 1;
    }
    t
};

#[cfg(test)]
mod tests {
    use super::nth_bit;

    /// The `k`-th bit the slow way: clear the `k` lowest set bits.
    fn nth_bit_one_by_one(mut m: u64, k: u32) -> u8 {
        for _ in 0..k {
            if m == 0 {
                return 64;
            }
            m &= m - 1;
        }
        m.trailing_zeros() as u8
    }

    #[test]
    fn nth_bit_finds_the_kth_set_bit_of_any_set() {
        let mut sets = vec![
            0u64,
            1,
            u64::MAX,
            1 << 63,
            0x00ff_0000_0000_ff00,
            (1 << 56) - 1,
        ];
        // A fixed pseudo-random spread of sets (xorshift), sparse and dense.
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for i in 0..3000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            sets.push(match i % 3 {
                0 => x,
                1 => x & (x >> 1) & (x >> 3),
                _ => x | (x << 5),
            });
        }
        for &m in &sets {
            for k in 0..=65 {
                assert_eq!(nth_bit(m, k), nth_bit_one_by_one(m, k), "set {m:#x}, k {k}");
            }
        }
        assert_eq!(nth_bit(0b1011_0000, 2), 7);
        assert_eq!(nth_bit(1 << 55, 0), 55);
        assert_eq!(nth_bit(1 << 55, 1), 64);
    }
}
