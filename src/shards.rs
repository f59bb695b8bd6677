//! Which gateway shards a bot process runs, and so which servers' games it looks after.
//!
//! Discord sends a server's events to shard `(guild_id >> 22) % shards` (its documented sharding
//! formula). Several bot processes can share one PostgreSQL database by each running a range of
//! the shards (`discord.shards = 4`, `discord.shard_range = "0-1"` in one process and `"2-3"` in
//! another). The background work that must happen once (reminders, stand-in moves, bots' moves
//! after a restart, redraws of tables left stale by a crash) is done for a game only by the process
//! whose shards carry that game's server; the database refuses overlapping ranges at start (see
//! `store::ProcessLock`), and reminders are claimed in the database besides.

use std::fmt;

/// The shards of one process: all of them (one process, the default), or `first..=last` of
/// `total`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Shards {
    /// This process runs every shard (however many Discord recommends).
    #[default]
    All,
    /// This process runs shards `first..=last` of `total`.
    Range { first: u32, last: u32, total: u32 },
}

/// The most shards we accept: the database lock keys keep the count in 15 bits.
pub const MAX_SHARDS: u32 = 32_767;

/// The shard that carries `guild_id`'s events when the bot runs `total` shards.
pub fn shard_of(guild_id: u64, total: u32) -> u32 {
    ((guild_id >> 22) % u64::from(total.max(1))) as u32
}

impl Shards {
    /// From the configuration: `total` (`None` for `auto`) and an optional `"a-b"` range.
    pub fn from_config(total: Option<u32>, range: Option<&str>) -> Result<Shards, String> {
        let Some(range) = range else {
            if let Some(t) = total
                && !(1..=MAX_SHARDS).contains(&t)
            {
                return Err(format!("discord.shards must be 1 to {MAX_SHARDS}, not {t}"));
            }
            return Ok(Shards::All);
        };
        let Some(total) = total else {
            return Err(
                "discord.shard_range needs discord.shards to be a number (every process must agree on it), not \"auto\""
                    .to_string(),
            );
        };
        if !(1..=MAX_SHARDS).contains(&total) {
            return Err(format!(
                "discord.shards must be 1 to {MAX_SHARDS}, not {total}"
            ));
        }
        let parse = |s: &str| s.trim().parse::<u32>().ok();
        let (first, last) = match range.split_once('-') {
            Some((a, b)) => (parse(a), parse(b)),
            None => (parse(range), parse(range)),
        };
        let (Some(first), Some(last)) = (first, last) else {
            return Err(format!(
                "discord.shard_range must look like \"0-3\" (first and last shard), not {range:?}"
            ));
        };
        if first > last || last >= total {
            return Err(format!(
                "discord.shard_range {first}-{last} is not within the {total} shards 0-{}",
                total - 1
            ));
        }
        Ok(Shards::Range { first, last, total })
    }

    /// The part of all shards this process runs (1 for all of them): its share of what the
    /// bot's processes share, such as Discord's global rate limit (`discord::pace`).
    pub fn share(&self) -> f64 {
        match *self {
            Shards::All => 1.0,
            Shards::Range { first, last, total } => {
                f64::from(last - first + 1) / f64::from(total.max(1))
            }
        }
    }

    /// Whether this process looks after the games of `guild_id` (games without a server, which
    /// the commands never make, belong to shard 0 as DMs do).
    pub fn owns(&self, guild_id: Option<u64>) -> bool {
        match *self {
            Shards::All => true,
            Shards::Range { first, last, total } => {
                let s = guild_id.map_or(0, |g| shard_of(g, total));
                (first..=last).contains(&s)
            }
        }
    }
}

impl fmt::Display for Shards {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Shards::All => write!(f, "all shards"),
            Shards::Range { first, last, total } => {
                write!(f, "shards {first}-{last} of {total}")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_documented_formula_picks_the_shard() {
        // Discord's example: guild 41771983423143937 on 2 shards is shard (id >> 22) % 2.
        let g = 41_771_983_423_143_937u64;
        assert_eq!(shard_of(g, 2), ((g >> 22) % 2) as u32);
        assert_eq!(shard_of(g, 1), 0);
        let on = |s: u64| s << 22;
        assert_eq!(shard_of(on(5), 4), 1);
        assert_eq!(shard_of(on(7), 4), 3);
    }

    #[test]
    fn a_range_owns_exactly_its_shards() {
        let s = Shards::from_config(Some(4), Some("1-2")).unwrap();
        let owned: Vec<u64> = (0..8).filter(|&k| s.owns(Some(k << 22))).collect();
        assert_eq!(owned, vec![1, 2, 5, 6]);
        // Games without a server go with DMs, to shard 0.
        assert!(!s.owns(None));
        assert!(Shards::from_config(Some(4), Some("0")).unwrap().owns(None));
        assert!(Shards::All.owns(Some(123)));
        assert_eq!(s.to_string(), "shards 1-2 of 4");
    }

    #[test]
    fn bad_ranges_are_refused_with_a_reason() {
        let err = |t, r| Shards::from_config(t, r).unwrap_err();
        assert!(err(None, Some("0-1")).contains("needs discord.shards"));
        assert!(err(Some(4), Some("2-1")).contains("not within"));
        assert!(err(Some(4), Some("0-4")).contains("not within"));
        assert!(err(Some(4), Some("zero")).contains("must look like"));
        assert!(err(Some(0), None).contains("1 to"));
        assert!(err(Some(40_000), Some("0-1")).contains("1 to"));
        assert_eq!(
            Shards::from_config(Some(4), None).unwrap(),
            Shards::All,
            "a count without a range runs them all"
        );
    }
}
