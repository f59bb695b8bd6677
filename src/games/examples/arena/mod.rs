//! What the two arena examples (`fog_arena`, `kh_arena`) share: their command line, read the same
//! way, and the build they report.

use std::ops::RangeInclusive;

/// The options of an arena run.
pub struct Options {
    /// How many games (`--games N`); at least one.
    pub games: u64,
    /// Players per game (`--players P`), in the game's range.
    pub players: u8,
    /// Game g is dealt from seed + g (`--seed S`).
    pub seed: u64,
    /// The bots, comma-separated (`--bots B1,B2,...`); seat s of game g is bot (s + g) mod k.
    pub bots: String,
    /// A line per game (`--verbose`).
    pub verbose: bool,
    /// The table so far after every N games (`--every N`); 0 for none.
    pub every: u64,
}

impl Options {
    /// Reads the command line of example `name`: by default 100 games from seed 1 of
    /// `default_players` players, the bots `default_bots`. A word it does not know, a value that
    /// does not read, no games, or a player count outside `players` prints the usage and exits
    /// with status 2.
    pub fn parse(
        name: &str,
        players: RangeInclusive<u8>,
        default_players: u8,
        default_bots: &str,
    ) -> Options {
        let usage = || -> ! {
            eprintln!(
                "usage: {name} [--games N] [--players P] [--seed S] [--bots B1,B2,...] \
                 [--verbose] [--every N]"
            );
            std::process::exit(2)
        };
        let mut o = Options {
            games: 100,
            players: default_players,
            seed: 1,
            bots: default_bots.to_string(),
            verbose: false,
            every: 0,
        };
        let mut args = std::env::args().skip(1);
        while let Some(a) = args.next() {
            let mut value = || args.next().unwrap_or_else(|| usage());
            match a.as_str() {
                "--games" => o.games = value().parse().unwrap_or_else(|_| usage()),
                "--players" => o.players = value().parse().unwrap_or_else(|_| usage()),
                "--seed" => o.seed = value().parse().unwrap_or_else(|_| usage()),
                "--bots" => o.bots = value(),
                "--verbose" => o.verbose = true,
                "--every" => o.every = value().parse().unwrap_or_else(|_| usage()),
                _ => usage(),
            }
        }
        if !players.contains(&o.players) || o.games == 0 {
            usage();
        }
        o
    }

    /// Whether the table so far is due after `played` games (not after the last: the final
    /// table follows), so that a run stopped early still has its figures.
    pub fn table_due(&self, played: u64) -> bool {
        self.every > 0 && played.is_multiple_of(self.every) && played < self.games
    }
}

/// The build the figures come from, for the first line: a debug build's times say little.
pub fn build() -> &'static str {
    if cfg!(debug_assertions) {
        "debug"
    } else {
        "release"
    }
}

/// What the games so far gave each bot of the `--bots` list (by its place there): seats played,
/// wins (a tied win shared), total score and each decision's time (`T`, what the arena clocks).
pub struct Tally<T> {
    pub names: Vec<String>,
    pub wins: Vec<f64>,
    pub seats: Vec<u64>,
    pub score: Vec<u64>,
    pub times: Vec<Vec<T>>,
}

impl<T: Clone> Tally<T> {
    pub fn new(names: &[String]) -> Self {
        let k = names.len();
        Tally {
            names: names.to_vec(),
            wins: vec![0.0; k],
            seats: vec![0; k],
            score: vec![0; k],
            times: vec![Vec::new(); k],
        }
    }

    /// Records one seat of a game played by bot `b`: its score, its share of the win (0 when it
    /// did not win) and its decisions' times. Returns the seat's entry of the game's `--verbose`
    /// line, `name=score`, starred for a winner.
    pub fn seat(&mut self, b: usize, score: u64, share: f64, times: Vec<T>) -> String {
        self.seats[b] += 1;
        self.score[b] += score;
        self.wins[b] += share;
        self.times[b].extend(times);
        let star = if share > 0.0 { "*" } else { "" };
        format!("{}={score}{star}", self.names[b])
    }
}
