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

use super::{
    DARK_GREEN, GOLD, and_list, button, cid, farm_block, fit, names, phase_name, plural, public,
    resources, split_text, who, year_phase,
};
use crate::discord::ids::{Screen, Verb, encode_action, encode_screen, plan_fingerprint};
use crate::discord::spec::{
    self, ButtonSpec, EmbedSpec, MessageSpec, OptionSpec, RowSpec, SelectSpec, Style, limits,
};
use crate::games::fields_of_green::bots::planner::{self, Plan, Valuation};
use crate::games::fields_of_green::effects::{Pile, Timing};
use crate::games::fields_of_green::event::Delta;
use crate::games::fields_of_green::game::eval;
use crate::games::fields_of_green::text;
use crate::games::fields_of_green::view::{PlayerView, SeatView};
use crate::games::fields_of_green::{Action, ActionError, Deck, Event, Game, Phase, Pos};
use crate::render::{self, GridBounds, coord_label};
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
            content: "You have no seat in this game.".to_string(),
            ..Default::default()
        };
        fit(&mut m);
        return m;
    }
    if table.game.status == Status::Abandoned {
        let mut m = MessageSpec {
            content: "This game was cancelled: there is nothing more to do.".to_string(),
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
    };
    if shown {
        p.finish(out, &screen)
    } else {
        let mut out = fresh();
        out.notice
            .push("That choice is no longer open. Here is what you can do now.".to_string());
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
    let mut parts = Vec::new();
    if d.coins > 0 {
        parts.push(plural(d.coins, "coin", "coins"));
    }
    if d.water > 0 {
        parts.push(format!("{} Water", d.water));
    }
    if d.food > 0 {
        parts.push(format!("{} Food", d.food));
    }
    if parts.is_empty() {
        "free".to_string()
    } else {
        parts.join(", ")
    }
}

/// `2 Food and an Equipment`, or `nothing`.
fn gain_text(p: &Preview) -> String {
    let mut parts = Vec::new();
    if p.gained.coins > 0 {
        parts.push(plural(p.gained.coins, "coin", "coins"));
    }
    if p.gained.food > 0 {
        parts.push(format!("{} Food", p.gained.food));
    }
    if p.gained.vp > 0 {
        parts.push(plural(p.gained.vp, "VP token", "VP tokens"));
    }
    if p.refill > 0 {
        parts.push(format!("{} Water on towers", p.refill));
    }
    match p.equipment {
        0 => {}
        1 => parts.push("an Equipment".to_string()),
        n => parts.push(format!("{n} Equipment")),
    }
    let mut s = if parts.is_empty() {
        "nothing".to_string()
    } else {
        and_list(&parts)
    };
    if p.food_lost > 0 {
        s.push_str(&format!(" ({} Food lost: Silos full)", p.food_lost));
    }
    if p.stack_empty {
        s.push_str(" (Equipment stack empty)");
    }
    s
}

/// An engine refusal as a reason shown to the player: the engine's sentences name spaces as
/// the grid does (`C2`) and count coins in English (`tests/error_messages.rs`).
fn reason(e: &ActionError) -> String {
    e.to_string()
}

struct Panel<'a> {
    table: &'a Table,
    game: &'a Game,
    deck: &'a Deck,
    seat: usize,
    v: PlayerView,
    names: Vec<String>,
    bounds: GridBounds,
}

impl<'a> Panel<'a> {
    fn new(table: &'a Table, game: &'a Game, seat: usize) -> Panel<'a> {
        let v = game.player_view(seat);
        let names = names(table, game.players());
        let bounds = GridBounds::of(&v.table.seats[seat].farm);
        Panel {
            table,
            game,
            deck: game.deck(),
            seat,
            v,
            names,
            bounds,
        }
    }

    fn me(&self) -> &SeatView {
        &self.v.table.seats[self.seat]
    }

    fn at(&self, pos: Pos) -> String {
        coord_label(&self.bounds, pos)
    }

    fn name(&self, id: &str) -> String {
        render::card_name(self.deck, id)
    }

    /// `Wheat B2`, `Water Tower A1`.
    fn cell(&self, pos: Pos) -> String {
        match self.me().farm.at(pos) {
            Some(c) => format!("{} {}", self.name(&c.card), self.at(pos)),
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
            "the game".to_string()
        } else {
            and_list(&others)
        }
    }

    fn waiting(&self, out: &mut Out) {
        out.text.push(format!(
            "Nothing to decide now · waiting for {}.",
            self.waiting_names()
        ));
    }

    fn item_button(&self, i: &Item) -> Option<ButtonSpec> {
        let verb = match &i.target {
            Target::Act(a) => Verb::Act(a.clone()),
            Target::Go(s) => Verb::Show(s.clone()),
        };
        button(self.table, verb, &i.label, i.style, i.disabled)
    }

    /// Lays out choices: one tap buttons when they fit `prefer_buttons` rows, otherwise a select
    /// of actions (Choose) and one of screens (Navigate), up to 25 options each, the rest as
    /// buttons. Uses at most `max_rows` rows; returns how many enabled choices could not be
    /// shown. Disabled choices appear only as buttons (their reasons are in the text).
    fn layout(
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
                    self.revealed(out);
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
                        self.revealed(out);
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
                    out.text.push("Your harvest is done.".to_string());
                    self.waiting(out);
                } else {
                    self.harvest(out);
                }
            }
            Phase::Ended => self.over(out),
        }
    }

    fn over(&self, out: &mut Out) {
        out.title = format!("{} · Game over", render::seat_name(&self.names, self.seat));
        let mut order: Vec<&SeatView> = self.v.table.seats.iter().collect();
        order.sort_by_key(|s| std::cmp::Reverse(s.score_now));
        let place = order.iter().position(|s| s.seat == self.seat).unwrap_or(0) + 1;
        let mut t = format!(
            "The game is over. You scored **{} VP** (place {place} of {}).",
            self.me().score_now,
            order.len()
        );
        if let Some(pads) = self.game.scores() {
            t.push_str(&format!("\n🏆 {}", render::winner_line(pads, &self.names)));
        }
        t.push_str("\nThe full score pad is on the table message.");
        out.text.push(t);
    }

    fn upkeep_wait(&self, out: &mut Out) {
        let t = &self.v.table;
        let mut s = String::new();
        if self.me().split.is_none() {
            if t.intro {
                s.push_str(
                    "Introductory mode: your draw this year is fixed and happens by itself.\n",
                );
            } else {
                s.push_str("You draw after the players before you in turn order.\n");
            }
        }
        let splits = self.splits_this_year();
        if !splits.is_empty() {
            s.push_str(&format!("This year: {}.\n", splits.join("; ")));
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
                sv.split
                    .map(|sp| format!("{} drew {}", who(&self.names, s), split_text(sp)))
            })
            .collect()
    }

    /// Income Water placement (ruling 3).
    fn water(&self, out: &mut Out) {
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
            .map(|c| format!("{} {}/{}", self.at(c.pos), c.water, c.capacity))
            .collect();
        out.text.push(format!(
            "**Place your income Water** ({} Water). Towers with room: {}. Water that does not fit is lost.",
            me.pending_water,
            and_list(&towers)
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
                    Item::go(screen, format!("Water on {}…", self.at(c.pos))).style(Style::Primary)
                })
                .collect()
        } else {
            items
        };
        let lost = self.layout(
            &mut out.rows,
            &items,
            1,
            rows,
            "Where does the Water go?",
            "Put Water on…",
        );
        self.note_hidden(out, lost);
    }

    /// The income Water placements (all, or those using tower `with`), the ones putting all the
    /// Water on one tower first (keeping the other towers empty scores at the end).
    fn water_items(&self, with: Option<Pos>) -> Vec<Item> {
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
                Item::act(a, self.water_label(towers, "on")).style(Style::Primary)
            })
            .collect()
    }

    /// Income Water placements using one tower.
    fn water_screen(&self, out: &mut Out, pos: Pos) -> bool {
        let items = self.water_items(Some(pos));
        if items.is_empty() {
            return false;
        }
        out.text.push(format!(
            "**Place your income Water** ({} Water), some of it on {}.",
            self.me().pending_water,
            self.at(pos)
        ));
        let lost = self.layout(&mut out.rows, &items, 1, 4, "Where does the Water go?", "");
        self.note_hidden(out, lost);
        true
    }

    /// `2 on B2, 1 on D3` (or `from`), in order of first appearance.
    fn water_label(&self, ws: &[Pos], prep: &str) -> String {
        let mut per: Vec<(Pos, u32)> = Vec::new();
        for &p in ws {
            match per.iter_mut().find(|(q, _)| *q == p) {
                Some((_, n)) => *n += 1,
                None => per.push((p, 1)),
            }
        }
        let parts: Vec<String> = per
            .iter()
            .map(|&(p, n)| format!("{n} {prep} {}", self.at(p)))
            .collect();
        if parts.is_empty() {
            "nothing".to_string()
        } else {
            parts.join(", ")
        }
    }

    fn note_hidden(&self, out: &mut Out, hidden: usize) {
        if hidden > 0 {
            out.text
                .push(format!("*{} more choices do not fit here.*", hidden));
        }
    }

    /// The pile split (ruling 4): counts per pile with +/- buttons, and Draw when legal.
    fn split(&self, out: &mut Out, counts: Option<[u8; 4]>) {
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
        let mut s = format!(
            "**Draw your cards.** Take {want} from at least 3 different piles, all at once; \
             everyone sees your split, not your cards."
        );
        if self.v.table.players == 2 {
            s.push_str(
                " With 2 players the 12 drawn cards are shuffled and turned face up 6 at a time.",
            );
        }
        let earlier = self.splits_this_year();
        if !earlier.is_empty() {
            s.push_str(&format!("\nThis year: {}.", earlier.join("; ")));
        }
        let mut table = String::from("```\nPile          Left  Draw\n");
        for (k, pile) in Pile::ALL.iter().enumerate() {
            table.push_str(&format!(
                "{:<13}{:>5}{:>6}\n",
                pile.name(),
                piles[k],
                counts[k]
            ));
        }
        let total: u32 = counts.iter().map(|&c| u32::from(c)).sum();
        table.push_str(&format!(
            "{:<13}{:>5}{:>6}\n```",
            "Total",
            piles.iter().sum::<usize>(),
            total
        ));
        s.push('\n');
        s.push_str(&table);
        let draw = Action::Draw { split: counts };
        let ok = self.legal(&draw);
        if u32::from(hs) <= counts.iter().map(|&c| u32::from(c)).sum::<u32>() {
            s.push_str("\nTo change it, tap − on one pile, then + on another.");
        }
        if ok {
            s.push_str(&format!("\nReady: **Draw {}**.", split_text(counts)));
        } else if let Err(e) = preview(self.game, self.seat, &draw) {
            s.push_str(&format!("\nNot yet: {}.", reason(&e)));
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
                    &format!("+ {}", Pile::ALL[k].name()),
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
                    &format!("− {}", Pile::ALL[k].name()),
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
            &format!("Draw {}", split_text(counts)),
            Style::Success,
            !ok,
        ));
    }

    // ------------------------------------------------------------------ cards

    /// A note on whether a location design could be built now, at how many spaces, or why not:
    /// its cost at each build space (counted costs, discounts and Water in range included).
    fn build_note(&self, id: &str) -> String {
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
    fn card_lines(&self, ids: &[SmolStr], mark: Option<&SmolStr>) -> Vec<String> {
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
    fn hand(&self, out: &mut Out) {
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
    fn row(&self, out: &mut Out, pick: bool) {
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
    fn revealed(&self, out: &mut Out) {
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
    fn payments(&self, target: Pos, need: u32, cap: usize) -> Vec<Vec<Pos>> {
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
    fn default_payment(&self, target: Pos, need: u32) -> Vec<Pos> {
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
    fn sources_text(&self, target: Pos) -> String {
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
    fn variant(&self, extra: u8, equipment: &[SmolStr]) -> String {
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
    fn build_desc(&self, card: &str, pos: Pos, p: &Preview) -> String {
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
    fn build(&self, out: &mut Out) -> bool {
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
    fn pay_build(&self, out: &mut Out, pos: Pos, extra: u8, equipment: &[SmolStr]) -> bool {
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
    fn special(&self, out: &mut Out, tower: bool) -> bool {
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
    fn special_space(&self, out: &mut Out, pos: Pos, tower: bool) -> bool {
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
    fn restore(&self, out: &mut Out) -> bool {
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
    fn hosts(&self, tile: &str) -> Vec<Pos> {
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
    fn offer(&self, out: &mut Out) {
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
    fn place_equipment(&self, out: &mut Out, tile: &SmolStr) -> bool {
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

    /// Face-up locations of this seat with a Harvest ability.
    fn harvest_cells(&self) -> Vec<Pos> {
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
    fn harvest_label(&self, pos: Pos, extra: u8, p: &Preview) -> String {
        let again = if self.me().harvested.contains(&pos) {
            " again"
        } else {
            ""
        };
        format!(
            "{}{again}{}: {} -> {}",
            self.cell(pos),
            self.variant(extra, &[]),
            paid_text(&p.paid),
            gain_text(p)
        )
    }

    /// The harvest (rulings 14, 15): pay abilities in any order, then Done.
    fn harvest(&self, out: &mut Out) {
        let me = self.me();
        let mut tower_cells: Vec<_> = me
            .farm
            .cells
            .iter()
            .filter(|c| c.card == "water_tower")
            .collect();
        tower_cells.sort_by_key(|c| (c.pos.y, c.pos.x));
        let towers: Vec<String> = tower_cells
            .iter()
            .map(|c| format!("{} {}", self.at(c.pos), c.water))
            .collect();
        let mut s = "**Harvest.** Pay the Harvest abilities you want, in any order: what you gain can pay for the \
                     next ones. Unpaid ones become Open Areas when you finish."
            .to_string();
        s.push_str(&format!(
            "\nYou have {} · {}/{} Food · Water on towers: {}.",
            plural(me.coins, "coin", "coins"),
            me.food,
            me.food_capacity,
            if towers.is_empty() {
                "none".to_string()
            } else {
                towers.join(", ")
            }
        ));
        if !me.harvested.is_empty() {
            let mut done: Vec<(Pos, u32)> = Vec::new();
            for &p in &me.harvested {
                match done.iter_mut().find(|(q, _)| *q == p) {
                    Some((_, n)) => *n += 1,
                    None => done.push((p, 1)),
                }
            }
            let list: Vec<String> = done
                .iter()
                .map(|&(p, n)| {
                    if n > 1 {
                        format!("{} (x{n})", self.cell(p))
                    } else {
                        self.cell(p)
                    }
                })
                .collect();
            s.push_str(&format!("\nPaid: {}.", list.join(", ")));
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
            lines.push(format!(
                "- {label}{}",
                if choose {
                    " (you can choose the towers)"
                } else {
                    ""
                }
            ));
            items.push(Item::act(a.clone(), format!("Pay {label}")).style(Style::Primary));
            if choose {
                items.push(Item::go(
                    Screen::PayHarvest {
                        pos: *pos,
                        extra: *extra,
                    },
                    format!("Choose towers: {}", self.cell(*pos)),
                ));
            }
        }
        if !lines.is_empty() {
            s.push_str("\n**You can pay:**\n");
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
                    Err(e) => format!("{} ({})", self.cell(p), reason(&e)),
                    Ok(_) => self.cell(p),
                }
            })
            .collect();
        if !stuck.is_empty() {
            s.push_str(&format!("\n**Can't pay now:** {}.", stuck.join("; ")));
        }
        let lose: Vec<String> = unpaid.iter().map(|&p| self.cell(p)).collect();
        if lose.is_empty() {
            s.push_str("\nFinishing now loses nothing.");
        } else {
            s.push_str(&format!(
                "\n**If you finish now, these become Open Areas:** {}.",
                and_list(&lose)
            ));
        }
        out.text.push(s);
        let lost = self.layout(
            &mut out.rows,
            &items,
            2,
            4,
            "Pay a Harvest ability",
            "Choose towers for…",
        );
        self.note_hidden(out, lost);
        // In the navigation row (room for it next to Done, Refresh, All farms and Log): the
        // decision rows above may all be taken by a big farm's payments.
        out.nav_front.extend(button(
            self.table,
            Verb::Show(Screen::AutoHarvest),
            "Auto harvest",
            Style::Primary,
            false,
        ));
        if self.legal(&Action::EndHarvest) {
            let (label, style) = match lose.len() {
                0 => ("Done · nothing lost".to_string(), Style::Success),
                1 => ("Done · 1 becomes an Open Area".to_string(), Style::Danger),
                n => (format!("Done · {n} become Open Areas"), Style::Danger),
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
    fn pay_harvest(&self, out: &mut Out, pos: Pos, extra: u8) -> bool {
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
            "**Pay {}**\nChoose which Water Towers pay the {need} Water. In range: {}. The default takes from the \
             towers holding the least first, so they run dry (each empty tower scores 1 VP at the end).",
            self.harvest_label(pos, extra, &p),
            self.sources_text(pos)
        ));
        let mut items = vec![
            Item::act(
                a,
                format!("Default: {}", self.water_label(&default, "from")),
            )
            .style(Style::Success),
        ];
        for w in self.payments(pos, need, 19) {
            if w != default {
                let label = format!("Pay {}", self.water_label(&w, "from"));
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
        let lost = self.layout(&mut out.rows, &items, 4, 4, "How to pay the Water", "");
        self.note_hidden(out, lost);
        true
    }

    /// The "Auto harvest" screen: the planner's plan in plain words (each step's cost, the
    /// towers paying its Water, what it gains), the resources after it, and what becomes an Open
    /// Area; Confirm applies it all, Adjust by hand goes back to the harvest panel. False when
    /// the seat is not deciding its harvest (any more).
    fn auto_harvest(&self, out: &mut Out) -> bool {
        let Some(auto) = auto_harvest(self.game, self.seat) else {
            return false;
        };
        let me = self.me();
        let aim = match auto.valuation {
            Valuation::Interim => {
                "keeps as many Harvest locations face up as possible, then gets the most toward your final score (VP, coins, Food, Water left, and what kept locations score)"
            }
            Valuation::Final => {
                "keeps as many Harvest locations face up as possible, then gets your highest final score (then the most coins left)"
            }
        };
        let mut head = format!("**Auto harvest.** The exact harvest planner {aim}.");
        if !auto.plan.exact {
            head.push_str(
                " *This farm is unusual: this is the best plan found within the search limit.*",
            );
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
                        " again"
                    } else {
                        ""
                    };
                    paid_before.push(*pos);
                    let mut cost: Vec<String> = Vec::new();
                    let paid = &p.preview.paid;
                    if paid.coins > 0 {
                        cost.push(plural(paid.coins, "coin", "coins"));
                    }
                    if paid.food > 0 {
                        cost.push(format!("{} Food", paid.food));
                    }
                    if paid.water > 0 {
                        let towers = if water.is_empty() { &p.towers } else { water };
                        cost.push(format!(
                            "{} Water ({})",
                            paid.water,
                            self.water_label(towers, "from")
                        ));
                    }
                    let cost = if cost.is_empty() {
                        "free".to_string()
                    } else {
                        cost.join(", ")
                    };
                    format!(
                        "{}. {}{again}{}: pay {cost} -> {}",
                        k + 1,
                        self.cell(*pos),
                        self.variant(*extra, &[]),
                        gain_text(&p.preview)
                    )
                }
                Action::EndHarvest => format!("{}. Finish the harvest.", k + 1),
                other => format!("{}. {}", k + 1, other.kind()),
            };
            if used + line.len() > AUTO_STEPS_BUDGET {
                steps.push(format!(
                    "… and {} more (Confirm applies them all).",
                    total - k
                ));
                break;
            }
            used += line.len() + 1;
            steps.push(line);
        }
        if auto.finished && !matches!(auto.steps.last(), Some(Action::EndHarvest)) {
            steps.push("Then your harvest ends by itself (nothing more to pay).".to_string());
        }
        let mut towers: Vec<_> = auto
            .after
            .farm
            .cells
            .iter()
            .filter(|c| c.card == "water_tower")
            .collect();
        towers.sort_by_key(|c| (c.pos.y, c.pos.x));
        let towers: Vec<String> = towers
            .iter()
            .map(|c| format!("{} {}", self.at(c.pos), c.water))
            .collect();
        let mut after = format!("**After the plan:** {}", resources(&auto.after));
        if !towers.is_empty() {
            after.push_str(&format!(" (towers: {})", towers.join(", ")));
        }
        after.push('.');
        let open = if !auto.finished {
            "**The plan stops when you gain an Equipment:** choose your tile, then tap Auto \
             harvest again to plan the rest. Open Areas are decided then."
                .to_string()
        } else if auto.open_areas.is_empty() {
            "**Becomes an Open Area:** none.".to_string()
        } else {
            let list: Vec<String> = auto
                .open_areas
                .iter()
                .map(|(pos, card, lost)| {
                    let mut s = format!("{} {}", self.name(card), self.at(*pos));
                    if !lost.is_empty() {
                        let names: Vec<String> = lost.iter().map(|t| self.name(t)).collect();
                        s.push_str(&format!(" (loses {})", and_list(&names)));
                    }
                    s
                })
                .collect();
            format!("**Becomes an Open Area:** {}.", and_list(&list))
        };
        let body = format!(
            "**Now:** {}.\n**The plan:**\n{}\n{after}\n{open}",
            resources(me),
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
            footer: Some(format!("{} · only you can see this", phase_name(self.game))),
            ..Default::default()
        });
        let buttons: Vec<ButtonSpec> = [
            button(
                self.table,
                Verb::ConfirmPlan(auto.fingerprint),
                "Confirm plan",
                Style::Success,
                false,
            ),
            // The same id as the navigation row's Back, which is then left out.
            button(
                self.table,
                Verb::Show(Screen::Main),
                "Adjust by hand",
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

    /// Another player's farm (or one's own), large and read-only.
    fn farm_screen(&self, out: &mut Out, seat: usize) -> bool {
        if seat >= self.game.players() {
            return false;
        }
        let m = public::farm(self.table, self.game, seat);
        out.embed = m.embeds.into_iter().next();
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
                d.push_str(&farm_block(self.deck, &me.farm, build_grid, 1800));
                d.push('\n');
                d.push_str(&text.join("\n\n"));
                EmbedSpec {
                    title,
                    description: d,
                    color: if self.game.is_over() {
                        GOLD
                    } else {
                        DARK_GREEN
                    },
                    footer: Some(format!("{} · only you can see this", phase_name(self.game))),
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
        if *screen == Screen::Main {
            nav.extend(button(
                self.table,
                Verb::Show(Screen::Main),
                "Refresh",
                Style::Secondary,
                false,
            ));
        } else {
            nav.extend(button(
                self.table,
                Verb::Show(Screen::Main),
                "Back",
                Style::Secondary,
                false,
            ));
            nav.extend(button(
                self.table,
                Verb::Show(screen.clone()),
                "Refresh",
                Style::Secondary,
                false,
            ));
        }
        nav.extend(button(
            self.table,
            Verb::Farms,
            "All farms",
            Style::Secondary,
            false,
        ));
        nav.extend(button(
            self.table,
            Verb::Log,
            "Log",
            Style::Secondary,
            false,
        ));
        nav.truncate(limits::BUTTONS_PER_ROW);
        rows.rows.push(RowSpec::Buttons(nav));
        // Ids must be unique within a message: keep the first of any repeat.
        let mut seen: Vec<String> = Vec::new();
        let mut out_rows = Vec::new();
        for r in rows.rows {
            match r {
                RowSpec::Buttons(bs) => {
                    let bs: Vec<ButtonSpec> = bs
                        .into_iter()
                        .filter(|b| {
                            let fresh = !seen.contains(&b.id);
                            seen.push(b.id.clone());
                            fresh
                        })
                        .collect();
                    if !bs.is_empty() {
                        out_rows.push(RowSpec::Buttons(bs));
                    }
                }
                RowSpec::Select(s) => {
                    if !seen.contains(&s.id) && !s.options.is_empty() {
                        seen.push(s.id.clone());
                        out_rows.push(RowSpec::Select(s));
                    }
                }
            }
        }
        let mut m = MessageSpec {
            content: notice.join("\n"),
            embeds: vec![e],
            rows: out_rows,
            ping: Vec::new(),
        };
        fit(&mut m);
        m
    }
}

/// Characters of step lines on the Auto harvest screen (the description holds 4096).
const AUTO_STEPS_BUDGET: usize = 2400;

/// What one step of an auto harvest does: its preview, and the towers that paid its Water (read
/// off the farm, for steps that leave the choice to the engine).
#[derive(Clone, Debug)]
struct StepPreview {
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

/// The screen listing one space's Water Tower (or Silo) choices. The codec's screens have no page
/// number, so this reuses `PayBuild` with a marker in place of the Equipment list: the id of the
/// supply card (`water_tower` / `silo`), which is never an Equipment id (`special_marker` checks
/// the deck).
fn special_screen(pos: Pos, tower: bool) -> Screen {
    let marker = if tower { "water_tower" } else { "silo" };
    Screen::PayBuild {
        pos,
        extra: 0,
        equipment: vec![SmolStr::new_static(marker)],
    }
}

/// `Some(true)` for the Water Tower marker of [`special_screen`], `Some(false)` for the Silo one.
fn special_marker(deck: &Deck, equipment: &[SmolStr]) -> Option<bool> {
    match equipment {
        [m] if deck.equipment_by_id(m).is_none() => match m.as_str() {
            "water_tower" => Some(true),
            "silo" => Some(false),
            _ => None,
        },
        _ => None,
    }
}

/// The split shown first: the most even legal split, Fields first on a tie.
fn default_split(splits: &[[u8; 4]]) -> [u8; 4] {
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
fn bump_unique(counts: [u8; 4], k: usize, up: bool) -> [u8; 4] {
    let mut c = counts;
    c[k] = if up { 9 } else { 8 };
    c
}
