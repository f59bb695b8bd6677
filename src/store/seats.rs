//! Players' absences and seats that change hands during a game (issue 41): `/fog away`,
//! `/fog leave` and `/fog give` (and `/kh`'s).

use super::*;

impl Store {
    /// The seats of game `id` that changed hands, in order.
    pub(super) async fn seat_changes(
        conn: &mut sqlx::AnyConnection,
        id: GameId,
    ) -> Result<Vec<SeatChange>, StoreError> {
        let rows = sqlx::query(
            "SELECT version, seat, from_user, from_name, to_user, kind, by_user, created_at
             FROM game_seat_change WHERE game_id = $1 ORDER BY version",
        )
        .bind(id)
        .fetch_all(conn)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(SeatChange {
                    version: r.get(0),
                    seat: r.get::<i64, _>(1) as usize,
                    from_user: r.get::<i64, _>(2) as u64,
                    from_name: r.get(3),
                    to_user: r.get::<i64, _>(4) as u64,
                    kind: match r.get::<String, _>(5).as_str() {
                        "left" => ChangeKind::Left,
                        "given" => ChangeKind::Given,
                        other => {
                            return Err(StoreError::Corrupt(format!(
                                "unknown seat change {other:?}"
                            )));
                        }
                    },
                    by_user: r.get::<i64, _>(6) as u64,
                    at: r.get(7),
                })
            })
            .collect()
    }

    /// Hands `seat` of game `id` to `to_user` (named `to_name`) at `version`, in one
    /// transaction: the table's options (a bot added or removed), the seat, and the change
    /// kept in `game_seat_change`. The version moves on, so every button drawn before is
    /// stale. A seat given to a person restarts the game's reminder clock (the new player
    /// has the table's whole time); a bot plays at once. Returns the new version.
    #[allow(clippy::too_many_arguments)]
    pub async fn change_seat(
        &self,
        id: GameId,
        version: i64,
        seat: usize,
        to_user: u64,
        to_name: &str,
        options: &TableOptions,
        kind: ChangeKind,
        by_user: u64,
    ) -> Result<i64, StoreError> {
        let mut tx = self.write().await?;
        let v = self.bump(&mut tx, id, version).await?;
        let row =
            sqlx::query("SELECT user_id, name FROM game_seat WHERE game_id = $1 AND seat = $2")
                .bind(id)
                .bind(seat as i64)
                .fetch_optional(&mut *tx)
                .await?;
        let Some(row) = row else {
            return Err(StoreError::Conflict);
        };
        let (from_user, from_name): (i64, String) = (row.get(0), row.get(1));
        sqlx::query(
            "UPDATE game_seat SET user_id = $3, name = $4 WHERE game_id = $1 AND seat = $2",
        )
        .bind(id)
        .bind(seat as i64)
        .bind(to_user as i64)
        .bind(to_name)
        .execute(&mut *tx)
        .await?;
        let now = self.now_ms();
        let update = if kind == ChangeKind::Given {
            "UPDATE game SET options = $2, waiting_since = $3, reminders_sent = 0, round_reminded = '' WHERE id = $1"
        } else {
            "UPDATE game SET options = $2, updated_at = $3 WHERE id = $1"
        };
        sqlx::query(update)
            .bind(id)
            .bind(serde_json::to_string(options).expect("options serialize"))
            .bind(now)
            .execute(&mut *tx)
            .await?;
        sqlx::query(
            "INSERT INTO game_seat_change (game_id, version, seat, from_user, from_name, to_user, kind, by_user, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
        )
        .bind(id)
        .bind(v)
        .bind(seat as i64)
        .bind(from_user)
        .bind(from_name)
        .bind(to_user as i64)
        .bind(kind.as_str())
        .bind(by_user as i64)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(v)
    }

    /// Sets a player's absence in a server (replacing any earlier one), and asks the
    /// scheduler to look at their games there at its next pass (their deadlines moved).
    pub async fn set_away(&self, guild_id: u64, away: &crate::day::Away) -> Result<(), StoreError> {
        let mut tx = self.write().await?;
        sqlx::query(
            "INSERT INTO player_away (user_id, guild_id, from_at, until_at, until_date, stand_in)
             VALUES ($1, $2, $3, $4, $5, $6)
             ON CONFLICT (user_id, guild_id) DO UPDATE SET from_at = excluded.from_at,
             until_at = excluded.until_at, until_date = excluded.until_date,
             stand_in = excluded.stand_in",
        )
        .bind(away.user_id as i64)
        .bind(guild_id as i64)
        .bind(away.from)
        .bind(away.until)
        .bind(&away.until_date)
        .bind(i64::from(away.stand_in))
        .execute(&mut *tx)
        .await?;
        Store::look_again(&mut tx, away.user_id, guild_id, self.now_ms()).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Ends a player's absence in a server now. False when they were not away.
    pub async fn clear_away(&self, user_id: u64, guild_id: u64) -> Result<bool, StoreError> {
        let mut tx = self.write().await?;
        let now = self.now_ms();
        let done = sqlx::query(
            "DELETE FROM player_away WHERE user_id = $1 AND guild_id = $2 AND until_at > $3",
        )
        .bind(user_id as i64)
        .bind(guild_id as i64)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        Store::look_again(&mut tx, user_id, guild_id, now).await?;
        tx.commit().await?;
        Ok(done.rows_affected() == 1)
    }

    /// A player's absence in a server, if one is set and not over at `now`.
    pub async fn away(
        &self,
        user_id: u64,
        guild_id: u64,
        now: i64,
    ) -> Result<Option<crate::day::Away>, StoreError> {
        let row = sqlx::query(
            "SELECT from_at, until_at, until_date, stand_in FROM player_away
             WHERE user_id = $1 AND guild_id = $2 AND until_at > $3",
        )
        .bind(user_id as i64)
        .bind(guild_id as i64)
        .bind(now)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map(|r| crate::day::Away {
            user_id,
            from: r.get(0),
            until: r.get(1),
            until_date: r.get(2),
            stand_in: r.get::<i64, _>(3) != 0,
        }))
    }

    /// The player's active games in the server: looked at by the scheduler's next pass.
    async fn look_again(
        tx: &mut Transaction<'static, Any>,
        user_id: u64,
        guild_id: u64,
        now: i64,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "UPDATE game SET due_at = $3 WHERE status = 'active' AND guild_id = $2
             AND id IN (SELECT game_id FROM game_seat WHERE user_id = $1)",
        )
        .bind(user_id as i64)
        .bind(guild_id as i64)
        .bind(now)
        .execute(&mut **tx)
        .await?;
        Ok(())
    }

    /// The active games a player sits at in a server.
    pub async fn active_games_of_in(
        &self,
        user_id: u64,
        guild_id: u64,
    ) -> Result<Vec<GameId>, StoreError> {
        let rows = sqlx::query(
            "SELECT g.id FROM game g JOIN game_seat s ON s.game_id = g.id
             WHERE s.user_id = $1 AND g.guild_id = $2 AND g.status = 'active' ORDER BY g.id",
        )
        .bind(user_id as i64)
        .bind(guild_id as i64)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.iter().map(|r| r.get(0)).collect())
    }
}
