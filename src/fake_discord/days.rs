//! A game that lives through days (issue 41), offline, on the simulated clock: four people in
//! Tokyo, Berlin, New York and São Paulo, quiet hours 23-07 local, play a table at pace `day`.
//! Each looks at the game every hour of their own waking day and plays what waits for them.
//! One says they are away for three days (`away until:`: their deadlines wait); one stops
//! looking for days and misses deadlines, so the stand-in plays for them until they are back;
//! one leaves (a bot takes the seat) and the host gives the seat to a newcomer from London an
//! hour later; one takes back a decision with Undo; the bot restarts on day 7. The clock never
//! waits: it jumps to the next moment someone looks at the game or the scheduler has something
//! due, and the scheduler's pass runs at that simulated minute, as the bot's loop would.
//!
//! Used by `farmhand demo --days N` and by the two-weeks tests, which assert on the
//! [`Summary`]: no reminder inside anyone's quiet hours, each stand-in move at its deadline to
//! the minute, nothing acknowledged lost.

use super::FakeDiscord;
use super::guided::{Guided, GuidedPlayers, Seat};
use super::harness::Bot;
use super::player;
use crate::config::Config;
use crate::day::{Day, QuietHours};
use crate::discord::schedule;
use crate::store::Pace;
use std::time::Duration;

/// The four people: a name, an IANA time zone, and the minute past the hour they look in.
pub const PEOPLE: [(&str, &str, i64); 4] = [
    ("Aiko", "Asia/Tokyo", 5),
    ("Bruno", "Europe/Berlin", 20),
    ("Chloé", "America/New_York", 35),
    ("Davi", "America/Sao_Paulo", 50),
];

/// Who takes the seat of the player who leaves: a name, a time zone, a minute past the hour.
pub const NEWCOMER: (&str, &str, i64) = ("Emi", "Europe/London", 40);

/// Everyone's quiet hours, local time.
pub const QUIET: &str = "23-07";

/// What the story does.
#[derive(Clone, Debug)]
pub struct Plan {
    /// The seed of the game and of the players' choices.
    pub seed: u64,
    /// The story stops after this many days, finished or not.
    pub days: u32,
    /// Who stops looking at the game without a word (index in [`PEOPLE`]), from which to which
    /// day (counted from the start, 0-based: from the start of day `from` to the start of day
    /// `to`): they miss their deadlines.
    pub absent: Vec<(usize, u32, u32)>,
    /// Who says they are away (`away until:`, their deadlines frozen), on which day (0-based,
    /// at their first look), for how many days.
    pub away: Vec<(usize, u32, u32)>,
    /// Who leaves the game, on which day (0-based, at their first look); the host gives the
    /// seat to [`NEWCOMER`] at her first look an hour or more later.
    pub leave: Option<(usize, u32)>,
    /// From this day (0-based), the first person whose screen offers Undo after a decision
    /// takes it back, and decides again.
    pub undo_from_day: Option<u32>,
    /// The bot restarts at the start of this day.
    pub restart_on_day: Option<u32>,
}

impl Plan {
    /// The story of the issue: two weeks; Davi away for three days from day 3; Bruno leaves on
    /// day 5 and Emi takes his seat; Chloé does not look in on days 7-10; an Undo from day 2;
    /// a restart on day 8's start (after seven whole days).
    pub fn two_weeks(seed: u64) -> Plan {
        Plan {
            seed,
            days: 14,
            absent: vec![(2, 6, 10)],
            away: vec![(3, 2, 3)],
            leave: Some((1, 4)),
            undo_from_day: Some(1),
            restart_on_day: Some(7),
        }
    }
}

/// What happened.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Reminder messages (a thread post that pings someone, made by a scheduler pass).
    pub reminders: usize,
    /// Of them, those that pinged someone inside their quiet hours.
    pub reminders_in_quiet: usize,
    /// Decisions whose deadline passed: the stand-in made them.
    pub stand_in_moves: usize,
    /// Absences set with `away until:`.
    pub aways: usize,
    /// Seats that changed hands (a player left; the host gave the seat on).
    pub handed_on: usize,
    /// Decisions taken back with Undo.
    pub undone: usize,
    /// Clicks or commands by players after they left, refused as they must be...
    pub former_refused: usize,
    /// ...and those the bot took (must be 0).
    pub former_moves: usize,
    /// The latest a stand-in move came after its deadline, in seconds.
    pub stand_in_latest_s: i64,
    /// Decisions the people made (acknowledged by the bot).
    pub decisions: usize,
    /// Actions acknowledged (people's and the stand-in's) but missing from the database.
    pub lost: usize,
    pub restarts: usize,
    /// Whether the game ended within the days, and on which day (1-based).
    pub finished_on_day: Option<u32>,
    /// For a finished game: whether the records hold it as ended, stamped with the simulated
    /// date it ended on, with the seat that changed hands flagged (and no other).
    pub recorded: Option<bool>,
}

impl Summary {
    /// The demo's last line.
    pub fn line(&self) -> String {
        format!(
            "reminders {} (inside quiet hours {}) · deadlines {}, stand-in moves {} (latest {} s after its deadline) · away {} · seats handed on {} (clicks after leaving refused {}, taken {}) · undone {} · restarts {} · decisions {} · lost {} · {}",
            self.reminders,
            self.reminders_in_quiet,
            self.stand_in_moves,
            self.stand_in_moves,
            self.stand_in_latest_s,
            self.aways,
            self.handed_on,
            self.former_refused,
            self.former_moves,
            self.undone,
            self.restarts,
            self.decisions,
            self.lost,
            match self.finished_on_day {
                Some(d) => format!("finished on day {d}"),
                None => "not finished".to_string(),
            }
        )
    }
}

const HOUR: i64 = 3_600_000;
const DAY: i64 = 24 * HOUR;

/// A person of the story.
struct Person {
    user: u64,
    name: &'static str,
    day: Day,
    minute: i64,
    /// Left the game: they no longer play (they try once, and are refused).
    left: bool,
    /// Said away already.
    away_said: bool,
}

impl Person {
    /// The next moment after `after` this person looks at the game: every hour of their waking
    /// day, at their minute past the hour (07:mm, 08:mm, ... 22:mm local).
    fn next_look(&self, after: i64) -> i64 {
        let mut t = (after / HOUR) * HOUR + self.minute * 60_000;
        for _ in 0..48 {
            if t > after && !self.day.is_quiet(t) {
                return t;
            }
            t += HOUR;
        }
        after + DAY
    }
}

/// Plays the story of `plan` for game `G` on `fake` (whose clock the bot shares), with the bot
/// configured by `config` (its database must be new). `say` is told of each day as it starts.
pub async fn play<G: Guided>(
    fake: &FakeDiscord,
    config: Config,
    plan: &Plan,
    mut say: impl FnMut(&str),
) -> anyhow::Result<Summary> {
    let mut config = config;
    // The passes are run here, at the simulated minutes, not by the bot's own loop.
    config.game.reminder_check_seconds = 0;
    config.game.first_seed = Some(plan.seed);
    let clock = fake.clock();
    let start = clock.now_ms();
    // The channel is named as the CLI names the game (`fields-of-green`).
    let channel = fake.add_channel(&G::GAME.cli_name());
    let quiet = QuietHours::parse(QUIET).map_err(anyhow::Error::msg)?;
    let person = |(name, zone, minute): (&'static str, &str, i64)| -> anyhow::Result<Person> {
        Ok(Person {
            user: fake.add_user(name),
            name,
            day: Day::of(Some(zone), Some(quiet)).ok_or_else(|| anyhow::anyhow!("no day"))?,
            minute,
            left: false,
            away_said: false,
        })
    };
    let mut people = PEOPLE
        .into_iter()
        .map(person)
        .collect::<anyhow::Result<Vec<_>>>()?;
    // The newcomer is a member of the server from the start, and sets her day; she plays once
    // she is given a seat.
    let mut newcomer = Some(person(NEWCOMER)?);
    let mut bot = Bot::start(fake, config.clone()).await?;
    let command = G::GAME.command();
    let users: Vec<u64> = people
        .iter()
        .chain(newcomer.as_ref())
        .map(|p| p.user)
        .collect();
    for (&(name, zone, _), user) in PEOPLE.iter().chain([&NEWCOMER]).zip(users) {
        let line = format!("{command} settings timezone:{zone} quiet_hours:{QUIET}");
        let said = say_in(fake, user, channel, &line).await?;
        if !said.contains(zone) {
            anyhow::bail!("{name}'s settings were not saved: {said:?}");
        }
    }
    let line = format!("{command} new seats:4 pace:\"day: a day a decision\"");
    let table = player::open_table(fake, people[0].user, channel, &line)
        .await
        .map_err(anyhow::Error::msg)?;
    for p in &people[1..] {
        player::join(fake, p.user, &table)
            .await
            .map_err(anyhow::Error::msg)?;
    }
    player::start(fake, people[0].user, &table)
        .await
        .map_err(anyhow::Error::msg)?;
    let (t, _) = bot.data.service.load::<G>(table.game).await?;
    if t.game.options.pace != Pace::Day {
        anyhow::bail!("the table's pace is {:?}, not day", t.game.options.pace);
    }
    let mut seats: Vec<Seat> = people.iter().map(|p| Seat::new(p.user, p.name)).collect();
    let mut summary = Summary::default();
    let mut acknowledged = 0usize;
    let mut day_said = 0;
    let end = start + i64::from(plan.days) * DAY;
    let absent = |k: usize, t: i64| {
        plan.absent.iter().any(|&(who, from, to)| {
            who == k && t >= start + i64::from(from) * DAY && t < start + i64::from(to) * DAY
        })
    };
    let mut restarted = false;
    // When the leaver left, and their seat; whether it has been given on.
    let mut left: Option<(i64, usize)> = None;
    let mut given = false;
    loop {
        let now = clock.now_ms();
        let (t, game) = bot.data.service.load::<G>(table.game).await?;
        let Some(game) = game else {
            anyhow::bail!("the game has no state");
        };
        if game.is_over() {
            summary.finished_on_day = Some(((now - start) / DAY) as u32 + 1);
            break;
        }
        if now >= end {
            break;
        }
        let today = ((now - start) / DAY) as u32;
        if today >= day_said {
            day_said = today + 1;
            say(&format!("day {}", today + 1));
            fake.note(format!("Day {} begins.", today + 1));
        }
        // The bot restarts (a deploy, a crash) at the start of the planned day.
        if !restarted && plan.restart_on_day.is_some_and(|d| today >= d) {
            restarted = true;
            fake.settle().await;
            bot.stop().await?;
            fake.note("The bot restarts.");
            bot = Bot::start(fake, config.clone()).await?;
            summary.restarts += 1;
        }
        // The next moment anything happens: someone looks in, or the scheduler has work.
        let next_look = people
            .iter()
            .map(|p| p.next_look(now))
            .min()
            .unwrap_or(now + HOUR);
        let next = match t.game.due_at {
            Some(due) if due > now => due.min(next_look),
            Some(_) => now,
            None => next_look,
        };
        clock.set(next);
        let now = clock.now_ms();

        // The scheduler's pass, at this minute: what it posts with a ping is a reminder.
        let thread = table.play_channel();
        let seen = fake.channel(thread).len();
        let version = t.game.version;
        let deadlines: Vec<(usize, i64)> = match t.game.waiting_since {
            Some(since) => game
                .waiting_for()
                .into_iter()
                .filter_map(|seat| {
                    let user = t.user_of(seat)?;
                    let k = people.iter().position(|p| p.user == user)?;
                    let at = t.deadline(seat, since, Some(&people[k].day))?;
                    Some((seat, at))
                })
                .collect(),
            None => Vec::new(),
        };
        let http = fake.http();
        let pass = schedule::pass(&http, &bot.data, now).await?;
        fake.settle().await;
        for m in fake.channel(thread).iter().skip(seen) {
            if m.pings.is_empty() {
                continue;
            }
            summary.reminders += 1;
            let asleep = m.pings.iter().any(|u| {
                people
                    .iter()
                    .any(|p| p.user == *u && p.day.is_quiet(m.created_ms))
            });
            if asleep {
                summary.reminders_in_quiet += 1;
            }
        }
        if pass.stand_in_moves > 0 {
            // Which seats the stand-in played for, from the log, and how late.
            for (v, seat, _) in bot.data.service.store().actions(table.game).await? {
                if v <= version {
                    continue;
                }
                if let Some(&(_, at)) = deadlines.iter().find(|(s, _)| *s == seat) {
                    summary.stand_in_latest_s = summary.stand_in_latest_s.max((now - at) / 1000);
                    if now < at {
                        anyhow::bail!("the stand-in played for seat {seat} before its deadline");
                    }
                }
            }
            summary.stand_in_moves += pass.stand_in_moves;
            acknowledged += pass.stand_in_moves;
        }

        // Whoever looks in now plays what waits for them.
        let today = ((now - start) / DAY) as u32;
        for k in 0..people.len() {
            let p = &people[k];
            if (p.next_look(now - 1) - now).abs() >= 60_000 || absent(k, now) {
                continue;
            }
            let user = p.user;
            let (t, _) = bot.data.service.load::<G>(table.game).await?;
            // Gone: they look once more, and are told their seat is no longer theirs.
            if p.left {
                if summary.former_refused + summary.former_moves == 0 {
                    let version = t.game.version;
                    let line = format!("{command} hand");
                    let said = say_in(fake, user, table.channel, &line).await?;
                    let (t, _) = bot.data.service.load::<G>(table.game).await?;
                    if said.contains("You left this game") && t.game.version == version {
                        summary.former_refused += 1;
                    } else {
                        summary.former_moves += 1;
                    }
                }
                continue;
            }
            // Says they are away, for the planned days (their deadlines wait meanwhile).
            if !p.away_said
                && let Some(&(_, _, n)) = plan
                    .away
                    .iter()
                    .find(|&&(who, from, _)| who == k && today >= from)
            {
                let line = format!("{command} away until:{n}d");
                let said = say_in(fake, user, table.channel, &line).await?;
                if !said.contains("You are away until") {
                    anyhow::bail!("{}'s away was not set: {said:?}", p.name);
                }
                people[k].away_said = true;
                summary.aways += 1;
                fake.settle().await;
                continue;
            }
            if t.seat_of(user).is_some_and(|s| t.away_at(s, now).is_some()) {
                continue;
            }
            // Leaves, confirming with the button.
            if left.is_none()
                && plan
                    .leave
                    .is_some_and(|(who, day)| who == k && today >= day)
            {
                let seat = t.seat_of(user).unwrap_or_default();
                leave(fake, &table, user, command).await?;
                people[k].left = true;
                left = Some((now, seat));
                summary.handed_on += 1;
                fake.settle().await;
                continue;
            }
            // The host gives the seat on, an hour or more after it was left.
            if k == 0
                && !given
                && let Some((at, seat)) = left
                && now >= at + HOUR
                && let Some(new) = newcomer.take()
            {
                let line = format!("{command} give seat:{} to:{}", seat + 1, new.name);
                let said = say_in(fake, user, table.channel, &line).await?;
                if !said.contains(new.name) || !said.contains("seat now") {
                    anyhow::bail!("the seat was not given: {said:?}");
                }
                given = true;
                summary.handed_on += 1;
                seats.push(Seat::new(new.user, new.name));
                people.push(new);
                fake.settle().await;
            }
            let mut guided = GuidedPlayers::new(fake, &bot.data, &table, seats.clone(), plan.seed);
            for _ in 0..20 {
                let (t, game) = bot.data.service.load::<G>(table.game).await?;
                let Some(game) = game else { break };
                let Some(seat) = t.seat_of(user) else { break };
                if game.is_over() || !game.waiting_for().contains(&seat) {
                    break;
                }
                guided
                    .play_seat::<G>(seat)
                    .await
                    .map_err(anyhow::Error::msg)?;
                summary.decisions += 1;
                acknowledged += 1;
                // A misclick, taken back at once where the screen offers Undo.
                if summary.undone == 0
                    && plan.undo_from_day.is_some_and(|d| today >= d)
                    && guided.undo::<G>(user).await.map_err(anyhow::Error::msg)?
                {
                    summary.undone += 1;
                    // The decision taken back is no longer in the log: it is not owed.
                    acknowledged -= 1;
                    fake.note(format!("{} took back a decision.", people[k].name));
                }
            }
            seats = guided.seats;
        }
        // A moment passes before the next look (edits land; nothing else waits on it).
        clock.advance(Duration::from_secs(1));
    }
    fake.settle().await;
    let store = bot.data.service.store();
    let stored = store.actions(table.game).await?.len();
    summary.lost = acknowledged.saturating_sub(stored);
    if summary.finished_on_day.is_some() {
        let record = store.record(table.game).await?;
        let handed = left.map(|(_, seat)| seat);
        summary.recorded = Some(record.is_some_and(|r| {
            r.outcome == crate::store::Status::Ended
                && r.ended_at >= start + DAY
                && r.ended_at <= clock.now_ms()
                && r.seats.iter().all(|s| {
                    let changes = if Some(s.seat) == handed {
                        u32::from(given) + 1
                    } else {
                        0
                    };
                    s.handed_on == changes
                })
        }));
    }
    bot.stop().await?;
    Ok(summary)
}

/// What the bot answered a command `line` typed by `user` in `channel`, as a text.
async fn say_in(fake: &FakeDiscord, user: u64, channel: u64, line: &str) -> anyhow::Result<String> {
    let ix = fake
        .slash(user, channel, line)
        .map_err(anyhow::Error::msg)?;
    let r = fake.reply(&ix).await.map_err(anyhow::Error::msg)?;
    Ok(match r.message.and_then(|m| fake.message(m)) {
        Some(m) => m.text(),
        None => r.content().to_string(),
    })
}

/// `user` leaves the game: `/fog leave` (or `/kh leave`), then the button under the question.
async fn leave(
    fake: &FakeDiscord,
    table: &player::TableRef,
    user: u64,
    command: &str,
) -> anyhow::Result<()> {
    let ix = fake
        .slash(user, table.channel, &format!("{command} leave"))
        .map_err(anyhow::Error::msg)?;
    let r = fake.reply(&ix).await.map_err(anyhow::Error::msg)?;
    let question = r
        .message
        .and_then(|m| fake.message(m))
        .ok_or_else(|| anyhow::anyhow!("/{command} leave showed no question"))?;
    let id = question
        .components()
        .find(|c| c.custom_id().ends_with(":quit"))
        .map(|c| c.custom_id().to_string())
        .ok_or_else(|| anyhow::anyhow!("no Leave button: {}", question.text()))?;
    let ix = fake
        .click(user, question.id, &id)
        .map_err(anyhow::Error::msg)?;
    fake.reply(&ix).await.map_err(anyhow::Error::msg)?;
    let answer = fake
        .message(question.id)
        .map(|m| m.text())
        .unwrap_or_default();
    if !answer.contains("You left the game") {
        anyhow::bail!("leaving was not confirmed: {answer:?}");
    }
    Ok(())
}
