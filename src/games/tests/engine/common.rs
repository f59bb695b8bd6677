//! Shared helpers for the rules test suite (issue #2): building exact positions with
//! `Game::with_setup` (preset farms, fixed pile tops, fixed Equipment tops, a start year and phase)
//! and driving the draft to a known revealed card.
//!
//! Positions: the starting Water Tower is at (0,0) and the starting Silo at (1,0); `x` grows to the
//! right, `y` downwards. Piles are indexed Field, Livestock, Construction, Building.
#![allow(dead_code)]

use farmhand_games::fields_of_green::event::Event;
use farmhand_games::fields_of_green::farm::{Cell, CellCard};
use farmhand_games::fields_of_green::game::{PresetCell, PresetSeat, StartPhase};
use farmhand_games::fields_of_green::{
    Action, ActionError, Deck, Game, Options, Phase, Pos, Setup,
};
use smol_str::SmolStr;
use std::sync::Arc;

pub const SEED: u64 = 2024;

pub fn deck() -> Arc<Deck> {
    Deck::default_deck()
}

pub fn p(x: i8, y: i8) -> Pos {
    Pos::new(x, y)
}

pub fn s(id: &str) -> SmolStr {
    SmolStr::new(id)
}

pub fn opts(players: u8) -> Options {
    Options::standard(players)
}

/// A standard setup (no presets) for `players` players, first player seat 0, year 1 upkeep.
pub fn setup(players: u8) -> Setup {
    Setup::new(opts(players), SEED)
}

/// A location, Water Tower (`water_tower`) or Silo (`silo`) at (x, y), face up.
pub fn card(x: i8, y: i8, id: &str) -> PresetCell {
    PresetCell {
        pos: p(x, y),
        card: s(id),
        face_up: true,
        water: 0,
        equipment: vec![],
    }
}

/// A Water Tower holding `water`.
pub fn tower(x: i8, y: i8, water: u8) -> PresetCell {
    PresetCell {
        water,
        ..card(x, y, "water_tower")
    }
}

pub fn silo(x: i8, y: i8) -> PresetCell {
    card(x, y, "silo")
}

/// A face-down location: an Open Area (ruling 15).
pub fn open(x: i8, y: i8, id: &str) -> PresetCell {
    PresetCell {
        face_up: false,
        ..card(x, y, id)
    }
}

/// A card carrying Equipment tiles.
pub fn with_eq(mut c: PresetCell, tiles: &[&str]) -> PresetCell {
    c.equipment = tiles.iter().map(|t| s(t)).collect();
    c
}

/// A preset seat.
pub fn seat(coins: u32, food: u32, cells: Vec<PresetCell>) -> PresetSeat {
    PresetSeat {
        coins,
        food,
        vp_tokens: 0,
        cells,
        set_aside: vec![],
    }
}

/// A preset seat whose farm is the start's, the Water Tower on (0,0) holding `water` and the Silo
/// on (1,0), grown by `more`.
pub fn grown(coins: u32, food: u32, water: u8, more: Vec<PresetCell>) -> PresetSeat {
    let mut cells = vec![tower(0, 0, water), silo(1, 0)];
    cells.extend(more);
    seat(coins, food, cells)
}

/// A setup with presets for the first seats (the others keep the standard start).
pub fn preset_setup(players: u8, seats: Vec<PresetSeat>) -> Setup {
    let mut st = setup(players);
    st.seats = seats.into_iter().map(Some).collect();
    st
}

/// The small watered farm the harvest rulings play on: a Water Tower holding 3 at (0, 0), a Silo
/// at (1, 0), Wheat at (0, 1) and Orange Trees at (1, 1).
pub fn wheat_and_oranges(coins: u32, food: u32) -> PresetSeat {
    grown(
        coins,
        food,
        3,
        vec![card(0, 1, "wheat"), card(1, 1, "orange_trees")],
    )
}

/// The farm of the rulebook's harvest example (ruling 14; played out in `rulings_harvest.rs`,
/// planned in `planner.rs`), with 2 Food in the silo:
///
/// ```text
///  y\x   0     1     2     3
///  0     T1    WHT   APL   T2
///  1     ORA   SI    SHP   OXN
///  2     PIG   .     TRK   .
/// ```
pub fn rulebook_harvest_farm() -> PresetSeat {
    seat(
        0,
        2,
        vec![
            tower(0, 0, 3),
            card(1, 0, "wheat"),
            card(2, 0, "apple_trees"),
            tower(3, 0, 3),
            card(0, 1, "orange_trees"),
            silo(1, 1),
            card(2, 1, "sheep"),
            card(3, 1, "oxen"),
            card(0, 2, "pigs"),
            card(2, 2, "turkeys"),
        ],
    )
}

/// A game starting in the Harvest phase of `year`, seats preset as given (others standard, so they
/// finish their harvest by themselves).
pub fn harvest_game(players: u8, year: u8, seats: Vec<PresetSeat>) -> Game {
    let mut st = preset_setup(players, seats);
    st.start_year = year;
    st.start_phase = StartPhase::Harvest;
    Game::with_setup(deck(), st).expect("valid harvest setup")
}

/// Like [`harvest_game`] but also returns the start events.
pub fn harvest_start(players: u8, year: u8, seats: Vec<PresetSeat>) -> (Game, Vec<Event>) {
    let mut st = preset_setup(players, seats);
    st.start_year = year;
    st.start_phase = StartPhase::Harvest;
    Game::start(deck(), st).expect("valid harvest setup")
}

/// Applies an action that must succeed.
#[track_caller]
pub fn ok(g: &mut Game, seat: usize, a: Action) -> Vec<Event> {
    match g.apply(seat, &a) {
        Ok(ev) => ev,
        Err(e) => panic!("seat {seat}: {a:?} refused: {e:?}"),
    }
}

/// Applies an action that must be refused; checks the game did not change.
#[track_caller]
pub fn refused(g: &mut Game, seat: usize, a: Action) -> ActionError {
    let before = g.clone();
    match g.apply(seat, &a) {
        Ok(ev) => panic!("seat {seat}: {a:?} was accepted: {ev:?}"),
        Err(e) => {
            assert!(*g == before, "a refused action changed the game");
            e
        }
    }
}

/// The pile index of a location design.
pub fn pile_of(id: &str) -> usize {
    let d = deck();
    let i = d
        .location_by_id(id)
        .unwrap_or_else(|| panic!("no card {id}"));
    d.location(i).pile.index()
}

/// The split that draws exactly these cards.
pub fn split_of(cards: &[&str]) -> [u8; 4] {
    let mut split = [0u8; 4];
    for c in cards {
        split[pile_of(c)] += 1;
    }
    split
}

/// Fixes the pile tops so that the seats, drawing in turn order, get exactly these hands (one list
/// per seat in turn order; each list must be a legal 6-card split, or 5 with 6 players).
pub fn set_hands(st: &mut Setup, hands: &[&[&str]]) {
    let mut tops: [Vec<SmolStr>; 4] = Default::default();
    for hand in hands {
        for c in *hand {
            tops[pile_of(c)].push(s(c));
        }
    }
    st.piles = tops;
}

/// Draws for every seat in turn order: the given hands first (as set by [`set_hands`]), then
/// `[2, 2, 1, 1]` for the rest (or whatever is forced).
pub fn draw_all(g: &mut Game, hands: &[&[&str]]) -> Vec<Event> {
    let mut events = Vec::new();
    let order = g.turn_order();
    for (k, &seat) in order.iter().enumerate() {
        if !matches!(g.phase(), Phase::Upkeep { .. }) || g.state().players[seat].split.is_some() {
            continue;
        }
        let split = match hands.get(k) {
            Some(h) => split_of(h),
            None if g.hand_size() == 5 => [2, 1, 1, 1],
            None => [2, 2, 1, 1],
        };
        events.extend(ok(g, seat, Action::Draw { split }));
    }
    events
}

/// A game in the year-`year` Action phase, turn 1, with the given hands (in turn order; first
/// player seat 0) and presets.
pub fn action_game(players: u8, year: u8, seats: Vec<PresetSeat>, hands: &[&[&str]]) -> Game {
    let mut st = preset_setup(players, seats);
    st.start_year = year;
    set_hands(&mut st, hands);
    let mut g = Game::with_setup(deck(), st).expect("valid setup");
    draw_all(&mut g, hands);
    assert_eq!(
        g.phase(),
        &Phase::Action { turn: 1 },
        "the draft should have started"
    );
    g
}

/// The cards in a seat's hand.
pub fn hand(g: &Game, seat: usize) -> Vec<String> {
    g.player_view(seat)
        .hand
        .iter()
        .map(|c| c.to_string())
        .collect()
}

/// Every seat selects: the named card, or (None) the first card of its hand. Returns all events.
pub fn select_all(g: &mut Game, picks: &[Option<&str>]) -> Vec<Event> {
    let mut events = Vec::new();
    for seat in 0..g.players() {
        let card = match picks.get(seat).copied().flatten() {
            Some(c) => c.to_string(),
            None => hand(g, seat)[0].clone(),
        };
        events.extend(ok(g, seat, Action::Select { card: s(&card) }));
    }
    events
}

/// Every seat with a revealed card goes to the market with it (selling nothing). Returns all
/// events.
pub fn market_all(g: &mut Game) -> Vec<Event> {
    let mut events = Vec::new();
    for seat in 0..g.players() {
        if g.state().players[seat].revealed.is_some() {
            events.extend(ok(g, seat, Action::Market { food: 0 }));
        }
    }
    events
}

pub fn cell(g: &Game, seat: usize, pos: Pos) -> &Cell {
    g.state().players[seat]
        .farm
        .at(pos)
        .unwrap_or_else(|| panic!("no card at {pos:?}"))
}

pub fn water(g: &Game, seat: usize, pos: Pos) -> u8 {
    let c = cell(g, seat, pos);
    assert_eq!(c.card, CellCard::WaterTower, "not a tower at {pos:?}");
    c.water
}

pub fn coins(g: &Game, seat: usize) -> u32 {
    g.state().players[seat].coins
}

pub fn food(g: &Game, seat: usize) -> u32 {
    g.state().players[seat].food
}

pub fn build(x: i8, y: i8) -> Action {
    Action::Build {
        pos: p(x, y),
        water: vec![],
        extra: 0,
        equipment: vec![],
    }
}

/// The draw of ruling 4: `split[k]` cards from pile k.
pub fn draw(split: [u8; 4]) -> Action {
    Action::Draw { split }
}

/// The event of `seat` drawing `split` (ruling 4).
pub fn drew(seat: usize, split: [u8; 4]) -> Event {
    Event::Drew { seat, split }
}

/// Action B, a Water Tower on (x, y), placing the set-aside `tiles` on it (ruling 17).
pub fn tower_with(x: i8, y: i8, tiles: &[&str]) -> Action {
    Action::WaterTower {
        pos: p(x, y),
        equipment: tiles.iter().map(|t| s(t)).collect(),
    }
}

/// Whether `seat` is offered an action that `is` picks out (ruling 8: an action that cannot be
/// paid or has no legal target is not offered).
pub fn offers(g: &Game, seat: usize, is: impl Fn(&Action) -> bool) -> bool {
    g.legal_actions(seat).iter().any(is)
}

/// Action C, a Silo on (x, y), placing the set-aside `tiles` on it (ruling 17).
pub fn silo_with(x: i8, y: i8, tiles: &[&str]) -> Action {
    Action::Silo {
        pos: p(x, y),
        equipment: tiles.iter().map(|t| s(t)).collect(),
    }
}

/// The event of `seat` placing Equipment `tile` on the card at (x, y).
pub fn placed(seat: usize, tile: &str, x: i8, y: i8) -> Event {
    Event::EquipmentPlaced {
        seat,
        tile: s(tile),
        pos: p(x, y),
    }
}

pub fn harvest(x: i8, y: i8) -> Action {
    harvest_paid(x, y, &[], 0)
}

/// Harvesting (x, y) with Water named from the towers at `water` (ruling 14) and `extra` repeats.
pub fn harvest_paid(x: i8, y: i8, water: &[(i8, i8)], extra: u8) -> Action {
    Action::Harvest {
        pos: p(x, y),
        water: water.iter().map(|&(x, y)| p(x, y)).collect(),
        extra,
    }
}

pub fn tile_ids(g: &Game, tiles: &[u16]) -> Vec<String> {
    tiles
        .iter()
        .map(|&e| g.deck().equip(e).id.clone())
        .collect()
}

/// The Equipment stack, top first, as ids.
pub fn stack(g: &Game) -> Vec<String> {
    tile_ids(g, &g.state().equipment.iter().copied().collect::<Vec<_>>())
}

/// A preset seat holding a long row of cards (to drain piles or the supply): a Water Tower at
/// (0, row) followed by `cards` to the right, connected through column 0.
pub fn row_cells(row: i8, cards: &[&str]) -> Vec<PresetCell> {
    cards
        .iter()
        .enumerate()
        .map(|(i, c)| card(i as i8, row, c))
        .collect()
}

/// Every copy of every design of a pile (to empty it through a preset farm).
pub fn all_of_pile(pile: usize) -> Vec<String> {
    let d = deck();
    let mut out = Vec::new();
    for def in &d.locations {
        if def.pile.index() == pile {
            for _ in 0..def.copies {
                out.push(def.id.clone());
            }
        }
    }
    out
}

/// Runs `f` on each of `items` on every core, and returns the results in the items' order. The
/// twin-world tests play a dozen or more independent games of several seconds each: one after
/// the other in one test they were the engine suite's long tail (144 s of a 382 s run under
/// load), while the other tests had finished and a core stood idle.
pub fn on_every_core<I: Copy + Send + Sync, T: Send>(
    items: &[I],
    f: impl Fn(usize, I) -> T + Sync,
) -> Vec<T> {
    let workers = std::thread::available_parallelism()
        .map_or(2, |n| n.get())
        .min(items.len().max(1));
    let next = std::sync::atomic::AtomicUsize::new(0);
    let mut done: Vec<(usize, T)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..workers)
            .map(|_| {
                scope.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let k = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(&item) = items.get(k) else {
                            return mine;
                        };
                        mine.push((k, f(k, item)));
                    }
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
            .collect()
    });
    done.sort_by_key(|(k, _)| *k);
    done.into_iter().map(|(_, t)| t).collect()
}

/// The event of an ability that gave `seat` only Food at `pos`, `food_lost` of it not fitting
/// in the Silos.
pub fn food_gained(seat: usize, pos: Pos, food: u32, food_lost: u32) -> Event {
    Event::Gained {
        seat,
        pos,
        gained: farmhand_games::fields_of_green::event::Delta {
            food,
            ..Default::default()
        },
        food_lost,
    }
}

// ------------------------------------------------------------ candidates of the listing sweeps
// `fog_legal_property` and `playouts` both try a family of actions wider than `legal_actions`
// and check that exactly the listed ones are accepted; these are the parts of the family they
// share.

/// Which seats' hands `viewer` (None: the public) knows, as its view says (ruling 7: a hand seen
/// earlier in the year).
pub fn known_hands(g: &Game, viewer: Option<usize>) -> Vec<bool> {
    match viewer {
        Some(v) => g
            .player_view(v)
            .known_hands
            .iter()
            .map(Option::is_some)
            .collect(),
        None => vec![false; g.players()],
    }
}

/// Whether `a` re-selects the design `seat` already selected while another copy is in hand: a
/// no-op that `apply` accepts and the listing leaves out, so the sweeps count it as listed.
pub fn reselection_no_op(game: &Game, seat: usize, a: &Action) -> bool {
    if let Action::Select { card } = a
        && let Some(d) = game.deck().location_by_id(card)
    {
        let p = &game.state().players[seat];
        let drafting = matches!(*game.phase(), Phase::Action { .. });
        return drafting && p.offer.is_empty() && p.selected == Some(d) && p.hand.contains(&d);
    }
    false
}

/// Select and Pick of every Location in the deck.
pub fn card_candidates(deck: &Deck) -> Vec<Action> {
    deck.locations
        .iter()
        .flat_map(|def| {
            [
                Action::Select { card: s(&def.id) },
                Action::Pick { card: s(&def.id) },
            ]
        })
        .collect()
}

/// Every split of a draw of `hand_size` cards or fewer over the four piles (ruling 4).
pub fn split_candidates(hand_size: u8) -> Vec<Action> {
    let hs = hand_size;
    let mut all = Vec::new();
    for a in 0..=hs {
        for b in 0..=hs - a {
            for c in 0..=hs - a - b {
                for d in 0..=hs - a - b - c {
                    all.push(draw([a, b, c, d]));
                }
            }
        }
    }
    all
}

/// Actions B and C (a Water Tower, a Silo) on `pos`, placing the set-aside `tiles` (ruling 17).
pub fn tower_and_silo(pos: Pos, tiles: &[SmolStr]) -> [Action; 2] {
    [
        Action::WaterTower {
            pos,
            equipment: tiles.to_vec(),
        },
        Action::Silo {
            pos,
            equipment: tiles.to_vec(),
        },
    ]
}

/// Every Market sale of 0-3 Food and every Equipment tile of the deck kept (ruling 17), set
/// aside or placed on each of `places`.
pub fn market_and_equipment_candidates(deck: &Deck, places: &[Pos]) -> Vec<Action> {
    let mut all: Vec<Action> = (0..=3).map(|food| Action::Market { food }).collect();
    for e in &deck.equipment {
        all.push(Action::Equipment {
            keep: s(&e.id),
            place: None,
        });
        all.extend(places.iter().map(|&pos| Action::Equipment {
            keep: s(&e.id),
            place: Some(pos),
        }));
    }
    all
}
