//! The harvest on the private panel: paying Harvest abilities by hand, and the Auto harvest
//! screen with the exact planner's plan.

use super::*;

impl Panel<'_> {
    /// Face-up locations of this seat with a Harvest ability.
    pub(super) fn harvest_cells(&self) -> Vec<Pos> {
        self.me()
            .farm
            .cells
            .iter()
            .filter(|c| {
                c.face_up
                    && self
                        .deck
                        .location_by_id(&c.card)
                        .is_some_and(|d| self.deck.location(d).timing() == Some(Timing::Harvest))
            })
            .map(|c| c.pos)
            .collect()
    }

    /// `Wheat B2 +1 repeat: 1 Water -> 2 Food`.
    pub(super) fn harvest_label(&self, pos: Pos, extra: u8, p: &Preview) -> String {
        let again = if self.me().harvested.contains(&pos) {
            crate::t!("fog-again")
        } else {
            String::new()
        };
        crate::t!(
            "fog-harvest-label",
            cell = self.cell(pos),
            again = again,
            variant = self.variant(extra, &[]),
            paid = paid_text(&p.paid),
            gain = gain_text(p)
        )
    }

    /// The Water Towers of `seat`'s farm in reading order, each as its space and the Water it
    /// holds (`B2 3`): the harvest screen lists them, and the auto harvest as they end up.
    fn tower_water(&self, seat: &SeatView) -> Vec<String> {
        let mut towers: Vec<_> = seat
            .farm
            .cells
            .iter()
            .filter(|c| c.card == "water_tower")
            .collect();
        towers.sort_by_key(|c| (c.pos.y, c.pos.x));
        towers
            .iter()
            .map(|c| format!("{} {}", self.at(c.pos), c.water))
            .collect()
    }

    /// The harvest (rulings 14, 15): pay abilities in any order, then Done.
    pub(super) fn harvest(&self, out: &mut Out) {
        let me = self.me();
        let towers = self.tower_water(me);
        let mut s = crate::t!("fog-harvest-intro");
        s.push('\n');
        s.push_str(&crate::t!(
            "fog-harvest-you-have",
            coins = me.coins,
            food = me.food,
            capacity = me.food_capacity,
            towers = if towers.is_empty() {
                crate::t!("fog-none")
            } else {
                towers.join(", ")
            }
        ));
        if !me.harvested.is_empty() {
            let list: Vec<String> = render::tally(me.harvested.iter().copied())
                .iter()
                .map(|&(p, n)| {
                    if n > 1 {
                        crate::t!("fog-times", what = self.cell(p), n = n)
                    } else {
                        self.cell(p)
                    }
                })
                .collect();
            s.push('\n');
            s.push_str(&crate::t!(
                "fog-harvest-paid",
                list = list.join(&crate::t!("fog-list-sep"))
            ));
        }
        let mut items = Vec::new();
        let mut lines = Vec::new();
        let mut payable: Vec<Pos> = Vec::new();
        for a in &self.v.legal {
            let Action::Harvest { pos, extra, .. } = a else {
                continue;
            };
            let Ok(p) = preview(self.game, self.seat, a) else {
                continue;
            };
            payable.push(*pos);
            let label = self.harvest_label(*pos, *extra, &p);
            let need = p.paid.water;
            let choose = need > 0 && self.payments(*pos, need, 2).len() > 1;
            lines.push(if choose {
                format!(
                    "- {}",
                    crate::t!("fog-harvest-can-choose", label = label.as_str())
                )
            } else {
                format!("- {label}")
            });
            items.push(
                Item::act(a.clone(), crate::t!("fog-pay-water", water = label))
                    .style(Style::Primary),
            );
            if choose {
                items.push(Item::go(
                    Screen::PayHarvest {
                        pos: *pos,
                        extra: *extra,
                    },
                    crate::t!("fog-choose-towers-at", at = self.cell(*pos)),
                ));
            }
        }
        // Up to two rows of buttons name each payable ability with its cost and gain; only a
        // longer list (a select) is spelled out here too (issue 43: a phone's first screen).
        if !lines.is_empty() && items.len() > 2 * limits::BUTTONS_PER_ROW {
            s.push('\n');
            s.push_str(&crate::t!("fog-harvest-you-can-pay"));
            s.push('\n');
            s.push_str(&lines.join("\n"));
        }
        let unpaid: Vec<Pos> = self
            .harvest_cells()
            .into_iter()
            .filter(|p| !me.harvested.contains(p))
            .collect();
        let stuck: Vec<String> = unpaid
            .iter()
            .filter(|p| !payable.contains(p))
            .map(|&p| {
                let a = Action::Harvest {
                    pos: p,
                    water: vec![],
                    extra: 0,
                };
                match preview(self.game, self.seat, &a) {
                    Err(e) => crate::t!("fog-cell-why", cell = self.cell(p), why = reason(&e)),
                    Ok(_) => self.cell(p),
                }
            })
            .collect();
        if !stuck.is_empty() {
            s.push('\n');
            s.push_str(&crate::t!("fog-harvest-cant-pay", list = stuck.join("; ")));
        }
        let lose: Vec<String> = unpaid.iter().map(|&p| self.cell(p)).collect();
        s.push('\n');
        if lose.is_empty() {
            s.push_str(&crate::t!("fog-harvest-loses-nothing"));
        } else {
            s.push_str(&crate::t!("fog-harvest-would-open", list = and_list(&lose)));
        }
        out.text.push(s);
        self.layout(
            out,
            &items,
            2,
            4,
            &crate::t!("fog-pay-harvest-ability"),
            &crate::t!("fog-choose-towers-for"),
        );
        // In the navigation row (room for it next to Done, Refresh, All farms and Log): the
        // decision rows above may all be taken by a big farm's payments.
        out.nav_front.extend(button(
            self.table,
            Verb::Show(Screen::AutoHarvest),
            &crate::t!("fog-button-auto-harvest"),
            Style::Primary,
            false,
        ));
        if self.legal(&Action::EndHarvest) {
            let (label, style) = match lose.len() {
                0 => (crate::t!("fog-done-nothing-lost"), Style::Success),
                n => (crate::t!("fog-done-open-areas", n = n), Style::Danger),
            };
            out.nav_front.extend(button(
                self.table,
                Verb::Act(Action::EndHarvest),
                &label,
                style,
                false,
            ));
        }
    }

    /// Which towers pay a harvest.
    pub(super) fn pay_harvest(&self, out: &mut Out, pos: Pos, extra: u8) -> bool {
        let a = Action::Harvest {
            pos,
            water: vec![],
            extra,
        };
        if !self.legal(&a) {
            return false;
        }
        let Ok(p) = preview(self.game, self.seat, &a) else {
            return false;
        };
        let need = p.paid.water;
        let default = self.default_payment(pos, need);
        out.text.push(format!(
            "**{}**\n{}",
            crate::t!("fog-pay-water", water = self.harvest_label(pos, extra, &p)),
            crate::t!(
                "fog-choose-towers-text",
                need = need,
                sources = self.sources_text(pos)
            )
        ));
        let mut items = vec![
            Item::act(
                a,
                crate::t!("fog-default", water = self.water_label(&default, true)),
            )
            .style(Style::Success),
        ];
        for w in self.payments(pos, need, 19) {
            if w != default {
                let label = crate::t!("fog-pay-water", water = self.water_label(&w, true));
                items.push(Item::act(
                    Action::Harvest {
                        pos,
                        water: w,
                        extra,
                    },
                    label,
                ));
            }
        }
        self.layout(out, &items, 4, 4, &crate::t!("fog-how-to-pay-water"), "");
        true
    }

    /// The "Auto harvest" screen: the planner's plan in plain words (each step's cost, the
    /// towers paying its Water, what it gains), the resources after it, and what becomes an Open
    /// Area; Confirm applies it all, Adjust by hand goes back to the harvest panel. False when
    /// the seat is not deciding its harvest (any more).
    pub(super) fn auto_harvest(&self, out: &mut Out) -> bool {
        let Some(auto) = auto_harvest(self.game, self.seat) else {
            return false;
        };
        let me = self.me();
        let aim = match auto.valuation {
            Valuation::Interim => crate::t!("fog-auto-aim-interim"),
            Valuation::Final => crate::t!("fog-auto-aim-final"),
        };
        let mut head = crate::t!("fog-auto-head", aim = aim);
        if !auto.plan.exact {
            head.push(' ');
            head.push_str(&crate::t!("fog-auto-unusual"));
        }
        // Step lines, the part that grows with the farm: cut to a budget so the totals and the
        // Open Areas below always show (Confirm applies every step either way).
        let mut steps: Vec<String> = Vec::new();
        let mut used = 0;
        let mut paid_before: Vec<Pos> = me.harvested.clone();
        let total = auto.steps.len();
        for (k, (a, p)) in auto.steps.iter().zip(&auto.previews).enumerate() {
            let line = match a {
                Action::Harvest { pos, water, extra } => {
                    let again = if paid_before.contains(pos) {
                        crate::t!("fog-again")
                    } else {
                        String::new()
                    };
                    paid_before.push(*pos);
                    let mut cost: Vec<String> = Vec::new();
                    let paid = &p.preview.paid;
                    if paid.coins > 0 {
                        cost.push(crate::t!("fog-n-coins", n = paid.coins));
                    }
                    if paid.food > 0 {
                        cost.push(crate::t!("fog-n-food", n = paid.food));
                    }
                    if paid.water > 0 {
                        let towers = if water.is_empty() { &p.towers } else { water };
                        cost.push(crate::t!(
                            "fog-n-water-from",
                            n = paid.water,
                            towers = self.water_label(towers, true)
                        ));
                    }
                    let cost = if cost.is_empty() {
                        crate::t!("fog-free")
                    } else {
                        cost.join(&crate::t!("fog-list-sep"))
                    };
                    crate::t!(
                        "fog-auto-step",
                        k = k + 1,
                        cell = self.cell(*pos),
                        again = again,
                        variant = self.variant(*extra, &[]),
                        cost = cost,
                        gain = gain_text(&p.preview)
                    )
                }
                Action::EndHarvest => crate::t!("fog-auto-step-finish", k = k + 1),
                other => format!("{}. {}", k + 1, other.kind()),
            };
            if used + line.len() > AUTO_STEPS_BUDGET {
                steps.push(crate::t!("fog-auto-more", n = total - k));
                break;
            }
            used += line.len() + 1;
            steps.push(line);
        }
        if auto.finished && !matches!(auto.steps.last(), Some(Action::EndHarvest)) {
            steps.push(crate::t!("fog-auto-then-ends"));
        }
        let towers = self.tower_water(&auto.after);
        let after = if towers.is_empty() {
            crate::t!("fog-auto-after", resources = resources(&auto.after))
        } else {
            crate::t!(
                "fog-auto-after-towers",
                resources = resources(&auto.after),
                towers = towers.join(", ")
            )
        };
        let open = if !auto.finished {
            crate::t!("fog-auto-stops")
        } else if auto.open_areas.is_empty() {
            crate::t!("fog-auto-open-none")
        } else {
            let list: Vec<String> = auto
                .open_areas
                .iter()
                .map(|(pos, card, lost)| {
                    let s = crate::t!("fog-card-space", card = self.name(card), at = self.at(*pos));
                    if lost.is_empty() {
                        s
                    } else {
                        let names: Vec<String> = lost.iter().map(|t| self.name(t)).collect();
                        crate::t!("fog-auto-loses", what = s, tiles = and_list(&names))
                    }
                })
                .collect();
            crate::t!("fog-auto-open", list = and_list(&list))
        };
        let body = format!(
            "{}\n{}\n{}\n{after}\n{open}",
            crate::t!("fog-auto-now", resources = resources(me)),
            crate::t!("fog-auto-the-plan"),
            steps.join("\n")
        );
        // The grid helps to find the coordinates; it gets whatever room the plan leaves.
        let room = limits::DESCRIPTION
            .saturating_sub(head.chars().count() + body.chars().count() + 8)
            .min(1800);
        let grid = if room >= 300 {
            format!("\n{}", farm_block(self.deck, &me.farm, false, room))
        } else {
            String::new()
        };
        out.embed = Some(EmbedSpec {
            title: out.title.clone(),
            description: format!("{head}{grid}\n{body}"),
            color: DARK_GREEN,
            footer: Some(crate::t!("fog-panel-footer", phase = phase_name(self.game))),
            ..Default::default()
        });
        let buttons: Vec<ButtonSpec> = [
            button(
                self.table,
                Verb::ConfirmPlan(auto.fingerprint),
                &crate::t!("fog-button-confirm-plan"),
                Style::Success,
                false,
            ),
            // The same id as the navigation row's Back, which is then left out.
            button(
                self.table,
                Verb::Show(Screen::Main),
                &crate::t!("fog-button-adjust"),
                Style::Secondary,
                false,
            ),
        ]
        .into_iter()
        .flatten()
        .collect();
        out.rows.buttons(buttons, 1);
        true
    }

    // ------------------------------------------------------------------ farms
}

/// Characters of step lines on the Auto harvest screen (the description holds 4096).
pub(super) const AUTO_STEPS_BUDGET: usize = 2400;

/// What one step of an auto harvest does: its preview, and the towers that paid its Water (read
/// off the farm, for steps that leave the choice to the engine).
#[derive(Clone, Debug)]
pub(super) struct StepPreview {
    preview: Preview,
    towers: Vec<Pos>,
}

/// The harvest planner's plan for a seat, as the "Auto harvest" screen shows it and its Confirm
/// button applies it.
#[derive(Clone, Debug)]
pub struct AutoHarvest {
    /// What Confirm applies, in order: the plan's actions up to where the seat's harvest is over
    /// (the engine finishes a seat by itself once nothing is left to pay, so the plan's
    /// `EndHarvest` may not be needed) or an Equipment offer interrupts it.
    pub steps: Vec<Action>,
    /// [`plan_fingerprint`] of `steps`, carried by the Confirm button.
    pub fingerprint: u64,
    pub plan: Plan,
    /// What the plan maximises after the kept count: this year's value or the final score.
    pub valuation: Valuation,
    /// What each step pays and gains.
    previews: Vec<StepPreview>,
    /// The seat after the steps.
    after: SeatView,
    /// Locations that become Open Areas: position, card, Equipment lost with it.
    open_areas: Vec<(Pos, SmolStr, Vec<SmolStr>)>,
    /// True when the steps finish the seat's harvest (false: an Equipment offer stops them).
    finished: bool,
}

/// The exact harvest planner's plan for `seat` (see `bots::planner` for what it maximises), or
/// None when the seat is not deciding its harvest now. Deterministic: the same game gives the
/// same steps, so the Confirm button's fingerprint identifies the plan the player saw.
///
/// The plan is made on the game, but it reads only the seat's own farm and resources (all
/// public), and the text reads only events about the seat, never which Equipment tile is drawn.
pub fn auto_harvest(game: &Game, seat: usize) -> Option<AutoHarvest> {
    if game.phase() != &Phase::Harvest || seat >= game.players() {
        return None;
    }
    let legal = game.legal_actions(seat);
    if !legal
        .iter()
        .any(|a| matches!(a, Action::Harvest { .. } | Action::EndHarvest))
    {
        return None;
    }
    let plan = planner::plan_game(game, seat, planner::ENGINE_BUDGET);
    let valuation = planner::HarvestPosition::from_game(game, seat).valuation();
    // Play the plan on a copy where the other seats are still harvesting, so finishing this
    // seat's harvest does not end the year (income and the next upkeep would blur the result):
    // what the copy shows after the last step is exactly what the seat has after the plan.
    let mut snap = game.snapshot();
    for (s, p) in snap.state.players.iter_mut().enumerate() {
        if s != seat {
            p.harvest_done = false;
        }
    }
    let mut work = Game::from_snapshot(game.deck_arc().clone(), snap).ok()?;
    let mut todo = plan.actions.clone();
    if todo.is_empty() {
        todo.push(Action::EndHarvest);
    }
    let mut steps = Vec::new();
    let mut previews = Vec::new();
    let mut open_areas = Vec::new();
    for a in todo {
        let p = &work.state().players[seat];
        if p.harvest_done || !p.offer.is_empty() {
            break;
        }
        let water_before: Vec<(Pos, u8)> = p.farm.cells.iter().map(|c| (c.pos, c.water)).collect();
        let Ok(preview) = preview(&work, seat, &a) else {
            // The planner is tested to make only moves the engine accepts; should one ever be
            // refused, the plan shown (and confirmed) stops before it.
            break;
        };
        let events = work.apply(seat, &a).expect("accepted on a copy just now");
        let mut towers = Vec::new();
        for c in &work.state().players[seat].farm.cells {
            if let Some(&(_, w)) = water_before.iter().find(|(q, _)| *q == c.pos)
                && c.water < w
            {
                towers.extend(std::iter::repeat_n(c.pos, usize::from(w - c.water)));
            }
        }
        for e in events {
            if let Event::BecameOpenArea {
                seat: s,
                pos,
                card,
                equipment_lost,
            } = e
                && s == seat
            {
                open_areas.push((pos, card, equipment_lost));
            }
        }
        steps.push(a);
        previews.push(StepPreview { preview, towers });
    }
    let finished = work.state().players[seat].harvest_done;
    let after = work.public_view().seats.swap_remove(seat);
    Some(AutoHarvest {
        fingerprint: plan_fingerprint(&steps),
        steps,
        plan,
        valuation,
        previews,
        after,
        open_areas,
        finished,
    })
}
