//! The private screen of Key Harvest: one player's view (an ephemeral reply or their DM) with
//! their own counters by crop, their country board, and every decision the game asks of them as
//! buttons and selects, drawn from `game.player_view(seat)` and its legal choices
//! (`legal_actions`). Decisions with parts are built over several screens whose ids carry the
//! choices made so far: a group then its tiles, a worker then its space, a bid or a payment
//! counter by counter, the substitutes for a crop the stock ran out of (KH 6).
//!
//! Every listed choice is reachable from the Main screen, and every control leads to an action
//! `apply` accepts: the tests walk the screens in random games and apply what they reach.
//! Options the rules deny now are shown disabled with the engine's own reason where it has one
//! (`check_turn_action`, or the refusal of a representative action tried on a copy).
//!
//! Only the seat's own hidden information is used (KH 68-70): its full supply comes from its
//! player view, and other seats are shown as the public view shows them (unrevealed starting
//! counters as "?").

/// The first legal choice of the panel that matches `pattern`, as `value`:
/// `find!(self, Choice::RemoveWorker { spaces } => *spaces)`; `None` when no choice matches.
macro_rules! find {
    ($panel:expr, $pattern:pat $(if $guard:expr)? => $value:expr) => {
        $panel.find(|c| match c {
            $pattern $(if $guard)? => Some($value),
            _ => None,
        })
    };
}

mod abilities;
mod counters;
mod events;
mod pick;
#[cfg(test)]
mod tests;
mod turn;

use super::ids::{KhId, KhVerb, encode_action, encode_screen};
pub use super::ids::{KhScreen, PickKind};
use crate::discord::spec::{
    self, ButtonSpec, EmbedSpec, MessageSpec, OptionSpec, RowSpec, SelectSpec, Style, limits,
};
use crate::discord::ui::clip_md;
use crate::games::key_harvest::board::Board;
use crate::games::key_harvest::game::spaces;
use crate::games::key_harvest::view::{PlayerView, SeatView};
use crate::games::key_harvest::{
    Action, ActionError, Choice, Counters, Crop, Game, Prompt, Seat, Space, SpaceSet, Worker,
};
use crate::render::key_harvest::text::{
    and_list, count, counters, crop_name, event_name, public_supply, seat_board, worker_name,
};
use crate::render::seat_name;
use crate::store::{Status, Table};
use crate::t;

/// Embed colours.
const GREEN: u32 = 0x3A7D44;
const GREY: u32 = 0x8A8F98;
const GOLD: u32 = 0xE0A526;

/// The rows a screen may use for decisions; the fifth is the navigation row.
const DECISION_ROWS: usize = limits::ROWS - 1;

/// The private screen of `seat` on `screen`, with an optional `note` on top (the result of the
/// last click, or a refusal). Component ids carry `table.game.id` and `table.game.version`.
///
/// A screen that no longer applies (the game moved on) falls back to Main with a note, so an
/// old button never shows a broken screen.
pub fn panel(
    table: &Table,
    game: &Game,
    seat: usize,
    screen: &KhScreen,
    note: Option<&str>,
) -> MessageSpec {
    if seat >= usize::from(game.players()) {
        return plain(&t!("kh-no-seat"));
    }
    if table.game.status == Status::Abandoned {
        return plain(&t!("kh-cancelled"));
    }
    let p = Panel::new(table, game, seat as Seat);
    let screen = if game.is_over() {
        KhScreen::Main
    } else {
        screen.clone()
    };
    let mut out = Out::default();
    if p.draw(&mut out, &screen) {
        return p.finish(out, &screen, note);
    }
    let mut out = Out::default();
    out.notes.push(t!("kh-choice-gone"));
    p.draw(&mut out, &KhScreen::Main);
    p.finish(out, &KhScreen::Main, note)
}

fn plain(s: &str) -> MessageSpec {
    MessageSpec {
        content: s.to_string(),
        ..Default::default()
    }
}

/// What a component leads to.
#[derive(Clone, Debug)]
enum Target {
    Act(Action),
    Go(KhScreen),
}

/// One choice, shown as a button or a select option.
#[derive(Clone, Debug)]
struct Item {
    target: Target,
    label: String,
    desc: Option<String>,
    style: Style,
    /// Disabled, with the reason (shown in the text unless `quiet`).
    why_not: Option<String>,
    quiet: bool,
}

impl Item {
    fn new(target: Target, label: impl Into<String>) -> Item {
        Item {
            target,
            label: label.into(),
            desc: None,
            style: Style::Secondary,
            why_not: None,
            quiet: false,
        }
    }

    fn act(a: Action, label: impl Into<String>) -> Item {
        Item::new(Target::Act(a), label)
    }

    fn go(s: KhScreen, label: impl Into<String>) -> Item {
        Item::new(Target::Go(s), label)
    }

    fn style(mut self, style: Style) -> Item {
        self.style = style;
        self
    }

    fn desc(mut self, d: impl Into<String>) -> Item {
        let d: String = d.into();
        self.desc = (!d.is_empty()).then_some(d);
        self
    }

    /// Disabled with this reason, listed under the controls.
    fn not_now(mut self, why: impl Into<String>) -> Item {
        self.why_not = Some(why.into());
        self
    }

    /// Disabled without a listed reason (a +/- at its limit).
    fn off(mut self, off: bool) -> Item {
        if off {
            self.why_not = Some(String::new());
            self.quiet = true;
        }
        self
    }

    fn enabled(&self) -> bool {
        self.why_not.is_none()
    }
}

/// The screen being drawn.
#[derive(Default)]
struct Out {
    /// Lines under the board: what is decided and the facts needed to decide.
    lines: Vec<String>,
    /// Decision rows (at most [`DECISION_ROWS`]).
    rows: Vec<RowSpec>,
    /// Reasons of disabled choices.
    reasons: Vec<String>,
    /// Lines above the embed (the message content), after the caller's note.
    notes: Vec<String>,
    /// Choose / Navigate selects used so far.
    chooses: u8,
    navs: u8,
    /// Choices left out for want of room (never expected: see the tests).
    hidden: usize,
}

impl Out {
    fn free(&self) -> usize {
        DECISION_ROWS.saturating_sub(self.rows.len())
    }
}

/// The player whose screen is drawn, with their view.
struct Panel<'a> {
    table: &'a Table,
    game: &'a Game,
    board: &'a Board,
    seat: Seat,
    v: PlayerView,
    names: Vec<String>,
}

impl<'a> Panel<'a> {
    fn new(table: &'a Table, game: &'a Game, seat: Seat) -> Panel<'a> {
        let v = game.player_view(seat);
        let mut names = table.names();
        names.resize(usize::from(game.players()), String::new());
        Panel {
            table,
            game,
            board: game.board(),
            seat,
            v,
            names,
        }
    }

    fn me(&self) -> &SeatView {
        &self.v.public.seats[usize::from(self.seat)]
    }

    fn supply(&self) -> Counters {
        self.v.supply
    }

    fn stock(&self) -> Counters {
        self.v.public.stock
    }

    /// The prompt when this seat decides now.
    fn my_prompt(&self) -> Option<Prompt> {
        match &self.v.public.prompt {
            Some((who, p)) if *who == self.seat => Some(p.clone()),
            _ => None,
        }
    }

    /// The first legal choice `f` picks out.
    fn find<T>(&self, f: impl Fn(&Choice) -> Option<T>) -> Option<T> {
        self.v.legal.iter().find_map(f)
    }

    fn has(&self, f: impl Fn(&Choice) -> bool) -> bool {
        self.v.legal.iter().any(f)
    }

    /// `C4`.
    fn r(&self, s: Space) -> String {
        self.board.reference(s)
    }

    /// `C4 wheat`.
    fn tile(&self, s: Space) -> String {
        format!("{} {}", self.r(s), self.crop(self.board.crop(s)))
    }

    /// A crop's name in the language in scope.
    fn crop(&self, c: Crop) -> String {
        crop_name(self.board, c)
    }

    /// A crop's name after "1": `vegetable`, not `vegetables`.
    fn crop_one(&self, c: Crop) -> String {
        crate::render::key_harvest::text::crop_name_one(self.board, c)
    }

    /// Counters as `2 hops, 1 wine` in the language in scope.
    fn cs(&self, c: &Counters) -> String {
        counters(self.board, c)
    }

    /// A seat's name for labels (not markdown).
    fn name(&self, seat: Seat) -> String {
        seat_name(&self.names, usize::from(seat))
    }

    /// A seat's name for markdown text.
    fn who(&self, seat: Seat) -> String {
        crate::discord::ui::esc(&self.name(seat))
    }

    /// `merchant (4)`.
    fn worker_name(w: Worker) -> String {
        format!("{} ({})", worker_name(w), w.number())
    }

    /// The worker of this seat on `s`.
    fn worker_on(&self, s: Space) -> Option<Worker> {
        self.me()
            .workers
            .iter()
            .find(|(at, _)| *at == s)
            .map(|(_, w)| *w)
    }

    /// A space to move a worker to: `C4`, or `C4 · replaces your merchant (4)` when one of this
    /// seat's workers stands there.
    fn space_label(&self, s: Space) -> String {
        match self.worker_on(s) {
            Some(old) => t!(
                "kh-space-replaces",
                space = self.r(s),
                worker = Self::worker_name(old)
            ),
            None => self.r(s),
        }
    }

    /// One option for each space of `sp` that one of this seat's workers stands on:
    /// `action(space)`, labelled `label(the worker, the space)` (`merchant (4)`, `C4`).
    fn worker_options(
        &self,
        sp: SpaceSet,
        action: impl Fn(Space) -> Action,
        label: impl Fn(String, String) -> String,
    ) -> Vec<Item> {
        spaces(sp)
            .filter_map(|s| {
                let w = self.worker_on(s)?;
                Some(Item::act(action(s), label(Self::worker_name(w), self.r(s))))
            })
            .collect()
    }

    /// Whether `apply` takes `a` now (tried on a copy); the refusal otherwise.
    fn accepts(&self, a: &Action) -> Result<(), ActionError> {
        self.game.clone().apply(self.seat, a).map(|_| ())
    }

    /// A component id of this table at its current version, if it fits.
    fn id(&self, verb: KhVerb) -> Option<String> {
        let id = KhId::new(self.table.game.id, self.table.game.version, verb);
        id.fits().then(|| id.encode())
    }

    fn button(&self, i: &Item) -> Option<ButtonSpec> {
        let verb = match &i.target {
            Target::Act(a) => KhVerb::Act(a.clone()),
            Target::Go(s) => KhVerb::Show(s.clone()),
        };
        Some(ButtonSpec::new(
            self.id(verb)?,
            &i.label,
            i.style,
            !i.enabled(),
        ))
    }

    fn nav_button(&self, verb: KhVerb, label: &str) -> Option<ButtonSpec> {
        Some(ButtonSpec {
            id: self.id(verb)?,
            label: label.to_string(),
            style: Style::Secondary,
            disabled: false,
        })
    }

    // ------------------------------------------------------------------ layout

    /// Notes the reasons of disabled items.
    fn reasons(out: &mut Out, items: &[Item]) {
        for i in items {
            if let Some(why) = &i.why_not
                && !i.quiet
            {
                out.reasons.push(format!("{}: {why}", i.label));
            }
        }
    }

    /// One or more rows of buttons (5 a row), as room allows.
    fn buttons(&self, out: &mut Out, items: Vec<Item>) {
        Self::reasons(out, &items);
        let mut bs: Vec<ButtonSpec> = items.iter().filter_map(|i| self.button(i)).collect();
        out.hidden += items.iter().filter(|i| i.enabled()).count()
            - bs.iter().filter(|b| !b.disabled).count();
        while !bs.is_empty() {
            if out.free() == 0 {
                out.hidden += bs.iter().filter(|b| !b.disabled).count();
                return;
            }
            let rest = bs.split_off(bs.len().min(limits::BUTTONS_PER_ROW));
            out.rows.push(RowSpec::Buttons(bs));
            bs = rest;
        }
    }

    /// Lays out choices in at most `max_rows` rows: buttons when they fit, otherwise selects of
    /// 25 options (actions in Choose selects, screens in Navigate selects). Disabled choices
    /// appear only as buttons; their reasons are listed either way.
    /// The registry tiles of `tiles` to bid for, each leading to the bid screen of `bid(tile)`
    /// (made with an empty bid).
    fn bid_options(
        &self,
        out: &mut Out,
        tiles: SpaceSet,
        max_rows: usize,
        bid: fn(Space) -> Action,
    ) {
        self.tile_options(out, tiles, max_rows, &t!("kh-ph-registry-tile"), |t| {
            Item::go(KhScreen::Bid(Box::new(bid(t))), self.tile(t))
        });
    }

    /// [`options`](Self::options) of one item per tile of `tiles`, made by `item`.
    fn tile_options(
        &self,
        out: &mut Out,
        tiles: SpaceSet,
        max_rows: usize,
        placeholder: &str,
        item: impl FnMut(Space) -> Item,
    ) {
        self.options(
            out,
            spaces(tiles).map(item).collect(),
            max_rows,
            placeholder,
        );
    }

    fn options(&self, out: &mut Out, items: Vec<Item>, max_rows: usize, placeholder: &str) {
        let room = max_rows.min(out.free());
        if items.is_empty() {
            return;
        }
        if items.len() <= limits::BUTTONS_PER_ROW * room {
            return self.buttons(out, items);
        }
        Self::reasons(out, &items);
        let acts: Vec<&Item> = items
            .iter()
            .filter(|i| i.enabled() && matches!(i.target, Target::Act(_)))
            .collect();
        let gos: Vec<&Item> = items
            .iter()
            .filter(|i| i.enabled() && matches!(i.target, Target::Go(_)))
            .collect();
        let mut used_rows = 0;
        for (list, is_act) in [(acts, true), (gos, false)] {
            let chunks: Vec<&[&Item]> = list.chunks(limits::SELECT_OPTIONS).collect();
            let n = chunks.len();
            for (k, chunk) in chunks.into_iter().enumerate() {
                if out.free() == 0 || used_rows >= room {
                    out.hidden += chunk.len();
                    continue;
                }
                let used = if is_act { out.chooses } else { out.navs };
                let verb = match (is_act, used) {
                    (true, 0) => KhVerb::Choose,
                    (false, 0) => KhVerb::Navigate,
                    (true, u) => KhVerb::ChoosePart(u),
                    (false, u) => KhVerb::NavigatePart(u),
                };
                let Some(id) = self.id(verb) else {
                    out.hidden += chunk.len();
                    continue;
                };
                let mut options: Vec<OptionSpec> = Vec::new();
                for i in chunk {
                    let value = match &i.target {
                        Target::Act(a) => encode_action(a),
                        Target::Go(s) => encode_screen(s),
                    };
                    if value.len() > limits::OPTION_VALUE
                        || options.iter().any(|o| o.value == value)
                    {
                        out.hidden += 1;
                        continue;
                    }
                    options.push(OptionSpec {
                        label: spec::clip(&i.label, limits::OPTION_LABEL),
                        value,
                        description: i
                            .desc
                            .as_deref()
                            .map(|d| spec::clip(d, limits::OPTION_DESCRIPTION)),
                    });
                }
                if options.is_empty() {
                    continue;
                }
                let ph = if n > 1 {
                    format!("{placeholder} ({}/{n})", k + 1)
                } else {
                    placeholder.to_string()
                };
                out.rows.push(RowSpec::Select(SelectSpec {
                    id,
                    placeholder: spec::clip(&ph, limits::PLACEHOLDER),
                    options,
                }));
                used_rows += 1;
                if is_act {
                    out.chooses += 1;
                } else {
                    out.navs += 1;
                }
            }
        }
    }

    // ------------------------------------------------------------------ screens

    /// Draws `screen`; false when it does not apply to the game as it is now.
    fn draw(&self, out: &mut Out, screen: &KhScreen) -> bool {
        match screen {
            KhScreen::Main => {
                self.main(out);
                true
            }
            KhScreen::EndTurn => self.end_turn(out),
            KhScreen::Groups => self.groups(out),
            KhScreen::Pick { kind, chosen } => self.pick(out, kind, *chosen, true),
            KhScreen::Workers => self.workers(out),
            KhScreen::Worker { worker } => self.worker(out, *worker),
            KhScreen::Remove => self.remove(out),
            KhScreen::Stores => self.stores(out),
            KhScreen::Registry => self.registry(out),
            KhScreen::Bid(a) => self.bid(out, a),
            KhScreen::Pay(a) => self.pay(out, a),
            KhScreen::Instead(a) => self.instead(out, a),
            KhScreen::Exchange { with, take } => self.exchange(out, *with, *take),
            KhScreen::GiveAway { pass } => self.give_away(out, *pass),
            KhScreen::Swap { take } => self.swap(out, *take),
            KhScreen::Move { from } => self.move_worker(out, *from),
        }
    }

    fn main(&self, out: &mut Out) {
        match self.v.public.prompt.clone() {
            None => self.over(out),
            Some((who, p)) if who != self.seat => self.waiting(out, who, &p),
            Some((_, p)) => {
                out.lines.push(t!(
                    "kh-your-decision",
                    decision = super::public::decision_text(self.game)
                ));
                match p {
                    Prompt::StartPlayer => self.start_player(out),
                    Prompt::Turn => self.turn(out),
                    Prompt::Reposition { worker, from } => self.reposition(out, worker, from),
                    Prompt::Ability { worker, at, copied } => self.ability(out, worker, at, copied),
                    Prompt::KeepDrawn { tile } => self.keep_drawn(out, tile),
                    Prompt::Event {
                        event,
                        drawer,
                        held,
                        recipient,
                    } => self.event(out, event, drawer, held, recipient),
                }
            }
        }
    }

    /// Who the game waits for, in words ("Bob is taking their turn").
    fn waiting(&self, out: &mut Out, who: Seat, p: &Prompt) {
        let name = format!("**{}**", self.who(who));
        let doing = match p {
            Prompt::StartPlayer => t!("kh-doing-start-player"),
            Prompt::Turn => t!("kh-doing-turn"),
            Prompt::Reposition { worker, .. } => {
                t!("kh-doing-reposition", worker = worker_name(*worker))
            }
            Prompt::Ability { worker, .. } => {
                t!("kh-doing-ability", worker = worker_name(*worker))
            }
            Prompt::KeepDrawn { .. } => t!("kh-doing-keep-drawn"),
            Prompt::Event { event, .. } => t!(
                "kh-doing-event",
                letter = event.letter().to_string(),
                event = event_name(*event)
            ),
        };
        out.lines
            .push(t!("kh-waiting-for", name = name, doing = doing));
        if let Prompt::Event { event, drawer, .. } = p {
            out.lines.push(t!(
                "kh-event-drawn-by",
                letter = event.letter().to_string(),
                event = event_name(*event),
                name = self.who(*drawer),
                rule = events::event_rule(*event)
            ));
        }
    }

    /// The end: this seat's place and the winners (the table message has the whole pad).
    fn over(&self, out: &mut Out) {
        let Some(pad) = self.game.score_pad() else {
            out.lines.push(t!("kh-game-over"));
            return;
        };
        let mine = pad.lines.iter().find(|l| l.seat == self.seat);
        if let Some(l) = mine {
            out.lines.push(t!(
                "kh-over-you-scored",
                points = l.total,
                rank = l.rank,
                players = pad.lines.len(),
                workers = l.workers,
                groups = l.group_points,
                crops = l.crop_points
            ));
        }
        let winners: Vec<String> = pad.winners.iter().map(|&w| self.who(w)).collect();
        out.lines
            .push(t!("kh-over-winner", names = and_list(&winners)));
        out.lines.push(t!("kh-over-pad-on-table"));
    }

    // ------------------------------------------------------------------ assembly

    /// `2 hops · 0 vegetables · ...` (all five, so the counts line up on a phone).
    fn own_counters(&self) -> String {
        let s = self.supply();
        let parts: Vec<String> = Crop::ALL
            .iter()
            .map(|c| count(self.board, u32::from(s.get(*c)), *c))
            .collect();
        t!(
            "kh-your-counters",
            total = s.total(),
            counters = parts.join(" · ")
        )
    }

    fn own_store(&self) -> String {
        let tiles: Vec<String> = self
            .me()
            .store
            .iter()
            .map(|st| {
                t!(
                    "kh-store-tile-with-bid",
                    tile = self.tile(st.tile),
                    bid = self.cs(&st.bid)
                )
            })
            .collect();
        t!(
            "kh-your-store",
            store = if tiles.is_empty() {
                t!("kh-empty")
            } else {
                tiles.join("; ")
            }
        )
    }

    /// The other seats' counters as everyone sees them (KH 70).
    fn others_counters(&self) -> String {
        let parts: Vec<String> = self
            .v
            .public
            .seats
            .iter()
            .filter(|s| s.seat != self.seat)
            .map(|s| format!("{} {}", self.who(s.seat), public_supply(self.board, s)))
            .collect();
        t!("kh-others-counters", counters = parts.join(" · "))
    }

    fn board_block(&self) -> String {
        let drawing = seat_board(self.board, self.me(), "");
        // The first line names the seat (inside a code block a name could break it): left out.
        let body = drawing.split_once('\n').map_or("", |(_, b)| b);
        let mut s = format!("```\n{}\n```", body.trim_end());
        // The board's symbols are explained under it (issue 43).
        if let Some(key) = crate::render::key_harvest::key_line(self.board, body) {
            s.push('\n');
            s.push_str(&key);
        }
        s
    }

    fn title(&self) -> String {
        let mut title = t!(
            "kh-panel-title",
            table = self.table.game.id,
            name = self.name(self.seat)
        );
        if self.game.is_over() {
            // Cut the name, never the ending the players look for.
            let end = format!(" · {}", t!("kh-progress-over"));
            title = spec::clip(&title, limits::TITLE - end.chars().count());
            title.push_str(&end);
        }
        spec::clip(&title, limits::TITLE)
    }

    fn finish(&self, out: Out, screen: &KhScreen, note: Option<&str>) -> MessageSpec {
        let Out {
            lines,
            mut rows,
            reasons,
            notes,
            hidden,
            ..
        } = out;
        let mut d = vec![self.own_counters(), self.own_store(), self.board_block()];
        d.extend(lines);
        if !reasons.is_empty() {
            let list: Vec<String> = reasons.iter().map(|r| format!("• {r}")).collect();
            d.push(format!(
                "{}\n{}",
                t!("kh-not-possible-now"),
                list.join("\n")
            ));
        }
        if hidden > 0 {
            d.push(t!("kh-hidden-choices", count = hidden));
        }
        let s = &self.v.public;
        let stage = if s.ended {
            t!("kh-progress-over")
        } else {
            match s.final_turns {
                Some(_) => t!("kh-progress-final", turn = s.turn),
                None => t!("kh-progress-turn", turn = s.turn),
            }
        };
        let colour = if s.ended {
            GOLD
        } else if self.my_prompt().is_some() {
            GREEN
        } else {
            GREY
        };
        let embed = EmbedSpec {
            title: self.title(),
            description: clip_md(&d.join("\n"), limits::DESCRIPTION),
            fields: Vec::new(),
            footer: Some(t!("kh-panel-footer", stage = stage)),
            color: colour,
            image: None,
        };
        rows.truncate(DECISION_ROWS);
        let mut nav: Vec<ButtonSpec> = Vec::new();
        if *screen != KhScreen::Main {
            nav.extend(self.nav_button(KhVerb::Show(KhScreen::Main), &t!("kh-button-back")));
        }
        // Undo (issue 41), on the main screen only (its row then has room for five): only while
        // this seat's decision is the game's last and the engine found it reversible when it was
        // stored; the service checks both again on the click.
        if *screen == KhScreen::Main
            && self.table.game.may_undo(usize::from(self.seat))
            && let Some(mut b) = self.nav_button(KhVerb::Undo, &t!("undo-button"))
        {
            b.style = Style::Danger;
            nav.push(b);
        }
        nav.extend(self.nav_button(KhVerb::Show(screen.clone()), &t!("kh-button-refresh")));
        nav.extend(self.nav_button(KhVerb::Boards, &t!("kh-button-boards")));
        nav.extend(self.nav_button(KhVerb::Log, &t!("kh-button-log")));
        // The coach (issue 30), when the host allowed it and the seat has a choice to make.
        if *screen == KhScreen::Main
            && self.table.game.options.hints
            && self.game.to_move() == Some(self.seat)
            && let Some(mut b) = self.nav_button(KhVerb::Hint, &t!("coach-hint-button"))
        {
            b.style = Style::Primary;
            nav.push(b);
        }
        // Ids must be unique within a message: the navigation row's come first, then the first
        // of any repeat.
        let seen = nav.iter().map(|b| b.id.clone()).collect();
        let mut out_rows = spec::unique_rows(rows, seen);
        out_rows.push(RowSpec::Buttons(nav));
        let mut content: Vec<String> = note.map(str::to_string).into_iter().collect();
        content.extend(notes);
        MessageSpec {
            content: spec::clip(&content.join("\n"), limits::CONTENT),
            embeds: vec![embed],
            rows: out_rows,
            ping: Vec::new(),
            files: Vec::new(),
        }
    }
}

/// `1 hop`, `2 hops, 1 wine` from a list of crops.
fn crops_text(board: &Board, v: &[Crop]) -> String {
    counters(board, &Counters::of(v))
}
