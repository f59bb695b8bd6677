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
use crate::render::key_harvest::text::{and_list, registry_line, stores_text, worker_name};
use crate::t;

impl Panel<'_> {
    pub(super) fn start_player(&self, out: &mut Out) {
        let Some(seats) = find!(self, Choice::StartPlayer { seats } => seats.to_vec()) else {
            return;
        };
        out.lines.push(t!("kh-start-player-intro"));
        let items: Vec<Item> = seats
            .into_iter()
            .map(|s| {
                let label = if s == self.seat {
                    t!("kh-i-start")
                } else {
                    t!("kh-starts", name = self.name(s))
                };
                Item::act(Action::ChooseStartPlayer { seat: s }, label)
            })
            .collect();
        self.options(out, items, 4, &t!("kh-ph-who-starts"));
    }

    /// The engine's reason why turn action `a` cannot be done now, or `otherwise`.
    fn turn_reason(&self, a: TurnAction, otherwise: &str) -> String {
        match self.game.check_turn_action(a) {
            Err(e) => super::super::rule_text(&e).unwrap_or_else(|| e.to_string()),
            Ok(_) => otherwise.to_string(),
        }
    }

    /// `second` when `a` would be a second tile of the action just done (KH 22, 24), else
    /// `first`.
    fn first_or_second(&self, a: TurnAction, first: String, second: String) -> String {
        if self.game.check_turn_action(a) == Ok(true) {
            second
        } else {
            first
        }
    }

    /// A turn action's `item`: enabled when a legal choice is `offered`, else disabled with
    /// the engine's reason against `a`, or (when the engine has none) the `otherwise` sentence.
    fn turn_action(
        &self,
        item: Item,
        offered: impl Fn(&Choice) -> bool,
        a: TurnAction,
        otherwise: impl FnOnce() -> String,
    ) -> Item {
        if self.has(offered) {
            item
        } else {
            item.not_now(self.turn_reason(a, &otherwise()))
        }
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
            TurnAction::Harvest,
            TurnAction::Worker,
            TurnAction::FromStores,
            TurnAction::ToStore,
        ]
        .into_iter()
        .filter(|a| t.has_done(*a))
        .map(|a| {
            let name = match a {
                TurnAction::Harvest => t!("kh-done-harvest"),
                TurnAction::Worker => t!("kh-done-worker"),
                TurnAction::FromStores => t!("kh-done-from-stores"),
                TurnAction::ToStore => t!("kh-done-to-store"),
            };
            format!("({}) {name} ✓", a.letter())
        })
        .collect();
        out.lines.push(if done.is_empty() {
            t!("kh-turn-intro", turn = t.number)
        } else {
            t!(
                "kh-turn-done",
                turn = t.number,
                done = crate::render::key_harvest::text::list(&done),
                count = t.actions()
            )
        });
        if self.v.public.final_turns.is_some() {
            out.lines.push(t!("kh-turn-final"));
        }
        let (first, end) = self.turn_items();
        self.buttons(out, first);
        self.buttons(out, vec![end]);
        out.lines.push(t!(
            "kh-turn-registry",
            registry = registry_line(self.board, &self.v.public)
        ));
        let stores = stores_text(self.board, &self.v.public, &self.names);
        out.lines
            .push(format!("{}\n{}", t!("kh-turn-stores"), stores.trim_end()));
        if self.v.public.players > 1 {
            out.lines.push(self.others_counters());
        }
    }

    /// The turn's actions (a)-(d), each enabled or disabled with the engine's reason, and the
    /// end of the turn.
    fn turn_items(&self) -> (Vec<Item>, Item) {
        let groups = self.harvest_groups();
        let harvest = match groups.as_slice() {
            [] => Item::go(KhScreen::Groups, t!("kh-act-harvest"))
                .not_now(self.turn_reason(TurnAction::Harvest, &t!("kh-why-no-unharvested"))),
            [one] => Item::go(
                KhScreen::Pick {
                    kind: PickKind::Harvest {
                        group: one.trailing_zeros() as Space,
                    },
                    chosen: 0,
                },
                t!("kh-act-harvest"),
            ),
            _ => Item::go(KhScreen::Groups, t!("kh-act-harvest")),
        };
        let play = self.turn_action(
            Item::go(KhScreen::Workers, t!("kh-act-play")),
            |c| matches!(c, Choice::PlayWorker { .. }),
            TurnAction::Worker,
            || t!("kh-why-no-worker-space"),
        );
        let remove = self.turn_action(
            Item::go(KhScreen::Remove, t!("kh-act-remove")),
            |c| matches!(c, Choice::RemoveWorker { .. }),
            TurnAction::Worker,
            || t!("kh-why-no-worker"),
        );
        let buy = self.turn_action(
            Item::go(
                KhScreen::Stores,
                self.first_or_second(
                    TurnAction::FromStores,
                    t!("kh-act-buy"),
                    t!("kh-act-buy-second"),
                ),
            ),
            |c| matches!(c, Choice::BuyFromStore { .. }),
            TurnAction::FromStores,
            || {
                if self.v.public.seats.iter().all(|s| s.store.is_empty()) {
                    t!("kh-why-stores-empty")
                } else {
                    t!("kh-why-cannot-match")
                }
            },
        );
        let take = self.turn_action(
            Item::go(
                KhScreen::Registry,
                self.first_or_second(
                    TurnAction::ToStore,
                    t!("kh-act-take"),
                    t!("kh-act-take-second"),
                ),
            ),
            |c| matches!(c, Choice::TakeFromRegistry { .. }),
            TurnAction::ToStore,
            || {
                if self.me().store.len() >= 2 {
                    super::super::rule_text(&ActionError::StoreFull).unwrap_or_default()
                } else if self.supply().is_empty() {
                    t!("kh-why-no-counter-to-bid")
                } else {
                    t!("kh-why-registry-empty")
                }
            },
        );
        // KH 17: a turn without an action is confirmed first (a round of them ends the game).
        let end = if self.game.state().turn.actions() == 0 {
            Item::go(KhScreen::EndTurn, t!("kh-end-turn"))
        } else {
            Item::act(Action::EndTurn, t!("kh-end-turn"))
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
        out.lines.push(t!("kh-end-turn-confirm"));
        let (first, _) = self.turn_items();
        self.buttons(out, first);
        self.buttons(
            out,
            vec![Item::act(Action::EndTurn, t!("kh-end-turn-empty")).style(Style::Danger)],
        );
        true
    }

    /// (a) with several groups: one choice per group with unharvested tiles.
    pub(super) fn groups(&self, out: &mut Out) -> bool {
        let groups = self.harvest_groups();
        if groups.is_empty() {
            return false;
        }
        out.lines.push(t!("kh-groups-intro"));
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
                    self.cs(&self.game.crops_of(g))
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
        self.options(out, items, 4, &t!("kh-ph-group"));
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
        find!(self, Choice::PlayWorker { worker, spaces } if *worker == w => *spaces)
    }

    /// (b): the workers to play, with what each does.
    pub(super) fn workers(&self, out: &mut Out) -> bool {
        if !self.has(|c| matches!(c, Choice::PlayWorker { .. })) {
            return false;
        }
        out.lines.push(t!("kh-workers-intro"));
        let mut items = Vec::new();
        let mut blocked: Vec<String> = Vec::new();
        for w in self.playable() {
            let label = format!("{} ({})", capital(&worker_name(w)), w.number());
            let target = KhScreen::Worker { worker: w };
            items.push(match self.worker_spaces_of(w) {
                Some(sp) => {
                    out.lines.push(format!("• {label}: {}", ability_rule(w)));
                    Item::go(target, label).desc(t!("kh-spaces", count = sp.count_ones()))
                }
                None => {
                    blocked.push(worker_name(w));
                    Item::go(target, label).off(true)
                }
            });
        }
        if !blocked.is_empty() {
            out.reasons.push(t!(
                "kh-why-workers-blocked",
                workers = capital(&and_list(&blocked))
            ));
        }
        self.options(out, items, 4, &t!("kh-ph-worker"));
        true
    }

    /// (b): the spaces of one worker.
    pub(super) fn worker(&self, out: &mut Out, w: Worker) -> bool {
        let Some(sp) = self.worker_spaces_of(w) else {
            return false;
        };
        out.lines.push(t!(
            "kh-worker-intro",
            worker = worker_name(w),
            number = w.number(),
            rule = ability_rule(w)
        ));
        let fields = self.me().fields;
        let items: Vec<Item> = spaces(sp)
            .map(|s| {
                let near = (self.board.neighbours(s) & fields).count_ones();
                let label = match self.worker_on(s) {
                    Some(old) => t!(
                        "kh-space-replaces",
                        space = self.r(s),
                        worker = Self::worker_name(old)
                    ),
                    None => t!("kh-space-near", space = self.r(s), count = near),
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
            &t!("kh-ph-space-for", worker = worker_name(w)),
        );
        true
    }

    /// (b): the worker to take off the board (KH 20).
    pub(super) fn remove(&self, out: &mut Out) -> bool {
        let Some(sp) = find!(self, Choice::RemoveWorker { spaces } => *spaces) else {
            return false;
        };
        out.lines.push(t!("kh-remove-intro"));
        let items = self.worker_options(
            sp,
            |s| Action::RemoveWorker { space: s },
            |worker, space| t!("kh-remove-label", worker = worker, space = space),
        );
        self.options(out, items, 4, &t!("kh-ph-remove"));
        true
    }

    /// (c): every store tile, with the exact match it costs; the ones this seat cannot pay
    /// disabled with the engine's reason.
    pub(super) fn stores(&self, out: &mut Out) -> bool {
        let Some(ok) = find!(self, Choice::BuyFromStore { tiles } => tiles.to_vec()) else {
            return false;
        };
        out.lines.push(self.first_or_second(
            TurnAction::FromStores,
            t!("kh-stores-intro"),
            t!("kh-stores-second"),
        ));
        let mut items = Vec::new();
        for sv in &self.v.public.seats {
            for st in &sv.store {
                let a = Action::BuyFromStore {
                    owner: sv.seat,
                    tile: st.tile,
                };
                let own = sv.seat == self.seat;
                let bid = self.cs(&st.bid);
                let label = if own {
                    t!("kh-store-label-own", tile = self.tile(st.tile))
                } else {
                    t!(
                        "kh-store-label",
                        tile = self.tile(st.tile),
                        bid = bid.as_str(),
                        name = self.name(sv.seat)
                    )
                };
                out.lines.push(if own {
                    t!(
                        "kh-store-line-own",
                        tile = self.tile(st.tile),
                        bid = bid.as_str()
                    )
                } else {
                    t!(
                        "kh-store-line",
                        tile = self.tile(st.tile),
                        name = self.who(sv.seat),
                        bid = bid.as_str()
                    )
                });
                let item = Item::act(a.clone(), label);
                items.push(if ok.contains(&(sv.seat, st.tile)) {
                    item
                } else {
                    let why = match self.accepts(&a) {
                        Err(e) => super::super::rule_text(&e).unwrap_or_else(|| e.to_string()),
                        Ok(()) => t!("kh-why-not-now"),
                    };
                    item.not_now(why)
                });
            }
        }
        self.options(out, items, 4, &t!("kh-ph-store-tile"));
        true
    }

    /// (d): the registry tiles; each leads to its bid.
    pub(super) fn registry(&self, out: &mut Out) -> bool {
        let Some(tiles) = find!(self, Choice::TakeFromRegistry { tiles } => *tiles) else {
            return false;
        };
        out.lines.push(t!("kh-registry-intro"));
        self.bid_options(out, tiles, 4, |tile| Action::TakeFromRegistry {
            tile,
            bid: Counters::ZERO,
        });
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
pub(super) fn ability_rule(w: Worker) -> String {
    crate::i18n::named("kh-ability", w.name())
}
