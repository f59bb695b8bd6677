//! Key Harvest scenarios: a setup (players, seed, optional board file) and a list of decisions,
//! replayed to a JSON report. A public format (bug reports, tests, saved games), documented in
//! `tests/scenarios/README.md` with examples in `tests/scenarios/key_harvest/`.

use super::action::Action;
use super::board::{ALL_SPACES, Board, Space, bit};
use super::event::Event;
use super::game::{
    BagTile, COUNTERS_PER_CROP, EVENT_SPACES, Game, Options, Phase, REGISTRY_SIZE, STORE_SIZE,
    SetupError, StoreTile, Turn,
};
use super::pieces::{Counters, EventTile, Seat, Worker};
use super::view::PublicView;
use serde::{Deserialize, Deserializer, Serialize};
use std::cell::RefCell;
use std::collections::VecDeque;
use std::sync::Arc;

/// A scenario file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// 2-4.
    pub players: u8,
    /// The game's one seed (KH setup draws and every draw from the bag).
    pub seed: u64,
    /// Optional path of a board file, relative to the scenario (read by the CLI; the standard
    /// board otherwise).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<String>,
    /// The players' names by seat, for people reading an exported game (`/kh export`); the
    /// replay ignores them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub names: Vec<String>,
    /// Where the game starts instead of the seed's setup: a reported situation, replayed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<Position>,
    #[serde(default)]
    pub actions: Vec<SeatAction>,
}

/// One decision of one seat, in order: `{"seat": 1, "action": {"type": "end_turn"}}`. Spaces
/// and tiles are read as references (`"C4"`) or as numbers (19).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatAction {
    pub seat: Seat,
    #[serde(deserialize_with = "action_by_reference")]
    pub action: Action,
}

thread_local! {
    /// The board whose references a scenario being read uses; the standard board when unset.
    static READING_BOARD: RefCell<Option<Arc<Board>>> = const { RefCell::new(None) };
}

/// Runs `read` (deserializing a [`Scenario`]) with `board`'s references (`C4`): a board file
/// may name its rows and columns otherwise than the standard board.
pub fn with_board<R>(board: &Arc<Board>, read: impl FnOnce() -> R) -> R {
    let before = READING_BOARD.with(|b| b.replace(Some(board.clone())));
    let out = read();
    READING_BOARD.with(|b| *b.borrow_mut() = before);
    out
}

fn reading_board() -> Arc<Board> {
    READING_BOARD
        .with(|b| b.borrow().clone())
        .unwrap_or_else(Board::standard)
}

/// A space from a reference (`"C4"`, any case) or a number 0-55.
fn space_of(board: &Board, v: &serde_json::Value) -> Result<Space, String> {
    match v {
        serde_json::Value::String(r) => board.parse_reference(r).ok_or_else(|| {
            format!(
                "`{r}` is not a space (A1 to {})",
                board.reference((Board::SPACES - 1) as Space)
            )
        }),
        serde_json::Value::Number(n) => match n.as_u64() {
            Some(k) if k < Board::SPACES as u64 => Ok(k as Space),
            _ => Err(format!("{n} is not a space (0 to {})", Board::SPACES - 1)),
        },
        other => Err(format!(
            "{other} is not a space (a reference such as \"C4\", or 0-55)"
        )),
    }
}

/// The fields of an action that name spaces or field tiles.
const SPACE_FIELDS: [&str; 11] = [
    "tile",
    "tiles",
    "space",
    "from",
    "to",
    "give",
    "take",
    "pass",
    "fallow",
    "worker_at",
    "registry",
];

/// An action whose spaces may be references: they become numbers, then the action is read as
/// usual (a misspelt field or a wrong type is still an error).
fn action_by_reference<'de, D: Deserializer<'de>>(d: D) -> Result<Action, D::Error> {
    use serde::de::Error;
    let mut v = serde_json::Value::deserialize(d)?;
    let board = reading_board();
    if let Some(fields) = v.as_object_mut() {
        for (key, value) in fields.iter_mut() {
            if !SPACE_FIELDS.contains(&key.as_str()) {
                continue;
            }
            let one = |x: &serde_json::Value| {
                space_of(&board, x)
                    .map(serde_json::Value::from)
                    .map_err(|e| D::Error::custom(format!("{key}: {e}")))
            };
            match value {
                serde_json::Value::Array(items) => {
                    for x in items.iter_mut() {
                        *x = one(x)?;
                    }
                }
                serde_json::Value::Null => {}
                x => *x = one(x)?,
            }
        }
    }
    Action::deserialize(v).map_err(D::Error::custom)
}

/// A space or field tile in a position: a reference (`"C4"`) or a number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct SpaceRef(pub Space);

impl<'de> Deserialize<'de> for SpaceRef {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = serde_json::Value::deserialize(d)?;
        space_of(&reading_board(), &v)
            .map(SpaceRef)
            .map_err(serde::de::Error::custom)
    }
}

/// An event tile by its letter (`"V"`) or name (`"remote harvest"`, `"remote_harvest"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct EventRef(pub EventTile);

impl<'de> Deserialize<'de> for EventRef {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        EventTile::parse(&s).map(EventRef).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "`{s}` is not an event (a letter M-Z, or a name such as \"remote harvest\")"
            ))
        })
    }
}

/// A worker by its name (`"apprentice"`, `"casual worker"`) or letter (`"A"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct WorkerRef(pub Worker);

impl<'de> Deserialize<'de> for WorkerRef {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        Worker::parse(&s).map(WorkerRef).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "`{s}` is not a worker (a letter A-L, or a name such as \"apprentice\")"
            ))
        })
    }
}

/// A tile of the bag's fixed order: a field tile (`"C4"`, or a number) or an event tile (its
/// letter M-Z or name).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct BagRef(pub BagTile);

impl<'de> Deserialize<'de> for BagRef {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = serde_json::Value::deserialize(d)?;
        if let Some(e) = v.as_str().and_then(EventTile::parse) {
            return Ok(BagRef(BagTile::Event(e)));
        }
        space_of(&reading_board(), &v)
            .map(|t| BagRef(BagTile::Field(t)))
            .map_err(|e| serde::de::Error::custom(format!("{e}, nor an event (M-Z)")))
    }
}

/// Where a scenario starts: the seats' boards, supplies and stores, the registry, the fallow
/// area, the stock, the town board's events and the bag's next draws. What is not given is
/// empty (or, for the stock, every counter no one holds); every field tile not placed is in the
/// bag, every farmhand not on a board beside its owner's board, every townsfolk not on a board
/// on the town board, and every event not on the town board and not removed in the bag. The
/// game starts at the beginning of `active`'s turn. Checked like play: a position the rules
/// cannot reach (a tile in two places, workers side by side, counters not 12 of each crop) is
/// refused with the field at fault.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Position {
    /// One entry per seat, seat 0 first.
    pub seats: Vec<SeatPosition>,
    /// The seat whose turn begins.
    #[serde(default)]
    pub active: Seat,
    /// The start player (KH 9); `active` when not given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start_player: Option<Seat>,
    /// The turn's number, for the messages; 1 when not given.
    #[serde(default = "first_turn")]
    pub turn: u32,
    /// At most 6 field tiles.
    #[serde(default)]
    pub registry: Vec<SpaceRef>,
    #[serde(default)]
    pub fallow: Vec<SpaceRef>,
    /// Counters in the stock (hops, vegetables, cider apples, wine, wheat); by default every
    /// counter not in a supply or a bid.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stock: Option<Counters>,
    /// The town board's events, space 1 first: at most 9 (the tenth ends the game, KH 62).
    #[serde(default)]
    pub events: Vec<EventRef>,
    /// Events removed unseen at setup (KH 13).
    #[serde(default)]
    pub removed_events: Vec<EventRef>,
    /// The next draws from the bag, first drawn first; later draws are at random (from the
    /// seed).
    #[serde(default)]
    pub bag: Vec<BagRef>,
}

fn first_turn() -> u32 {
    1
}

/// One seat of a [`Position`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatPosition {
    /// Field tiles on the seat's country board.
    #[serde(default)]
    pub fields: Vec<SpaceRef>,
    /// The harvested ones among them.
    #[serde(default)]
    pub harvested: Vec<SpaceRef>,
    #[serde(default)]
    pub workers: Vec<WorkerAt>,
    /// The supply (hops, vegetables, cider apples, wine, wheat).
    #[serde(default)]
    pub supply: Counters,
    /// At most 2 tiles, each with its bid.
    #[serde(default)]
    pub store: Vec<StoreAt>,
}

/// A worker tile on a country board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WorkerAt {
    pub worker: WorkerRef,
    pub space: SpaceRef,
}

/// A field tile in a store, with its bid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StoreAt {
    pub tile: SpaceRef,
    pub bid: Counters,
}

/// Why a scenario could not start.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StartError {
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// A position the rules cannot reach; the text names the field at fault.
    #[error("{0}")]
    Position(String),
}

/// `game` (just set up from the seed) moved to `p`; the seed still drives later draws. The
/// error names the field at fault (`position.seats[1].fields[0]: ...`).
fn start_from(game: &mut Game, p: &Position) -> Result<(), String> {
    place(game, p).map_err(|e| format!("position.{e}"))?;
    // What the per-field checks do not see (a worker under a field tile, workers side by side,
    // a seat with no choice): the rules' own bookkeeping, as for a stored game.
    game.check_invariants()
        .map_err(|e| format!("position: {e}"))
}

fn place(game: &mut Game, p: &Position) -> Result<(), String> {
    let n = game.players();
    let board = game.board().clone();
    let r = |t: Space| board.reference(t);
    if p.seats.len() != usize::from(n) {
        return Err(format!(
            "seats: {} entries for {n} players; one per seat",
            p.seats.len()
        ));
    }
    if p.active >= n {
        return Err(format!(
            "active: there is no seat {} (0 to {})",
            p.active,
            n - 1
        ));
    }
    let start_player = p.start_player.unwrap_or(p.active);
    if start_player >= n {
        return Err(format!(
            "start_player: there is no seat {start_player} (0 to {})",
            n - 1
        ));
    }
    // Every field tile in one place (KH 4), said with both places' fields.
    let mut placed: Vec<Option<String>> = vec![None; Board::SPACES];
    let mut put = |t: Space, at: String| -> Result<(), String> {
        if let Some(before) = &placed[usize::from(t)] {
            return Err(format!("{at}: {} is also in {before}", r(t)));
        }
        placed[usize::from(t)] = Some(at);
        Ok(())
    };
    let mut registry = 0;
    for (k, t) in p.registry.iter().enumerate() {
        put(t.0, format!("registry[{k}]"))?;
        registry |= bit(t.0);
    }
    if p.registry.len() > REGISTRY_SIZE as usize {
        return Err(format!(
            "registry: {} tiles; it holds at most {REGISTRY_SIZE}",
            p.registry.len()
        ));
    }
    let mut fallow = 0;
    for (k, t) in p.fallow.iter().enumerate() {
        put(t.0, format!("fallow[{k}]"))?;
        fallow |= bit(t.0);
    }
    let mut held = Counters::ZERO;
    let mut on_boards: Vec<Worker> = Vec::new();
    for (i, sp) in p.seats.iter().enumerate() {
        let at = format!("seats[{i}]");
        let mut fields = 0;
        for (k, t) in sp.fields.iter().enumerate() {
            put(t.0, format!("{at}.fields[{k}]"))?;
            fields |= bit(t.0);
        }
        let mut harvested = 0;
        for (k, t) in sp.harvested.iter().enumerate() {
            if fields & bit(t.0) == 0 {
                return Err(format!(
                    "{at}.harvested[{k}]: {} is not among the seat's fields",
                    r(t.0)
                ));
            }
            harvested |= bit(t.0);
        }
        if sp.store.len() > STORE_SIZE {
            return Err(format!(
                "{at}.store: {} tiles; a store holds at most {STORE_SIZE}",
                sp.store.len()
            ));
        }
        let mut store = Vec::new();
        for (k, st) in sp.store.iter().enumerate() {
            put(st.tile.0, format!("{at}.store[{k}]"))?;
            if st.bid.is_empty() {
                return Err(format!("{at}.store[{k}].bid: a bid is at least 1 counter"));
            }
            held.add(&st.bid);
            store.push(StoreTile {
                tile: st.tile.0,
                bid: st.bid,
            });
        }
        held.add(&sp.supply);
        let mut workers = Vec::new();
        let mut unplayed = 0b11_1111u8;
        for (k, w) in sp.workers.iter().enumerate() {
            let worker = w.worker.0;
            // Each seat has its own six farmhands; the six townsfolk are shared (KH 7).
            if worker.is_townsfolk() {
                if on_boards.contains(&worker) {
                    return Err(format!(
                        "{at}.workers[{k}]: the {} is on a board already",
                        worker.name()
                    ));
                }
                on_boards.push(worker);
            } else {
                unplayed &= !(1 << worker.index());
            }
            workers.push((w.space.0, worker));
        }
        let ps = &mut game.s.players[i];
        ps.fields = fields;
        ps.harvested = harvested;
        ps.workers = workers;
        ps.unplayed = unplayed;
        ps.supply = sp.supply;
        // Everything in a position is known to whoever reads the file (KH 70).
        ps.hidden = Counters::ZERO;
        ps.store = store;
    }
    // A farmhand twice on one board.
    for (i, sp) in p.seats.iter().enumerate() {
        for (k, w) in sp.workers.iter().enumerate() {
            if sp.workers[..k].iter().any(|x| x.worker == w.worker) {
                return Err(format!(
                    "seats[{i}].workers[{k}]: the {} is on the board twice",
                    w.worker.0.name()
                ));
            }
        }
    }
    let mut town = 0b11_1111u8;
    for w in &on_boards {
        town &= !(1 << (w.index() - 6));
    }
    let stock = match p.stock {
        Some(stock) => {
            let mut total = stock;
            total.add(&held);
            if total != Counters([COUNTERS_PER_CROP; 5]) {
                return Err(format!(
                    "stock: with the supplies and bids, the counters are {:?}; there are {COUNTERS_PER_CROP} of each crop (hops, vegetables, cider apples, wine, wheat)",
                    total.0
                ));
            }
            stock
        }
        None => {
            let mut stock = Counters([COUNTERS_PER_CROP; 5]);
            for c in 0..5 {
                if held.0[c] > COUNTERS_PER_CROP {
                    return Err(format!(
                        "seats: the supplies and bids hold {} counters of one crop ({:?}); there are {COUNTERS_PER_CROP} of each",
                        held.0[c], held.0
                    ));
                }
                stock.0[c] -= held.0[c];
            }
            stock
        }
    };
    // Events.
    if p.events.len() >= EVENT_SPACES {
        return Err(format!(
            "events: {} on the town board; at most {} (the tenth ends the game, KH 62)",
            p.events.len(),
            EVENT_SPACES - 1
        ));
    }
    let mut seen: u16 = 0;
    for (what, list) in [("events", &p.events), ("removed_events", &p.removed_events)] {
        for (k, e) in list.iter().enumerate() {
            if seen & e.0.bit() != 0 {
                return Err(format!(
                    "{what}[{k}]: event {} ({}) is listed twice",
                    e.0.letter(),
                    e.0.name()
                ));
            }
            seen |= e.0.bit();
        }
    }
    let all_events: u16 = (1 << EventTile::ALL.len()) - 1;
    let mut fields_placed = 0;
    for (t, at) in placed.iter().enumerate() {
        if at.is_some() {
            fields_placed |= bit(t as Space);
        }
    }
    let bag_fields = ALL_SPACES & !fields_placed;
    let bag_events = all_events & !seen;
    for (k, b) in p.bag.iter().enumerate() {
        match b.0 {
            BagTile::Field(t) => {
                if let Some(at) = &placed[usize::from(t)] {
                    return Err(format!("bag[{k}]: {} is not in the bag but in {at}", r(t)));
                }
            }
            BagTile::Event(e) => {
                if bag_events & e.bit() == 0 {
                    return Err(format!(
                        "bag[{k}]: event {} ({}) is not in the bag",
                        e.letter(),
                        e.name()
                    ));
                }
            }
        }
        if p.bag[..k].contains(b) {
            return Err(format!("bag[{k}]: listed twice"));
        }
    }
    let s = &mut game.s;
    s.stock = stock;
    s.bag_fields = bag_fields;
    s.bag_events = bag_events;
    s.registry = registry;
    s.fallow = fallow;
    s.town = town;
    s.track = p.events.iter().map(|e| e.0).collect();
    s.removed_events = p.removed_events.iter().fold(0, |m, e| m | e.0.bit());
    // A position says where each event is now, not which were seen going back into the bag.
    s.returned_events = 0;
    s.ignored_events = 0;
    s.waiting = VecDeque::new();
    s.stack = Vec::new();
    s.phase = Phase::Playing;
    s.turn = Turn {
        active: p.active,
        number: p.turn.max(1),
        done: 0,
        last: None,
    };
    s.start_player = start_player;
    s.end_triggered = false;
    s.final_turns = None;
    s.idle_turns = 0;
    s.pad = None;
    s.bag_order = p.bag.iter().map(|b| b.0).collect();
    Ok(())
}

/// The events one accepted decision caused.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Step {
    pub index: usize,
    pub seat: Seat,
    pub events: Vec<Event>,
}

/// A decision the engine refused; the game is unchanged by it and the replay goes on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rejected {
    pub index: usize,
    pub seat: Seat,
    pub kind: String,
    pub error: String,
}

/// What a replay produced.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Report {
    /// The setup events (all public ones; starting counters of 3-4 players included, since a
    /// replay is read by whoever holds the whole file).
    pub setup: Vec<Event>,
    pub steps: Vec<Step>,
    pub rejected: Vec<Rejected>,
    /// Who must decide next, and what (absent once the game is over).
    pub ended: bool,
    pub view: PublicView,
}

/// Plays a scenario on `board`.
pub fn replay(board: Arc<Board>, scenario: &Scenario) -> Result<(Game, Report), StartError> {
    let (mut game, mut setup) = Game::new(
        board,
        &Options {
            players: scenario.players,
        },
        scenario.seed,
    )?;
    if let Some(p) = &scenario.position {
        start_from(&mut game, p).map_err(StartError::Position)?;
        // The seed's setup is replaced by the position.
        setup.clear();
    }
    let mut steps = Vec::new();
    let mut rejected = Vec::new();
    for (index, sa) in scenario.actions.iter().enumerate() {
        match game.apply(sa.seat, &sa.action) {
            Ok(events) => steps.push(Step {
                index,
                seat: sa.seat,
                events,
            }),
            Err(e) => rejected.push(Rejected {
                index,
                seat: sa.seat,
                kind: sa.action.kind().to_string(),
                error: e.to_string(),
            }),
        }
    }
    let report = Report {
        setup,
        steps,
        rejected,
        ended: game.is_over(),
        view: game.public_view(),
    };
    Ok((game, report))
}
