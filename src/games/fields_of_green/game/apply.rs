//! Checking and applying actions. Every action is checked completely (`check_*` returns a plan)
//! before anything changes, so a refused action leaves the game exactly as it was.
//!
//! One file on purpose (issue 31): each action's check and its application sit side by side, so
//! that a reader can see that every change is one a check allowed.

use super::eval::{Reads, SeatFarm};
use super::{Events, Game, Phase, PlayerState, eval, legal};
use crate::fields_of_green::action::Action;
use crate::fields_of_green::cards::{Deck, DesignIdx, EquipIdx};
use crate::fields_of_green::effects::{Ability, Cost, Effect, Filter, Modifier, Scope, Timing};
use crate::fields_of_green::error::{ActionError, Space};
use crate::fields_of_green::event::{Delta, Event};
use crate::fields_of_green::farm::{Cell, CellCard, Pos};
use smallvec::SmallVec;
use smol_str::SmolStr;

pub(super) fn apply(
    g: &mut Game,
    seat: usize,
    action: &Action,
    ev: &mut Events,
) -> Result<(), ActionError> {
    if g.s.phase == Phase::Ended {
        return Err(ActionError::GameOver);
    }
    if seat >= g.s.players.len() {
        return Err(ActionError::NoSuchSeat(seat));
    }
    if !g.s.players[seat].offer.is_empty() && !matches!(action, Action::Equipment { .. }) {
        return Err(ActionError::EquipmentPending);
    }
    match action {
        Action::PlaceWater { towers } => {
            let plan = check_place_water(g, seat, towers)?;
            let p = &mut g.s.players[seat];
            for &i in &plan {
                p.farm.cells[i].water += 1;
            }
            p.pending_water = 0;
            ev.add(|| Event::WaterPlaced {
                seat,
                towers: towers.clone(),
            });
        }
        Action::Draw { split } => {
            check_draw(g, seat, *split)?;
            draw(g, seat, *split, ev);
        }
        Action::Select { card } => {
            let d = check_select(g, seat, card)?;
            let p = &mut g.s.players[seat];
            if let Some(old) = p.selected.take() {
                p.hand.push(old);
            }
            let at = p.hand.iter().position(|&x| x == d).expect("checked");
            p.hand.swap_remove(at);
            p.hand.sort_unstable();
            p.selected = Some(d);
            ev.add(|| Event::Selected { seat });
        }
        Action::Pick { card } => {
            let d = check_pick(g, seat, card)?;
            let at = g.s.row.iter().position(|&x| x == d).expect("checked");
            g.s.row.remove(at);
            g.s.players[seat].revealed = Some(d);
            if let Phase::Duel { current, picks, .. } = g.s.phase {
                g.s.phase = Phase::Duel {
                    current,
                    picks: picks + 1,
                    taken: true,
                };
            }
            ev.add(|| Event::Picked {
                seat,
                card: card.clone(),
            });
        }
        Action::Build {
            pos,
            water,
            extra,
            equipment,
        } => {
            let info = g.farm_info(seat);
            let plan = check_build(g, seat, &info, *pos, water, *extra, equipment)?;
            exec_build(g, seat, plan, ev);
        }
        Action::WaterTower { pos, equipment } => {
            let plan = check_special(g, seat, CellCard::WaterTower, *pos, equipment)?;
            exec_build(g, seat, plan, ev);
        }
        Action::Silo { pos, equipment } => {
            let plan = check_special(g, seat, CellCard::Silo, *pos, equipment)?;
            exec_build(g, seat, plan, ev);
        }
        Action::Market { food } => {
            let d = revealed(g, seat)?;
            let p = &g.s.players[seat];
            if *food > 2 {
                return Err(ActionError::BadMarketFood);
            }
            if (*food as u32) > p.food {
                return Err(ActionError::NotEnoughFood {
                    need: *food as u32,
                    have: p.food,
                });
            }
            // Ruling 8 D: 2 coins, plus 2 per Food sold.
            let coins = 2 + 2 * *food as u32;
            let p = &mut g.s.players[seat];
            p.food -= *food as u32;
            // Supplies are unlimited (ruling 1): saturate rather than wrap.
            p.coins = p.coins.saturating_add(coins);
            p.revealed = None;
            g.s.discard.push(d);
            ev.add(|| Event::WentToMarket {
                seat,
                discarded: id(g, d),
                food_sold: *food as u32,
                coins,
            });
        }
        Action::Restore { pos } => {
            let d = revealed(g, seat)?;
            let p = &g.s.players[seat];
            let i = match p.farm.index_of(*pos) {
                Some(i) if !p.farm.cells[i].face_up => i,
                _ => return Err(ActionError::NotOpenArea(Space::at(*pos))),
            };
            if p.coins < 1 {
                return Err(ActionError::NotEnoughCoins {
                    need: 1,
                    have: p.coins,
                });
            }
            // Ruling 8 E: discard the card, pay 1 coin, flip the Open Area face up.
            let p = &mut g.s.players[seat];
            p.coins -= 1;
            p.farm.cells[i].face_up = true;
            g.farm_changed(seat);
            let p = &mut g.s.players[seat];
            p.revealed = None;
            let card = match p.farm.cells[i].card {
                CellCard::Location(l) => id(g, l),
                _ => unreachable!("only locations become Open Areas"),
            };
            g.s.discard.push(d);
            ev.add(|| Event::Restored {
                seat,
                pos: *pos,
                card,
                discarded: id(g, d),
            });
        }
        Action::Equipment { keep, place } => {
            let (k, host) = check_equipment(g, seat, keep, *place)?;
            let p = &mut g.s.players[seat];
            let offer = std::mem::take(&mut p.offer);
            let tile = offer[k];
            // Ruling 17: the other tiles go to the bottom of the stack.
            for (j, &e) in offer.iter().enumerate() {
                if j != k {
                    g.s.equipment.push_back(e);
                }
            }
            match host {
                Some(i) => place_tile(g, seat, i, tile, ev),
                None => {
                    g.s.players[seat].set_aside.push(tile);
                    ev.add(|| Event::EquipmentSetAside {
                        seat,
                        tile: tile_id(g, tile),
                    });
                }
            }
            draw_offer(g, seat, ev);
        }
        Action::Harvest { pos, water, extra } => {
            let info = g.farm_info(seat);
            let plan = check_harvest(g, seat, &info, *pos, water, *extra)?;
            exec_harvest(g, seat, plan, ev);
        }
        Action::EndHarvest => {
            let p = &g.s.players[seat];
            if g.s.phase != Phase::Harvest {
                return Err(ActionError::WrongPhase("the harvest has not started"));
            }
            if p.harvest_done {
                return Err(ActionError::HarvestDone);
            }
            if p.pending_equipment > 0 {
                return Err(ActionError::EquipmentPending);
            }
            end_harvest(g, seat, ev);
        }
    }
    Ok(())
}

pub(super) fn id(g: &Game, d: DesignIdx) -> SmolStr {
    g.deck.location_id(d)
}

pub(super) fn tile_id(g: &Game, e: EquipIdx) -> SmolStr {
    g.deck.equip_id(e)
}

fn revealed(g: &Game, seat: usize) -> Result<DesignIdx, ActionError> {
    match g.s.phase {
        Phase::Action { .. } | Phase::Duel { .. } => {}
        _ => {
            return Err(ActionError::WrongPhase(
                "cards are used in the action phase",
            ));
        }
    }
    // A `match`, not `ok_or`: the error handed to `ok_or` is built, and dropped through a call,
    // on every check that finds the card (each listing and each card action checks it).
    match g.s.players[seat].revealed {
        Some(d) => Ok(d),
        None => Err(ActionError::NothingRevealed),
    }
}

// ---------------------------------------------------------------- upkeep

pub(super) fn check_place_water(
    g: &Game,
    seat: usize,
    towers: &[Pos],
) -> Result<Vec<usize>, ActionError> {
    let p = &g.s.players[seat];
    if !matches!(g.s.phase, Phase::Upkeep { .. }) || p.pending_water == 0 {
        return Err(ActionError::NoWaterToPlace);
    }
    let rooms = super::flow::tower_rooms(g, seat);
    let room: u32 = rooms.iter().map(|&(_, r)| r as u32).sum();
    // Ruling 3: all the Water that fits must be placed; only the rest is lost.
    let must = (p.pending_water as u32).min(room) as usize;
    if towers.len() != must {
        return Err(ActionError::BadWaterPlacement(format!(
            "place exactly {must} Water, not {}",
            towers.len()
        )));
    }
    let mut left = rooms.clone();
    let rooms = &rooms;
    let mut out = Vec::with_capacity(must);
    for &pos in towers {
        let at = || pos.label();
        let k = left
            .iter()
            .position(|&(i, _)| p.farm.cells[i].pos == pos)
            .ok_or_else(|| {
                ActionError::BadWaterPlacement(format!("there is no Water Tower at {}", at()))
            })?;
        if left[k].1 == 0 {
            // Say what is true: full from the start, or room for fewer Water than named.
            let room = rooms[k].1;
            let why = match room {
                0 => format!("the Water Tower at {} is full", at()),
                _ => format!(
                    "the Water Tower at {} has room for only {room} Water, and you named it {} times",
                    at(),
                    towers.iter().filter(|&&t| t == pos).count()
                ),
            };
            return Err(ActionError::BadWaterPlacement(why));
        }
        left[k].1 -= 1;
        out.push(left[k].0);
    }
    Ok(out)
}

fn check_draw(g: &Game, seat: usize, split: [u8; 4]) -> Result<(), ActionError> {
    let Phase::Upkeep { next } = g.s.phase else {
        return Err(ActionError::WrongPhase("cards are drawn in the upkeep"));
    };
    if g.s.players[seat].split.is_some() {
        return Err(ActionError::AlreadyDrawn);
    }
    if g.seat_in_turn(next as usize) != Some(seat) {
        return Err(ActionError::NotYourTurn(
            "players draw in turn order, first player first",
        ));
    }
    match legal::split_error(g, split) {
        Some(why) => Err(ActionError::BadSplit(why.to_string())),
        None => Ok(()),
    }
}

/// Takes the cards of a checked split (ruling 4: all at once, the split public).
pub(super) fn draw(g: &mut Game, seat: usize, split: [u8; 4], ev: &mut Events) {
    let mut hand = Vec::with_capacity(6);
    let mut emptied = Vec::new();
    for (k, &c) in split.iter().enumerate() {
        for _ in 0..c {
            hand.push(
                g.s.piles[k]
                    .pop()
                    .expect("split checked against pile sizes"),
            );
        }
        if c > 0 && g.s.piles[k].is_empty() {
            emptied.push(crate::fields_of_green::effects::Pile::ALL[k]);
        }
    }
    hand.sort_unstable();
    if g.s.players.len() == 2 {
        // Ruling 21: with 2 players the cards go face down into the year's pile unseen.
        g.s.row_pile.extend(hand);
    } else {
        g.s.players[seat].hand = hand;
    }
    let p = &mut g.s.players[seat];
    p.split = Some(split);
    ev.add(|| Event::Drew { seat, split });
    for pile in emptied {
        ev.add(|| Event::PileEmptied { pile });
    }
    if let Phase::Upkeep { next } = g.s.phase {
        g.s.phase = Phase::Upkeep { next: next + 1 };
    }
}

// ---------------------------------------------------------------- the draft

fn design(g: &Game, card: &str) -> Result<DesignIdx, ActionError> {
    g.deck
        .location_by_id(card)
        .ok_or_else(|| ActionError::UnknownCard(card.to_string()))
}

/// [`design`], looking among `likely` first: a hand or the row holds the card named far more
/// often than not, and a few comparisons there spare a search of the whole deck. Ids are unique
/// in a deck (the deck file is refused otherwise), so the answer is the same.
fn design_among(g: &Game, likely: &[DesignIdx], card: &str) -> Result<DesignIdx, ActionError> {
    match likely.iter().find(|&&d| g.deck.location(d).id == card) {
        Some(&d) => {
            debug_assert_eq!(g.deck.location_by_id(card), Some(d), "{card}");
            Ok(d)
        }
        None => design(g, card),
    }
}

fn check_select(g: &Game, seat: usize, card: &str) -> Result<DesignIdx, ActionError> {
    let Phase::Action { .. } = g.s.phase else {
        return Err(ActionError::WrongPhase(
            "cards are selected in the action phase",
        ));
    };
    let p = &g.s.players[seat];
    if p.hand.is_empty() {
        return Err(ActionError::WrongPhase("you have no cards left this year"));
    }
    let d = design_among(g, &p.hand, card)?;
    let p = &g.s.players[seat];
    // Choosing the card already chosen would change nothing: refuse it, so a double click is
    // not recorded as a second decision.
    if p.selected == Some(d) {
        return Err(ActionError::AlreadySelected(card.to_string()));
    }
    if !p.hand.contains(&d) {
        return Err(ActionError::NotInHand(card.to_string()));
    }
    Ok(d)
}

fn check_pick(g: &Game, seat: usize, card: &str) -> Result<DesignIdx, ActionError> {
    let Phase::Duel { current, taken, .. } = g.s.phase else {
        return Err(ActionError::WrongPhase(
            "cards are taken from the row in a 2-player action phase",
        ));
    };
    if current as usize != seat {
        return Err(ActionError::NotYourTurn(
            "the other player takes a card now",
        ));
    }
    if taken {
        return Err(ActionError::AlreadyPicked);
    }
    let d = design_among(g, &g.s.row, card)?;
    if !g.s.row.contains(&d) {
        return Err(ActionError::NotFaceUp(card.to_string()));
    }
    Ok(d)
}

// ---------------------------------------------------------------- building

/// A checked build, ready to apply.
pub(super) struct BuildPlan {
    card: CellCard,
    pos: Pos,
    coins: u32,
    food: u32,
    /// Tower cell index for each Water paid.
    water: eval::Paid,
    extra: u8,
    /// Indices into the seat's set-aside tiles.
    tiles: SmallVec<[usize; 2]>,
    /// The revealed card (discarded unless it is the card built).
    revealed: DesignIdx,
}

/// Total cost of an ability's optional repeats (`Effect::Repeat`), evaluated at `subject`.
/// Always inlined: nearly every check asks for no repeats, which is answered at once, and the
/// compiler stopped inlining it on its own when this file grew (a call per check, measured).
#[inline(always)]
fn repeat_cost(
    at: &SeatFarm,
    subject: Pos,
    ability: Option<&Ability>,
    extra: u8,
) -> Result<Cost3, ActionError> {
    if extra == 0 {
        return Ok(Cost3::default());
    }
    match ability.and_then(repeat_of) {
        Some((max, pay)) if extra <= max => Ok(cost3(at, subject, pay).times(extra)),
        Some((max, _)) => Err(ActionError::TooManyRepeats(max)),
        None => Err(ActionError::TooManyRepeats(0)),
    }
}

/// A cost with its numbers worked out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Cost3 {
    pub coins: u32,
    pub water: u32,
    pub food: u32,
}

impl Cost3 {
    /// The cost paid `n` times (an ability's repeats), saturating as [`Cost3::plus`] does.
    fn times(self, n: u8) -> Cost3 {
        let n = u32::from(n);
        Cost3 {
            coins: self.coins.saturating_mul(n),
            water: self.water.saturating_mul(n),
            food: self.food.saturating_mul(n),
        }
    }

    /// Both costs together; a cost too large to count is too large to pay, so saturating is
    /// exact for every check that follows.
    fn plus(self, o: Cost3) -> Cost3 {
        Cost3 {
            coins: self.coins.saturating_add(o.coins),
            water: self.water.saturating_add(o.water),
            food: self.food.saturating_add(o.food),
        }
    }
}

/// A cost worked out at `subject`.
pub(super) fn cost3(at: &SeatFarm, subject: Pos, c: &Cost) -> Cost3 {
    Cost3 {
        coins: at.amount(subject, &c.coins),
        water: at.amount(subject, &c.water),
        food: at.amount(subject, &c.food),
    }
}

/// Checks that a seat can pay `cost` with Water for `target`, and picks the towers. With `plan`
/// false (the listing of legal actions, which only asks whether an action is allowed) the
/// engine's default choice of towers is not worked out: it exists whenever there is Water enough.
/// `towers`, when the caller knows them, are every tower whose range reaches `target` (see
/// [`HarvestEntry::towers`]): the Water in reach is then read off them instead of searched for,
/// and so are the towers that may pay.
#[allow(clippy::too_many_arguments)]
fn check_payment(
    g: &Game,
    seat: usize,
    info: &eval::FarmInfo,
    target: Pos,
    cost: Cost3,
    water: &[Pos],
    plan: bool,
    towers: Option<&[u16]>,
) -> Result<eval::Paid, ActionError> {
    if water.is_empty() && !plan {
        // Only whether the cost can be paid matters.
        return can_pay(g, seat, info, target, cost, towers).map(|()| eval::Paid::new());
    }
    let p = &g.s.players[seat];
    check_coins_food(p, cost)?;
    if cost.water == 0 {
        if !water.is_empty() {
            return Err(ActionError::BadWaterPayment("no Water is needed".into()));
        }
        return Ok(eval::Paid::new());
    }
    let sources = match towers {
        // The towers holding Water among those in reach, in the farm's order (the order of
        // `FarmInfo::water_sources`).
        Some(towers) => towers
            .iter()
            .map(|&t| (t as usize, p.farm.cells[t as usize].water))
            .filter(|&(_, w)| w > 0)
            .collect(),
        None => info.water_sources(&g.deck, &p.farm, target),
    };
    let have: u32 = sources.iter().map(|&(_, w)| w as u32).sum();
    if have < cost.water {
        return Err(ActionError::NotEnoughWater {
            need: cost.water,
            have,
        });
    }
    if water.is_empty() {
        if !plan {
            return Ok(eval::Paid::new());
        }
        return Ok(eval::default_payment(&sources, cost.water).expect("enough Water checked"));
    }
    if water.len() as u32 != cost.water {
        return Err(ActionError::BadWaterPayment(format!(
            "name exactly {} Water, not {}",
            cost.water,
            water.len()
        )));
    }
    // Ruling 11: each Water comes from a tower in range holding it.
    let mut left = sources;
    let mut out = eval::Paid::with_capacity(water.len());
    for &pos in water {
        let k = left
            .iter()
            .position(|&(i, _)| p.farm.cells[i].pos == pos)
            .ok_or_else(|| {
                ActionError::BadWaterPayment(format!(
                    "there is no Water Tower with Water in range at {}",
                    pos.label()
                ))
            })?;
        if left[k].1 == 0 {
            let named = water.iter().filter(|&&t| t == pos).count();
            return Err(ActionError::BadWaterPayment(format!(
                "the Water Tower at {} holds only {} Water, and you named it {named} times",
                pos.label(),
                p.farm.cells[left[k].0].water
            )));
        }
        left[k].1 -= 1;
        out.push(left[k].0);
    }
    Ok(out)
}

/// The coins and Food of `cost` against what the player holds: the first checks of both
/// [`check_payment`] and [`can_pay`], in the order their errors are reported.
fn check_coins_food(p: &PlayerState, cost: Cost3) -> Result<(), ActionError> {
    if p.coins < cost.coins {
        return Err(ActionError::NotEnoughCoins {
            need: cost.coins,
            have: p.coins,
        });
    }
    if p.food < cost.food {
        return Err(ActionError::NotEnoughFood {
            need: cost.food,
            have: p.food,
        });
    }
    Ok(())
}

/// [`check_payment`] with no Water named and no towers picked (`plan` false): the same checks in
/// the same order, without a [`eval::Paid`] to hand back. The listing of legal actions asks this
/// for every build space and every Harvest ability, and only wants to know whether it passes.
fn can_pay(
    g: &Game,
    seat: usize,
    info: &eval::FarmInfo,
    target: Pos,
    cost: Cost3,
    towers: Option<&[u16]>,
) -> Result<(), ActionError> {
    let p = &g.s.players[seat];
    check_coins_food(p, cost)?;
    if cost.water == 0 {
        return Ok(());
    }
    // Only whether there is Water enough matters: the same sum, without listing towers.
    let have = match towers {
        Some(towers) => towers
            .iter()
            .map(|&t| p.farm.cells[t as usize].water as u32)
            .sum(),
        None => info.water_in_reach(&g.deck, &p.farm, target),
    };
    if have < cost.water {
        return Err(ActionError::NotEnoughWater {
            need: cost.water,
            have,
        });
    }
    Ok(())
}

/// Whether a face-up card of kind `card` accepts Equipment `e` by its placement text (ruling 17).
pub(crate) fn host_accepts(deck: &Deck, card: CellCard, e: EquipIdx) -> bool {
    let def = deck.equip(e);
    let matches = match card {
        CellCard::WaterTower => matches!(
            def.host,
            Filter::Card | Filter::Location | Filter::WaterTower | Filter::EmptyWaterTower
        ),
        CellCard::Silo => matches!(def.host, Filter::Card | Filter::Location | Filter::Silo),
        CellCard::Location(d) => eval::design_matches(deck, d, def.host),
    };
    let timing_ok = match (def.host_timing, card) {
        (None, _) => true,
        (Some(t), CellCard::Location(d)) => deck.location(d).timing() == Some(t),
        (Some(_), _) => false,
    };
    matches && timing_ok
}

/// Checks set-aside tiles named for a card being built (ruling 17: only as it is built).
/// Inlined: most builds name no tiles (every check of the listing of legal actions), which needs
/// no call at all.
#[inline(always)]
fn check_tiles(
    g: &Game,
    seat: usize,
    card: CellCard,
    names: &[SmolStr],
) -> Result<SmallVec<[usize; 2]>, ActionError> {
    if names.is_empty() {
        return Ok(SmallVec::new());
    }
    check_named_tiles(g, seat, card, names)
}

/// [`check_tiles`] for one or more tiles named.
fn check_named_tiles(
    g: &Game,
    seat: usize,
    card: CellCard,
    names: &[SmolStr],
) -> Result<SmallVec<[usize; 2]>, ActionError> {
    let p = &g.s.players[seat];
    if names.len() > 2 {
        return Err(ActionError::BadEquipmentPlace {
            tile: names[2].to_string(),
            why: "a location holds at most 2 Equipment".into(),
        });
    }
    let mut out: SmallVec<[usize; 2]> = SmallVec::with_capacity(names.len());
    for name in names {
        let e = g
            .deck
            .equipment_by_id(name)
            .ok_or_else(|| ActionError::UnknownEquipment(name.to_string()))?;
        if out.iter().any(|&k| p.set_aside[k] == e) {
            return Err(ActionError::BadEquipmentPlace {
                tile: name.to_string(),
                why: "never two of the same kind on one location".into(),
            });
        }
        let k = p
            .set_aside
            .iter()
            .position(|&x| x == e)
            .ok_or_else(|| ActionError::NotSetAside(name.to_string()))?;
        if !host_accepts(&g.deck, card, e) {
            return Err(ActionError::BadEquipmentPlace {
                tile: name.to_string(),
                why: format!("it goes on: {}", host_text(&g.deck, e)),
            });
        }
        out.push(k);
    }
    Ok(out)
}

/// Where an Equipment tile goes, in English for the error's Display (the card texts players
/// read, in their language, are made by the render layer:
/// `render::fields_of_green::card_text::host_text`).
pub(super) fn host_text(deck: &Deck, e: EquipIdx) -> String {
    let def = deck.equip(e);
    let mut host = match def.host {
        Filter::Location | Filter::Card => "any location".to_string(),
        Filter::OpenArea => "Open Area".to_string(),
        Filter::WaterTower => "Water Tower".to_string(),
        Filter::EmptyWaterTower => "Empty Water Tower".to_string(),
        Filter::Silo => "Silo".to_string(),
        Filter::Pile(p) => p.name().to_string(),
        Filter::Kind(k) => format!("{} {}", k.name(), k.pile().name()),
        Filter::Harvest => "Location with a Harvest ability".to_string(),
        Filter::GameEnd => "Location with a Game End ability".to_string(),
    };
    if let Some(t) = def.host_timing {
        let t = match t {
            Timing::Immediate => "Immediate",
            Timing::Harvest => "Harvest",
            Timing::GameEnd => "Game End",
            Timing::Ongoing => "Ongoing",
        };
        host.push_str(&format!(" with a {t} ability"));
    }
    host
}

/// Checks action A: `BuildCheck::new(..)?.check(..)`, see there.
pub(super) fn check_build(
    g: &Game,
    seat: usize,
    info: &eval::FarmInfo,
    pos: Pos,
    water: &[Pos],
    extra: u8,
    tiles: &[SmolStr],
) -> Result<BuildPlan, ActionError> {
    BuildCheck::new(g, seat, info)?.check(g, seat, info, pos, water, extra, tiles)
}

/// Action A (ruling 8) checked in two parts: what does not depend on the space (the revealed card,
/// and its cost when that is the same everywhere), then each space. The listing of legal actions
/// makes one and tries every build space with it; `apply` makes one per action. Either way the
/// checks, and their order, are the same.
pub(super) struct BuildCheck<'d> {
    d: DesignIdx,
    cost: &'d Cost,
    /// The card's Immediate ability (where its optional repeats are).
    ability: Option<&'d Ability>,
    /// The cost when no part of it is counted and no Ongoing discount applies to the card, so
    /// that it is the same on every space.
    flat: Option<Cost3>,
    /// The farm's Ongoing discounts for this card, as (index in the `FarmInfo`'s modifiers,
    /// coins off), found once: only whether each reaches the space is left for each space (the
    /// `FarmInfo` checked with must be the one the check was made with).
    discounts: SmallVec<[(usize, u32); 2]>,
}

impl<'d> BuildCheck<'d> {
    pub(super) fn new(
        g: &'d Game,
        seat: usize,
        info: &eval::FarmInfo,
    ) -> Result<BuildCheck<'d>, ActionError> {
        let d = revealed(g, seat)?;
        let def = g.deck.location(d);
        let c = &def.cost;
        // The discounts of `FarmInfo::build_discount` for this card, the same modifiers in the
        // same order; none at all means it is 0 on every space.
        let discounts: SmallVec<[(usize, u32); 2]> = info
            .mods
            .iter()
            .enumerate()
            .filter_map(|(k, &(_, m))| match m {
                Modifier::BuildDiscount { of, coins, .. }
                    if eval::design_matches(&g.deck, d, of) =>
                {
                    Some((k, coins as u32))
                }
                _ => None,
            })
            .collect();
        // The card's cost when no part of it is counted, kept by the deck.
        let flat = if discounts.is_empty() {
            g.deck
                .plain_cost(d)
                .map(|[coins, water, food]| Cost3 { coins, water, food })
        } else {
            None
        };
        Ok(BuildCheck {
            d,
            cost: c,
            ability: def
                .ability
                .as_ref()
                .filter(|a| a.timing == Timing::Immediate),
            flat,
            discounts,
        })
    }

    /// The card's cost when it is the same on every space (see `flat`).
    pub(super) fn flat_cost(&self) -> Option<Cost3> {
        self.flat
    }

    /// True when [`BuildCheck::check`] with no Water named and no tiles gives the same answer on
    /// every build space for `extra` repeats: the cost and the repeats' cost are the same
    /// everywhere and no Water is needed (which towers can pay depends on the space, ruling 11).
    /// The listing of legal actions then checks one space and not each.
    pub(super) fn same_everywhere(&self, extra: u8) -> bool {
        let Some(flat) = self.flat else {
            return false;
        };
        if flat.water != 0 {
            return false;
        }
        if extra == 0 {
            return true;
        }
        let pay = self.ability.and_then(|a| {
            a.effects.iter().find_map(|e| match e {
                Effect::Repeat { pay, .. } => Some(pay),
                _ => None,
            })
        });
        match pay {
            Some(pay) => {
                pay.coins.is_fixed()
                    && pay.food.is_fixed()
                    && pay.water.is_fixed()
                    && pay.water.eval(0) == 0
            }
            // No repeats to buy: refused alike on every space.
            None => true,
        }
    }

    /// What [`BuildCheck::allows`] answers on the farm's build spaces for `extra` repeats, for
    /// `seat` as it stands, when that is the same on all of them: `Some(None)` when the check
    /// cannot depend on the space ([`BuildCheck::same_everywhere`]: any one space answers for
    /// all), `Some(Some(answer))` when it can but the bounds of the cost over every space settle
    /// it (a card with an Ongoing discount or a counted cost the player can pay even at its
    /// dearest, or not even at its cheapest), None when each space has to be checked.
    ///
    /// Inlined: the listing asks it for every card played, and nearly always the card has a
    /// plain cost without Water and no repeat is asked, which [`BuildCheck::same_everywhere`]
    /// answers at once; anything else is a call.
    #[inline(always)]
    pub(super) fn on_every_space(&self, g: &Game, seat: usize, extra: u8) -> Option<Option<bool>> {
        if extra == 0 && self.flat.is_some_and(|flat| flat.water == 0) {
            return Some(None);
        }
        self.on_every_space_otherwise(g, seat, extra)
    }

    /// [`BuildCheck::on_every_space`] past its first test.
    fn on_every_space_otherwise(&self, g: &Game, seat: usize, extra: u8) -> Option<Option<bool>> {
        if self.same_everywhere(extra) {
            return Some(None);
        }
        self.settled_by_bounds(g, seat, extra).map(Some)
    }

    /// [`BuildCheck::on_every_space`] for a check that may depend on the space: the answer on
    /// every space when the bounds of the cost settle it, or None.
    fn settled_by_bounds(&self, g: &Game, seat: usize, extra: u8) -> Option<bool> {
        let p = &g.s.players[seat];
        let Some((lo, hi)) = self.cost_bounds(p, extra) else {
            // More repeats than the card offers: `total_cost` refuses them on every space.
            return Some(false);
        };
        // `can_pay` checks the coins, then the Food, then (only when some is needed) the Water
        // in reach of the space, which is never more than the farm's towers hold together.
        if hi.coins <= p.coins && hi.food <= p.food && hi.water == 0 {
            return Some(true);
        }
        if lo.coins > p.coins || lo.food > p.food {
            return Some(false);
        }
        if lo.water > 0 && lo.water > p.farm.water_held() {
            return Some(false);
        }
        None
    }

    /// The least and the most, part by part, that [`BuildCheck::total_cost`] with `extra`
    /// repeats comes to on any space (see [`eval::amount_bounds`]), or None when it is refused on
    /// every space (more repeats than the card offers, as [`repeat_cost`] finds).
    fn cost_bounds(&self, p: &PlayerState, extra: u8) -> Option<(Cost3, Cost3)> {
        let cards = u32::try_from(p.farm.cells.len()).unwrap_or(u32::MAX);
        let bounds = |c: &Cost| {
            let [coins, water, food] = [&c.coins, &c.water, &c.food]
                .map(|a| eval::amount_bounds(a, p.coins, p.food, cards));
            (
                Cost3 {
                    coins: coins.0,
                    water: water.0,
                    food: food.0,
                },
                Cost3 {
                    coins: coins.1,
                    water: water.1,
                    food: food.1,
                },
            )
        };
        let (mut lo, hi) = match self.flat {
            Some(flat) => (flat, flat),
            None => bounds(self.cost),
        };
        // The discounts take coins off (saturating at 0): the least with all of them, the most
        // with none.
        let off = self
            .discounts
            .iter()
            .fold(0u32, |sum, &(_, coins)| sum.saturating_add(coins));
        lo.coins = lo.coins.saturating_sub(off);
        if extra == 0 {
            return Some((lo, hi));
        }
        let (max, pay) = self.ability.and_then(repeat_of)?;
        if extra > max {
            return None;
        }
        // Each repeat costs the same, multiplied (saturating, so still monotone).
        let (one_lo, one_hi) = bounds(pay);
        Some((lo.plus(one_lo.times(extra)), hi.plus(one_hi.times(extra))))
    }

    /// The checks that depend on the space, the payment and the tiles.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn check(
        &self,
        g: &Game,
        seat: usize,
        info: &eval::FarmInfo,
        pos: Pos,
        water: &[Pos],
        extra: u8,
        tiles: &[SmolStr],
    ) -> Result<BuildPlan, ActionError> {
        self.check_with(g, seat, info, pos, water, extra, tiles, true)
    }

    /// True when building on `pos`, one of the farm's build spaces, with `extra` repeats, the
    /// engine choosing the Water and no tiles placed, passes [`BuildCheck::check`]: the same
    /// checks, without working out the towers that would pay (what the listing of legal actions
    /// asks for every space). No tiles are named, which [`check_tiles`] always accepts, so the
    /// check stops after the payment ([`can_pay`]) and no [`BuildPlan`] is put together.
    pub(super) fn allows(
        &self,
        g: &Game,
        seat: usize,
        info: &eval::FarmInfo,
        pos: Pos,
        extra: u8,
    ) -> bool {
        // The listing only tries the farm's build spaces, so the first check of
        // `check_space` (is `pos` one?) is known to pass and is left out here.
        debug_assert!(info.is_build_space(&g.s.players[seat].farm, pos));
        let Ok(total) = self.total_cost(g, seat, info, pos, extra) else {
            return false;
        };
        can_pay(g, seat, info, pos, total, None).is_ok()
    }

    #[allow(clippy::too_many_arguments)]
    fn check_with(
        &self,
        g: &Game,
        seat: usize,
        info: &eval::FarmInfo,
        pos: Pos,
        water: &[Pos],
        extra: u8,
        tiles: &[SmolStr],
        plan: bool,
    ) -> Result<BuildPlan, ActionError> {
        let (total, water) = self.check_space(g, seat, info, pos, water, extra, plan)?;
        let d = self.d;
        let tiles = check_tiles(g, seat, CellCard::Location(d), tiles)?;
        Ok(BuildPlan {
            card: CellCard::Location(d),
            pos,
            coins: total.coins,
            food: total.food,
            water,
            extra,
            tiles,
            revealed: d,
        })
    }

    /// The checks of [`BuildCheck::check`] before the tiles: the space, the cost there with its
    /// repeats, and the payment. The total cost and the towers paying each Water (none unless
    /// `plan`).
    #[allow(clippy::too_many_arguments)]
    fn check_space(
        &self,
        g: &Game,
        seat: usize,
        info: &eval::FarmInfo,
        pos: Pos,
        water: &[Pos],
        extra: u8,
        plan: bool,
    ) -> Result<(Cost3, eval::Paid), ActionError> {
        let p = &g.s.players[seat];
        if !info.is_build_space(&p.farm, pos) {
            return Err(ActionError::NotBuildable(Space::at(pos)));
        }
        let total = self.total_cost(g, seat, info, pos, extra)?;
        let water = check_payment(g, seat, info, pos, total, water, plan, None)?;
        Ok((total, water))
    }

    /// The cost of building on `pos` (a build space) with `extra` repeats: the card's cost there
    /// with its discounts, plus the repeats' (the checks of [`BuildCheck::check_space`] between
    /// the space and the payment).
    fn total_cost(
        &self,
        g: &Game,
        seat: usize,
        info: &eval::FarmInfo,
        pos: Pos,
        extra: u8,
    ) -> Result<Cost3, ActionError> {
        let deck = &*g.deck;
        let p = &g.s.players[seat];
        let cost = match self.flat {
            Some(flat) => flat,
            None => {
                let at = SeatFarm::of(deck, p, Some(info.grid(&p.farm)));
                let mut cost = cost3(&at, pos, self.cost);
                let off: u32 = self
                    .discounts
                    .iter()
                    .filter(|&&(k, _)| info.mod_reaches(&p.farm, k, pos))
                    .map(|&(_, coins)| coins)
                    .sum();
                debug_assert_eq!(off, info.build_discount(deck, &p.farm, self.d, pos));
                cost.coins = cost.coins.saturating_sub(off);
                cost
            }
        };
        let at = SeatFarm::of(deck, p, Some(info.grid(&p.farm)));
        let rep = repeat_cost(&at, pos, self.ability, extra)?;
        Ok(cost.plus(rep))
    }
}

/// Actions B and C (ruling 8): a Water Tower for 2 coins, or a Silo for free.
pub(super) fn check_special(
    g: &Game,
    seat: usize,
    card: CellCard,
    pos: Pos,
    tiles: &[SmolStr],
) -> Result<BuildPlan, ActionError> {
    let d = revealed(g, seat)?;
    let p = &g.s.players[seat];
    let coins = match card {
        CellCard::WaterTower => {
            if g.s.towers_left == 0 {
                return Err(ActionError::NoWaterTowersLeft);
            }
            g.deck.supply.tower_cost as u32
        }
        _ => {
            if g.s.silos_left == 0 {
                return Err(ActionError::NoSilosLeft);
            }
            0
        }
    };
    if !p.farm.is_build_space(pos) {
        return Err(ActionError::NotBuildable(Space::at(pos)));
    }
    if p.coins < coins {
        return Err(ActionError::NotEnoughCoins {
            need: coins,
            have: p.coins,
        });
    }
    let tiles = check_tiles(g, seat, card, tiles)?;
    Ok(BuildPlan {
        card,
        pos,
        coins,
        food: 0,
        water: eval::Paid::new(),
        extra: 0,
        tiles,
        revealed: d,
    })
}

fn exec_build(g: &mut Game, seat: usize, plan: BuildPlan, ev: &mut Events) {
    let deck = g.deck.clone();
    let discarded = id(g, plan.revealed);
    let p = &mut g.s.players[seat];
    p.coins -= plan.coins;
    p.food -= plan.food;
    for &i in &plan.water {
        p.farm.cells[i].water -= 1;
    }
    p.revealed = None;
    let paid = Delta {
        coins: plan.coins,
        water: plan.water.len() as u32,
        food: plan.food,
        vp: 0,
    };
    let water = if plan.card == CellCard::WaterTower {
        deck.supply.tower_capacity
    } else {
        0
    };
    p.farm.cells.push(Cell {
        pos: plan.pos,
        card: plan.card,
        face_up: true,
        water,
        equipment: Vec::new(),
    });
    g.card_added(seat);
    let p = &mut g.s.players[seat];
    let i = p.farm.cells.len() - 1;
    // Take the tiles out of the set-aside pile, highest index first so the others stay put.
    let mut ks = plan.tiles.clone();
    ks.sort_unstable_by(|a, b| b.cmp(a));
    let mut tiles: Vec<EquipIdx> = ks.iter().map(|&k| p.set_aside.remove(k)).collect();
    tiles.reverse();
    match plan.card {
        CellCard::Location(d) => ev.add(|| Event::Built {
            seat,
            card: id(g, d),
            pos: plan.pos,
            paid,
        }),
        CellCard::WaterTower => {
            g.s.towers_left -= 1;
            g.s.discard.push(plan.revealed);
            ev.add(|| Event::BuiltWaterTower {
                seat,
                pos: plan.pos,
                discarded,
                paid,
            });
        }
        CellCard::Silo => {
            g.s.silos_left -= 1;
            g.s.discard.push(plan.revealed);
            ev.add(|| Event::BuiltSilo {
                seat,
                pos: plan.pos,
                discarded,
            });
        }
    }
    // The tiles are placed "as you build" (ruling 17), before the location's Immediate ability.
    for t in tiles {
        place_tile(g, seat, i, t, ev);
    }
    if let CellCard::Location(d) = plan.card
        && let Some(a) = deck
            .location(d)
            .ability
            .as_ref()
            .filter(|a| a.timing == Timing::Immediate)
    {
        run_effects(g, seat, plan.pos, &a.effects, plan.extra, ev);
    }
    draw_offer(g, seat, ev);
}

// ---------------------------------------------------------------- effects

/// Applies effects for the card at `subject` in order; `extra` is the number of optional repeats
/// already paid for.
pub(super) fn run_effects(
    g: &mut Game,
    seat: usize,
    subject: Pos,
    effects: &[Effect],
    extra: u8,
    ev: &mut Events,
) {
    let deck = g.deck.clone();
    for e in effects {
        let p = &g.s.players[seat];
        match e {
            Effect::Gain { gain, when } => {
                if SeatFarm::of(&deck, p, Some(g.grid(seat))).holds(subject, when) {
                    let d = gain_now(g, &deck, seat, subject, gain);
                    gain_delta(g, seat, subject, d, ev);
                }
            }
            Effect::Refill { water, scope, when } => {
                if SeatFarm::of(&deck, p, Some(g.grid(seat))).holds(subject, when) {
                    let targets: Vec<usize> = match scope {
                        Scope::This => p.farm.index_of(subject).into_iter().collect(),
                        _ => eval::cells_in_scope(&p.farm, subject, *scope),
                    };
                    let mut filled = Vec::new();
                    for i in targets {
                        let farm = &g.s.players[seat].farm;
                        if farm.cells[i].card != CellCard::WaterTower {
                            continue;
                        }
                        let cap = g.farm_info(seat).tower_capacity(&deck, farm, i);
                        let add = water
                            .min(&cap.saturating_sub(farm.cells[i].water))
                            .to_owned();
                        if add > 0 {
                            let c = &mut g.s.players[seat].farm.cells[i];
                            c.water += add;
                            filled.push((c.pos, add));
                        }
                    }
                    if !filled.is_empty() {
                        ev.add(|| Event::Refilled {
                            seat,
                            towers: filled,
                        });
                    }
                }
            }
            Effect::Equipment { count, when } => {
                if SeatFarm::of(&deck, p, Some(g.grid(seat))).holds(subject, when) {
                    let p = &mut g.s.players[seat];
                    p.pending_equipment = p.pending_equipment.saturating_add(*count);
                }
            }
            Effect::Repeat { gain, .. } => {
                for _ in 0..extra {
                    let d = gain_now(g, &deck, seat, subject, gain);
                    gain_delta(g, seat, subject, d, ev);
                }
            }
        }
    }
}

/// Adds coins, Food (up to the Silos' capacity; the rest is lost, ruling 14) and VP tokens.
/// What `gain` gives the card at `subject` on `seat`'s farm now: its coins, food and VP counted
/// on the farm's cached grid (a Gain never gives Water).
fn gain_now(
    g: &Game,
    deck: &Deck,
    seat: usize,
    subject: Pos,
    gain: &crate::fields_of_green::effects::Gain,
) -> Delta {
    let at = SeatFarm::of(deck, &g.s.players[seat], Some(g.grid(seat)));
    let amount = |a| at.amount(subject, a);
    Delta {
        coins: amount(&gain.coins),
        water: 0,
        food: amount(&gain.food),
        vp: amount(&gain.vp),
    }
}

fn gain_delta(g: &mut Game, seat: usize, subject: Pos, d: Delta, ev: &mut Events) {
    if d.is_empty() {
        return;
    }
    let cap = g.food_capacity(seat);
    let p = &mut g.s.players[seat];
    let food = d.food.min(cap.saturating_sub(p.food));
    // Supplies are unlimited (ruling 1): counts saturate rather than wrap.
    p.coins = p.coins.saturating_add(d.coins);
    p.food += food;
    p.vp_tokens = p.vp_tokens.saturating_add(d.vp);
    ev.add(|| Event::Gained {
        seat,
        pos: subject,
        gained: Delta { food, ..d },
        food_lost: d.food - food,
    });
}

/// Draws the next Equipment offer if one is owed and none is open (ruling 17: draw 3).
pub(super) fn draw_offer(g: &mut Game, seat: usize, ev: &mut Events) {
    let p = &g.s.players[seat];
    if !p.offer.is_empty() || p.pending_equipment == 0 {
        return;
    }
    if g.s.equipment.is_empty() {
        // The rules are silent on an empty stack; the gain is simply lost.
        g.s.players[seat].pending_equipment = 0;
        ev.add(|| Event::EquipmentStackEmpty { seat });
        return;
    }
    let k = g.s.equipment.len().min(3);
    let offer: Vec<EquipIdx> = g.s.equipment.drain(..k).collect();
    let p = &mut g.s.players[seat];
    p.offer = offer;
    p.pending_equipment -= 1;
    ev.add(|| Event::EquipmentDrawn {
        seat,
        count: k as u32,
    });
}

fn check_equipment(
    g: &Game,
    seat: usize,
    keep: &str,
    place: Option<Pos>,
) -> Result<(usize, Option<usize>), ActionError> {
    let p = &g.s.players[seat];
    let e = g
        .deck
        .equipment_by_id(keep)
        .ok_or_else(|| ActionError::UnknownEquipment(keep.to_string()))?;
    let k = p
        .offer
        .iter()
        .position(|&x| x == e)
        .ok_or_else(|| ActionError::NotOffered(keep.to_string()))?;
    let host = match place {
        None => None,
        Some(pos) => {
            let bad = |why: &str| ActionError::BadEquipmentPlace {
                tile: keep.to_string(),
                why: why.to_string(),
            };
            let i = p
                .farm
                .index_of(pos)
                .ok_or_else(|| bad("there is no card there"))?;
            let c = &p.farm.cells[i];
            if !c.face_up {
                return Err(bad("an Open Area cannot hold Equipment"));
            }
            if c.equipment.len() >= 2 {
                return Err(bad("a location holds at most 2 Equipment"));
            }
            if c.equipment.contains(&e) {
                return Err(bad("never two of the same kind on one location"));
            }
            if !host_accepts(&g.deck, c.card, e) {
                return Err(bad(&format!("it goes on: {}", host_text(&g.deck, e))));
            }
            Some(i)
        }
    };
    Ok((k, host))
}

/// Puts a tile on a card and applies its once-only effects (ruling 17: no timing = on placing).
fn place_tile(g: &mut Game, seat: usize, i: usize, tile: EquipIdx, ev: &mut Events) {
    let deck = g.deck.clone();
    let pos = {
        let c = &mut g.s.players[seat].farm.cells[i];
        c.equipment.push(tile);
        c.pos
    };
    g.farm_changed(seat);
    ev.add(|| Event::EquipmentPlaced {
        seat,
        tile: tile_id(g, tile),
        pos,
    });
    let a = &deck.equip(tile).ability;
    if a.timing == Timing::Immediate {
        run_effects(g, seat, pos, &a.effects, 0, ev);
    }
}

// ---------------------------------------------------------------- harvest

pub(super) struct HarvestPlan {
    i: usize,
    coins: u32,
    food: u32,
    water: eval::Paid,
    extra: u8,
}

pub(super) fn check_harvest(
    g: &Game,
    seat: usize,
    info: &eval::FarmInfo,
    pos: Pos,
    water: &[Pos],
    extra: u8,
) -> Result<HarvestPlan, ActionError> {
    check_harvest_with(g, seat, info, pos, water, extra, true)
}

/// True when [`check_harvest`] accepts the Harvest ability at `pos` with `extra` repeats and
/// the engine choosing the Water: the same checks, without working out the towers that pay.
#[cfg(test)]
pub(super) fn harvest_allowed(
    g: &Game,
    seat: usize,
    info: &eval::FarmInfo,
    pos: Pos,
    extra: u8,
) -> bool {
    check_harvest_with(g, seat, info, pos, &[], extra, false).is_ok()
}

fn check_harvest_with(
    g: &Game,
    seat: usize,
    info: &eval::FarmInfo,
    pos: Pos,
    water: &[Pos],
    extra: u8,
    plan: bool,
) -> Result<HarvestPlan, ActionError> {
    harvest_open(g, seat)?;
    // The sheet holds every face-up card with a Harvest ability (the same answer as looking the
    // card up on the grid and reading its ability).
    let entry = g
        .harvest_sheet(seat, info)
        .iter()
        .find(|e| e.pos == pos)
        .ok_or_else(|| ActionError::NoHarvestAbility(Space::at(pos)))?;
    check_harvest_entry(g, seat, info, entry, water, extra, plan)
}

/// The checks of the harvest itself: it is under way and the seat has not finished it.
fn harvest_open(g: &Game, seat: usize) -> Result<(), ActionError> {
    if g.s.phase != Phase::Harvest {
        return Err(ActionError::WrongPhase(
            "Harvest abilities are used in the harvest",
        ));
    }
    if g.s.players[seat].harvest_done {
        return Err(ActionError::HarvestDone);
    }
    Ok(())
}

/// One Harvest ability of a farm with the parts of its check that stay the same while the farm's
/// cards do (where they are, which side is up, their Equipment): the card, how often it may be
/// used, its repeats, its cost when that is not counted on anything that changes in a harvest,
/// and the Water Towers whose range reaches it. The game keeps them per farm (see
/// `Game::harvest_sheet`): the harvest checks each ability after every action of its seat, and a
/// Water Tower's reach was a search per tower.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct HarvestEntry {
    pub(crate) pos: Pos,
    i: usize,
    /// [`eval::FarmInfo::harvest_limit`].
    limit: u8,
    /// The most repeats the ability offers (0 without an `Effect::Repeat`).
    pub(crate) max_extra: u8,
    /// The ability's cost and the cost of one repeat, when no part of either counts the seat's
    /// stores or empty Water Towers (which change during a harvest); worked out at each check
    /// otherwise.
    costs: Option<(Cost3, Cost3)>,
    /// Every Water Tower, Water or not, whose range reaches the card (ruling 11), in the farm's
    /// order: the Water in reach is the Water they hold.
    pub(crate) towers: SmallVec<[u16; 8]>,
}

/// The [`HarvestEntry`]s of a farm, in the farm's order of cards.
pub(crate) type HarvestSheet = Vec<HarvestEntry>;

/// True when an amount's value can change without the farm's cards changing: it counts the
/// seat's coins or Food, or Water Towers by the Water they hold.
fn counts_stores(a: &crate::fields_of_green::effects::Amount) -> bool {
    use crate::fields_of_green::effects::Count;
    match a.count {
        None => false,
        Some(Count::Cards { of, .. }) => of == Filter::EmptyWaterTower,
        Some(Count::Food | Count::Coins) => true,
    }
}

/// [`counts_stores`] for any part of a cost.
fn cost_counts_stores(c: &Cost) -> bool {
    counts_stores(&c.coins) || counts_stores(&c.water) || counts_stores(&c.food)
}

/// The pay of an ability's optional repeats, if it has any (the first `Effect::Repeat`, as
/// [`repeat_cost`] reads it), with their most.
pub(super) fn repeat_of(ability: &Ability) -> Option<(u8, &Cost)> {
    ability.effects.iter().find_map(|e| match e {
        Effect::Repeat { max, pay, .. } => Some((*max, pay)),
        _ => None,
    })
}

/// The [`HarvestSheet`] of `seat`'s farm, worked out from scratch.
pub(crate) fn harvest_sheet(g: &Game, seat: usize, info: &eval::FarmInfo) -> HarvestSheet {
    let deck = &*g.deck;
    let p = &g.s.players[seat];
    let farm = &p.farm;
    let grid = info.grid(farm);
    // Every tower with its range, found once for all the abilities.
    let ranges: SmallVec<[(usize, u8); 8]> = (0..farm.cells.len())
        .filter(|&i| farm.cells[i].card == CellCard::WaterTower)
        .map(|i| (i, info.range_of(deck, farm, i)))
        .collect();
    let reach = ranges.iter().map(|&(_, r)| r).max().unwrap_or(0);
    // Room for the usual handful of Harvest cards at once (one allocation, no regrowth).
    let mut out = HarvestSheet::with_capacity(8);
    for (i, c) in farm.cells.iter().enumerate() {
        let Some(ability) =
            eval::cell_ability(deck, farm, i).filter(|a| a.timing == Timing::Harvest)
        else {
            continue;
        };
        let repeat = repeat_of(ability);
        let costs = (!cost_counts_stores(&ability.cost)
            && repeat.is_none_or(|(_, pay)| !cost_counts_stores(pay)))
        .then(|| {
            let seat_farm = SeatFarm::of(deck, p, Some(grid));
            let at = |cost: &Cost| cost3(&seat_farm, c.pos, cost);
            (
                at(&ability.cost),
                repeat.map_or(Cost3::default(), |(_, pay)| at(pay)),
            )
        });
        // Distance through the farm is symmetric: one search from the card, as far as the
        // longest range, finds every tower that reaches it.
        let towers = if ranges.is_empty() {
            SmallVec::new()
        } else {
            let dist = farm.distances_within(grid, c.pos, reach);
            ranges
                .iter()
                .filter(|&&(t, range)| dist[t] <= range)
                .map(|&(t, _)| t as u16)
                .collect()
        };
        out.push(HarvestEntry {
            pos: c.pos,
            i,
            limit: info.harvest_limit(farm, i),
            max_extra: repeat.map_or(0, |(max, _)| max),
            costs,
            towers,
        });
    }
    out
}

/// Whether the kept [`HarvestSheet`] of `seat` is what a fresh look at the farm gives, both by
/// [`harvest_sheet`] and by the plain searches of `eval` (each tower's range and distances, the
/// costs counted on the card's space): for the tests.
#[cfg(test)]
pub(super) fn sheet_is_fresh(g: &Game, seat: usize) -> Result<(), String> {
    let deck = &*g.deck;
    let p = &g.s.players[seat];
    let farm = &p.farm;
    let info = g.farm_info(seat);
    let kept = g.harvest_sheet(seat, &info);
    let fresh = harvest_sheet(g, seat, &eval::FarmInfo::new(deck, farm));
    if kept != fresh.as_slice() {
        return Err(format!("kept {kept:?}, fresh {fresh:?}"));
    }
    let cards: Vec<Pos> = (0..farm.cells.len())
        .filter(|&i| eval::cell_ability(deck, farm, i).is_some_and(|a| a.timing == Timing::Harvest))
        .map(|i| farm.cells[i].pos)
        .collect();
    let listed: Vec<Pos> = kept.iter().map(|e| e.pos).collect();
    if cards != listed {
        return Err(format!("Harvest cards {cards:?}, sheet {listed:?}"));
    }
    for e in kept {
        let dist = farm.distances(e.pos);
        let towers: SmallVec<[u16; 8]> = (0..farm.cells.len())
            .filter(|&t| {
                farm.cells[t].card == CellCard::WaterTower
                    && dist[t] <= eval::tower_range(deck, farm, t)
            })
            .map(|t| t as u16)
            .collect();
        if towers != e.towers {
            return Err(format!(
                "at {}: towers {towers:?}, sheet {:?}",
                e.pos, e.towers
            ));
        }
        if e.limit != eval::harvest_limit(deck, farm, e.i) {
            return Err(format!("at {}: limit {}", e.pos, e.limit));
        }
        let ability = eval::cell_ability(deck, farm, e.i).expect("a Harvest card");
        let repeat = repeat_of(ability);
        if e.max_extra != repeat.map_or(0, |(max, _)| max) {
            return Err(format!("at {}: repeats {}", e.pos, e.max_extra));
        }
        if let Some((base, one)) = e.costs {
            let seat_farm = SeatFarm::of(deck, p, None);
            let at = |c: &Cost| cost3(&seat_farm, e.pos, c);
            let want = (
                at(&ability.cost),
                repeat.map_or(Cost3::default(), |(_, pay)| at(pay)),
            );
            if (base, one) != want {
                return Err(format!(
                    "at {}: costs {:?}, counted {want:?}",
                    e.pos,
                    (base, one)
                ));
            }
        }
    }
    Ok(())
}

/// [`check_harvest_with`] for the ability of `entry` (one of the seat's sheet).
#[allow(clippy::too_many_arguments)]
fn check_harvest_entry(
    g: &Game,
    seat: usize,
    info: &eval::FarmInfo,
    entry: &HarvestEntry,
    water: &[Pos],
    extra: u8,
    plan: bool,
) -> Result<HarvestPlan, ActionError> {
    let total = entry_cost(g, seat, info, entry, extra)?;
    let water = check_payment(
        g,
        seat,
        info,
        entry.pos,
        total,
        water,
        plan,
        Some(&entry.towers),
    )?;
    Ok(HarvestPlan {
        i: entry.i,
        coins: total.coins,
        food: total.food,
        water,
        extra,
    })
}

/// The checks of [`check_harvest_entry`] before the payment: the ability may be used again, and
/// what it costs with `extra` repeats.
fn entry_cost(
    g: &Game,
    seat: usize,
    info: &eval::FarmInfo,
    entry: &HarvestEntry,
    extra: u8,
) -> Result<Cost3, ActionError> {
    let deck = &*g.deck;
    let p = &g.s.players[seat];
    let pos = entry.pos;
    // Ruling 14: once each, more only where an Equipment says so.
    let used = p.harvested.iter().filter(|&&x| x == pos).count();
    if used >= entry.limit as usize {
        return Err(ActionError::AlreadyHarvested);
    }
    let (base, rep) = match entry.costs {
        Some((base, one)) => {
            if extra > entry.max_extra {
                return Err(ActionError::TooManyRepeats(entry.max_extra));
            }
            (base, one.times(extra))
        }
        None => {
            let ability = eval::cell_ability(deck, &p.farm, entry.i).expect("a Harvest ability");
            let at = SeatFarm::of(deck, p, Some(info.grid(&p.farm)));
            let base = cost3(&at, pos, &ability.cost);
            let rep = repeat_cost(&at, pos, Some(ability), extra)?;
            (base, rep)
        }
    };
    Ok(base.plus(rep))
}

/// The Harvest abilities `seat` may activate now with the engine choosing the Water, as (space,
/// repeats): each ability of the sheet with each number of repeats up to the first refused, in
/// the farm's order (see `legal::harvest_options`).
pub(super) fn harvest_choices(g: &Game, seat: usize, out: &mut legal::HarvestOptions) {
    if harvest_open(g, seat).is_err() {
        return;
    }
    let info = g.farm_info(seat);
    for entry in g.harvest_sheet(seat, &info) {
        for extra in 0..=entry.max_extra {
            // `check_harvest_entry` with no Water named and no plan, without the plan.
            let ok = entry_cost(g, seat, &info, entry, extra)
                .and_then(|total| can_pay(g, seat, &info, entry.pos, total, Some(&entry.towers)))
                .is_ok();
            if !ok {
                break;
            }
            out.push((entry.pos, extra));
        }
    }
}

fn exec_harvest(g: &mut Game, seat: usize, plan: HarvestPlan, ev: &mut Events) {
    let deck = g.deck.clone();
    let p = &mut g.s.players[seat];
    p.coins -= plan.coins;
    p.food -= plan.food;
    for &t in &plan.water {
        p.farm.cells[t].water -= 1;
    }
    let pos = p.farm.cells[plan.i].pos;
    p.harvested.push(pos);
    let CellCard::Location(d) = p.farm.cells[plan.i].card else {
        unreachable!("checked")
    };
    ev.add(|| Event::Harvested {
        seat,
        pos,
        card: id(g, d),
        paid: Delta {
            coins: plan.coins,
            water: plan.water.len() as u32,
            food: plan.food,
            vp: 0,
        },
        extra: plan.extra,
    });
    let ability = deck.location(d).ability.as_ref().expect("checked");
    run_effects(g, seat, pos, &ability.effects, plan.extra, ev);
    // Ongoing harvest bonuses from cards and Equipment that reach this location, from the
    // farm's cached modifiers (a harvest changes no card, only Water and stores).
    let bonuses: SmallVec<[(Pos, crate::fields_of_green::effects::Gain); 4]> = {
        let farm = &g.s.players[seat].farm;
        let info = g.farm_info(seat);
        info.mods
            .iter()
            .enumerate()
            .filter_map(|(k, &(src, m))| match m {
                Modifier::HarvestBonus { of, gain, .. }
                    if eval::cell_matches(&deck, farm, plan.i, of)
                        && info.mod_reaches(farm, k, pos) =>
                {
                    Some((src, gain))
                }
                _ => None,
            })
            .collect()
    };
    // By reference: moving the inline list into an iterator copied it whole, on every harvest
    // action, though most have no bonus at all.
    for &(src, gain) in &bonuses {
        let d = gain_now(g, &deck, seat, src, &gain);
        gain_delta(g, seat, src, d, ev);
    }
    draw_offer(g, seat, ev);
}

/// Finishes a seat's harvest: unpaid Harvest abilities turn their locations into Open Areas,
/// losing their Equipment (ruling 15).
pub(super) fn end_harvest(g: &mut Game, seat: usize, ev: &mut Events) {
    let deck = g.deck.clone();
    // Inline: every seat ends every harvest, most turning a card or two face down.
    let mut flipped: SmallVec<[usize; 8]> = SmallVec::new();
    {
        let p = &g.s.players[seat];
        match g.sheets[seat].get() {
            // The kept sheet lists exactly the face-up cards with a Harvest ability, in the
            // farm's order (`farm_caches_never_go_stale` compares it with a fresh one): a few
            // entries to look at instead of every card of the farm.
            Some(sheet) => flipped.extend(
                sheet
                    .iter()
                    .filter(|e| !p.harvested.contains(&e.pos))
                    .map(|e| e.i),
            ),
            None => {
                for (i, c) in p.farm.cells.iter().enumerate() {
                    let has_harvest = eval::cell_ability(&deck, &p.farm, i)
                        .is_some_and(|a| a.timing == Timing::Harvest);
                    if has_harvest && !p.harvested.contains(&c.pos) {
                        flipped.push(i);
                    }
                }
            }
        }
    }
    // A card with a Harvest ability has no Ongoing ability of its own, so turning it face down
    // changes the farm's modifiers (and the towers' reach) only through the Equipment it loses.
    let lose_tiles = flipped
        .iter()
        .any(|&i| !g.s.players[seat].farm.cells[i].equipment.is_empty());
    let turned = !flipped.is_empty();
    for i in flipped {
        let c = &mut g.s.players[seat].farm.cells[i];
        c.face_up = false;
        let lost = std::mem::take(&mut c.equipment);
        let pos = c.pos;
        let CellCard::Location(d) = c.card else {
            unreachable!("only locations have abilities")
        };
        g.s.equipment_discard.extend_from_slice(&lost);
        ev.add(|| Event::BecameOpenArea {
            seat,
            pos,
            card: id(g, d),
            equipment_lost: lost.iter().map(|&e| tile_id(g, e)).collect(),
        });
    }
    // Cards turned face down lose their abilities and Equipment: the farm's modifiers change
    // only with Equipment lost, the Harvest abilities kept (`Game::harvest_sheet`) always.
    if lose_tiles {
        g.farm_changed(seat);
        // Only a change of the farm's modifiers can shrink a capacity: without one the stores
        // still fit, since every gain is capped as it is made (`check_invariants`, run after
        // every step of the test playouts, checks both capacities, ruling 3).
        clamp_storage(g, seat);
    } else if turned {
        g.harvest_cards_turned(seat);
    }
    let p = &mut g.s.players[seat];
    p.harvest_done = true;
    ev.add(|| Event::HarvestFinished { seat });
}

/// Capacities can shrink when a card turned face down loses Equipment; what no longer fits is
/// lost.
fn clamp_storage(g: &mut Game, seat: usize) {
    let deck = g.deck.clone();
    let farm = &g.s.players[seat].farm;
    let info = g.farm_info(seat);
    // Inline: this runs at the end of every seat's harvest.
    let caps: SmallVec<[(usize, u8); 8]> = (0..farm.cells.len())
        .filter(|&i| farm.cells[i].card == CellCard::WaterTower)
        .map(|i| (i, info.tower_capacity(&deck, farm, i)))
        .collect();
    let food_cap = g.food_capacity(seat);
    let p = &mut g.s.players[seat];
    for (i, cap) in caps {
        let c = &mut p.farm.cells[i];
        c.water = c.water.min(cap);
    }
    p.food = p.food.min(food_cap);
}
