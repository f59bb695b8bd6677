//! Records of finished games (migration 0004): one `game_record` row per started game that ended
//! or was abandoned, and one `game_record_seat` row per seat with its score, whether it won, and
//! its favourites. The service writes a record in the same transaction that ends a game
//! ([`Store::save_actions_recorded`], [`Store::set_status_recorded`]); the history, the
//! players' statistics and the leaderboards read only these tables, so a query costs the same
//! whether a server played ten games or ten thousand.

use super::{GameId, Status, Store, StoreError};
use sqlx::{Any, Row, Transaction};
use std::collections::HashMap;

/// What a finished game leaves in the records.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// `game.kind`.
    pub kind: String,
    pub guild_id: Option<u64>,
    /// [`Status::Ended`] or [`Status::Abandoned`].
    pub outcome: Status,
    /// Unix milliseconds.
    pub ended_at: i64,
    pub seats: Vec<SeatRecord>,
}

/// One seat of a finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatRecord {
    pub seat: usize,
    pub user_id: u64,
    /// The display name the seat had.
    pub name: String,
    /// Which bot played the seat (its `BotSpec` text); `None` for a person.
    pub bot: Option<String>,
    /// `None` in an abandoned game.
    pub score: Option<u32>,
    pub won: bool,
    /// Ids (see [`crate::games::SeatResult::favourites`]).
    pub favourites: Vec<String>,
    /// How many times the seat changed hands during the game (issue 41: a player left, or the
    /// host gave the seat to someone else); 0 when one player held it all game.
    pub handed_on: u32,
}

/// A recorded game, as the history lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordedGame {
    pub game_id: GameId,
    pub outcome: Status,
    pub ended_at: i64,
    /// By seat.
    pub seats: Vec<SeatRecord>,
}

/// One page of a server's history, newest first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HistoryPage {
    pub games: Vec<RecordedGame>,
    /// Games in the whole history up to `anchor`.
    pub total: u64,
    /// Only games recorded at or before this time are counted: pages turned later stay the same
    /// pages even when more games end meanwhile. `None` when the server has no records.
    pub anchor: Option<i64>,
}

/// A player's record in one game on one server.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayerStats {
    /// The name of the player's latest recorded seat on this server (any game).
    pub name: Option<String>,
    /// Games played to the end.
    pub games: u64,
    pub wins: u64,
    /// Sum of the final scores (the mean is `score_sum / games`).
    pub score_sum: u64,
    pub best: Option<u64>,
    /// Games the player sat in that were abandoned (not counted in `games`).
    pub abandoned: u64,
    /// Favourite ids with how many times they occurred, most frequent first (ties by id).
    pub favourites: Vec<(String, u64)>,
    /// Hints the coach gave the player in the games counted (issue 30).
    pub hints: u64,
}

/// A line of a leaderboard.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    /// A person's latest name, or a bot's `BotSpec` text.
    pub name: String,
    /// A person's user id; `None` for a kind of bot.
    pub user_id: Option<u64>,
    pub games: u64,
    pub wins: u64,
    /// The rating as shown ([`super::Skill::shown`]), on a leaderboard by rating.
    pub rating: Option<f64>,
}

/// How many games one server recorded of one game (`farmhand records servers`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ServerRecords {
    pub guild_id: u64,
    /// `game.kind`.
    pub kind: String,
    /// Games played to the end.
    pub ended: u64,
    pub abandoned: u64,
    /// Unix milliseconds.
    pub latest: i64,
}

/// How a leaderboard is sorted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Ranking {
    /// Most wins, then fewer games (a higher win rate), then name.
    #[default]
    Wins,
    /// Highest rating as shown, then more games, then name.
    Rating,
}

/// A server's leaderboard for one game: people and bots apart.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Leaderboard {
    /// Best first, by the [`Ranking`] asked for.
    pub people: Vec<Standing>,
    /// How many people have a finished game (`people` may be cut short).
    pub people_total: u64,
    /// One line per kind of bot.
    pub bots: Vec<Standing>,
}

/// A person whose recorded display name matches a name asked for ([`Store::players_named`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NamedPlayer {
    pub user_id: u64,
    /// The name of their latest recorded seat in this server's games of this game.
    pub name: String,
    /// The seats they sat in those games (played to the end or abandoned).
    pub games: u64,
}

/// Folds case for name matching: Unicode lowercase, surrounding spaces ignored.
fn folded(name: &str) -> String {
    name.trim().to_lowercase()
}

fn count(r: &sqlx::any::AnyRow, i: usize) -> u64 {
    r.get::<Option<i64>, _>(i).unwrap_or(0).max(0) as u64
}

impl Store {
    /// Writes `record` for game `id` inside `tx`, unless the game already has one (a record is
    /// written once: backfilling twice, or a retry, changes nothing).
    pub(super) async fn insert_record(
        &self,
        tx: &mut Transaction<'static, Any>,
        id: GameId,
        record: &GameRecord,
    ) -> Result<(), StoreError> {
        let done = sqlx::query(
            "INSERT INTO game_record (game_id, kind, guild_id, outcome, ended_at) VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (game_id) DO NOTHING",
        )
        .bind(id)
        .bind(&record.kind)
        .bind(record.guild_id.map(|g| g as i64))
        .bind(record.outcome.as_str())
        .bind(record.ended_at)
        .execute(&mut **tx)
        .await?;
        if done.rows_affected() == 0 {
            return Ok(());
        }
        for s in &record.seats {
            sqlx::query(
                "INSERT INTO game_record_seat (game_id, seat, user_id, name, bot, score, won, favourites, handed_on)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
            )
            .bind(id)
            .bind(s.seat as i64)
            .bind(s.user_id as i64)
            .bind(&s.name)
            .bind(s.bot.as_deref())
            .bind(s.score.map(i64::from))
            .bind(i64::from(s.won))
            .bind(serde_json::to_string(&s.favourites).expect("ids serialize"))
            .bind(i64::from(s.handed_on))
            .execute(&mut **tx)
            .await?;
        }
        // The ratings change with the record, in the same transaction (migration 0006).
        self.rate_recorded(tx, id, record).await?;
        Ok(())
    }

    /// Records a game that finished without one (games that ended before migration 0004).
    /// Idempotent: a game that has a record keeps it.
    pub async fn add_record(&self, id: GameId, record: &GameRecord) -> Result<(), StoreError> {
        let mut tx = self.write().await?;
        self.insert_record(&mut tx, id, record).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Started games that ended or were abandoned and have no record yet, oldest first.
    pub async fn unrecorded_games(&self) -> Result<Vec<GameId>, StoreError> {
        let rows = sqlx::query(
            "SELECT g.id FROM game g
             WHERE g.status IN ('ended', 'abandoned') AND g.snapshot IS NOT NULL
               AND NOT EXISTS (SELECT 1 FROM game_record r WHERE r.game_id = g.id)
             ORDER BY g.id",
        )
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.iter().map(|r| r.get(0)).collect())
    }

    /// The record of one game, if it has one.
    pub async fn record(&self, id: GameId) -> Result<Option<RecordedGame>, StoreError> {
        let row =
            sqlx::query("SELECT game_id, outcome, ended_at FROM game_record WHERE game_id = $1")
                .bind(id)
                .fetch_optional(&self.pool)
                .await?;
        match row {
            None => Ok(None),
            Some(r) => Ok(Some(self.recorded_game(&r).await?)),
        }
    }

    async fn recorded_game(&self, r: &sqlx::any::AnyRow) -> Result<RecordedGame, StoreError> {
        let game_id: GameId = r.get(0);
        let outcome = Status::parse(r.get::<String, _>(1).as_str())?;
        let rows = sqlx::query(
            "SELECT seat, user_id, name, bot, score, won, favourites, handed_on FROM game_record_seat
             WHERE game_id = $1 ORDER BY seat",
        )
        .bind(game_id)
        .fetch_all(&self.pool)
        .await?;
        let mut seats = Vec::with_capacity(rows.len());
        for s in &rows {
            let favourites: String = s.get(6);
            seats.push(SeatRecord {
                seat: s.get::<i64, _>(0) as usize,
                user_id: s.get::<i64, _>(1) as u64,
                name: s.get(2),
                bot: s.get(3),
                score: s.get::<Option<i64>, _>(4).map(|v| v.max(0) as u32),
                won: s.get::<i64, _>(5) != 0,
                favourites: serde_json::from_str(&favourites)
                    .map_err(|e| StoreError::Corrupt(format!("favourites: {e}")))?,
                handed_on: s.get::<i64, _>(7).max(0) as u32,
            });
        }
        Ok(RecordedGame {
            game_id,
            outcome,
            ended_at: r.get(2),
            seats,
        })
    }

    /// Page `page` (0 = newest) of the games of `kind` recorded on server `guild`, `per_page`
    /// a page, counting only games recorded at or before `anchor` (the newest record's time when
    /// `None`: the first page fixes it, later pages pass it back).
    pub async fn history(
        &self,
        guild: u64,
        kind: &str,
        anchor: Option<i64>,
        page: u64,
        per_page: u64,
    ) -> Result<HistoryPage, StoreError> {
        let anchor = match anchor {
            Some(a) => Some(a),
            None => sqlx::query(
                "SELECT MAX(ended_at) FROM game_record WHERE guild_id = $1 AND kind = $2",
            )
            .bind(guild as i64)
            .bind(kind)
            .fetch_one(&self.pool)
            .await?
            .get::<Option<i64>, _>(0),
        };
        let Some(anchor) = anchor else {
            return Ok(HistoryPage {
                games: Vec::new(),
                total: 0,
                anchor: None,
            });
        };
        let total = count(
            &sqlx::query(
                "SELECT COUNT(*) FROM game_record WHERE guild_id = $1 AND kind = $2 AND ended_at <= $3",
            )
            .bind(guild as i64)
            .bind(kind)
            .bind(anchor)
            .fetch_one(&self.pool)
            .await?,
            0,
        );
        let rows = sqlx::query(
            "SELECT game_id, outcome, ended_at FROM game_record
             WHERE guild_id = $1 AND kind = $2 AND ended_at <= $3
             ORDER BY ended_at DESC, game_id DESC LIMIT $4 OFFSET $5",
        )
        .bind(guild as i64)
        .bind(kind)
        .bind(anchor)
        .bind(per_page as i64)
        .bind(page.saturating_mul(per_page).min(i64::MAX as u64) as i64)
        .fetch_all(&self.pool)
        .await?;
        let mut games = Vec::with_capacity(rows.len());
        for r in &rows {
            games.push(self.recorded_game(r).await?);
        }
        Ok(HistoryPage {
            games,
            total,
            anchor: Some(anchor),
        })
    }

    /// The people recorded in `kind` games on server `guild` under a display name that is
    /// `name`, ignoring case; when nobody had exactly that name, those whose name contains it.
    /// Any name a player was ever recorded under counts (a player who renamed is still found by
    /// the old name). Sorted by latest name, then user id. Bots are not players to look up.
    pub async fn players_named(
        &self,
        guild: u64,
        kind: &str,
        name: &str,
    ) -> Result<Vec<NamedPlayer>, StoreError> {
        let wanted = folded(name);
        if wanted.is_empty() {
            return Ok(Vec::new());
        }
        // One row per (player, name) of this server's games of this kind: few rows (people
        // seldom rename), matched here since SQL's LOWER folds ASCII only on SQLite.
        let rows = sqlx::query(
            "SELECT s.user_id, s.name, COUNT(*), MAX(r.ended_at)
             FROM game_record_seat s JOIN game_record r ON r.game_id = s.game_id
             WHERE r.guild_id = $1 AND r.kind = $2 AND s.bot IS NULL
             GROUP BY s.user_id, s.name",
        )
        .bind(guild as i64)
        .bind(kind)
        .fetch_all(&self.pool)
        .await?;
        // Per player: (latest name, its recency), seats, and whether a name matched exactly or
        // in part.
        struct Seen {
            latest: (i64, String),
            games: u64,
            exact: bool,
            partial: bool,
        }
        let mut people: HashMap<u64, Seen> = HashMap::new();
        for r in &rows {
            let user = r.get::<i64, _>(0) as u64;
            let recorded: String = r.get(1);
            let seats = count(r, 2);
            let when = r.get::<Option<i64>, _>(3).unwrap_or(0);
            let key = folded(&recorded);
            let e = people.entry(user).or_insert(Seen {
                latest: (i64::MIN, String::new()),
                games: 0,
                exact: false,
                partial: false,
            });
            e.games += seats;
            e.exact |= key == wanted;
            e.partial |= key.contains(&wanted);
            if when > e.latest.0 {
                e.latest = (when, recorded);
            }
        }
        let any_exact = people.values().any(|p| p.exact);
        let mut found: Vec<NamedPlayer> = people
            .into_iter()
            .filter(|(_, p)| if any_exact { p.exact } else { p.partial })
            .map(|(user_id, p)| NamedPlayer {
                user_id,
                name: p.latest.1,
                games: p.games,
            })
            .collect();
        found.sort_by(|a, b| a.name.cmp(&b.name).then(a.user_id.cmp(&b.user_id)));
        Ok(found)
    }

    /// `user`'s record in the games of `kind` on server `guild`.
    pub async fn player_stats(
        &self,
        guild: u64,
        kind: &str,
        user: u64,
    ) -> Result<PlayerStats, StoreError> {
        // The rows of this player's seats in this server's games of this kind (a macro, so each
        // query stays one static string: no SQL is assembled at run time).
        macro_rules! seats_of_player {
            () => {
                " FROM game_record_seat s JOIN game_record r ON r.game_id = s.game_id
                  WHERE r.guild_id = $1 AND r.kind = $2 AND s.user_id = $3"
            };
        }
        let totals = sqlx::query(concat!(
            "SELECT COUNT(*), CAST(SUM(s.won) AS BIGINT), CAST(SUM(s.score) AS BIGINT), MAX(s.score)",
            seats_of_player!(),
            " AND r.outcome = 'ended'"
        ))
        .bind(guild as i64)
        .bind(kind)
        .bind(user as i64)
        .fetch_one(&self.pool)
        .await?;
        let abandoned = sqlx::query(concat!(
            "SELECT COUNT(*)",
            seats_of_player!(),
            " AND r.outcome = 'abandoned'"
        ))
        .bind(guild as i64)
        .bind(kind)
        .bind(user as i64)
        .fetch_one(&self.pool)
        .await?;
        let hints = sqlx::query(concat!(
            "SELECT CAST(SUM(h.used) AS BIGINT)",
            " FROM coach_hint h JOIN game_record_seat s ON s.game_id = h.game_id AND s.seat = h.seat",
            " JOIN game_record r ON r.game_id = s.game_id",
            " WHERE r.guild_id = $1 AND r.kind = $2 AND s.user_id = $3 AND r.outcome = 'ended'"
        ))
        .bind(guild as i64)
        .bind(kind)
        .bind(user as i64)
        .fetch_one(&self.pool)
        .await?;
        let name = sqlx::query(
            "SELECT s.name FROM game_record_seat s JOIN game_record r ON r.game_id = s.game_id
             WHERE r.guild_id = $1 AND s.user_id = $2 ORDER BY r.ended_at DESC, r.game_id DESC LIMIT 1",
        )
        .bind(guild as i64)
        .bind(user as i64)
        .fetch_optional(&self.pool)
        .await?
        .map(|r| r.get::<String, _>(0));
        // One short row per game of this player: counted here rather than in SQL, since the
        // ids are a JSON list (a player with a thousand games reads a thousand small rows).
        let lists = sqlx::query(concat!(
            "SELECT s.favourites",
            seats_of_player!(),
            " AND r.outcome = 'ended'"
        ))
        .bind(guild as i64)
        .bind(kind)
        .bind(user as i64)
        .fetch_all(&self.pool)
        .await?;
        let mut counts: HashMap<String, u64> = HashMap::new();
        for r in &lists {
            let list: Vec<String> = serde_json::from_str(&r.get::<String, _>(0))
                .map_err(|e| StoreError::Corrupt(format!("favourites: {e}")))?;
            for id in list {
                *counts.entry(id).or_default() += 1;
            }
        }
        let mut favourites: Vec<(String, u64)> = counts.into_iter().collect();
        favourites.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        Ok(PlayerStats {
            name,
            games: count(&totals, 0),
            wins: count(&totals, 1),
            score_sum: count(&totals, 2),
            best: totals.get::<Option<i64>, _>(3).map(|b| b.max(0) as u64),
            abandoned: count(&abandoned, 0),
            favourites,
            hints: count(&hints, 0),
        })
    }

    /// The leaderboard of `kind` on server `guild` by wins: the best `limit` people, and every
    /// bot kind apart. Only games played to the end count.
    pub async fn leaderboard(
        &self,
        guild: u64,
        kind: &str,
        limit: u64,
    ) -> Result<Leaderboard, StoreError> {
        self.leaderboard_by(guild, kind, limit, Ranking::Wins).await
    }

    /// [`Store::leaderboard`], sorted by `ranking`.
    pub async fn leaderboard_by(
        &self,
        guild: u64,
        kind: &str,
        limit: u64,
        ranking: Ranking,
    ) -> Result<Leaderboard, StoreError> {
        if ranking == Ranking::Rating {
            return self.leaderboard_by_rating(guild, kind, limit).await;
        }
        // The seats of this server's games of this kind played to the end.
        macro_rules! ended_seats {
            () => {
                " FROM game_record_seat s JOIN game_record r ON r.game_id = s.game_id
                  WHERE r.guild_id = $1 AND r.kind = $2 AND r.outcome = 'ended'"
            };
        }
        // A person's name is the one of their latest seat on this server, so a renamed player
        // is one line under the new name.
        let people = sqlx::query(concat!(
            "SELECT s.user_id, COUNT(*) AS games, CAST(SUM(s.won) AS BIGINT) AS wins,
                    (SELECT s2.name FROM game_record_seat s2 JOIN game_record r2 ON r2.game_id = s2.game_id
                     WHERE s2.user_id = s.user_id AND r2.guild_id = $1
                     ORDER BY r2.ended_at DESC, r2.game_id DESC LIMIT 1) AS name",
            ended_seats!(),
            " AND s.bot IS NULL
             GROUP BY s.user_id
             ORDER BY wins DESC, games ASC, name ASC, s.user_id ASC
             LIMIT $3"
        ))
        .bind(guild as i64)
        .bind(kind)
        .bind(limit.min(i64::MAX as u64) as i64)
        .fetch_all(&self.pool)
        .await?;
        let people_total = count(
            &sqlx::query(concat!(
                "SELECT COUNT(DISTINCT s.user_id)",
                ended_seats!(),
                " AND s.bot IS NULL"
            ))
            .bind(guild as i64)
            .bind(kind)
            .fetch_one(&self.pool)
            .await?,
            0,
        );
        let bots = sqlx::query(concat!(
            "SELECT s.bot, COUNT(*) AS games, CAST(SUM(s.won) AS BIGINT) AS wins",
            ended_seats!(),
            " AND s.bot IS NOT NULL
             GROUP BY s.bot
             ORDER BY wins DESC, games ASC, s.bot ASC"
        ))
        .bind(guild as i64)
        .bind(kind)
        .fetch_all(&self.pool)
        .await?;
        Ok(Leaderboard {
            people: people
                .iter()
                .map(|r| Standing {
                    name: r.get::<Option<String>, _>(3).unwrap_or_default(),
                    user_id: Some(r.get::<i64, _>(0) as u64),
                    games: count(r, 1),
                    wins: count(r, 2),
                    rating: None,
                })
                .collect(),
            people_total,
            bots: bots
                .iter()
                .map(|r| Standing {
                    name: r.get(0),
                    user_id: None,
                    games: count(r, 1),
                    wins: count(r, 2),
                    rating: None,
                })
                .collect(),
        })
    }

    /// The leaderboard by rating (migration 0006): people and kinds of bot from the `rating`
    /// table, each with their wins in the records.
    async fn leaderboard_by_rating(
        &self,
        guild: u64,
        kind: &str,
        limit: u64,
    ) -> Result<Leaderboard, StoreError> {
        let people = sqlx::query(
            "SELECT t.user_id, t.games, t.mu, t.sigma,
                    (SELECT CAST(SUM(s.won) AS BIGINT) FROM game_record_seat s
                     JOIN game_record r ON r.game_id = s.game_id
                     WHERE s.user_id = t.user_id AND s.bot IS NULL AND r.guild_id = $1
                       AND r.kind = $2 AND r.outcome = 'ended') AS wins,
                    (SELECT s2.name FROM game_record_seat s2 JOIN game_record r2 ON r2.game_id = s2.game_id
                     WHERE s2.user_id = t.user_id AND r2.guild_id = $1
                     ORDER BY r2.ended_at DESC, r2.game_id DESC LIMIT 1) AS name
             FROM rating t
             WHERE t.guild_id = $1 AND t.kind = $2 AND t.bot = ''
             ORDER BY t.mu - 3.0 * t.sigma DESC, t.games DESC, name ASC, t.user_id ASC
             LIMIT $3",
        )
        .bind(guild as i64)
        .bind(kind)
        .bind(limit.min(i64::MAX as u64) as i64)
        .fetch_all(&self.pool)
        .await?;
        let people_total = count(
            &sqlx::query(
                "SELECT COUNT(*) FROM rating WHERE guild_id = $1 AND kind = $2 AND bot = ''",
            )
            .bind(guild as i64)
            .bind(kind)
            .fetch_one(&self.pool)
            .await?,
            0,
        );
        let bots = sqlx::query(
            "SELECT t.bot, t.games, t.mu, t.sigma,
                    (SELECT CAST(SUM(s.won) AS BIGINT) FROM game_record_seat s
                     JOIN game_record r ON r.game_id = s.game_id
                     WHERE s.bot = t.bot AND r.guild_id = $1 AND r.kind = $2
                       AND r.outcome = 'ended') AS wins
             FROM rating t
             WHERE t.guild_id = $1 AND t.kind = $2 AND t.bot <> ''
             ORDER BY t.mu - 3.0 * t.sigma DESC, t.games DESC, t.bot ASC",
        )
        .bind(guild as i64)
        .bind(kind)
        .fetch_all(&self.pool)
        .await?;
        let shown = |r: &sqlx::any::AnyRow| {
            super::Skill {
                mu: r.get(2),
                sigma: r.get(3),
            }
            .shown()
        };
        Ok(Leaderboard {
            people: people
                .iter()
                .map(|r| Standing {
                    name: r.get::<Option<String>, _>(5).unwrap_or_default(),
                    user_id: Some(r.get::<i64, _>(0) as u64),
                    games: count(r, 1),
                    wins: count(r, 4),
                    rating: Some(shown(r)),
                })
                .collect(),
            people_total,
            bots: bots
                .iter()
                .map(|r| Standing {
                    name: r.get(0),
                    user_id: None,
                    games: count(r, 1),
                    wins: count(r, 4),
                    rating: Some(shown(r)),
                })
                .collect(),
        })
    }

    /// Every server with records, and how many games of each game it recorded.
    pub async fn record_servers(&self) -> Result<Vec<ServerRecords>, StoreError> {
        let rows = sqlx::query(
            "SELECT guild_id, kind,
                    CAST(SUM(CASE WHEN outcome = 'ended' THEN 1 ELSE 0 END) AS BIGINT),
                    CAST(SUM(CASE WHEN outcome = 'abandoned' THEN 1 ELSE 0 END) AS BIGINT),
                    MAX(ended_at)
             FROM game_record WHERE guild_id IS NOT NULL
             GROUP BY guild_id, kind ORDER BY guild_id, kind",
        )
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .iter()
            .map(|r| ServerRecords {
                guild_id: r.get::<i64, _>(0) as u64,
                kind: r.get(1),
                ended: count(r, 2),
                abandoned: count(r, 3),
                latest: r.get::<Option<i64>, _>(4).unwrap_or(0),
            })
            .collect())
    }
}
