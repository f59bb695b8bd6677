//! `farmhand records`: the records of finished games from the command line, for an admin at the
//! database: which servers have records, a server's history, a player's statistics and rating,
//! the leaderboard by wins or by rating, and recomputing the ratings from the records. It reads
//! a SQLite file or a PostgreSQL URL (`database.url`, parsed as the bot parses it) through the
//! same store queries as `/fog history`, `/fog stats` and `/fog leaderboard`.

use crate::discord::records::{
    PER_PAGE, TREND_GAMES, change_text, favourite_name, rate, rating_text,
};
use crate::host::{Kind, Library};
use crate::store::{
    HistoryPage, Leaderboard, Location, PlayerRating, PlayerStats, Ranking, ServerRecords, Status,
    Store,
};
use anyhow::Context as _;
use std::io::Write;
use std::path::PathBuf;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The database (`database.url`: a SQLite file path, sqlite://path, or a postgres:// URL).
    /// Default: the config's (the --config file, or farmhand.toml in the working directory, and
    /// FARMHAND_DATABASE). Opened as the bot opens it: its tables are brought up to this
    /// version's, so use the farmhand of the bot's version.
    #[arg(long, global = true)]
    pub database: Option<String>,
    /// The config file to read the database from when --database is not given.
    #[arg(long, short, global = true)]
    pub config: Option<PathBuf>,
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// The servers that have records, with how many games of each game they finished.
    Servers,
    /// A server's finished games, newest first, a page at a time.
    History {
        /// The server (its Discord id).
        #[arg(long)]
        server: u64,
        /// The game.
        #[arg(long, value_enum, default_value_t)]
        game: Kind,
        /// The page, from 1 (the newest games).
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
        page: u64,
    },
    /// A player's record and rating in one game on one server.
    Stats {
        #[arg(long)]
        server: u64,
        /// The game.
        #[arg(long, value_enum, default_value_t)]
        game: Kind,
        /// The player: a display name they played under (any case; part of a name finds
        /// them when nobody had the whole name, and several matches are listed), or their
        /// Discord user id (the leaderboard lists both).
        #[arg(long)]
        player: String,
    },
    /// A server's leaderboard in one game: people by wins or by rating, bots apart.
    Leaderboard {
        #[arg(long)]
        server: u64,
        /// The game.
        #[arg(long, value_enum, default_value_t)]
        game: Kind,
        #[arg(long, value_enum, default_value_t)]
        by: By,
        /// How many people to list.
        #[arg(long, default_value_t = 15)]
        limit: u64,
    },
    /// Recompute every rating from the records (idempotent; safe while the bot runs), after a
    /// change of the rating formula or to check the stored ratings.
    RecomputeRatings {
        /// Only this server.
        #[arg(long)]
        server: Option<u64>,
        /// Only this game.
        #[arg(long, value_enum)]
        game: Option<Kind>,
    },
}

/// How the leaderboard is sorted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum By {
    #[default]
    Wins,
    Rating,
}

/// Opens the database at `location`; a SQLite file must exist (looking at records never
/// creates an empty database), and an in-memory one has no records.
async fn open(location: &str) -> anyhow::Result<Store> {
    let shown = crate::store::shown_location(location);
    match Location::parse(location)? {
        Location::Memory => anyhow::bail!("an in-memory database has no records"),
        Location::Sqlite(path) if !std::fs::metadata(&path).is_ok_and(|m| m.len() > 0) => {
            anyhow::bail!("there is no database at {}", path.display())
        }
        _ => {}
    }
    Store::connect(location)
        .await
        .with_context(|| format!("cannot open the database at {shown}"))
}

pub fn run(args: &Args) -> anyhow::Result<()> {
    let location = super::database_location(args.database.as_deref(), args.config.as_deref())?;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    let text = runtime.block_on(async {
        let store = open(&location).await?;
        let text = answer(&store, &args.command).await;
        store.close().await;
        text
    })?;
    std::io::stdout().lock().write_all(text.as_bytes())?;
    Ok(())
}

/// The command's answer, as the text to print.
async fn answer(store: &Store, command: &Command) -> anyhow::Result<String> {
    Ok(match *command {
        Command::Servers => servers_text(&store.record_servers().await?),
        Command::History { server, game, page } => {
            let kind = game;
            let h = store
                .history(server, kind.as_str(), None, page - 1, PER_PAGE)
                .await?;
            history_text(kind, server, &h, page)?
        }
        Command::Stats {
            server,
            game,
            ref player,
        } => {
            let kind = game;
            let player = find_player(store, server, kind, player).await?;
            let stats = store.player_stats(server, kind.as_str(), player).await?;
            let rating = store
                .player_rating(server, kind.as_str(), player, TREND_GAMES)
                .await?;
            stats_text(kind, server, player, &stats, rating.as_ref())
        }
        Command::Leaderboard {
            server,
            game,
            by,
            limit,
        } => {
            let kind = game;
            let ranking = match by {
                By::Wins => Ranking::Wins,
                By::Rating => Ranking::Rating,
            };
            let board = store
                .leaderboard_by(server, kind.as_str(), limit, ranking)
                .await?;
            leaderboard_text(kind, server, &board, ranking)
        }
        Command::RecomputeRatings { server, game } => {
            let kind = game;
            let done = store
                .recompute_ratings(server, kind.map(Kind::as_str))
                .await?;
            format!(
                "Recomputed the ratings from the records: {} and {} rated, over {} (each server's games of each game are rated apart).\n",
                plural(done.games, "game", "games"),
                plural(done.players, "player", "players"),
                plural(done.scopes, "server and game", "servers and games"),
            )
        }
    })
}

/// The user id `asked` names on `server`: a display name recorded in its `kind` games (see
/// [`Store::players_named`]), or a user id. A number is a user id, unless nobody with that id
/// played there and a player had exactly that number as a name. An unknown name, or a name
/// several players match, is an error that says which names there are.
async fn find_player(store: &Store, server: u64, kind: Kind, asked: &str) -> anyhow::Result<u64> {
    let id = asked.trim().parse::<u64>().ok();
    if let Some(id) = id {
        let stats = store.player_stats(server, kind.as_str(), id).await?;
        if stats.games + stats.abandoned > 0 {
            return Ok(id);
        }
    }
    let found = store.players_named(server, kind.as_str(), asked).await?;
    if let Some(id) = id {
        // A number names a player only as their whole name; else it is the id asked for.
        let whole: Vec<_> = found
            .iter()
            .filter(|p| p.name.trim().to_lowercase() == asked.trim().to_lowercase())
            .collect();
        return Ok(match whole.as_slice() {
            [one] => one.user_id,
            _ => id,
        });
    }
    let game = kind.name();
    match found.as_slice() {
        [one] => Ok(one.user_id),
        [] => anyhow::bail!(
            "no player named \"{}\" has played {game} on server {server} (`farmhand records leaderboard --server {server}` lists the players)",
            plain(asked.trim())
        ),
        several => {
            // The candidates, a line each, before the one-line error (errors are cut to a line).
            let mut list = String::new();
            for p in several {
                list.push_str(&format!(
                    "\n  {} (user {}, {})",
                    plain(&p.name),
                    p.user_id,
                    plural(p.games, "game", "games")
                ));
            }
            eprintln!("{}", list.trim_start_matches('\n'));
            anyhow::bail!(
                "{} players of {game} on server {server} match \"{}\"; ask again with --player and one of the user ids above",
                several.len(),
                plain(asked.trim())
            )
        }
    }
}

fn plural(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A name fit for a terminal: control characters (an escape sequence in a display name) are
/// shown as `?`.
fn plain(s: &str) -> String {
    let s: String = s
        .chars()
        .map(|c| if c.is_control() { '?' } else { c })
        .collect();
    if s.trim().is_empty() {
        "(no name)".to_string()
    } else {
        s
    }
}

/// Unix milliseconds as `YYYY-MM-DD HH:MM UTC`.
fn date(ms: i64) -> String {
    let secs = ms.div_euclid(1000);
    let (days, rest) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    // Days since 1970-01-01 to a civil date (Howard Hinnant's `civil_from_days`).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!(
        "{y:04}-{m:02}-{d:02} {:02}:{:02} UTC",
        rest / 3600,
        rest % 3600 / 60
    )
}

fn servers_text(servers: &[ServerRecords]) -> String {
    if servers.is_empty() {
        return "No server has a finished game in this database.\n".to_string();
    }
    let mut out = String::from("Servers with records (finished games; abandoned apart):\n");
    for s in servers {
        let name = Kind::parse(&s.kind).map_or_else(|| s.kind.clone(), |k| k.name().to_string());
        out.push_str(&format!(
            "  server {:<20} {:<16} {} played to the end, {} abandoned, last {}\n",
            s.guild_id,
            name,
            s.ended,
            s.abandoned,
            date(s.latest)
        ));
    }
    out
}

/// A history page as text; a page past the last is an error that says how many there are.
fn history_text(kind: Kind, server: u64, h: &HistoryPage, page: u64) -> anyhow::Result<String> {
    if h.anchor.is_none() {
        return Ok(format!(
            "No {} game has finished on server {server}.\n",
            kind.name()
        ));
    }
    let pages = h.total.div_ceil(PER_PAGE).max(1);
    if page > pages {
        anyhow::bail!(
            "there is no page {page}: {} on server {server} has {}, {PER_PAGE} a page, so the last page is {pages} (--page {pages})",
            kind.name(),
            plural(h.total, "finished game", "finished games"),
        );
    }
    let mut out = format!(
        "{} on server {server}: {}, page {page} of {pages}, newest first\n",
        kind.name(),
        plural(h.total, "game", "games")
    );
    for g in &h.games {
        match g.outcome {
            Status::Abandoned => {
                let names: Vec<String> = g.seats.iter().map(|s| plain(&s.name)).collect();
                out.push_str(&format!(
                    "\n#{}  {}  abandoned\n    {}\n",
                    g.game_id,
                    date(g.ended_at),
                    names.join(", ")
                ));
            }
            _ => {
                let mut seats: Vec<_> = g.seats.iter().collect();
                seats.sort_by(|a, b| b.score.cmp(&a.score).then(a.seat.cmp(&b.seat)));
                let winners: Vec<String> = seats
                    .iter()
                    .filter(|s| s.won)
                    .map(|s| plain(&s.name))
                    .collect();
                let won = if winners.len() > 1 {
                    format!("shared win: {}", winners.join(", "))
                } else {
                    format!("won by {}", winners.join(""))
                };
                let scores: Vec<String> = seats
                    .iter()
                    .map(|s| {
                        let score = s.score.map_or("-".to_string(), |v| v.to_string());
                        let mark = if s.won { " (won)" } else { "" };
                        format!("{} {score}{mark}", plain(&s.name))
                    })
                    .collect();
                out.push_str(&format!(
                    "\n#{}  {}  {won}\n    {}\n",
                    g.game_id,
                    date(g.ended_at),
                    scores.join(" · ")
                ));
            }
        }
    }
    if page < pages {
        out.push_str(&format!("\nOlder games: --page {}\n", page + 1));
    }
    Ok(out)
}

fn stats_text(
    kind: Kind,
    server: u64,
    player: u64,
    stats: &PlayerStats,
    rating: Option<&PlayerRating>,
) -> String {
    let who = stats
        .name
        .as_deref()
        .map_or_else(|| format!("user {player}"), plain);
    if stats.games == 0 {
        let abandoned = match stats.abandoned {
            0 => String::new(),
            n => format!(
                " ({} not counted)",
                plural(n, "abandoned game", "abandoned games")
            ),
        };
        return format!(
            "{who} has not finished a {} game on server {server}{abandoned}.\n",
            kind.name()
        );
    }
    let library = Library::default();
    let mean = stats.score_sum as f64 / stats.games as f64;
    let mut lines = vec![
        format!("{who} (user {player}) · {} on server {server}", kind.name()),
        format!("  Games played  {}", stats.games),
        format!(
            "  Wins          {} ({}%)",
            stats.wins,
            rate(stats.wins, stats.games)
        ),
        format!("  Mean score    {mean:.1}"),
        format!(
            "  Best score    {}",
            stats.best.map_or("-".to_string(), |b| b.to_string())
        ),
    ];
    if let Some(r) = rating {
        lines.push(format!(
            "  Rating        {} ({} over the last {})",
            rating_text(r.skill.shown()),
            change_text(r.change),
            plural(r.recent, "game", "games")
        ));
    }
    if stats.hints > 0 {
        lines.push(format!("  Hints used    {}", stats.hints));
    }
    if stats.abandoned > 0 {
        lines.push(format!("  Abandoned     {}", stats.abandoned));
    }
    let favourites: Vec<String> = stats
        .favourites
        .iter()
        .take(3)
        .map(|(id, n)| format!("{} ×{n}", favourite_name(&library, kind, id)))
        .collect();
    if !favourites.is_empty() {
        lines.push(format!("  Favourites    {}", favourites.join(", ")));
    }
    lines.join("\n") + "\n"
}

fn leaderboard_text(kind: Kind, server: u64, board: &Leaderboard, ranking: Ranking) -> String {
    if board.people.is_empty() && board.bots.is_empty() {
        return format!(
            "No {} game has been played to the end on server {server}.\n",
            kind.name()
        );
    }
    let by = match ranking {
        Ranking::Wins => "by wins, then win rate",
        Ranking::Rating => "by rating",
    };
    let mut out = format!("{} on server {server}: players {by}\n", kind.name());
    let line = |s: &crate::store::Standing| {
        let record = format!(
            "{} in {} ({}%)",
            plural(s.wins, "win", "wins"),
            plural(s.games, "game", "games"),
            rate(s.wins, s.games)
        );
        match (ranking, s.rating) {
            (Ranking::Rating, Some(r)) => format!("rating {:>6}  {record}", rating_text(r)),
            _ => record,
        }
    };
    for (k, s) in board.people.iter().enumerate() {
        let who = format!(
            "{} (user {})",
            plain(&s.name),
            s.user_id.map_or("?".to_string(), |u| u.to_string())
        );
        out.push_str(&format!("{:>3}. {who:<40} {}\n", k + 1, line(s)));
    }
    if board.people.is_empty() {
        out.push_str("  No person has finished a game here yet.\n");
    }
    let more = board.people_total.saturating_sub(board.people.len() as u64);
    if more > 0 {
        out.push_str(&format!(
            "  ... and {} (--limit shows more)\n",
            plural(more, "more player", "more players")
        ));
    }
    if !board.bots.is_empty() {
        out.push_str("Bots (kept apart from people):\n");
        for s in &board.bots {
            out.push_str(&format!(
                "     {:<40} {}\n",
                format!("bot ({})", plain(&s.name)),
                line(s)
            ));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_utc_calendar_dates() {
        assert_eq!(date(0), "1970-01-01 00:00 UTC");
        assert_eq!(date(1_767_225_600_000), "2026-01-01 00:00 UTC");
        assert_eq!(date(951_782_400_000 + 3_723_000), "2000-02-29 01:02 UTC");
    }

    #[test]
    fn names_cannot_drive_the_terminal() {
        assert_eq!(plain("ada\u{1b}[2J"), "ada?[2J");
        assert_eq!(plain("  "), "(no name)");
    }
}
