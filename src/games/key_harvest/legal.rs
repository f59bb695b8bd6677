//! What a seat may do now, as a structured list a UI can draw buttons from (and bots choose
//! from). Each [`Choice`] is one kind of [`Action`](super::Action) with the spaces and tiles it
//! may name (as 56-bit sets: listing allocates nothing per space) and the seats; counter payments and bids are chosen by the player from their supply
//! (`pay` says how many counters, when the number is fixed). Every listed choice, filled in
//! with counters the seat holds, is accepted by `apply`: one validator decides, and a property
//! test checks the two agree.

use super::action::{Action, TurnAction};
use super::board::{Crop, Space, SpaceSet};
use super::few::{Few, SeatTiles};
use super::game::{Frame, Game, GiveAwayOptions, Phase, Prompt, bit};
use super::pieces::{Counters, EventTile, Seat, Worker};
use serde::{Deserialize, Serialize};

/// One kind of decision open to a seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "choice", rename_all = "snake_case")]
pub enum Choice {
    StartPlayer {
        seats: Few<Seat, 4>,
    },
    /// (a): any non-empty subset of `tiles` (the unharvested tiles of one group).
    Harvest {
        tiles: SpaceSet,
    },
    /// (b): this worker on one of these spaces.
    PlayWorker {
        worker: Worker,
        spaces: SpaceSet,
    },
    /// (b): take the worker on one of these spaces off the board.
    RemoveWorker {
        spaces: SpaceSet,
    },
    /// (c): one of these store tiles (owner, tile), paying its bid (at most two in each of
    /// four stores, KH 8).
    BuyFromStore {
        tiles: Few<(Seat, Space), 8>,
    },
    /// (d): one of these registry tiles with a bid of 1 or more counters.
    TakeFromRegistry {
        tiles: SpaceSet,
    },
    EndTurn,
    Decline,
    Reposition {
        spaces: SpaceSet,
    },
    /// A: one of these tiles.
    Apprentice {
        tiles: SpaceSet,
    },
    /// B: one or two of these tiles.
    CasualWorker {
        tiles: SpaceSet,
    },
    /// C: `take` counters of any crops the stock holds.
    Labourer {
        take: u8,
    },
    /// D: any non-empty subset of these tiles.
    UnskilledWorker {
        tiles: SpaceSet,
    },
    /// E: one of these store tiles, paying `bid + 1` counters (listed per tile; the stores of
    /// the three other seats at most).
    SkilledWorker {
        tiles: Few<(Seat, Space, u32), 6>,
    },
    /// F: one of these tiles (mandatory).
    Supervisor {
        tiles: SpaceSet,
    },
    /// G: one of these store tiles, paying as many counters as its bid.
    Merchant {
        tiles: Few<(Seat, Space, u32), 6>,
    },
    /// H: one of these registry tiles with a bid.
    Storekeeper {
        tiles: SpaceSet,
    },
    /// I: one of these (owner, tile), paying 3 counters.
    Bailiff {
        tiles: SeatTiles,
    },
    /// J: copy the worker on one of these spaces.
    Lawyer {
        spaces: SpaceSet,
    },
    TraderDraw,
    /// K with no field tile in the bag: one of these registry tiles, kept or put fallow.
    TraderRegistry {
        tiles: SpaceSet,
    },
    /// Keep (acquire) or put fallow the tile drawn.
    KeepDrawn {
        tile: Space,
    },
    /// L: one of these registry tiles.
    Benefactor {
        tiles: SpaceSet,
    },
    /// M: one of these tiles to the fallow area.
    BlindSwap {
        tiles: SpaceSet,
    },
    /// N: give one of `give` for one of `take` (seat, tile).
    Exchange {
        give: SpaceSet,
        take: SeatTiles,
    },
    /// O: pass one of `pass` (empty: pass nothing); `keep_choice` when a received tile stays
    /// with you and you choose to acquire it or put it fallow. `received` is in your hands.
    GiveAway {
        pass: SpaceSet,
        received: Option<Space>,
        keep_choice: bool,
    },
    /// P: one of these crops.
    GoodHarvest {
        crops: Few<Crop, 5>,
    },
    /// Q: pay 2 counters and draw (`registry` empty) or take one of `registry`.
    LuckyDip {
        registry: SpaceSet,
    },
    /// R: one or two of these tiles.
    NewCrop {
        tiles: SpaceSet,
    },
    /// T: pay 3 counters for one of these registry tiles.
    QuickSale {
        tiles: SpaceSet,
    },
    /// U: one of `give` for one of `take`.
    RegistrySwap {
        give: SpaceSet,
        take: SpaceSet,
    },
    /// V: any non-empty subset of these tiles.
    RemoteHarvest {
        tiles: SpaceSet,
    },
    /// W: put one of `fallow` in the fallow area and acquire `drawn`, or put `drawn` fallow.
    Replace {
        drawn: Space,
        fallow: SpaceSet,
    },
    /// X: a worker (from) to one of its spaces. The one list of a choice still on the heap: up
    /// to twelve workers with a set each would make every choice four times its size, and the
    /// event that lists it is rare.
    MoveWorker {
        moves: Vec<(Space, SpaceSet)>,
    },
    /// Y: the worker on one of these spaces.
    Vacation {
        spaces: SpaceSet,
    },
    /// Z: a counter of one of these crops for `recipient`.
    Windfall {
        recipient: Seat,
        crops: Few<Crop, 5>,
    },
}

fn worker_mask(workers: &[(Space, Worker)], keep: impl Fn(Worker) -> bool) -> SpaceSet {
    workers
        .iter()
        .filter(|(_, w)| keep(*w))
        .fold(0, |m, (s, _)| m | bit(*s))
}

/// What the turn listing last worked out for each seat, for a caller that lists many
/// decisions of one game in a row (the random playouts): a seat's groups and worker spaces
/// change only when its field tiles or workers do, and most of its turn listings find them as
/// they were. Each entry is kept with the inputs it was computed from and used only when they
/// are the same, so a listing with a memo is the listing without one.
#[derive(Clone, Debug, Default)]
pub struct ListingMemo {
    seats: [SeatMemo; 4],
}

#[derive(Clone, Debug, Default)]
struct SeatMemo {
    /// `groups` are the groups of these field tiles (`None`: nothing computed yet).
    groups_of: Option<SpaceSet>,
    groups: Vec<SpaceSet>,
    /// `table` is the worker space table for the field tiles `table_fields` and the workers by
    /// number `table_workers` (`table_known` false: nothing computed yet).
    table_known: bool,
    table_fields: SpaceSet,
    table_workers: [SpaceSet; 6],
    table: [SpaceSet; 6],
}

impl Game {
    /// [`Game::legal_actions_into`] with a memo kept by the caller across decisions of this
    /// game: the same list, computed with less work.
    pub fn legal_actions_memo(&self, seat: Seat, out: &mut Vec<Choice>, memo: &mut ListingMemo) {
        self.list_into(seat, out, memo.seats.get_mut(seat as usize));
    }

    /// Everything `seat` may decide now; empty when it is not their decision.
    pub fn legal_actions(&self, seat: Seat) -> Vec<Choice> {
        let mut out = Vec::new();
        self.legal_actions_into(seat, &mut out);
        out
    }

    /// [`Game::legal_actions`] written into `out` (cleared first): a playout lists every
    /// decision into one buffer instead of allocating a list each time.
    pub fn legal_actions_into(&self, seat: Seat, out: &mut Vec<Choice>) {
        self.list_into(seat, out, None);
    }

    /// [`Game::legal_actions_memo`] for a driver that has just read [`Game::prompt`] and
    /// found `seat` to decide `prompt` (the random playouts): the same list, without asking
    /// for the prompt again.
    pub(crate) fn legal_actions_prompted(
        &self,
        seat: Seat,
        prompt: &Prompt,
        out: &mut Vec<Choice>,
        memo: &mut ListingMemo,
    ) {
        debug_assert_eq!(self.prompt().as_ref(), Some(&(seat, prompt.clone())));
        out.clear();
        self.list_prompt(seat, prompt, out, memo.seats.get_mut(seat as usize));
    }

    fn list_into(&self, seat: Seat, out: &mut Vec<Choice>, memo: Option<&mut SeatMemo>) {
        out.clear();
        let Some((who, prompt)) = self.prompt() else {
            return;
        };
        if who != seat {
            return;
        }
        self.list_prompt(seat, &prompt, out, memo);
    }

    /// The list for `seat`, who decides `prompt` now, appended to `out`.
    fn list_prompt(
        &self,
        seat: Seat,
        prompt: &Prompt,
        out: &mut Vec<Choice>,
        mut memo: Option<&mut SeatMemo>,
    ) {
        let s = &self.s;
        let p = &s.players[seat as usize];
        // Room for a whole turn's list, so listing grows the vector once at most.
        out.reserve(16);
        match prompt {
            Prompt::StartPlayer => out.push(Choice::StartPlayer {
                seats: (0..self.players()).collect(),
            }),
            Prompt::Turn => {
                // The same check `apply` makes (KH 14, 15, 22, 24).
                let can = |a: TurnAction| self.turn_action_open(a);
                if can(TurnAction::Harvest) {
                    // The groups by their lowest tile, each listed with its unharvested tiles.
                    let unharvested = p.unharvested();
                    if let Some(m) = memo.as_deref_mut() {
                        if m.groups_of != Some(p.fields) {
                            m.groups.clear();
                            m.groups_of = Some(p.fields);
                            self.board.for_each_group(p.fields, |g| m.groups.push(g));
                        }
                        for g in &m.groups {
                            if g & unharvested != 0 {
                                out.push(Choice::Harvest {
                                    tiles: g & unharvested,
                                });
                            }
                        }
                    } else {
                        self.board.for_each_group(p.fields, |g| {
                            if g & unharvested != 0 {
                                out.push(Choice::Harvest {
                                    tiles: g & unharvested,
                                });
                            }
                        });
                    }
                }
                if can(TurnAction::Worker) {
                    // Workers of one number share their legal spaces.
                    let by_number = self.workers_by_number(seat, None);
                    let table = match memo {
                        Some(m) => {
                            // Compared by bits, not as arrays: `==` on the arrays called
                            // `memcmp`, whose wide loads of sets just written stalled.
                            let changed = (p.fields ^ m.table_fields)
                                | by_number
                                    .iter()
                                    .zip(&m.table_workers)
                                    .fold(0, |d, (a, b)| d | (a ^ b));
                            if !m.table_known || changed != 0 {
                                m.table = self.worker_space_table_of(p.fields, &by_number, 0);
                                m.table_known = true;
                                m.table_fields = p.fields;
                                m.table_workers = by_number;
                            }
                            m.table
                        }
                        None => self.worker_space_table_of(p.fields, &by_number, 0),
                    };
                    // The available workers in `Worker::ALL` order (bit i: index i), less
                    // those whose number has no legal space, dropped a number at a time: the
                    // loop then only pushes (a test per worker cost more than the pushes).
                    let mut placeable = 0u16;
                    for (k, sp) in table.iter().enumerate() {
                        placeable |= Worker::OF_NUMBER[k] * u16::from(*sp != 0);
                    }
                    let mut avail = self.available_workers(seat) & placeable;
                    while avail != 0 {
                        let w = Worker::ALL[avail.trailing_zeros() as usize];
                        avail &= avail - 1;
                        let sp = table[w.number() as usize];
                        debug_assert!(sp != 0);
                        out.push(Choice::PlayWorker {
                            worker: w,
                            spaces: sp,
                        });
                    }
                    if !p.workers.is_empty() {
                        out.push(Choice::RemoveWorker {
                            spaces: worker_mask(&p.workers, |_| true),
                        });
                    }
                }
                // Most turns find every store empty: then nothing is built or allocated.
                if can(TurnAction::FromStores) && s.players.iter().any(|q| !q.store.is_empty()) {
                    let mut tiles = Few::new();
                    for (o, q) in s.players.iter().enumerate() {
                        for st in &q.store {
                            if o as Seat == seat || p.supply.contains(&st.bid) {
                                tiles.push((o as Seat, st.tile));
                            }
                        }
                    }
                    if !tiles.is_empty() {
                        out.push(Choice::BuyFromStore { tiles });
                    }
                }
                if can(TurnAction::ToStore)
                    && p.store.len() < 2
                    && !p.supply.is_empty()
                    && s.registry != 0
                {
                    out.push(Choice::TakeFromRegistry { tiles: s.registry });
                }
                out.push(Choice::EndTurn);
            }
            Prompt::Reposition { worker, .. } => {
                out.push(Choice::Reposition {
                    spaces: self.worker_spaces(seat, *worker, None),
                });
                out.push(Choice::Decline);
            }
            Prompt::Ability { worker, at, .. } => {
                self.ability_choices(seat, *worker, *at, out);
                if !worker.is_mandatory() {
                    out.push(Choice::Decline);
                }
            }
            Prompt::KeepDrawn { tile } => out.push(Choice::KeepDrawn { tile: *tile }),
            Prompt::Event {
                event,
                held,
                recipient,
                ..
            } => {
                self.event_choices(seat, *event, *held, *recipient, out);
                if !event.is_mandatory() {
                    out.push(Choice::Decline);
                }
            }
        }
    }

    fn other_stores(&self, seat: Seat, extra: u32) -> Few<(Seat, Space, u32), 6> {
        let supply = self.s.players[seat as usize].supply.total();
        let mut v = Few::new();
        for (o, q) in self.s.players.iter().enumerate() {
            if o as Seat == seat {
                continue;
            }
            for st in &q.store {
                let need = st.bid.total() + extra;
                if supply >= need {
                    v.push((o as Seat, st.tile, need));
                }
            }
        }
        v
    }

    fn unconnected_of_others(&self, seat: Seat) -> SeatTiles {
        let mut out = SeatTiles::default();
        for o in (0..self.players()).filter(|&o| o != seat) {
            out.set(o, self.unconnected(o));
        }
        out
    }

    fn ability_choices(&self, seat: Seat, worker: Worker, at: Space, out: &mut Vec<Choice>) {
        let s = &self.s;
        let p = &s.players[seat as usize];
        let around = self.board.neighbours(at);
        match worker {
            Worker::Apprentice => out.push(Choice::Apprentice {
                tiles: around & p.unharvested(),
            }),
            Worker::CasualWorker => out.push(Choice::CasualWorker {
                tiles: around & p.unharvested(),
            }),
            Worker::Labourer => out.push(Choice::Labourer {
                take: s.stock.total().min(2) as u8,
            }),
            Worker::UnskilledWorker => out.push(Choice::UnskilledWorker {
                tiles: around & p.harvested,
            }),
            Worker::SkilledWorker => out.push(Choice::SkilledWorker {
                tiles: self.other_stores(seat, 1),
            }),
            Worker::Supervisor => out.push(Choice::Supervisor { tiles: p.fields }),
            Worker::Merchant => out.push(Choice::Merchant {
                tiles: self.other_stores(seat, 0),
            }),
            Worker::Storekeeper => out.push(Choice::Storekeeper { tiles: s.registry }),
            Worker::Bailiff => out.push(Choice::Bailiff {
                tiles: self.unconnected_of_others(seat),
            }),
            Worker::Lawyer => out.push(Choice::Lawyer {
                spaces: worker_mask(&p.workers, |w| w != Worker::Lawyer),
            }),
            Worker::Trader => {
                if s.bag_fields != 0 {
                    out.push(Choice::TraderDraw);
                } else {
                    out.push(Choice::TraderRegistry { tiles: s.registry });
                }
            }
            Worker::Benefactor => out.push(Choice::Benefactor { tiles: s.registry }),
        }
    }

    fn event_choices(
        &self,
        seat: Seat,
        event: EventTile,
        held: Option<Space>,
        recipient: Option<Seat>,
        out: &mut Vec<Choice>,
    ) {
        use EventTile as E;
        let s = &self.s;
        let p = &s.players[seat as usize];
        match event {
            E::BlindSwap => out.push(Choice::BlindSwap { tiles: p.fields }),
            E::Exchange => out.push(Choice::Exchange {
                give: p.fields,
                take: self.unconnected_of_others(seat),
            }),
            E::GiveAway => {
                let (opts, keep_choice) = self.give_away_options(seat);
                let pass = match opts {
                    GiveAwayOptions::Nothing => 0,
                    GiveAwayOptions::Some { board, pass_on } => {
                        board
                            | if pass_on {
                                bit(held.expect("pass_on"))
                            } else {
                                0
                            }
                    }
                };
                out.push(Choice::GiveAway {
                    pass,
                    received: held,
                    keep_choice,
                });
            }
            E::GoodHarvest => {
                let m = self.most_unharvested(seat);
                out.push(Choice::GoodHarvest {
                    crops: Crop::ALL
                        .into_iter()
                        .filter(|c| m & (1 << c.index()) != 0)
                        .collect(),
                });
            }
            E::LuckyDip => out.push(Choice::LuckyDip {
                registry: if s.bag_fields != 0 { 0 } else { s.registry },
            }),
            E::NewCrop => out.push(Choice::NewCrop { tiles: p.harvested }),
            E::QuickSale => out.push(Choice::QuickSale { tiles: s.registry }),
            E::RegistrySwap => out.push(Choice::RegistrySwap {
                give: p.fields,
                take: s.registry,
            }),
            E::RemoteHarvest => out.push(Choice::RemoteHarvest {
                tiles: self.unconnected(seat) & p.unharvested(),
            }),
            E::Replacement => out.push(Choice::Replace {
                drawn: held.expect("drawn before the decision"),
                fallow: p.fields,
            }),
            E::Reposition => {
                let mut moves: Vec<(Space, SpaceSet)> = p
                    .workers
                    .iter()
                    .map(|(from, w)| (*from, self.worker_spaces(seat, *w, Some(*from))))
                    .filter(|(_, to)| *to != 0)
                    .collect();
                moves.sort_unstable();
                out.push(Choice::MoveWorker { moves });
            }
            E::Vacation => out.push(Choice::Vacation {
                spaces: worker_mask(&p.workers, |_| true),
            }),
            E::Windfall => out.push(Choice::Windfall {
                recipient: recipient.expect("windfall recipient"),
                crops: s.stock.crops().collect(),
            }),
            E::NewRegistry => {}
        }
    }

    /// The rules' bookkeeping, checked on every snapshot load and after every step of the
    /// random playouts: every field tile in exactly one place (KH 4), 60 counters (KH 5), every
    /// worker in one place and no two workers adjacent (KH 19), every event tile in one place.
    pub fn check_invariants(&self) -> Result<(), String> {
        let s = &self.s;
        let n = s.players.len();
        if !(2..=4).contains(&n) {
            return Err(format!("{n} players"));
        }
        // Field tiles.
        let mut seen: u64 = 0;
        let mut put = |m: u64, what: &str| -> Result<(), String> {
            if seen & m != 0 {
                return Err(format!(
                    "field tile {} is in two places ({what})",
                    self.board.reference((seen & m).trailing_zeros() as u8)
                ));
            }
            seen |= m;
            Ok(())
        };
        put(s.bag_fields, "bag")?;
        put(s.registry, "registry")?;
        put(s.fallow, "fallow")?;
        for (i, p) in s.players.iter().enumerate() {
            put(p.fields, &format!("board {i}"))?;
            if p.harvested & !p.fields != 0 {
                return Err(format!("seat {i}: a harvested mark off the board"));
            }
            if p.store.len() > 2 {
                return Err(format!("seat {i}: {} tiles in the store", p.store.len()));
            }
            for st in &p.store {
                put(bit(st.tile), &format!("store {i}"))?;
                if st.bid.is_empty() {
                    return Err(format!("seat {i}: an empty bid"));
                }
            }
        }
        for f in &s.stack {
            match f {
                Frame::TraderTile { tile, .. } => put(bit(*tile), "hands")?,
                Frame::Event { held: Some(t), .. } => put(bit(*t), "hands")?,
                _ => {}
            }
        }
        let all = super::board::ALL_SPACES;
        if seen != all {
            return Err(format!(
                "field tile {} is nowhere",
                self.board.reference((all & !seen).trailing_zeros() as u8)
            ));
        }
        if s.registry.count_ones() > 6 {
            return Err("more than 6 registry tiles".into());
        }
        // Counters.
        let mut total = s.stock;
        for (i, p) in s.players.iter().enumerate() {
            total.add(&p.supply);
            if !p.supply.contains(&p.hidden) {
                return Err(format!("seat {i}: hidden counters not in the supply"));
            }
            for st in &p.store {
                total.add(&st.bid);
            }
        }
        if total != Counters([12; 5]) {
            return Err(format!("counters are not 12 of each crop: {:?}", total.0));
        }
        // Workers.
        let mut townsfolk = s.town;
        // KH 26: a displaced worker waiting to be repositioned is off the board.
        let mut limbo: Vec<(u8, super::pieces::Worker)> = Vec::new();
        for f in &s.stack {
            if let Frame::Reposition { seat, worker, .. } = f {
                limbo.push((*seat, *worker));
            }
        }
        for (i, p) in s.players.iter().enumerate() {
            let mut farm = p.unplayed;
            let off: Vec<(Space, super::pieces::Worker)> = limbo
                .iter()
                .filter(|(st, _)| *st as usize == i)
                .map(|(_, w)| (u8::MAX, *w))
                .collect();
            let mut at: u64 = 0;
            for (sp, w) in p.workers.iter().chain(off.iter()) {
                // `u8::MAX`: off the board, waiting to be repositioned.
                if *sp != u8::MAX {
                    if p.fields & bit(*sp) != 0 {
                        return Err(format!("seat {i}: a worker under a field tile"));
                    }
                    if at & bit(*sp) != 0 {
                        return Err(format!("seat {i}: two workers on one space"));
                    }
                    at |= bit(*sp);
                }
                let (mask, b) = if w.is_townsfolk() {
                    (&mut townsfolk, 1u8 << (w.index() - 6))
                } else {
                    (&mut farm, 1u8 << w.index())
                };
                if *mask & b != 0 {
                    return Err(format!("seat {i}: the {} is in two places", w.name()));
                }
                *mask |= b;
            }
            if farm != 0b11_1111 {
                return Err(format!("seat {i}: a farmhand is missing"));
            }
            for (sp, _) in &p.workers {
                if self.board.neighbours(*sp) & at != 0 {
                    return Err(format!(
                        "seat {i}: workers next to each other at {}",
                        self.board.reference(*sp)
                    ));
                }
            }
        }
        if townsfolk != 0b11_1111 {
            return Err("a townsfolk is missing or doubled".into());
        }
        // Event tiles.
        let mut ev: u16 = 0;
        let mut add = |b: u16| -> Result<(), String> {
            if ev & b != 0 {
                return Err("an event tile is in two places".into());
            }
            ev |= b;
            Ok(())
        };
        add(s.bag_events)?;
        add(s.removed_events)?;
        add(s.ignored_events)?;
        for e in &s.track {
            add(e.bit())?;
        }
        if ev != (1 << 14) - 1 {
            return Err("an event tile is missing".into());
        }
        // KH 29, 61: an event seen going back into the bag was never removed at setup.
        if s.returned_events & s.removed_events != 0 {
            return Err("an event seen in play is among those removed at setup".into());
        }
        if s.track.len() > 10 {
            return Err("more than 10 events on the town board".into());
        }
        if s.phase != Phase::Ended && s.phase != (Phase::StartPlayer { chooser: 0 }) {
            // A decision is always pending on a legal state.
            if let Some((seat, _)) = self.prompt()
                && self.legal_actions(seat).is_empty()
            {
                return Err(format!("seat {seat} must decide but has no choice"));
            }
        }
        Ok(())
    }
}

impl Game {
    /// True when `action` fills one of the choices [`Game::legal_actions`] lists for `seat`:
    /// same kind, and every space, tile, seat, worker and crop it names among the choice's.
    /// Counter amounts (bids, payments, substitutes) are not compared, as the list leaves them to
    /// the player. The shared engine harness refuses, through `apply`, every action this says is
    /// not listed: the one validator and the listing must agree.
    pub fn lists(&self, seat: Seat, action: &Action) -> bool {
        let has = |set: SpaceSet, s: Space| s < 64 && set & bit(s) != 0;
        let all_in =
            |set: SpaceSet, xs: &[Space]| !xs.is_empty() && xs.iter().all(|&x| has(set, x));
        self.legal_actions(seat).iter().any(|c| match (c, action) {
            (Choice::StartPlayer { seats }, Action::ChooseStartPlayer { seat }) => {
                seats.contains(seat)
            }
            (Choice::Harvest { tiles }, Action::Harvest { tiles: t, .. })
            | (Choice::UnskilledWorker { tiles }, Action::UnskilledWorker { tiles: t })
            | (Choice::RemoteHarvest { tiles }, Action::RemoteHarvest { tiles: t, .. }) => {
                all_in(*tiles, t)
            }
            (Choice::CasualWorker { tiles }, Action::CasualWorker { tiles: t, .. })
            | (Choice::NewCrop { tiles }, Action::NewCrop { tiles: t }) => {
                t.len() <= 2 && all_in(*tiles, t)
            }
            (Choice::PlayWorker { worker, spaces }, Action::PlayWorker { worker: w, space }) => {
                worker == w && has(*spaces, *space)
            }
            (Choice::RemoveWorker { spaces }, Action::RemoveWorker { space })
            | (Choice::Reposition { spaces }, Action::Reposition { space })
            | (Choice::Vacation { spaces }, Action::Vacation { space })
            | (Choice::Lawyer { spaces }, Action::Lawyer { worker_at: space }) => {
                has(*spaces, *space)
            }
            (Choice::BuyFromStore { tiles }, Action::BuyFromStore { owner, tile }) => {
                tiles.contains(&(*owner, *tile))
            }
            (Choice::Bailiff { tiles }, Action::Bailiff { owner, tile, .. }) => {
                tiles.contains(&(*owner, *tile))
            }
            (Choice::SkilledWorker { tiles }, Action::SkilledWorker { owner, tile, .. })
            | (Choice::Merchant { tiles }, Action::Merchant { owner, tile, .. }) => {
                tiles.iter().any(|(o, t, _)| o == owner && t == tile)
            }
            (Choice::TakeFromRegistry { tiles }, Action::TakeFromRegistry { tile, .. })
            | (Choice::Apprentice { tiles }, Action::Apprentice { tile, .. })
            | (Choice::Supervisor { tiles }, Action::Supervisor { tile })
            | (Choice::Storekeeper { tiles }, Action::Storekeeper { tile, .. })
            | (Choice::TraderRegistry { tiles }, Action::TraderRegistry { tile, .. })
            | (Choice::Benefactor { tiles }, Action::Benefactor { tile })
            | (Choice::BlindSwap { tiles }, Action::BlindSwap { tile })
            | (Choice::QuickSale { tiles }, Action::QuickSale { tile, .. }) => has(*tiles, *tile),
            (Choice::EndTurn, Action::EndTurn)
            | (Choice::Decline, Action::Decline)
            | (Choice::TraderDraw, Action::TraderDraw)
            | (Choice::Labourer { .. }, Action::Labourer { .. })
            | (Choice::KeepDrawn { .. }, Action::KeepDrawn { .. }) => true,
            (
                Choice::Exchange { give, take },
                Action::Exchange {
                    give: g,
                    with,
                    take: t,
                },
            ) => has(*give, *g) && take.contains(&(*with, *t)),
            (Choice::GiveAway { pass, .. }, Action::GiveAway { pass: p, .. }) => match p {
                Some(x) => has(*pass, *x),
                None => *pass == 0,
            },
            (Choice::GoodHarvest { crops }, Action::GoodHarvest { crop, .. })
            | (Choice::Windfall { crops, .. }, Action::Windfall { crop }) => crops.contains(crop),
            (Choice::LuckyDip { registry }, Action::LuckyDip { registry: r, .. }) => match r {
                Some(x) => has(*registry, *x),
                None => *registry == 0,
            },
            (Choice::RegistrySwap { give, take }, Action::RegistrySwap { give: g, take: t }) => {
                has(*give, *g) && has(*take, *t)
            }
            (Choice::Replace { fallow, .. }, Action::Replace { fallow: f }) => {
                f.is_none_or(|x| has(*fallow, x))
            }
            (Choice::MoveWorker { moves }, Action::MoveWorker { from, to }) => {
                moves.iter().any(|(f, set)| f == from && has(*set, *to))
            }
            _ => false,
        })
    }
}
