//! The database side of `farmhand bench scheduler`: a database filled with many games in
//! progress, quickly (one statement, not one round trip a game).

use super::*;

impl Store {
    /// Adds `copies` games in progress, each a copy of game `from` (its snapshot, options and
    /// seats) on a server and channel of its own, idle: the next time the scheduler should look
    /// at copy `i` is `first_due + (i % 1440)` minutes, spread over a day. Returns the number
    /// of games added. For `bench scheduler` only.
    pub async fn fill_idle_copies(
        &self,
        from: GameId,
        copies: i64,
        first_due: i64,
    ) -> Result<u64, StoreError> {
        let mut tx = self.write().await?;
        // The copies' ids follow the largest id now in the table, in the order of `i`.
        let top: i64 = sqlx::query("SELECT COALESCE(MAX(id), 0) FROM game")
            .fetch_one(&mut *tx)
            .await?
            .get(0);
        // `WITH RECURSIVE` counts 1..copies in SQLite and PostgreSQL alike; BIGINT casts keep
        // PostgreSQL's arithmetic out of 32-bit integers. A server id of `i << 22` spreads the
        // copies over the shards as Discord's formula does.
        let added = sqlx::query(
            "WITH RECURSIVE n(i) AS (SELECT CAST(1 AS BIGINT) UNION ALL SELECT i + 1 FROM n WHERE i < $2)
             INSERT INTO game (id, kind, guild_id, channel_id, host_id, status, options, seed, version,
                               snapshot, waiting_since, reminders_sent, created_at, updated_at, due_at)
             SELECT $4 + n.i, g.kind, n.i * 4194304, g.channel_id + n.i, g.host_id, g.status, g.options,
                    g.seed + n.i, g.version, g.snapshot, g.waiting_since, 0, g.created_at, g.updated_at,
                    $3 + (n.i % 1440) * 60000
             FROM n, game g WHERE g.id = $1",
        )
        .bind(from)
        .bind(copies)
        .bind(first_due)
        .bind(top)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        sqlx::query(
            "INSERT INTO game_seat (game_id, seat, user_id, name)
             SELECT g.id, s.seat, s.user_id, s.name FROM game g, game_seat s
             WHERE s.game_id = $1 AND g.id > $2",
        )
        .bind(from)
        .bind(top)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        if self.backend == Backend::Postgres {
            // The copies' ids were given, not drawn: move the id sequence past them, and let
            // the planner see the new rows.
            sqlx::query(
                "SELECT setval(pg_get_serial_sequence('game', 'id'), (SELECT MAX(id) FROM game))",
            )
            .execute(&self.pool)
            .await?;
            sqlx::query("ANALYZE game").execute(&self.pool).await?;
        } else {
            sqlx::query("ANALYZE").execute(&self.pool).await?;
        }
        Ok(added)
    }

    /// Makes games due at `at`, as if each had waited since then with no reminder sent. For
    /// `bench scheduler` only.
    pub async fn make_due(&self, ids: &[GameId], at: i64) -> Result<(), StoreError> {
        let mut tx = self.write().await?;
        for &id in ids {
            sqlx::query(
                "UPDATE game SET due_at = $2, waiting_since = $2, reminders_sent = 0 WHERE id = $1",
            )
            .bind(id)
            .bind(at)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// The number of games in progress.
    pub async fn active_count(&self) -> Result<i64, StoreError> {
        Ok(
            sqlx::query("SELECT COUNT(*) FROM game WHERE status = 'active'")
                .fetch_one(&self.pool)
                .await?
                .get(0),
        )
    }
}
