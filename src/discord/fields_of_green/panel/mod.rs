//! The private panel: one player's view (ephemeral reply or DM) for whatever they must decide
//! now, drawn from `game.player_view(seat)` and its `legal` actions.
//!
//! Every legal action is reachable from the Main screen by buttons and selects (a unit test
//! walks the screens and checks it), and every option the rules deny is shown disabled with the
//! engine's own reason, found by trying a representative action on a copy of the game: the rule
//! and the reason cannot disagree. Effects and costs in labels are found the same way (apply to
//! a copy and read the seat's own events), so a label shows exactly what the action will do.
//!
//! Only the seat's own hidden information is used: its hand, selection and Equipment offer come
//! from its player view, and previews read only events about the seat itself.

mod actions;
mod harvest;
mod upkeep;

use actions::special_marker;
pub use harvest::{AutoHarvest, auto_harvest};

use super::{
    DARK_GREEN, GOLD, and_list, button, cid, farm_block, farm_block_compact, fit, names,
    phase_name, public, resources, split_text, who, year_phase,
};
use crate::discord::fields_of_green::ids::{
    Screen, Verb, encode_action, encode_screen, plan_fingerprint,
};
use crate::discord::spec::{
    self, ButtonSpec, EmbedSpec, MessageSpec, OptionSpec, RowSpec, SelectSpec, Style, limits,
};
use crate::games::fields_of_green::bots::planner::{self, Plan, Valuation};
use crate::games::fields_of_green::effects::{Pile, Timing};
use crate::games::fields_of_green::event::Delta;
use crate::games::fields_of_green::game::eval;
use crate::games::fields_of_green::view::{PlayerView, SeatView};
use crate::games::fields_of_green::{Action, ActionError, Deck, Event, Game, Phase, Pos};
use crate::render;
use crate::render::fields_of_green::card_text as text;
use crate::render::fields_of_green::coord_label;
use crate::store::{Status, Table};
use smol_str::SmolStr;

/// The private panel of `seat` on `screen`, with an optional `notice` line on top (the result of
/// the last click, or an error). Component ids carry `table.game.id` and `table.game.version`.
///
/// A screen that no longer applies (the game moved on) falls back to Main with a note, so an old
/// button never shows a broken screen.
pub fn panel(
    table: &Table,
    game: &Game,
    seat: usize,
    screen: &Screen,
    notice: Option<&str>,
) -> MessageSpec {
    if seat >= game.players() {
        let mut m = MessageSpec {
            content: crate::t!("fog-panel-no-seat"),
            ..Default::default()
        };
        fit(&mut m);
        return m;
    }
    if table.game.status == Status::Abandoned {
        let mut m = MessageSpec {
            content: crate::t!("fog-panel-cancelled"),
            ..Default::default()
        };
        fit(&mut m);
        return m;
    }
    let p = Panel::new(table, game, seat);
    let fresh = || {
        let mut out = Out::new(&p);
        out.notice.extend(notice.map(str::to_string));
        out
    };
    let mut out = fresh();
    let screen = if game.is_over() {
        Screen::Main
    } else {
        screen.clone()
    };
    let shown = match &screen {
        Screen::Main => {
            p.main(&mut out, None);
            true
        }
        Screen::Split { counts } => {
            let drawing =
                p.v.legal.iter().any(|a| matches!(a, Action::Draw { .. })) && p.v.offer.is_empty();
            if drawing {
                p.main(&mut out, Some(*counts));
            }
            drawing
        }
        Screen::Build => p.build(&mut out),
        Screen::PayBuild { pos, equipment, .. }
            if special_marker(game.deck(), equipment).is_some() =>
        {
            let tower = special_marker(game.deck(), equipment) == Some(true);
            p.special_space(&mut out, *pos, tower)
        }
        Screen::PayBuild {
            pos,
            extra,
            equipment,
        } => p.pay_build(&mut out, *pos, *extra, equipment),
        Screen::Tower => p.special(&mut out, true),
        Screen::Silo => p.special(&mut out, false),
        Screen::Restore => p.restore(&mut out),
        // In the upkeep there is nothing to harvest: the screen places income Water starting
        // with one tower (reached when the placements do not fit one message).
        Screen::PayHarvest { pos, .. } if matches!(game.phase(), Phase::Upkeep { .. }) => {
            p.water_screen(&mut out, *pos)
        }
        Screen::PayHarvest { pos, extra } => p.pay_harvest(&mut out, *pos, *extra),
        Screen::PlaceEquipment { tile } => p.place_equipment(&mut out, tile),
        Screen::Farm { seat } => p.farm_screen(&mut out, *seat),
        Screen::AutoHarvest => p.auto_harvest(&mut out),
        Screen::Cards => p.card_texts(&mut out),
    };
    if shown {
        p.finish(out, &screen)
    } else {
        let mut out = fresh();
        out.notice.push(crate::t!("fog-panel-choice-gone"));
        p.main(&mut out, None);
        p.finish(out, &Screen::Main)
    }
}

/// What a component leads to.
#[derive(Clone, Debug)]
enum Target {
    Act(Action),
    Go(Screen),
}

/// One choice, shown as a button or a select option.
#[derive(Clone, Debug)]
struct Item {
    target: Target,
    label: String,
    desc: Option<String>,
    style: Style,
    disabled: bool,
}

impl Item {
    fn act(a: Action, label: impl Into<String>) -> Item {
        Item {
            target: Target::Act(a),
            label: label.into(),
            desc: None,
            style: Style::Secondary,
            disabled: false,
        }
    }

    fn go(s: Screen, label: impl Into<String>) -> Item {
        Item {
            target: Target::Go(s),
            label: label.into(),
            desc: None,
            style: Style::Secondary,
            disabled: false,
        }
    }

    fn style(mut self, style: Style) -> Item {
        self.style = style;
        self
    }

    fn disabled(mut self, disabled: bool) -> Item {
        self.disabled = disabled;
        self
    }

    fn desc(mut self, desc: impl Into<String>) -> Item {
        let d: String = desc.into();
        self.desc = (!d.is_empty()).then_some(d);
        self
    }
}

/// Action rows: at most 4 for the decision, the 5th is the navigation row.
#[derive(Default)]
struct Rows {
    rows: Vec<RowSpec>,
    /// A Choose (action) select is used: its custom_id can appear once per message.
    choose: bool,
    /// A Navigate (screen) select is used.
    nav: bool,
}

impl Rows {
    fn free(&self) -> usize {
        4usize.saturating_sub(self.rows.len())
    }

    /// Puts buttons in rows of 5, using at most `max_rows`; returns how many did not fit.
    fn buttons(&mut self, mut bs: Vec<ButtonSpec>, max_rows: usize) -> usize {
        let mut used = 0;
        while !bs.is_empty() && used < max_rows && self.free() > 0 {
            let rest = bs.split_off(bs.len().min(limits::BUTTONS_PER_ROW));
            self.rows.push(RowSpec::Buttons(bs));
            bs = rest;
            used += 1;
        }
        bs.len()
    }
}

/// The panel being drawn.
struct Out {
    title: String,
    text: Vec<String>,
    rows: Rows,
    /// Buttons put in front of the navigation row (Draw, Done, Set aside).
    nav_front: Vec<ButtonSpec>,
    build_grid: bool,
    notice: Vec<String>,
    /// A whole embed replacing the usual one (another farm).
    embed: Option<EmbedSpec>,
}

impl Out {
    fn new(p: &Panel) -> Out {
        Out {
            title: format!(
                "{} · {}",
                render::seat_name(&p.names, p.seat),
                year_phase(p.game)
            ),
            text: Vec::new(),
            rows: Rows::default(),
            nav_front: Vec::new(),
            build_grid: false,
            notice: Vec::new(),
            embed: None,
        }
    }
}

/// What an action would do: found by applying it to a copy of the game and reading the events
/// about this seat only (never another seat's, which could reveal hidden cards).
#[derive(Clone, Debug, Default)]
struct Preview {
    paid: Delta,
    gained: Delta,
    food_lost: u32,
    refill: u32,
    equipment: u32,
    stack_empty: bool,
}

fn preview(game: &Game, seat: usize, a: &Action) -> Result<Preview, ActionError> {
    let before = game.state().players[seat].pending_equipment;
    let mut g = game.clone();
    let events = g.apply(seat, a)?;
    let mut p = Preview::default();
    for e in &events {
        match e {
            Event::Built { seat: s, paid, .. }
            | Event::BuiltWaterTower { seat: s, paid, .. }
            | Event::Harvested { seat: s, paid, .. }
                if *s == seat =>
            {
                p.paid = *paid;
            }
            Event::Gained {
                seat: s,
                gained,
                food_lost,
                ..
            } if *s == seat => {
                p.gained.coins += gained.coins;
                p.gained.food += gained.food;
                p.gained.vp += gained.vp;
                p.food_lost += food_lost;
            }
            Event::Refilled { seat: s, towers } if *s == seat => {
                p.refill += towers.iter().map(|&(_, n)| u32::from(n)).sum::<u32>();
            }
            Event::EquipmentDrawn { seat: s, .. } if *s == seat => p.equipment += 1,
            Event::EquipmentStackEmpty { seat: s } if *s == seat => p.stack_empty = true,
            _ => {}
        }
    }
    p.equipment += g.state().players[seat]
        .pending_equipment
        .saturating_sub(before) as u32;
    Ok(p)
}

/// `3 coins, 1 Water`, or `free`.
fn paid_text(d: &Delta) -> String {
    let parts = render::fields_of_green::events::resource_parts(d);
    if parts.is_empty() {
        crate::t!("fog-free")
    } else {
        parts.join(&crate::t!("fog-list-sep"))
    }
}

/// `2 Food and an Equipment`, or `nothing`.
fn gain_text(p: &Preview) -> String {
    let mut parts = Vec::new();
    if p.gained.coins > 0 {
        parts.push(crate::t!("fog-n-coins", n = p.gained.coins));
    }
    if p.gained.food > 0 {
        parts.push(crate::t!("fog-n-food", n = p.gained.food));
    }
    if p.gained.vp > 0 {
        parts.push(crate::t!("fog-n-vp-tokens", n = p.gained.vp));
    }
    if p.refill > 0 {
        parts.push(crate::t!("fog-n-water-on-towers", n = p.refill));
    }
    match p.equipment {
        0 => {}
        n => parts.push(crate::t!("fog-n-equipment", n = n)),
    }
    let mut s = if parts.is_empty() {
        crate::t!("fog-ev-nothing")
    } else {
        and_list(&parts)
    };
    if p.food_lost > 0 {
        s.push_str(&crate::t!("fog-food-lost-full", n = p.food_lost));
    }
    if p.stack_empty {
        s.push_str(&crate::t!("fog-stack-empty-note"));
    }
    s
}

/// An engine refusal as a reason shown to the player, in the language in scope
/// ([`super::rule_text`]): the sentences name spaces as the grid does (`C2`).
fn reason(e: &ActionError) -> String {
    super::rule_text(e).unwrap_or_else(|| e.to_string())
}

struct Panel<'a> {
    table: &'a Table,
    game: &'a Game,
    deck: &'a Deck,
    seat: usize,
    v: PlayerView,
    names: Vec<String>,
}

impl<'a> Panel<'a> {
    fn new(table: &'a Table, game: &'a Game, seat: usize) -> Panel<'a> {
        let v = game.player_view(seat);
        let names = names(table, game.players());
        Panel {
            table,
            game,
            deck: game.deck(),
            seat,
            v,
            names,
        }
    }

    fn me(&self) -> &SeatView {
        &self.v.table.seats[self.seat]
    }

    /// A square's fixed label (issue 43): the button, the log and the grid agree on it.
    fn at(&self, pos: Pos) -> String {
        coord_label(pos)
    }

    fn name(&self, id: &str) -> String {
        render::fields_of_green::card_name(self.deck, id)
    }

    /// `Wheat B2`, `Water Tower A1`.
    fn cell(&self, pos: Pos) -> String {
        match self.me().farm.at(pos) {
            Some(c) => crate::t!(
                "fog-card-space",
                card = self.name(&c.card),
                at = self.at(pos)
            ),
            None => self.at(pos),
        }
    }

    fn legal(&self, a: &Action) -> bool {
        self.v.legal.contains(a)
    }

    /// The other seats the game waits for, by name.
    fn waiting_names(&self) -> String {
        let others: Vec<String> = self
            .v
            .table
            .waiting_for
            .iter()
            .filter(|&&s| s != self.seat)
            .map(|&s| who(&self.names, s))
            .collect();
        if others.is_empty() {
            crate::t!("fog-the-game")
        } else {
            and_list(&others)
        }
    }

    fn waiting(&self, out: &mut Out) {
        out.text
            .push(crate::t!("fog-panel-waiting", names = self.waiting_names()));
    }

    fn item_button(&self, i: &Item) -> Option<ButtonSpec> {
        let verb = match &i.target {
            Target::Act(a) => Verb::Act(a.clone()),
            Target::Go(s) => Verb::Show(s.clone()),
        };
        button(self.table, verb, &i.label, i.style, i.disabled)
    }

    /// Lays out choices in `out` (see [`Self::fit`]) and says in its text how many enabled ones
    /// found no room.
    fn layout(
        &self,
        out: &mut Out,
        items: &[Item],
        prefer_buttons: usize,
        max_rows: usize,
        act_ph: &str,
        go_ph: &str,
    ) {
        let lost = self.fit(
            &mut out.rows,
            items,
            prefer_buttons,
            max_rows,
            act_ph,
            go_ph,
        );
        self.note_hidden(out, lost);
    }

    /// Lays out choices: one tap buttons when they fit `prefer_buttons` rows, otherwise a select
    /// of actions (Choose) and one of screens (Navigate), up to 25 options each, the rest as
    /// buttons. Uses at most `max_rows` rows; returns how many enabled choices could not be
    /// shown. Disabled choices appear only as buttons (their reasons are in the text).
    fn fit(
        &self,
        rows: &mut Rows,
        items: &[Item],
        prefer_buttons: usize,
        max_rows: usize,
        act_ph: &str,
        go_ph: &str,
    ) -> usize {
        let enabled = items.iter().filter(|i| !i.disabled).count();
        let room = max_rows.min(rows.free());
        if items.is_empty() || room == 0 {
            return enabled;
        }
        if items.len() <= limits::BUTTONS_PER_ROW * prefer_buttons.min(room) {
            let bs: Vec<ButtonSpec> = items.iter().filter_map(|i| self.item_button(i)).collect();
            let lost = items.len() - bs.len();
            return lost + rows.buttons(bs, room);
        }
        let acts: Vec<&Item> = items
            .iter()
            .filter(|i| !i.disabled && matches!(i.target, Target::Act(_)))
            .collect();
        let gos: Vec<&Item> = items
            .iter()
            .filter(|i| !i.disabled && matches!(i.target, Target::Go(_)))
            .collect();
        let mut used = 0;
        let mut rest: Vec<&Item> = Vec::new();
        let mut hidden = 0;
        for (list, is_act) in [(acts, true), (gos, false)] {
            let taken = if is_act { rows.choose } else { rows.nav };
            if list.is_empty() {
                continue;
            }
            if taken || used >= room {
                rest.extend(list);
                continue;
            }
            let mut options: Vec<OptionSpec> = Vec::new();
            let mut later: Vec<&Item> = Vec::new();
            for i in list {
                let value = match &i.target {
                    Target::Act(a) => encode_action(a),
                    Target::Go(s) => encode_screen(s),
                };
                if options.len() >= limits::SELECT_OPTIONS {
                    later.push(i);
                } else if value.len() > limits::OPTION_VALUE {
                    hidden += 1;
                } else if !options.iter().any(|o| o.value == value) {
                    options.push(OptionSpec {
                        label: spec::clip(&i.label, limits::OPTION_LABEL),
                        value,
                        description: i
                            .desc
                            .as_deref()
                            .map(|d| spec::clip(d, limits::OPTION_DESCRIPTION)),
                    });
                }
            }
            let verb = if is_act { Verb::Choose } else { Verb::Navigate };
            let ph = if is_act { act_ph } else { go_ph };
            if let Some(id) = cid(self.table, verb) {
                rows.rows.push(RowSpec::Select(SelectSpec {
                    id,
                    placeholder: spec::clip(ph, limits::PLACEHOLDER),
                    options,
                }));
                if is_act {
                    rows.choose = true;
                } else {
                    rows.nav = true;
                }
                used += 1;
            }
            rest.extend(later);
        }
        let bs: Vec<ButtonSpec> = rest.iter().filter_map(|i| self.item_button(i)).collect();
        hidden + rows.buttons(bs, room.saturating_sub(used))
    }

    // ------------------------------------------------------------------ the main screen

    fn main(&self, out: &mut Out, counts: Option<[u8; 4]>) {
        if !self.v.offer.is_empty() {
            self.offer(out);
            return;
        }
        let me = self.me();
        let hs = self.game.hand_size();
        match *self.game.phase() {
            Phase::Upkeep { .. } => {
                let mut any = false;
                if self
                    .v
                    .legal
                    .iter()
                    .any(|a| matches!(a, Action::PlaceWater { .. }))
                {
                    self.water(out);
                    any = true;
                }
                if self
                    .v
                    .legal
                    .iter()
                    .any(|a| matches!(a, Action::Draw { .. }))
                {
                    self.split(out, counts);
                    any = true;
                }
                if !any {
                    self.upkeep_wait(out);
                }
            }
            Phase::Action { turn } => {
                if me.revealed.is_some() {
                    self.revealed(out, false);
                }
                if turn <= hs && (!self.v.hand.is_empty() || self.v.selected.is_some()) {
                    self.hand(out);
                }
                if !self.game.is_waiting_for(self.seat) {
                    self.waiting(out);
                }
            }
            Phase::Duel { current, taken, .. } => {
                if current as usize == self.seat {
                    if !taken {
                        self.row(out, true);
                    } else if me.revealed.is_some() {
                        self.revealed(out, false);
                    } else {
                        self.waiting(out);
                    }
                } else {
                    self.waiting(out);
                    self.row(out, false);
                }
            }
            Phase::Harvest => {
                if me.harvest_done {
                    out.text.push(crate::t!("fog-panel-harvest-done"));
                    self.waiting(out);
                } else {
                    self.harvest(out);
                }
            }
            Phase::Ended => self.over(out),
        }
    }

    fn over(&self, out: &mut Out) {
        out.title = crate::t!(
            "fog-panel-over-title",
            name = render::seat_name(&self.names, self.seat)
        );
        let mut order: Vec<&SeatView> = self.v.table.seats.iter().collect();
        order.sort_by_key(|s| std::cmp::Reverse(s.score_now));
        let place = order.iter().position(|s| s.seat == self.seat).unwrap_or(0) + 1;
        let mut t = crate::t!(
            "fog-panel-over",
            vp = self.me().score_now,
            place = place,
            of = order.len()
        );
        if let Some(pads) = self.game.scores() {
            t.push_str(&format!(
                "\n🏆 {}",
                render::fields_of_green::winner_line(pads, &self.names)
            ));
        }
        t.push('\n');
        t.push_str(&crate::t!("fog-panel-pad-on-table"));
        out.text.push(t);
    }

    fn upkeep_wait(&self, out: &mut Out) {
        let t = &self.v.table;
        let mut s = String::new();
        if self.me().split.is_none() {
            if t.intro {
                s.push_str(&crate::t!("fog-panel-intro-draw"));
                s.push('\n');
            } else {
                s.push_str(&crate::t!("fog-panel-draw-later"));
                s.push('\n');
            }
        }
        let splits = self.splits_this_year();
        if !splits.is_empty() {
            s.push_str(&crate::t!(
                "fog-panel-this-year",
                splits = splits.join(&crate::t!("fog-list-sep"))
            ));
            s.push('\n');
        }
        out.text.push(s.trim_end().to_string());
        self.waiting(out);
    }

    /// `Ann drew 2/2/1/1` for each split made this year, in turn order (ruling 4: public).
    fn splits_this_year(&self) -> Vec<String> {
        self.game
            .turn_order()
            .iter()
            .filter_map(|&s| {
                let sv = &self.v.table.seats[s];
                sv.split.map(|sp| {
                    crate::t!(
                        "fog-drew-split",
                        name = who(&self.names, s),
                        split = split_text(sp)
                    )
                })
            })
            .collect()
    }

    /// Another player's farm (or one's own), large and read-only.
    fn farm_screen(&self, out: &mut Out, seat: usize) -> bool {
        if seat >= self.game.players() {
            return false;
        }
        out.embed = public::farm_embed(self.table, self.game, seat);
        true
    }

    // ------------------------------------------------------------------ assembly

    fn finish(&self, out: Out, screen: &Screen) -> MessageSpec {
        let me = self.me();
        let Out {
            title,
            text,
            mut rows,
            nav_front,
            build_grid,
            notice,
            embed,
        } = out;
        let e = match embed {
            Some(e) => e,
            None => {
                let mut d = format!("**{}**\n", resources(me));
                d.push_str(&farm_block_compact(self.deck, &me.farm, build_grid, 1800));
                d.push('\n');
                // Sections start with a bold heading: no blank line between them (a phone's
                // first screen is short, issue 43).
                d.push_str(&text.join("\n"));
                EmbedSpec {
                    title,
                    description: d,
                    color: if self.game.is_over() {
                        GOLD
                    } else {
                        DARK_GREEN
                    },
                    footer: Some(crate::t!("fog-panel-footer", phase = phase_name(self.game))),
                    ..Default::default()
                }
            }
        };
        if rows.rows.len() < 4
            && !rows.nav
            && let Some(row) = public::farm_select(self.table, &self.v.table, &self.names)
        {
            rows.rows.push(row);
        }
        let mut nav: Vec<ButtonSpec> = nav_front;
        let main = *screen == Screen::Main;
        // Undo (issue 41): only while this seat's decision is the game's last and the engine
        // found it reversible when it was stored; the service checks both again on the click.
        let undo = main && self.table.game.may_undo(self.seat);
        let (back, here) = (Verb::Show(Screen::Main), Verb::Show(screen.clone()));
        // (shown, what it does, label, style)
        let buttons = [
            (undo, Verb::Undo, crate::t!("undo-button"), Style::Danger),
            (!main, back, crate::t!("fog-button-back"), Style::Secondary),
            (
                true,
                here,
                crate::t!("fog-button-refresh"),
                Style::Secondary,
            ),
            (
                true,
                Verb::Farms,
                crate::t!("fog-button-all-farms"),
                Style::Secondary,
            ),
            (
                true,
                Verb::Log,
                crate::t!("fog-button-log"),
                Style::Secondary,
            ),
        ];
        for (_, verb, label, style) in buttons.into_iter().filter(|b| b.0) {
            nav.extend(button(self.table, verb, &label, style, false));
        }
        // The coach (issue 30), when the host allowed it and the seat has a choice to make. Last,
        // so a full row (the harvest's own buttons) keeps the harvest's: its planner advises there.
        if *screen == Screen::Main
            && self.table.game.options.hints
            && self.game.is_waiting_for(self.seat)
        {
            nav.extend(button(
                self.table,
                Verb::Hint,
                &crate::t!("coach-hint-button"),
                Style::Primary,
                false,
            ));
        }
        nav.truncate(limits::BUTTONS_PER_ROW);
        rows.rows.push(RowSpec::Buttons(nav));
        // Ids must be unique within a message: keep the first of any repeat.
        let out_rows = spec::unique_rows(rows.rows, Vec::new());
        let mut m = MessageSpec {
            content: notice.join("\n"),
            embeds: vec![e],
            rows: out_rows,
            ping: Vec::new(),
            files: Vec::new(),
        };
        fit(&mut m);
        m
    }
}
