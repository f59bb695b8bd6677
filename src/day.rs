//! A player's day: their time zone and quiet hours (issue 41). Reminders never go out inside a
//! player's quiet hours, and a table's deadline clock (its pace) stops while a player sleeps.
//!
//! Times are unix milliseconds, read from the one clock ([`crate::clock`]) by the callers.
//! Time zones are IANA names ("Asia/Tokyo"), from the time zone database bundled into the
//! binary by `jiff`, so a server without `/usr/share/zoneinfo` knows them too, and daylight
//! saving time moves quiet hours with the local clock.

use jiff::Timestamp;
use jiff::civil::Time;
use jiff::tz::TimeZone;
use serde::{Deserialize, Serialize};

/// Why a time zone or quiet hours were refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DayError {
    #[error("unknown time zone {0:?}")]
    UnknownZone(String),
    #[error("quiet hours are written as two hours, for example 23-07, not {0:?}")]
    QuietFormat(String),
    #[error("quiet hours cannot cover the whole day")]
    WholeDay,
    #[error("{0:?} is not a day (2026-12-03, or a number of days such as 3d)")]
    BadDate(String),
    #[error("{0} has already begun")]
    PastDate(String),
    #[error("{0} is more than {MAX_AWAY_DAYS} days away")]
    FarDate(String),
}

/// The longest absence a player may set.
pub const MAX_AWAY_DAYS: i64 = 60;

/// The day a player is back, as typed for `/fog away until:` ("2026-12-03", or "3d" / "3":
/// that many days from today), read in their time zone (`zone`; UTC when unset). The absence
/// lasts until that day begins there. Returns that moment (unix ms) and the day
/// ("2026-12-03"). Refused: an unreadable day, a day already begun, one more than
/// [`MAX_AWAY_DAYS`] days ahead.
pub fn back_on(typed: &str, zone: Option<&str>, now: i64) -> Result<(i64, String), DayError> {
    let tz = zone
        .and_then(|z| self::zone(z).ok())
        .unwrap_or(TimeZone::UTC);
    let today = Timestamp::from_millisecond(now)
        .unwrap_or(Timestamp::UNIX_EPOCH)
        .to_zoned_datetime(tz.clone())
        .date();
    let t = typed.trim();
    let days = t.strip_suffix(['d', 'D', '日']).unwrap_or(t).trim();
    let date = match days.parse::<i64>() {
        Ok(n) if (0..=MAX_AWAY_DAYS + 1).contains(&n) => today
            .checked_add(jiff::Span::new().days(n))
            .map_err(|_| DayError::BadDate(typed.to_string()))?,
        Ok(_) => return Err(DayError::FarDate(typed.to_string())),
        Err(_) => t
            .parse::<jiff::civil::Date>()
            .map_err(|_| DayError::BadDate(typed.to_string()))?,
    };
    let shown = date.to_string();
    let start = date
        .to_datetime(Time::constant(0, 0, 0, 0))
        .to_zoned_datetime(tz)
        .map_err(|_| DayError::BadDate(typed.to_string()))?
        .timestamp()
        .as_millisecond();
    if start <= now {
        return Err(DayError::PastDate(shown));
    }
    if start > now + MAX_AWAY_DAYS * DAY_MS {
        return Err(DayError::FarDate(shown));
    }
    Ok((start, shown))
}

/// The next `n` days after `now` in the zone, as ("2026-12-03", its weekday 0 = Monday), for
/// the `until:` autocomplete.
pub fn next_days(zone: Option<&str>, now: i64, n: i64) -> Vec<(String, u8)> {
    let tz = zone
        .and_then(|z| self::zone(z).ok())
        .unwrap_or(TimeZone::UTC);
    let today = Timestamp::from_millisecond(now)
        .unwrap_or(Timestamp::UNIX_EPOCH)
        .to_zoned_datetime(tz)
        .date();
    (1..=n)
        .filter_map(|k| today.checked_add(jiff::Span::new().days(k)).ok())
        .map(|d| (d.to_string(), d.weekday().to_monday_zero_offset() as u8))
        .collect()
}

/// A day ("2026-12-03") as (year, month, day, weekday 0 = Monday), for showing it.
pub fn date_parts(date: &str) -> Option<(i16, i8, i8, u8)> {
    let d: jiff::civil::Date = date.parse().ok()?;
    Some((
        d.year(),
        d.month(),
        d.day(),
        d.weekday().to_monday_zero_offset() as u8,
    ))
}

/// Quiet hours: from `start`:00 to `end`:00 local time, across midnight when `start > end`
/// (23-07 is 23:00 to 07:00 the next morning). Never the whole day.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct QuietHours {
    pub start: u8,
    pub end: u8,
}

impl QuietHours {
    /// "23-07", "23-7", "23:00-07:00" (whole hours). "0-24" would be the whole day: refused.
    pub fn parse(text: &str) -> Result<QuietHours, DayError> {
        let bad = || DayError::QuietFormat(text.to_string());
        let (a, b) = text.trim().split_once('-').ok_or_else(bad)?;
        let hour = |s: &str| -> Result<u8, DayError> {
            let s = s.trim();
            let s = s.strip_suffix(":00").unwrap_or(s);
            let h: u8 = s.parse().map_err(|_| bad())?;
            if h > 24 { Err(bad()) } else { Ok(h) }
        };
        let (start, end) = (hour(a)?, hour(b)?);
        let (start, end) = (start % 24, end % 24);
        if start == end {
            return Err(DayError::WholeDay);
        }
        Ok(QuietHours { start, end })
    }

    /// Whether the local hour `h` (0-23) is quiet.
    pub fn covers_hour(self, h: u8) -> bool {
        if self.start < self.end {
            (self.start..self.end).contains(&h)
        } else {
            h >= self.start || h < self.end
        }
    }
}

impl std::fmt::Display for QuietHours {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:02}:00-{:02}:00", self.start, self.end)
    }
}

/// A time zone by its IANA name, from the bundled database.
pub fn zone(name: &str) -> Result<TimeZone, DayError> {
    TimeZone::get(name.trim()).map_err(|_| DayError::UnknownZone(name.to_string()))
}

/// The IANA name as the database spells it ("asia/tokyo" -> "Asia/Tokyo"), if known.
pub fn canonical_zone_name(name: &str) -> Result<String, DayError> {
    let wanted = name.trim();
    jiff::tz::db()
        .available()
        .map(|n| n.as_str().to_string())
        .find(|n| n.eq_ignore_ascii_case(wanted))
        .ok_or_else(|| DayError::UnknownZone(name.to_string()))
}

/// Time zone names for an autocomplete: those containing `typed` (case and `_`/space
/// ignored), names starting with it first, at most `most`.
pub fn zone_suggestions(typed: &str, most: usize) -> Vec<String> {
    let norm = |s: &str| s.to_ascii_lowercase().replace([' ', '_'], "");
    let typed = norm(typed);
    let mut names: Vec<String> = jiff::tz::db()
        .available()
        .map(|n| n.as_str().to_string())
        .filter(|n| norm(n).contains(&typed))
        .collect();
    names.sort_by_key(|n| {
        let city = n.rsplit('/').next().unwrap_or(n);
        (
            !(norm(n).starts_with(&typed) || norm(city).starts_with(&typed)),
            n.clone(),
        )
    });
    names.truncate(most);
    names
}

/// A player's day: where they are and when not to disturb them.
#[derive(Clone, Debug, PartialEq)]
pub struct Day {
    pub zone: TimeZone,
    pub quiet: Option<QuietHours>,
}

impl Day {
    /// From a player's settings (`None` when they set no quiet hours: nothing is ever held).
    pub fn of(zone_name: Option<&str>, quiet: Option<QuietHours>) -> Option<Day> {
        let quiet = quiet?;
        // Quiet hours without a time zone are read in UTC (the settings say so when saved).
        let zone = zone_name
            .and_then(|n| zone(n).ok())
            .unwrap_or(TimeZone::UTC);
        Some(Day {
            zone,
            quiet: Some(quiet),
        })
    }

    fn local_hour(&self, ms: i64) -> u8 {
        let ts = Timestamp::from_millisecond(ms).unwrap_or(Timestamp::UNIX_EPOCH);
        ts.to_zoned_datetime(self.zone.clone()).hour() as u8
    }

    /// Whether `ms` falls inside the quiet hours.
    pub fn is_quiet(&self, ms: i64) -> bool {
        self.quiet
            .is_some_and(|q| q.covers_hour(self.local_hour(ms)))
    }

    /// The next moment at or after `ms` that local time is `hour`:00 (daylight saving gaps
    /// resolved as the clocks on the wall do: the later of the two readings).
    fn next_at_hour(&self, ms: i64, hour: u8) -> i64 {
        let ts = Timestamp::from_millisecond(ms).unwrap_or(Timestamp::UNIX_EPOCH);
        let here = ts.to_zoned_datetime(self.zone.clone());
        let at = Time::constant(hour as i8, 0, 0, 0);
        for days in 0..3 {
            let date = here
                .date()
                .checked_add(jiff::Span::new().days(days))
                .unwrap_or(here.date());
            let Ok(z) = date.to_datetime(at).to_zoned_datetime(self.zone.clone()) else {
                continue;
            };
            let t = z.timestamp().as_millisecond();
            if t >= ms {
                return t;
            }
        }
        ms
    }

    /// When the quiet hours around `ms` end (`ms` itself when it is not quiet).
    pub fn wakes(&self, ms: i64) -> i64 {
        match self.quiet {
            Some(q) if self.is_quiet(ms) => self.next_at_hour(ms, q.end),
            _ => ms,
        }
    }

    /// When the next quiet hours begin after `ms` (`None`: never).
    fn sleeps(&self, ms: i64) -> Option<i64> {
        let q = self.quiet?;
        Some(self.next_at_hour(ms + 1, q.start))
    }

    /// The moment `budget_ms` of this player's waking time have passed since `from`: a
    /// deadline whose clock stops inside the quiet hours.
    pub fn after_waking(&self, from: i64, budget_ms: i64) -> i64 {
        let mut t = self.wakes(from);
        let mut left = budget_ms;
        // Each turn of the loop crosses one waking stretch (at most one a day): a budget of
        // days ends within as many turns, and 400 bounds a malformed zone's worst case.
        for _ in 0..400 {
            match self.sleeps(t) {
                Some(s) if s - t < left => {
                    left -= s - t;
                    t = self.wakes(s);
                }
                _ => return t + left,
            }
        }
        t + left
    }
}

/// The deadline of a decision for a player whose day is `day` (`None`: counted around the
/// clock): `budget_ms` of their waking time after `from`.
pub fn deadline(day: Option<&Day>, from: i64, budget_ms: i64) -> i64 {
    match day {
        Some(d) => d.after_waking(from, budget_ms),
        None => from + budget_ms,
    }
}

/// When the stand-in may make a waiting player's decision, the decision having waited since
/// `since`: the table's pace counted in the player's waking time, or else its stand-in delay
/// counted around the clock. `None`: never (a live table without a stand-in).
pub fn stand_in_at(
    pace_hours: Option<u32>,
    stand_in_minutes: u32,
    since: i64,
    day: Option<&Day>,
) -> Option<i64> {
    match pace_hours {
        Some(h) => Some(deadline(day, since, i64::from(h) * 3_600_000)),
        None if stand_in_minutes > 0 => Some(since + i64::from(stand_in_minutes) * 60_000),
        None => None,
    }
}

/// A day in milliseconds.
pub const DAY_MS: i64 = 86_400_000;

/// A player's absence (issue 41), for all their games in one server: from `from` to `until`
/// (unix ms). Meanwhile they get no reminders, and either their deadlines are frozen or, with
/// `stand_in`, the stand-in plays for them at once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Away {
    pub user_id: u64,
    pub from: i64,
    pub until: i64,
    /// The day they gave ("2026-12-03"), in their own time zone: what the tables show.
    pub until_date: String,
    pub stand_in: bool,
}

impl Away {
    /// Whether they are away at `ms`.
    pub fn covers(&self, ms: i64) -> bool {
        self.from <= ms && ms < self.until
    }

    /// The stretch during which a table holds their deadlines: the absence, but at most
    /// `max_days` of it (the table's `max_away_days`), so one absence cannot hold a game for
    /// longer than the table allows. Empty for a stand-in absence (nothing is held).
    pub fn held(&self, max_days: u32) -> (i64, i64) {
        if self.stand_in {
            return (self.from, self.from);
        }
        let cap = self.from + i64::from(max_days) * DAY_MS;
        (self.from, self.until.min(cap))
    }
}

impl Day {
    /// The waking time between `from` and `to` (0 when `to <= from`).
    pub fn waking_between(&self, from: i64, to: i64) -> i64 {
        let mut t = self.wakes(from);
        let mut awake = 0;
        for _ in 0..400 {
            if t >= to {
                return awake;
            }
            match self.sleeps(t) {
                Some(s) if s < to => {
                    awake += s - t;
                    t = self.wakes(s);
                }
                _ => return awake + (to - t),
            }
        }
        awake
    }
}

/// A waiting player's deadline, their absence considered: [`stand_in_at`], with the clock
/// frozen over the part of their absence the table honours (`max_away_days`), or the moment
/// the decision waits while they are away if they asked the stand-in to play for them.
/// `None`: never.
pub fn seat_deadline(
    pace_hours: Option<u32>,
    stand_in_minutes: u32,
    since: i64,
    day: Option<&Day>,
    away: Option<&Away>,
    max_away_days: u32,
) -> Option<i64> {
    let base = stand_in_at(pace_hours, stand_in_minutes, since, day);
    let Some(away) = away else { return base };
    if away.stand_in {
        // The stand-in plays as soon as the decision waits inside the absence.
        let at = since.max(away.from);
        return match base {
            Some(b) if b <= at => Some(b),
            _ if at < away.until => Some(at),
            _ => base,
        };
    }
    let base = base?;
    let (a, b) = away.held(max_away_days);
    if b <= since || a >= base || a >= b {
        return Some(base);
    }
    // The budget: the pace's waking time, or the stand-in delay around the clock.
    let (budget, day) = match pace_hours {
        Some(h) => (i64::from(h) * 3_600_000, day),
        None => (i64::from(stand_in_minutes) * 60_000, None),
    };
    let used = if since < a {
        day.map_or(a - since, |d| d.waking_between(since, a))
    } else {
        0
    };
    Some(deadline(day, b, (budget - used).max(0)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 2026-01-05T00:00:00Z, a Monday.
    const MON: i64 = 1_767_571_200_000;
    const H: i64 = 3_600_000;

    fn tokyo() -> Day {
        Day::of(
            Some("Asia/Tokyo"),
            Some(QuietHours::parse("23-07").unwrap()),
        )
        .unwrap()
    }

    #[test]
    fn quiet_hours_are_read_and_checked() {
        assert_eq!(
            QuietHours::parse("23-07"),
            Ok(QuietHours { start: 23, end: 7 })
        );
        assert_eq!(
            QuietHours::parse(" 23:00-7:00 "),
            Ok(QuietHours { start: 23, end: 7 })
        );
        assert_eq!(QuietHours::parse("0-24"), Err(DayError::WholeDay));
        assert_eq!(QuietHours::parse("8-8"), Err(DayError::WholeDay));
        assert!(matches!(
            QuietHours::parse("late"),
            Err(DayError::QuietFormat(_))
        ));
        assert!(matches!(
            QuietHours::parse("25-07"),
            Err(DayError::QuietFormat(_))
        ));
        let q = QuietHours::parse("23-07").unwrap();
        assert!(q.covers_hour(23) && q.covers_hour(0) && q.covers_hour(6));
        assert!(!q.covers_hour(7) && !q.covers_hour(22));
        let day = QuietHours::parse("13-15").unwrap();
        assert!(day.covers_hour(13) && day.covers_hour(14) && !day.covers_hour(15));
    }

    #[test]
    fn time_zones_by_their_iana_names() {
        assert!(zone("Asia/Tokyo").is_ok());
        assert_eq!(
            zone("Mars/Olympus"),
            Err(DayError::UnknownZone("Mars/Olympus".into()))
        );
        assert_eq!(canonical_zone_name("asia/tokyo").unwrap(), "Asia/Tokyo");
        let s = zone_suggestions("sao", 25);
        assert_eq!(s, ["Africa/Sao_Tome", "America/Sao_Paulo"]);
        // Cities that start with what was typed come before names that only contain it.
        let s = zone_suggestions("paris", 25);
        assert_eq!(s.first().map(String::as_str), Some("Europe/Paris"));
        assert!(zone_suggestions("berl", 25).contains(&"Europe/Berlin".to_string()));
        assert!(zone_suggestions("", 25).len() == 25);
    }

    #[test]
    fn quiet_in_the_players_own_time() {
        let t = tokyo();
        // Monday 00:00 UTC is 09:00 in Tokyo: awake. 14:00 UTC is 23:00 there: asleep.
        assert!(!t.is_quiet(MON));
        assert!(t.is_quiet(MON + 14 * H));
        assert!(t.is_quiet(MON + 21 * H + 59 * 60_000));
        assert!(!t.is_quiet(MON + 22 * H));
        // Asleep at 15:00 UTC: wakes at 07:00 Tokyo, 22:00 UTC.
        assert_eq!(t.wakes(MON + 15 * H), MON + 22 * H);
        assert_eq!(t.wakes(MON + 3 * H), MON + 3 * H);
    }

    #[test]
    fn a_deadline_clock_stops_while_the_player_sleeps() {
        let t = tokyo();
        // From 09:00 Tokyo, 24 waking hours: 14 today (to 23:00), then 10 from 07:00 the next
        // day: 17:00 Tokyo on Tuesday = 08:00 UTC Tuesday.
        assert_eq!(deadline(Some(&t), MON, 24 * H), MON + 24 * H + 8 * H);
        // Started while asleep: the clock starts at 07:00.
        assert_eq!(deadline(Some(&t), MON + 15 * H, H), MON + 23 * H);
        // Without quiet hours: around the clock.
        assert_eq!(deadline(None, MON, 24 * H), MON + 24 * H);
    }

    #[test]
    fn daylight_saving_moves_quiet_hours_with_the_wall_clock() {
        let berlin = Day::of(
            Some("Europe/Berlin"),
            Some(QuietHours::parse("23-07").unwrap()),
        )
        .unwrap();
        // 2026-01-05 (winter, UTC+1): 23:00 local is 22:00 UTC.
        assert!(berlin.is_quiet(MON + 22 * H));
        assert!(!berlin.is_quiet(MON + 21 * H));
        // 2026-07-06 (summer, UTC+2): 23:00 local is 21:00 UTC.
        let july = 1_783_296_000_000; // 2026-07-06T00:00:00Z
        assert!(berlin.is_quiet(july + 21 * H));
        assert!(!berlin.is_quiet(july + 20 * H));
    }

    fn away(from: i64, until: i64, stand_in: bool) -> Away {
        Away {
            user_id: 5,
            from,
            until,
            until_date: String::new(),
            stand_in,
        }
    }

    #[test]
    fn an_absence_freezes_a_deadline_for_at_most_the_tables_days() {
        let t = tokyo();
        // Waking time over a day from Monday 00:00 UTC: 09:00-23:00 Tokyo (00:00-14:00 UTC),
        // then 07:00-09:00 Tuesday (22:00-24:00 UTC): 16 hours.
        assert_eq!(t.waking_between(MON, MON + 24 * H), 16 * H);
        assert_eq!(t.waking_between(MON, MON + 14 * H), 14 * H);
        assert_eq!(t.waking_between(MON, MON + 3 * H), 3 * H);
        assert_eq!(t.waking_between(MON + 15 * H, MON + 23 * H), H);
        // A day's pace around the clock from Monday 00:00 UTC, away from 06:00 for two days:
        // 6 hours used before, 18 left after Wednesday 06:00.
        let a = away(MON + 6 * H, MON + 54 * H, false);
        assert_eq!(
            seat_deadline(Some(24), 0, MON, None, Some(&a), 7),
            Some(MON + 54 * H + 18 * H)
        );
        // Capped at the table's one day: held from 06:00 Monday to 06:00 Tuesday.
        assert_eq!(
            seat_deadline(Some(24), 0, MON, None, Some(&a), 1),
            Some(MON + 30 * H + 18 * H)
        );
        // The decision waits only after the absence began: the whole budget after it.
        assert_eq!(
            seat_deadline(Some(24), 0, MON + 10 * H, None, Some(&a), 7),
            Some(MON + 54 * H + 24 * H)
        );
        // An absence that ended before the decision waited, or that begins after the
        // deadline, changes nothing.
        let past = away(MON - 48 * H, MON - 24 * H, false);
        assert_eq!(
            seat_deadline(Some(24), 0, MON, None, Some(&past), 7),
            Some(MON + 24 * H)
        );
        let later = away(MON + 30 * H, MON + 60 * H, false);
        assert_eq!(
            seat_deadline(Some(24), 0, MON, None, Some(&later), 7),
            Some(MON + 24 * H)
        );
        // In waking time: from Monday 09:00 Tokyo, away 12:00-18:00 Tokyo (3 waking hours
        // used), back at 09:00 UTC; 21 waking hours left: 5 to 23:00 Tokyo, 16 from 07:00 the
        // next day, 23:00 Tokyo Tuesday is quiet from 23:00: 07:00 + 16 h = 23:00 Tuesday
        // Tokyo = 14:00 UTC Tuesday.
        let a = away(MON + 3 * H, MON + 9 * H, false);
        assert_eq!(
            seat_deadline(Some(24), 0, MON, Some(&t), Some(&a), 7),
            Some(MON + 24 * H + 14 * H)
        );
        // A live table without a stand-in has no deadline to freeze.
        assert_eq!(seat_deadline(None, 0, MON, None, Some(&a), 7), None);
    }

    #[test]
    fn the_day_back_is_read_in_the_players_zone() {
        // Monday 2026-01-05 00:00 UTC (09:00 in Tokyo).
        assert_eq!(
            back_on("2026-01-08", None, MON),
            Ok((MON + 72 * H, "2026-01-08".to_string()))
        );
        // In Tokyo the 8th begins at 15:00 UTC on the 7th.
        assert_eq!(
            back_on("2026-01-08", Some("Asia/Tokyo"), MON),
            Ok((MON + 48 * H + 15 * H, "2026-01-08".to_string()))
        );
        assert_eq!(back_on("3d", None, MON).unwrap().1, "2026-01-08");
        assert_eq!(back_on(" 3 ", None, MON).unwrap().1, "2026-01-08");
        assert_eq!(
            back_on("2026-01-05", None, MON + H),
            Err(DayError::PastDate("2026-01-05".into()))
        );
        assert_eq!(
            back_on("0d", None, MON + H),
            Err(DayError::PastDate("2026-01-05".into()))
        );
        assert_eq!(
            back_on("2026-03-30", None, MON),
            Err(DayError::FarDate("2026-03-30".into()))
        );
        assert_eq!(
            back_on("61d", None, MON),
            Err(DayError::FarDate("2026-03-07".into()))
        );
        assert_eq!(
            back_on("900", None, MON),
            Err(DayError::FarDate("900".into()))
        );
        assert!(matches!(
            back_on("soon", None, MON),
            Err(DayError::BadDate(_))
        ));
        assert!(matches!(
            back_on("2026-02-30", None, MON),
            Err(DayError::BadDate(_))
        ));
        assert_eq!(date_parts("2026-01-08"), Some((2026, 1, 8, 3)));
        assert_eq!(
            next_days(None, MON, 2),
            [("2026-01-06".into(), 1), ("2026-01-07".into(), 2)]
        );
    }

    #[test]
    fn an_absence_with_the_stand_in_is_played_at_once() {
        let a = away(MON + 6 * H, MON + 54 * H, true);
        // Waiting before the absence: the stand-in plays when it begins.
        assert_eq!(
            seat_deadline(Some(24), 0, MON, None, Some(&a), 7),
            Some(MON + 6 * H)
        );
        // Waiting during it, even at a live table: at once.
        assert_eq!(
            seat_deadline(None, 0, MON + 8 * H, None, Some(&a), 7),
            Some(MON + 8 * H)
        );
        // After it: the table's own deadline.
        assert_eq!(
            seat_deadline(Some(1), 0, MON + 60 * H, None, Some(&a), 7),
            Some(MON + 61 * H)
        );
        assert_eq!(
            seat_deadline(None, 0, MON + 60 * H, None, Some(&a), 7),
            None
        );
    }
}
