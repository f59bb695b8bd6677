//! A game that lives through days (issue 41), offline, on the simulated clock: four people in
//! Tokyo, Berlin, New York and São Paulo, quiet hours 23-07 local, play a table at pace `day`.
//! Each looks at the game every hour of their own waking day and plays what waits for them;
//! two of them are away for days at a time and miss deadlines, so the stand-in plays for them
//! until they are back; the bot restarts on day 7. The clock never waits: it jumps to the next moment
//! someone looks at the game or the scheduler has something due, and the scheduler's pass runs
//! at that simulated minute, as the bot's loop would.
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

/// Everyone's quiet hours, local time.
pub const QUIET: &str = "23-07";

/// What the story does.
#[derive(Clone, Debug)]
pub struct Plan {
    /// The seed of the game and of the players' choices.
    pub seed: u64,
    /// The story stops after this many days, finished or not.
    pub days: u32,
    /// Who is away (index in [`PEOPLE`]), and from which to which day (counted from the start,
    /// 0-based: away from the start of day `from` to the start of day `to`).
    pub away: Vec<(usize, u32, u32)>,
    /// The bot restarts at the start of this day.
    pub restart_on_day: Option<u32>,
}

impl Plan {
    /// The story of the issue: two weeks, Davi away on days 3-5, Chloé on days 9-11, a restart
    /// on day 7.
    pub fn two_weeks(seed: u64) -> Plan {
        Plan {
            seed,
            days: 14,
            away: vec![(3, 2, 5), (2, 8, 11)],
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
    /// date it ended on.
    pub recorded: Option<bool>,
}

impl Summary {
    /// The demo's last line.
    pub fn line(&self) -> String {
        format!(
            "reminders {} (inside quiet hours {}) · deadlines {}, stand-in moves {} (latest {} s after its deadline) · restarts {} · decisions {} · lost {} · {}",
            self.reminders,
            self.reminders_in_quiet,
            self.stand_in_moves,
            self.stand_in_moves,
            self.stand_in_latest_s,
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
    let channel = fake.add_channel(match G::GAME {
        crate::host::Kind::FieldsOfGreen => "fields-of-green",
        crate::host::Kind::KeyHarvest => "key-harvest",
    });
    let quiet = QuietHours::parse(QUIET).map_err(anyhow::Error::msg)?;
    let mut people = Vec::new();
    for (name, zone, minute) in PEOPLE {
        let user = fake.add_user(name);
        let day = Day::of(Some(zone), Some(quiet)).ok_or_else(|| anyhow::anyhow!("no day"))?;
        people.push(Person {
            user,
            name,
            day,
            minute,
        });
    }
    let mut bot = Bot::start(fake, config.clone()).await?;
    let command = G::GAME.command();
    for p in &people {
        let zone = PEOPLE.iter().find(|x| x.0 == p.name).map_or("UTC", |x| x.1);
        let line = format!("{command} settings timezone:{zone} quiet_hours:{QUIET}");
        let ix = fake
            .slash(p.user, channel, &line)
            .map_err(anyhow::Error::msg)?;
        let r = fake.reply(&ix).await.map_err(anyhow::Error::msg)?;
        let said = r.message.and_then(|m| fake.message(m)).map(|m| m.text());
        if !said.as_deref().is_some_and(|t| t.contains(zone)) {
            anyhow::bail!("{}'s settings were not saved: {said:?}", p.name);
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
    let away = |k: usize, t: i64| {
        plan.away.iter().any(|&(who, from, to)| {
            who == k && t >= start + i64::from(from) * DAY && t < start + i64::from(to) * DAY
        })
    };
    let mut restarted = false;
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
        for (k, p) in people.iter().enumerate() {
            if (p.next_look(now - 1) - now).abs() >= 60_000 || away(k, now) {
                continue;
            }
            let mut guided = GuidedPlayers::new(fake, &bot.data, &table, seats.clone(), plan.seed);
            for _ in 0..20 {
                let (t, game) = bot.data.service.load::<G>(table.game).await?;
                let Some(game) = game else { break };
                let Some(seat) = t.seat_of(p.user) else { break };
                if game.is_over() || !game.waiting_for().contains(&seat) {
                    break;
                }
                guided
                    .play_seat::<G>(seat)
                    .await
                    .map_err(anyhow::Error::msg)?;
                summary.decisions += 1;
                acknowledged += 1;
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
        summary.recorded = Some(record.is_some_and(|r| {
            r.outcome == crate::store::Status::Ended
                && r.ended_at >= start + DAY
                && r.ended_at <= clock.now_ms()
        }));
    }
    bot.stop().await?;
    Ok(summary)
}
