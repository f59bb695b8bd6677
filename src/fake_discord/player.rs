//! Scripted players. A player knows only what its user sees in the fake Discord: it finds the
//! table message's "My hand" button, keeps the private panel it got (an ephemeral reply, or its
//! DM), reads the panel's buttons and select options, and picks one (at random with a seed). It
//! never looks at the engine or the database.
//!
//! The panel's navigation (Refresh, Back, All farms, Log, Card texts, the farm viewer) is not
//! a decision:
//! a player refreshes when its panel offers nothing, and goes idle until the table message
//! changes; now and then it looks around (farms, log) like a person would.

use super::reading::{contains_said, ends_like, says, starts_like};
use super::view::{Component, MessageView, Place};
use super::{FakeDiscord, FakeError, Ix, Reply};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::Duration;

/// Button labels that only navigate, in English ([`is_navigation`] reads them in every
/// language).
pub const NAVIGATION: [&str; 6] = [
    "Refresh",
    "Back",
    "All farms",
    "Boards",
    "Log",
    // The full texts of the cards a panel lists one line each (issue 43).
    "Card texts",
];
/// The catalogue's messages of the buttons of [`NAVIGATION`], in both games: their labels in
/// every language are [`navigation_labels`] (a Japanese player's 戻る and 記録 are navigation
/// too).
pub const NAVIGATION_IDS: [&str; 9] = [
    "fog-button-refresh",
    "kh-button-refresh",
    "fog-button-back",
    "kh-button-back",
    "fog-button-all-farms",
    "kh-button-boards",
    "fog-button-log",
    "kh-button-log",
    "fog-button-card-texts",
];

/// The labels of the buttons that only navigate, in `locale`.
pub fn navigation_labels(locale: crate::i18n::Locale) -> Vec<String> {
    let mut labels: Vec<String> = NAVIGATION_IDS
        .iter()
        .map(|id| crate::i18n::format_in(locale, id, None))
        .collect();
    labels.sort();
    labels.dedup();
    labels
}

/// True when a button's label only navigates, in any language.
pub fn is_navigation(label: &str) -> bool {
    crate::i18n::Locale::ALL
        .iter()
        .any(|&l| navigation_labels(l).iter().any(|n| n == label))
}
/// The button that takes back one's last decision (issue 41): not a decision of its own, so a
/// scripted player never presses it by chance; a test that means to press it looks for it.
pub const UNDO: &str = "Undo";
/// The table message's button that opens a player's private screen, per game.
pub const OPEN_PANEL: [&str; 2] = ["My hand", "My screen"];
/// The placeholder of the farm viewer select.
pub const FARM_VIEWER: &str = "Open one farm large";

/// A table as the players found it.
#[derive(Clone, Debug)]
pub struct TableRef {
    pub channel: u64,
    /// The lobby message, which becomes the table message.
    pub message: u64,
    /// The game's thread, if the bot made one.
    pub thread: Option<u64>,
    /// The table number shown in the title ("table #N").
    pub game: i64,
}

impl TableRef {
    /// Where the game's summaries go.
    pub fn play_channel(&self) -> u64 {
        self.thread.unwrap_or(self.channel)
    }
}

/// One decision on a panel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Choice {
    Button {
        custom_id: String,
        label: String,
    },
    Option {
        custom_id: String,
        value: String,
        label: String,
        placeholder: String,
    },
}

impl Choice {
    pub fn label(&self) -> &str {
        match self {
            Choice::Button { label, .. } | Choice::Option { label, .. } => label,
        }
    }

    /// Clicks or picks it.
    pub fn send(&self, fake: &FakeDiscord, user: u64, message: u64) -> Result<Ix, FakeError> {
        match self {
            Choice::Button { custom_id, .. } => fake.click(user, message, custom_id),
            Choice::Option {
                custom_id, value, ..
            } => fake.choose(user, message, custom_id, value),
        }
    }
}

/// The decisions a panel offers (navigation and the farm viewer left out).
pub fn decisions(panel: &MessageView) -> Vec<Choice> {
    choices(
        panel,
        |label, style| style != 5 && !is_navigation(label) && !says(label, UNDO),
        |placeholder| !says(placeholder, FARM_VIEWER),
    )
}

/// The looking-around components of a panel (farms, log, the farm viewer).
fn look_choices(panel: &MessageView) -> Vec<Choice> {
    choices(
        panel,
        |label, _| says(label, "All farms") || says(label, "Boards") || says(label, "Log"),
        |placeholder| says(placeholder, FARM_VIEWER),
    )
}

/// The enabled buttons of `panel` that `button` takes (by label and style), and every option of
/// its enabled selects that `select` takes (by placeholder).
fn choices(
    panel: &MessageView,
    button: impl Fn(&str, u8) -> bool,
    select: impl Fn(&str) -> bool,
) -> Vec<Choice> {
    let mut out = Vec::new();
    for c in panel.components() {
        match c {
            Component::Button {
                custom_id,
                label,
                disabled: false,
                style,
            } if button(label, *style) => out.push(Choice::Button {
                custom_id: custom_id.clone(),
                label: label.clone(),
            }),
            Component::Select {
                custom_id,
                placeholder,
                options,
                disabled: false,
            } if select(placeholder) => {
                for o in options {
                    out.push(Choice::Option {
                        custom_id: custom_id.clone(),
                        value: o.value.clone(),
                        label: o.label.clone(),
                        placeholder: placeholder.clone(),
                    });
                }
            }
            _ => {}
        }
    }
    out
}

fn button_id(m: &MessageView, label: &str) -> Option<String> {
    m.button(label).map(|c| c.custom_id().to_string())
}

fn button_starting(m: &MessageView, prefix: &str) -> Option<String> {
    m.components()
        .find(|c| {
            matches!(c, Component::Button { label, disabled: false, .. } if starts_like(label, prefix))
        })
        .map(|c| c.custom_id().to_string())
}

/// Waits for the reply, turning a failure into a message.
async fn answer(fake: &FakeDiscord, ix: Result<Ix, FakeError>) -> Result<Reply, FakeError> {
    fake.reply(&ix?).await
}

/// The table number in a table message's title: "table #12" in English, "テーブル #12" in
/// Japanese, the number after the '#'.
fn table_number(title: &str) -> Option<i64> {
    title.split('#').nth(1).and_then(|s| {
        s.chars()
            .take_while(char::is_ascii_digit)
            .collect::<String>()
            .parse()
            .ok()
    })
}

/// `/fog new ...` by `host` in `channel`; returns the table once its lobby message is there.
pub async fn open_table(
    fake: &FakeDiscord,
    host: u64,
    channel: u64,
    line: &str,
) -> Result<TableRef, String> {
    let before = fake.channel(channel).last().map_or(0, |m| m.id);
    let r = answer(fake, fake.slash(host, channel, line))
        .await
        .map_err(|e| format!("{line}: {e}"))?;
    if !r.ephemeral() {
        return Err(format!("{line}: the answer is not ephemeral: {:?}", r.data));
    }
    let lobby = fake
        .channel(channel)
        .into_iter()
        .rev()
        // A table filled by the host and bots has its Join button disabled: look for Cancel.
        .find(|m| m.id > before && m.button("Cancel").is_some())
        .ok_or_else(|| {
            // A deferred answer ("thinking...") is filled in by an edit of its message.
            let said = r
                .message
                .and_then(|m| fake.message(m))
                .map_or_else(|| r.content().to_string(), |m| m.content.clone());
            format!("{line}: no lobby message (with a Cancel button) appeared; the answer: {said}")
        })?;
    let game = table_number(lobby.title())
        .ok_or_else(|| format!("no table number in {:?}", lobby.title()))?;
    let thread = fake
        .threads_of(channel)
        .into_iter()
        .find(|&t| t == lobby.id);
    Ok(TableRef {
        channel,
        message: lobby.id,
        thread,
        game,
    })
}

/// Clicks the lobby's Join button as `user`.
pub async fn join(fake: &FakeDiscord, user: u64, table: &TableRef) -> Result<Reply, String> {
    let lobby = fake
        .message(table.message)
        .ok_or("the lobby message is gone")?;
    let id = button_id(&lobby, "Join").ok_or("no enabled Join button")?;
    let r = answer(fake, fake.click(user, table.message, &id))
        .await
        .map_err(|e| e.to_string())?;
    // The click is acknowledged first and the lobby redrawn by an edit after: wait for it, as a
    // person waits to see the message change.
    fake.settle().await;
    Ok(r)
}

/// Clicks the lobby's Start button as `user`.
pub async fn start(fake: &FakeDiscord, user: u64, table: &TableRef) -> Result<Reply, String> {
    // Wait for the lobby to show the last Join: `settle` sees only this process's bot, and a
    // bot in another process (several processes on one database) redraws when it gets to it.
    // The cap only turns a bot that never redraws into a failure instead of a hang.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    let id = loop {
        let lobby = fake
            .message(table.message)
            .ok_or("the lobby message is gone")?;
        if let Some(id) = button_starting(&lobby, "Start") {
            break id;
        }
        if std::time::Instant::now() > deadline {
            return Err("no enabled Start button".into());
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    };
    let r = answer(fake, fake.click(user, table.message, &id))
        .await
        .map_err(|e| e.to_string())?;
    // The click is acknowledged first and the lobby redrawn by an edit after: wait for it, as a
    // person waits to see the message change.
    fake.settle().await;
    Ok(r)
}

/// A started table of `people` (user, name): the first opens it with `line` in `channel`, the
/// others join, the first starts it. Returns the table and its scripted players, in that order.
pub async fn seated_table(
    fake: &FakeDiscord,
    channel: u64,
    line: &str,
    people: &[(u64, &str)],
) -> Result<(TableRef, Vec<Player>), String> {
    let (host, _) = *people.first().ok_or("a table needs a host")?;
    let table = open_table(fake, host, channel, line).await?;
    for &(u, _) in &people[1..] {
        join(fake, u, &table).await?;
    }
    start(fake, host, &table).await?;
    let seats = people.iter().map(|&(u, n)| Player::new(u, n)).collect();
    Ok((table, seats))
}

/// One scripted player.
#[derive(Clone, Debug)]
pub struct Player {
    pub user: u64,
    pub name: String,
    /// The private panel this player is looking at (ephemeral or DM message).
    pub panel: Option<u64>,
    /// Refreshed with nothing to do while the table message had this many edits.
    refreshed_at: Option<u64>,
    /// Idle until the table message changes from this many edits.
    idle_at: Option<u64>,
    pub clicks: usize,
    pub decisions: usize,
    /// The panel this player last used was a DM (hand in DMs).
    pub dm_panel: bool,
}

impl Player {
    pub fn new(user: u64, name: &str) -> Player {
        Player {
            user,
            name: name.to_string(),
            panel: None,
            refreshed_at: None,
            idle_at: None,
            clicks: 0,
            decisions: 0,
            dm_panel: false,
        }
    }
}

/// A fingerprint of what a message shows (its text and its components).
fn state_of(m: &MessageView) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    m.text().hash(&mut h);
    for c in decisions(m) {
        format!("{c:?}").hash(&mut h);
    }
    h.finish()
}

/// How players decide.
#[derive(Clone, Copy, Debug)]
pub struct Style {
    /// Chance of looking around (farms, log) instead of deciding.
    pub look_around: f64,
    /// Let the bot finish its follow-up calls after each click (table edits, summaries) before
    /// the next click. Off: players click as soon as they have an answer, like impatient people.
    pub patient: bool,
    /// When every player waits, wait for the whole fake to go quiet (one game per fake). Off
    /// (many games at once): pause briefly instead.
    pub settle: bool,
    /// Prefer building, harvesting and drawing over selling and fiddling with the split (by the
    /// labels a person reads), which grows bigger farms: bigger grids, more build spaces, more
    /// harvest choices. Off: every decision is equally likely.
    pub builder: bool,
    /// A click left unanswered counts as "This interaction failed" (the player tries again)
    /// instead of an error: for a bot that is killed and restarted under the players' clicks.
    pub unanswered_is_failure: bool,
}

/// How much a builder likes a decision, from its label (and its select's placeholder).
pub fn builder_weight(c: &Choice) -> f64 {
    let label = c.label();
    let placeholder = match c {
        Choice::Option { placeholder, .. } => placeholder.as_str(),
        Choice::Button { .. } => "",
    };
    // The first row with a start of the label (or, where it says so, of the placeholder) wins.
    let weights: [(&[&str], bool, f64); 7] = [
        (&["+ ", "− "], false, 0.3),
        (&["Draw "], false, 6.0),
        (&["Build"], true, 10.0),
        (&["Pay", "Default", "Choose towers"], false, 5.0),
        (&["Harvest"], true, 8.0),
        (&["Restore", "Keep", "Place"], false, 4.0),
        (&["Done", "Market"], false, 0.5),
    ];
    weights
        .iter()
        .find(|(starts, or_placeholder, _)| {
            starts
                .iter()
                .any(|s| label.starts_with(s) || (*or_placeholder && placeholder.starts_with(s)))
        })
        .map_or(1.0, |&(_, _, weight)| weight)
}

impl Default for Style {
    fn default() -> Style {
        Style {
            look_around: 0.03,
            patient: false,
            settle: true,
            builder: false,
            unanswered_is_failure: false,
        }
    }
}

/// What a driver did.
#[derive(Clone, Debug, Default)]
pub struct Stats {
    pub clicks: usize,
    pub decisions: usize,
    pub refreshes: usize,
    pub hands: usize,
    pub looks: usize,
    /// Clicks the fake failed on purpose (injected faults) or answered too late.
    pub failed: usize,
    /// Replies that said a view was out of date.
    pub stale: usize,
    /// Components that vanished between reading the panel and clicking.
    pub vanished: usize,
}

/// Plays a started game with scripted players until the final scores appear.
pub struct Driver {
    pub fake: FakeDiscord,
    pub table: TableRef,
    pub players: Vec<Player>,
    pub rng: ChaCha8Rng,
    pub style: Style,
    pub stats: Stats,
    /// Give up after this many clicks.
    pub max_clicks: usize,
    stalls: u32,
    stall_mark: usize,
}

impl Driver {
    /// For bots in other processes, or one killed and restarted under the players' clicks: the
    /// fake cannot see their queued work, so the players act on what they see (no waiting for
    /// quiet), and a click left unanswered counts as a failed one that the player tries again.
    pub fn against_other_processes(&mut self) {
        self.style.settle = false;
        self.style.unanswered_is_failure = true;
    }

    pub fn new(fake: &FakeDiscord, table: &TableRef, players: Vec<Player>, seed: u64) -> Driver {
        Driver {
            fake: fake.clone(),
            table: table.clone(),
            players,
            rng: ChaCha8Rng::seed_from_u64(seed),
            style: Style::default(),
            stats: Stats::default(),
            max_clicks: 20_000,
            stalls: 0,
            stall_mark: 0,
        }
    }

    /// The final score message in the game's channel, once posted; or, if that post was lost
    /// (a failed call is not retried), the table message once it shows the final scores, or a
    /// player's panel saying "Game over".
    pub fn final_message(&self) -> Option<MessageView> {
        self.fake
            .channel(self.table.play_channel())
            .into_iter()
            .find(|m| starts_like(m.title(), "Final scores"))
            .or_else(|| {
                self.fake
                    .message(self.table.message)
                    .filter(|m| ends_like(m.title(), "Final scores"))
            })
            .or_else(|| {
                self.players.iter().find_map(|p| {
                    self.fake
                        .message(p.panel?)
                        .filter(|m| ends_like(m.title(), "Game over"))
                })
            })
    }

    /// What the table message shows, as a fingerprint: players who wait look again once it
    /// changes. Its content, not its edit count: how many edits the bot merged depends on timing,
    /// and a demo must play the same game for the same seed.
    fn table_edits(&self) -> u64 {
        self.fake
            .message(self.table.message)
            .map_or(0, |m| state_of(&m))
    }

    /// A moderator deleted the table message and the bot posted it again in the same channel
    /// (issue 42): the players follow the new one, as people scroll down to it.
    fn follow_reposted_table(&mut self) {
        let old = self.table.message;
        if !self
            .fake
            .with_quiet(|w| w.messages.get(&old).is_none_or(|m| m.deleted))
        {
            return;
        }
        let game = self.table.game;
        if let Some(m) = self
            .fake
            .channel(self.table.channel)
            .into_iter()
            .rev()
            .find(|m| m.id > old && table_number(m.title()) == Some(game))
        {
            self.table.message = m.id;
        }
    }

    /// Plays until the final scores are posted.
    pub async fn play(&mut self) -> Result<MessageView, String> {
        self.play_until(|_| false).await?;
        self.final_message()
            .ok_or_else(|| "the game stopped without final scores".to_string())
    }

    /// Plays one step (whatever the game waits for next), unless the game is over. Returns true
    /// when the game is over.
    pub async fn play_one(&mut self) -> Result<bool, String> {
        // `stop` is asked before each step: no before the first, yes before the second.
        let mut asked = 0;
        self.play_until(move |_| {
            asked += 1;
            asked > 1
        })
        .await
    }

    /// Plays until one more decision has been made (a move may take several clicks), unless the
    /// game is over. Returns true when the game is over.
    pub async fn play_decision(&mut self) -> Result<bool, String> {
        let next = self.stats.decisions + 1;
        self.play_until(|decisions| decisions >= next).await
    }

    /// Plays until the final scores are posted or `stop` (called before each step with the
    /// number of decisions made so far) says so. Returns true when the game is over.
    pub async fn play_until(
        &mut self,
        mut stop: impl FnMut(usize) -> bool,
    ) -> Result<bool, String> {
        loop {
            self.follow_reposted_table();
            if self.final_message().is_some() {
                if self.style.settle {
                    self.fake.settle().await;
                }
                return Ok(true);
            }
            if stop(self.stats.decisions) {
                return Ok(false);
            }
            if self.stats.clicks >= self.max_clicks {
                return Err(format!(
                    "no end after {} clicks ({:?})",
                    self.stats.clicks, self.stats
                ));
            }
            let edits = self.table_edits();
            for p in &mut self.players {
                if p.idle_at.is_some_and(|e| e != edits) {
                    p.idle_at = None;
                }
            }
            let active: Vec<usize> = (0..self.players.len())
                .filter(|&k| self.players[k].idle_at.is_none())
                .collect();
            if active.is_empty() {
                // Everyone waits: let the bot finish its work, then everyone looks again. Its
                // thread posts may still be queued behind the channel's rate limit; only when
                // nothing else changed is that waited for too (the final scores are a post).
                if self.style.settle {
                    self.fake.settle_moves().await;
                    if self.table_edits() == edits && self.stats.decisions == self.stall_mark {
                        self.fake.settle().await;
                    }
                } else {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
                if self.final_message().is_some() {
                    continue;
                }
                if self.table_edits() != edits || self.stats.decisions != self.stall_mark {
                    self.stalls = 0;
                    self.stall_mark = self.stats.decisions;
                } else {
                    self.stalls += 1;
                    let limit = if self.style.settle { 3 } else { 200 };
                    if self.stalls > limit {
                        return Err(format!(
                            "stalled: every player waits and nothing changes\n{}",
                            self.describe()
                        ));
                    }
                }
                for p in &mut self.players {
                    p.idle_at = None;
                    p.refreshed_at = None;
                }
                continue;
            }
            let k = active[self.rng.random_range(0..active.len())];
            self.turn(k).await?;
            if self.style.patient {
                self.fake.settle().await;
            }
        }
    }

    /// What every player sees on their panel (for failure messages).
    pub fn describe(&self) -> String {
        let mut s = String::new();
        for p in &self.players {
            s.push_str(&format!("--- {} (panel {:?})\n", p.name, p.panel));
            if let Some(m) = p.panel.and_then(|id| self.fake.message(id)) {
                s.push_str(&m.text());
                s.push('\n');
            }
        }
        s
    }

    /// The player's panel, if still visible to them.
    fn panel(&self, k: usize) -> Option<MessageView> {
        let p = &self.players[k];
        self.fake.visible_message(p.user, p.panel?)
    }

    /// Sends a click and waits for the answer; failures the fake injected count as "try again".
    async fn send(&mut self, k: usize, ix: Result<Ix, FakeError>) -> Result<Option<Reply>, String> {
        self.stats.clicks += 1;
        self.players[k].clicks += 1;
        let ix = match ix {
            Ok(ix) => ix,
            // The message changed under the player's finger (the bot edited a DM panel, or the
            // ephemeral expired): look again.
            Err(FakeError::NoComponent(_) | FakeError::Disabled(_) | FakeError::NoOption(_)) => {
                self.stats.vanished += 1;
                return Ok(None);
            }
            Err(FakeError::NotVisible(_)) => {
                self.stats.vanished += 1;
                self.players[k].panel = None;
                return Ok(None);
            }
            Err(e) => return Err(format!("{}: cannot click: {e}", self.players[k].name)),
        };
        match self.fake.reply(&ix).await {
            Ok(r) => {
                if r.content().contains("out of date")
                    || contains_said(
                        r.content(),
                        "This view was out of date; here is the current one.",
                    )
                    || contains_said(
                        r.content(),
                        "This view is out of date: the game has moved on.",
                    )
                {
                    self.stats.stale += 1;
                }
                Ok(Some(r))
            }
            Err(FakeError::Failed(_)) => {
                self.stats.failed += 1;
                // "This interaction failed": a person looks again a moment later. Clicking
                // again at once, as fast as the fake fails the clicks (a dropped gateway session
                // fails every click made meanwhile), would spin and starve the bot it waits for.
                tokio::time::sleep(Duration::from_millis(20)).await;
                Ok(None)
            }
            Err(FakeError::Timeout(_)) if self.style.unanswered_is_failure => {
                // The player gives up on this click and will click again: it will never be
                // answered (Discord refuses an answer after 3 s), so a later wait for the bot
                // to go quiet must not count it as owed, or it waits out its whole cap.
                self.fake.forgive(&ix);
                self.stats.failed += 1;
                Ok(None)
            }
            Err(e) => Err(format!(
                "{}: {e}\nafter {:?}\n{}",
                self.players[k].name,
                self.stats,
                self.describe()
            )),
        }
    }

    /// Opens a fresh panel with "My hand" / "My screen" (ephemeral, or the DM panel).
    async fn open_hand(&mut self, k: usize) -> Result<(), String> {
        let user = self.players[k].user;
        let table = self
            .fake
            .message(self.table.message)
            .ok_or("the table message is gone")?;
        let Some(id) = OPEN_PANEL.iter().find_map(|l| button_id(&table, l)) else {
            // The game is over (or not started): nothing to open.
            self.players[k].idle_at = Some(state_of(&table));
            return Ok(());
        };
        self.stats.hands += 1;
        let Some(r) = self.send(k, self.fake.click(user, table.id, &id)).await? else {
            return Ok(());
        };
        let msg = r.message.and_then(|m| self.fake.message(m));
        match msg {
            Some(m) if m.button("Refresh").is_some() => {
                self.check_own_panel(k, &m)?;
                self.players[k].panel = Some(m.id);
                self.players[k].dm_panel = m.place == Place::Dm;
            }
            _ => {
                // "Your hand is in your DMs with me.": the DM panel is the newest DM with a
                // Refresh button.
                let dm = self.fake.dm_channel(user).and_then(|c| {
                    self.fake
                        .channel(c)
                        .into_iter()
                        .rev()
                        .find(|m| m.place == Place::Dm && m.button("Refresh").is_some())
                });
                match dm {
                    Some(m) => {
                        self.check_own_panel(k, &m)?;
                        self.players[k].panel = Some(m.id);
                        self.players[k].dm_panel = true;
                    }
                    None => {
                        return Err(format!(
                            "{}: My hand gave no panel: {:?}",
                            self.players[k].name,
                            r.content()
                        ));
                    }
                }
            }
        }
        Ok(())
    }

    /// A panel must be its owner's: a private panel's title is `<name> · <phase>`, so another
    /// player's name there means someone else's hand is shown.
    fn check_own_panel(&self, k: usize, m: &MessageView) -> Result<(), String> {
        let name = &self.players[k].name;
        let title = m.title();
        for (j, other) in self.players.iter().enumerate() {
            if j != k && title.starts_with(&format!("{} · ", other.name)) {
                return Err(format!("{name} was shown someone else's panel: {title:?}"));
            }
        }
        Ok(())
    }

    /// One step for player `k`.
    async fn turn(&mut self, k: usize) -> Result<(), String> {
        let Some(panel) = self.panel(k) else {
            return self.open_hand(k).await;
        };
        self.check_own_panel(k, &panel)?;
        let user = self.players[k].user;
        let edits = self.table_edits();
        let choices = decisions(&panel);
        if !choices.is_empty() && self.rng.random::<f64>() < self.style.look_around {
            let looks = look_choices(&panel);
            if !looks.is_empty() {
                let c = looks[self.rng.random_range(0..looks.len())].clone();
                self.stats.looks += 1;
                self.send(k, c.send(&self.fake, user, panel.id)).await?;
                return Ok(());
            }
        }
        if choices.is_empty() {
            if let Some(id) = button_id(&panel, "Back") {
                self.send(k, self.fake.click(user, panel.id, &id)).await?;
                return Ok(());
            }
            if self.players[k].refreshed_at == Some(edits) {
                self.players[k].idle_at = Some(edits);
                return Ok(());
            }
            let Some(id) = button_id(&panel, "Refresh") else {
                // Not a panel any more: get a fresh one.
                self.players[k].panel = None;
                return Ok(());
            };
            self.stats.refreshes += 1;
            self.players[k].refreshed_at = Some(edits);
            self.send(k, self.fake.click(user, panel.id, &id)).await?;
            return Ok(());
        }
        let c = if self.style.builder {
            let weights: Vec<f64> = choices.iter().map(builder_weight).collect();
            let mut x = self.rng.random::<f64>() * weights.iter().sum::<f64>();
            let mut pick = choices.len() - 1;
            for (k, w) in weights.iter().enumerate() {
                if x < *w {
                    pick = k;
                    break;
                }
                x -= w;
            }
            choices[pick].clone()
        } else {
            choices[self.rng.random_range(0..choices.len())].clone()
        };
        self.stats.decisions += 1;
        self.players[k].decisions += 1;
        self.players[k].refreshed_at = None;
        if let Some(r) = self.send(k, c.send(&self.fake, user, panel.id)).await?
            && r.kind == 4
            && r.ephemeral()
        {
            // A new private message instead of an update: keep it if it is a panel.
            if let Some(m) = r.message.and_then(|m| self.fake.message(m))
                && m.button("Refresh").is_some()
            {
                self.players[k].panel = Some(m.id);
            }
        }
        Ok(())
    }

    /// Waits (up to `timeout`) for the bot to go quiet.
    pub async fn settle(&self, timeout: Duration) -> bool {
        self.fake
            .settle_for(Duration::from_millis(30), timeout)
            .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Locale;

    /// The navigation buttons are known in both languages, in step: the catalogue's English
    /// labels are [`NAVIGATION`], each language has as many, and a Japanese player's 戻る, 更新,
    /// 全農場, ボード, 記録, ログ and カードの全文 are navigation, never decisions.
    #[test]
    fn navigation_labels_are_known_in_both_languages() {
        let mut english: Vec<String> = NAVIGATION.iter().map(|s| s.to_string()).collect();
        english.sort();
        assert_eq!(navigation_labels(Locale::En), english);
        let ja = navigation_labels(Locale::Ja);
        for label in [
            "戻る",
            "更新",
            "全農場",
            "ボード",
            "記録",
            "ログ",
            "カードの全文",
        ] {
            assert!(ja.iter().any(|l| l == label), "{label} missing: {ja:?}");
            assert!(is_navigation(label), "{label}");
        }
        // Each message has its own Japanese label, except where both games share one word.
        for id in NAVIGATION_IDS {
            let ja = crate::i18n::format_in(Locale::Ja, id, None);
            assert!(!ja.is_empty() && ja != id, "{id} has no Japanese label");
            assert!(
                crate::fake_discord::reading::has_japanese(&ja),
                "{id}: {ja}"
            );
        }
        for decision in ["Build", "建設", "Hint", "Undo"] {
            assert!(!is_navigation(decision), "{decision}");
        }
    }
}
