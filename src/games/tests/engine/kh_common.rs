//! Shared helpers for the Key Harvest ruling tests (src/games/key_harvest/RULES.md, cited "KH n"): a clean
//! table, exact positions edited through snapshots, and checks that a refused action leaves the
//! game unchanged.
#![allow(dead_code)]

use farmhand_games::key_harvest::game::{State, StoreTile};
use farmhand_games::key_harvest::{
    Action, ActionError, Board, Counters, Crop, Event, EventTile, Game, Options, Prompt, Seat,
    Space, Worker,
};

pub fn board() -> std::sync::Arc<Board> {
    Board::standard()
}

/// A space by its reference.
pub fn sp(r: &str) -> Space {
    board().parse_reference(r).expect("a reference")
}

pub fn bit(s: Space) -> u64 {
    1u64 << s
}

pub fn mask(tiles: &[Space]) -> u64 {
    tiles.iter().fold(0, |m, &t| m | bit(t))
}

/// The neighbours of a space, in reference order.
pub fn nbrs(s: Space) -> Vec<Space> {
    let m = board().neighbours(s);
    (0..56).filter(|&t| m & bit(t) != 0).collect()
}

pub fn crop(s: Space) -> Crop {
    board().crop(s)
}

pub fn one(c: Crop) -> Counters {
    Counters::one(c)
}

pub fn of(crops: &[Crop]) -> Counters {
    Counters::of(crops)
}

/// `n` counters of one crop.
pub fn many(c: Crop, n: u8) -> Counters {
    let mut k = Counters::ZERO;
    k.0[c.index()] = n;
    k
}

/// A fresh game, the start player chosen: seat 0 is active on turn 1.
pub fn fresh(players: u8, seed: u64) -> Game {
    let (mut g, _) = Game::new(board(), &Options { players }, seed).expect("setup");
    let (chooser, p) = g.prompt().expect("prompt");
    assert_eq!(p, Prompt::StartPlayer);
    g.apply(chooser, &Action::ChooseStartPlayer { seat: 0 })
        .expect("start player");
    g
}

/// A clean table: seat 0 active, every board and supply empty (start tiles back in the bag,
/// counters back in the stock), the registry as dealt, all events in the bag.
pub fn table(players: u8) -> Game {
    table_seeded(players, 7)
}

/// Asserts the public view lists as returned to the bag exactly `expect` (in any order, each
/// once): events everyone saw go back.
pub fn assert_returned(g: &Game, mut expect: Vec<EventTile>) {
    expect.sort_unstable();
    expect.dedup();
    let mut returned = g.public_view().returned;
    returned.sort_unstable();
    assert_eq!(returned, expect);
}

/// Loads an edited snapshot (every invariant is checked).
pub fn edit(g: &Game, f: impl FnOnce(&mut State)) -> Game {
    let mut snap = g.snapshot();
    f(&mut snap.state);
    Game::from_snapshot(snap).expect("a legal position")
}

/// Takes a field tile from wherever it is (a store's bid goes back to the stock).
pub fn take_tile(s: &mut State, t: Space) {
    let b = bit(t);
    s.bag_fields &= !b;
    s.registry &= !b;
    s.fallow &= !b;
    for p in &mut s.players {
        p.fields &= !b;
        p.harvested &= !b;
        if let Some(i) = p.store.iter().position(|x| x.tile == t) {
            let st = p.store.remove(i);
            s.stock.add(&st.bid);
        }
    }
}

/// Puts field tiles on a seat's board (unharvested).
pub fn fields(s: &mut State, seat: Seat, tiles: &[Space]) {
    for &t in tiles {
        take_tile(s, t);
        s.players[seat as usize].fields |= bit(t);
    }
}

/// Marks tiles of a board harvested.
pub fn harvested(s: &mut State, seat: Seat, tiles: &[Space]) {
    for &t in tiles {
        assert!(s.players[seat as usize].fields & bit(t) != 0);
        s.players[seat as usize].harvested |= bit(t);
    }
}

/// Counters from the stock into a supply.
pub fn supply(s: &mut State, seat: Seat, c: Counters) {
    s.stock.sub(&c);
    s.players[seat as usize].supply.add(&c);
}

/// A worker onto a board (from beside the board or the town board).
pub fn worker(s: &mut State, seat: Seat, w: Worker, at: Space) {
    if w.is_townsfolk() {
        let b = 1u8 << (w.index() - 6);
        assert!(s.town & b != 0);
        s.town &= !b;
    } else {
        let b = 1u8 << w.index();
        assert!(s.players[seat as usize].unplayed & b != 0);
        s.players[seat as usize].unplayed &= !b;
    }
    s.players[seat as usize].workers.push((at, w));
}

/// A tile into a seat's store with a bid from the stock.
pub fn store(s: &mut State, seat: Seat, t: Space, bid: Counters) {
    take_tile(s, t);
    s.stock.sub(&bid);
    s.players[seat as usize]
        .store
        .push(StoreTile { tile: t, bid });
}

/// The registry holds exactly these tiles (the others go back into the bag).
pub fn registry(s: &mut State, tiles: &[Space]) {
    s.bag_fields |= s.registry;
    s.registry = 0;
    for &t in tiles {
        take_tile(s, t);
        s.registry |= bit(t);
    }
}

/// The bag holds exactly these field tiles and events: other bag tiles go to the fallow area,
/// other bag events are removed (out of play, like KH 13's).
pub fn bag(s: &mut State, tiles: &[Space], events: &[EventTile]) {
    for &t in tiles {
        take_tile(s, t);
    }
    s.fallow |= s.bag_fields;
    s.bag_fields = mask(tiles);
    let want = events.iter().fold(0u16, |m, e| m | e.bit());
    for e in EventTile::ALL {
        if s.bag_events & e.bit() != 0 && want & e.bit() == 0 {
            s.bag_events &= !e.bit();
            s.removed_events |= e.bit();
        }
    }
    for e in events {
        assert!(
            s.bag_events & e.bit() != 0,
            "{e:?} must be in the bag to keep it there"
        );
    }
}

/// Events onto the town board (taken from the bag or the removed ones).
pub fn track(s: &mut State, events: &[EventTile]) {
    for &e in events {
        assert!(s.bag_events & e.bit() != 0 || s.removed_events & e.bit() != 0);
        s.bag_events &= !e.bit();
        s.removed_events &= !e.bit();
        s.track.push(e);
    }
}

/// The first `n` events of [`EventTile::ALL`] not in `except`.
pub fn other_events(n: usize, except: &[EventTile]) -> Vec<EventTile> {
    EventTile::ALL
        .into_iter()
        .filter(|e| !except.contains(e))
        .take(n)
        .collect()
}

/// Action (a), harvesting `tiles` with no substitutes: the form nearly every ruling test plays.
pub fn harvest(tiles: &[Space]) -> Action {
    Action::Harvest {
        tiles: tiles.to_vec(),
        instead: vec![],
    }
}

/// Action (d): the registry tile `tile` for `bid`.
pub fn take(tile: Space, bid: Counters) -> Action {
    Action::TakeFromRegistry { tile, bid }
}

/// Action (c): `owner`'s store tile `tile` at its asking bid.
pub fn buy(owner: Seat, tile: Space) -> Action {
    Action::BuyFromStore { owner, tile }
}

/// Action (b): `worker` onto `space`.
pub fn play(worker: Worker, space: Space) -> Action {
    Action::PlayWorker { worker, space }
}

/// Checks that `ev` ends `seat`'s turn after `actions` actions and that `next` is asked for a
/// turn now (KH 16: the turn ends by itself once nothing more is possible).
#[track_caller]
pub fn assert_turn_passed(g: &Game, ev: &[Event], seat: Seat, actions: u8, next: Seat) {
    assert!(
        ev.contains(&Event::TurnEnded { seat, actions }),
        "seat {seat}'s turn should end after {actions} actions: {ev:?}"
    );
    assert_eq!(prompt(g), (next, Prompt::Turn));
}

/// Checks that the game asks for `worker`'s ability at `at` (`copied`: through the lawyer).
#[track_caller]
pub fn assert_ability(g: &Game, worker: Worker, at: Space, copied: bool) {
    assert_eq!(prompt(g).1, Prompt::Ability { worker, at, copied });
}

/// Applies an accepted action.
#[track_caller]
pub fn ok(g: &mut Game, seat: Seat, a: Action) -> Vec<Event> {
    match g.apply(seat, &a) {
        Ok(ev) => ev,
        Err(e) => panic!(
            "{a:?} by seat {seat} refused: {e}\nprompt: {:?}",
            g.prompt()
        ),
    }
}

/// Applies a refused action: returns the error and checks the game did not change at all.
#[track_caller]
pub fn refused(g: &mut Game, seat: Seat, a: Action) -> ActionError {
    let before = g.snapshot();
    let e = g
        .apply(seat, &a)
        .expect_err(&format!("{a:?} by seat {seat} should be refused"));
    assert_eq!(g.snapshot(), before, "a refused action changed the game");
    e
}

pub fn prompt(g: &Game) -> (Seat, Prompt) {
    g.prompt().expect("a decision")
}

pub fn st(g: &Game) -> &State {
    g.state()
}

pub fn fields_of(g: &Game, seat: Seat) -> u64 {
    g.state().players[seat as usize].fields
}

pub fn supply_of(g: &Game, seat: Seat) -> Counters {
    g.state().players[seat as usize].supply
}

pub fn worker_on(g: &Game, seat: Seat, at: Space) -> Option<Worker> {
    g.state().players[seat as usize].worker_at(at)
}

/// Counters in a `Counters` value minus another (both known to fit).
pub fn minus(a: Counters, b: Counters) -> Counters {
    let mut c = a;
    c.sub(&b);
    c
}

pub fn plus(a: Counters, b: Counters) -> Counters {
    let mut c = a;
    c.add(&b);
    c
}

/// A clean table like [`table`], from another seed (another random stream).
pub fn table_seeded(players: u8, seed: u64) -> Game {
    let g = fresh(players, seed);
    edit(&g, |s| {
        for p in &mut s.players {
            s.bag_fields |= p.fields;
            p.fields = 0;
            p.harvested = 0;
            s.stock.add(&p.supply);
            p.supply = Counters::ZERO;
            p.hidden = Counters::ZERO;
        }
        s.bag_events |= s.removed_events;
        s.removed_events = 0;
    })
}

/// Starts event `e` drawn by `drawer` on the position `f` makes: the event goes on the town
/// board and is resolved as soon as the game advances (a declined labourer of seat 0 stands in
/// for whatever drew it). Returns the game at the event's first decision.
pub fn start_event(
    g: &Game,
    e: EventTile,
    drawer: Seat,
    f: impl FnOnce(&mut State),
) -> (Game, Vec<Event>) {
    use farmhand_games::key_harvest::game::Frame;
    let mut g = edit(g, |s| {
        f(s);
        track(s, &[e]);
        s.stack.push(Frame::new_event(e, drawer));
        s.stack.push(Frame::Ability {
            seat: s.turn.active,
            worker: Worker::Labourer,
            at: 0,
            copied: false,
        });
    });
    let seat = s_active(&g);
    let ev = ok(&mut g, seat, Action::Decline);
    (g, ev)
}

fn s_active(g: &Game) -> Seat {
    g.state().turn.active
}

/// The event prompt now: (seat, event).
pub fn event_prompt(g: &Game) -> Option<(Seat, EventTile)> {
    match g.prompt()? {
        (seat, Prompt::Event { event, .. }) => Some((seat, event)),
        _ => None,
    }
}
