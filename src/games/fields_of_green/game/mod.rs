//! The game state machine: setup, the four years, and the public API (`legal_actions`, `apply`,
//! views, snapshots).

mod apply;
pub mod eval;
mod flow;
mod legal;
pub mod scoring;
mod setup;
mod undo;

pub(crate) use apply::host_accepts;
pub(crate) use legal::{Choice, Listing};
pub use scoring::{ScorePad, TieBreak};
pub use setup::{PRESET_MAX, PresetCell, PresetSeat, Setup, SetupError, StartPhase};

use super::action::Action;
use super::cards::{Deck, DesignIdx, EquipIdx};
use super::effects::Modifier;
use super::error::ActionError;
use super::event::{Direction, Event};
use super::farm::{Farm, Grid, Pos};
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use std::sync::{Arc, OnceLock};

/// How a game is set up when it is created.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options {
    /// 2-6 (ruling 20).
    pub players: u8,
    /// Introductory mode: fixed pile splits (ruling 5); 2-4 players only, since the fixed splits
    /// would exhaust the Livestock pile with 5 or 6.
    #[serde(default)]
    pub intro: bool,
    /// Seat holding the First Player tile in year 1.
    #[serde(default)]
    pub first_player: u8,
}

impl Options {
    /// The standard game (not introductory) for `players`, seat 0 holding the First Player tile:
    /// what the bots' tools and the tests play.
    pub fn standard(players: u8) -> Options {
        Options {
            players,
            intro: false,
            first_player: 0,
        }
    }
}

/// Where the game stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum Phase {
    /// Players draw in turn order; `next` is the position in turn order (0 = first player) of
    /// the seat that draws next, equal to the player count once everyone has drawn.
    Upkeep {
        next: u8,
    },
    /// 3+ players: the simultaneous draft (ruling 7). `turn` is the turn whose cards are being
    /// selected (1-based; one past the last once the last cards are revealed).
    Action {
        turn: u8,
    },
    /// 2 players: alternating picks from the face-up row (ruling 21); `current` is the seat to
    /// act, `picks` how many cards have been taken this year, `taken` whether `current` has
    /// taken its card this turn.
    Duel {
        current: u8,
        picks: u8,
        taken: bool,
    },
    Harvest,
    Ended,
}

/// Everything a seat owns or holds.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerState {
    pub farm: Farm,
    pub coins: u32,
    /// Food in the Silos, as one pool (ruling 12).
    pub food: u32,
    pub vp_tokens: u32,
    /// Equipment kept but not placed (ruling 17).
    pub set_aside: Vec<EquipIdx>,
    /// Private.
    pub hand: Vec<DesignIdx>,
    /// Private until the reveal.
    pub selected: Option<DesignIdx>,
    /// The revealed (or, with 2 players, picked) card waiting for an action.
    pub revealed: Option<DesignIdx>,
    /// Equipment tiles drawn to choose from (private).
    pub offer: Vec<EquipIdx>,
    /// Further Equipment gains to draw once the current offer is settled.
    pub pending_equipment: u8,
    /// Income Water waiting for the player to choose towers (ruling 3).
    pub pending_water: u8,
    /// This year's pile split (public).
    pub split: Option<[u8; 4]>,
    /// 3+ players: the card this seat picked in each of this year's turns so far, as it was
    /// turned face up (ruling 7: public), None for a turn it had no card to pick. With the
    /// public splits (ruling 4) this tells everyone how many cards of each pile's kind every
    /// hand still holds. Empty in snapshots stored before it was kept.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub picked: Vec<Option<DesignIdx>>,
    /// Positions of the Harvest abilities activated this harvest, once per activation.
    pub harvested: Vec<super::farm::Pos>,
    pub harvest_done: bool,
}

/// `*$dst = $src.clone()` for a `$ty`, reusing the lists `$dst` already holds (see
/// [`Game::clone_from`]): the `copy` fields are assigned, the `clone` fields cloned into place,
/// and each other field is set by the statement given for it. The fields are destructured by
/// name, so a field added to the struct and not listed here does not compile.
macro_rules! assign_fields {
    ($ty:ident, $dst:ident, $src:ident;
     copy: $($copy:ident),*;
     clone: $($clone:ident),*;
     $($other:ident => $how:expr),* $(,)?) => {{
        let $ty { $($copy,)* $($clone,)* $($other,)* } = $src;
        $( $dst.$copy = *$copy; )*
        $( $dst.$clone.clone_from($clone); )*
        $( $how; )*
    }};
}

impl PlayerState {
    /// `*self = src.clone()`, reusing this seat's lists (see [`Game::clone_from`]).
    fn assign(&mut self, src: &PlayerState) {
        assign_fields!(PlayerState, self, src;
            copy: coins, food, vp_tokens, selected, revealed, pending_equipment, pending_water,
                split, harvest_done;
            clone: set_aside, hand, offer, picked, harvested;
            farm => self.farm.cells.clone_from(&farm.cells),
        );
    }

    /// True when nothing about the current card is left to settle.
    pub(crate) fn settled(&self) -> bool {
        self.revealed.is_none() && self.offer.is_empty() && self.pending_equipment == 0
    }
}

/// The serde form of a whole game (what SQLite stores). Private parts included: never show it to
/// players; use the views.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    pub seed: u64,
    pub options: Options,
    /// 1-4.
    pub year: u8,
    pub first_player: u8,
    pub phase: Phase,
    /// Location piles, top card last.
    pub piles: [Vec<DesignIdx>; 4],
    /// Public discard pile.
    pub discard: Vec<DesignIdx>,
    /// Equipment stack, top first (ruling 2: returned tiles go to the bottom).
    pub equipment: VecDeque<EquipIdx>,
    /// Equipment lost with Open Areas (ruling 15).
    pub equipment_discard: Vec<EquipIdx>,
    pub towers_left: u8,
    pub silos_left: u8,
    /// 2 players: the face-up cards.
    pub row: Vec<DesignIdx>,
    /// 2 players: the face-down pile of this year's cards, top last.
    pub row_pile: Vec<DesignIdx>,
    pub players: Vec<PlayerState>,
    /// Set when the game has ended.
    pub scores: Option<Vec<ScorePad>>,
}

impl State {
    /// `*self = src.clone()`, reusing this state's lists (see [`Game::clone_from`]).
    fn assign(&mut self, src: &State) {
        assign_fields!(State, self, src;
            copy: seed, year, first_player, towers_left, silos_left;
            clone: options, phase, discard, equipment, equipment_discard, row, row_pile, scores;
            piles => {
                for (mine, theirs) in self.piles.iter_mut().zip(piles) {
                    mine.clone_from(theirs);
                }
            },
            players => {
                self.players.truncate(players.len());
                let kept = self.players.len();
                for (mine, theirs) in self.players.iter_mut().zip(players) {
                    mine.assign(theirs);
                }
                self.players.extend(players[kept..].iter().cloned());
            },
        );
    }
}

/// Version of the snapshot format.
pub const SNAPSHOT_SCHEMA: u32 = 1;

/// A saved game: the state, the deck it was played with (by fingerprint) and a schema number.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameSnapshot {
    pub schema: u32,
    pub deck: u64,
    pub state: State,
}

/// A game of Fields of Green. Build it with [`Game::new`], [`Game::with_setup`] or
/// [`Game::from_snapshot`]; change it only through [`Game::apply`].
#[derive(Debug)]
pub struct Game {
    deck: Arc<Deck>,
    s: State,
    /// Per seat, the grid index of its farm, built on first use. Adding a card is the only
    /// change to where a farm's cards are: the grid is then updated in place or dropped (see
    /// [`Game::card_added`]). Listing the legal actions, checking an action and the flow after
    /// it each need it, often for the same farm.
    /// Shared between a game and its clones until one of them changes it (a clone for a bot's
    /// try copies a pointer, not the grid; the cards added make their own copy, see
    /// [`Game::card_added`]): the same for the other caches below.
    grids: [OnceLock<Arc<Grid>>; 6],
    /// Per seat, the Ongoing modifiers of its farm ([`eval::farm_modifiers`]), dropped whenever
    /// a card is turned or given Equipment; a card added appends its own.
    mods: [OnceLock<Arc<FarmModifiers>>; 6],
    /// Per seat, where each Water Tower of its farm reaches ([`eval::TowerReach`]), dropped
    /// whenever a card is added, turned or given Equipment: paying Water is asked for on every
    /// space and every Harvest ability.
    reach: [OnceLock<Arc<eval::TowerReach>>; 6],
    /// Per seat, in the harvest, the Harvest abilities it may activate now
    /// ([`legal::harvest_options`]). In the harvest a seat's abilities change only through its
    /// own actions (effects act on the actor's farm and stores alone), so the list is dropped
    /// before each action of that seat and when a harvest begins. The flow asks it after each
    /// action (may the seat stop by itself?), the listing asks it again, so it is worked out
    /// once instead of twice.
    harvests: [OnceLock<legal::HarvestOptions>; 6],
    /// Per seat, the Harvest abilities of its farm with what checking them needs that stays the
    /// same while the farm's cards do ([`apply::HarvestSheet`]), dropped with the towers' reach
    /// and when a card turns face down.
    sheets: [OnceLock<Arc<apply::HarvestSheet>>; 6],
    /// Per seat, the Food its farm's Silos hold together ([`eval::FarmInfo::food_capacity`]),
    /// dropped with the modifiers and whenever a card is added: every gain of Food asks for it.
    food_caps: [OnceLock<u32>; 6],
}

/// The Ongoing modifiers of a farm with the positions they act from (the `mods` cache).
type FarmModifiers = Vec<(Pos, Modifier)>;

/// Cloned by hand: the caches of the seats in play only. The bots clone a game for every action
/// they try, and a derived clone moved all six seats' caches (a few kilobytes) however few seats
/// there are.
impl Clone for Game {
    fn clone(&self) -> Game {
        let n = self.s.players.len();
        // A struct literal, so a new cache cannot be left out.
        Game {
            deck: self.deck.clone(),
            s: self.s.clone(),
            grids: clone_seats(&self.grids, n),
            mods: clone_seats(&self.mods, n),
            reach: clone_seats(&self.reach, n),
            harvests: clone_seats(&self.harvests, n),
            sheets: clone_seats(&self.sheets, n),
            food_caps: clone_seats(&self.food_caps, n),
        }
    }

    /// Makes this game a copy of `source`, reusing its lists: a bot that tries every action of
    /// a seat copies the game once per action into the same scratch game, and this saves the
    /// few dozen allocations of a fresh clone each time.
    fn clone_from(&mut self, source: &Game) {
        let n = source.s.players.len();
        self.deck.clone_from(&source.deck);
        self.s.assign(&source.s);
        copy_seats(&mut self.grids, &source.grids, n, Arc::ptr_eq);
        copy_seats(&mut self.mods, &source.mods, n, Arc::ptr_eq);
        copy_seats(&mut self.reach, &source.reach, n, Arc::ptr_eq);
        copy_seats(&mut self.harvests, &source.harvests, n, |a, b| a == b);
        copy_seats(&mut self.sheets, &source.sheets, n, Arc::ptr_eq);
        copy_seats(&mut self.food_caps, &source.food_caps, n, |a, b| a == b);
    }
}

/// Makes `cells` the caches of the first `n` seats of `source`, the others empty, leaving alone
/// a cache that is already `same` as the source's: a scratch game copied again and again from
/// one game differs from it only in the seat that acted, so the other seats' caches (the same
/// shared ones) are not copied again.
fn copy_seats<T: Clone>(
    cells: &mut [OnceLock<T>; 6],
    source: &[OnceLock<T>; 6],
    n: usize,
    same: impl Fn(&T, &T) -> bool,
) {
    for (k, (mine, theirs)) in cells.iter_mut().zip(source).enumerate() {
        let want = if k < n { theirs.get() } else { None };
        match (mine.get(), want) {
            (None, None) => {}
            (Some(a), Some(b)) if same(a, b) => {}
            _ => *mine = want.map_or_else(OnceLock::new, |v| OnceLock::from(v.clone())),
        }
    }
}

/// The caches of the first `n` seats; the others empty.
fn clone_seats<T: Clone>(cells: &[OnceLock<T>; 6], n: usize) -> [OnceLock<T>; 6] {
    std::array::from_fn(|k| {
        if k < n {
            cells[k].clone()
        } else {
            OnceLock::new()
        }
    })
}

impl PartialEq for Game {
    fn eq(&self, other: &Game) -> bool {
        self.deck.fingerprint == other.deck.fingerprint && self.s == other.s
    }
}

impl Game {
    /// A new game with shuffled piles (one seed drives every shuffle).
    pub fn new(deck: Arc<Deck>, options: Options, seed: u64) -> Result<Game, SetupError> {
        Game::with_setup(deck, Setup::new(options, seed))
    }

    pub fn deck(&self) -> &Deck {
        &self.deck
    }

    pub fn deck_arc(&self) -> &Arc<Deck> {
        &self.deck
    }

    pub fn players(&self) -> usize {
        self.s.players.len()
    }

    pub fn year(&self) -> u8 {
        self.s.year
    }

    pub fn phase(&self) -> &Phase {
        &self.s.phase
    }

    pub fn seed(&self) -> u64 {
        self.s.seed
    }

    pub fn options(&self) -> &Options {
        &self.s.options
    }

    pub fn is_over(&self) -> bool {
        self.s.phase == Phase::Ended
    }

    /// Final score pads, once the game has ended.
    pub fn scores(&self) -> Option<&[ScorePad]> {
        self.s.scores.as_deref()
    }

    /// The whole state (hidden parts included): for tests, invariant checks and storage.
    pub fn state(&self) -> &State {
        &self.s
    }

    /// Cards each seat draws per year (ruling 20: 5 with six players).
    pub fn hand_size(&self) -> u8 {
        hand_size(self.s.players.len())
    }

    /// Pass direction of the current year (ruling 6).
    pub fn direction(&self) -> Direction {
        direction(self.s.year)
    }

    /// Seats in turn order for this year, first player first (ruling 9).
    pub fn turn_order(&self) -> Vec<usize> {
        let n = self.s.players.len();
        (0..n)
            .map(|k| (self.s.first_player as usize + k) % n)
            .collect()
    }

    /// A game of `s` played with `deck`, nothing cached yet.
    pub(crate) fn from_parts(deck: Arc<Deck>, s: State) -> Game {
        Game {
            deck,
            s,
            grids: Default::default(),
            mods: Default::default(),
            reach: Default::default(),
            harvests: Default::default(),
            sheets: Default::default(),
            food_caps: Default::default(),
        }
    }

    /// What paying for builds and harvests needs to know about the farm of `seat`, on the
    /// game's cached grid of that farm.
    pub(crate) fn farm_info(&self, seat: usize) -> eval::FarmInfo<'_> {
        let farm = &self.s.players[seat].farm;
        match (
            self.grids.get(seat),
            self.mods.get(seat),
            self.reach.get(seat),
        ) {
            (Some(grid), Some(mods), Some(reach)) => eval::FarmInfo::with_cache(
                grid.get_or_init(|| Arc::new(Grid::new(farm))),
                mods.get_or_init(|| Arc::new(eval::farm_modifiers(&self.deck, farm))),
                reach,
            ),
            _ => eval::FarmInfo::new(&self.deck, farm),
        }
    }

    /// A copy of the game with its state changed by `edit` (None when `edit` gives None), for
    /// the bots' what-ifs that move cards between hands, the row and the revealed places
    /// ([`crate::fields_of_green::bots::determinize::with_revealed`]). `edit` must not change a
    /// farm: the copy keeps the farms' caches (a snapshot restored would build them all again).
    /// The Harvest abilities found for the harvest are dropped. Debug builds check that the
    /// edited state keeps the invariants, as a restored snapshot would.
    pub(crate) fn edited(&self, edit: impl FnOnce(&mut State) -> Option<()>) -> Option<Game> {
        let mut g = self.clone();
        edit(&mut g.s)?;
        g.harvest_begins();
        debug_assert_eq!(g.check_invariants(), Ok(()));
        debug_assert!(
            g.s.players
                .iter()
                .zip(&self.s.players)
                .all(|(a, b)| a.farm == b.farm),
            "an edit changed a farm"
        );
        Some(g)
    }

    /// The cached grid of the farm of `seat` (built on first use, see `grids`).
    pub(crate) fn grid(&self, seat: usize) -> &Grid {
        self.grids[seat].get_or_init(|| Arc::new(Grid::new(&self.s.players[seat].farm)))
    }

    /// The Harvest abilities `seat` may activate now, as (space, repeats), cached (see
    /// `harvests`). Only asked in the harvest, of a seat that has not finished it.
    pub(crate) fn harvest_options(&self, seat: usize) -> &[(Pos, u8)] {
        self.harvests[seat].get_or_init(|| legal::harvest_options(self, seat))
    }

    /// The Food the Silos of the farm of `seat` hold together, cached (see `food_caps`).
    pub(crate) fn food_capacity(&self, seat: usize) -> u32 {
        let farm = &self.s.players[seat].farm;
        match self.food_caps.get(seat) {
            Some(cell) => {
                *cell.get_or_init(|| self.farm_info(seat).food_capacity(&self.deck, farm))
            }
            None => self.farm_info(seat).food_capacity(&self.deck, farm),
        }
    }

    /// The [`apply::HarvestSheet`] of the farm of `seat`, cached (see `sheets`); `info` is what
    /// the caller knows of that farm.
    pub(crate) fn harvest_sheet(
        &self,
        seat: usize,
        info: &eval::FarmInfo,
    ) -> &[apply::HarvestEntry] {
        match self.sheets.get(seat) {
            Some(cell) => cell.get_or_init(|| Arc::new(apply::harvest_sheet(self, seat, info))),
            None => unreachable!("a game has at most 6 seats"),
        }
    }

    /// Drops the kept Harvest abilities of the farm of `seat` (see `sheets`): cards with a
    /// Harvest ability turned face down, and nothing else changed.
    pub(crate) fn harvest_cards_turned(&mut self, seat: usize) {
        if let Some(cell) = self.sheets.get_mut(seat) {
            cell.take();
        }
    }

    /// Drops every seat's kept Harvest abilities (see `harvests`): a harvest begins.
    pub(crate) fn harvest_begins(&mut self) {
        for cell in &mut self.harvests {
            cell.take();
        }
    }

    /// Updates what is cached about the farm of `seat` after a card was added to it (the last
    /// one, face up and without Equipment yet): the grid is updated in place when the card lies
    /// within the farm's bounding box (filling a gap) and built anew otherwise; the card's
    /// modifiers come last in the farm's list, so they are appended; the towers' reach is
    /// dropped (a new card may be a tower, or a shorter way between cards).
    pub(crate) fn card_added(&mut self, seat: usize) {
        let farm = &self.s.players[seat].farm;
        let last = farm.cells.len().wrapping_sub(1);
        let added = farm.cells.get(last);
        if let Some(cell) = self.grids.get_mut(seat) {
            let updated = match (cell.get_mut(), added) {
                // Copied first if a clone shares it.
                (Some(grid), Some(c)) => Arc::make_mut(grid).add_within_bounds(c.pos, last),
                _ => false,
            };
            if !updated {
                cell.take();
            }
        }
        if let Some(cell) = self.mods.get_mut(seat) {
            match (cell.get_mut(), added) {
                (Some(mods), Some(c)) => eval::cell_modifiers(&self.deck, c, Arc::make_mut(mods)),
                _ => {
                    cell.take();
                }
            }
        }
        self.cards_changed(seat);
    }

    /// Drops what is cached about the farm of `seat` that depends on which side its cards show
    /// and on their Equipment: call after turning a card or changing its Equipment. The grid
    /// stays, since it depends only on where the cards are ([`Game::card_added`] drops it);
    /// Water on towers is not cached.
    pub(crate) fn farm_changed(&mut self, seat: usize) {
        if let Some(cell) = self.mods.get_mut(seat) {
            cell.take();
        }
        self.cards_changed(seat);
    }

    /// What a new card and a turned card or changed Equipment both drop (after the modifiers are
    /// dealt with): the towers' reach, the Food capacity and the kept Harvest abilities of the
    /// farm of `seat`.
    fn cards_changed(&mut self, seat: usize) {
        if let Some(cell) = self.reach.get_mut(seat) {
            cell.take();
        }
        if let Some(cell) = self.food_caps.get_mut(seat) {
            cell.take();
        }
        self.harvest_cards_turned(seat);
    }

    /// The seat at position `k` of this year's turn order (0 = first player), if there is one:
    /// `turn_order().get(k)` without building the list.
    pub(crate) fn seat_in_turn(&self, k: usize) -> Option<usize> {
        let n = self.s.players.len();
        // `first_player < n` (checked with the invariants) and `k < n`, so one subtraction
        // wraps the sum: no division, which costs tens of cycles and this runs several times
        // per step.
        (k < n).then(|| {
            let s = self.s.first_player as usize + k;
            if s >= n { s - n } else { s }
        })
    }

    /// Seats the game is waiting for now: those with a decision the game cannot go on without.
    /// (A seat that has selected its card may still change it, but is not holding anyone up.)
    pub fn waiting_for(&self) -> Vec<usize> {
        (0..self.players())
            .filter(|&s| self.is_waiting_for(s))
            .collect()
    }

    /// [`Game::waiting_for`] as a [`Waiting`] on the stack, with the phase looked at once rather
    /// than once per seat: the random playouts ask at every step. Same answer as
    /// [`Game::is_waiting_for`] seat by seat (the playout tests compare them).
    pub(crate) fn waiting_seats(&self) -> Waiting {
        // A tile offer to settle holds the game up in every phase but the end. Each seat's test
        // is worked out without a branch and the seat written either way, the count moving on
        // only when it waits: which seats wait changes from step to step, and the branches
        // were mispredicted (measured with perf). A plain array returned by value, where a
        // `SmallVec` filled from a second array cost a copy and its bookkeeping per step. A game
        // has 2-6 seats (the setup and the snapshot checks refuse any other count), so the
        // array always has room.
        let mut w = Waiting {
            seats: [0; 8],
            len: 0,
        };
        let players = &self.s.players;
        let mut note = |s: usize, waits: bool| {
            w.seats[w.len as usize] = s as u8;
            w.len += waits as u8;
        };
        match self.s.phase {
            Phase::Ended => {}
            Phase::Upkeep { next } => {
                let drawing = self.seat_in_turn(next as usize);
                for (s, p) in players.iter().enumerate() {
                    note(
                        s,
                        !p.offer.is_empty()
                            | (p.pending_water > 0)
                            | (p.split.is_none() & (drawing == Some(s))),
                    );
                }
            }
            Phase::Action { .. } => {
                for (s, p) in players.iter().enumerate() {
                    note(
                        s,
                        !p.offer.is_empty()
                            | p.revealed.is_some()
                            | (p.selected.is_none() & !p.hand.is_empty()),
                    );
                }
            }
            Phase::Duel { current, .. } => {
                for (s, p) in players.iter().enumerate() {
                    note(s, !p.offer.is_empty() | (current as usize == s));
                }
            }
            Phase::Harvest => {
                for (s, p) in players.iter().enumerate() {
                    note(s, !p.offer.is_empty() | !p.harvest_done);
                }
            }
        }
        w
    }

    /// True when the game needs a decision from `seat` before it can go on.
    pub fn is_waiting_for(&self, seat: usize) -> bool {
        let Some(p) = self.s.players.get(seat) else {
            return false;
        };
        if self.s.phase == Phase::Ended {
            return false;
        }
        if !p.offer.is_empty() {
            return true;
        }
        match self.s.phase {
            Phase::Upkeep { next } => {
                p.pending_water > 0
                    || (p.split.is_none() && self.seat_in_turn(next as usize) == Some(seat))
            }
            Phase::Action { .. } => {
                p.revealed.is_some() || (p.selected.is_none() && !p.hand.is_empty())
            }
            Phase::Duel { current, .. } => current as usize == seat,
            Phase::Harvest => !p.harvest_done,
            Phase::Ended => false,
        }
    }

    /// The snapshot to store.
    pub fn snapshot(&self) -> GameSnapshot {
        GameSnapshot {
            schema: SNAPSHOT_SCHEMA,
            deck: self.deck.fingerprint,
            state: self.s.clone(),
        }
    }

    /// Restores a game, refusing a snapshot of another schema or deck, or one that breaks the
    /// game's invariants.
    pub fn from_snapshot(deck: Arc<Deck>, snap: GameSnapshot) -> Result<Game, SnapshotError> {
        if snap.schema != SNAPSHOT_SCHEMA {
            return Err(SnapshotError::Schema(snap.schema));
        }
        if snap.deck != deck.fingerprint {
            return Err(SnapshotError::Deck {
                saved: snap.deck,
                loaded: deck.fingerprint,
            });
        }
        let game = Game::from_parts(deck, snap.state);
        game.check_invariants().map_err(SnapshotError::Invalid)?;
        Ok(game)
    }

    /// Every legal action for `seat` now, in a stable order. Water payments are left to the
    /// engine's default (an empty `water` list); a UI may offer the towers listed by
    /// [`Game::water_sources`] instead.
    pub fn legal_actions(&self, seat: usize) -> Vec<Action> {
        legal::legal_actions(self, seat)
    }

    /// [`Game::legal_actions`] in compact form, same order, into `out` (emptied first): for the
    /// random playouts, which spell out only the action they take ([`Listing::action`]). The
    /// playouts themselves use [`Game::list_compact_into`]; the tests compare the two.
    #[cfg(test)]
    pub(crate) fn list_into(&self, seat: usize, out: &mut Listing) {
        legal::list_into(self, seat, out)
    }

    /// [`Game::list_into`] with the runs of Water Tower and Silo choices counted, not written
    /// out ([`Listing::get`] spells out the one taken).
    pub(crate) fn list_compact_into(&self, seat: usize, out: &mut Listing) {
        legal::list_compact_into(self, seat, out)
    }

    /// Applies an action of `seat`: either the events it caused, or an error and no change at all.
    pub fn apply(&mut self, seat: usize, action: &Action) -> Result<Vec<Event>, ActionError> {
        // Most actions cause a few events: room for them at once.
        let mut events = Events::kept(Vec::with_capacity(8));
        self.apply_to(seat, action, &mut events)?;
        Ok(events.into_list())
    }

    /// [`Game::apply`] without the events: for random playouts and the bots' rollouts, which
    /// never read them. The game changes exactly as with `apply`.
    pub fn apply_quiet(&mut self, seat: usize, action: &Action) -> Result<(), ActionError> {
        self.apply_to(seat, action, &mut Events::quiet())
    }

    /// Applies `action` for `seat`, adding its events to `events`. On an error nothing is added
    /// and nothing changes.
    fn apply_to(
        &mut self,
        seat: usize,
        action: &Action,
        events: &mut Events,
    ) -> Result<(), ActionError> {
        // Any action of the seat may change what it can harvest (see `harvests`).
        if let Some(cell) = self.harvests.get_mut(seat) {
            cell.take();
        }
        apply::apply(self, seat, action, events)?;
        flow::advance(self, Some(seat), events);
        Ok(())
    }

    /// Checks the invariants of the state: card conservation, storage caps, farm shape, phase
    /// bookkeeping. Used on every snapshot load and after every step of the random playouts.
    pub fn check_invariants(&self) -> Result<(), String> {
        setup::check_invariants(self)
    }
}

/// Where the steps of an action put their events. Random playouts and the bots' rollouts never
/// read them, so they pass a quiet one: building the events (card ids, lists of cards) only to
/// drop them again was about 2.4% of a random game.
pub(crate) struct Events {
    list: Vec<Event>,
    keep: bool,
}

impl Events {
    /// Events added to `list`.
    pub(crate) fn kept(list: Vec<Event>) -> Events {
        Events { list, keep: true }
    }

    /// No events kept.
    pub(crate) fn quiet() -> Events {
        Events {
            list: Vec::new(),
            keep: false,
        }
    }

    /// True when events are kept: work done only for an event can be skipped otherwise.
    pub(crate) fn keeps(&self) -> bool {
        self.keep
    }

    /// Adds the event `make` builds, if events are kept (it is not built otherwise).
    #[inline]
    pub(crate) fn add(&mut self, make: impl FnOnce() -> Event) {
        if self.keep {
            self.list.push(make());
        }
    }

    /// The events kept.
    pub(crate) fn into_list(self) -> Vec<Event> {
        self.list
    }
}

/// The seats a game waits for ([`Game::waiting_seats`]), in seat order, inline.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Waiting {
    /// Room for the 6 seats a game may have, and 2 to spare so that a seat is written before
    /// it is known to wait. Bytes, so that the whole fits in two registers when returned.
    seats: [u8; 8],
    len: u8,
}

impl Waiting {
    pub(crate) fn as_slice(&self) -> &[u8] {
        &self.seats[..self.len as usize]
    }
}

/// Why a snapshot was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SnapshotError {
    #[error("snapshot schema {0} is not supported (expected {SNAPSHOT_SCHEMA})")]
    Schema(u32),
    #[error(
        "the game was saved with another deck (fingerprint {saved:016x}, loaded {loaded:016x})"
    )]
    Deck { saved: u64, loaded: u64 },
    #[error("the saved game is inconsistent: {0}")]
    Invalid(String),
}

/// Cards per seat per year (rulings 7, 20).
pub fn hand_size(players: usize) -> u8 {
    if players >= 6 { 5 } else { 6 }
}

/// Pass direction by year (ruling 6).
pub fn direction(year: u8) -> Direction {
    if year % 2 == 1 {
        Direction::Left
    } else {
        Direction::Right
    }
}

/// Introductory mode splits (ruling 5), Field/Livestock/Construction/Building.
pub const INTRO_SPLITS: [[u8; 4]; 4] = [[3, 2, 1, 0], [2, 2, 1, 1], [1, 2, 1, 2], [0, 2, 1, 3]];

/// Income in years 2-4 (ruling 3): coins, Water, Food.
pub const INCOME: (u32, u32, u32) = (3, 2, 1);

/// Starting resources (ruling 1): coins, Water on the tower, Food on the Silo.
pub const START: (u32, u8, u32) = (15, 3, 1);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fields_of_green::sim;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    /// The per-farm caches (grid, modifiers, towers' reach) are dropped at every change that matters: after each
    /// step of random games, what `farm_info` sees equals what a fresh look at the farm gives.
    #[test]
    fn farm_caches_never_go_stale() {
        let deck = Deck::default_deck();
        for seed in 0..12u64 {
            let players = 2 + (seed % 5) as u8;
            let options = Options::standard(players);
            let mut game = Game::new(deck.clone(), options, seed).expect("setup");
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            while let Some((seat, action)) = sim::random_step(&game, &mut rng) {
                game.apply(seat, &action).expect("a listed action applies");
                for s in 0..game.players() {
                    let farm = &game.s.players[s].farm;
                    let cached = game.farm_info(s);
                    let fresh = eval::FarmInfo::new(&game.deck, farm);
                    assert_eq!(cached.mods, fresh.mods, "seed {seed} seat {s}");
                    assert_eq!(
                        cached.build_spaces(farm),
                        farm.build_spaces(),
                        "seed {seed} seat {s}"
                    );
                    // The Harvest abilities kept between moves are the ones a fresh look finds,
                    // and the ones found card by card.
                    if game.s.phase == Phase::Harvest && !game.s.players[s].harvest_done {
                        assert_eq!(
                            game.harvest_options(s),
                            legal::harvest_options(&game, s).as_slice(),
                            "seed {seed} seat {s}"
                        );
                        assert_eq!(
                            game.harvest_options(s),
                            legal::harvest_options_by_space(&game, s).as_slice(),
                            "seed {seed} seat {s}"
                        );
                    }
                    // The farm's Harvest cards kept with their reach and costs (the sheet) are
                    // what a fresh look at the farm gives.
                    if let Err(why) = apply::sheet_is_fresh(&game, s) {
                        panic!("seed {seed} seat {s}: {why}");
                    }
                    // The grid (kept, and updated in place, between moves) is the one a
                    // fresh look builds.
                    assert_eq!(
                        game.grid(s).squares(),
                        Grid::new(farm).squares(),
                        "seed {seed} seat {s}"
                    );
                    // Capacities from the kept modifiers are the ones a fresh look gives, and
                    // so is the kept Food capacity.
                    assert_eq!(
                        cached.food_capacity(&game.deck, farm),
                        eval::food_capacity(&game.deck, farm),
                        "seed {seed} seat {s}"
                    );
                    assert_eq!(
                        game.food_capacity(s),
                        eval::food_capacity(&game.deck, farm),
                        "seed {seed} seat {s}"
                    );
                    for i in 0..farm.cells.len() {
                        if farm.cells[i].card == crate::fields_of_green::farm::CellCard::WaterTower
                        {
                            assert_eq!(
                                cached.tower_capacity(&game.deck, farm, i),
                                eval::tower_capacity(&game.deck, farm, i),
                                "seed {seed} seat {s} tower {i}"
                            );
                        }
                    }
                    // The towers' reach (kept between moves) gives the Water sources a fresh
                    // search gives, for every card and every build space.
                    let targets = farm.cells.iter().map(|c| c.pos).chain(farm.build_spaces());
                    for target in targets {
                        assert_eq!(
                            cached.water_sources(&game.deck, farm, target).as_slice(),
                            eval::water_sources(&game.deck, farm, target).as_slice(),
                            "seed {seed} seat {s} target {target}"
                        );
                    }
                }
            }
        }
    }

    /// `clone_from` (the bots' scratch game, stop 51) makes the same game as `clone`: one
    /// scratch game is copied into from positions of random games of 2 to 6 players in turn
    /// (so from fewer seats after more, and more after fewer); it then equals the position, keeps
    /// no cache of a seat the game does not have, and plays on exactly as the position does;
    /// copied again from the position after that, it is the position again.
    #[test]
    fn clone_from_makes_the_same_game_as_clone() {
        let deck = Deck::default_deck();
        let six = Options::standard(6);
        let mut scratch = Game::new(deck.clone(), six, 99).expect("setup");
        // Every seat may do in `a` what it may do in `b` (`at`: where, for the message).
        let same_actions = |a: &Game, b: &Game, at: &str| {
            for s in 0..b.players() {
                assert_eq!(a.legal_actions(s), b.legal_actions(s), "{at} seat {s}");
            }
        };
        let mut copies = 0;
        for seed in 0..10u64 {
            let players = 2 + (seed * 3 % 5) as u8;
            let options = Options::standard(players);
            let mut game = Game::new(deck.clone(), options, seed).expect("setup");
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut step = 0u32;
            while let Some((seat, action)) = sim::random_step(&game, &mut rng) {
                step += 1;
                if step.is_multiple_of(7) {
                    // Fill some caches first, so they are copied too.
                    let _ = game.legal_actions(seat);
                    scratch.clone_from(&game);
                    assert_eq!(scratch.s, game.s, "seed {seed} step {step}");
                    let n = game.players();
                    assert!((n..6).all(|k| scratch.grids[k].get().is_none()
                        && scratch.mods[k].get().is_none()
                        && scratch.reach[k].get().is_none()
                        && scratch.sheets[k].get().is_none()));
                    let mut next = game.clone();
                    next.apply(seat, &action).expect("a listed action applies");
                    scratch
                        .apply(seat, &action)
                        .expect("a listed action applies");
                    assert_eq!(scratch.s, next.s, "seed {seed} step {step}");
                    same_actions(&scratch, &next, &format!("seed {seed} step {step}"));
                    // Copied again from the same game after an action (as a bot trying one
                    // action after another does): the acting seat's changed caches are
                    // replaced, the others' kept, and it is the game again.
                    scratch.clone_from(&game);
                    assert_eq!(scratch.s, game.s, "seed {seed} step {step}");
                    same_actions(&scratch, &game, &format!("seed {seed} step {step}"));
                    for s in 0..n {
                        assert_eq!(
                            scratch.grid(s).squares(),
                            Grid::new(&game.s.players[s].farm).squares(),
                            "seed {seed} step {step} seat {s}"
                        );
                    }
                    copies += 1;
                }
                game.apply(seat, &action).expect("a listed action applies");
            }
        }
        assert!(copies > 100, "{copies} copies checked");
    }
}
