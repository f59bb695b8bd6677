//! Workers' abilities (KH 21, 33-44), the displaced worker's reposition (KH 26) and the trader's
//! drawn tile (KH 43): each worker's choices with its targets, optional ones with Decline.

use super::turn::{ability_rule, capital};
use super::{Item, Out, Panel, PickKind};
use crate::discord::spec::Style;
use crate::games::key_harvest::game::spaces;
use crate::games::key_harvest::{Action, Choice, Counters, Crop, Space, Worker};
use crate::render::key_harvest::text::worker_name;
use crate::t;

impl Panel<'_> {
    /// KH 26: where the displaced worker goes, or off the board.
    pub(super) fn reposition(&self, out: &mut Out, worker: Worker, from: Space) {
        out.lines.push(t!(
            "kh-reposition-intro",
            worker = Self::worker_name(worker),
            space = self.r(from)
        ));
        let sp = self
            .find(|c| match c {
                Choice::Reposition { spaces } => Some(*spaces),
                _ => None,
            })
            .unwrap_or(0);
        let items: Vec<Item> = spaces(sp)
            .map(|s| {
                let label = self.space_label(s);
                Item::act(Action::Reposition { space: s }, label)
            })
            .collect();
        self.options(
            out,
            items,
            3,
            &t!("kh-ph-space-for", worker = worker_name(worker)),
        );
        self.buttons(out, self.decline(&t!("kh-leave-off")).into_iter().collect());
    }

    /// KH 43: the trader's drawn tile.
    pub(super) fn keep_drawn(&self, out: &mut Out, tile: Space) {
        out.lines.push(t!("kh-trader-drew", tile = self.tile(tile)));
        self.buttons(
            out,
            vec![
                Item::act(
                    Action::KeepDrawn { keep: true },
                    t!("kh-keep", tile = self.tile(tile)),
                )
                .style(Style::Success),
                Item::act(
                    Action::KeepDrawn { keep: false },
                    t!("kh-put-fallow", tile = self.r(tile)),
                ),
            ],
        );
    }

    /// A worker's ability (KH 21).
    pub(super) fn ability(&self, out: &mut Out, worker: Worker, at: Space, copied: bool) {
        let head = format!("{} ({})", capital(&worker_name(worker)), worker.number());
        out.lines.push(if copied {
            t!(
                "kh-ability-head-copied",
                worker = head,
                space = self.r(at),
                rule = ability_rule(worker)
            )
        } else {
            t!(
                "kh-ability-head",
                worker = head,
                space = self.r(at),
                rule = ability_rule(worker)
            )
        });
        if worker.is_mandatory() {
            out.lines.push(t!("kh-ability-mandatory"));
        }
        for c in &self.v.legal {
            match *c {
                Choice::Apprentice { tiles } => {
                    self.tile_options(out, tiles, 3, &t!("kh-ph-tile"), |t| {
                        let a = Action::Apprentice {
                            tile: t,
                            instead: Vec::new(),
                        };
                        Item::new(
                            self.gain_target(a),
                            t!(
                                "kh-one-from",
                                crop = self.crop_one(self.board.crop(t)),
                                space = self.r(t)
                            ),
                        )
                    });
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
                                t!(
                                    "kh-store-label-pay",
                                    tile = self.tile(tile),
                                    count = need,
                                    name = self.name(owner)
                                ),
                            ))
                        })
                        .collect();
                    for sv in &self.v.public.seats {
                        for st in &sv.store {
                            if sv.seat != self.seat {
                                out.lines.push(t!(
                                    "kh-store-line-bid",
                                    tile = self.tile(st.tile),
                                    name = self.who(sv.seat),
                                    bid = self.cs(&st.bid)
                                ));
                            }
                        }
                    }
                    self.options(out, items, 3, &t!("kh-ph-store-tile"));
                }
                Choice::Supervisor { tiles } | Choice::BlindSwap { tiles } => {
                    let blind = matches!(c, Choice::BlindSwap { .. });
                    self.tile_options(out, tiles, 4, &t!("kh-ph-fallow"), |t| {
                        let a = if blind {
                            Action::BlindSwap { tile: t }
                        } else {
                            Action::Supervisor { tile: t }
                        };
                        Item::act(a, t!("kh-fallow", tile = self.tile(t)))
                    });
                }
                Choice::Storekeeper { tiles } => {
                    self.bid_options(out, tiles, 3, |tile| Action::Storekeeper {
                        tile,
                        bid: Counters::ZERO,
                    });
                }
                Choice::Bailiff { ref tiles } => {
                    let items: Vec<Item> = tiles
                        .iter()
                        .filter_map(|(owner, tile)| {
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
                    self.options(out, items, 3, &t!("kh-ph-unconnected"));
                }
                Choice::Lawyer { spaces: sp } => {
                    let items = self.worker_options(
                        sp,
                        |s| Action::Lawyer { worker_at: s },
                        |worker, space| t!("kh-copy-label", worker = worker, space = space),
                    );
                    self.options(out, items, 3, &t!("kh-ph-copy"));
                }
                Choice::TraderDraw => self.buttons(
                    out,
                    vec![
                        Item::act(Action::TraderDraw, t!("kh-draw-from-bag")).style(Style::Primary),
                    ],
                ),
                Choice::TraderRegistry { tiles } => {
                    out.lines.push(t!("kh-trader-registry"));
                    let mut items = Vec::new();
                    for t in spaces(tiles) {
                        items.push(Item::act(
                            Action::TraderRegistry {
                                tile: t,
                                keep: true,
                            },
                            t!("kh-keep", tile = self.tile(t)),
                        ));
                        items.push(Item::act(
                            Action::TraderRegistry {
                                tile: t,
                                keep: false,
                            },
                            t!("kh-fallow", tile = self.tile(t)),
                        ));
                    }
                    self.options(out, items, 3, &t!("kh-ph-registry-tile"));
                }
                Choice::Benefactor { tiles } => {
                    self.tile_options(out, tiles, 3, &t!("kh-ph-registry-tile"), |t| {
                        Item::act(
                            Action::Benefactor { tile: t },
                            t!("kh-take", tile = self.tile(t)),
                        )
                    });
                }
                _ => {}
            }
        }
        self.buttons(out, self.decline(&t!("kh-decline")).into_iter().collect());
    }

    /// C (KH 35): every way to take `take` counters from the stock.
    fn labourer(&self, out: &mut Out, take: u8) {
        let stock = self.stock();
        out.lines
            .push(t!("kh-stock-holds", counters = self.cs(&stock)));
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
                    t!("kh-take-nothing")
                } else {
                    t!("kh-take", tile = self.cs(&Counters::of(&v)))
                };
                Item::act(Action::Labourer { crops: v }, label)
            })
            .collect();
        self.options(out, items, 3, &t!("kh-ph-counters"));
    }
}
