//! Events (KH 45-60): the choices of the seat whose part of an event it is, optional parts with
//! Decline, and the two-step ones (N exchange, O give away, U registry swap, X reposition) with
//! the first step in the screen's id.

use super::{Item, KhScreen, Out, Panel, PickKind};
use crate::discord::spec::Style;
use crate::games::key_harvest::board::bit;
use crate::games::key_harvest::game::spaces;
use crate::games::key_harvest::{
    Action, Choice, Counters, EventTile, Prompt, Seat, Space, SpaceSet,
};
use crate::render::key_harvest::text::event_name;
use crate::t;

/// What an event does, in a sentence.
pub(super) fn event_rule(e: EventTile) -> String {
    crate::i18n::named("kh-rule", e.name())
}

impl Panel<'_> {
    pub(super) fn event(
        &self,
        out: &mut Out,
        event: EventTile,
        drawer: Seat,
        held: Option<Space>,
        recipient: Option<Seat>,
    ) {
        let by = if drawer == self.seat {
            t!("kh-you")
        } else {
            self.who(drawer)
        };
        let mut head = t!(
            "kh-event-head",
            letter = event.letter().to_string(),
            event = event_name(event),
            name = by,
            rule = event_rule(event)
        );
        if event.is_mandatory() {
            head.push_str(&t!("kh-event-mandatory"));
        }
        out.lines.push(head);
        let legal = self.v.legal.clone();
        for c in &legal {
            match c {
                Choice::BlindSwap { tiles } => {
                    self.tile_options(out, *tiles, 3, &t!("kh-ph-fallow"), |t| {
                        Item::act(
                            Action::BlindSwap { tile: t },
                            t!("kh-fallow-draw", tile = self.tile(t)),
                        )
                    });
                }
                Choice::Exchange { take, .. } => {
                    let items: Vec<Item> = take
                        .iter()
                        .map(|(with, t)| {
                            Item::go(
                                KhScreen::Exchange { with, take: t },
                                t!(
                                    "kh-take-from-player",
                                    tile = self.tile(t),
                                    name = self.name(with)
                                ),
                            )
                        })
                        .collect();
                    self.options(out, items, 3, &t!("kh-ph-take"));
                }
                Choice::GiveAway {
                    pass,
                    received,
                    keep_choice,
                } => self.give_away_main(out, *pass, *received, *keep_choice, held),
                Choice::GoodHarvest { crops } => {
                    let items: Vec<Item> = crops
                        .iter()
                        .map(|&c| {
                            let a = Action::GoodHarvest {
                                crop: c,
                                instead: None,
                            };
                            Item::new(
                                self.gain_target(a),
                                t!("kh-take-one", crop = self.crop_one(c)),
                            )
                        })
                        .collect();
                    self.options(out, items, 3, &t!("kh-ph-crop"));
                }
                Choice::LuckyDip { registry } => {
                    let mut items = Vec::new();
                    if *registry == 0 {
                        let a = Action::LuckyDip {
                            payment: Counters::ZERO,
                            registry: None,
                        };
                        items.extend(
                            self.pay_target(&a, 2)
                                .map(|x| Item::new(x, t!("kh-pay-2-draw")).style(Style::Primary)),
                        );
                    } else {
                        out.lines.push(t!("kh-lucky-registry"));
                        for t in spaces(*registry) {
                            let a = Action::LuckyDip {
                                payment: Counters::ZERO,
                                registry: Some(t),
                            };
                            items
                                .extend(self.pay_target(&a, 2).map(|x| {
                                    Item::new(x, t!("kh-pay-2-for", tile = self.tile(t)))
                                }));
                        }
                    }
                    self.options(out, items, 3, &t!("kh-ph-choose"));
                }
                Choice::NewCrop { .. } => {
                    self.pick(out, &PickKind::NewCrop, 0, false);
                    return;
                }
                Choice::QuickSale { tiles } => {
                    let items: Vec<Item> = spaces(*tiles)
                        .filter_map(|t| {
                            let a = Action::QuickSale {
                                payment: Counters::ZERO,
                                tile: t,
                            };
                            let x = self.pay_target(&a, 3)?;
                            Some(Item::new(x, t!("kh-pay-3-for", tile = self.tile(t))))
                        })
                        .collect();
                    self.options(out, items, 3, &t!("kh-ph-registry-tile"));
                }
                Choice::RegistrySwap { take, .. } => {
                    self.tile_options(out, *take, 3, &t!("kh-ph-registry-take"), |t| {
                        Item::go(
                            KhScreen::Swap { take: t },
                            t!("kh-take", tile = self.tile(t)),
                        )
                    });
                }
                Choice::RemoteHarvest { .. } => {
                    self.pick(out, &PickKind::Remote, 0, false);
                    return;
                }
                Choice::Replace { drawn, fallow } => {
                    out.lines
                        .push(t!("kh-replace-drew", tile = self.tile(*drawn)));
                    self.buttons(
                        out,
                        vec![Item::act(
                            Action::Replace { fallow: None },
                            t!("kh-fallow-drawn", tile = self.r(*drawn)),
                        )],
                    );
                    self.tile_options(out, *fallow, 3, &t!("kh-ph-keep-drawn"), |t| {
                        Item::act(
                            Action::Replace { fallow: Some(t) },
                            t!(
                                "kh-fallow-keep",
                                tile = self.tile(t),
                                drawn = self.r(*drawn)
                            ),
                        )
                    });
                }
                Choice::MoveWorker { moves } => {
                    let items: Vec<Item> = moves
                        .iter()
                        .filter_map(|(from, _)| {
                            let w = self.worker_on(*from)?;
                            Some(Item::go(
                                KhScreen::Move { from: *from },
                                t!(
                                    "kh-move-label",
                                    worker = Self::worker_name(w),
                                    space = self.r(*from)
                                ),
                            ))
                        })
                        .collect();
                    self.options(out, items, 3, &t!("kh-ph-move"));
                }
                Choice::Vacation { spaces: sp } => {
                    let items = self.worker_options(
                        *sp,
                        |s| Action::Vacation { space: s },
                        |worker, space| t!("kh-vacation-label", worker = worker, space = space),
                    );
                    self.options(out, items, 3, &t!("kh-ph-worker"));
                }
                Choice::Windfall {
                    recipient: r,
                    crops,
                } => {
                    let to = if *r == self.seat {
                        t!("kh-yourself")
                    } else {
                        self.name(*r)
                    };
                    out.lines.push(t!(
                        "kh-windfall-give",
                        name = if *r == self.seat {
                            t!("kh-yourself")
                        } else {
                            self.who(*r)
                        },
                        stock = self.cs(&self.stock())
                    ));
                    let items: Vec<Item> = crops
                        .iter()
                        .map(|&c| {
                            Item::act(
                                Action::Windfall { crop: c },
                                t!("kh-give-one", name = to.as_str(), crop = self.crop_one(c)),
                            )
                        })
                        .collect();
                    self.options(out, items, 3, &t!("kh-ph-crop"));
                }
                _ => {}
            }
        }
        let _ = recipient;
        self.buttons(out, self.decline(&t!("kh-decline")).into_iter().collect());
    }

    /// O (KH 49): what this seat may pass, then (with a received tile kept) keep or fallow.
    fn give_away_main(
        &self,
        out: &mut Out,
        pass: SpaceSet,
        received: Option<Space>,
        keep_choice: bool,
        held: Option<Space>,
    ) {
        if let Some(r) = received {
            out.lines.push(t!("kh-received", tile = self.tile(r)));
        }
        if pass == 0 {
            if keep_choice {
                self.keep_or_fallow(out, None);
            } else {
                out.lines.push(t!("kh-pass-nothing-why"));
                self.buttons(
                    out,
                    vec![Item::act(
                        Action::GiveAway {
                            pass: None,
                            keep: false,
                        },
                        t!("kh-pass-nothing"),
                    )],
                );
            }
            return;
        }
        self.tile_options(out, pass, 4, &t!("kh-ph-pass"), |t| {
            let passing_on = held == Some(t) && received == Some(t);
            if passing_on {
                Item::act(
                    Action::GiveAway {
                        pass: Some(t),
                        keep: false,
                    },
                    t!("kh-pass-on", tile = self.tile(t)),
                )
            } else if keep_choice {
                Item::go(
                    KhScreen::GiveAway { pass: Some(t) },
                    t!("kh-pass", tile = self.tile(t)),
                )
            } else {
                Item::act(
                    Action::GiveAway {
                        pass: Some(t),
                        keep: false,
                    },
                    t!("kh-pass", tile = self.tile(t)),
                )
            }
        });
    }

    fn keep_or_fallow(&self, out: &mut Out, pass: Option<Space>) {
        let Some(Prompt::Event { held: Some(r), .. }) = self.my_prompt() else {
            return;
        };
        self.buttons(
            out,
            vec![
                Item::act(
                    Action::GiveAway { pass, keep: true },
                    t!("kh-keep", tile = self.tile(r)),
                )
                .style(Style::Success),
                Item::act(
                    Action::GiveAway { pass, keep: false },
                    t!("kh-put-fallow", tile = self.r(r)),
                ),
            ],
        );
    }

    /// O, second step: the tile passed chosen; keep the received tile or put it fallow.
    pub(super) fn give_away(&self, out: &mut Out, pass: Option<Space>) -> bool {
        let Some((set, keep_choice)) = find!(
            self,
            Choice::GiveAway { pass, keep_choice, .. } => (*pass, *keep_choice)
        ) else {
            return false;
        };
        let ok = match pass {
            None => set == 0,
            Some(t) => set & bit(t) != 0,
        };
        if !ok || !keep_choice {
            return false;
        }
        out.lines.push(t!(
            "kh-give-away-second",
            tile = pass.map_or(t!("kh-nothing"), |t| self.tile(t))
        ));
        self.keep_or_fallow(out, pass);
        true
    }

    /// N, second step: the tile to give for the chosen one.
    pub(super) fn exchange(&self, out: &mut Out, with: Seat, take: Space) -> bool {
        let Some(give) = find!(
            self,
            Choice::Exchange { give, take: t } if t.contains(&(with, take)) => *give
        ) else {
            return false;
        };
        out.lines.push(t!(
            "kh-exchange-second",
            tile = self.tile(take),
            name = self.who(with)
        ));
        self.tile_options(out, give, 4, &t!("kh-ph-give"), |g| {
            Item::act(
                Action::Exchange {
                    give: g,
                    with,
                    take,
                },
                t!("kh-give", tile = self.tile(g)),
            )
        });
        true
    }

    /// U, second step: the tile to give for the chosen registry tile.
    pub(super) fn swap(&self, out: &mut Out, take: Space) -> bool {
        let Some(give) = find!(
            self,
            Choice::RegistrySwap { give, take: t } if t & bit(take) != 0 => *give
        ) else {
            return false;
        };
        out.lines.push(t!("kh-swap-second", tile = self.tile(take)));
        self.tile_options(out, give, 4, &t!("kh-ph-give"), |g| {
            Item::act(
                Action::RegistrySwap { give: g, take },
                t!("kh-give", tile = self.tile(g)),
            )
        });
        true
    }

    /// X, second step: the new space of the chosen worker.
    pub(super) fn move_worker(&self, out: &mut Out, from: Space) -> bool {
        let Some(to) = self.find(|c| match c {
            Choice::MoveWorker { moves } => {
                moves.iter().find(|(f, _)| *f == from).map(|(_, to)| *to)
            }
            _ => None,
        }) else {
            return false;
        };
        let w = self.worker_on(from);
        out.lines.push(t!(
            "kh-move-second",
            worker = w.map_or(t!("kh-a-worker"), Self::worker_name),
            space = self.r(from)
        ));
        self.tile_options(out, to, 4, &t!("kh-ph-new-space"), |s| {
            let label = self.space_label(s);
            Item::act(Action::MoveWorker { from, to: s }, label)
        });
        true
    }
}
