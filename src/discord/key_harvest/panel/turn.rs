//! The start-player choice and the turn: actions (a)-(d) in any legal order (KH 14-15), each
//! shown on every turn and disabled with the engine's reason when it is not allowed now, and
//! their screens: the group to harvest, the worker and its space, the worker to remove, the
//! stores with the exact match each tile costs, the registry.

use super::{Item, KhScreen, Out, Panel, PickKind};
use crate::discord::spec::Style;
use crate::games::key_harvest::game::spaces;
use crate::games::key_harvest::{
    Action, ActionError, Choice, Counters, Space, SpaceSet, TurnAction, Worker,
};
use crate::render::and_list;
use crate::render::key_harvest_text::{registry_line, stores_text};

impl Panel<'_> {
    pub(super) fn start_player(&self, out: &mut Out) {
        let Some(seats) = self.find(|c| match c {
            Choice::StartPlayer { seats } => Some(seats.clone()),
            _ => None,
        }) else {
            return;
        };
        out.lines.push(
            "You were drawn to choose the start player (KH 9): anyone, yourself included. Play then goes in seat order.".to_string(),
        );
        let items: Vec<Item> = seats
            .into_iter()
            .map(|s| {
                let label = if s == self.seat {
                    "I start".to_string()
                } else {
                    format!("{} starts", self.name(s))
                };
                Item::act(Action::ChooseStartPlayer { seat: s }, label)
            })
            .collect();
        self.options(out, items, 4, "Who starts?");
    }

    /// The engine's reason why turn action `a` cannot be done now, or `otherwise`.
    fn turn_reason(&self, a: TurnAction, otherwise: &str) -> String {
        match self.game.check_turn_action(a) {
            Err(e) => e.to_string(),
            Ok(_) => otherwise.to_string(),
        }
    }

    /// Whether `a` would be a second tile of the action just done (KH 22, 24).
    fn continuing(&self, a: TurnAction) -> bool {
        self.game.check_turn_action(a) == Ok(true)
    }

    fn harvest_groups(&self) -> Vec<SpaceSet> {
        self.v
            .legal
            .iter()
            .filter_map(|c| match c {
                Choice::Harvest { tiles } => Some(*tiles),
                _ => None,
            })
            .collect()
    }

    pub(super) fn turn(&self, out: &mut Out) {
        let t = &self.game.state().turn;
        let done: Vec<String> = [
            (TurnAction::Harvest, "harvest"),
            (TurnAction::Worker, "worker"),
            (TurnAction::FromStores, "from the stores"),
            (TurnAction::ToStore, "to your store"),
        ]
        .iter()
        .filter(|(a, _)| t.has_done(*a))
        .map(|(a, name)| format!("({}) {name} ✓", a.letter()))
        .collect();
        out.lines.push(if done.is_empty() {
            format!(
                "Turn {}: do up to two different actions, in any order, except (c) after (d) (KH 14-15); then end your turn.",
                t.number
            )
        } else {
            format!(
                "Turn {}: done {} ({} of 2 actions).",
                t.number,
                done.join(", "),
                t.actions()
            )
        });
        if self.v.public.final_turns.is_some() {
            out.lines
                .push("The tenth event is out: these are the final turns (KH 62).".to_string());
        }
        let (first, end) = self.turn_items();
        self.buttons(out, first);
        self.buttons(out, vec![end]);
        out.lines.push(format!(
            "Registry: {}",
            registry_line(self.board, &self.v.public)
        ));
        let stores = stores_text(self.board, &self.v.public, &self.names);
        out.lines.push(format!("Stores:\n{}", stores.trim_end()));
        if self.v.public.players > 1 {
            out.lines.push(self.others_counters());
        }
    }

    /// The turn's actions (a)-(d), each enabled or disabled with the engine's reason, and the
    /// end of the turn.
    fn turn_items(&self) -> (Vec<Item>, Item) {
        let groups = self.harvest_groups();
        let harvest = match groups.as_slice() {
            [] => Item::go(KhScreen::Groups, "(a) Harvest").not_now(
                self.turn_reason(TurnAction::Harvest, "you have no unharvested field tile"),
            ),
            [one] => Item::go(
                KhScreen::Pick {
                    kind: PickKind::Harvest {
                        group: one.trailing_zeros() as Space,
                    },
                    chosen: 0,
                },
                "(a) Harvest",
            ),
            _ => Item::go(KhScreen::Groups, "(a) Harvest"),
        };
        let play = if self.has(|c| matches!(c, Choice::PlayWorker { .. })) {
            Item::go(KhScreen::Workers, "(b) Play a worker")
        } else {
            Item::go(KhScreen::Workers, "(b) Play a worker").not_now(self.turn_reason(
                TurnAction::Worker,
                "no worker you may play has a legal space (KH 19)",
            ))
        };
        let remove = if self.has(|c| matches!(c, Choice::RemoveWorker { .. })) {
            Item::go(KhScreen::Remove, "(b) Remove a worker")
        } else {
            Item::go(KhScreen::Remove, "(b) Remove a worker")
                .not_now(self.turn_reason(TurnAction::Worker, "you have no worker on your board"))
        };
        let c_label = if self.continuing(TurnAction::FromStores) {
            "(c) Buy a second tile"
        } else {
            "(c) Buy from a store"
        };
        let buy = if self.has(|c| matches!(c, Choice::BuyFromStore { .. })) {
            Item::go(KhScreen::Stores, c_label)
        } else {
            let empty = self.v.public.seats.iter().all(|s| s.store.is_empty());
            Item::go(KhScreen::Stores, c_label).not_now(self.turn_reason(
                TurnAction::FromStores,
                if empty {
                    "every store is empty"
                } else {
                    "you cannot match the bid of any tile in another store (KH 23)"
                },
            ))
        };
        let d_label = if self.continuing(TurnAction::ToStore) {
            "(d) Take a second tile"
        } else {
            "(d) Take from the registry"
        };
        let take = if self.has(|c| matches!(c, Choice::TakeFromRegistry { .. })) {
            Item::go(KhScreen::Registry, d_label)
        } else {
            let why = if self.me().store.len() >= 2 {
                ActionError::StoreFull.to_string()
            } else if self.supply().is_empty() {
                "you have no counter to bid with (KH 24)".to_string()
            } else {
                "the registry is empty".to_string()
            };
            Item::go(KhScreen::Registry, d_label)
                .not_now(self.turn_reason(TurnAction::ToStore, &why))
        };
        // KH 17: a turn without an action is confirmed first (a round of them ends the game).
        let end = if self.game.state().turn.actions() == 0 {
            Item::go(KhScreen::EndTurn, "End turn")
        } else {
            Item::act(Action::EndTurn, "End turn")
        }
        .style(Style::Danger);
        let mut first = vec![harvest, play, remove, buy, take];
        for i in &mut first {
            if i.enabled() {
                i.style = Style::Primary;
            }
        }
        (first, end)
    }

    /// KH 17: ending a turn without an action, confirmed; or an action after all.
    pub(super) fn end_turn(&self, out: &mut Out) -> bool {
        if self.game.state().turn.actions() != 0 || !self.has(|c| matches!(c, Choice::EndTurn)) {
            return false;
        }
        out.lines.push(
            "**End your turn without an action?** If every player ends a turn without an action in one round, the game ends there (KH 17). Or do an action after all:".to_string(),
        );
        let (first, _) = self.turn_items();
        self.buttons(out, first);
        self.buttons(
            out,
            vec![Item::act(Action::EndTurn, "End turn without an action").style(Style::Danger)],
        );
        true
    }

    /// (a) with several groups: one choice per group with unharvested tiles.
    pub(super) fn groups(&self, out: &mut Out) -> bool {
        let groups = self.harvest_groups();
        if groups.is_empty() {
            return false;
        }
        out.lines.push(
            "**(a) Harvest** (KH 18): choose one group, then which of its unharvested tiles to turn over; each gives one counter of its crop.".to_string(),
        );
        let items: Vec<Item> = groups
            .iter()
            .map(|&g| {
                let refs: Vec<String> = spaces(g).take(3).map(|s| self.r(s)).collect();
                let more = g.count_ones().saturating_sub(3);
                let label = format!(
                    "{}{}: {}",
                    refs.join(" "),
                    if more > 0 {
                        format!(" +{more}")
                    } else {
                        String::new()
                    },
                    self.game.crops_of(g)
                );
                Item::go(
                    KhScreen::Pick {
                        kind: PickKind::Harvest {
                            group: g.trailing_zeros() as Space,
                        },
                        chosen: 0,
                    },
                    label,
                )
            })
            .collect();
        self.options(out, items, 4, "Choose a group to harvest");
        true
    }

    /// Workers this seat may play now (unplayed farmhands, free townsfolk).
    fn playable(&self) -> Vec<Worker> {
        let mut v = self.me().unplayed.clone();
        v.extend(self.v.public.town.iter().copied());
        v.sort_unstable();
        v
    }

    fn worker_spaces_of(&self, w: Worker) -> Option<SpaceSet> {
        self.find(|c| match c {
            Choice::PlayWorker { worker, spaces } if *worker == w => Some(*spaces),
            _ => None,
        })
    }

    /// (b): the workers to play, with what each does.
    pub(super) fn workers(&self, out: &mut Out) -> bool {
        if !self.has(|c| matches!(c, Choice::PlayWorker { .. })) {
            return false;
        }
        out.lines.push(
            "**(b) Play a worker** (KH 19): on an empty space, or on one of your workers with a lower number, with at least as many adjacent field tiles as its number and no adjacent worker. Its ability acts at once (KH 21).".to_string(),
        );
        let mut items = Vec::new();
        let mut blocked: Vec<String> = Vec::new();
        for w in self.playable() {
            let label = format!("{} ({})", capital(w.name()), w.number());
            let target = KhScreen::Worker { worker: w };
            items.push(match self.worker_spaces_of(w) {
                Some(sp) => {
                    out.lines.push(format!("• {label}: {}", ability_rule(w)));
                    Item::go(target, label).desc(format!("{} spaces", sp.count_ones()))
                }
                None => {
                    blocked.push(w.name().to_string());
                    Item::go(target, label).off(true)
                }
            });
        }
        if !blocked.is_empty() {
            out.reasons.push(format!(
                "{}: no space has as many adjacent field tiles as the worker's number without a worker next to it (KH 19)",
                capital(&and_list(&blocked))
            ));
        }
        self.options(out, items, 4, "Choose a worker");
        true
    }

    /// (b): the spaces of one worker.
    pub(super) fn worker(&self, out: &mut Out, w: Worker) -> bool {
        let Some(sp) = self.worker_spaces_of(w) else {
            return false;
        };
        out.lines.push(format!(
            "**Play the {}** ({}): {}. Choose its space: at least {} adjacent field tiles, no adjacent worker (KH 19).",
            w.name(),
            w.number(),
            ability_rule(w),
            w.number()
        ));
        let fields = self.me().fields;
        let items: Vec<Item> = spaces(sp)
            .map(|s| {
                let near = (self.board.neighbours(s) & fields).count_ones();
                let label = match self.worker_on(s) {
                    Some(old) => {
                        format!("{} · replaces your {}", self.r(s), Self::worker_name(old))
                    }
                    None => format!("{} · {near} fields next to it", self.r(s)),
                };
                Item::act(
                    Action::PlayWorker {
                        worker: w,
                        space: s,
                    },
                    label,
                )
            })
            .collect();
        self.options(
            out,
            items,
            4,
            &format!("Choose a space for the {}", w.name()),
        );
        true
    }

    /// (b): the worker to take off the board (KH 20).
    pub(super) fn remove(&self, out: &mut Out) -> bool {
        let Some(sp) = self.find(|c| match c {
            Choice::RemoveWorker { spaces } => Some(*spaces),
            _ => None,
        }) else {
            return false;
        };
        out.lines.push(
            "**(b) Remove a worker** (KH 20): a farmhand goes back beside your board, a townsfolk to the town board. It does not act.".to_string(),
        );
        let items: Vec<Item> = spaces(sp)
            .filter_map(|s| {
                let w = self.worker_on(s)?;
                Some(Item::act(
                    Action::RemoveWorker { space: s },
                    format!("Remove the {} from {}", Self::worker_name(w), self.r(s)),
                ))
            })
            .collect();
        self.options(out, items, 4, "Choose a worker to remove");
        true
    }

    /// (c): every store tile, with the exact match it costs; the ones this seat cannot pay
    /// disabled with the engine's reason.
    pub(super) fn stores(&self, out: &mut Out) -> bool {
        let Some(ok) = self.find(|c| match c {
            Choice::BuyFromStore { tiles } => Some(tiles.clone()),
            _ => None,
        }) else {
            return false;
        };
        out.lines.push(if self.continuing(TurnAction::FromStores) {
            "**(c) A second tile from a store** (KH 22).".to_string()
        } else {
            "**(c) Buy from a store** (KH 22-23): one or two tiles, one at a time. From another store you pay its owner exactly the bid, crop for crop; from your own, your bid goes to the stock.".to_string()
        });
        let mut items = Vec::new();
        for sv in &self.v.public.seats {
            for st in &sv.store {
                let a = Action::BuyFromStore {
                    owner: sv.seat,
                    tile: st.tile,
                };
                let own = sv.seat == self.seat;
                let label = if own {
                    format!("{} · your store", self.tile(st.tile))
                } else {
                    format!(
                        "{} · pay {} · {}",
                        self.tile(st.tile),
                        st.bid,
                        self.name(sv.seat)
                    )
                };
                out.lines.push(if own {
                    format!(
                        "• {} in your store: your bid of {} goes to the stock.",
                        self.tile(st.tile),
                        st.bid
                    )
                } else {
                    format!(
                        "• {} in {}'s store: you pay {} exactly {}.",
                        self.tile(st.tile),
                        self.who(sv.seat),
                        self.who(sv.seat),
                        st.bid
                    )
                });
                let item = Item::act(a.clone(), label);
                items.push(if ok.contains(&(sv.seat, st.tile)) {
                    item
                } else {
                    let why = match self.accepts(&a) {
                        Err(e) => e.to_string(),
                        Ok(()) => "not possible now".to_string(),
                    };
                    item.not_now(why)
                });
            }
        }
        self.options(out, items, 4, "Choose a store tile");
        true
    }

    /// (d): the registry tiles; each leads to its bid.
    pub(super) fn registry(&self, out: &mut Out) -> bool {
        let Some(tiles) = self.find(|c| match c {
            Choice::TakeFromRegistry { tiles } => Some(*tiles),
            _ => None,
        }) else {
            return false;
        };
        out.lines.push(
            "**(d) Take from the registry** (KH 24-25): the tile goes into your store with a bid of one or more of your counters; the registry is then refilled from the bag.".to_string(),
        );
        let items: Vec<Item> = spaces(tiles)
            .map(|t| {
                Item::go(
                    KhScreen::Bid(Box::new(Action::TakeFromRegistry {
                        tile: t,
                        bid: Counters::ZERO,
                    })),
                    self.tile(t),
                )
            })
            .collect();
        self.options(out, items, 4, "Choose a registry tile");
        true
    }
}

/// `Casual worker`.
pub(super) fn capital(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

/// What a worker does when it acts, in a few words.
pub(super) fn ability_rule(w: Worker) -> &'static str {
    match w {
        Worker::Apprentice => "takes 1 counter of the crop of an adjacent unharvested tile (KH 33)",
        Worker::CasualWorker => {
            "takes 1 counter each for up to two adjacent unharvested tiles (KH 34)"
        }
        Worker::Labourer => "takes any two counters from the stock (KH 35)",
        Worker::UnskilledWorker => "turns adjacent harvested tiles back to unharvested (KH 36)",
        Worker::SkilledWorker => {
            "buys a tile from another store for one counter more than its bid (KH 37)"
        }
        Worker::Supervisor => "must move one of your field tiles to the fallow area (KH 38)",
        Worker::Merchant => {
            "buys a tile from another store for as many counters as its bid (KH 39)"
        }
        Worker::Storekeeper => "puts a registry tile in your store with a bid (KH 40)",
        Worker::Bailiff => "takes an unconnected tile from another board for 3 counters (KH 41)",
        Worker::Lawyer => "uses again the ability of another of your workers (KH 42)",
        Worker::Trader => "draws a tile from the bag to keep or put in the fallow area (KH 43)",
        Worker::Benefactor => "takes a registry tile for free (KH 44)",
    }
}
