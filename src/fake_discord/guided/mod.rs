//! Players who play like the heuristic bot, through the buttons (issue 32): `farmhand demo`'s
//! players. At each step the seat the game waits for (the lowest, when several may act) asks the
//! heuristic bot what it would do, then clicks its way there on its private screen: a search over
//! the screens its panel leads to (drawn the way the bot draws them, from the same state) finds
//! the shortest run of clicks that ends on that action, and the player clicks the first one, then
//! looks again.
//!
//! Nothing here depends on timing: the seat, the bot's choice (its random stream is fixed by the
//! seed, the game's version and the seat) and the path of clicks all follow from the stored game
//! alone, and every click waits for its answer. So one seed plays one game, with the same stored
//! actions, whatever the machine's load and the bot's edit interval.
//!
//! Unlike the scripted players of [`super::player`], these read the database (to know the
//! bot's choice); they are for showing a game, not for testing what a player sees.

// Each game's `impl Guided` (`guided/fields_of_green.rs`, ...).
crate::game_modules!();

use super::player::TableRef;
use super::view::{Component, MessageView, Place};
use super::{FakeDiscord, FakeError, Reply};
use crate::discord::Data;
use crate::discord::game::Screens;
use crate::discord::spec::{MessageSpec, RowSpec};
use crate::store::Table;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::collections::{HashSet, VecDeque};

/// What a component of a private screen does, for the search.
pub enum Step<A, S> {
    /// Plays this action.
    Act(A),
    /// Shows this screen (nothing is played).
    Go(S),
    /// Anything else (looking at farms or the log, the harvest planner's many-step plan).
    Other,
}

/// What the guided players need from a game's private screens.
pub trait Guided: Screens {
    type Screen: Clone;
    /// What the component `id` (with the select option `value`) does.
    fn step(id: &str, value: Option<&str>) -> Step<Self::Action, Self::Screen>;
    /// The game version a component id was drawn at.
    fn version_of(id: &str) -> Option<i64>;
    /// A key telling screens apart.
    fn key(screen: &Self::Screen) -> String;
    /// The seat's private screen `screen`, as the bot draws it.
    fn render(table: &Table, game: &Self, seat: usize, screen: &Self::Screen) -> MessageSpec;
    /// True when `offered` does what `wanted` does in all that a player would notice (which
    /// towers pay the Water, say, may differ).
    fn near(offered: &Self::Action, wanted: &Self::Action) -> bool;
}

/// One clickable thing: a button (`value` None) or one option of a select.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Click {
    pub id: String,
    pub value: Option<String>,
}

/// The enabled components of a message the bot drew.
pub fn clicks_of_spec(m: &MessageSpec) -> Vec<Click> {
    let mut out = Vec::new();
    for row in &m.rows {
        match row {
            RowSpec::Buttons(bs) => out.extend(bs.iter().filter(|b| !b.disabled).map(|b| Click {
                id: b.id.clone(),
                value: None,
            })),
            RowSpec::Select(s) => out.extend(s.options.iter().map(|o| Click {
                id: s.id.clone(),
                value: Some(o.value.clone()),
            })),
        }
    }
    out
}

/// The enabled components of a message as the player sees it.
fn clicks_of_view(m: &MessageView) -> Vec<Click> {
    let mut out = Vec::new();
    for c in m.components() {
        match c {
            Component::Button {
                custom_id,
                disabled: false,
                style,
                ..
            } if *style != 5 => out.push(Click {
                id: custom_id.clone(),
                value: None,
            }),
            Component::Select {
                custom_id,
                options,
                disabled: false,
                ..
            } => out.extend(options.iter().map(|o| Click {
                id: custom_id.clone(),
                value: Some(o.value.clone()),
            })),
            _ => {}
        }
    }
    out
}

/// How close a found action is to the bot's choice: 0 the same, 1 near it, 2 the same kind of
/// decision, 3 anything the screen offers (never seen in a demo; counted).
fn tier<G: Guided>(offered: &G::Action, wanted: &G::Action) -> u8 {
    if offered == wanted {
        0
    } else if G::near(offered, wanted) {
        1
    } else if std::mem::discriminant(offered) == std::mem::discriminant(wanted) {
        2
    } else {
        3
    }
}

/// Screens looked at per click at most: enough for every path a demo takes (a bid or a pile
/// split a few clicks deep), and a bound on the time a step takes.
const SEARCH_LIMIT: usize = 4000;

/// The first click of the shortest path from the panel showing `shown` to the best match of
/// `wanted` (by [`tier`]), and that match's tier; None when the panel offers nothing to play.
pub fn first_click<G: Guided>(
    table: &Table,
    game: &G,
    seat: usize,
    shown: &[Click],
    wanted: &G::Action,
) -> Option<(Click, u8)> {
    let mut best: Option<(Click, u8)> = None;
    let mut seen: HashSet<String> = HashSet::new();
    let mut queue: VecDeque<(G::Screen, Click)> = VecDeque::new();
    let mut consider = |click: &Click, first: &Click, queue: &mut VecDeque<_>| -> bool {
        match G::step(&click.id, click.value.as_deref()) {
            Step::Act(a) => {
                let t = tier::<G>(&a, wanted);
                if best.as_ref().is_none_or(|(_, b)| t < *b) {
                    best = Some((first.clone(), t));
                }
                t == 0
            }
            Step::Go(s) => {
                if seen.insert(G::key(&s)) {
                    queue.push_back((s, first.clone()));
                }
                false
            }
            Step::Other => false,
        }
    };
    // Breadth first: the first exact match is the nearest; ties go to the order on screen.
    for c in shown {
        if consider(c, c, &mut queue) {
            return best;
        }
    }
    let mut looked = 0;
    while let Some((screen, first)) = queue.pop_front() {
        looked += 1;
        if looked > SEARCH_LIMIT {
            break;
        }
        let drawn = G::render(table, game, seat, &screen);
        for c in clicks_of_spec(&drawn) {
            if consider(&c, &first, &mut queue) {
                return best;
            }
        }
    }
    best
}

/// What the guided players did.
#[derive(Clone, Debug, Default)]
pub struct GuidedStats {
    /// Actions stored.
    pub actions: usize,
    /// Clicks, navigation included.
    pub clicks: usize,
    /// Actions for which the screens offered only something near the bot's choice (tier 1:
    /// other towers paying the same Water, say).
    pub near: usize,
    /// Actions for which the screens did not offer the bot's choice (tiers 2 and 3).
    pub other: usize,
}

/// A seat's player: its user and the private panel it looks at.
#[derive(Clone, Debug)]
pub struct Seat {
    pub user: u64,
    pub name: String,
    panel: Option<u64>,
}

impl Seat {
    pub fn new(user: u64, name: &str) -> Seat {
        Seat {
            user,
            name: name.to_string(),
            panel: None,
        }
    }
}

/// Plays a started game through the buttons, every seat choosing what the heuristic bot would.
pub struct GuidedPlayers<'a> {
    pub fake: FakeDiscord,
    pub data: &'a Data,
    pub table: TableRef,
    pub seats: Vec<Seat>,
    /// Mixed into the bot's random stream (the demo's seed).
    pub seed: u64,
    pub stats: GuidedStats,
    /// The bot that decides for every seat.
    pub bot: &'static str,
    /// Clicks one action may take at most before the game is called stuck.
    pub max_clicks_per_action: usize,
    /// Wait for the bot to finish its follow-up work (edits, posts) after every action, as a
    /// person waits to see the table change. Off: click on as soon as the action is stored (the
    /// game is the same either way; only the messages' merging differs).
    pub patient: bool,
    /// Show the bot (issue 43, `farmhand demo`): besides playing, the players ask for a Hint
    /// once (the table needs hints on) and, a little way into the game, look at the farms or
    /// boards and the Log from the table message; [`GuidedPlayers::review`] (the final Scores,
    /// then Review) and [`GuidedPlayers::rematch`] do the rest at the end. Only looks: the game played is the same with it off.
    pub tour: bool,
    /// What the tour has shown so far.
    pub shown: Shown,
}

/// What [`GuidedPlayers::tour`] has clicked, for the demo's checks and summary.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Shown {
    /// The table message's looking buttons clicked (Farms or Boards, Log, Scores), by label.
    pub looks: Vec<String>,
    /// Hints asked for and answered.
    pub hints: usize,
    /// Whether a Review was answered, and a Rematch lobby opened.
    pub review: bool,
    pub rematch: bool,
}

/// Actions into the game after which the tour's players look at the table message's screens.
const LOOK_AFTER: usize = 30;
/// How long the tour waits at most for a Hint or a Review (a Fields of Green review takes
/// seconds on an optimised build, much more on a test build beside other builds).
const TOUR_WAIT: std::time::Duration = std::time::Duration::from_secs(600);

/// The random stream of one decision: fixed by the seed, the version and the seat.
fn decision_rng(seed: u64, version: i64, seat: usize) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(
        seed.wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .wrapping_add((version as u64) << 8)
            .wrapping_add(seat as u64),
    )
}

impl<'a> GuidedPlayers<'a> {
    pub fn new(
        fake: &FakeDiscord,
        data: &'a Data,
        table: &TableRef,
        seats: Vec<Seat>,
        seed: u64,
    ) -> GuidedPlayers<'a> {
        GuidedPlayers {
            fake: fake.clone(),
            data,
            table: table.clone(),
            seats,
            seed,
            stats: GuidedStats::default(),
            bot: "heuristic",
            max_clicks_per_action: 60,
            patient: false,
            tour: false,
            shown: Shown::default(),
        }
    }

    async fn load<G: Guided>(&self) -> Result<(Table, G), String> {
        match self.data.service.load::<G>(self.table.game).await {
            Ok((t, Some(g))) => Ok((t, g)),
            Ok((_, None)) => Err("the game has not started".to_string()),
            Err(e) => Err(format!("cannot load the game: {e}")),
        }
    }

    /// Plays to the end; `progress` is called after every stored action with the game.
    pub async fn play<G: Guided>(
        &mut self,
        mut progress: impl FnMut(&G, &GuidedStats),
    ) -> Result<(), String> {
        loop {
            let (table, game) = self.load::<G>().await?;
            if game.is_over() {
                return Ok(());
            }
            let mut waiting = game.waiting_for();
            waiting.sort_unstable();
            let Some(&seat) = waiting.first() else {
                return Err("the game waits for nobody".to_string());
            };
            let mut rng = decision_rng(self.seed, table.game.version, seat);
            let wanted = game.bot_action(seat, self.bot, &mut rng)?;
            if self.tour && self.shown.hints == 0 && self.stats.actions >= 2 {
                self.hint::<G>(seat, table.game.version).await?;
            }
            if self.tour && self.shown.looks.is_empty() && self.stats.actions >= LOOK_AFTER {
                self.look().await?;
            }
            self.play_one::<G>(seat, &wanted, table.game.version)
                .await?;
            if self.patient {
                self.fake.settle().await;
            }
            let (_, game) = self.load::<G>().await?;
            progress(&game, &self.stats);
        }
    }

    /// The tour: `seat`'s player clicks Hint on its private screen and waits for the answer.
    async fn hint<G: Guided>(&mut self, seat: usize, version: i64) -> Result<(), String> {
        let (table, _) = self.load::<G>().await?;
        let user = table.user_of(seat).ok_or("the seat has no player")?;
        let Some(k) = self.seats.iter().position(|s| s.user == user) else {
            return Ok(());
        };
        let Some(panel) = self.current_panel::<G>(k, version).await? else {
            return Ok(());
        };
        let Some(id) = panel
            .components()
            .find(|c| c.custom_id().ends_with(":hint") && !c.disabled())
            .map(|c| c.custom_id().to_string())
        else {
            return Ok(());
        };
        // A panel redrawn under the player's finger: no hint this time (asked at a later
        // decision instead).
        let Ok(ix) = self.fake.click(user, panel.id, &id) else {
            return Ok(());
        };
        self.stats.clicks += 1;
        // Deferred, then filled in with the hint: waited for as a player waits.
        let r = self
            .fake
            .reply_within(&ix, TOUR_WAIT)
            .await
            .map_err(|e| format!("{}: the hint: {e}", self.seats[k].name))?;
        if r.message.and_then(|m| self.fake.message(m)).is_some() {
            self.shown.hints += 1;
        }
        Ok(())
    }

    /// The tour: players look at the table message's Farms (or Boards) and Log (and Scores,
    /// which the table offers once the game is over).
    async fn look(&mut self) -> Result<(), String> {
        for label in ["Farms", "Boards", "Log"] {
            let k = self.shown.looks.len() % self.seats.len();
            if self.click_table(k, label).await?.is_some() {
                self.shown.looks.push(label.to_string());
            }
        }
        if self.shown.looks.is_empty() {
            return Err("the table message offers no Farms, Boards or Log".to_string());
        }
        Ok(())
    }

    /// The `k`th player clicks `label` on the table message and waits for the answer; None when
    /// the table does not offer it. The bot may redraw the table message (its buttons carry the
    /// game's version) between the look and the click: then nothing was clicked, so look again.
    async fn click_table(&mut self, k: usize, label: &str) -> Result<Option<Reply>, String> {
        let (user, name) = (self.seats[k].user, self.seats[k].name.clone());
        for _ in 0..20 {
            let table = self
                .fake
                .message(self.table.message)
                .ok_or("the table message is gone")?;
            let Some(id) = table.button(label).map(|c| c.custom_id().to_string()) else {
                return Ok(None);
            };
            let ix = match self.fake.click(user, table.id, &id) {
                Ok(ix) => ix,
                Err(FakeError::NoComponent(_) | FakeError::Disabled(_)) => {
                    self.fake.settle().await;
                    continue;
                }
                Err(e) => return Err(format!("{name}: cannot click {label}: {e}")),
            };
            self.stats.clicks += 1;
            let r = self
                .fake
                .reply_within(&ix, TOUR_WAIT)
                .await
                .map_err(|e| format!("{name}: {label}: {e}"))?;
            return Ok(Some(r));
        }
        Err(format!(
            "{name}: the table message kept changing under {label}"
        ))
    }

    /// The tour's end, once the game is over: the first player clicks Review on the finished
    /// table message and waits for the review (`waiting` is told the seconds waited, every
    /// couple of seconds, so the wait can be said as it happens).
    pub async fn review(&mut self, mut waiting: impl FnMut(f64)) -> Result<(), String> {
        // The bot redraws the table message as finished just after the last action is stored:
        // wait for that redraw (its Review button) as a player would.
        let redrawn = std::time::Instant::now();
        while redrawn.elapsed() < TOUR_WAIT {
            let finished = self
                .fake
                .message(self.table.message)
                .is_some_and(|m| m.button("Review").is_some());
            if finished {
                break;
            }
            self.fake.settle().await;
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        // The final Scores first: the table offers them once the game is over.
        if self
            .click_table(2 % self.seats.len(), "Scores")
            .await?
            .is_some()
        {
            self.shown.looks.push("Scores".to_string());
        }
        let name = self.seats[0].name.clone();
        let started = std::time::Instant::now();
        let r = self
            .click_table(0, "Review")
            .await?
            .ok_or("the finished table offers no Review")?;
        let answer = r.message.ok_or("the Review click has no answer")?;
        // The deferred answer says the review is being prepared, then becomes the review.
        let preparing = |w: &super::world::World| {
            w.messages.get(&answer).is_none_or(|m| {
                m.loading || super::reading::starts_like(&m.content, "Preparing the review")
            })
        };
        while started.elapsed() < TOUR_WAIT {
            let ready = self
                .fake
                .wait_for(std::time::Duration::from_secs(2), |w| !preparing(w))
                .await;
            if ready {
                break;
            }
            waiting(started.elapsed().as_secs_f64());
        }
        let shown = self.fake.message(answer).ok_or("the review is gone")?;
        if shown.pictures().next().is_none() {
            return Err(format!("{name}'s review has no chart:\n{}", shown.text()));
        }
        self.shown.review = true;
        Ok(())
    }

    /// The tour's very end: the second player clicks Rematch on the finished table message,
    /// which opens the rematch's lobby (nobody confirms: the demo ends there).
    pub async fn rematch(&mut self) -> Result<(), String> {
        if self
            .click_table(1 % self.seats.len(), "Rematch")
            .await?
            .is_none()
        {
            return Err("the finished table offers no Rematch".to_string());
        }
        self.shown.rematch = true;
        Ok(())
    }

    /// Plays one decision of `seat` (which the game must wait for), through the buttons.
    pub async fn play_seat<G: Guided>(&mut self, seat: usize) -> Result<(), String> {
        let (table, game) = self.load::<G>().await?;
        if !game.waiting_for().contains(&seat) {
            return Err(format!("the game does not wait for seat {seat}"));
        }
        let mut rng = decision_rng(self.seed, table.game.version, seat);
        let wanted = game.bot_action(seat, self.bot, &mut rng)?;
        self.play_one::<G>(seat, &wanted, table.game.version).await
    }

    /// `user` takes back their last decision with the Undo button of the panel they look at,
    /// when it shows one (issue 41). True when the bot stored the undo (the version moved on).
    pub async fn undo<G: Guided>(&mut self, user: u64) -> Result<bool, String> {
        let Some(k) = self.seats.iter().position(|s| s.user == user) else {
            return Ok(false);
        };
        let Some(panel) = self.seats[k].panel.and_then(|m| self.fake.message(m)) else {
            return Ok(false);
        };
        let Some(id) = panel
            .components()
            .find(|c| c.custom_id().ends_with(":undo") && !c.disabled())
            .map(|c| c.custom_id().to_string())
        else {
            return Ok(false);
        };
        let (before, _) = self.load::<G>().await?;
        self.click(k, panel.id, &Click { id, value: None }).await?;
        let (after, _) = self.load::<G>().await?;
        Ok(after.game.version != before.game.version)
    }

    /// Clicks until `seat`'s choice (or the nearest the screens offer) is stored.
    async fn play_one<G: Guided>(
        &mut self,
        seat: usize,
        wanted: &G::Action,
        version: i64,
    ) -> Result<(), String> {
        let (table, _) = self.load::<G>().await?;
        let user = table
            .user_of(seat)
            .ok_or_else(|| format!("seat {seat} has no player"))?;
        let k = self
            .seats
            .iter()
            .position(|s| s.user == user)
            .ok_or_else(|| format!("no scripted player for seat {seat}"))?;
        let mut worst = 0;
        for _ in 0..self.max_clicks_per_action {
            let (table, game) = self.load::<G>().await?;
            if table.game.version != version {
                self.stats.actions += 1;
                match worst {
                    0 => {}
                    1 => self.stats.near += 1,
                    _ => self.stats.other += 1,
                }
                return Ok(());
            }
            let panel = match self.current_panel::<G>(k, version).await? {
                Some(p) => p,
                None => continue,
            };
            let shown = clicks_of_view(&panel);
            let Some((click, t)) = first_click::<G>(&table, &game, seat, &shown, wanted) else {
                return Err(format!(
                    "{}'s screen offers nothing to play:\n{}",
                    self.seats[k].name,
                    panel.text()
                ));
            };
            worst = worst.max(t);
            self.click(k, panel.id, &click).await?;
        }
        Err(format!(
            "{} did not reach {wanted:?} in {} clicks",
            self.seats[k].name, self.max_clicks_per_action
        ))
    }

    /// Sends one click and waits for its answer; a reply with a new private panel replaces the
    /// one the player looked at.
    async fn click(&mut self, k: usize, message: u64, c: &Click) -> Result<(), String> {
        let user = self.seats[k].user;
        self.stats.clicks += 1;
        let ix = match &c.value {
            Some(v) => self.fake.choose(user, message, &c.id, v),
            None => self.fake.click(user, message, &c.id),
        };
        let ix = match ix {
            Ok(ix) => ix,
            // The bot redrew the panel under the player's finger (a DM panel): look again.
            Err(FakeError::NoComponent(_) | FakeError::Disabled(_) | FakeError::NoOption(_)) => {
                return Ok(());
            }
            Err(FakeError::NotVisible(_)) => {
                self.seats[k].panel = None;
                return Ok(());
            }
            Err(e) => return Err(format!("{}: cannot click: {e}", self.seats[k].name)),
        };
        let r = self
            .fake
            .reply(&ix)
            .await
            .map_err(|e| format!("{}: {e}", self.seats[k].name))?;
        if r.kind == 4
            && let Some(m) = r.message
        {
            self.seats[k].panel = Some(m);
        }
        Ok(())
    }

    /// The player's private panel drawn at `version`: the one it holds if current, else a fresh
    /// one (from the table message's My hand / My screen, or the DM panel). None when a click
    /// was spent getting it (look again).
    async fn current_panel<G: Guided>(
        &mut self,
        k: usize,
        version: i64,
    ) -> Result<Option<MessageView>, String> {
        let user = self.seats[k].user;
        let held = self.seats[k]
            .panel
            .and_then(|id| self.fake.visible_message(user, id));
        let drawn_at = |m: &MessageView| m.components().find_map(|c| G::version_of(c.custom_id()));
        if let Some(m) = &held
            && drawn_at(m) == Some(version)
        {
            return Ok(held);
        }
        // A DM panel is redrawn by the bot after every move: wait for that, then look.
        if let Some(m) = &held
            && m.place == Place::Dm
        {
            self.fake.settle().await;
            if let Some(m) = self.fake.visible_message(user, m.id)
                && drawn_at(&m) == Some(version)
            {
                return Ok(Some(m));
            }
        }
        let table = self
            .fake
            .message(self.table.message)
            .ok_or("the table message is gone")?;
        let open = table
            .components()
            .find_map(|c| match G::step(c.custom_id(), None) {
                Step::Other if is_open(c.custom_id()) => Some(c.custom_id().to_string()),
                _ => None,
            });
        let Some(id) = open else {
            return Err("the table message offers no private screen".to_string());
        };
        let ix = match self.fake.click(user, table.id, &id) {
            Ok(ix) => ix,
            // The bot redrew the table message between the look and the click (its buttons
            // carry the version): nothing was clicked, so look again.
            Err(super::FakeError::NoComponent(_)) => {
                self.fake.settle().await;
                return Ok(None);
            }
            Err(e) => return Err(format!("{}: {e}", self.seats[k].name)),
        };
        self.stats.clicks += 1;
        let r = self
            .fake
            .reply(&ix)
            .await
            .map_err(|e| format!("{}: {e}", self.seats[k].name))?;
        let answered = r.message.and_then(|m| self.fake.visible_message(user, m));
        let panel = match answered {
            Some(m) if drawn_at(&m).is_some() => Some(m),
            // "Your hand is in your DMs with me.": the newest DM with components.
            _ => self.fake.dm_channel(user).and_then(|c| {
                self.fake
                    .channel(c)
                    .into_iter()
                    .rev()
                    .find(|m| m.place == Place::Dm && drawn_at(m).is_some())
            }),
        };
        self.seats[k].panel = panel.as_ref().map(|m| m.id);
        Ok(panel.filter(|m| drawn_at(m) == Some(version)))
    }
}

/// True for the table message's button that opens a private screen (`f:..:hand`, `k:..:hand`).
fn is_open(id: &str) -> bool {
    id.ends_with(":hand")
}
