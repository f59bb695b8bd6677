//! Creating a game (ruling 1, 2), optionally from a preset position for scenarios and tests, and
//! the invariant check used on every snapshot load.

use super::{Events, Game, Options, Phase, PlayerState, START, State, flow, hand_size};
use crate::fields_of_green::cards::{Deck, DesignIdx, EquipIdx};
use crate::fields_of_green::effects::Pile;
use crate::fields_of_green::event::Event;
use crate::fields_of_green::farm::{Cell, CellCard, Farm, Pos};
use crate::fields_of_green::game::eval;
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use smol_str::SmolStr;
use std::collections::VecDeque;
use std::sync::Arc;

/// Where a game starts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StartPhase {
    /// The year's upkeep (income from year 2, then the draw).
    #[default]
    Upkeep,
    /// The year's harvest, with empty hands: for harvest scenarios.
    Harvest,
}

/// A card of a preset farm.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PresetCell {
    pub pos: Pos,
    /// A location design id, or `water_tower` / `silo`.
    pub card: SmolStr,
    #[serde(default = "yes")]
    pub face_up: bool,
    /// Water on a Water Tower.
    #[serde(default)]
    pub water: u8,
    #[serde(default)]
    pub equipment: Vec<SmolStr>,
}

fn yes() -> bool {
    true
}

/// A seat's preset farm and resources, replacing the starting ones (ruling 1).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PresetSeat {
    #[serde(default)]
    pub coins: u32,
    #[serde(default)]
    pub food: u32,
    #[serde(default)]
    pub vp_tokens: u32,
    pub cells: Vec<PresetCell>,
    #[serde(default)]
    pub set_aside: Vec<SmolStr>,
}

/// Everything that decides how a game starts. `Setup::new` is the normal game; the other fields
/// let a scenario fix the top of each pile and of the Equipment stack, preset farms, and start
/// from a later year or the harvest.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    #[serde(flatten)]
    pub options: Options,
    pub seed: u64,
    /// Cards on top of each pile, top first, in pile order Field, Livestock, Construction,
    /// Building; the rest of the pile is shuffled beneath.
    #[serde(default)]
    pub piles: [Vec<SmolStr>; 4],
    /// Tiles on top of the Equipment stack, top first.
    #[serde(default)]
    pub equipment: Vec<SmolStr>,
    /// Preset seats (index = seat; `null` keeps the standard start).
    #[serde(default)]
    pub seats: Vec<Option<PresetSeat>>,
    #[serde(default = "one")]
    pub start_year: u8,
    #[serde(default)]
    pub start_phase: StartPhase,
}

fn one() -> u8 {
    1
}

impl Setup {
    /// The standard start.
    pub fn new(options: Options, seed: u64) -> Setup {
        Setup {
            options,
            seed,
            piles: Default::default(),
            equipment: Vec::new(),
            seats: Vec::new(),
            start_year: 1,
            start_phase: StartPhase::Upkeep,
        }
    }
}

/// The most coins or VP tokens a preset seat may start with. The supplies are unlimited
/// (ruling 1), but a number must stay far enough from the top of `u32` that everything a game can
/// add to it (four years of income and abilities) is still exact.
pub const PRESET_MAX: u32 = 1_000_000;

/// Why a game could not be created.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("Fields of Green is played by 2 to 6 players, not {0}")]
    Players(u8),
    #[error("introductory mode is for 2 to 4 players")]
    IntroPlayers,
    #[error("the first player must be one of the seats")]
    FirstPlayer,
    #[error("the start year must be 1 to 4")]
    StartYear,
    #[error("the deck has too few cards for {0} players")]
    DeckTooSmall(u8),
    #[error("there is no card \"{0}\" in this deck")]
    UnknownCard(SmolStr),
    #[error("there is no Equipment \"{0}\" in this deck")]
    UnknownEquipment(SmolStr),
    #[error("{card} is not a {} card, so it cannot go on top of the {} pile", pile.name(), pile.name())]
    WrongPile { card: SmolStr, pile: Pile },
    /// The setup asks for more copies of a card, tile or supply card than the deck has (counting
    /// preset farms, set-aside tiles and the tops of the piles and the stack together).
    #[error("this setup uses more copies of {name} (\"{id}\") than the {copies} in the deck")]
    TooManyCopies {
        id: SmolStr,
        name: SmolStr,
        copies: u32,
    },
    #[error("preset for seat {seat}: {why}")]
    BadPreset { seat: usize, why: String },
    /// A preset number outside what a game can hold.
    #[error("preset for seat {seat}: {field} {value} is more than {max}{why}")]
    OutOfRange {
        seat: usize,
        field: &'static str,
        value: u64,
        max: u64,
        /// What the limit is (" (the Silos' capacity)"), or empty.
        why: &'static str,
    },
    /// The game as set up breaks an invariant (a bug or an inconsistent preset).
    #[error("the setup is inconsistent: {0}")]
    Inconsistent(String),
}

/// The random stream for one purpose of one game: 0 for the setup shuffles, the year for the
/// 2-player row shuffle. One seed drives everything, and each stream is independent of how many
/// numbers the others used, so replays stay exact.
pub(crate) fn rng(seed: u64, stream: u64) -> ChaCha8Rng {
    let mut r = ChaCha8Rng::seed_from_u64(seed);
    r.set_stream(stream);
    r
}

impl Game {
    /// A game from a full setup (see [`Setup`]).
    pub fn with_setup(deck: Arc<Deck>, setup: Setup) -> Result<Game, SetupError> {
        Game::start(deck, setup).map(|(g, _)| g)
    }

    /// A game from a full setup, with the events of its start (the first year's start, income
    /// when starting later, forced draws).
    pub fn start(deck: Arc<Deck>, setup: Setup) -> Result<(Game, Vec<Event>), SetupError> {
        let o = &setup.options;
        if !(2..=6).contains(&o.players) {
            return Err(SetupError::Players(o.players));
        }
        if o.intro && o.players > 4 {
            return Err(SetupError::IntroPlayers);
        }
        if o.first_player >= o.players {
            return Err(SetupError::FirstPlayer);
        }
        if !(1..=4).contains(&setup.start_year) {
            return Err(SetupError::StartYear);
        }
        let n = o.players as usize;
        let need = n * hand_size(n) as usize * 4;
        if deck.location_card_count() < need
            || (deck.supply.water_towers as usize) < n
            || (deck.supply.silos as usize) < n
        {
            return Err(SetupError::DeckTooSmall(o.players));
        }
        if setup.seats.len() > n {
            return Err(SetupError::BadPreset {
                seat: n,
                why: "more presets than seats".into(),
            });
        }

        // Ruling 2: the four piles and the Equipment stack, shuffled.
        let mut r = rng(setup.seed, 0);
        // Each pile and the stack allocated once at their final size (no regrowth while filling).
        let mut piles: [Vec<DesignIdx>; 4] = std::array::from_fn(|k| {
            Vec::with_capacity(
                deck.locations
                    .iter()
                    .filter(|def| def.pile.index() == k)
                    .map(|def| def.copies as usize)
                    .sum(),
            )
        });
        for (d, def) in deck.locations.iter().enumerate() {
            for _ in 0..def.copies {
                piles[def.pile.index()].push(d as DesignIdx);
            }
        }
        for p in piles.iter_mut() {
            p.shuffle(&mut r);
        }
        let mut stack: Vec<EquipIdx> = Vec::with_capacity(deck.equipment_tile_count());
        for (e, def) in deck.equipment.iter().enumerate() {
            for _ in 0..def.copies {
                stack.push(e as EquipIdx);
            }
        }
        stack.shuffle(&mut r);
        let mut equipment: VecDeque<EquipIdx> = stack.into();

        let mut s = State {
            seed: setup.seed,
            options: o.clone(),
            year: setup.start_year,
            first_player: o.first_player,
            phase: Phase::Upkeep { next: 0 },
            piles,
            discard: Vec::new(),
            equipment: VecDeque::new(),
            equipment_discard: Vec::new(),
            towers_left: deck.supply.water_towers,
            silos_left: deck.supply.silos,
            row: Vec::new(),
            row_pile: Vec::new(),
            players: Vec::with_capacity(n),
            scores: None,
        };

        // Preset farms take their cards out of the piles and the supply, so every card is
        // still accounted for.
        for seat in 0..n {
            let preset = setup.seats.get(seat).cloned().flatten();
            let p = match preset {
                None => standard_start(&deck, &mut s),
                Some(preset) => preset_start(&deck, &mut s, &mut equipment, seat, &preset)?,
            };
            s.players.push(p);
        }

        // Fixed tops: pull the named cards out of what is left of the pile (not out of the tops
        // already pulled, so a copy the deck does not have is an error, never a silent repeat),
        // then put them on top, first named on top.
        for (k, tops) in setup.piles.iter().enumerate() {
            let mut pulled = Vec::with_capacity(tops.len());
            for id in tops {
                let d = deck
                    .location_by_id(id)
                    .ok_or_else(|| SetupError::UnknownCard(id.clone()))?;
                if deck.location(d).pile.index() != k {
                    return Err(SetupError::WrongPile {
                        card: SmolStr::new(&deck.location(d).name),
                        pile: Pile::ALL[k],
                    });
                }
                take_from_pile(&deck, &mut s.piles[k], d)?;
                pulled.push(d);
            }
            s.piles[k].extend(pulled.into_iter().rev());
        }
        let mut pulled = Vec::with_capacity(setup.equipment.len());
        for id in &setup.equipment {
            pulled.push(take_tile(&deck, &mut equipment, id)?);
        }
        for e in pulled.into_iter().rev() {
            equipment.push_front(e);
        }
        s.equipment = equipment;

        let mut game = Game::from_parts(deck, s);
        let mut events = Events::kept(Vec::new());
        match setup.start_phase {
            StartPhase::Upkeep => flow::start_year(&mut game, setup.start_year, &mut events),
            StartPhase::Harvest => game.s.phase = Phase::Harvest,
        }
        flow::advance(&mut game, None, &mut events);
        // A preset or a fixed top of a pile is written by hand and may not add up (a card both
        // on a farm and in a pile): such a setup is checked in full. The standard deal holds
        // every invariant by construction (the test playouts check the first state of every
        // game they play), and checking it cost about 1% of a random game, so it is checked in
        // debug builds only.
        let hand_written = setup.seats.iter().any(Option::is_some)
            || setup.piles.iter().any(|tops| !tops.is_empty())
            || !setup.equipment.is_empty();
        if hand_written {
            game.check_invariants().map_err(SetupError::Inconsistent)?;
        } else {
            debug_assert_eq!(game.check_invariants(), Ok(()));
        }
        Ok((game, events.into_list()))
    }
}

/// Ruling 1: 15 coins, a Water Tower with 3 Water and next to it a Silo with 1 Food.
fn standard_start(deck: &Deck, s: &mut State) -> PlayerState {
    s.towers_left -= 1;
    s.silos_left -= 1;
    let tower = Cell {
        pos: Pos::new(0, 0),
        card: CellCard::WaterTower,
        face_up: true,
        water: START.1.min(deck.supply.tower_capacity),
        equipment: vec![],
    };
    let silo = Cell {
        pos: Pos::new(1, 0),
        card: CellCard::Silo,
        face_up: true,
        water: 0,
        equipment: vec![],
    };
    // Room for a whole game's cards at once (two to start, at most one more per card played:
    // 26 with 4 players), so the farm is not moved as it grows.
    let mut cells = Vec::with_capacity(32);
    cells.extend([tower, silo]);
    PlayerState {
        farm: Farm { cells },
        coins: START.0,
        food: START.2.min(deck.supply.silo_capacity as u32),
        ..PlayerState::default()
    }
}

/// The setup uses more than the deck's `copies` of the card `id` called `name`.
fn too_many_copies(id: &str, name: &str, copies: u8) -> SetupError {
    SetupError::TooManyCopies {
        id: SmolStr::new(id),
        name: SmolStr::new(name),
        copies: u32::from(copies),
    }
}

fn too_many(deck: &Deck, d: DesignIdx) -> SetupError {
    let def = deck.location(d);
    too_many_copies(&def.id, &def.name, def.copies)
}

/// Takes one copy of `d` out of `pile`, or says the deck has no more.
fn take_from_pile(deck: &Deck, pile: &mut Vec<DesignIdx>, d: DesignIdx) -> Result<(), SetupError> {
    let at = pile
        .iter()
        .position(|&x| x == d)
        .ok_or_else(|| too_many(deck, d))?;
    pile.remove(at);
    Ok(())
}

/// Takes one tile `id` out of the Equipment stack, or says the deck has no more.
fn take_tile(
    deck: &Deck,
    stack: &mut VecDeque<EquipIdx>,
    id: &SmolStr,
) -> Result<EquipIdx, SetupError> {
    let e = deck
        .equipment_by_id(id)
        .ok_or_else(|| SetupError::UnknownEquipment(id.clone()))?;
    let at = stack.iter().position(|&x| x == e).ok_or_else(|| {
        let def = deck.equip(e);
        too_many_copies(&def.id, &def.name, def.copies)
    })?;
    stack.remove(at);
    Ok(e)
}

fn preset_start(
    deck: &Deck,
    s: &mut State,
    stack: &mut VecDeque<EquipIdx>,
    seat: usize,
    preset: &PresetSeat,
) -> Result<PlayerState, SetupError> {
    let bad = |why: String| SetupError::BadPreset { seat, why };
    let out_of_range =
        |field: &'static str, value: u64, max: u64, why: &'static str| SetupError::OutOfRange {
            seat,
            field,
            value,
            max,
            why,
        };
    for (field, value) in [("coins", preset.coins), ("vp_tokens", preset.vp_tokens)] {
        if value > PRESET_MAX {
            return Err(out_of_range(field, value.into(), PRESET_MAX.into(), ""));
        }
    }
    let mut farm = Farm::default();
    for pc in &preset.cells {
        if farm.is_occupied(pc.pos) {
            return Err(bad(format!("two cards at {}", pc.pos)));
        }
        let card = match pc.card.as_str() {
            "water_tower" => {
                s.towers_left = s.towers_left.checked_sub(1).ok_or_else(|| {
                    too_many_copies(&pc.card, "Water Tower", deck.supply.water_towers)
                })?;
                CellCard::WaterTower
            }
            "silo" => {
                s.silos_left = s
                    .silos_left
                    .checked_sub(1)
                    .ok_or_else(|| too_many_copies(&pc.card, "Silo", deck.supply.silos))?;
                CellCard::Silo
            }
            id => {
                let d = deck
                    .location_by_id(id)
                    .ok_or_else(|| SetupError::UnknownCard(pc.card.clone()))?;
                take_from_pile(deck, &mut s.piles[deck.location(d).pile.index()], d)?;
                CellCard::Location(d)
            }
        };
        if !pc.face_up && !matches!(card, CellCard::Location(_)) {
            return Err(bad(format!(
                "only locations can be Open Areas (the card at {})",
                pc.pos
            )));
        }
        if pc.water > 0 && card != CellCard::WaterTower {
            return Err(bad(format!(
                "Water on a card that is not a Water Tower at {}",
                pc.pos
            )));
        }
        if pc.equipment.len() > 2 {
            return Err(bad(format!(
                "{} Equipment tiles on the card at {}: a card holds at most 2 (ruling 17)",
                pc.equipment.len(),
                pc.pos
            )));
        }
        if !pc.face_up && !pc.equipment.is_empty() {
            return Err(bad(format!(
                "Equipment on the Open Area at {}: an Open Area holds none (ruling 15)",
                pc.pos
            )));
        }
        let mut equipment = Vec::new();
        for id in &pc.equipment {
            let e = take_tile(deck, stack, id)?;
            if equipment.contains(&e) {
                return Err(bad(format!(
                    "two {} tiles on the card at {}: never two of the same kind (ruling 17)",
                    deck.equip(e).name,
                    pc.pos
                )));
            }
            // Ruling 17 (rulebook p.10): a tile sits only where its placement text allows, as
            // in play; a preset must not hold a position no game can reach.
            if !super::apply::host_accepts(deck, card, e) {
                return Err(bad(format!(
                    "the {} tile cannot sit on the card at {}: it goes on: {} (ruling 17)",
                    deck.equip(e).name,
                    pc.pos,
                    super::apply::host_text(deck, e)
                )));
            }
            equipment.push(e);
        }
        farm.cells.push(Cell {
            pos: pc.pos,
            card,
            face_up: pc.face_up,
            water: pc.water,
            equipment,
        });
    }
    if farm.cells.is_empty() || !farm.is_connected() {
        return Err(bad(
            "a farm needs at least one card and every card must touch another".into(),
        ));
    }
    // Ruling 3: Water Towers hold what their capacity allows, the Silos their capacity in Food.
    for (i, c) in farm.cells.iter().enumerate() {
        if c.card == CellCard::WaterTower {
            let cap = eval::tower_capacity(deck, &farm, i);
            if c.water > cap {
                return Err(bad(format!(
                    "water {} on the Water Tower at {} is more than its capacity {cap} (ruling 3)",
                    c.water, c.pos
                )));
            }
        }
    }
    let food_cap = eval::food_capacity(deck, &farm);
    if preset.food > food_cap {
        return Err(out_of_range(
            "food",
            preset.food.into(),
            food_cap.into(),
            " (the Silos' capacity, ruling 12)",
        ));
    }
    let mut set_aside = Vec::new();
    for id in &preset.set_aside {
        set_aside.push(take_tile(deck, stack, id)?);
    }
    Ok(PlayerState {
        farm,
        coins: preset.coins,
        food: preset.food,
        vp_tokens: preset.vp_tokens,
        set_aside,
        ..PlayerState::default()
    })
}

/// See [`Game::check_invariants`].
pub(super) fn check_invariants(g: &Game) -> Result<(), String> {
    let deck = &*g.deck;
    let s = &g.s;
    let n = s.players.len();
    if n != s.options.players as usize || !(2..=6).contains(&n) {
        return Err(format!("{n} seats for a {}-player game", s.options.players));
    }
    if !(1..=4).contains(&s.year) || s.first_player as usize >= n {
        return Err("year or first player out of range".into());
    }

    // Card conservation: every copy of every design is in exactly one place.
    let mut seen = vec![0usize; deck.locations.len()];
    let mut count = |d: DesignIdx| -> Result<(), String> {
        *seen
            .get_mut(d as usize)
            .ok_or_else(|| format!("unknown design {d}"))? += 1;
        Ok(())
    };
    for (k, pile) in s.piles.iter().enumerate() {
        for &d in pile {
            count(d)?;
            if deck.location(d).pile.index() != k {
                return Err(format!("{} is in the wrong pile", deck.location(d).id));
            }
        }
    }
    for &d in s.discard.iter().chain(&s.row).chain(&s.row_pile) {
        count(d)?;
    }
    let mut towers = 0usize;
    let mut silos = 0usize;
    let mut tiles = vec![0usize; deck.equipment.len()];
    let mut tile = |e: EquipIdx| -> Result<(), String> {
        *tiles
            .get_mut(e as usize)
            .ok_or_else(|| format!("unknown equipment {e}"))? += 1;
        Ok(())
    };
    for &e in s.equipment.iter().chain(&s.equipment_discard) {
        tile(e)?;
    }
    for (seat, p) in s.players.iter().enumerate() {
        for &d in p.hand.iter().chain(&p.selected).chain(&p.revealed) {
            count(d)?;
        }
        for &e in p.set_aside.iter().chain(&p.offer) {
            tile(e)?;
        }
        if p.farm.cells.is_empty() || !p.farm.is_connected() {
            return Err(format!("seat {seat}: the farm is not connected"));
        }
        for (i, c) in p.farm.cells.iter().enumerate() {
            if p.farm.cells[..i].iter().any(|o| o.pos == c.pos) {
                return Err(format!("seat {seat}: two cards at {}", c.pos));
            }
            match c.card {
                CellCard::Location(d) => count(d)?,
                CellCard::WaterTower => towers += 1,
                CellCard::Silo => silos += 1,
            }
            if !c.face_up && (!c.equipment.is_empty() || !matches!(c.card, CellCard::Location(_))) {
                return Err(format!("seat {seat}: bad Open Area at {}", c.pos));
            }
            if c.equipment.len() > 2 || (c.equipment.len() == 2 && c.equipment[0] == c.equipment[1])
            {
                return Err(format!(
                    "seat {seat}: bad Equipment at {} (ruling 17)",
                    c.pos
                ));
            }
            for &e in &c.equipment {
                tile(e)?;
            }
            if c.card == CellCard::WaterTower {
                if c.water > eval::tower_capacity(deck, &p.farm, i) {
                    return Err(format!(
                        "seat {seat}: tower at {} over capacity (ruling 3)",
                        c.pos
                    ));
                }
            } else if c.water != 0 {
                return Err(format!("seat {seat}: Water off a tower at {}", c.pos));
            }
        }
        if p.food > eval::food_capacity(deck, &p.farm) {
            return Err(format!(
                "seat {seat}: {} Food over the Silos' capacity (ruling 3)",
                p.food
            ));
        }
        if p.offer.len() > 3 {
            return Err(format!(
                "seat {seat}: more than 3 Equipment tiles drawn (ruling 17)"
            ));
        }
    }
    for (d, def) in deck.locations.iter().enumerate() {
        if seen[d] != def.copies as usize {
            return Err(format!(
                "{}: {} copies found, {} in the deck",
                def.id, seen[d], def.copies
            ));
        }
    }
    for (e, def) in deck.equipment.iter().enumerate() {
        if tiles[e] != def.copies as usize {
            return Err(format!(
                "{}: {} tiles found, {} in the deck",
                def.id, tiles[e], def.copies
            ));
        }
    }
    if towers + s.towers_left as usize != deck.supply.water_towers as usize
        || silos + s.silos_left as usize != deck.supply.silos as usize
    {
        return Err("Water Tower or Silo cards unaccounted for".into());
    }

    // Phase bookkeeping.
    let hs = hand_size(n) as usize;
    match s.phase {
        Phase::Action { turn } => {
            // Each turn takes one card from every hand that has one: a hand never holds more
            // than the year's hand size minus the turns played (less only when the piles ran
            // short, ruling 4).
            for (seat, p) in s.players.iter().enumerate() {
                let held = p.hand.len() + p.selected.is_some() as usize;
                if held + turn as usize - 1 > hs {
                    return Err(format!("seat {seat}: {held} cards in hand on turn {turn}"));
                }
            }
        }
        Phase::Duel { picks, .. } => {
            let drawn: usize = s
                .players
                .iter()
                .filter_map(|p| p.split)
                .map(|sp| sp.iter().map(|&c| c as usize).sum::<usize>())
                .sum();
            if n != 2 || s.row.len() + s.row_pile.len() + picks as usize != drawn {
                return Err("2-player row does not add up to the cards drawn this year".into());
            }
        }
        Phase::Ended => {
            if s.scores.is_none() {
                return Err("ended without scores".into());
            }
        }
        Phase::Upkeep { .. } | Phase::Harvest => {}
    }
    if s.phase != Phase::Ended && s.scores.is_some() {
        return Err("scores before the end".into());
    }
    Ok(())
}
