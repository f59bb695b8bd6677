//! Upkeep on the private panel: income Water placement and the pile split.

use super::*;

impl Panel<'_> {
    /// Income Water placement (ruling 3).
    pub(super) fn water(&self, out: &mut Out) {
        let me = self.me();
        let mut with_room: Vec<_> = me
            .farm
            .cells
            .iter()
            .filter(|c| c.card == "water_tower" && c.water < c.capacity)
            .collect();
        with_room.sort_by_key(|c| (c.pos.y, c.pos.x));
        let towers: Vec<String> = with_room
            .iter()
            .map(|c| {
                crate::t!(
                    "fog-legend-tower",
                    at = self.at(c.pos),
                    water = c.water,
                    capacity = c.capacity
                )
            })
            .collect();
        out.text.push(crate::t!(
            "fog-upkeep-place-water",
            water = me.pending_water,
            towers = and_list(&towers)
        ));
        let items = self.water_items(None);
        // The pile split takes 2 rows when this seat also draws now.
        let drawing = self
            .v
            .legal
            .iter()
            .any(|a| matches!(a, Action::Draw { .. }));
        let rows = if drawing { 2 } else { 4 };
        let fits = limits::SELECT_OPTIONS + limits::BUTTONS_PER_ROW * (rows - 1);
        let items = if items.len() > fits {
            // Many towers: choose a first tower, then the placements with it.
            with_room
                .iter()
                .map(|c| {
                    let screen = Screen::PayHarvest {
                        pos: c.pos,
                        extra: 0,
                    };
                    Item::go(
                        screen,
                        crate::t!("fog-upkeep-water-on", at = self.at(c.pos)),
                    )
                    .style(Style::Primary)
                })
                .collect()
        } else {
            items
        };
        self.layout(
            out,
            &items,
            1,
            rows,
            &crate::t!("fog-upkeep-where-water"),
            &crate::t!("fog-upkeep-put-water-on"),
        );
    }

    /// The income Water placements (all, or those using tower `with`), the ones putting all the
    /// Water on one tower first (keeping the other towers empty scores at the end).
    pub(super) fn water_items(&self, with: Option<Pos>) -> Vec<Item> {
        let mut placements: Vec<&Vec<Pos>> = self
            .v
            .legal
            .iter()
            .filter_map(|a| match a {
                Action::PlaceWater { towers } if with.is_none_or(|w| towers.contains(&w)) => {
                    Some(towers)
                }
                _ => None,
            })
            .collect();
        placements.sort_by_key(|t| {
            let mut d = (*t).clone();
            d.dedup();
            d.len()
        });
        placements
            .into_iter()
            .map(|towers| {
                let a = Action::PlaceWater {
                    towers: towers.clone(),
                };
                Item::act(a, self.water_label(towers, false)).style(Style::Primary)
            })
            .collect()
    }

    /// Income Water placements using one tower.
    pub(super) fn water_screen(&self, out: &mut Out, pos: Pos) -> bool {
        let items = self.water_items(Some(pos));
        if items.is_empty() {
            return false;
        }
        out.text.push(crate::t!(
            "fog-upkeep-place-water-some-on",
            water = self.me().pending_water,
            at = self.at(pos)
        ));
        self.layout(out, &items, 1, 4, &crate::t!("fog-upkeep-where-water"), "");
        true
    }

    /// `2 on B2, 1 on D3` (or `from`), in order of first appearance.
    pub(super) fn water_label(&self, ws: &[Pos], from: bool) -> String {
        let parts: Vec<String> = render::tally(ws.iter().copied())
            .iter()
            .map(|&(p, n)| {
                if from {
                    crate::t!("fog-water-from", n = n, at = self.at(p))
                } else {
                    crate::t!("fog-ev-water-on", n = n, at = self.at(p))
                }
            })
            .collect();
        if parts.is_empty() {
            crate::t!("fog-ev-nothing")
        } else {
            parts.join(&crate::t!("fog-list-sep"))
        }
    }

    pub(super) fn note_hidden(&self, out: &mut Out, hidden: usize) {
        if hidden > 0 {
            out.text.push(crate::t!("fog-more-choices", n = hidden));
        }
    }

    /// The pile split (ruling 4): counts per pile with +/- buttons, and Draw when legal.
    pub(super) fn split(&self, out: &mut Out, counts: Option<[u8; 4]>) {
        let piles = self.v.table.piles;
        let hs = self.game.hand_size();
        let splits: Vec<[u8; 4]> = self
            .v
            .legal
            .iter()
            .filter_map(|a| {
                if let Action::Draw { split } = a {
                    Some(*split)
                } else {
                    None
                }
            })
            .collect();
        let counts = counts.unwrap_or_else(|| default_split(&splits));
        let want = usize::from(hs).min(piles.iter().sum());
        let mut s = crate::t!("fog-upkeep-draw", want = want);
        if self.v.table.players == 2 {
            s.push(' ');
            s.push_str(&crate::t!("fog-upkeep-draw-two"));
        }
        let earlier = self.splits_this_year();
        if !earlier.is_empty() {
            s.push('\n');
            s.push_str(&crate::t!(
                "fog-panel-this-year",
                splits = earlier.join(&crate::t!("fog-list-sep"))
            ));
        }
        // Labels are padded by the columns they take (Japanese characters take two).
        let pad = |label: &str| {
            let w = render::phone::width(label);
            format!("{label}{}", " ".repeat(13usize.saturating_sub(w)))
        };
        let right = |label: String, width: usize| {
            let w = render::phone::width(&label);
            format!("{}{label}", " ".repeat(width.saturating_sub(w)))
        };
        let mut table = format!(
            "```\n{}{}{}\n",
            pad(&crate::t!("fog-upkeep-pile")),
            right(crate::t!("fog-upkeep-left"), 5),
            right(crate::t!("fog-upkeep-draw-col"), 6)
        );
        for (k, pile) in Pile::ALL.iter().enumerate() {
            table.push_str(&format!(
                "{}{:>5}{:>6}\n",
                pad(&render::fields_of_green::card_text::pile_name(*pile)),
                piles[k],
                counts[k]
            ));
        }
        let total: u32 = counts.iter().map(|&c| u32::from(c)).sum();
        table.push_str(&format!(
            "{}{:>5}{:>6}\n```",
            pad(&crate::t!("fog-pad-total")),
            piles.iter().sum::<usize>(),
            total
        ));
        s.push('\n');
        s.push_str(&table);
        let draw = Action::Draw { split: counts };
        let ok = self.legal(&draw);
        if u32::from(hs) <= counts.iter().map(|&c| u32::from(c)).sum::<u32>() {
            s.push('\n');
            s.push_str(&crate::t!("fog-upkeep-change"));
        }
        if ok {
            s.push('\n');
            s.push_str(&crate::t!("fog-upkeep-ready", split = split_text(counts)));
        } else if let Err(e) = preview(self.game, self.seat, &draw) {
            s.push('\n');
            // "Not yet" already says the split is refused: only the reason follows.
            let why = match &e {
                ActionError::BadSplit(w) => {
                    super::super::split_why(w).unwrap_or_else(|| reason(&e))
                }
                _ => reason(&e),
            };
            s.push_str(&crate::t!("fog-not-yet", why = why));
        }
        out.text.push(s);
        let step = |k: usize, up: bool| {
            let mut c = counts;
            if up {
                c[k] += 1;
            } else {
                c[k] -= 1;
            }
            c
        };
        let plus: Vec<ButtonSpec> = (0..4)
            .filter_map(|k| {
                let off =
                    counts[k] >= 9 || usize::from(counts[k]) >= piles[k] || total >= u32::from(hs);
                let target = if off { counts } else { step(k, true) };
                let verb = if off {
                    // A disabled button still needs a unique id: point it at the screen itself
                    // with the pile's own count (never clicked).
                    Verb::Show(Screen::Split {
                        counts: bump_unique(counts, k, true),
                    })
                } else {
                    Verb::Show(Screen::Split { counts: target })
                };
                button(
                    self.table,
                    verb,
                    &format!(
                        "+ {}",
                        render::fields_of_green::card_text::pile_name(Pile::ALL[k])
                    ),
                    Style::Secondary,
                    off,
                )
            })
            .collect();
        let minus: Vec<ButtonSpec> = (0..4)
            .filter_map(|k| {
                let off = counts[k] == 0;
                let verb = if off {
                    Verb::Show(Screen::Split {
                        counts: bump_unique(counts, k, false),
                    })
                } else {
                    Verb::Show(Screen::Split {
                        counts: step(k, false),
                    })
                };
                button(
                    self.table,
                    verb,
                    &format!(
                        "− {}",
                        render::fields_of_green::card_text::pile_name(Pile::ALL[k])
                    ),
                    Style::Secondary,
                    off,
                )
            })
            .collect();
        out.rows.buttons(plus, 1);
        out.rows.buttons(minus, 1);
        out.nav_front.extend(button(
            self.table,
            Verb::Act(draw),
            &crate::t!("fog-upkeep-draw-button", split = split_text(counts)),
            Style::Success,
            !ok,
        ));
    }

    // ------------------------------------------------------------------ cards
}

/// The split shown first: the most even legal split, Fields first on a tie.
pub(super) fn default_split(splits: &[[u8; 4]]) -> [u8; 4] {
    splits
        .iter()
        .copied()
        .min_by_key(|s| {
            (
                s.iter().map(|&c| u32::from(c) * u32::from(c)).sum::<u32>(),
                std::cmp::Reverse(*s),
            )
        })
        .unwrap_or([0; 4])
}

/// The Split screen a disabled +/- button points at. A disabled button is never clicked, but
/// its id must still be unique in the message: pile `k` set to 9 (for +) or 8 (for -) is never
/// a legal split (at most 6 cards are drawn), so no enabled button has that id.
pub(super) fn bump_unique(counts: [u8; 4], k: usize, up: bool) -> [u8; 4] {
    let mut c = counts;
    c[k] = if up { 9 } else { 8 };
    c
}
