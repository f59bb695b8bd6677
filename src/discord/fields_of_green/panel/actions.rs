//! The action phase on the private panel: the hand or the face-up row, the revealed card's
//! actions (build, Water Tower, Silo, Market, restore) with their Water payments, and the
//! Equipment offer.

use super::*;

impl Panel<'_> {
    /// A note on whether a location design could be built now, at how many spaces, or why not:
    /// its cost at each build space (counted costs, discounts and Water in range included).
    pub(super) fn build_note(&self, id: &str) -> String {
        let Some(d) = self.deck.location_by_id(id) else {
            return String::new();
        };
        let def = self.deck.location(d);
        let p = &self.game.state().players[self.seat];
        let farm = &p.farm;
        let mut ok = 0;
        let mut why: Option<String> = None;
        for pos in farm.build_spaces() {
            let discount = eval::build_discount(self.deck, farm, Some(d), pos);
            let coins = eval::amount(self.deck, farm, p.coins, p.food, pos, &def.cost.coins)
                .saturating_sub(discount);
            let water = eval::amount(self.deck, farm, p.coins, p.food, pos, &def.cost.water);
            let food = eval::amount(self.deck, farm, p.coins, p.food, pos, &def.cost.food);
            let have: u32 = eval::water_sources(self.deck, farm, pos)
                .iter()
                .map(|&(_, w)| u32::from(w))
                .sum();
            if coins > p.coins {
                why.get_or_insert(format!(
                    "needs {} (you have {})",
                    plural(coins, "coin", "coins"),
                    p.coins
                ));
            } else if food > p.food {
                why.get_or_insert(format!("needs {food} Food (you have {})", p.food));
            } else if water > have {
                why.get_or_insert(format!("needs {water} Water from a tower in range"));
            } else {
                ok += 1;
            }
        }
        match (ok, why) {
            (0, Some(w)) => format!("can't build now: {w}"),
            (0, None) => "can't build now".to_string(),
            (n, _) => format!("buildable now on {}", plural(n, "space", "spaces")),
        }
    }

    /// `- 2x Wheat [WHT] - Field ... - *buildable now on 4 spaces*` for each distinct card.
    pub(super) fn card_lines(&self, ids: &[SmolStr], mark: Option<&SmolStr>) -> Vec<String> {
        let mut seen: Vec<(&SmolStr, usize)> = Vec::new();
        for id in ids {
            match seen.iter_mut().find(|(s, _)| *s == id) {
                Some((_, n)) => *n += 1,
                None => seen.push((id, 1)),
            }
        }
        seen.iter()
            .map(|(id, n)| {
                let count = if *n > 1 {
                    format!("{n}x ")
                } else {
                    String::new()
                };
                let chosen = if mark == Some(*id) { " ✓ chosen" } else { "" };
                format!(
                    "- {count}{}{chosen} · *{}*",
                    render::card_text(self.deck, id),
                    self.build_note(id)
                )
            })
            .collect()
    }

    /// 3+ players: the hand, one button per distinct card; the chosen one is marked and may be
    /// changed until the reveal (ruling 7).
    pub(super) fn hand(&self, out: &mut Out) {
        let mut ids: Vec<SmolStr> = self.v.hand.clone();
        if let Some(s) = &self.v.selected {
            ids.push(s.clone());
        }
        ids.sort_by_key(|id| self.deck.location_by_id(id));
        let dir = match self.v.table.direction {
            crate::games::fields_of_green::event::Direction::Left => "left",
            crate::games::fields_of_green::event::Direction::Right => "right",
        };
        let mut s = match (&self.v.selected, self.me().revealed.is_some()) {
            (Some(c), _) => format!(
                "You chose **{}** for this turn. Tap another card to change it until everyone has chosen.",
                self.name(c)
            ),
            (None, true) => format!(
                "**Next card:** choose it now or after using your revealed card. The rest of your hand passes {dir}."
            ),
            (None, false) => format!(
                "**Choose a card to play.** It stays hidden until everyone has chosen; the rest of your hand passes {dir}."
            ),
        };
        s.push('\n');
        s.push_str(&self.card_lines(&ids, self.v.selected.as_ref()).join("\n"));
        out.text.push(s);
        let mut distinct = ids.clone();
        distinct.dedup();
        let items: Vec<Item> = distinct
            .iter()
            .map(|id| {
                let a = Action::Select { card: id.clone() };
                let chosen = self.v.selected.as_ref() == Some(id);
                let legal = self.legal(&a);
                let label = if chosen {
                    format!("{} ✓", self.name(id))
                } else {
                    self.name(id)
                };
                Item::act(a, label)
                    .style(if chosen {
                        Style::Primary
                    } else {
                        Style::Secondary
                    })
                    .disabled(!legal)
            })
            .collect();
        let lost = self.layout(&mut out.rows, &items, 2, 2, "Choose a card", "");
        self.note_hidden(out, lost);
    }

    /// 2 players: the face-up row; Take buttons when it is this seat's turn (ruling 21).
    pub(super) fn row(&self, out: &mut Out, pick: bool) {
        let row = &self.v.table.row;
        let mut s = if pick {
            "**Take a face-up card** and use it at once.".to_string()
        } else {
            "**Face-up cards:**".to_string()
        };
        let mut sorted: Vec<SmolStr> = row.clone();
        sorted.sort_by_key(|id| self.deck.location_by_id(id));
        if row.is_empty() {
            s.push_str("\n(none)");
        } else {
            s.push('\n');
            s.push_str(&self.card_lines(&sorted, None).join("\n"));
        }
        s.push_str(&format!(
            "\n{} still face down.",
            plural(self.v.table.row_pile as u32, "card", "cards")
        ));
        out.text.push(s);
        if pick {
            let mut distinct = sorted;
            distinct.dedup();
            let items: Vec<Item> = distinct
                .iter()
                .map(|id| {
                    let a = Action::Pick { card: id.clone() };
                    let legal = self.legal(&a);
                    Item::act(a, format!("Take {}", self.name(id)))
                        .style(Style::Primary)
                        .disabled(!legal)
                })
                .collect();
            let lost = self.layout(&mut out.rows, &items, 2, 2, "Take a card", "");
            self.note_hidden(out, lost);
        }
    }

    /// The revealed card: actions A-E (ruling 8), illegal ones disabled with the reason.
    pub(super) fn revealed(&self, out: &mut Out) {
        let Some(card) = self.me().revealed.clone() else {
            return;
        };
        let me = self.me();
        let legal = &self.v.legal;
        let farm = &self.game.state().players[self.seat].farm;
        let spaces = farm.build_spaces();
        let first = spaces.first().copied().unwrap_or(Pos::new(0, 0));
        let why = |a: Action| match preview(self.game, self.seat, &a) {
            Err(e) => reason(&e),
            Ok(_) => "possible".to_string(),
        };
        let mut s = format!(
            "**Your card: {}**\n{}",
            self.name(&card),
            render::card_text(self.deck, &card)
        );
        let mut build_spaces: Vec<Pos> = legal
            .iter()
            .filter_map(|a| {
                if let Action::Build { pos, .. } = a {
                    Some(*pos)
                } else {
                    None
                }
            })
            .collect();
        build_spaces.dedup();
        let cost = self
            .deck
            .location_by_id(&card)
            .map(|d| text::cost_text(&self.deck.location(d).cost))
            .unwrap_or_default();
        let towers = legal.iter().any(|a| matches!(a, Action::WaterTower { .. }));
        let silos = legal.iter().any(|a| matches!(a, Action::Silo { .. }));
        let restores: Vec<&Action> = legal
            .iter()
            .filter(|a| matches!(a, Action::Restore { .. }))
            .collect();
        let open: Vec<Pos> = me
            .farm
            .cells
            .iter()
            .filter(|c| !c.face_up)
            .map(|c| c.pos)
            .collect();
        let supply = &self.deck.supply;
        s.push_str("\n\n**What to do with it:**");
        s.push_str(&if build_spaces.is_empty() {
            format!(
                "\nA) Build it: not possible · {}.",
                why(Action::Build {
                    pos: first,
                    water: vec![],
                    extra: 0,
                    equipment: vec![]
                })
            )
        } else {
            format!(
                "\nA) Build it ({cost}): possible on {}.",
                plural(build_spaces.len() as u32, "space", "spaces")
            )
        });
        s.push_str(&if towers {
            format!(
                "\nB) Discard it, build a Water Tower: {} coins, arrives with {} Water ({} left).",
                supply.tower_cost, supply.tower_capacity, self.v.table.water_towers_left
            )
        } else {
            format!(
                "\nB) Water Tower: not possible · {}.",
                why(Action::WaterTower {
                    pos: first,
                    equipment: vec![]
                })
            )
        });
        s.push_str(&if silos {
            format!(
                "\nC) Discard it, build a Silo: free, holds {} Food ({} left).",
                supply.silo_capacity, self.v.table.silos_left
            )
        } else {
            format!(
                "\nC) Silo: not possible · {}.",
                why(Action::Silo {
                    pos: first,
                    equipment: vec![]
                })
            )
        });
        s.push_str(&format!(
            "\nD) Discard it, go to the market: 2 coins, plus 2 per Food sold (up to 2; you have {} Food).",
            me.food
        ));
        s.push_str(&if !restores.is_empty() {
            "\nE) Discard it, pay 1 coin to restore an Open Area.".to_string()
        } else if open.is_empty() {
            "\nE) Restore: you have no Open Areas.".to_string()
        } else {
            format!(
                "\nE) Restore: not possible · {}.",
                why(Action::Restore { pos: open[0] })
            )
        });
        out.text.push(s);

        let build = Item::go(
            Screen::Build,
            if build_spaces.is_empty() {
                "Build".to_string()
            } else {
                format!(
                    "Build ({})",
                    plural(build_spaces.len() as u32, "space", "spaces")
                )
            },
        )
        .style(Style::Primary)
        .disabled(build_spaces.is_empty());
        let tower = Item::go(
            Screen::Tower,
            format!("Water Tower ({} coins)", supply.tower_cost),
        )
        .disabled(!towers);
        let silo = Item::go(Screen::Silo, "Silo (free)").disabled(!silos);
        let restore = match restores.as_slice() {
            [Action::Restore { pos }] => Item::act(
                Action::Restore { pos: *pos },
                format!("Restore {} (1 coin)", self.cell(*pos)),
            ),
            _ => Item::go(Screen::Restore, "Restore (1 coin)").disabled(restores.is_empty()),
        };
        out.rows.buttons(
            [build, tower, silo, restore]
                .iter()
                .filter_map(|i| self.item_button(i))
                .collect(),
            1,
        );
        let market: Vec<ButtonSpec> = (0..=2u8)
            .filter_map(|food| {
                let a = Action::Market { food };
                let label = match food {
                    0 => "Market: +2 coins".to_string(),
                    f => format!("Sell {f} Food: +{} coins", 2 + 2 * u32::from(f)),
                };
                let ok = self.legal(&a);
                self.item_button(&Item::act(a, label).disabled(!ok))
            })
            .collect();
        out.rows.buttons(market, 1);
        if me.food < 2 {
            out.text.push(format!(
                "Selling Food: {}.",
                why(Action::Market {
                    food: if me.food == 0 { 1 } else { 2 }
                })
            ));
        }
    }

    /// Distinct ways to pay `need` Water for `target` from the towers in range (ruling 11),
    /// at most `cap` of them, each one Water per entry.
    pub(super) fn payments(&self, target: Pos, need: u32, cap: usize) -> Vec<Vec<Pos>> {
        let farm = &self.game.state().players[self.seat].farm;
        let mut sources: Vec<(Pos, u32)> = eval::water_sources(self.deck, farm, target)
            .into_iter()
            .map(|(i, w)| (farm.cells[i].pos, u32::from(w)))
            .collect();
        sources.sort_by_key(|(p, _)| (p.y, p.x));
        fn rec(
            src: &[(Pos, u32)],
            k: usize,
            left: u32,
            acc: &mut Vec<Pos>,
            out: &mut Vec<Vec<Pos>>,
            cap: usize,
        ) {
            if out.len() >= cap {
                return;
            }
            if left == 0 {
                out.push(acc.clone());
                return;
            }
            if k >= src.len() {
                return;
            }
            let room: u32 = src[k..].iter().map(|&(_, w)| w).sum();
            if room < left {
                return;
            }
            for take in (0..=src[k].1.min(left)).rev() {
                let n = acc.len();
                acc.extend(std::iter::repeat_n(src[k].0, take as usize));
                rec(src, k + 1, left - take, acc, out, cap);
                acc.truncate(n);
            }
        }
        let mut out = Vec::new();
        if need > 0 {
            rec(&sources, 0, need, &mut Vec::new(), &mut out, cap);
        }
        out
    }

    /// The towers the engine picks by default for `need` Water at `target`.
    pub(super) fn default_payment(&self, target: Pos, need: u32) -> Vec<Pos> {
        let farm = &self.game.state().players[self.seat].farm;
        let sources = eval::water_sources(self.deck, farm, target);
        eval::default_water(&sources, need)
            .map(|v| {
                let mut ps: Vec<Pos> = v.into_iter().map(|i| farm.cells[i].pos).collect();
                ps.sort_by_key(|p| (p.y, p.x));
                ps
            })
            .unwrap_or_default()
    }

    /// Towers in range of `target` with their Water: `B2 (2 Water), D4 (1 Water)`.
    pub(super) fn sources_text(&self, target: Pos) -> String {
        let farm = &self.game.state().players[self.seat].farm;
        let mut sources = eval::water_sources(self.deck, farm, target);
        sources.sort_by_key(|&(i, _)| (farm.cells[i].pos.y, farm.cells[i].pos.x));
        let parts: Vec<String> = sources
            .into_iter()
            .map(|(i, w)| format!("{} ({} Water)", self.at(farm.cells[i].pos), w))
            .collect();
        and_list(&parts)
    }

    /// ` +1 repeat`, ` with Harrow`.
    pub(super) fn variant(&self, extra: u8, equipment: &[SmolStr]) -> String {
        let mut s = String::new();
        if extra > 0 {
            s.push_str(&format!(
                " +{}",
                plural(u32::from(extra), "repeat", "repeats")
            ));
        }
        if !equipment.is_empty() {
            let names: Vec<String> = equipment.iter().map(|t| self.name(t)).collect();
            s.push_str(&format!(" with {}", and_list(&names)));
        }
        s
    }

    /// What building design `card` at `pos` means beyond its cost: the Immediate ability's yield
    /// there, or for a Harvest ability paid with Water, the Water in range of that space now (a
    /// location without it becomes an Open Area at the harvest, ruling 15).
    pub(super) fn build_desc(&self, card: &str, pos: Pos, p: &Preview) -> String {
        let Some(d) = self.deck.location_by_id(card) else {
            return String::new();
        };
        let Some(a) = self.deck.location(d).ability.as_ref() else {
            return String::new();
        };
        match a.timing {
            Timing::Immediate => {
                let g = gain_text(p);
                if g == "nothing" {
                    "Immediate: nothing here".to_string()
                } else {
                    format!("Immediate: gain {g}")
                }
            }
            Timing::Harvest => {
                let st = &self.game.state().players[self.seat];
                let need = eval::amount(self.deck, &st.farm, st.coins, st.food, pos, &a.cost.water);
                if need == 0 {
                    return String::new();
                }
                let have: u32 = eval::water_sources(self.deck, &st.farm, pos)
                    .iter()
                    .map(|&(_, w)| u32::from(w))
                    .sum::<u32>()
                    .saturating_sub(p.paid.water);
                format!("Harvest needs {need} Water; {have} in range here after building")
            }
            _ => String::new(),
        }
    }

    /// Choose where to build the revealed card: one-tap options where the Water payment does not
    /// matter, a second list for the ones where you choose the towers (Screen::PayBuild).
    pub(super) fn build(&self, out: &mut Out) -> bool {
        let builds: Vec<(Pos, u8, Vec<SmolStr>)> = self
            .v
            .legal
            .iter()
            .filter_map(|a| match a {
                Action::Build {
                    pos,
                    extra,
                    equipment,
                    ..
                } => Some((*pos, *extra, equipment.clone())),
                _ => None,
            })
            .collect();
        let Some(card) = self.me().revealed.clone() else {
            return false;
        };
        if builds.is_empty() {
            return false;
        }
        out.build_grid = true;
        let mut entries: Vec<(Pos, bool, Item)> = Vec::new();
        for (pos, extra, equipment) in &builds {
            let a = Action::Build {
                pos: *pos,
                water: vec![],
                extra: *extra,
                equipment: equipment.clone(),
            };
            let Ok(p) = preview(self.game, self.seat, &a) else {
                continue;
            };
            let need = p.paid.water;
            let choose = need > 0 && self.payments(*pos, need, 2).len() > 1;
            let plain = *extra == 0 && equipment.is_empty();
            let label = format!(
                "{}{}: {}",
                self.at(*pos),
                self.variant(*extra, equipment),
                paid_text(&p.paid)
            );
            let desc = self.build_desc(&card, *pos, &p);
            let item = if choose {
                Item::go(
                    Screen::PayBuild {
                        pos: *pos,
                        extra: *extra,
                        equipment: equipment.clone(),
                    },
                    format!("{label} (choose towers)"),
                )
            } else {
                Item::act(a, format!("Build {label}"))
            };
            entries.push((*pos, plain, item.desc(desc).style(Style::Primary)));
        }
        // Plain builds first, then the variants.
        entries.sort_by_key(|(_, plain, _)| !*plain);
        let mut items: Vec<Item> = entries.iter().map(|(_, _, i)| i.clone()).collect();
        let acts = items
            .iter()
            .filter(|i| matches!(i.target, Target::Act(_)))
            .count();
        let gos = items.len() - acts;
        let capacity = |a: usize, g: usize| {
            // Selects of 25, and the buttons in the rows the selects leave.
            let selects = usize::from(a > 0) + usize::from(g > 0);
            let spill = a.saturating_sub(25) + g.saturating_sub(25);
            spill <= 5 * 4usize.saturating_sub(selects)
        };
        let mut compact = false;
        if !capacity(acts, gos) {
            // Too many to list: one entry per space; the space's screen lists its variants.
            compact = true;
            let mut by_space: Vec<Pos> = entries.iter().map(|(p, _, _)| *p).collect();
            by_space.sort_by_key(|p| (p.y, p.x));
            by_space.dedup();
            items = by_space
                .iter()
                .map(|&pos| {
                    let here: Vec<&Item> = entries
                        .iter()
                        .filter(|(p, _, _)| *p == pos)
                        .map(|(_, _, i)| i)
                        .collect();
                    match here.as_slice() {
                        [only] if matches!(only.target, Target::Act(_)) => (*only).clone(),
                        _ => Item::go(
                            Screen::PayBuild {
                                pos,
                                extra: 0,
                                equipment: vec![],
                            },
                            format!("{}: more choices", self.at(pos)),
                        )
                        .style(Style::Primary),
                    }
                })
                .collect();
            // One-tap entries beyond the 25 a select holds go through their space's screen, so
            // the second select (and the spare buttons) take them: 60 spaces fit, more than a
            // farm of 26 cards can have (54 in a straight line).
            let mut acts_seen = 0;
            for i in items.iter_mut() {
                if let Target::Act(Action::Build { pos, .. }) = &i.target {
                    acts_seen += 1;
                    if acts_seen > limits::SELECT_OPTIONS {
                        let pos = *pos;
                        let screen = Screen::PayBuild {
                            pos,
                            extra: 0,
                            equipment: vec![],
                        };
                        *i = Item::go(screen, format!("{}: more choices", self.at(pos)))
                            .style(Style::Primary);
                    }
                }
            }
        }
        let spaces = {
            let mut v: Vec<Pos> = builds.iter().map(|b| b.0).collect();
            v.sort_by_key(|p| (p.y, p.x));
            v.dedup();
            v.len()
        };
        let mut s = format!(
            "**Build {}** on one of {} (lowercase on the grid). Each option shows the cost there.",
            self.name(&card),
            plural(spaces as u32, "space", "spaces")
        );
        let farm = &self.game.state().players[self.seat].farm;
        let all = farm.build_spaces();
        if let Some(&other) = all.iter().find(|p| !builds.iter().any(|b| b.0 == **p)) {
            let a = Action::Build {
                pos: other,
                water: vec![],
                extra: 0,
                equipment: vec![],
            };
            if let Err(e) = preview(self.game, self.seat, &a) {
                s.push_str(&format!(
                    "\nNot on the other {} (e.g. {}): {}.",
                    plural((all.len() - spaces) as u32, "space", "spaces"),
                    self.at(other),
                    reason(&e)
                ));
            }
        }
        if gos > 0 && !compact {
            s.push_str("\nWhere more than one Water Tower can pay, pick it from the second list to choose the towers.");
        }
        if compact {
            s.push_str(
                "\nMany options: pick a space to see its choices (Equipment, repeats, towers).",
            );
        }
        out.text.push(s);
        let lost = self.layout(
            &mut out.rows,
            &items,
            1,
            4,
            "Build on…",
            "Build on… (choose towers / more choices)",
        );
        self.note_hidden(out, lost);
        true
    }

    /// Build on one space: the Water payment choices (a Default and each distinct set of towers)
    /// and the other variants on that space (set-aside Equipment, repeats).
    pub(super) fn pay_build(
        &self,
        out: &mut Out,
        pos: Pos,
        extra: u8,
        equipment: &[SmolStr],
    ) -> bool {
        let a = Action::Build {
            pos,
            water: vec![],
            extra,
            equipment: equipment.to_vec(),
        };
        if !self.legal(&a) {
            return false;
        }
        let Some(card) = self.me().revealed.clone() else {
            return false;
        };
        let Ok(p) = preview(self.game, self.seat, &a) else {
            return false;
        };
        out.build_grid = true;
        let label = format!(
            "{} at {}{}",
            self.name(&card),
            self.at(pos),
            self.variant(extra, equipment)
        );
        let mut s = format!("**Build {label}**: costs {}.", paid_text(&p.paid));
        let desc = self.build_desc(&card, pos, &p);
        if !desc.is_empty() {
            s.push_str(&format!(" {desc}."));
        }
        let need = p.paid.water;
        let mut items = Vec::new();
        let default = self.default_payment(pos, need);
        let default_label = if need > 0 {
            format!("Build (default: {})", self.water_label(&default, "from"))
        } else {
            "Build".to_string()
        };
        items.push(Item::act(a.clone(), default_label).style(Style::Success));
        if need > 0 {
            let pays = self.payments(pos, need, 14);
            if pays.len() > 1 {
                s.push_str(&format!(
                    "\nChoose which Water Towers pay the {need} Water. In range: {}. \
                     The default takes from the towers holding the least first, so they run dry \
                     (each empty tower scores 1 VP at the end).",
                    self.sources_text(pos)
                ));
            }
            for w in pays {
                if w != default {
                    let b = Action::Build {
                        pos,
                        water: w.clone(),
                        extra,
                        equipment: equipment.to_vec(),
                    };
                    items.push(Item::act(
                        b,
                        format!("Pay {}", self.water_label(&w, "from")),
                    ));
                }
            }
        }
        out.text.push(s);
        let lost = self.layout(&mut out.rows, &items, 2, 2, "How to pay the Water", "");
        self.note_hidden(out, lost);
        // Other variants on this space.
        let mut others = Vec::new();
        for b in &self.v.legal {
            if let Action::Build {
                pos: p2,
                extra: e2,
                equipment: q2,
                ..
            } = b
                && *p2 == pos
                && (*e2 != extra || q2.as_slice() != equipment)
            {
                let Ok(pv) = preview(self.game, self.seat, b) else {
                    continue;
                };
                let v = self.variant(*e2, q2);
                let v = if v.is_empty() {
                    " (plain)".to_string()
                } else {
                    v
                };
                others.push(
                    Item::act(b.clone(), format!("Build{v}: {}", paid_text(&pv.paid)))
                        .desc(self.build_desc(&card, pos, &pv)),
                );
                if pv.paid.water > 0 && self.payments(pos, pv.paid.water, 2).len() > 1 {
                    others.push(Item::go(
                        Screen::PayBuild {
                            pos,
                            extra: *e2,
                            equipment: q2.clone(),
                        },
                        format!("Choose towers: build{v}"),
                    ));
                }
            }
        }
        if !others.is_empty() {
            out.text.push(
                "Other ways to build here (set-aside Equipment, repeats) are in the list below."
                    .to_string(),
            );
            let lost = self.layout(
                &mut out.rows,
                &others,
                0,
                2,
                "Other ways to build here",
                "Choose towers for another way",
            );
            self.note_hidden(out, lost);
        }
        true
    }

    /// Water Tower (B) or Silo (C): choose a space (and set-aside Equipment that fits).
    pub(super) fn special(&self, out: &mut Out, tower: bool) -> bool {
        let actions: Vec<&Action> = self
            .v
            .legal
            .iter()
            .filter(|a| {
                if tower {
                    matches!(a, Action::WaterTower { .. })
                } else {
                    matches!(a, Action::Silo { .. })
                }
            })
            .collect();
        let Some(card) = self.me().revealed.clone() else {
            return false;
        };
        if actions.is_empty() {
            return false;
        }
        out.build_grid = true;
        let supply = &self.deck.supply;
        out.text.push(if tower {
            format!(
                "**Water Tower:** discard {}, pay {} coins. It arrives with {} Water; its Water pays for cards within {}. Choose a space.",
                self.name(&card),
                supply.tower_cost,
                supply.tower_capacity,
                supply.tower_range
            )
        } else {
            format!(
                "**Silo:** discard {}; it is free and holds {} Food. Choose a space.",
                self.name(&card),
                supply.silo_capacity
            )
        });
        // Plain placements first, in reading order, then those with set-aside Equipment.
        let mut placed: Vec<(Pos, &[SmolStr], &Action)> = actions
            .iter()
            .map(|a| match a {
                Action::WaterTower { pos, equipment } | Action::Silo { pos, equipment } => {
                    (*pos, equipment.as_slice(), *a)
                }
                _ => unreachable!("filtered"),
            })
            .collect();
        placed.sort_by_key(|&(p, eq, _)| (!eq.is_empty(), p.y, p.x));
        let what = if tower { "Water Tower" } else { "Silo" };
        let items: Vec<Item> = placed
            .iter()
            .map(|&(pos, eq, a)| {
                let label = format!("{what} at {}{}", self.at(pos), self.variant(0, eq));
                Item::act(a.clone(), label).style(Style::Primary)
            })
            .collect();
        // A select and 3 rows of buttons hold 40 choices. Beyond (set-aside Equipment on a big
        // farm), one entry per space: spaces with several choices open their own screen.
        let items = if items.len() > limits::SELECT_OPTIONS + 15 {
            let mut spaces: Vec<Pos> = placed.iter().map(|&(p, _, _)| p).collect();
            spaces.sort_by_key(|p| (p.y, p.x));
            spaces.dedup();
            let mut acts = 0;
            spaces
                .iter()
                .map(|&pos| {
                    let here: Vec<&(Pos, &[SmolStr], &Action)> =
                        placed.iter().filter(|(p, _, _)| *p == pos).collect();
                    acts += usize::from(here.len() == 1);
                    match here.as_slice() {
                        [(_, _, a)] if acts <= limits::SELECT_OPTIONS => {
                            Item::act((*a).clone(), format!("{what} at {}", self.at(pos)))
                        }
                        _ => Item::go(
                            special_screen(pos, tower),
                            format!("{what} at {}: with Equipment…", self.at(pos)),
                        ),
                    }
                    .style(Style::Primary)
                })
                .collect()
        } else {
            items
        };
        let lost = self.layout(
            &mut out.rows,
            &items,
            1,
            4,
            "Choose a space",
            "Choose a space (with Equipment)",
        );
        self.note_hidden(out, lost);
        true
    }

    /// One space's Water Tower (or Silo) choices, with each set of set-aside Equipment that fits:
    /// reached from the Tower / Silo screen when its choices do not fit one message.
    pub(super) fn special_space(&self, out: &mut Out, pos: Pos, tower: bool) -> bool {
        let what = if tower { "Water Tower" } else { "Silo" };
        let items: Vec<Item> = self
            .v
            .legal
            .iter()
            .filter_map(|a| match a {
                Action::WaterTower { pos: p, equipment } if tower && *p == pos => {
                    Some((a, equipment))
                }
                Action::Silo { pos: p, equipment } if !tower && *p == pos => Some((a, equipment)),
                _ => None,
            })
            .map(|(a, eq)| {
                let label = format!("{what} at {}{}", self.at(pos), self.variant(0, eq));
                Item::act(a.clone(), label).style(Style::Primary)
            })
            .collect();
        if items.is_empty() {
            return false;
        }
        out.build_grid = true;
        out.text.push(format!(
            "**{what} at {}:** with or without your set-aside Equipment.",
            self.at(pos)
        ));
        let lost = self.layout(&mut out.rows, &items, 4, 4, "Choose", "");
        self.note_hidden(out, lost);
        true
    }

    /// Restore (E): choose an Open Area.
    pub(super) fn restore(&self, out: &mut Out) -> bool {
        let items: Vec<Item> = self
            .v
            .legal
            .iter()
            .filter_map(|a| match a {
                Action::Restore { pos } => Some(
                    Item::act(a.clone(), format!("Restore {}", self.cell(*pos)))
                        .style(Style::Primary),
                ),
                _ => None,
            })
            .collect();
        let Some(card) = self.me().revealed.clone() else {
            return false;
        };
        if items.is_empty() {
            return false;
        }
        out.text.push(format!(
            "**Restore:** discard {}, pay 1 coin: an Open Area turns face up again (Equipment it lost does not come back).",
            self.name(&card)
        ));
        let lost = self.layout(&mut out.rows, &items, 1, 4, "Choose an Open Area", "");
        self.note_hidden(out, lost);
        true
    }

    // ------------------------------------------------------------------ Equipment

    /// Hosts for an offered tile now: `B2 Wheat`.
    pub(super) fn hosts(&self, tile: &str) -> Vec<Pos> {
        let mut hosts: Vec<Pos> = self
            .v
            .legal
            .iter()
            .filter_map(|a| match a {
                Action::Equipment {
                    keep,
                    place: Some(p),
                } if keep == tile => Some(*p),
                _ => None,
            })
            .collect();
        hosts.sort_by_key(|p| (p.y, p.x));
        hosts
    }

    /// The Equipment offer (ruling 17): keep one of the drawn tiles.
    pub(super) fn offer(&self, out: &mut Out) {
        let mut s = format!(
            "**Equipment: keep 1 of {} tiles.** The others go to the bottom of the stack. Place it on a \
             matching location now, or set it aside: 1 VP at the end, or place it on a location as you build it.",
            self.v.offer.len()
        );
        let mut distinct = self.v.offer.clone();
        distinct.dedup();
        for t in &distinct {
            let hosts: Vec<String> = self.hosts(t).iter().map(|&p| self.cell(p)).collect();
            let fits = if hosts.is_empty() {
                "no matching location now".to_string()
            } else {
                format!("fits {}", spec::clip(&and_list(&hosts), 300))
            };
            s.push_str(&format!(
                "\n- {} · *{fits}*",
                render::card_text(self.deck, t)
            ));
        }
        out.text.push(s);
        let items: Vec<Item> = distinct
            .iter()
            .map(|t| {
                Item::go(
                    Screen::PlaceEquipment { tile: t.clone() },
                    format!("Keep {}", self.name(t)),
                )
                .style(Style::Primary)
            })
            .collect();
        let lost = self.layout(&mut out.rows, &items, 1, 2, "", "Keep a tile");
        self.note_hidden(out, lost);
    }

    /// Where the kept tile goes, or Set aside.
    pub(super) fn place_equipment(&self, out: &mut Out, tile: &SmolStr) -> bool {
        let aside = Action::Equipment {
            keep: tile.clone(),
            place: None,
        };
        if !self.v.offer.contains(tile) || !self.legal(&aside) {
            return false;
        }
        let hosts = self.hosts(tile);
        let mut s = format!(
            "**Keep {}**\n{}",
            self.name(tile),
            render::card_text(self.deck, tile)
        );
        if hosts.is_empty() {
            s.push_str("\nNo location of yours matches it now: set it aside (1 VP at the end, or place it as you build a matching location).");
        } else {
            s.push_str("\nChoose where it goes, or set it aside (1 VP at the end, or place it as you build a matching location).");
        }
        out.text.push(s);
        let items: Vec<Item> = hosts
            .iter()
            .map(|&p| {
                Item::act(
                    Action::Equipment {
                        keep: tile.clone(),
                        place: Some(p),
                    },
                    format!("Place on {}", self.cell(p)),
                )
                .style(Style::Primary)
            })
            .collect();
        let lost = self.layout(&mut out.rows, &items, 1, 4, "Place it on…", "");
        self.note_hidden(out, lost);
        out.nav_front.extend(button(
            self.table,
            Verb::Act(aside),
            "Set aside",
            Style::Secondary,
            false,
        ));
        true
    }

    // ------------------------------------------------------------------ harvest
}

/// The screen listing one space's Water Tower (or Silo) choices. The codec's screens have no page
/// number, so this reuses `PayBuild` with a marker in place of the Equipment list: the id of the
/// supply card (`water_tower` / `silo`), which is never an Equipment id (`special_marker` checks
/// the deck).
pub(super) fn special_screen(pos: Pos, tower: bool) -> Screen {
    let marker = if tower { "water_tower" } else { "silo" };
    Screen::PayBuild {
        pos,
        extra: 0,
        equipment: vec![SmolStr::new_static(marker)],
    }
}

/// `Some(true)` for the Water Tower marker of [`special_screen`], `Some(false)` for the Silo one.
pub(super) fn special_marker(deck: &Deck, equipment: &[SmolStr]) -> Option<bool> {
    match equipment {
        [m] if deck.equipment_by_id(m).is_none() => match m.as_str() {
            "water_tower" => Some(true),
            "silo" => Some(false),
            _ => None,
        },
        _ => None,
    }
}
