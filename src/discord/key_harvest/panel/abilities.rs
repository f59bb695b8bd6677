//! Workers' abilities (KH 21, 33-44), the displaced worker's reposition (KH 26) and the trader's
//! drawn tile (KH 43): each worker's choices with its targets, optional ones with Decline.

use super::turn::{ability_rule, capital};
use super::{Item, KhScreen, Out, Panel, PickKind};
use crate::discord::spec::Style;
use crate::games::key_harvest::game::spaces;
use crate::games::key_harvest::{Action, Choice, Counters, Crop, Space, Worker};

impl Panel<'_> {
    /// KH 26: where the displaced worker goes, or off the board.
    pub(super) fn reposition(&self, out: &mut Out, worker: Worker, from: Space) {
        out.lines.push(format!(
            "**Your {} was displaced** from {} by a field tile (KH 26). You may put it on another legal space at once (it acts again), or leave it off the board.",
            Self::worker_name(worker),
            self.r(from)
        ));
        let sp = self
            .find(|c| match c {
                Choice::Reposition { spaces } => Some(*spaces),
                _ => None,
            })
            .unwrap_or(0);
        let items: Vec<Item> = spaces(sp)
            .map(|s| {
                let label = match self.worker_on(s) {
                    Some(old) => {
                        format!("{} · replaces your {}", self.r(s), Self::worker_name(old))
                    }
                    None => self.r(s),
                };
                Item::act(Action::Reposition { space: s }, label)
            })
            .collect();
        self.options(
            out,
            items,
            3,
            &format!("Choose a space for the {}", worker.name()),
        );
        self.buttons(
            out,
            self.decline("Leave it off the board").into_iter().collect(),
        );
    }

    /// KH 43: the trader's drawn tile.
    pub(super) fn keep_drawn(&self, out: &mut Out, tile: Space) {
        out.lines.push(format!(
            "**Trader** (KH 43): you drew {}. Acquire it (it goes on its own space of your board) or put it in the fallow area.",
            self.tile(tile)
        ));
        self.buttons(
            out,
            vec![
                Item::act(
                    Action::KeepDrawn { keep: true },
                    format!("Keep {}", self.tile(tile)),
                )
                .style(Style::Success),
                Item::act(
                    Action::KeepDrawn { keep: false },
                    format!("Put {} in the fallow area", self.r(tile)),
                ),
            ],
        );
    }

    /// A worker's ability (KH 21).
    pub(super) fn ability(&self, out: &mut Out, worker: Worker, at: Space, copied: bool) {
        out.lines.push(format!(
            "**{} ({}) on {}{}**: {}.",
            capital(worker.name()),
            worker.number(),
            self.r(at),
            if copied { ", copied by the lawyer" } else { "" },
            ability_rule(worker)
        ));
        if worker.is_mandatory() {
            out.lines
                .push("This ability is mandatory (KH 38).".to_string());
        }
        for c in &self.v.legal {
            match *c {
                Choice::Apprentice { tiles } => {
                    let items: Vec<Item> = spaces(tiles)
                        .map(|t| {
                            let a = Action::Apprentice {
                                tile: t,
                                instead: Vec::new(),
                            };
                            Item::new(
                                self.gain_target(a),
                                format!("1 {} from {}", self.board.crop(t).name(), self.r(t)),
                            )
                        })
                        .collect();
                    self.options(out, items, 3, "Choose a tile");
                }
                Choice::CasualWorker { .. } => {
                    // The picker draws its own Decline.
                    self.pick(out, &PickKind::Casual, 0, false);
                    return;
                }
                Choice::UnskilledWorker { .. } => {
                    self.pick(out, &PickKind::Unskilled, 0, false);
                    return;
                }
                Choice::Labourer { take } => self.labourer(out, take),
                Choice::SkilledWorker { ref tiles } | Choice::Merchant { ref tiles } => {
                    let skilled = matches!(c, Choice::SkilledWorker { .. });
                    let items: Vec<Item> = tiles
                        .iter()
                        .filter_map(|&(owner, tile, need)| {
                            let a = if skilled {
                                Action::SkilledWorker {
                                    owner,
                                    tile,
                                    payment: Counters::ZERO,
                                }
                            } else {
                                Action::Merchant {
                                    owner,
                                    tile,
                                    payment: Counters::ZERO,
                                }
                            };
                            let t = self.pay_target(&a, need)?;
                            Some(Item::new(
                                t,
                                format!("{} · pay {need} · {}", self.tile(tile), self.name(owner)),
                            ))
                        })
                        .collect();
                    for sv in &self.v.public.seats {
                        for st in &sv.store {
                            if sv.seat != self.seat {
                                out.lines.push(format!(
                                    "• {} in {}'s store, bid {}",
                                    self.tile(st.tile),
                                    self.who(sv.seat),
                                    st.bid
                                ));
                            }
                        }
                    }
                    self.options(out, items, 3, "Choose a store tile");
                }
                Choice::Supervisor { tiles } | Choice::BlindSwap { tiles } => {
                    let blind = matches!(c, Choice::BlindSwap { .. });
                    let items: Vec<Item> = spaces(tiles)
                        .map(|t| {
                            let a = if blind {
                                Action::BlindSwap { tile: t }
                            } else {
                                Action::Supervisor { tile: t }
                            };
                            Item::act(a, format!("Fallow {}", self.tile(t)))
                        })
                        .collect();
                    self.options(out, items, 4, "Choose a tile for the fallow area");
                }
                Choice::Storekeeper { tiles } => {
                    let items: Vec<Item> = spaces(tiles)
                        .map(|t| {
                            Item::go(
                                KhScreen::Bid(Box::new(Action::Storekeeper {
                                    tile: t,
                                    bid: Counters::ZERO,
                                })),
                                self.tile(t),
                            )
                        })
                        .collect();
                    self.options(out, items, 3, "Choose a registry tile");
                }
                Choice::Bailiff { ref tiles } => {
                    let items: Vec<Item> = tiles
                        .iter()
                        .filter_map(|&(owner, tile)| {
                            let a = Action::Bailiff {
                                owner,
                                tile,
                                payment: Counters::ZERO,
                            };
                            let t = self.pay_target(&a, 3)?;
                            Some(Item::new(
                                t,
                                format!("{} · {}", self.tile(tile), self.name(owner)),
                            ))
                        })
                        .collect();
                    self.options(out, items, 3, "Choose an unconnected tile");
                }
                Choice::Lawyer { spaces: sp } => {
                    let items: Vec<Item> = spaces(sp)
                        .filter_map(|s| {
                            let w = self.worker_on(s)?;
                            Some(Item::act(
                                Action::Lawyer { worker_at: s },
                                format!("Copy the {} on {}", Self::worker_name(w), self.r(s)),
                            ))
                        })
                        .collect();
                    self.options(out, items, 3, "Choose a worker to copy");
                }
                Choice::TraderDraw => self.buttons(
                    out,
                    vec![Item::act(Action::TraderDraw, "Draw from the bag").style(Style::Primary)],
                ),
                Choice::TraderRegistry { tiles } => {
                    out.lines.push(
                        "The bag holds no field tile: you may take a registry tile instead, to keep or to put in the fallow area (KH 43).".to_string(),
                    );
                    let mut items = Vec::new();
                    for t in spaces(tiles) {
                        items.push(Item::act(
                            Action::TraderRegistry {
                                tile: t,
                                keep: true,
                            },
                            format!("Keep {}", self.tile(t)),
                        ));
                        items.push(Item::act(
                            Action::TraderRegistry {
                                tile: t,
                                keep: false,
                            },
                            format!("Fallow {}", self.tile(t)),
                        ));
                    }
                    self.options(out, items, 3, "Choose a registry tile");
                }
                Choice::Benefactor { tiles } => {
                    let items: Vec<Item> = spaces(tiles)
                        .map(|t| {
                            Item::act(
                                Action::Benefactor { tile: t },
                                format!("Take {}", self.tile(t)),
                            )
                        })
                        .collect();
                    self.options(out, items, 3, "Choose a registry tile");
                }
                _ => {}
            }
        }
        self.buttons(out, self.decline("Decline").into_iter().collect());
    }

    /// C (KH 35): every way to take `take` counters from the stock.
    fn labourer(&self, out: &mut Out, take: u8) {
        let stock = self.stock();
        out.lines.push(format!("The stock holds: {stock}."));
        let held: Vec<Crop> = stock.crops().collect();
        let mut picks: Vec<Vec<Crop>> = Vec::new();
        match take {
            0 => picks.push(Vec::new()),
            1 => picks.extend(held.iter().map(|&c| vec![c])),
            _ => {
                for (i, &a) in held.iter().enumerate() {
                    for &b in &held[i..] {
                        if a != b || stock.get(a) >= 2 {
                            picks.push(vec![a, b]);
                        }
                    }
                }
            }
        }
        let items: Vec<Item> = picks
            .into_iter()
            .map(|v| {
                let label = if v.is_empty() {
                    "Take nothing".to_string()
                } else {
                    format!("Take {}", Counters::of(&v))
                };
                Item::act(Action::Labourer { crops: v }, label)
            })
            .collect();
        self.options(out, items, 3, "Choose the counters");
    }
}
