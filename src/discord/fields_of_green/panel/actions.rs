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
                why.get_or_insert(crate::t!("fog-needs-coins", need = coins, have = p.coins));
            } else if food > p.food {
                why.get_or_insert(crate::t!("fog-needs-food", need = food, have = p.food));
            } else if water > have {
                why.get_or_insert(crate::t!("fog-needs-water", need = water));
            } else {
                ok += 1;
            }
        }
        match (ok, why) {
            (0, Some(w)) => crate::t!("fog-cant-build-now-why", why = w),
            (0, None) => crate::t!("fog-cant-build-now"),
            (n, _) => crate::t!("fog-buildable-on", n = n),
        }
    }

    /// One compact line per distinct card (issue 43: a hand reads in six lines on a phone):
    /// `- 2x **Wheat** · 3 coins · 1 VP · Harvest: pay 1 Water…`, the chosen one marked `✓`
    /// in front. Full texts and where each could be built are on the Card texts screen.
    pub(super) fn card_lines(&self, ids: &[SmolStr], mark: Option<&SmolStr>) -> Vec<String> {
        render::tally(ids)
            .into_iter()
            .map(|(id, n)| {
                let text = render::fields_of_green::cards::card_line(self.deck, id);
                let text = if n > 1 {
                    crate::t!("fog-copies", n = n, text = text)
                } else {
                    text
                };
                let bullet = if mark == Some(id) { "✓" } else { "-" };
                format!("{bullet} {text}")
            })
            .collect()
    }

    /// The button to the Card texts screen (the full text of every card the panel lists).
    pub(super) fn card_texts_item(&self) -> Item {
        Item::go(Screen::Cards, crate::t!("fog-button-card-texts"))
    }

    /// The Card texts screen: the full text of the revealed card, the hand (or face-up row) and
    /// the Equipment offer, each location with where it could be built now (issue 43: the main
    /// panel lists cards one compact line each; their whole text is one tap away).
    pub(super) fn card_texts(&self, out: &mut Out) -> bool {
        let full = |id: &SmolStr| render::fields_of_green::card_text(self.deck, id);
        out.text.push(crate::t!("fog-card-texts-head"));
        let before = out.text.len();
        if self.me().revealed.is_some() {
            self.revealed(out, true);
        }
        let mut hand: Vec<SmolStr> = self.v.hand.clone();
        hand.extend(self.v.selected.clone());
        if matches!(self.game.phase(), Phase::Duel { .. }) {
            hand.extend(self.v.table.row.iter().cloned());
        }
        hand.sort_by_key(|id| self.deck.location_by_id(id));
        hand.dedup();
        let mut offer = self.v.offer.clone();
        offer.dedup();
        let lines: Vec<String> = hand
            .iter()
            .chain(&offer)
            .map(|id| {
                if self.deck.location_by_id(id).is_some() {
                    format!("- {} · *{}*", full(id), self.build_note(id))
                } else {
                    format!("- {}", full(id))
                }
            })
            .collect();
        if !lines.is_empty() {
            out.text.push(lines.join("\n"));
        }
        out.text.len() > before
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
            crate::games::fields_of_green::event::Direction::Left => crate::t!("fog-dir-left"),
            crate::games::fields_of_green::event::Direction::Right => crate::t!("fog-dir-right"),
        };
        let mut s = match (&self.v.selected, self.me().revealed.is_some()) {
            (Some(c), _) => crate::t!("fog-hand-chose", card = self.name(c)),
            (None, true) => crate::t!("fog-hand-next", dir = dir),
            (None, false) => crate::t!("fog-hand-choose", dir = dir),
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
                    crate::t!("fog-chosen-label", card = self.name(id))
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
            .chain(std::iter::once(self.card_texts_item()))
            .collect();
        self.layout(out, &items, 2, 2, &crate::t!("fog-choose-a-card"), "");
    }

    /// 2 players: the face-up row; Take buttons when it is this seat's turn (ruling 21).
    pub(super) fn row(&self, out: &mut Out, pick: bool) {
        let row = &self.v.table.row;
        let mut s = if pick {
            crate::t!("fog-row-take")
        } else {
            crate::t!("fog-row-face-up")
        };
        let mut sorted: Vec<SmolStr> = row.clone();
        sorted.sort_by_key(|id| self.deck.location_by_id(id));
        if row.is_empty() {
            s.push('\n');
            s.push_str(&crate::t!("fog-none-paren"));
        } else {
            s.push('\n');
            s.push_str(&self.card_lines(&sorted, None).join("\n"));
        }
        s.push('\n');
        s.push_str(&crate::t!(
            "fog-row-face-down",
            n = self.v.table.row_pile as u32
        ));
        out.text.push(s);
        if !pick && !row.is_empty() {
            let texts = self.item_button(&self.card_texts_item());
            out.rows.buttons(texts.into_iter().collect(), 1);
        }
        if pick {
            let mut distinct = sorted;
            distinct.dedup();
            let items: Vec<Item> = distinct
                .iter()
                .map(|id| {
                    let a = Action::Pick { card: id.clone() };
                    let legal = self.legal(&a);
                    Item::act(a, crate::t!("fog-take-card", card = self.name(id)))
                        .style(Style::Primary)
                        .disabled(!legal)
                })
                .chain(std::iter::once(self.card_texts_item()))
                .collect();
            self.layout(out, &items, 2, 2, &crate::t!("fog-take-a-card"), "");
        }
    }

    /// The revealed card: actions A-E (ruling 8), illegal ones disabled with the reason.
    pub(super) fn revealed(&self, out: &mut Out, full: bool) {
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
            Ok(_) => crate::t!("fog-possible"),
        };
        let mut s = crate::t!(
            "fog-your-card",
            card = self.name(&card),
            text = if full {
                format!(
                    "{} · *{}*",
                    render::fields_of_green::card_text(self.deck, &card),
                    self.build_note(&card)
                )
            } else {
                render::fields_of_green::cards::card_line(self.deck, &card)
            }
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
        // Each of actions A-E (ruling 8) with whether it is possible now.
        let mut opts: Vec<(bool, String)> = Vec::new();
        opts.push((
            !build_spaces.is_empty(),
            if build_spaces.is_empty() {
                crate::t!(
                    "fog-a-build-no",
                    why = why(Action::Build {
                        pos: first,
                        water: vec![],
                        extra: 0,
                        equipment: vec![]
                    })
                )
            } else {
                crate::t!(
                    "fog-a-build-yes",
                    cost = cost,
                    n = build_spaces.len() as u32
                )
            },
        ));
        opts.push((
            towers,
            if towers {
                crate::t!(
                    "fog-b-tower-yes",
                    cost = supply.tower_cost,
                    water = supply.tower_capacity,
                    left = self.v.table.water_towers_left
                )
            } else {
                crate::t!(
                    "fog-b-tower-no",
                    why = why(Action::WaterTower {
                        pos: first,
                        equipment: vec![]
                    })
                )
            },
        ));
        opts.push((
            silos,
            if silos {
                crate::t!(
                    "fog-c-silo-yes",
                    food = supply.silo_capacity,
                    left = self.v.table.silos_left
                )
            } else {
                crate::t!(
                    "fog-c-silo-no",
                    why = why(Action::Silo {
                        pos: first,
                        equipment: vec![]
                    })
                )
            },
        ));
        opts.push((true, crate::t!("fog-d-market", food = me.food)));
        opts.push((
            !restores.is_empty(),
            if !restores.is_empty() {
                crate::t!("fog-e-restore-yes")
            } else if open.is_empty() {
                crate::t!("fog-e-restore-none")
            } else {
                crate::t!(
                    "fog-e-restore-no",
                    why = why(Action::Restore { pos: open[0] })
                )
            },
        ));
        // The buttons name every possible action with its cost; the panel explains only the
        // greyed-out ones (issue 43: a phone's first screen is short). All five, with what a
        // Water Tower and a Silo are, are on the Card texts screen.
        s.push('\n');
        if full {
            s.push_str(&crate::t!("fog-what-to-do"));
            for (_, line) in &opts {
                s.push('\n');
                s.push_str(line);
            }
            for special in ["water_tower", "silo"] {
                s.push_str("\n- ");
                s.push_str(&render::fields_of_green::card_text(self.deck, special));
            }
            out.text.push(s);
            return;
        }
        s.push_str(&crate::t!("fog-use-it"));
        for (_, line) in opts.iter().filter(|(possible, _)| !possible) {
            s.push('\n');
            s.push_str(line);
        }
        out.text.push(s);

        let build = Item::go(
            Screen::Build,
            if build_spaces.is_empty() {
                crate::t!("fog-button-build")
            } else {
                crate::t!("fog-button-build-n", n = build_spaces.len() as u32)
            },
        )
        .style(Style::Primary)
        .disabled(build_spaces.is_empty());
        let tower = Item::go(
            Screen::Tower,
            crate::t!("fog-button-tower", cost = supply.tower_cost),
        )
        .disabled(!towers);
        let silo = Item::go(Screen::Silo, crate::t!("fog-button-silo")).disabled(!silos);
        let restore = match restores.as_slice() {
            [Action::Restore { pos }] => Item::act(
                Action::Restore { pos: *pos },
                crate::t!("fog-button-restore-at", at = self.cell(*pos)),
            ),
            _ => Item::go(Screen::Restore, crate::t!("fog-button-restore"))
                .disabled(restores.is_empty()),
        };
        out.rows.buttons(
            [build, tower, silo, restore, self.card_texts_item()]
                .iter()
                .filter_map(|i| self.item_button(i))
                .collect(),
            1,
        );
        let market: Vec<ButtonSpec> = (0..=2u8)
            .filter_map(|food| {
                let a = Action::Market { food };
                let label = match food {
                    0 => crate::t!("fog-button-market"),
                    f => crate::t!("fog-button-sell", food = f, coins = 2 + 2 * u32::from(f)),
                };
                let ok = self.legal(&a);
                self.item_button(&Item::act(a, label).disabled(!ok))
            })
            .collect();
        out.rows.buttons(market, 1);
        // The greyed-out sale the hint explains is named, as its button is (issue 43: with
        // 1 Food, "Sell 1 Food" is enabled and only "Sell 2 Food" is not).
        if let Some(food) = (1..=2u8).find(|&f| !self.legal(&Action::Market { food: f })) {
            out.text.push(crate::t!(
                "fog-selling-food",
                food = food,
                why = why(Action::Market { food })
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
            .map(|(i, w)| crate::t!("fog-source", at = self.at(farm.cells[i].pos), n = w))
            .collect();
        and_list(&parts)
    }

    /// ` +1 repeat`, ` with Harrow`.
    pub(super) fn variant(&self, extra: u8, equipment: &[SmolStr]) -> String {
        let mut s = String::new();
        if extra > 0 {
            s.push_str(&crate::t!("fog-variant-repeats", n = u32::from(extra)));
        }
        if !equipment.is_empty() {
            let names: Vec<String> = equipment.iter().map(|t| self.name(t)).collect();
            s.push_str(&crate::t!("fog-variant-with", tiles = and_list(&names)));
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
                if g == crate::t!("fog-ev-nothing") {
                    crate::t!("fog-immediate-nothing")
                } else {
                    crate::t!("fog-immediate-gain", gain = g)
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
                crate::t!("fog-harvest-needs", need = need, have = have)
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
            let label = crate::t!(
                "fog-build-option",
                at = self.at(*pos),
                variant = self.variant(*extra, equipment),
                paid = paid_text(&p.paid)
            );
            let desc = self.build_desc(&card, *pos, &p);
            let item = if choose {
                Item::go(
                    Screen::PayBuild {
                        pos: *pos,
                        extra: *extra,
                        equipment: equipment.clone(),
                    },
                    crate::t!("fog-choose-towers-option", label = label),
                )
            } else {
                Item::act(a, crate::t!("fog-build-label", label = label))
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
                            crate::t!("fog-more-choices-at", at = self.at(pos)),
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
                        *i = Item::go(screen, crate::t!("fog-more-choices-at", at = self.at(pos)))
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
        let mut s = crate::t!(
            "fog-build-intro",
            card = self.name(&card),
            n = spaces as u32
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
                s.push('\n');
                s.push_str(&crate::t!(
                    "fog-build-not-others",
                    n = (all.len() - spaces) as u32,
                    at = self.at(other),
                    why = reason(&e)
                ));
            }
        }
        if gos > 0 && !compact {
            s.push('\n');
            s.push_str(&crate::t!("fog-build-second-list"));
        }
        if compact {
            s.push('\n');
            s.push_str(&crate::t!("fog-build-compact"));
        }
        out.text.push(s);
        self.layout(
            out,
            &items,
            1,
            4,
            &crate::t!("fog-build-on"),
            &crate::t!("fog-build-on-more"),
        );
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
        let label = crate::t!(
            "fog-card-at-variant",
            card = self.name(&card),
            at = self.at(pos),
            variant = self.variant(extra, equipment)
        );
        let mut s = crate::t!(
            "fog-pay-build-intro",
            label = label,
            paid = paid_text(&p.paid)
        );
        let desc = self.build_desc(&card, pos, &p);
        if !desc.is_empty() {
            s.push(' ');
            s.push_str(&crate::t!("fog-sentence", text = desc));
        }
        let need = p.paid.water;
        let mut items = Vec::new();
        let default = self.default_payment(pos, need);
        let default_label = if need > 0 {
            crate::t!(
                "fog-build-default",
                water = self.water_label(&default, true)
            )
        } else {
            crate::t!("fog-button-build")
        };
        items.push(Item::act(a.clone(), default_label).style(Style::Success));
        if need > 0 {
            let pays = self.payments(pos, need, 14);
            if pays.len() > 1 {
                s.push('\n');
                s.push_str(&crate::t!(
                    "fog-choose-towers-text",
                    need = need,
                    sources = self.sources_text(pos)
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
                        crate::t!("fog-pay-water", water = self.water_label(&w, true)),
                    ));
                }
            }
        }
        out.text.push(s);
        self.layout(out, &items, 2, 2, &crate::t!("fog-how-to-pay-water"), "");
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
                    crate::t!("fog-variant-plain")
                } else {
                    v
                };
                others.push(
                    Item::act(
                        b.clone(),
                        crate::t!(
                            "fog-build-variant",
                            variant = v.as_str(),
                            paid = paid_text(&pv.paid)
                        ),
                    )
                    .desc(self.build_desc(&card, pos, &pv)),
                );
                if pv.paid.water > 0 && self.payments(pos, pv.paid.water, 2).len() > 1 {
                    others.push(Item::go(
                        Screen::PayBuild {
                            pos,
                            extra: *e2,
                            equipment: q2.clone(),
                        },
                        crate::t!("fog-choose-towers-variant", variant = v.as_str()),
                    ));
                }
            }
        }
        if !others.is_empty() {
            out.text.push(crate::t!("fog-other-ways-text"));
            self.layout(
                out,
                &others,
                0,
                2,
                &crate::t!("fog-other-ways"),
                &crate::t!("fog-other-ways-towers"),
            );
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
            crate::t!(
                "fog-tower-screen",
                card = self.name(&card),
                cost = supply.tower_cost,
                water = supply.tower_capacity,
                range = supply.tower_range
            )
        } else {
            crate::t!(
                "fog-silo-screen",
                card = self.name(&card),
                food = supply.silo_capacity
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
        let what = if tower {
            crate::t!("fog-water-tower")
        } else {
            crate::t!("fog-silo")
        };
        let items: Vec<Item> = placed
            .iter()
            .map(|&(pos, eq, a)| {
                let label = crate::t!(
                    "fog-card-at-variant",
                    card = what.as_str(),
                    at = self.at(pos),
                    variant = self.variant(0, eq)
                );
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
                        [(_, _, a)] if acts <= limits::SELECT_OPTIONS => Item::act(
                            (*a).clone(),
                            crate::t!("fog-ev-card-at", card = what.as_str(), at = self.at(pos)),
                        ),
                        _ => Item::go(
                            special_screen(pos, tower),
                            crate::t!(
                                "fog-special-with-equipment",
                                card = what.as_str(),
                                at = self.at(pos)
                            ),
                        ),
                    }
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
            4,
            &crate::t!("fog-choose-space"),
            &crate::t!("fog-choose-space-equipment"),
        );
        true
    }

    /// One space's Water Tower (or Silo) choices, with each set of set-aside Equipment that fits:
    /// reached from the Tower / Silo screen when its choices do not fit one message.
    pub(super) fn special_space(&self, out: &mut Out, pos: Pos, tower: bool) -> bool {
        let what = if tower {
            crate::t!("fog-water-tower")
        } else {
            crate::t!("fog-silo")
        };
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
                let label = crate::t!(
                    "fog-card-at-variant",
                    card = what.as_str(),
                    at = self.at(pos),
                    variant = self.variant(0, eq)
                );
                Item::act(a.clone(), label).style(Style::Primary)
            })
            .collect();
        if items.is_empty() {
            return false;
        }
        out.build_grid = true;
        out.text.push(crate::t!(
            "fog-special-space",
            card = what.as_str(),
            at = self.at(pos)
        ));
        self.layout(out, &items, 4, 4, &crate::t!("fog-choose"), "");
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
                    Item::act(
                        a.clone(),
                        crate::t!("fog-restore-label", at = self.cell(*pos)),
                    )
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
        out.text
            .push(crate::t!("fog-restore-screen", card = self.name(&card)));
        self.layout(out, &items, 1, 4, &crate::t!("fog-choose-open-area"), "");
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
        let mut s = crate::t!("fog-offer-intro", n = self.v.offer.len());
        let mut distinct = self.v.offer.clone();
        distinct.dedup();
        for t in &distinct {
            let hosts: Vec<String> = self.hosts(t).iter().map(|&p| self.cell(p)).collect();
            let fits = if hosts.is_empty() {
                crate::t!("fog-no-matching-location")
            } else {
                crate::t!("fog-fits", hosts = spec::clip(&and_list(&hosts), 300))
            };
            s.push_str(&format!(
                "\n- {} · *{fits}*",
                render::fields_of_green::cards::card_line(self.deck, t)
            ));
        }
        out.text.push(s);
        let items: Vec<Item> = distinct
            .iter()
            .map(|t| {
                Item::go(
                    Screen::PlaceEquipment { tile: t.clone() },
                    crate::t!("fog-keep-tile", tile = self.name(t)),
                )
                .style(Style::Primary)
            })
            .chain(std::iter::once(self.card_texts_item()))
            .collect();
        self.layout(out, &items, 1, 2, "", &crate::t!("fog-keep-a-tile"));
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
        let mut s = crate::t!(
            "fog-keep-screen",
            tile = self.name(tile),
            text = render::fields_of_green::card_text(self.deck, tile)
        );
        s.push('\n');
        if hosts.is_empty() {
            s.push_str(&crate::t!("fog-keep-no-host"));
        } else {
            s.push_str(&crate::t!("fog-keep-choose-host"));
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
                    crate::t!("fog-place-on", at = self.cell(p)),
                )
                .style(Style::Primary)
            })
            .collect();
        self.layout(out, &items, 1, 4, &crate::t!("fog-place-it-on"), "");
        out.nav_front.extend(button(
            self.table,
            Verb::Act(aside),
            &crate::t!("fog-button-set-aside"),
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
