//! Ratings (migration 0006): a Weng-Lin (OpenSkill) rating per player, per server and per game,
//! from `skillratings`, updated in the transaction that records a game played to the end.
//!
//! - **What is compared.** Every seat is its own side in a free-for-all. The places come from the
//!   record: the winners share first place (a shared win is a tie), then the others by score,
//!   equal scores tied. This is the game's final ranking as far as the records keep it (a
//!   tie-break below first place is not recorded, so it is a tie here).
//! - **Who is rated.** A person by user id. A bot by its kind (its `BotSpec` text), one rating per
//!   kind of bot, as the leaderboard groups bots: people and bots are rated in the same games, so
//!   beating the strong bot is worth more than beating the random one, and bots stay apart on the
//!   leaderboard. A bot kind with several seats in one game moves by the sum of its seats' changes.
//! - **Order.** Games count in the order they ended (`ended_at`, then game id). A game recorded
//!   out of that order (a backfill, clocks of two processes) makes its server's ratings for that
//!   game be recomputed in the same transaction, so the stored ratings are always exactly what
//!   [`Store::recompute_ratings`] would compute from the records: a change of formula, or a bug
//!   fixed, never loses history.
//! - **Shown** as `mu - 3 sigma` (OpenSkill's "ordinal"): a cautious estimate that starts at 0
//!   (mu 25, sigma 25/3). A loss lowers mu, so a first loss shows below 0 (-1.8 after losing a
//!   two-player game); every game lowers sigma, which raises the shown number (+0.8 for a
//!   two-player tie), so an even record climbs slowly above 0. PLAYING.md explains it to players.

use super::{Backend, GameId, GameRecord, Store, StoreError};
use skillratings::MultiTeamOutcome;
use skillratings::weng_lin::{WengLinConfig, WengLinRating, weng_lin_multi_team};
use sqlx::{Any, Row, Transaction};
use std::collections::BTreeMap;

/// Who a rating belongs to.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rated {
    Person(u64),
    /// A kind of bot: its `BotSpec` text.
    Bot(String),
}

impl Rated {
    /// The seat's player: `bot` is the record's (`None` for a person).
    pub fn of(user_id: u64, bot: Option<&str>) -> Rated {
        match bot {
            Some(b) => Rated::Bot(b.to_string()),
            None => Rated::Person(user_id),
        }
    }

    /// The `rating` table's key columns (`user_id`, `bot`).
    fn key(&self) -> (i64, &str) {
        match self {
            Rated::Person(u) => (*u as i64, ""),
            Rated::Bot(b) => (0, b.as_str()),
        }
    }

    fn from_key(user_id: i64, bot: String) -> Rated {
        if bot.is_empty() {
            Rated::Person(user_id as u64)
        } else {
            Rated::Bot(bot)
        }
    }
}

/// A rating: the estimated skill and its uncertainty.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Skill {
    pub mu: f64,
    pub sigma: f64,
}

impl Skill {
    /// A player's rating before their first game (OpenSkill's defaults: 25 and 25/3).
    pub fn start() -> Skill {
        let r = WengLinRating::new();
        Skill {
            mu: r.rating,
            sigma: r.uncertainty,
        }
    }

    /// The number players see: `mu - 3 sigma`, a cautious estimate (0 before the first game).
    pub fn shown(self) -> f64 {
        self.mu - 3.0 * self.sigma
    }
}

/// The places of a game's seats, from each seat's `(won, score)`: 1 for every winner, then each
/// other seat one more than the seats ahead of it (1, 2, 2, 4); equal results tie.
pub fn places(seats: &[(bool, Option<u32>)]) -> Vec<usize> {
    seats
        .iter()
        .map(|me| 1 + seats.iter().filter(|other| *other > me).count())
        .collect()
}

/// One game's change: `players[k]` sits in seat `k` with the rating `before[k]` (the same for
/// every seat of one player) and finished in place `places[k]`. Returns each seat's player's
/// rating after the game (again the same for every seat of one player).
pub fn rate_game(players: &[Rated], before: &[Skill], places: &[usize]) -> Vec<Skill> {
    let teams: Vec<[WengLinRating; 1]> = before
        .iter()
        .map(|s| {
            [WengLinRating {
                rating: s.mu,
                uncertainty: s.sigma,
            }]
        })
        .collect();
    let sides: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
        .iter()
        .zip(places)
        .map(|(t, &p)| (&t[..], MultiTeamOutcome::new(p)))
        .collect();
    let new = weng_lin_multi_team(&sides, &WengLinConfig::new());
    // A player with several seats (a kind of bot) moves by the sum of its seats' changes, and
    // keeps the smallest uncertainty any of them reached; seats summed in seat order.
    let mut after: BTreeMap<&Rated, Skill> = BTreeMap::new();
    for (k, p) in players.iter().enumerate() {
        let seat = new[k][0];
        match after.get_mut(p) {
            None => {
                after.insert(
                    p,
                    Skill {
                        mu: seat.rating,
                        sigma: seat.uncertainty,
                    },
                );
            }
            Some(e) => {
                e.mu += seat.rating - before[k].mu;
                e.sigma = e.sigma.min(seat.uncertainty);
            }
        }
    }
    players.iter().map(|p| after[p]).collect()
}

/// A rated player of one server and game, as the `rating` table holds them.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingRow {
    pub player: Rated,
    pub skill: Skill,
    /// Rated games (for a kind of bot: seats).
    pub games: u64,
}

/// What one rated seat did to its player's rating.
#[derive(Clone, Debug, PartialEq)]
pub struct RatedSeat {
    pub game_id: GameId,
    pub seat: usize,
    pub before: Skill,
    pub after: Skill,
}

/// A person's rating in one game on one server, with its trend.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlayerRating {
    pub skill: Skill,
    pub games: u64,
    /// The change of the shown rating over the last `recent` games.
    pub change: f64,
    pub recent: u64,
}

/// What [`Store::recompute_ratings`] did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Recomputed {
    /// Servers and games (each server's each game is rated on its own).
    pub scopes: u64,
    /// Games rated.
    pub games: u64,
    /// Players rated (people and kinds of bot).
    pub players: u64,
}

/// The first key of the PostgreSQL advisory lock that serializes one server's ratings of one
/// game: a 64-bit key, FNV-1a of the server and the game (a collision only makes two servers
/// wait for each other). The single-key space is apart from the two-key space of the process
/// locks (`PG_LOCK_CLASS`).
fn scope_lock_key(guild: u64, kind: &str) -> i64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in guild.to_le_bytes().iter().chain(kind.as_bytes()) {
        h ^= u64::from(*b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h as i64
}

fn skill(r: &sqlx::any::AnyRow, mu: usize, sigma: usize) -> Skill {
    Skill {
        mu: r.get(mu),
        sigma: r.get(sigma),
    }
}

impl Store {
    /// Makes the other transactions that rate `guild`'s `kind` games wait until this one ends:
    /// ratings are read, changed and written back, which two games ending together must not
    /// interleave. SQLite's write transactions are already one at a time.
    async fn lock_scope(
        &self,
        tx: &mut Transaction<'static, Any>,
        guild: u64,
        kind: &str,
    ) -> Result<(), StoreError> {
        if self.backend == Backend::Postgres {
            // pg_advisory_xact_lock returns void, which the Any driver cannot decode: count it.
            sqlx::query("SELECT COUNT(*) FROM (SELECT pg_advisory_xact_lock($1)) AS l")
                .bind(scope_lock_key(guild, kind))
                .fetch_one(&mut **tx)
                .await?;
        }
        Ok(())
    }

    /// Rates game `id`, just recorded as `record` inside `tx` (a game played to the end on a
    /// server; others are not rated). When a game that ended after it is already rated, the
    /// server's ratings of that game are recomputed instead, so the order is always the order
    /// the games ended in.
    pub(super) async fn rate_recorded(
        &self,
        tx: &mut Transaction<'static, Any>,
        id: GameId,
        record: &GameRecord,
    ) -> Result<(), StoreError> {
        let Some(guild) = record.guild_id else {
            return Ok(());
        };
        if record.outcome != super::Status::Ended {
            return Ok(());
        }
        let kind = record.kind.as_str();
        self.lock_scope(tx, guild, kind).await?;
        let later: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM rating_seat rs JOIN game_record r ON r.game_id = rs.game_id
             WHERE r.guild_id = $1 AND r.kind = $2
               AND (r.ended_at > $3 OR (r.ended_at = $3 AND r.game_id > $4))",
        )
        .bind(guild as i64)
        .bind(kind)
        .bind(record.ended_at)
        .bind(id)
        .fetch_one(&mut **tx)
        .await?;
        if later > 0 {
            Store::replay_scope(tx, guild, kind).await?;
            return Ok(());
        }
        let mut seats: Vec<_> = record.seats.iter().collect();
        seats.sort_by_key(|s| s.seat);
        let players: Vec<Rated> = seats
            .iter()
            .map(|s| Rated::of(s.user_id, s.bot.as_deref()))
            .collect();
        let mut before = Vec::with_capacity(seats.len());
        let mut known: BTreeMap<&Rated, (Skill, u64)> = BTreeMap::new();
        for p in &players {
            if !known.contains_key(p) {
                let (user, bot) = p.key();
                let row = sqlx::query(
                    "SELECT mu, sigma, games FROM rating
                     WHERE guild_id = $1 AND kind = $2 AND user_id = $3 AND bot = $4",
                )
                .bind(guild as i64)
                .bind(kind)
                .bind(user)
                .bind(bot)
                .fetch_optional(&mut **tx)
                .await?;
                let found = row.map_or((Skill::start(), 0), |r| {
                    (skill(&r, 0, 1), r.get::<i64, _>(2).max(0) as u64)
                });
                known.insert(p, found);
            }
            before.push(known[p].0);
        }
        let place = places(&seats.iter().map(|s| (s.won, s.score)).collect::<Vec<_>>());
        let after = rate_game(&players, &before, &place);
        let mut seats_of: BTreeMap<&Rated, u64> = BTreeMap::new();
        for (k, s) in seats.iter().enumerate() {
            *seats_of.entry(&players[k]).or_default() += 1;
            Store::insert_rated_seat(
                tx,
                &RatedSeat {
                    game_id: id,
                    seat: s.seat,
                    before: before[k],
                    after: after[k],
                },
            )
            .await?;
        }
        for (k, p) in players.iter().enumerate() {
            let Some(n) = seats_of.remove(p) else {
                continue;
            };
            let row = RatingRow {
                player: p.clone(),
                skill: after[k],
                games: known[p].1 + n,
            };
            Store::upsert_rating(tx, guild, kind, &row).await?;
        }
        Ok(())
    }

    async fn insert_rated_seat(
        tx: &mut Transaction<'static, Any>,
        s: &RatedSeat,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO rating_seat (game_id, seat, mu_before, sigma_before, mu_after, sigma_after)
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(s.game_id)
        .bind(s.seat as i64)
        .bind(s.before.mu)
        .bind(s.before.sigma)
        .bind(s.after.mu)
        .bind(s.after.sigma)
        .execute(&mut **tx)
        .await?;
        Ok(())
    }

    async fn upsert_rating(
        tx: &mut Transaction<'static, Any>,
        guild: u64,
        kind: &str,
        row: &RatingRow,
    ) -> Result<(), StoreError> {
        let (user, bot) = row.player.key();
        sqlx::query(
            "INSERT INTO rating (guild_id, kind, user_id, bot, mu, sigma, games)
             VALUES ($1, $2, $3, $4, $5, $6, $7)
             ON CONFLICT (guild_id, kind, user_id, bot)
             DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, games = excluded.games",
        )
        .bind(guild as i64)
        .bind(kind)
        .bind(user)
        .bind(bot)
        .bind(row.skill.mu)
        .bind(row.skill.sigma)
        .bind(row.games.min(i64::MAX as u64) as i64)
        .execute(&mut **tx)
        .await?;
        Ok(())
    }

    /// Rebuilds `guild`'s ratings of `kind` from the records inside `tx` (the caller holds the
    /// scope's lock): every game played to the end, in the order they ended. Returns the games
    /// and players rated.
    async fn replay_scope(
        tx: &mut Transaction<'static, Any>,
        guild: u64,
        kind: &str,
    ) -> Result<(u64, u64), StoreError> {
        sqlx::query(
            "DELETE FROM rating_seat WHERE game_id IN
             (SELECT game_id FROM game_record WHERE guild_id = $1 AND kind = $2)",
        )
        .bind(guild as i64)
        .bind(kind)
        .execute(&mut **tx)
        .await?;
        sqlx::query("DELETE FROM rating WHERE guild_id = $1 AND kind = $2")
            .bind(guild as i64)
            .bind(kind)
            .execute(&mut **tx)
            .await?;
        let rows = sqlx::query(
            "SELECT r.game_id, s.seat, s.user_id, s.bot, s.score, s.won
             FROM game_record r JOIN game_record_seat s ON s.game_id = r.game_id
             WHERE r.guild_id = $1 AND r.kind = $2 AND r.outcome = 'ended'
             ORDER BY r.ended_at, r.game_id, s.seat",
        )
        .bind(guild as i64)
        .bind(kind)
        .fetch_all(&mut **tx)
        .await?;
        let mut table: BTreeMap<Rated, (Skill, u64)> = BTreeMap::new();
        let mut games = 0;
        let mut k = 0;
        while k < rows.len() {
            let game: GameId = rows[k].get(0);
            let mut end = k;
            while end < rows.len() && rows[end].get::<GameId, _>(0) == game {
                end += 1;
            }
            let seats = &rows[k..end];
            k = end;
            games += 1;
            let players: Vec<Rated> = seats
                .iter()
                .map(|r| {
                    Rated::of(
                        r.get::<i64, _>(2) as u64,
                        r.get::<Option<String>, _>(3).as_deref(),
                    )
                })
                .collect();
            let before: Vec<Skill> = players
                .iter()
                .map(|p| table.get(p).map_or(Skill::start(), |e| e.0))
                .collect();
            let results: Vec<(bool, Option<u32>)> = seats
                .iter()
                .map(|r| {
                    (
                        r.get::<i64, _>(5) != 0,
                        r.get::<Option<i64>, _>(4).map(|v| v.max(0) as u32),
                    )
                })
                .collect();
            let after = rate_game(&players, &before, &places(&results));
            for (j, r) in seats.iter().enumerate() {
                Store::insert_rated_seat(
                    tx,
                    &RatedSeat {
                        game_id: game,
                        seat: r.get::<i64, _>(1) as usize,
                        before: before[j],
                        after: after[j],
                    },
                )
                .await?;
                let e = table.entry(players[j].clone()).or_insert((after[j], 0));
                e.0 = after[j];
                e.1 += 1;
            }
        }
        for (player, (skill, n)) in &table {
            let row = RatingRow {
                player: player.clone(),
                skill: *skill,
                games: *n,
            };
            Store::upsert_rating(tx, guild, kind, &row).await?;
        }
        Ok((games, table.len() as u64))
    }

    /// Recomputes one server's ratings of one game from the records, in one transaction.
    async fn recompute_scope(&self, guild: u64, kind: &str) -> Result<(u64, u64), StoreError> {
        let mut tx = self.write().await?;
        self.lock_scope(&mut tx, guild, kind).await?;
        let done = Store::replay_scope(&mut tx, guild, kind).await?;
        tx.commit().await?;
        Ok(done)
    }

    /// Recomputes every rating from the records (`farmhand records recompute-ratings`), one
    /// server's game at a time, each in its own transaction: idempotent, and safe while the bot
    /// runs (a game ending meanwhile waits for its server's recomputation, or comes after it).
    /// `guild` and `kind` narrow it to one server or one game.
    pub async fn recompute_ratings(
        &self,
        guild: Option<u64>,
        kind: Option<&str>,
    ) -> Result<Recomputed, StoreError> {
        // Scopes with records, and scopes left with ratings but no records (games deleted).
        let rows = sqlx::query(
            "SELECT guild_id, kind FROM game_record WHERE guild_id IS NOT NULL
             UNION SELECT guild_id, kind FROM rating
             ORDER BY guild_id, kind",
        )
        .fetch_all(&self.pool)
        .await?;
        let mut done = Recomputed::default();
        for r in &rows {
            let g = r.get::<i64, _>(0) as u64;
            let k: String = r.get(1);
            if guild.is_some_and(|want| want != g) || kind.is_some_and(|want| want != k) {
                continue;
            }
            let (games, players) = self.recompute_scope(g, &k).await?;
            done.scopes += 1;
            done.games += games;
            done.players += players;
        }
        Ok(done)
    }

    /// Rates the games played to the end that have no rating yet (those recorded before
    /// migration 0006): run at start, after the records are backfilled. Each server's game that
    /// has one is recomputed whole. Returns how many were recomputed.
    pub async fn rate_unrated(&self) -> Result<Recomputed, StoreError> {
        let rows = sqlx::query(
            "SELECT DISTINCT r.guild_id, r.kind FROM game_record r
             WHERE r.outcome = 'ended' AND r.guild_id IS NOT NULL
               AND NOT EXISTS (SELECT 1 FROM rating_seat rs WHERE rs.game_id = r.game_id)
             ORDER BY r.guild_id, r.kind",
        )
        .fetch_all(&self.pool)
        .await?;
        let mut done = Recomputed::default();
        for r in &rows {
            let (games, players) = self
                .recompute_scope(r.get::<i64, _>(0) as u64, &r.get::<String, _>(1))
                .await?;
            done.scopes += 1;
            done.games += games;
            done.players += players;
        }
        Ok(done)
    }

    /// Every rating of `kind` on `guild`, players in key order (people by id, then bots).
    pub async fn ratings(&self, guild: u64, kind: &str) -> Result<Vec<RatingRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT user_id, bot, mu, sigma, games FROM rating
             WHERE guild_id = $1 AND kind = $2 ORDER BY bot, user_id",
        )
        .bind(guild as i64)
        .bind(kind)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .iter()
            .map(|r| RatingRow {
                player: Rated::from_key(r.get(0), r.get(1)),
                skill: skill(r, 2, 3),
                games: r.get::<i64, _>(4).max(0) as u64,
            })
            .collect())
    }

    /// Every rated seat of `kind` on `guild`, in the order the games ended.
    pub async fn rated_seats(&self, guild: u64, kind: &str) -> Result<Vec<RatedSeat>, StoreError> {
        let rows = sqlx::query(
            "SELECT rs.game_id, rs.seat, rs.mu_before, rs.sigma_before, rs.mu_after, rs.sigma_after
             FROM rating_seat rs JOIN game_record r ON r.game_id = rs.game_id
             WHERE r.guild_id = $1 AND r.kind = $2
             ORDER BY r.ended_at, r.game_id, rs.seat",
        )
        .bind(guild as i64)
        .bind(kind)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .iter()
            .map(|r| RatedSeat {
                game_id: r.get(0),
                seat: r.get::<i64, _>(1) as usize,
                before: skill(r, 2, 3),
                after: skill(r, 4, 5),
            })
            .collect())
    }

    /// `user`'s rating in `kind` on `guild`, and its change over their last `recent` games;
    /// `None` before their first rated game.
    pub async fn player_rating(
        &self,
        guild: u64,
        kind: &str,
        user: u64,
        recent: u64,
    ) -> Result<Option<PlayerRating>, StoreError> {
        let Some(now) = sqlx::query(
            "SELECT mu, sigma, games FROM rating
             WHERE guild_id = $1 AND kind = $2 AND user_id = $3 AND bot = ''",
        )
        .bind(guild as i64)
        .bind(kind)
        .bind(user as i64)
        .fetch_optional(&self.pool)
        .await?
        else {
            return Ok(None);
        };
        let skill_now = skill(&now, 0, 1);
        let last = sqlx::query(
            "SELECT rs.mu_before, rs.sigma_before
             FROM rating_seat rs
             JOIN game_record_seat s ON s.game_id = rs.game_id AND s.seat = rs.seat
             JOIN game_record r ON r.game_id = rs.game_id
             WHERE r.guild_id = $1 AND r.kind = $2 AND s.user_id = $3 AND s.bot IS NULL
             ORDER BY r.ended_at DESC, r.game_id DESC LIMIT $4",
        )
        .bind(guild as i64)
        .bind(kind)
        .bind(user as i64)
        .bind(recent.min(i64::MAX as u64) as i64)
        .fetch_all(&self.pool)
        .await?;
        let change = last
            .last()
            .map_or(0.0, |r| skill_now.shown() - skill(r, 0, 1).shown());
        Ok(Some(PlayerRating {
            skill: skill_now,
            games: now.get::<i64, _>(2).max(0) as u64,
            change,
            recent: last.len() as u64,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_follow_the_winners_then_the_scores() {
        let p = places(&[
            (false, Some(10)),
            (true, Some(12)),
            (false, Some(12)),
            (false, Some(10)),
        ]);
        // The winner first, the seat with the winner's score but not the win second (the
        // game's tie-break), equal scores tied.
        assert_eq!(p, [3, 1, 2, 3]);
        assert_eq!(places(&[(true, Some(9)), (true, Some(9))]), [1, 1]);
    }

    #[test]
    fn the_winner_gains_the_loser_loses_and_a_tie_moves_little() {
        let a = Rated::Person(1);
        let b = Rated::Person(2);
        let s = Skill::start();
        let after = rate_game(&[a.clone(), b.clone()], &[s, s], &[1, 2]);
        assert!(after[0].mu > s.mu && after[1].mu < s.mu, "{after:?}");
        assert!(after[0].sigma < s.sigma && after[1].sigma < s.sigma);
        let tie = rate_game(&[a, b], &[s, s], &[1, 1]);
        assert!((tie[0].mu - s.mu).abs() < 1e-9 && (tie[1].mu - s.mu).abs() < 1e-9);
    }

    #[test]
    fn a_kind_of_bot_with_two_seats_moves_once_by_both() {
        let bot = Rated::Bot("heuristic".into());
        let ada = Rated::Person(7);
        let s = Skill::start();
        let players = [bot.clone(), ada.clone(), bot.clone()];
        let after = rate_game(&players, &[s, s, s], &[1, 2, 3]);
        assert_eq!(after[0], after[2], "one rating for both seats");
        // Alone in seats of their own, the bot's two results: first and last.
        let solo = rate_game(
            &[Rated::Person(1), Rated::Person(2), Rated::Person(3)],
            &[s, s, s],
            &[1, 2, 3],
        );
        let summed = solo[0].mu + (solo[2].mu - s.mu);
        assert!((after[0].mu - summed).abs() < 1e-12);
        assert_eq!(after[0].sigma, solo[0].sigma.min(solo[2].sigma));
        assert_eq!(after[1], solo[1]);
    }

    /// The figures PLAYING.md quotes ("Ratings"): the shown rating starts at 0, a first loss
    /// takes it below 0, a first win above, and an even record climbs as the uncertainty falls.
    #[test]
    fn the_shown_rating_starts_at_zero_and_a_first_loss_takes_it_below() {
        let one = |x: f64| (x * 10.0).round() / 10.0;
        let s = Skill::start();
        assert_eq!(one(s.shown()), 0.0);
        let (ada, bram) = (Rated::Person(1), Rated::Person(2));
        let two = [ada.clone(), bram.clone()];
        let first = rate_game(&two, &[s, s], &[1, 2]);
        assert_eq!((one(first[0].shown()), one(first[1].shown())), (3.4, -1.8));
        // A tie moves neither estimate; the uncertainty alone falls, so both rise a little.
        let tie = rate_game(&two, &[s, s], &[1, 1]);
        assert_eq!(one(tie[0].shown()), 0.8);
        // Last of four newcomers: further down.
        let four: Vec<Rated> = (1..=4).map(Rated::Person).collect();
        let last = rate_game(&four, &[s; 4], &[1, 2, 3, 4]);
        assert_eq!(one(last[3].shown()), -5.4);
        // Losing again and again keeps it falling; winning and losing in turn against an equal
        // player climbs above 0 (the second player is at 1.9 after their first win).
        let (mut a, mut b) = (s, s);
        for k in 0..10 {
            let places = if k % 2 == 0 { [1, 2] } else { [2, 1] };
            let r = rate_game(&two, &[a, b], &places);
            (a, b) = (r[0], r[1]);
            assert!(
                k == 0 || (a.shown() > 0.0 && b.shown() > 0.0),
                "{k}: {a:?} {b:?}"
            );
        }
        assert_eq!((one(a.shown()), one(b.shown())), (5.5, 7.2));
        let mut loser = s;
        for _ in 0..3 {
            loser = rate_game(&two, &[loser, s], &[2, 1])[0];
        }
        assert_eq!(one(loser.shown()), -4.6);
    }

    #[test]
    fn scope_keys_differ_by_server_and_game() {
        // Two games' kinds, as the `game.kind` column holds them.
        let (one, other) = ("game_one", "game_two");
        let a = scope_lock_key(42, one);
        assert_ne!(a, scope_lock_key(43, one));
        assert_ne!(a, scope_lock_key(42, other));
        assert_eq!(a, scope_lock_key(42, one));
    }
}
