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

/// What an event does, in a sentence.
pub(super) fn event_rule(e: EventTile) -> &'static str {
    match e {
        EventTile::BlindSwap => {
            "each player may put one of their field tiles in the fallow area and acquire a tile drawn from the bag (KH 47)."
        }
        EventTile::Exchange => {
            "each player may give one of their field tiles for another player's unconnected tile (KH 48)."
        }
        EventTile::GiveAway => {
            "every player passes one field tile to the player on their left (KH 49)."
        }
        EventTile::GoodHarvest => {
            "each player may take one counter of their most common unharvested crop (KH 50)."
        }
        EventTile::LuckyDip => {
            "each player may pay 2 counters to the stock for a tile drawn from the bag (KH 51)."
        }
        EventTile::NewCrop => {
            "each player may turn up to two harvested tiles back to unharvested (KH 52)."
        }
        EventTile::NewRegistry => "the registry goes back into the bag and is drawn again (KH 53).",
        EventTile::QuickSale => {
            "each player may pay 3 counters to the stock for a registry tile (KH 54)."
        }
        EventTile::RegistrySwap => {
            "each player may swap one of their field tiles with a registry tile (KH 55)."
        }
        EventTile::RemoteHarvest => {
            "each player may harvest their unconnected unharvested tiles (KH 56)."
        }
        EventTile::Replacement => {
            "each player draws a tile, then puts one of their field tiles or the drawn one in the fallow area (KH 57)."
        }
        EventTile::Reposition => {
            "each player may move one of their workers to another legal space (KH 58)."
        }
        EventTile::Vacation => "each player may take one of their workers off their board (KH 59).",
        EventTile::Windfall => {
            "the drawer gives each player one counter of their choice from the stock (KH 60)."
        }
    }
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
            "you".to_string()
        } else {
            self.who(drawer)
        };
        out.lines.push(format!(
            "**Event {} · {}** (drawn by {by}): {}{}",
            event.letter(),
            event.name(),
            event_rule(event),
            if event.is_mandatory() {
                " It is mandatory."
            } else {
                ""
            }
        ));
        let legal = self.v.legal.clone();
        for c in &legal {
            match c {
                Choice::BlindSwap { tiles } => {
                    let items: Vec<Item> = spaces(*tiles)
                        .map(|t| {
                            Item::act(
                                Action::BlindSwap { tile: t },
                                format!("Fallow {}, draw", self.tile(t)),
                            )
                        })
                        .collect();
                    self.options(out, items, 3, "Choose a tile for the fallow area");
                }
                Choice::Exchange { take, .. } => {
                    let items: Vec<Item> = take
                        .iter()
                        .map(|&(with, t)| {
                            Item::go(
                                KhScreen::Exchange { with, take: t },
                                format!("Take {} · {}", self.tile(t), self.name(with)),
                            )
                        })
                        .collect();
                    self.options(out, items, 3, "Choose the tile to take");
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
                            Item::new(self.gain_target(a), format!("Take 1 {}", c.name()))
                        })
                        .collect();
                    self.options(out, items, 3, "Choose the crop");
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
                                .map(|t| Item::new(t, "Pay 2, draw a tile").style(Style::Primary)),
                        );
                    } else {
                        out.lines.push(
                            "The bag holds no field tile: you may pay 2 counters for a registry tile instead.".to_string(),
                        );
                        for t in spaces(*registry) {
                            let a = Action::LuckyDip {
                                payment: Counters::ZERO,
                                registry: Some(t),
                            };
                            items.extend(
                                self.pay_target(&a, 2)
                                    .map(|x| Item::new(x, format!("Pay 2 for {}", self.tile(t)))),
                            );
                        }
                    }
                    self.options(out, items, 3, "Choose");
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
                            Some(Item::new(x, format!("Pay 3 for {}", self.tile(t))))
                        })
                        .collect();
                    self.options(out, items, 3, "Choose a registry tile");
                }
                Choice::RegistrySwap { take, .. } => {
                    let items: Vec<Item> = spaces(*take)
                        .map(|t| {
                            Item::go(KhScreen::Swap { take: t }, format!("Take {}", self.tile(t)))
                        })
                        .collect();
                    self.options(out, items, 3, "Choose the registry tile to take");
                }
                Choice::RemoteHarvest { .. } => {
                    self.pick(out, &PickKind::Remote, 0, false);
                    return;
                }
                Choice::Replace { drawn, fallow } => {
                    out.lines.push(format!(
                        "You drew **{}**: keep it by putting one of your field tiles in the fallow area, or put it there itself.",
                        self.tile(*drawn)
                    ));
                    self.buttons(
                        out,
                        vec![Item::act(
                            Action::Replace { fallow: None },
                            format!("Fallow the drawn {}", self.r(*drawn)),
                        )],
                    );
                    let items: Vec<Item> = spaces(*fallow)
                        .map(|t| {
                            Item::act(
                                Action::Replace { fallow: Some(t) },
                                format!("Fallow {}, keep {}", self.tile(t), self.r(*drawn)),
                            )
                        })
                        .collect();
                    self.options(out, items, 3, "Keep the drawn tile: choose one to fallow");
                }
                Choice::MoveWorker { moves } => {
                    let items: Vec<Item> = moves
                        .iter()
                        .filter_map(|(from, _)| {
                            let w = self.worker_on(*from)?;
                            Some(Item::go(
                                KhScreen::Move { from: *from },
                                format!("Move the {} from {}", Self::worker_name(w), self.r(*from)),
                            ))
                        })
                        .collect();
                    self.options(out, items, 3, "Choose a worker to move");
                }
                Choice::Vacation { spaces: sp } => {
                    let items: Vec<Item> = spaces(*sp)
                        .filter_map(|s| {
                            let w = self.worker_on(s)?;
                            Some(Item::act(
                                Action::Vacation { space: s },
                                format!("Take the {} off {}", Self::worker_name(w), self.r(s)),
                            ))
                        })
                        .collect();
                    self.options(out, items, 3, "Choose a worker");
                }
                Choice::Windfall {
                    recipient: r,
                    crops,
                } => {
                    let to = if *r == self.seat {
                        "yourself".to_string()
                    } else {
                        self.name(*r)
                    };
                    out.lines.push(format!(
                        "Give {} one counter from the stock ({}).",
                        if *r == self.seat {
                            "yourself".to_string()
                        } else {
                            self.who(*r)
                        },
                        self.stock()
                    ));
                    let items: Vec<Item> = crops
                        .iter()
                        .map(|&c| {
                            Item::act(
                                Action::Windfall { crop: c },
                                format!("Give {to} 1 {}", c.name()),
                            )
                        })
                        .collect();
                    self.options(out, items, 3, "Choose the crop");
                }
                _ => {}
            }
        }
        let _ = recipient;
        self.buttons(out, self.decline("Decline").into_iter().collect());
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
            out.lines
                .push(format!("You received **{}**.", self.tile(r)));
        }
        if pass == 0 {
            if keep_choice {
                self.keep_or_fallow(out, None);
            } else {
                out.lines
                    .push("You have no field tile to pass: you pass nothing.".to_string());
                self.buttons(
                    out,
                    vec![Item::act(
                        Action::GiveAway {
                            pass: None,
                            keep: false,
                        },
                        "Pass nothing",
                    )],
                );
            }
            return;
        }
        let items: Vec<Item> = spaces(pass)
            .map(|t| {
                let passing_on = held == Some(t) && received == Some(t);
                if passing_on {
                    Item::act(
                        Action::GiveAway {
                            pass: Some(t),
                            keep: false,
                        },
                        format!("Pass on {} (the tile you received)", self.tile(t)),
                    )
                } else if keep_choice {
                    Item::go(
                        KhScreen::GiveAway { pass: Some(t) },
                        format!("Pass {}", self.tile(t)),
                    )
                } else {
                    Item::act(
                        Action::GiveAway {
                            pass: Some(t),
                            keep: false,
                        },
                        format!("Pass {}", self.tile(t)),
                    )
                }
            })
            .collect();
        self.options(out, items, 4, "Choose the tile to pass");
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
                    format!("Keep {}", self.tile(r)),
                )
                .style(Style::Success),
                Item::act(
                    Action::GiveAway { pass, keep: false },
                    format!("Put {} in the fallow area", self.r(r)),
                ),
            ],
        );
    }

    /// O, second step: the tile passed chosen; keep the received tile or put it fallow.
    pub(super) fn give_away(&self, out: &mut Out, pass: Option<Space>) -> bool {
        let Some((set, keep_choice)) = self.find(|c| match c {
            Choice::GiveAway {
                pass, keep_choice, ..
            } => Some((*pass, *keep_choice)),
            _ => None,
        }) else {
            return false;
        };
        let ok = match pass {
            None => set == 0,
            Some(t) => set & bit(t) != 0,
        };
        if !ok || !keep_choice {
            return false;
        }
        out.lines.push(format!(
            "**Event O · give away** (KH 49): you pass {}. Now acquire the tile you received, or put it in the fallow area.",
            pass.map_or("nothing".to_string(), |t| self.tile(t))
        ));
        self.keep_or_fallow(out, pass);
        true
    }

    /// N, second step: the tile to give for the chosen one.
    pub(super) fn exchange(&self, out: &mut Out, with: Seat, take: Space) -> bool {
        let Some(give) = self.find(|c| match c {
            Choice::Exchange { give, take: t } if t.contains(&(with, take)) => Some(*give),
            _ => None,
        }) else {
            return false;
        };
        out.lines.push(format!(
            "**Event N · exchange** (KH 48): you take {} from {}. Choose the field tile you give them.",
            self.tile(take),
            self.who(with)
        ));
        let items: Vec<Item> = spaces(give)
            .map(|g| {
                Item::act(
                    Action::Exchange {
                        give: g,
                        with,
                        take,
                    },
                    format!("Give {}", self.tile(g)),
                )
            })
            .collect();
        self.options(out, items, 4, "Choose the tile to give");
        true
    }

    /// U, second step: the tile to give for the chosen registry tile.
    pub(super) fn swap(&self, out: &mut Out, take: Space) -> bool {
        let Some(give) = self.find(|c| match c {
            Choice::RegistrySwap { give, take: t } if t & bit(take) != 0 => Some(*give),
            _ => None,
        }) else {
            return false;
        };
        out.lines.push(format!(
            "**Event U · registry swap** (KH 55): you take {} from the registry. Choose the field tile that goes into the registry for it.",
            self.tile(take)
        ));
        let items: Vec<Item> = spaces(give)
            .map(|g| {
                Item::act(
                    Action::RegistrySwap { give: g, take },
                    format!("Give {}", self.tile(g)),
                )
            })
            .collect();
        self.options(out, items, 4, "Choose the tile to give");
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
        out.lines.push(format!(
            "**Event X · reposition** (KH 58): move your {} from {} to another legal space (it does not act).",
            w.map_or("worker".to_string(), Self::worker_name),
            self.r(from)
        ));
        let items: Vec<Item> = spaces(to)
            .map(|s| {
                let label = match self.worker_on(s) {
                    Some(old) => {
                        format!("{} · replaces your {}", self.r(s), Self::worker_name(old))
                    }
                    None => self.r(s),
                };
                Item::act(Action::MoveWorker { from, to: s }, label)
            })
            .collect();
        self.options(out, items, 4, "Choose the new space");
        true
    }
}
