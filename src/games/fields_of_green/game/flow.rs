//! What happens by itself between decisions: the year's start and income, forced draws, the
//! reveal, the 2-player row, the start and end of the harvest, the first-player tile and the end
//! of the game.

use super::{Events, Game, INCOME, INTRO_SPLITS, Phase, apply, direction, legal, scoring};
use crate::fields_of_green::event::{Direction, Event};
use crate::fields_of_green::farm::CellCard;
use rand::seq::SliceRandom;
use smallvec::SmallVec;

/// Starts a year: resets the yearly bookkeeping and pays income in turn order (rulings 3, 9).
pub(super) fn start_year(g: &mut Game, year: u8, events: &mut Events) {
    g.s.year = year;
    g.s.phase = Phase::Upkeep { next: 0 };
    for p in g.s.players.iter_mut() {
        p.split = None;
        p.picked.clear();
        p.harvested.clear();
        p.harvest_done = false;
    }
    events.add(|| Event::YearStarted {
        year,
        first_player: g.s.first_player as usize,
        direction: direction(year),
    });
    if year >= 2 {
        for k in 0..g.s.players.len() {
            let seat = g.seat_in_turn(k).expect("k < players");
            income(g, seat, events);
        }
    }
}

/// Ruling 3: 3 coins, 2 Water onto towers with room, 1 Food into the Silos; what does not fit is
/// lost. When more than one placement of the Water is possible, the player chooses.
fn income(g: &mut Game, seat: usize, events: &mut Events) {
    let cap = g.food_capacity(seat);
    let p = &mut g.s.players[seat];
    let (coins, water, food) = INCOME;
    // Supplies are unlimited (ruling 1): a count saturates rather than wraps.
    p.coins = p.coins.saturating_add(coins);
    let food_in = food.min(cap.saturating_sub(p.food));
    p.food += food_in;
    let rooms = tower_rooms(g, seat);
    let room: u32 = rooms.iter().map(|&(_, r)| r as u32).sum();
    let with_room = rooms.iter().filter(|&&(_, r)| r > 0).count();
    let p = &mut g.s.players[seat];
    let placed = water.min(room);
    if with_room <= 1 || room <= water {
        // Only one way to place it: fill every tower with room.
        let mut left = water;
        for (i, r) in rooms {
            let add = (r as u32).min(left);
            p.farm.cells[i].water += add as u8;
            left -= add;
        }
        events.add(|| Event::Income {
            seat,
            coins,
            water: placed,
            food: food_in,
            water_lost: water - placed,
            food_lost: food - food_in,
        });
    } else {
        p.pending_water = water as u8;
        events.add(|| Event::Income {
            seat,
            coins,
            water: 0,
            food: food_in,
            water_lost: 0,
            food_lost: food - food_in,
        });
        events.add(|| Event::WaterToPlace { seat, water });
    }
}

/// Free room on each Water Tower of a seat: (cell index, room). Inline for the usual handful of
/// towers: every income asks for it, and a heap vector was an allocation per seat and year.
pub(super) fn tower_rooms(g: &Game, seat: usize) -> SmallVec<[(usize, u8); 8]> {
    let farm = &g.s.players[seat].farm;
    let info = g.farm_info(seat);
    (0..farm.cells.len())
        .filter(|&i| farm.cells[i].card == CellCard::WaterTower)
        .map(|i| {
            (
                i,
                info.tower_capacity(&g.deck, farm, i)
                    .saturating_sub(farm.cells[i].water),
            )
        })
        .collect()
}

/// The pile split forced on the seat to draw, if it has no choice: introductory mode (ruling 5,
/// when the piles can still supply it) or a single legal split (ruling 4's corner cases).
fn forced_split(g: &Game) -> Option<[u8; 4]> {
    if g.s.options.intro {
        let split = INTRO_SPLITS[g.s.year as usize - 1];
        if legal::split_error(g, split).is_none() {
            return Some(split);
        }
    }
    let splits = legal::splits_upto(g, 2);
    if splits.len() == 1 {
        Some(splits[0])
    } else {
        None
    }
}

/// Runs every automatic step until the game waits for a decision. `actor` is the seat whose
/// action has just been applied (None at the start of a game).
pub(super) fn advance(g: &mut Game, actor: Option<usize>, events: &mut Events) {
    let n = g.s.players.len();
    let mut entered_harvest = actor.is_none() && g.s.phase == Phase::Harvest;
    loop {
        match g.s.phase.clone() {
            Phase::Upkeep { next } if (next as usize) < n => {
                let seat = g.seat_in_turn(next as usize).expect("next < n");
                if g.s.players[seat].split.is_some() {
                    g.s.phase = Phase::Upkeep { next: next + 1 };
                    continue;
                }
                match forced_split(g) {
                    Some(split) => {
                        apply::draw(g, seat, split, events);
                    }
                    None => return,
                }
            }
            Phase::Upkeep { .. } => {
                if g.s.players.iter().any(|p| p.pending_water > 0) {
                    return;
                }
                start_action_phase(g, events);
            }
            Phase::Action { turn } => {
                if !g.s.players.iter().all(|p| p.settled()) {
                    return;
                }
                // Every seat holding cards selects one; normally all hands are the same size,
                // but when the piles ran short (ruling 4) a seat may run out early.
                let holding =
                    g.s.players
                        .iter()
                        .any(|p| !p.hand.is_empty() || p.selected.is_some());
                if holding {
                    if g.s
                        .players
                        .iter()
                        .all(|p| p.selected.is_some() || p.hand.is_empty())
                    {
                        reveal(g, turn, events);
                    } else {
                        return;
                    }
                } else {
                    g.s.phase = Phase::Harvest;
                    entered_harvest = true;
                }
            }
            Phase::Duel {
                current,
                picks,
                taken,
            } => {
                if !taken || !g.s.players[current as usize].settled() {
                    return;
                }
                if g.s.row.is_empty() && g.s.row_pile.is_empty() {
                    g.s.phase = Phase::Harvest;
                    entered_harvest = true;
                    continue;
                }
                // Ruling 21: after both players have acted, 2 more cards turn face up.
                if picks % 2 == 0 && !g.s.row_pile.is_empty() {
                    let k = g.s.row_pile.len().min(2);
                    turn_face_up(g, k, events);
                }
                g.s.phase = Phase::Duel {
                    current: 1 - current,
                    picks,
                    taken: false,
                };
            }
            Phase::Harvest => {
                // Ruling 9: bookkeeping that happens to everyone runs in turn order. The seats
                // still harvesting, in a plain array (a game has at most 6 seats): this runs
                // after every action of the harvest, and collecting into a `SmallVec` (twice)
                // went through its generic `extend` each time.
                let mut look = [0usize; 6];
                let mut len = 0;
                for k in 0..n {
                    if let Some(s) = g.seat_in_turn(k)
                        && !g.s.players[s].harvest_done
                    {
                        look[len] = s;
                        len += 1;
                    }
                }
                if len == 0 {
                    end_year(g, events);
                    continue;
                }
                // A seat with nothing to decide finishes by itself (no Harvest ability it can
                // pay), so async games do not wait on a click that has only one answer. Only
                // the seats whose options may have changed are looked at: everyone when the
                // harvest begins, afterwards just the seat that acted (farms are independent),
                // if it is still harvesting.
                if let Some(a) = actor
                    && !entered_harvest
                {
                    let harvesting = look[..len].contains(&a);
                    look[0] = a;
                    len = harvesting as usize;
                }
                if entered_harvest {
                    // Whatever was kept from an earlier harvest is out of date (income, builds).
                    g.harvest_begins();
                }
                entered_harvest = false;
                let mut progressed = false;
                for &seat in &look[..len] {
                    let p = &g.s.players[seat];
                    // Forced: no tile offer to settle and no Harvest ability payable, which is
                    // what `legal_actions == [EndHarvest]` means, found more cheaply.
                    let forced = p.offer.is_empty()
                        && p.pending_equipment == 0
                        && !legal::any_harvest_choice(g, seat);
                    if forced {
                        apply::end_harvest(g, seat, events);
                        progressed = true;
                    }
                }
                // Seats not looked at have not changed: unless everyone is now done (and the next
                // pass ends the year), the game waits.
                if !progressed || (0..n).any(|s| !g.s.players[s].harvest_done) {
                    return;
                }
            }
            Phase::Ended => return,
        }
    }
}

/// After the draw: the simultaneous draft, or with 2 players the shuffled row (ruling 21).
fn start_action_phase(g: &mut Game, events: &mut Events) {
    if g.s.players.len() == 2 {
        let mut pile = std::mem::take(&mut g.s.row_pile);
        // Sorted first so the shuffle depends only on the seed and which cards were drawn.
        pile.sort_unstable();
        pile.shuffle(&mut super::setup::rng(g.s.seed, g.s.year as u64));
        g.s.row_pile = pile;
        let k = g.s.row_pile.len().min(6);
        turn_face_up(g, k, events);
        g.s.phase = Phase::Duel {
            current: g.s.first_player,
            picks: 0,
            taken: false,
        };
    } else {
        g.s.phase = Phase::Action { turn: 1 };
    }
}

fn turn_face_up(g: &mut Game, k: usize, events: &mut Events) {
    // The list of cards only for the event (none is built when events are not kept).
    let keep = events.keeps();
    let mut cards = Vec::with_capacity(if keep { k } else { 0 });
    for _ in 0..k {
        if let Some(d) = g.s.row_pile.pop() {
            g.s.row.push(d);
            if keep {
                cards.push(g.deck.location_id(d));
            }
        }
    }
    events.add(|| Event::TurnedFaceUp { cards });
}

/// Ruling 7: all selected cards turn face up at once and every hand passes on.
fn reveal(g: &mut Game, turn: u8, events: &mut Events) {
    let n = g.s.players.len();
    let keep = events.keeps();
    let mut cards = Vec::with_capacity(if keep { n } else { 0 });
    for p in g.s.players.iter_mut() {
        let d = p.selected.take();
        if keep {
            cards.push(d.map(|d| g.deck.location_id(d)));
        }
        p.picked.push(d);
        p.revealed = d;
    }
    events.add(|| Event::Revealed { turn, cards });
    let dir = direction(g.s.year);
    let passed = g.s.players.iter().any(|p| !p.hand.is_empty());
    // Every hand moves one seat on: to the left, seat k's hand goes to seat k + 1 (the hands
    // rotate right by one); to the right, to seat k - 1. Swapped along the table in place,
    // rather than gathered into a vector of hands and handed out again.
    let players = &mut g.s.players;
    let swap = |players: &mut [super::PlayerState], k: usize| {
        let (a, b) = players.split_at_mut(k);
        std::mem::swap(&mut a[k - 1].hand, &mut b[0].hand);
    };
    match dir {
        Direction::Left => (1..n).rev().for_each(|k| swap(players, k)),
        Direction::Right => (1..n).for_each(|k| swap(players, k)),
    }
    if passed {
        events.add(|| Event::HandsPassed { direction: dir });
    }
    g.s.phase = Phase::Action { turn: turn + 1 };
}

/// After every harvest: the First Player tile passes left (ruling 16) and the next year starts,
/// or after year 4 the game ends and is scored (ruling 18).
fn end_year(g: &mut Game, events: &mut Events) {
    for p in g.s.players.iter_mut() {
        p.harvested.clear();
    }
    if g.s.year >= 4 {
        let pads = scoring::score(g);
        let winners = scoring::winners(&pads).0;
        g.s.scores = Some(pads);
        g.s.phase = Phase::Ended;
        events.add(|| Event::GameEnded { winners });
        return;
    }
    let n = g.s.players.len() as u8;
    g.s.first_player = (g.s.first_player + 1) % n;
    events.add(|| Event::FirstPlayerPassed {
        to: g.s.first_player as usize,
    });
    start_year(g, g.s.year + 1, events);
}
