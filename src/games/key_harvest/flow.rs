//! Carrying out validated decisions, and the automatic steps between decisions: refills, event
//! draws, events placed and resolved, turn ends, the end of the game. Nothing here can fail:
//! [`Game::apply`] has validated the decision first.

use super::action::{Action, TurnAction};
use super::board::{Crop, Space};
use super::event::{DeclinedWhat, Event, Gain, Place};
use super::game::{
    BagTile, EVENT_SPACES, Frame, Game, GiveAwayOptions, Phase, Prompt, REGISTRY_SIZE, StoreTile,
    Turn, bit, nth_bit, shuffle, spaces,
};
use super::pieces::{Counters, EventTile, Seat, Worker};
use super::score::{self, ScoreLine, ScorePad};
use rand::Rng;

/// Where a decision's events go: a list, or nowhere. Random playouts and the bots' rollouts
/// read no event, and building them (some hold lists of their own) was a large part of a
/// playout's cost, so an event is only made when it is kept.
pub(crate) struct Ev<'a>(Option<&'a mut Vec<Event>>);

impl<'a> Ev<'a> {
    /// Events appended to `list`.
    pub(crate) fn to(list: &'a mut Vec<Event>) -> Ev<'a> {
        Ev(Some(list))
    }

    /// Events not kept.
    pub(crate) fn none() -> Ev<'a> {
        Ev(None)
    }

    /// Keeps the event `make` builds, when events are kept.
    #[inline]
    pub(crate) fn push(&mut self, make: impl FnOnce() -> Event) {
        if let Some(list) = self.0.as_deref_mut() {
            list.push(make());
        }
    }
}

impl Game {
    // ---------- small mutations ----------

    /// Pays from a supply: to another seat, to the stock, or into a bid (`to_stock` false and
    /// `to` None). KH 70: a crop the others know no counter of reveals a hidden one.
    fn spend(&mut self, seat: Seat, c: &Counters) {
        let p = &mut self.s.players[seat as usize];
        for i in 0..5 {
            let known = p.supply.0[i] - p.hidden.0[i];
            if c.0[i] > known {
                p.hidden.0[i] -= c.0[i] - known;
            }
        }
        p.supply.sub(c);
    }

    fn pay(&mut self, seat: Seat, to: Option<Seat>, c: Counters, ev: &mut Ev) {
        self.spend(seat, &c);
        match to {
            Some(o) => self.s.players[o as usize].supply.add(&c),
            None => self.s.stock.add(&c),
        }
        ev.push(|| Event::Paid {
            seat,
            to,
            counters: c,
        });
    }

    fn gain(&mut self, seat: Seat, c: Counters) {
        self.s.stock.sub(&c);
        self.s.players[seat as usize].supply.add(&c);
    }

    fn return_worker(&mut self, seat: Seat, worker: Worker, space: Space, ev: &mut Ev) {
        if worker.is_townsfolk() {
            self.s.town |= 1 << (worker.index() - 6);
        } else {
            self.s.players[seat as usize].unplayed |= 1 << worker.index();
        }
        ev.push(|| Event::WorkerReturned {
            seat,
            worker,
            space,
        });
    }

    fn take_worker_off(&mut self, seat: Seat, space: Space) -> Option<Worker> {
        let p = &mut self.s.players[seat as usize];
        let i = p.workers.iter().position(|(s, _)| *s == space)?;
        Some(p.workers.swap_remove(i).1)
    }

    /// Puts a worker on a legal space; a lower worker there goes back (KH 20).
    fn put_worker(&mut self, seat: Seat, worker: Worker, space: Space, ev: &mut Ev) {
        if let Some(old) = self.take_worker_off(seat, space) {
            self.return_worker(seat, old, space, ev);
        }
        if worker.is_townsfolk() {
            self.s.town &= !(1 << (worker.index() - 6));
        } else {
            self.s.players[seat as usize].unplayed &= !(1 << worker.index());
        }
        self.s.players[seat as usize].workers.push((space, worker));
    }

    /// Takes a field tile off a board (its space becomes empty).
    fn lift_tile(&mut self, seat: Seat, tile: Space) {
        let p = &mut self.s.players[seat as usize];
        p.fields &= !bit(tile);
        p.harvested &= !bit(tile);
    }

    /// KH 3: `seat` acquires `tile`, unharvested side up; KH 26 if one of their workers stands
    /// there. Returns whether a reposition frame was pushed.
    fn acquire(&mut self, seat: Seat, tile: Space, from: Place, ev: &mut Ev) -> bool {
        let displaced = self.take_worker_off(seat, tile);
        let p = &mut self.s.players[seat as usize];
        p.fields |= bit(tile);
        p.harvested &= !bit(tile);
        ev.push(|| Event::TileAcquired { seat, tile, from });
        if let Some(worker) = displaced {
            ev.push(|| Event::WorkerDisplaced {
                seat,
                worker,
                space: tile,
            });
            self.s.stack.push(Frame::Reposition {
                seat,
                worker,
                from: tile,
            });
            true
        } else {
            false
        }
    }

    fn fallow(&mut self, tile: Space, from: Place, ev: &mut Ev) {
        self.s.fallow |= bit(tile);
        ev.push(|| Event::TileFallowed { tile, from });
    }

    fn take_from_store(&mut self, owner: Seat, tile: Space) -> StoreTile {
        let store = &mut self.s.players[owner as usize].store;
        let i = store
            .iter()
            .position(|t| t.tile == tile)
            .expect("validated");
        store.remove(i)
    }

    /// A store tile bought by `buyer` from `owner` for `payment` (KH 23, 37, 39): the owner
    /// puts the bid and the payment in their supply.
    fn buy(&mut self, buyer: Seat, owner: Seat, tile: Space, payment: Counters, ev: &mut Ev) {
        let st = self.take_from_store(owner, tile);
        if owner == buyer {
            // KH 23: your own bid goes to the stock.
            self.s.stock.add(&st.bid);
            ev.push(|| Event::Paid {
                seat: buyer,
                to: None,
                counters: st.bid,
            });
        } else {
            self.pay(buyer, Some(owner), payment, ev);
            self.s.players[owner as usize].supply.add(&st.bid);
            ev.push(|| Event::Gained {
                seat: owner,
                counters: st.bid,
                from: Gain::Sale,
            });
        }
        self.acquire(buyer, tile, Place::Store { owner }, ev);
    }

    fn put_in_store(&mut self, seat: Seat, tile: Space, bid: Counters, ev: &mut Ev) {
        self.s.registry &= !bit(tile);
        self.spend(seat, &bid);
        self.s.players[seat as usize]
            .store
            .push(StoreTile { tile, bid });
        ev.push(|| Event::TileToStore {
            seat,
            tile,
            bid,
            from: Place::Registry,
        });
        self.s.stack.push(Frame::Refill { drawer: seat });
    }

    fn harvest(&mut self, seat: Seat, tiles: &[Space], instead: &[Crop], ev: &mut Ev) {
        let m = tiles.iter().fold(0, |m, &t| m | bit(t));
        let got = self
            .owed_gain(self.crops_of(m), instead)
            .expect("validated");
        self.gain(seat, got);
        self.s.players[seat as usize].harvested |= m;
        ev.push(|| Event::Harvested {
            seat,
            tiles: spaces(m).collect(),
            gained: got,
        });
    }

    fn gain_owed(&mut self, seat: Seat, owed: Counters, instead: &[Crop], from: Gain, ev: &mut Ev) {
        let got = self.owed_gain(owed, instead).expect("validated");
        self.gain(seat, got);
        ev.push(|| Event::Gained {
            seat,
            counters: got,
            from,
        });
    }

    // ---------- the bag ----------

    /// A random tile from the bag: Ok(field tile) or Err(event); the first tile of
    /// [`State::bag_order`](super::game::State::bag_order) still in the bag, if any.
    fn draw_any(&mut self) -> Result<Space, EventTile> {
        while !self.s.bag_order.is_empty() {
            match self.s.bag_order.remove(0) {
                BagTile::Field(t) if self.s.bag_fields & bit(t) != 0 => {
                    self.s.bag_fields &= !bit(t);
                    return Ok(t);
                }
                BagTile::Event(e) if self.s.bag_events & e.bit() != 0 => {
                    self.s.bag_events &= !e.bit();
                    return Err(e);
                }
                // Drawn already by another path (a field-only draw): skip it.
                _ => {}
            }
        }
        let f = self.s.bag_fields.count_ones();
        let e = self.s.bag_events.count_ones();
        let k = self.s.rng.random_range(0..f + e);
        if k < f {
            let t = nth_bit(self.s.bag_fields, k);
            self.s.bag_fields &= !bit(t);
            Ok(t)
        } else {
            let i = nth_bit(self.s.bag_events as u64, k - f);
            self.s.bag_events &= !(1 << i);
            Err(EventTile::from_index(i as usize))
        }
    }

    /// KH 29: an event draw; events are set aside until a field tile comes, then go back. With
    /// no field tile in the bag, KH 30: every event in the bag comes out and is placed.
    fn event_draw(&mut self, drawer: Seat, ev: &mut Ev) -> Option<Space> {
        if self.s.bag_fields == 0 {
            let mut events: Vec<EventTile> = EventTile::in_mask(self.s.bag_events).collect();
            self.s.bag_events = 0;
            shuffle(&mut events, &mut self.s.rng);
            for e in events {
                self.place_event(e, drawer, ev);
            }
            return None;
        }
        let mut aside = Vec::new();
        loop {
            match self.draw_any() {
                Ok(t) => {
                    if !aside.is_empty() {
                        for e in &aside {
                            self.s.bag_events |= EventTile::bit(*e);
                            self.s.returned_events |= EventTile::bit(*e);
                        }
                        ev.push(|| Event::EventsToBag { events: aside });
                    }
                    return Some(t);
                }
                Err(e) => {
                    ev.push(|| Event::EventSetAside { event: e });
                    aside.push(e);
                }
            }
        }
    }

    /// KH 45, 61-63: an event goes on the lowest free space and is resolved at once, or waits
    /// when another event is being resolved (KH 31).
    fn place_event(&mut self, e: EventTile, drawer: Seat, ev: &mut Ev) {
        if self.s.track.len() >= EVENT_SPACES {
            // KH 63.
            self.s.ignored_events |= e.bit();
            ev.push(|| Event::EventIgnored { event: e });
            return;
        }
        self.s.track.push(e);
        ev.push(|| Event::EventPlaced {
            event: e,
            space: self.s.track.len() as u8,
            drawer,
        });
        if self.s.track.len() == 7
            && self.s.bag_fields != 0
            && self.s.players.iter().any(|p| p.tiles_on_board() < 7)
        {
            // KH 61: spaces 1 and 2 back into the bag; 3-7 move down to 1-5.
            let returned: Vec<EventTile> = self.s.track.drain(0..2).collect();
            for r in &returned {
                self.s.bag_events |= r.bit();
                self.s.returned_events |= r.bit();
            }
            ev.push(|| Event::QuestionCheck { returned });
        }
        if self.s.track.len() == EVENT_SPACES && !self.s.end_triggered {
            // KH 62: the active player has the last turn.
            self.s.end_triggered = true;
            ev.push(|| Event::EndTriggered {
                last_turn_seat: self.s.turn.active,
            });
        }
        let in_event = self.in_event();
        if in_event {
            self.s.waiting.push_back((e, drawer));
        } else {
            self.s.stack.push(Frame::new_event(e, drawer));
        }
    }

    // ---------- carrying out a decision ----------

    pub(crate) fn perform(&mut self, seat: Seat, prompt: &Prompt, action: &Action, ev: &mut Ev) {
        use Action as A;
        match (prompt, action) {
            (Prompt::StartPlayer, A::ChooseStartPlayer { seat: chosen }) => {
                ev.push(|| Event::StartPlayer {
                    chooser: seat,
                    seat: *chosen,
                });
                self.s.start_player = *chosen;
                self.s.phase = Phase::Playing;
                self.start_turn(*chosen, 1, ev);
            }
            (Prompt::Turn, A::EndTurn) => self.end_turn(ev),
            (Prompt::Turn, a) => self.perform_turn_action(seat, a, ev),
            (Prompt::Reposition { worker, from }, A::Reposition { space }) => {
                self.s.stack.pop();
                self.put_worker(seat, *worker, *space, ev);
                ev.push(|| Event::WorkerMoved {
                    seat,
                    worker: *worker,
                    from: Some(*from),
                    to: *space,
                });
                // KH 26: a repositioned worker acts again.
                self.s.stack.push(Frame::Ability {
                    seat,
                    worker: *worker,
                    at: *space,
                    copied: false,
                });
            }
            (Prompt::Reposition { worker, from }, A::Decline) => {
                self.s.stack.pop();
                self.return_worker(seat, *worker, *from, ev);
            }
            (Prompt::Ability { worker, .. }, A::Decline) => {
                let worker = *worker;
                self.s.stack.pop();
                ev.push(|| Event::Declined {
                    seat,
                    what: Some(DeclinedWhat::Ability { worker }),
                });
            }
            (Prompt::Ability { worker, at, copied }, a) => {
                self.s.stack.pop();
                ev.push(|| Event::WorkerActs {
                    seat,
                    worker: *worker,
                    space: *at,
                    copied: *copied,
                });
                self.perform_ability(seat, *worker, a, ev);
            }
            (Prompt::KeepDrawn { tile }, A::KeepDrawn { keep }) => {
                self.s.stack.pop();
                if *keep {
                    self.acquire(seat, *tile, Place::Hands { seat }, ev);
                } else {
                    self.fallow(*tile, Place::Hands { seat }, ev);
                }
            }
            (Prompt::Event { event, held, .. }, a) => {
                self.perform_event(seat, *event, *held, a, ev)
            }
            _ => unreachable!("validated"),
        }
    }

    fn mark(&mut self, a: TurnAction) {
        let t = &mut self.s.turn;
        let count = match t.last {
            Some((b, n)) if b == a => n + 1,
            _ => 1,
        };
        t.done |= a.bit();
        t.last = Some((a, count));
    }

    fn perform_turn_action(&mut self, seat: Seat, a: &Action, ev: &mut Ev) {
        match a {
            Action::Harvest { tiles, instead } => {
                self.mark(TurnAction::Harvest);
                self.harvest(seat, tiles, instead, ev);
            }
            Action::PlayWorker { worker, space } => {
                self.mark(TurnAction::Worker);
                self.put_worker(seat, *worker, *space, ev);
                ev.push(|| Event::WorkerPlayed {
                    seat,
                    worker: *worker,
                    space: *space,
                });
                self.s.stack.push(Frame::Ability {
                    seat,
                    worker: *worker,
                    at: *space,
                    copied: false,
                });
            }
            Action::RemoveWorker { space } => {
                self.mark(TurnAction::Worker);
                let w = self.take_worker_off(seat, *space).expect("validated");
                self.return_worker(seat, w, *space, ev);
            }
            Action::BuyFromStore { owner, tile } => {
                self.mark(TurnAction::FromStores);
                let bid = self.s.players[*owner as usize]
                    .store
                    .iter()
                    .find(|t| t.tile == *tile)
                    .expect("validated")
                    .bid;
                self.buy(seat, *owner, *tile, bid, ev);
            }
            Action::TakeFromRegistry { tile, bid } => {
                self.mark(TurnAction::ToStore);
                self.put_in_store(seat, *tile, *bid, ev);
            }
            _ => unreachable!("validated"),
        }
    }

    fn perform_ability(&mut self, seat: Seat, worker: Worker, a: &Action, ev: &mut Ev) {
        use Action as A;
        let from = Gain::Worker(worker);
        match a {
            A::Apprentice { tile, instead } => {
                let owed = Counters::one(self.board.crop(*tile));
                self.gain_owed(seat, owed, instead, from, ev);
            }
            A::CasualWorker { tiles, instead } => {
                let m = tiles.iter().fold(0, |m, &t| m | bit(t));
                let owed = self.crops_of(m);
                self.gain_owed(seat, owed, instead, from, ev);
            }
            A::Labourer { crops } => {
                let c = Counters::of(crops);
                self.gain(seat, c);
                ev.push(|| Event::Gained {
                    seat,
                    counters: c,
                    from,
                });
            }
            A::UnskilledWorker { tiles } => {
                self.renew(seat, tiles, ev);
            }
            A::SkilledWorker {
                owner,
                tile,
                payment,
            }
            | A::Merchant {
                owner,
                tile,
                payment,
            } => {
                self.buy(seat, *owner, *tile, *payment, ev);
            }
            A::Supervisor { tile } => {
                self.lift_tile(seat, *tile);
                self.fallow(*tile, Place::Board { owner: seat }, ev);
            }
            A::Storekeeper { tile, bid } => self.put_in_store(seat, *tile, *bid, ev),
            A::Bailiff {
                owner,
                tile,
                payment,
            } => {
                self.pay(seat, Some(*owner), *payment, ev);
                self.lift_tile(*owner, *tile);
                self.acquire(seat, *tile, Place::Board { owner: *owner }, ev);
            }
            A::Lawyer { worker_at } => {
                let copied = self.s.players[seat as usize]
                    .worker_at(*worker_at)
                    .expect("validated");
                self.s.stack.push(Frame::Ability {
                    seat,
                    worker: copied,
                    at: *worker_at,
                    copied: true,
                });
            }
            A::TraderDraw => {
                if let Some(t) = self.event_draw(seat, ev) {
                    ev.push(|| Event::TileToHands {
                        seat,
                        tile: t,
                        from: Place::Bag,
                    });
                    self.s.stack.push(Frame::TraderTile { seat, tile: t });
                }
            }
            A::TraderRegistry { tile, keep } => {
                // KH 43: nothing is drawn and the registry is not refilled.
                self.s.registry &= !bit(*tile);
                if *keep {
                    self.acquire(seat, *tile, Place::Registry, ev);
                } else {
                    self.fallow(*tile, Place::Registry, ev);
                }
            }
            A::Benefactor { tile } => {
                // KH 44: the refill comes after any chain the tile sets off (KH 27).
                self.s.registry &= !bit(*tile);
                self.s.stack.push(Frame::Refill { drawer: seat });
                self.acquire(seat, *tile, Place::Registry, ev);
            }
            _ => unreachable!("validated"),
        }
    }

    fn renew(&mut self, seat: Seat, tiles: &[Space], ev: &mut Ev) {
        let m = tiles.iter().fold(0, |m, &t| m | bit(t));
        self.s.players[seat as usize].harvested &= !m;
        ev.push(|| Event::Renewed {
            seat,
            tiles: spaces(m).collect(),
        });
    }

    fn next_step(&mut self) {
        if let Some(Frame::Event { step, held, .. }) = self.s.stack.last_mut() {
            *step += 1;
            *held = None;
        }
    }

    fn perform_event(
        &mut self,
        seat: Seat,
        event: EventTile,
        held: Option<Space>,
        a: &Action,
        ev: &mut Ev,
    ) {
        use Action as A;
        let n = self.players();
        match a {
            A::Decline => {
                self.next_step();
                ev.push(|| Event::Declined {
                    seat,
                    what: Some(DeclinedWhat::Event { event }),
                });
            }
            A::BlindSwap { tile } => {
                self.next_step();
                self.lift_tile(seat, *tile);
                self.fallow(*tile, Place::Board { owner: seat }, ev);
                if let Some(t) = self.event_draw(seat, ev) {
                    self.acquire(seat, t, Place::Bag, ev);
                }
            }
            A::Exchange { give, with, take } => {
                self.next_step();
                self.lift_tile(seat, *give);
                self.lift_tile(*with, *take);
                // KH 48: KH 26 applies to both, you first: your frame goes on top.
                self.acquire(*with, *give, Place::Board { owner: seat }, ev);
                self.acquire(seat, *take, Place::Board { owner: *with }, ev);
            }
            A::GiveAway { pass, keep } => {
                let Some(Frame::Event { step, .. }) = self.s.stack.last() else {
                    unreachable!()
                };
                let step = *step;
                let to = (seat + 1) % n;
                // What goes on to the next player.
                let mut next_held = None;
                if let Some(t) = pass {
                    if Some(*t) != held {
                        self.lift_tile(seat, *t);
                        ev.push(|| Event::TileToHands {
                            seat: to,
                            tile: *t,
                            from: Place::Board { owner: seat },
                        });
                    } else {
                        ev.push(|| Event::TileToHands {
                            seat: to,
                            tile: *t,
                            from: Place::Hands { seat },
                        });
                    }
                    next_held = Some(*t);
                }
                if let Some(Frame::Event {
                    step: st, held: h, ..
                }) = self.s.stack.last_mut()
                {
                    *st += 1;
                    *h = if step < n { next_held } else { None };
                }
                // Keep or fallow the received tile, unless it was passed on.
                if let Some(r) = held
                    && *pass != Some(r)
                {
                    if *keep {
                        self.acquire(seat, r, Place::Hands { seat }, ev);
                    } else {
                        self.fallow(r, Place::Hands { seat }, ev);
                    }
                }
            }
            A::GoodHarvest { crop, instead } => {
                self.next_step();
                let inst: Vec<Crop> = instead.iter().copied().collect();
                self.gain_owed(seat, Counters::one(*crop), &inst, Gain::Event(event), ev);
            }
            A::LuckyDip { payment, registry } => {
                self.next_step();
                self.pay(seat, None, *payment, ev);
                match registry {
                    Some(t) => {
                        self.s.registry &= !bit(*t);
                        self.acquire(seat, *t, Place::Registry, ev);
                    }
                    None => {
                        if let Some(t) = self.event_draw(seat, ev) {
                            self.acquire(seat, t, Place::Bag, ev);
                        }
                    }
                }
            }
            A::NewCrop { tiles } => {
                self.next_step();
                self.renew(seat, tiles, ev);
            }
            A::QuickSale { payment, tile } => {
                self.next_step();
                self.pay(seat, None, *payment, ev);
                self.s.registry &= !bit(*tile);
                self.acquire(seat, *tile, Place::Registry, ev);
            }
            A::RegistrySwap { give, take } => {
                self.next_step();
                self.lift_tile(seat, *give);
                self.s.registry |= bit(*give);
                ev.push(|| Event::TileToRegistry {
                    tile: *give,
                    from: Place::Board { owner: seat },
                });
                self.s.registry &= !bit(*take);
                self.acquire(seat, *take, Place::Registry, ev);
            }
            A::RemoteHarvest { tiles, instead } => {
                self.next_step();
                self.harvest(seat, tiles, instead, ev);
            }
            A::Replace { fallow } => {
                self.next_step();
                let drawn = held.expect("validated");
                match fallow {
                    Some(f) => {
                        self.lift_tile(seat, *f);
                        self.fallow(*f, Place::Board { owner: seat }, ev);
                        self.acquire(seat, drawn, Place::Hands { seat }, ev);
                    }
                    None => self.fallow(drawn, Place::Hands { seat }, ev),
                }
            }
            A::MoveWorker { from, to } => {
                self.next_step();
                let w = self.take_worker_off(seat, *from).expect("validated");
                // Back on the board for the replacement rule, then moved.
                self.put_worker_back_moving(seat, w, *to, ev);
                ev.push(|| Event::WorkerMoved {
                    seat,
                    worker: w,
                    from: Some(*from),
                    to: *to,
                });
            }
            A::Vacation { space } => {
                self.next_step();
                let w = self.take_worker_off(seat, *space).expect("validated");
                self.return_worker(seat, w, *space, ev);
            }
            A::Windfall { crop } => {
                let Some(Frame::Event { drawer, step, .. }) = self.s.stack.last() else {
                    unreachable!()
                };
                let to = (drawer + step) % n;
                self.next_step();
                let c = Counters::one(*crop);
                self.gain(to, c);
                ev.push(|| Event::Gained {
                    seat: to,
                    counters: c,
                    from: Gain::Event(event),
                });
            }
            _ => unreachable!("validated"),
        }
    }

    /// X: a lifted worker goes to its new space (a lower worker there goes back, KH 58).
    fn put_worker_back_moving(&mut self, seat: Seat, w: Worker, to: Space, ev: &mut Ev) {
        if let Some(old) = self.take_worker_off(seat, to) {
            self.return_worker(seat, old, to, ev);
        }
        self.s.players[seat as usize].workers.push((to, w));
    }

    // ---------- turns ----------

    fn start_turn(&mut self, seat: Seat, number: u32, ev: &mut Ev) {
        self.s.turn = Turn {
            active: seat,
            number,
            done: 0,
            last: None,
        };
        ev.push(|| Event::TurnStarted { seat, turn: number });
    }

    fn end_turn(&mut self, ev: &mut Ev) {
        let t = self.s.turn.clone();
        let n = self.players();
        ev.push(|| Event::TurnEnded {
            seat: t.active,
            actions: t.actions(),
        });
        // KH 17.
        if t.done == 0 {
            self.s.idle_turns += 1;
        } else {
            self.s.idle_turns = 0;
        }
        if self.s.idle_turns >= n {
            ev.push(|| Event::Stalemate);
            self.finish(ev);
            return;
        }
        // KH 62.
        match self.s.final_turns {
            None if self.s.end_triggered => self.s.final_turns = Some(2 * n),
            None => {}
            Some(k) => {
                if k <= 1 {
                    self.s.final_turns = Some(0);
                    self.finish(ev);
                    return;
                }
                self.s.final_turns = Some(k - 1);
            }
        }
        self.start_turn((t.active + 1) % n, t.number + 1, ev);
    }

    /// Whether the turn is over by itself (KH 16): two actions done, nothing pending, and no
    /// second tile of the last action possible, as the other players see it.
    ///
    /// KH 16: "The turn ends when the active player ends it. It ends at once when they have
    /// done two actions" and everything they set off is resolved; a second tile of (c) or (d)
    /// is the same action (KH 22, 24), so after one tile the player may still take another.
    /// Whether they can pay another store's bid (KH 23) depends on their supply, and with 3 or
    /// 4 players part of it is the hidden starting counters (KH 69, 70). Ending the turn by
    /// itself because those cannot match a bid would tell everyone what they hold ("Ada has no
    /// wheat"). At the table nobody learns that: the player simply says they are done. So the
    /// turn ends by itself only when what everyone sees already proves that no second tile is
    /// possible (known counters, each "?" as any crop); otherwise the player is asked, with
    /// "take another tile" where they can and "end my turn" always offered.
    fn turn_is_spent(&self) -> bool {
        let t = &self.s.turn;
        if t.actions() < 2 {
            return false;
        }
        let seat = t.active;
        let p = &self.s.players[seat as usize];
        match t.last {
            Some((TurnAction::FromStores, 1)) => {
                !self.s.players.iter().enumerate().any(|(o, q)| {
                    q.store
                        .iter()
                        .any(|st| o as Seat == seat || p.may_hold(&st.bid))
                })
            }
            Some((TurnAction::ToStore, 1)) => {
                p.store.len() >= 2 || p.supply.is_empty() || self.s.registry == 0
            }
            _ => true,
        }
    }

    // ---------- the automatic steps ----------

    /// Runs automatic steps until a seat has a decision to make or the game is over.
    pub(crate) fn advance(&mut self, ev: &mut Ev) {
        let n = self.players();
        loop {
            if self.s.phase != Phase::Playing {
                return;
            }
            let Some(top) = self.s.stack.last().cloned() else {
                if self.turn_is_spent() {
                    self.end_turn(ev);
                    continue;
                }
                return;
            };
            match top {
                Frame::Reposition { seat, worker, from } => {
                    if self.worker_spaces(seat, worker, None) == 0 {
                        // KH 26: no legal space, so it goes back.
                        self.s.stack.pop();
                        self.return_worker(seat, worker, from, ev);
                        continue;
                    }
                    return;
                }
                Frame::Ability {
                    seat,
                    worker,
                    at,
                    copied,
                } => {
                    if self.ability_has_options(seat, worker, at) {
                        return;
                    }
                    // KH 21: the ability finds nothing to act on.
                    self.s.stack.pop();
                    ev.push(|| Event::WorkerActs {
                        seat,
                        worker,
                        space: at,
                        copied,
                    });
                    ev.push(|| Event::Declined {
                        seat,
                        what: Some(DeclinedWhat::NothingToDo { worker }),
                    });
                }
                Frame::TraderTile { .. } => return,
                Frame::Refill { drawer } => {
                    if self.s.registry.count_ones() >= REGISTRY_SIZE
                        || (self.s.bag_fields == 0 && self.s.bag_events == 0)
                    {
                        self.s.stack.pop();
                        continue;
                    }
                    match self.draw_any() {
                        Ok(t) => {
                            self.s.registry |= bit(t);
                            ev.push(|| Event::TileToRegistry {
                                tile: t,
                                from: Place::Bag,
                            });
                        }
                        // KH 28: placed and resolved at once (or queued, KH 31); drawing goes on
                        // afterwards, since the refill frame stays below.
                        Err(e) => self.place_event(e, drawer, ev),
                    }
                }
                Frame::EventRefill {
                    drawer,
                    stop_without_fields,
                } => {
                    if self.s.registry.count_ones() >= REGISTRY_SIZE
                        || (stop_without_fields && self.s.bag_fields == 0)
                    {
                        self.s.stack.pop();
                        continue;
                    }
                    match self.event_draw(drawer, ev) {
                        Some(t) => {
                            self.s.registry |= bit(t);
                            ev.push(|| Event::TileToRegistry {
                                tile: t,
                                from: Place::Bag,
                            });
                        }
                        None => {
                            // KH 30/32: nothing more to draw. Remove this frame, keeping any
                            // event frame the draw may have pushed above it.
                            if let Some(i) = self
                                .s
                                .stack
                                .iter()
                                .rposition(|f| matches!(f, Frame::EventRefill { .. }))
                            {
                                self.s.stack.remove(i);
                            }
                        }
                    }
                }
                Frame::Event {
                    event,
                    drawer,
                    step,
                    held,
                    done,
                } => {
                    if self.event_step(event, drawer, step, held, done, n, ev) {
                        return;
                    }
                }
            }
        }
    }

    /// One step of an event frame on top of the stack. Returns true when a seat must decide.
    #[allow(clippy::too_many_arguments)]
    fn event_step(
        &mut self,
        event: EventTile,
        drawer: Seat,
        step: u8,
        held: Option<Space>,
        done: bool,
        n: u8,
        ev: &mut Ev,
    ) -> bool {
        use EventTile as E;
        let set_top = |g: &mut Game, step: u8, held: Option<Space>, done: bool| {
            if let Some(Frame::Event {
                step: s,
                held: h,
                done: d,
                ..
            }) = g.s.stack.last_mut()
            {
                *s = step;
                *h = held;
                *d = done;
            }
        };
        // The event waits, marked done, under the drawer's refill with event draws (KH 29).
        let refill_after = |g: &mut Game, step: u8, held: Option<Space>, stop_without_fields| {
            set_top(g, step, held, true);
            g.s.stack.push(Frame::EventRefill {
                drawer,
                stop_without_fields,
            });
        };
        match event {
            E::NewRegistry => {
                if !done {
                    // KH 53: the registry into the bag, then event draws to refill it.
                    let tiles: Vec<Space> = spaces(self.s.registry).collect();
                    self.s.bag_fields |= self.s.registry;
                    self.s.registry = 0;
                    ev.push(|| Event::RegistryToBag { tiles });
                    refill_after(self, step, held, true);
                    return false;
                }
                self.finish_event(event, ev);
                false
            }
            E::Windfall => {
                if step >= n || self.s.stock.is_empty() {
                    self.finish_event(event, ev);
                    return false;
                }
                true
            }
            E::GiveAway => {
                let seat = (drawer + step) % n;
                if step > n {
                    self.finish_event(event, ev);
                    return false;
                }
                if step == n && held.is_none() {
                    self.finish_event(event, ev);
                    return false;
                }
                let (opts, may_keep) = self.give_away_options(seat);
                if opts == GiveAwayOptions::Nothing && !may_keep {
                    // Nothing to pass and nothing received: the next player receives nothing.
                    set_top(self, step + 1, None, done);
                    return false;
                }
                if let GiveAwayOptions::Some {
                    board: 0,
                    pass_on: true,
                } = opts
                {
                    // No tile of their own: the received tile must go on (as far as possible).
                    let t = held.expect("pass_on");
                    ev.push(|| Event::TileToHands {
                        seat: (seat + 1) % n,
                        tile: t,
                        from: Place::Hands { seat },
                    });
                    set_top(self, step + 1, Some(t), done);
                    return false;
                }
                true
            }
            E::Replacement => {
                if step >= n {
                    self.finish_event(event, ev);
                    return false;
                }
                let seat = (drawer + step) % n;
                if held.is_none() {
                    if done {
                        set_top(self, n, None, done);
                        return false;
                    }
                    match self.event_draw(seat, ev) {
                        Some(t) => {
                            ev.push(|| Event::TileToHands {
                                seat,
                                tile: t,
                                from: Place::Bag,
                            });
                            if self.s.players[seat as usize].fields == 0 {
                                // KH 57: nothing to exchange it for.
                                self.fallow(t, Place::Hands { seat }, ev);
                                set_top(self, step + 1, None, done);
                                return false;
                            }
                            set_top(self, step, Some(t), done);
                            return true;
                        }
                        None => {
                            // KH 57: KH 30 at the first such draw; later players draw nothing.
                            set_top(self, n, None, true);
                            return false;
                        }
                    }
                }
                true
            }
            E::QuickSale => {
                if step < n {
                    let seat = (drawer + step) % n;
                    if self.event_has_part(seat, event) {
                        return true;
                    }
                    set_top(self, step + 1, None, done);
                    return false;
                }
                if !done {
                    // KH 54: only now the drawer refills, with event draws.
                    refill_after(self, step, None, false);
                    return false;
                }
                self.finish_event(event, ev);
                false
            }
            _ => {
                if step >= n {
                    self.finish_event(event, ev);
                    return false;
                }
                let seat = (drawer + step) % n;
                if self.event_has_part(seat, event) {
                    return true;
                }
                set_top(self, step + 1, None, done);
                false
            }
        }
    }

    /// Whether an event is being resolved (a drawn event then waits its turn, KH 31).
    fn in_event(&self) -> bool {
        self.s
            .stack
            .iter()
            .any(|f| matches!(f, Frame::Event { .. }))
    }

    /// The event on top is finished for everyone; the next waiting event starts (KH 31).
    fn finish_event(&mut self, event: EventTile, ev: &mut Ev) {
        self.s.stack.pop();
        ev.push(|| Event::EventResolved { event });
        let in_event = self.in_event();
        if !in_event && let Some((e, drawer)) = self.s.waiting.pop_front() {
            self.s.stack.push(Frame::new_event(e, drawer));
        }
    }

    /// Whether `seat` has anything to decide in an optional event's part (KH 45: skipped when
    /// impossible).
    pub(crate) fn event_has_part(&self, seat: Seat, event: EventTile) -> bool {
        use EventTile as E;
        let p = &self.s.players[seat as usize];
        let n = self.players();
        match event {
            E::BlindSwap => self.s.bag_fields != 0 && p.fields != 0,
            E::Exchange => p.fields != 0 && (0..n).any(|o| o != seat && self.unconnected(o) != 0),
            E::GoodHarvest => p.unharvested() != 0 && !self.s.stock.is_empty(),
            E::LuckyDip => {
                p.supply.total() >= 2 && (self.s.bag_fields != 0 || self.s.registry != 0)
            }
            E::NewCrop => p.harvested != 0,
            E::QuickSale => p.supply.total() >= 3 && self.s.registry != 0,
            E::RegistrySwap => p.fields != 0 && self.s.registry != 0,
            E::RemoteHarvest => {
                self.unconnected(seat) & p.unharvested() != 0 && !self.s.stock.is_empty()
            }
            E::Reposition => p
                .workers
                .iter()
                .any(|(s, w)| self.worker_spaces(seat, *w, Some(*s)) != 0),
            E::Vacation => !p.workers.is_empty(),
            // Handled by their own steps.
            E::GiveAway | E::NewRegistry | E::Replacement | E::Windfall => true,
        }
    }

    /// Whether a worker's ability has anything to act on (KH 21: otherwise it finds nothing).
    pub(crate) fn ability_has_options(&self, seat: Seat, worker: Worker, at: Space) -> bool {
        let p = &self.s.players[seat as usize];
        let around = self.board.neighbours(at);
        let supply = p.supply.total();
        let others_store = |extra: u32| {
            self.s.players.iter().enumerate().any(|(o, q)| {
                o as Seat != seat && q.store.iter().any(|st| supply >= st.bid.total() + extra)
            })
        };
        match worker {
            Worker::Apprentice | Worker::CasualWorker => around & p.unharvested() != 0,
            Worker::Labourer => !self.s.stock.is_empty(),
            Worker::UnskilledWorker => around & p.harvested != 0,
            Worker::SkilledWorker => others_store(1),
            Worker::Supervisor => p.fields != 0,
            Worker::Merchant => others_store(0),
            Worker::Storekeeper => p.store.len() < 2 && supply > 0 && self.s.registry != 0,
            Worker::Bailiff => {
                supply >= 3 && (0..self.players()).any(|o| o != seat && self.unconnected(o) != 0)
            }
            Worker::Lawyer => p.workers.iter().any(|(_, w)| *w != Worker::Lawyer),
            Worker::Trader => self.s.bag_fields != 0 || self.s.registry != 0,
            Worker::Benefactor => self.s.registry != 0,
        }
    }

    // ---------- the end ----------

    /// KH 64-67: the score pad.
    pub fn compute_pad(&self) -> ScorePad {
        let supplies: Vec<[u8; 5]> = self.s.players.iter().map(|p| p.supply.0).collect();
        let crops = score::crop_winners(&supplies);
        let mut lines: Vec<ScoreLine> = self
            .s
            .players
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let workers: u32 = p.workers.iter().map(|(_, w)| w.number() as u32).sum();
                let (largest, second, group_points) =
                    score::group_points(self.group_sizes(i as Seat));
                let crop_points = crops[i].len() as u32;
                ScoreLine {
                    seat: i as Seat,
                    workers,
                    largest_group: largest,
                    second_group: second,
                    group_points,
                    crops: crops[i].clone(),
                    crop_points,
                    total: workers + group_points + crop_points,
                    field_tiles: p.fields.count_ones(),
                    counters: p.supply.total(),
                    rank: 0,
                }
            })
            .collect();
        let (winners, tie_break) = score::rank(&mut lines);
        ScorePad {
            lines,
            winners,
            tie_break,
        }
    }

    fn finish(&mut self, ev: &mut Ev) {
        let pad = self.compute_pad();
        self.s.phase = Phase::Ended;
        self.s.stack.clear();
        self.s.waiting.clear();
        for p in &mut self.s.players {
            // KH 70: all supplies are shown at the end.
            p.hidden = Counters::ZERO;
        }
        ev.push(|| Event::GameEnded {
            pad: pad.clone(),
            removed_events: EventTile::in_mask(self.s.removed_events).collect(),
            supplies: self.s.players.iter().map(|p| p.supply).collect(),
        });
        self.s.pad = Some(pad);
    }
}
