//! Listing legal actions. Candidates are generated and then run through the same checks `apply`
//! uses, so the list and the rules cannot drift apart.

use super::apply::{self, host_accepts};
use super::{Game, INTRO_SPLITS, Phase, hand_size};
use crate::fields_of_green::action::Action;
use crate::fields_of_green::cards::{DesignIdx, EquipIdx};
use crate::fields_of_green::effects::{Pile, Timing};
use crate::fields_of_green::farm::{CellCard, Grid, Pos, SpaceRows, Spaces, nth_space};
use smallvec::SmallVec;
use smol_str::SmolStr;
use std::sync::OnceLock;

/// Why a pile split is refused (rulings 4 and 5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum SplitError {
    Total { want: usize, got: usize },
    PileTooSmall { pile: usize, holds: usize },
    EveryPile,
    ThreePiles,
    Intro([u8; 4]),
}

impl std::fmt::Display for SplitError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SplitError::Total { want, got } => write!(f, "draw {want} cards in total, not {got}"),
            SplitError::PileTooSmall { pile, holds } => {
                write!(
                    f,
                    "the {} pile holds only {holds} card{}",
                    Pile::ALL[*pile].name(),
                    if *holds == 1 { "" } else { "s" }
                )
            }
            SplitError::EveryPile => write!(f, "draw from every pile that still has cards"),
            SplitError::ThreePiles => write!(f, "draw from at least 3 different piles"),
            SplitError::Intro(fixed) => {
                let parts: Vec<String> = fixed
                    .iter()
                    .zip(Pile::ALL)
                    .map(|(n, pile)| format!("{n} {}", pile.name()))
                    .collect();
                write!(
                    f,
                    "introductory mode draws {} this year (ruling 5)",
                    parts.join(", ")
                )
            }
        }
    }
}

/// Why a pile split is not allowed now (ruling 4, and ruling 5 in introductory mode), or None.
pub(super) fn split_error(g: &Game, split: [u8; 4]) -> Option<SplitError> {
    SplitRules::now(g).error(split)
}

/// What deciding a split depends on, worked out once for all the splits tried: the pile sizes,
/// the total to draw, how many piles still have cards, and the introductory split if it applies.
struct SplitRules {
    sizes: [usize; 4],
    want: usize,
    non_empty: usize,
    intro: Option<[u8; 4]>,
}

impl SplitRules {
    fn now(g: &Game) -> SplitRules {
        let sizes: [usize; 4] = std::array::from_fn(|k| g.s.piles[k].len());
        let available: usize = sizes.iter().sum();
        SplitRules {
            sizes,
            want: (hand_size(g.s.players.len()) as usize).min(available),
            non_empty: sizes.iter().filter(|&&s| s > 0).count(),
            intro: g
                .s
                .options
                .intro
                .then(|| INTRO_SPLITS[g.s.year as usize - 1]),
        }
    }

    /// [`split_error`] of `split`.
    fn error(&self, split: [u8; 4]) -> Option<SplitError> {
        let sizes = self.sizes;
        let got: usize = split.iter().map(|&c| c as usize).sum();
        if got != self.want {
            return Some(SplitError::Total {
                want: self.want,
                got,
            });
        }
        for (k, &c) in split.iter().enumerate() {
            if c as usize > sizes[k] {
                return Some(SplitError::PileTooSmall {
                    pile: k,
                    holds: sizes[k],
                });
            }
        }
        let used = split.iter().filter(|&&c| c > 0).count();
        if used < self.non_empty.min(3) {
            return Some(if self.non_empty < 3 {
                SplitError::EveryPile
            } else {
                SplitError::ThreePiles
            });
        }
        if let Some(fixed) = self.intro {
            // Ruling 5; when the piles can no longer supply the fixed split, ruling 4 applies.
            if fixed.iter().zip(&sizes).all(|(&c, &s)| c as usize <= s) && split != fixed {
                return Some(SplitError::Intro(fixed));
            }
        }
        None
    }
}

/// The first `limit` legal splits (the forced-draw check only needs to know if there is one).
/// Inline: the flow asks for 2 before every draw, and a heap vector grew for each.
pub(super) fn splits_upto(g: &Game, limit: usize) -> SmallVec<[[u8; 4]; 2]> {
    let mut out = SmallVec::new();
    for_each_split(g, |split| {
        out.push(split);
        out.len() < limit
    });
    out
}

/// Calls `f` with every split allowed now, in a stable order, until it returns false.
fn for_each_split(g: &Game, f: impl FnMut([u8; 4]) -> bool) {
    splits_by(&SplitRules::now(g), f)
}

/// [`for_each_split`] under `rules`.
fn splits_by(rules: &SplitRules, mut f: impl FnMut([u8; 4]) -> bool) {
    // Only splits drawing the right total can pass `split_error` (its first test), so only
    // those are tried: the fourth count follows from the other three.
    let want_n = rules.want;
    let want = want_n as u8;
    // A count above its pile's size is refused (`SplitError::PileTooSmall`), so the loops stop
    // there; `SplitRules::error` still decides every split tried.
    let cap = |k: usize| rules.sizes[k].min(want_n) as u8;
    // The fourth count is also capped by its pile, which bounds the third from below. What is
    // left of `SplitRules::error` for a split inside these bounds is the number of piles used
    // and the introductory split, tested here without the full check (the full check still
    // agrees, see the debug assertion): this runs for every split of every draw.
    let cap_d = cap(3);
    let need = rules.non_empty.min(3);
    let intro = rules.intro.filter(|fixed| {
        fixed
            .iter()
            .zip(&rules.sizes)
            .all(|(&c, &s)| c as usize <= s)
    });
    for a in 0..=cap(0) {
        for b in 0..=(want - a).min(cap(1)) {
            let left = want - a - b;
            for c in left.saturating_sub(cap_d)..=left.min(cap(2)) {
                let split = [a, b, c, left - c];
                let used = split.iter().filter(|&&n| n > 0).count();
                let ok = used >= need && intro.is_none_or(|fixed| split == fixed);
                debug_assert_eq!(ok, rules.error(split).is_none(), "{split:?}");
                if ok && !f(split) {
                    return;
                }
            }
        }
    }
}

/// Every split allowed now as a `Draw` choice, in [`for_each_split`]'s order.
fn split_choices(g: &Game, out: &mut Listing) {
    let rules = SplitRules::now(g);
    // While every pile holds the whole draw and there is no introductory split, the splits
    // allowed depend on the size of the draw alone (no count is capped by its pile, every pile
    // has cards, so 3 must be used): that list is worked out once per size and copied. Otherwise each split is
    // tried.
    let uncapped = rules.intro.is_none()
        && rules.non_empty == 4
        && rules.sizes.iter().all(|&s| s >= rules.want)
        && rules.want <= 6;
    if uncapped {
        static UNCAPPED: [OnceLock<Vec<Choice>>; 7] = [const { OnceLock::new() }; 7];
        let list = UNCAPPED[rules.want].get_or_init(|| {
            let mut list = Vec::new();
            let all = SplitRules {
                sizes: [rules.want; 4],
                want: rules.want,
                non_empty: 4,
                intro: None,
            };
            splits_by(&all, |split| {
                list.push(Choice::Draw { split });
                true
            });
            list
        });
        debug_assert!(list.iter().all(|c| match *c {
            Choice::Draw { split } => rules.error(split).is_none(),
            _ => false,
        }));
        out.choices.extend_from_slice(list);
        return;
    }
    for_each_split(g, |split| {
        out.push(Choice::Draw { split });
        true
    });
}

/// True when the seat has at least one Harvest ability it can pay now.
pub(super) fn any_harvest_choice(g: &Game, seat: usize) -> bool {
    // The first repeat count tried for an ability is 0: a list with anything in it has an
    // ability payable as it is.
    !g.harvest_options(seat).is_empty()
}

fn id(g: &Game, d: DesignIdx) -> SmolStr {
    g.deck.location_id(d)
}

fn tile(g: &Game, e: EquipIdx) -> SmolStr {
    g.deck.equip_id(e)
}

/// The distinct items, sorted (inline: hands, rows, offers and set-aside tiles are small).
fn distinct<T: Copy + Ord>(items: &[T]) -> SmallVec<[T; 8]> {
    let mut v: SmallVec<[T; 8]> = SmallVec::from_slice(items);
    v.sort_unstable();
    v.dedup();
    v
}

/// Calls `f` with each of [`distinct`]`(items)` in turn. A hand is kept sorted (a draw sorts
/// it and so does every selection), so it only needs its repeats skipped; anything else is
/// sorted first.
fn for_each_distinct<T: Copy + Ord>(items: &[T], mut f: impl FnMut(T)) {
    if items.is_sorted() {
        let mut last = None;
        for &x in items {
            if last != Some(x) {
                f(x);
                last = Some(x);
            }
        }
    } else {
        distinct(items).into_iter().for_each(f);
    }
}

/// 0-2 set-aside Equipment tiles placed on a card as it is built (ruling 17), by design.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Tiles {
    len: u8,
    tiles: [EquipIdx; 2],
}

impl Tiles {
    fn one(e: EquipIdx) -> Tiles {
        Tiles {
            len: 1,
            tiles: [e, 0],
        }
    }

    fn two(e: EquipIdx, f: EquipIdx) -> Tiles {
        Tiles {
            len: 2,
            tiles: [e, f],
        }
    }

    fn names(&self, g: &Game) -> Vec<SmolStr> {
        self.tiles[..self.len as usize]
            .iter()
            .map(|&e| tile(g, e))
            .collect()
    }
}

/// One legal action in a compact form: designs and tiles by index, no strings and no heap. The
/// listing is made of these and only the action actually taken is spelt out as an [`Action`]
/// (a random playout lists thousands of actions per game and takes one of each list).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Choice {
    /// `towers` indexes [`Listing::towers`]: `len` entries from `start`.
    PlaceWater {
        start: u32,
        len: u32,
    },
    Draw {
        split: [u8; 4],
    },
    Select {
        card: DesignIdx,
    },
    Pick {
        card: DesignIdx,
    },
    Build {
        pos: Pos,
        extra: u8,
        tiles: Tiles,
    },
    WaterTower {
        pos: Pos,
        tiles: Tiles,
    },
    Silo {
        pos: Pos,
        tiles: Tiles,
    },
    Market {
        food: u8,
    },
    Restore {
        pos: Pos,
    },
    Equipment {
        keep: EquipIdx,
        place: Option<Pos>,
    },
    Harvest {
        pos: Pos,
        extra: u8,
    },
    EndHarvest,
}

/// Every legal action of one seat, in the stable order of [`Game::legal_actions`], as
/// [`Choice`]s. A caller listing many times keeps one (see [`list_into`]), so after the first
/// few lists no listing allocates.
#[derive(Clone, Debug, Default)]
pub(crate) struct Listing {
    /// Every choice, except in a compact listing those of the `blocks`.
    pub(crate) choices: Vec<Choice>,
    /// The towers named by the `PlaceWater` choices, one after another.
    towers: Vec<Pos>,
    /// How many `Harvest` choices there are: they come first (see [`list_into`]), so a random
    /// playout preferring them picks one by index instead of filtering the list.
    pub(crate) harvests: usize,
    /// Compact listings only ([`list_compact_into`]): the runs of choices that are the same on
    /// every build space (Water Tower and Silo, and builds whose check cannot depend on the
    /// space) are kept as a count and spelt out only when picked ([`Listing::get`]). A playout
    /// takes one of a hundred-odd such choices per turn.
    compact: bool,
    blocks: SmallVec<[Block; 4]>,
    /// The choices each block places on every space, one block's after another's (see
    /// [`Block`]): kept by the listing, so that a block costs no small vector of its own moved
    /// into place.
    each: Vec<Choice>,
    /// The build spaces of the `blocks` (the same for both: one revealed card's farm), unless
    /// they are `lazy`.
    block_spaces: Vec<Pos>,
    /// When set, the build spaces of the `blocks` are not written out but kept as the farm
    /// grid's bits of cards per row, `card_rows` ([`Grid::space_rows_into`]), with where they put
    /// the build spaces and how many there are. A playout takes one choice of a listing, so only
    /// that one space is ever spelt out ([`nth_space`]).
    lazy: Option<SpaceRows>,
    card_rows: Vec<u64>,
}

/// On every space of [`Listing::block_spaces`] in turn, each of the listing's `each` from `start`
/// to `end` placed there (see [`placed`]), standing where `at` choices had been written.
#[derive(Clone, Copy, Debug)]
struct Block {
    at: usize,
    start: usize,
    end: usize,
}

impl Block {
    /// How many choices the block places on each space.
    fn per(&self) -> usize {
        self.end - self.start
    }
}

/// `c` (a Build, Water Tower or Silo choice) on `at` instead of its own space.
fn placed(c: Choice, at: Pos) -> Choice {
    match c {
        Choice::Build { extra, tiles, .. } => Choice::Build {
            pos: at,
            extra,
            tiles,
        },
        Choice::WaterTower { tiles, .. } => Choice::WaterTower { pos: at, tiles },
        Choice::Silo { tiles, .. } => Choice::Silo { pos: at, tiles },
        other => unreachable!("no block holds {other:?}"),
    }
}

/// A placeholder space for the choices of a block (replaced by [`placed`]).
const NOWHERE: Pos = Pos { x: 0, y: 0 };

impl Listing {
    fn push(&mut self, c: Choice) {
        self.choices.push(c);
    }

    /// Adds a block of the choices pushed onto `each` since it held `start` on every one of
    /// `spaces` (all blocks of a listing have the same).
    fn push_block(&mut self, spaces: &[Pos], start: usize) {
        if self.block_spaces.is_empty() {
            self.block_spaces.extend_from_slice(spaces);
        }
        debug_assert_eq!(self.block_spaces, spaces);
        self.blocks.push(Block {
            at: self.choices.len(),
            start,
            end: self.each.len(),
        });
    }

    /// Keeps the build spaces of the blocks to come as `grid`'s bits (see `lazy`); false when
    /// they have to be written out after all (see [`Grid::space_rows_into`]).
    fn lazy_spaces(&mut self, grid: &Grid) -> bool {
        debug_assert!(self.blocks.is_empty());
        self.lazy = grid.space_rows_into(&mut self.card_rows);
        debug_assert!(
            self.lazy
                .is_none_or(|at| at.count == grid.build_spaces().len())
        );
        self.lazy.is_some()
    }

    /// Adds a block of the choices pushed onto `each` since it held `start` on every build
    /// space kept by [`Listing::lazy_spaces`].
    fn push_lazy_block(&mut self, start: usize) {
        debug_assert!(self.lazy.is_some());
        self.blocks.push(Block {
            at: self.choices.len(),
            start,
            end: self.each.len(),
        });
    }

    /// How many build spaces the blocks have.
    fn spaces_len(&self) -> usize {
        match self.lazy {
            Some(at) => at.count,
            None => self.block_spaces.len(),
        }
    }

    /// Build space number `j` of the blocks.
    fn space(&self, j: usize) -> Pos {
        match self.lazy {
            Some(at) => nth_space(&self.card_rows, at, j),
            None => self.block_spaces[j],
        }
    }

    fn clear(&mut self, compact: bool) {
        self.choices.clear();
        self.towers.clear();
        self.harvests = 0;
        self.compact = compact;
        self.blocks.clear();
        self.each.clear();
        self.block_spaces.clear();
        self.lazy = None;
    }

    /// The number of choices, counting those of the blocks of a compact listing.
    pub(crate) fn len(&self) -> usize {
        let spaces = self.spaces_len();
        self.choices.len() + self.blocks.iter().map(|b| spaces * b.per()).sum::<usize>()
    }

    /// Choice number `k` (below [`Listing::len`]) in the order of the full listing.
    pub(crate) fn get(&self, k: usize) -> Choice {
        // `k` counted among the written choices once the blocks before it are passed over.
        let mut k = k;
        let spaces = self.spaces_len();
        for b in &self.blocks {
            if k < b.at {
                break;
            }
            let per = b.per();
            let n = spaces * per;
            let j = k - b.at;
            if j < n {
                return placed(self.each[b.start + j % per], self.space(j / per));
            }
            k -= n;
        }
        self.choices[k]
    }

    /// The action a choice stands for, spelt out.
    pub(crate) fn action(&self, g: &Game, c: &Choice) -> Action {
        match *c {
            Choice::PlaceWater { start, len } => Action::PlaceWater {
                towers: self.towers[start as usize..(start + len) as usize].to_vec(),
            },
            Choice::Draw { split } => Action::Draw { split },
            Choice::Select { card } => Action::Select { card: id(g, card) },
            Choice::Pick { card } => Action::Pick { card: id(g, card) },
            Choice::Build { pos, extra, tiles } => Action::Build {
                pos,
                water: Vec::new(),
                extra,
                equipment: tiles.names(g),
            },
            Choice::WaterTower { pos, tiles } => Action::WaterTower {
                pos,
                equipment: tiles.names(g),
            },
            Choice::Silo { pos, tiles } => Action::Silo {
                pos,
                equipment: tiles.names(g),
            },
            Choice::Market { food } => Action::Market { food },
            Choice::Restore { pos } => Action::Restore { pos },
            Choice::Equipment { keep, place } => Action::Equipment {
                keep: tile(g, keep),
                place,
            },
            Choice::Harvest { pos, extra } => Action::Harvest {
                pos,
                water: Vec::new(),
                extra,
            },
            Choice::EndHarvest => Action::EndHarvest,
        }
    }
}

pub(super) fn legal_actions(g: &Game, seat: usize) -> Vec<Action> {
    let listing = listing(g, seat);
    listing
        .choices
        .iter()
        .map(|c| listing.action(g, c))
        .collect()
}

/// The legal actions of `seat` as [`Choice`]s (see [`legal_actions`]).
pub(crate) fn listing(g: &Game, seat: usize) -> Listing {
    let mut out = Listing::default();
    list_into(g, seat, &mut out);
    out
}

/// [`listing`] into `out` (emptied first), so that a caller keeping one [`Listing`] does not
/// move the whole list on every call.
pub(crate) fn list_into(g: &Game, seat: usize, out: &mut Listing) {
    out.clear(false);
    list_more(g, seat, out);
}

/// [`list_into`] leaving the runs of Water Tower and Silo choices as blocks (see
/// [`Listing::get`]); the same choices in the same order.
pub(crate) fn list_compact_into(g: &Game, seat: usize, out: &mut Listing) {
    out.clear(true);
    list_more(g, seat, out);
}

/// The listing of [`list_into`] into a cleared `out`.
fn list_more(g: &Game, seat: usize, out: &mut Listing) {
    if g.s.phase == Phase::Ended || seat >= g.s.players.len() {
        return;
    }
    let p = &g.s.players[seat];
    if !p.offer.is_empty() {
        equipment_choices(g, seat, out);
        return;
    }
    match g.s.phase {
        Phase::Upkeep { next } => {
            if p.pending_water > 0 {
                water_placements(g, seat, out);
            }
            if p.split.is_none() && g.seat_in_turn(next as usize) == Some(seat) {
                split_choices(g, out);
            }
        }
        Phase::Action { .. } => {
            if p.revealed.is_some() {
                card_actions(g, seat, out);
            }
            for_each_distinct(&p.hand, |d| {
                if p.selected != Some(d) {
                    out.push(Choice::Select { card: d });
                }
            });
        }
        Phase::Duel { current, taken, .. } => {
            if current as usize == seat {
                if !taken {
                    for d in distinct(&g.s.row) {
                        out.push(Choice::Pick { card: d });
                    }
                } else if p.revealed.is_some() {
                    card_actions(g, seat, out);
                }
            }
        }
        Phase::Harvest => {
            if !p.harvest_done {
                harvest_choices(g, seat, out);
                if p.pending_equipment == 0 {
                    out.push(Choice::EndHarvest);
                }
            }
        }
        Phase::Ended => {}
    }
}

fn equipment_choices(g: &Game, seat: usize, out: &mut Listing) {
    let p = &g.s.players[seat];
    for e in distinct(&p.offer) {
        out.push(Choice::Equipment {
            keep: e,
            place: None,
        });
        for c in &p.farm.cells {
            if c.face_up
                && c.equipment.len() < 2
                && !c.equipment.contains(&e)
                && host_accepts(&g.deck, c.card, e)
            {
                out.push(Choice::Equipment {
                    keep: e,
                    place: Some(c.pos),
                });
            }
        }
    }
}

/// Every way to put the income Water on towers with room (ruling 3).
fn water_placements(g: &Game, seat: usize, out: &mut Listing) {
    let farm = &g.s.players[seat].farm;
    let rooms: Vec<(Pos, u8)> = super::flow::tower_rooms(g, seat)
        .into_iter()
        .filter(|&(_, r)| r > 0)
        .map(|(i, r)| (farm.cells[i].pos, r))
        .collect();
    let room: u32 = rooms.iter().map(|&(_, r)| r as u32).sum();
    let must = (g.s.players[seat].pending_water as u32).min(room) as usize;
    fn rec(rooms: &[(Pos, u8)], from: usize, left: usize, acc: &mut Vec<Pos>, out: &mut Listing) {
        if left == 0 {
            let start = out.towers.len() as u32;
            out.towers.extend_from_slice(acc);
            out.push(Choice::PlaceWater {
                start,
                len: acc.len() as u32,
            });
            return;
        }
        for k in from..rooms.len() {
            let used = acc.iter().filter(|&&p| p == rooms[k].0).count();
            if used < rooms[k].1 as usize {
                acc.push(rooms[k].0);
                rec(rooms, k, left - 1, acc, out);
                acc.pop();
            }
        }
    }
    rec(&rooms, 0, must, &mut Vec::new(), out);
}

/// Sets of 0-2 distinct set-aside tiles that fit a card being built (ruling 17). Inlined: a
/// listing asks three times, and most seats have no tile set aside, which is answered without
/// a call.
#[inline(always)]
fn tile_sets(g: &Game, seat: usize, card: CellCard) -> SmallVec<[Tiles; 4]> {
    if g.s.players[seat].set_aside.is_empty() {
        // Only placing none.
        return SmallVec::from_buf_and_len([Tiles::default(); 4], 1);
    }
    tile_sets_aside(g, seat, card)
}

/// [`tile_sets`] for a seat with tiles set aside.
fn tile_sets_aside(g: &Game, seat: usize, card: CellCard) -> SmallVec<[Tiles; 4]> {
    let mut sets: SmallVec<[Tiles; 4]> = SmallVec::new();
    sets.push(Tiles::default());
    let fits: SmallVec<[EquipIdx; 8]> = distinct(&g.s.players[seat].set_aside)
        .into_iter()
        .filter(|&e| host_accepts(&g.deck, card, e))
        .collect();
    for (a, &e) in fits.iter().enumerate() {
        sets.push(Tiles::one(e));
        for &f in &fits[a + 1..] {
            sets.push(Tiles::two(e, f));
        }
    }
    sets
}

/// Actions A-E for the revealed card (ruling 8: only those that can be paid and have a target).
fn card_actions(g: &Game, seat: usize, out: &mut Listing) {
    let p = &g.s.players[seat];
    let d = p.revealed.expect("caller checked");
    let info = g.farm_info(seat);
    let def = g.deck.location(d);
    let max_extra = def
        .ability
        .as_ref()
        .filter(|a| a.timing == Timing::Immediate)
        .and_then(apply::repeat_of)
        .map_or(0, |(max, _)| max);
    let loc_sets = tile_sets(g, seat, CellCard::Location(d));
    let check = apply::BuildCheck::new(g, seat, &info).expect("a card is revealed");
    // A cheap bound first: when the cost is the same on every space (plain costs, no discount
    // for this card), a card the player cannot pay is skipped without checking each space.
    // The Water on the farm is summed only for a card that costs Water (most cost none).
    let hopeless = check.flat_cost().is_some_and(|c| {
        c.coins > p.coins || c.food > p.food || (c.water > 0 && c.water > p.farm.water_held())
    });
    // In a compact listing, builds the same on every space are one block.
    let as_block =
        out.compact && (0..=max_extra).all(|extra| check.on_every_space(g, seat, extra).is_some());
    // When no build is checked space by space, the spaces are only counted (every choice on
    // them is in a block) unless the grid cannot say (see `Listing::lazy_spaces`).
    let lazy = out.compact && (as_block || hopeless) && out.lazy_spaces(info.grid(&p.farm));
    let spaces: Spaces = if lazy {
        Spaces::new()
    } else {
        info.spaces(&p.farm)
    };
    let n_spaces = if lazy { out.spaces_len() } else { spaces.len() };
    if as_block && !hopeless && n_spaces > 0 {
        // Every space gets the builds for the repeats up to the first one refused (checked
        // once, as the loop below does), each with every set of tiles.
        let first = if lazy { out.space(0) } else { spaces[0] };
        let start = out.each.len();
        for extra in 0..=max_extra {
            // Settled without a space, or the same on all of them: the first answers for all.
            let ok = match check.on_every_space(g, seat, extra) {
                Some(Some(ok)) => ok,
                _ => check.allows(g, seat, &info, first, extra),
            };
            debug_assert!(
                info.spaces(&p.farm)
                    .iter()
                    .all(|&pos| check.allows(g, seat, &info, pos, extra) == ok),
                "a build block that is not the same on every space"
            );
            if !ok {
                break;
            }
            for &tiles in &loc_sets {
                out.each.push(Choice::Build {
                    pos: NOWHERE,
                    extra,
                    tiles,
                });
            }
        }
        if lazy {
            out.push_lazy_block(start);
        } else {
            out.push_block(&spaces, start);
        }
    }
    let spaces_to_try: &[Pos] = if hopeless || as_block { &[] } else { &spaces };
    // Outcome per number of repeats where it is the same on every space (checked once, or
    // settled by the bounds of the cost, see `BuildCheck::on_every_space`), made only when
    // spaces are checked one by one (most listings have a block instead).
    let (mut same, everywhere) = if spaces_to_try.is_empty() {
        (SmallVec::new(), SmallVec::new())
    } else {
        let answers: SmallVec<[Option<Option<bool>>; 4]> = (0..=max_extra)
            .map(|extra| check.on_every_space(g, seat, extra))
            .collect();
        let same: SmallVec<[Option<bool>; 4]> = answers.iter().map(|a| a.flatten()).collect();
        let everywhere: SmallVec<[bool; 4]> = answers.iter().map(Option::is_some).collect();
        (same, everywhere)
    };
    for &pos in spaces_to_try {
        for extra in 0..=max_extra {
            let try_here = || check.allows(g, seat, &info, pos, extra);
            let ok = if everywhere[extra as usize] {
                *same[extra as usize].get_or_insert_with(try_here)
            } else {
                try_here()
            };
            debug_assert_eq!(ok, try_here(), "a build settled for every space at {pos}");
            if !ok {
                break;
            }
            for &tiles in &loc_sets {
                out.push(Choice::Build { pos, extra, tiles });
            }
        }
    }
    if g.s.towers_left > 0 && p.coins >= g.deck.supply.tower_cost as u32 {
        let sets = tile_sets(g, seat, CellCard::WaterTower);
        every_space(out, lazy, &spaces, &sets, |tiles| Choice::WaterTower {
            pos: NOWHERE,
            tiles,
        });
    }
    if g.s.silos_left > 0 {
        let sets = tile_sets(g, seat, CellCard::Silo);
        every_space(out, lazy, &spaces, &sets, |tiles| Choice::Silo {
            pos: NOWHERE,
            tiles,
        });
    }
    for food in 0..=p.food.min(2) as u8 {
        out.push(Choice::Market { food });
    }
    if p.coins >= 1 {
        for c in p.farm.cells.iter().filter(|c| !c.face_up) {
            out.push(Choice::Restore { pos: c.pos });
        }
    }
}

/// `choice(tiles)` on every space, and on each space for every set of tiles, in that order
/// (actions B and C, which need no check per space); as one block in a compact listing, on the
/// spaces kept by [`Listing::lazy_spaces`] when `lazy`.
fn every_space(
    out: &mut Listing,
    lazy: bool,
    spaces: &[Pos],
    sets: &[Tiles],
    choice: impl Fn(Tiles) -> Choice,
) {
    if out.compact {
        let start = out.each.len();
        out.each.extend(sets.iter().map(|&t| choice(t)));
        if lazy {
            out.push_lazy_block(start);
        } else {
            out.push_block(spaces, start);
        }
        return;
    }
    let choice = |pos, tiles| placed(choice(tiles), pos);
    match sets {
        // The usual case, no set-aside tile fits: one choice per space, added in one go.
        [tiles] => out
            .choices
            .extend(spaces.iter().map(|&pos| choice(pos, *tiles))),
        _ => {
            for &pos in spaces {
                for &tiles in sets {
                    out.push(choice(pos, tiles));
                }
            }
        }
    }
}

fn harvest_choices(g: &Game, seat: usize, out: &mut Listing) {
    for &(pos, extra) in g.harvest_options(seat) {
        out.push(Choice::Harvest { pos, extra });
        out.harvests += 1;
    }
}

/// Harvest abilities a seat may activate now, as (space, repeats): the card's space and each
/// number of repeats `apply` accepts, in the farm's order of cards.
pub(crate) type HarvestOptions = SmallVec<[(Pos, u8); 8]>;

/// The [`HarvestOptions`] of `seat`, checked one by one with `apply`'s own check (the game
/// keeps them, see `Game::harvest_options`).
pub(super) fn harvest_options(g: &Game, seat: usize) -> HarvestOptions {
    let mut out = HarvestOptions::new();
    apply::harvest_choices(g, seat, &mut out);
    out
}

/// [`harvest_options`] as it was worked out before the farms kept their Harvest abilities
/// (`Game::harvest_sheet`): every card of the farm in turn, each checked by its space. The tests
/// compare the two at every step of random games.
#[cfg(test)]
pub(super) fn harvest_options_by_space(g: &Game, seat: usize) -> HarvestOptions {
    let mut out = HarvestOptions::new();
    let p = &g.s.players[seat];
    let info = g.farm_info(seat);
    for (i, c) in p.farm.cells.iter().enumerate() {
        let Some(a) =
            super::eval::cell_ability(&g.deck, &p.farm, i).filter(|a| a.timing == Timing::Harvest)
        else {
            continue;
        };
        let max_extra = apply::repeat_of(a).map_or(0, |(max, _)| max);
        for extra in 0..=max_extra {
            if !apply::harvest_allowed(g, seat, &info, c.pos, extra) {
                break;
            }
            out.push((c.pos, extra));
        }
    }
    out
}
