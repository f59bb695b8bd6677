//! Tables (lobbies and games), their seats, the action log and the event log: every write of a
//! game checks and bumps its `version`, so two writers never both succeed on the same version.

use super::*;

impl Store {
    /// Opens a table (a lobby) of the game `kind` (the `game.kind` column) with its host in
    /// seat 0.
    #[allow(clippy::too_many_arguments)]
    pub async fn create_table(
        &self,
        kind: &str,
        guild_id: Option<u64>,
        channel_id: u64,
        host_id: u64,
        host_name: &str,
        options: &TableOptions,
        seed: u64,
    ) -> Result<GameId, StoreError> {
        let mut seats = vec![SeatRow {
            seat: 0,
            user_id: host_id,
            name: host_name.to_string(),
        }];
        for (k, b) in options.bots.iter().enumerate() {
            seats.push(SeatRow {
                seat: k + 1,
                user_id: b.user_id,
                name: bot_name(k, &b.bot),
            });
        }
        self.create_table_seated(kind, guild_id, channel_id, host_id, &seats, options, seed)
            .await
    }

    /// Opens a table (a lobby) with these seats already taken (a rematch's).
    #[allow(clippy::too_many_arguments)]
    pub async fn create_table_seated(
        &self,
        kind: &str,
        guild_id: Option<u64>,
        channel_id: u64,
        host_id: u64,
        seats: &[SeatRow],
        options: &TableOptions,
        seed: u64,
    ) -> Result<GameId, StoreError> {
        let now = self.now_ms();
        let mut tx = self.write().await?;
        let id: i64 = sqlx::query(
            "INSERT INTO game (kind, guild_id, channel_id, host_id, status, options, seed, version, created_at, updated_at)
             VALUES ($1, $2, $3, $4, 'open', $5, $6, 0, $7, $7) RETURNING id",
        )
        .bind(kind)
        .bind(guild_id.map(|g| g as i64))
        .bind(channel_id as i64)
        .bind(host_id as i64)
        .bind(serde_json::to_string(options).expect("options serialize"))
        .bind(seed as i64)
        .bind(now)
        .fetch_one(&mut *tx)
        .await?
        .get(0);
        Store::insert_seats(&mut tx, id, seats).await?;
        tx.commit().await?;
        Ok(id)
    }

    /// Replaces the options of an open table (a rematch's confirmations), at `version`.
    pub async fn set_options(
        &self,
        id: GameId,
        version: i64,
        options: &TableOptions,
    ) -> Result<i64, StoreError> {
        let mut tx = self.write().await?;
        let v = self.bump(&mut tx, id, version).await?;
        sqlx::query("UPDATE game SET options = $2 WHERE id = $1")
            .bind(id)
            .bind(serde_json::to_string(options).expect("options serialize"))
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(v)
    }

    /// A game with its seats.
    pub async fn table(&self, id: GameId) -> Result<Table, StoreError> {
        // Its three queries on one connection: a table is read several times per move (the
        // answer, the panels, the public table), and each query on the pool took a connection of
        // its own, with a round trip to SQLite's worker thread to hand it out.
        let mut conn = self.pool.acquire().await?;
        // With the seat whose reversible action made the current version (issue 41).
        let row = sqlx::query(
            "SELECT g.*, (SELECT a.seat FROM game_action a WHERE a.game_id = g.id AND a.version = g.version AND a.undoable = 1) AS undoable_by FROM game g WHERE g.id = $1",
        )
            .bind(id)
            .fetch_optional(&mut *conn)
            .await?;
        let game = match row {
            Some(r) => game_row(&r)?,
            None => return Err(StoreError::NotFound),
        };
        // The seats with their players' absences in this server (one query), then the seats
        // that changed hands (issue 41).
        let rows = sqlx::query(
            "SELECT s.seat, s.user_id, s.name, a.from_at, a.until_at, a.until_date, a.stand_in
             FROM game_seat s LEFT JOIN player_away a ON a.user_id = s.user_id AND a.guild_id = $2
             WHERE s.game_id = $1 ORDER BY s.seat",
        )
        .bind(id)
        .bind(game.guild_id.map(|g| g as i64))
        .fetch_all(&mut *conn)
        .await?;
        let mut seats = Vec::with_capacity(rows.len());
        let mut away = Vec::new();
        for r in &rows {
            let user_id = r.get::<i64, _>(1) as u64;
            seats.push(SeatRow {
                seat: r.get::<i64, _>(0) as usize,
                user_id,
                name: r.get(2),
            });
            if let Some(from) = r.get::<Option<i64>, _>(3) {
                away.push(crate::day::Away {
                    user_id,
                    from,
                    until: r.get(4),
                    until_date: r.get(5),
                    stand_in: r.get::<i64, _>(6) != 0,
                });
            }
        }
        let changes = if game.status == Status::Open {
            Vec::new()
        } else {
            Store::seat_changes(&mut conn, id).await?
        };
        Ok(Table {
            game,
            seats,
            away,
            changes,
            read_at: self.now_ms(),
        })
    }

    /// Writes `seats` as the seats of table `id`, inside `tx` (a new table has none yet).
    async fn insert_seats(
        tx: &mut Transaction<'static, Any>,
        id: GameId,
        seats: &[SeatRow],
    ) -> Result<(), StoreError> {
        for s in seats {
            sqlx::query(
                "INSERT INTO game_seat (game_id, seat, user_id, name) VALUES ($1, $2, $3, $4)",
            )
            .bind(id)
            .bind(s.seat as i64)
            .bind(s.user_id as i64)
            .bind(&s.name)
            .execute(&mut **tx)
            .await?;
        }
        Ok(())
    }

    /// Makes `seats` the only seats of table `id`, inside `tx`.
    async fn replace_seats(
        tx: &mut Transaction<'static, Any>,
        id: GameId,
        seats: &[SeatRow],
    ) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM game_seat WHERE game_id = $1")
            .bind(id)
            .execute(&mut **tx)
            .await?;
        Store::insert_seats(tx, id, seats).await
    }

    /// Bumps the version if it is still `version`, inside `tx`; fails with `Conflict` otherwise.
    ///
    /// Every versioned write also asks the scheduler to look at the game at its next pass
    /// (`due_at` = now): the pass then stores the exact time of its next reminder or deadline.
    pub(super) async fn bump(
        &self,
        tx: &mut Transaction<'static, Any>,
        id: GameId,
        version: i64,
    ) -> Result<i64, StoreError> {
        let done = sqlx::query(
            "UPDATE game SET version = version + 1, updated_at = $3, due_at = $3 WHERE id = $1 AND version = $2",
        )
        .bind(id)
        .bind(version)
        .bind(self.now_ms())
        .execute(&mut **tx)
        .await?;
        if done.rows_affected() != 1 {
            return Err(StoreError::Conflict);
        }
        Ok(version + 1)
    }

    /// Replaces the seats of an open table (join / leave), at `version`.
    pub async fn set_seats(
        &self,
        id: GameId,
        version: i64,
        seats: &[SeatRow],
    ) -> Result<i64, StoreError> {
        let mut tx = self.write().await?;
        let v = self.bump(&mut tx, id, version).await?;
        Store::replace_seats(&mut tx, id, seats).await?;
        tx.commit().await?;
        Ok(v)
    }

    /// Starts a game: final seats, the first snapshot and its start events, at `version`.
    pub async fn start(
        &self,
        id: GameId,
        version: i64,
        seats: &[SeatRow],
        snapshot: &str,
        events: &[String],
    ) -> Result<i64, StoreError> {
        let mut tx = self.write().await?;
        let v = self.bump(&mut tx, id, version).await?;
        Store::replace_seats(&mut tx, id, seats).await?;
        sqlx::query("UPDATE game SET status = 'active', snapshot = $2, waiting_since = $3, reminders_sent = 0, round_reminded = '' WHERE id = $1")
            .bind(id)
            .bind(snapshot)
            .bind(self.now_ms())
            .execute(&mut *tx)
            .await?;
        self.append_events(&mut tx, id, v, events).await?;
        tx.commit().await?;
        Ok(v)
    }

    async fn append_events(
        &self,
        tx: &mut Transaction<'static, Any>,
        id: GameId,
        version: i64,
        events: &[String],
    ) -> Result<(), StoreError> {
        let next: i64 =
            sqlx::query("SELECT COALESCE(MAX(seq) + 1, 0) FROM game_event WHERE game_id = $1")
                .bind(id)
                .fetch_one(&mut **tx)
                .await?
                .get(0);
        let now = self.now_ms();
        for (k, e) in events.iter().enumerate() {
            sqlx::query("INSERT INTO game_event (game_id, seq, version, event, created_at) VALUES ($1, $2, $3, $4, $5)")
                .bind(id)
                .bind(next + k as i64)
                .bind(version)
                .bind(e)
                .bind(now)
                .execute(&mut **tx)
                .await?;
        }
        Ok(())
    }

    /// Saves one applied action in a single transaction: the new snapshot, the action, its
    /// events, and the status. Fails with `Conflict` (and writes nothing) if the game is no longer
    /// at `version`. `moved_on` restarts the reminder clock.
    #[allow(clippy::too_many_arguments)]
    pub async fn save_action(
        &self,
        id: GameId,
        version: i64,
        seat: usize,
        action: &str,
        snapshot: &str,
        events: &[String],
        status: Status,
        moved_on: bool,
    ) -> Result<i64, StoreError> {
        let row = (action.to_string(), events.to_vec());
        self.save_actions(
            id,
            version,
            seat,
            std::slice::from_ref(&row),
            snapshot,
            status,
            moved_on,
        )
        .await
    }

    /// Saves several applied actions of one seat in a single transaction (a confirmed harvest
    /// plan): all of them or none. Each `(action, events)` gets its own version, consecutive from
    /// `version + 1`, exactly as if saved one by one with [`Store::save_action`], so the action
    /// log still replays step by step; the snapshot and status are the state after the last one.
    /// Fails with `Conflict` (and writes nothing) if the game is no longer at `version`. An empty
    /// list writes nothing. Returns the new version.
    #[allow(clippy::too_many_arguments)]
    pub async fn save_actions(
        &self,
        id: GameId,
        version: i64,
        seat: usize,
        actions: &[(String, Vec<String>)],
        snapshot: &str,
        status: Status,
        moved_on: bool,
    ) -> Result<i64, StoreError> {
        self.save_actions_recorded(
            id, version, seat, actions, snapshot, status, moved_on, None, false,
        )
        .await
    }

    /// [`Store::save_actions`], writing `record` in the same transaction: the actions that end
    /// a game and its record are stored together or not at all, so a finished game is never
    /// missing from the history, and never in it without its last move. `undoable` marks the
    /// last action as one its seat may take back (issue 41, see [`Store::undo_action`]).
    #[allow(clippy::too_many_arguments)]
    pub async fn save_actions_recorded(
        &self,
        id: GameId,
        version: i64,
        seat: usize,
        actions: &[(String, Vec<String>)],
        snapshot: &str,
        status: Status,
        moved_on: bool,
        record: Option<&GameRecord>,
        undoable: bool,
    ) -> Result<i64, StoreError> {
        if actions.is_empty() {
            return Ok(version);
        }
        let mut tx = self.write().await?;
        let now = self.now_ms();
        let mut v = version;
        for (action, events) in actions {
            // The first bump checks the version the caller saw; the later ones cannot fail
            // inside this write transaction.
            v = self.bump(&mut tx, id, v).await?;
            sqlx::query("INSERT INTO game_action (game_id, version, seat, action, created_at) VALUES ($1, $2, $3, $4, $5)")
                .bind(id)
                .bind(v)
                .bind(seat as i64)
                .bind(action)
                .bind(now)
                .execute(&mut *tx)
                .await?;
            self.append_events(&mut tx, id, v, events).await?;
        }
        if undoable {
            sqlx::query("UPDATE game_action SET undoable = 1 WHERE game_id = $1 AND version = $2")
                .bind(id)
                .bind(v)
                .execute(&mut *tx)
                .await?;
        }
        sqlx::query("UPDATE game SET snapshot = $2, status = $3 WHERE id = $1")
            .bind(id)
            .bind(snapshot)
            .bind(status.as_str())
            .execute(&mut *tx)
            .await?;
        if moved_on {
            sqlx::query("UPDATE game SET waiting_since = $2, reminders_sent = 0, round_reminded = '' WHERE id = $1")
                .bind(id)
                .bind(now)
                .execute(&mut *tx)
                .await?;
        }
        if let Some(record) = record {
            self.insert_record(&mut tx, id, record).await?;
        }
        tx.commit().await?;
        Ok(v)
    }

    /// Takes back the action that made `version` (issue 41), in one transaction: fails with
    /// `Conflict` and writes nothing unless the game is still at `version` and that action is
    /// `seat`'s and marked reversible. Then bumps the version (so every button drawn before is
    /// stale), writes `snapshot` (the game replayed without the action), removes the action and
    /// its events from the logs, keeps the undo in `game_undo`, and restarts the reminder clock
    /// (the game waits for the seat again). Returns the new version.
    pub async fn undo_action(
        &self,
        id: GameId,
        version: i64,
        seat: usize,
        snapshot: &str,
    ) -> Result<i64, StoreError> {
        let mut tx = self.write().await?;
        let v = self.bump(&mut tx, id, version).await?;
        let row = sqlx::query(
            "SELECT seat, action FROM game_action WHERE game_id = $1 AND version = $2 AND undoable = 1",
        )
        .bind(id)
        .bind(version)
        .fetch_optional(&mut *tx)
        .await?;
        let action: String = match row {
            Some(r) if r.get::<i64, _>(0) == seat as i64 => r.get(1),
            _ => return Err(StoreError::Conflict),
        };
        for delete in [
            "DELETE FROM game_event WHERE game_id = $1 AND version = $2",
            "DELETE FROM game_action WHERE game_id = $1 AND version = $2",
        ] {
            sqlx::query(delete)
                .bind(id)
                .bind(version)
                .execute(&mut *tx)
                .await?;
        }
        let now = self.now_ms();
        sqlx::query(
            "UPDATE game SET snapshot = $2, waiting_since = $3, reminders_sent = 0, round_reminded = '' WHERE id = $1",
        )
        .bind(id)
        .bind(snapshot)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        sqlx::query("INSERT INTO game_undo (game_id, version, seat, undone_version, action, created_at) VALUES ($1, $2, $3, $4, $5, $6)")
            .bind(id)
            .bind(v)
            .bind(seat as i64)
            .bind(version)
            .bind(&action)
            .bind(now)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(v)
    }

    /// The decisions taken back in a game, in order: (version of the undo, seat, version the
    /// undone action had made, the action's JSON).
    pub async fn undos(&self, id: GameId) -> Result<Vec<(i64, usize, i64, String)>, StoreError> {
        self.game_rows(
            "SELECT version, seat, undone_version, action FROM game_undo WHERE game_id = $1 ORDER BY version",
            id,
            |r| (r.get(0), r.get::<i64, _>(1) as usize, r.get(2), r.get(3)),
        )
        .await
    }

    /// Sets the status (cancel, abandon), at `version`.
    pub async fn set_status(
        &self,
        id: GameId,
        version: i64,
        status: Status,
    ) -> Result<i64, StoreError> {
        self.set_status_recorded(id, version, status, None).await
    }

    /// [`Store::set_status`], writing `record` in the same transaction (an abandoned game's).
    pub async fn set_status_recorded(
        &self,
        id: GameId,
        version: i64,
        status: Status,
        record: Option<&GameRecord>,
    ) -> Result<i64, StoreError> {
        let mut tx = self.write().await?;
        let v = self.bump(&mut tx, id, version).await?;
        sqlx::query("UPDATE game SET status = $2 WHERE id = $1")
            .bind(id)
            .bind(status.as_str())
            .execute(&mut *tx)
            .await?;
        if let Some(record) = record {
            self.insert_record(&mut tx, id, record).await?;
        }
        tx.commit().await?;
        Ok(v)
    }

    /// Records where the table lives in Discord (no version bump: this is bookkeeping, not
    /// game state, and must not make players' buttons stale).
    pub async fn set_message(
        &self,
        id: GameId,
        thread_id: Option<u64>,
        table_message_id: Option<u64>,
    ) -> Result<(), StoreError> {
        sqlx::query("UPDATE game SET thread_id = COALESCE($2, thread_id), table_message_id = COALESCE($3, table_message_id) WHERE id = $1")
            .bind(id)
            .bind(thread_id.map(|t| t as i64))
            .bind(table_message_id.map(|t| t as i64))
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Parks the games in progress at a place Discord says is gone (issue 42): a channel (its
    /// games, whether they talk in the channel or in a thread of it) or a whole server. Lobbies
    /// there are closed instead (nothing was played; nobody needs them back). Bookkeeping, no
    /// version bump: the game's state is untouched, and a resume plays on from it. Returns the
    /// games newly parked and the lobbies closed, so their players are told once.
    pub async fn park(
        &self,
        gone: Gone,
        why: Parked,
    ) -> Result<(Vec<GameId>, Vec<GameId>), StoreError> {
        // Static SQL per place (sqlx takes no formatted strings).
        let (park, close, id) = match gone {
            Gone::Channel(c) => (
                "UPDATE game SET parked_why = $2, parked_at = $3, due_at = NULL
                 WHERE (channel_id = $1 OR thread_id = $1) AND status = 'active'
                 AND parked_why IS NULL RETURNING id",
                "UPDATE game SET status = 'abandoned', version = version + 1, updated_at = $2
                 WHERE (channel_id = $1 OR thread_id = $1) AND status = 'open' RETURNING id",
                c,
            ),
            Gone::Thread(t) => (
                "UPDATE game SET parked_why = $2, parked_at = $3, due_at = NULL
                 WHERE channel_id = $1 AND status = 'active'
                 AND parked_why IS NULL RETURNING id",
                "UPDATE game SET status = 'abandoned', version = version + 1, updated_at = $2
                 WHERE channel_id = $1 AND status = 'open' RETURNING id",
                t,
            ),
            Gone::Guild(g) => (
                "UPDATE game SET parked_why = $2, parked_at = $3, due_at = NULL
                 WHERE guild_id = $1 AND status = 'active' AND parked_why IS NULL RETURNING id",
                "UPDATE game SET status = 'abandoned', version = version + 1, updated_at = $2
                 WHERE guild_id = $1 AND status = 'open' RETURNING id",
                g,
            ),
        };
        let mut tx = self.pool.begin().await?;
        let parked = sqlx::query(park)
            .bind(id as i64)
            .bind(why.as_str())
            .bind(self.now_ms())
            .fetch_all(&mut *tx)
            .await?;
        let closed = sqlx::query(close)
            .bind(id as i64)
            .bind(self.now_ms())
            .fetch_all(&mut *tx)
            .await?;
        tx.commit().await?;
        let ids = |rows: Vec<AnyRow>| -> Vec<GameId> {
            let mut v: Vec<GameId> = rows.iter().map(|r| r.get(0)).collect();
            v.sort_unstable();
            v
        };
        Ok((ids(parked), ids(closed)))
    }

    /// Brings parked game `id` back in another channel (issue 42): where it now lives (the
    /// channel, its thread if one was made, the table message just posted). Its clock starts
    /// again: the players waited on get their full reminder and deadline delays from now, as
    /// nobody could act while it was parked. False if the game was not parked (any more).
    pub async fn resume(
        &self,
        id: GameId,
        channel_id: u64,
        thread_id: Option<u64>,
        table_message_id: u64,
    ) -> Result<bool, StoreError> {
        let now = self.now_ms();
        let done = sqlx::query(
            "UPDATE game SET parked_why = NULL, parked_at = NULL, channel_id = $2, thread_id = $3,
             table_message_id = $4, table_drawn_version = NULL, waiting_since = $5,
             reminders_sent = 0, round_reminded = '', due_at = $5
             WHERE id = $1 AND parked_why IS NOT NULL AND status = 'active'",
        )
        .bind(id)
        .bind(channel_id as i64)
        .bind(thread_id.map(|t| t as i64))
        .bind(table_message_id as i64)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Records that the public table message now shows `version` of the game (bookkeeping, no
    /// version bump). Never moves backwards: a slow redraw of an older version cannot hide a newer
    /// one.
    pub async fn note_table_drawn(&self, id: GameId, version: i64) -> Result<(), StoreError> {
        sqlx::query(
            "UPDATE game SET table_drawn_version = $2 WHERE id = $1 AND (table_drawn_version IS NULL OR table_drawn_version < $2)",
        )
        .bind(id)
        .bind(version)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Tables whose public message was last drawn before their latest version (or never since it
    /// was posted): what a crash between a commit and a redraw leaves behind.
    pub async fn stale_tables(&self) -> Result<Vec<GameId>, StoreError> {
        let rows = sqlx::query(
            "SELECT id FROM game WHERE table_message_id IS NOT NULL AND parked_why IS NULL AND (table_drawn_version IS NULL OR table_drawn_version < version) ORDER BY id",
        )
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.iter().map(|r| r.get(0)).collect())
    }

    /// Records what the stand-in bot did, and restarts the reminder and stand-in clock so the
    /// player gets the full delay again before the next one (bookkeeping, no version bump).
    pub async fn note_stand_in(&self, id: GameId, note: &str) -> Result<(), StoreError> {
        sqlx::query(
            "UPDATE game SET stand_in_note = $2, waiting_since = $3, reminders_sent = 0, round_reminded = '', due_at = $3 WHERE id = $1",
        )
        .bind(id)
        .bind(note)
        .bind(self.now_ms())
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Asks the bot process that looks after a game's server to redraw one of its messages
    /// (`payload` says which, see `discord::redraw`). PostgreSQL only, where several processes
    /// share the database: a `NOTIFY` on [`REDRAW_CHANNEL`], delivered to every listening
    /// process. Nothing to do on SQLite, whose one process looks after every game.
    pub async fn announce_redraw(&self, payload: &str) -> Result<(), StoreError> {
        if self.backend == Backend::Postgres {
            sqlx::query("SELECT pg_notify($1, $2)")
                .bind(REDRAW_CHANNEL)
                .bind(payload)
                .execute(&self.pool)
                .await?;
        }
        Ok(())
    }

    /// Claims the next reminder of a game (bookkeeping, no version bump): counts it as sent if
    /// the game is still active, has sent `sent` reminders and still waits since
    /// `waiting_since`. True for exactly one caller, even with several bot processes on one
    /// database: the one that may send it. A reminder is claimed before it goes out, so a crash
    /// in between loses that one reminder rather than sending it twice.
    pub async fn claim_reminder(
        &self,
        id: GameId,
        sent: i64,
        waiting_since: i64,
    ) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "UPDATE game SET reminders_sent = reminders_sent + 1
             WHERE id = $1 AND reminders_sent = $2 AND waiting_since = $3 AND status = 'active'",
        )
        .bind(id)
        .bind(sent)
        .bind(waiting_since)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Claims part of a reminder round (issue 41, quiet hours): the seats `now` are reminded
    /// on top of `before` (the round's seats already reminded); with `complete`, the round is
    /// over and counts as sent. True for exactly one caller, as [`Store::claim_reminder`].
    pub async fn claim_reminder_seats(
        &self,
        id: GameId,
        sent: i64,
        waiting_since: i64,
        before: &[usize],
        now: &[usize],
        complete: bool,
    ) -> Result<bool, StoreError> {
        let mut all: Vec<usize> = before.iter().chain(now).copied().collect();
        all.sort_unstable();
        all.dedup();
        let after = if complete {
            String::new()
        } else {
            seat_list(&all)
        };
        let done = sqlx::query(
            "UPDATE game SET round_reminded = $5, reminders_sent = reminders_sent + $6
             WHERE id = $1 AND reminders_sent = $2 AND waiting_since = $3 AND round_reminded = $4
             AND status = 'active'",
        )
        .bind(id)
        .bind(sent)
        .bind(waiting_since)
        .bind(seat_list(before))
        .bind(after)
        .bind(i64::from(complete))
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Open and active tables in a channel or its threads, newest first.
    pub async fn live_tables_in(&self, channel_id: u64) -> Result<Vec<GameId>, StoreError> {
        let rows = sqlx::query(
            "SELECT id FROM game WHERE (channel_id = $1 OR thread_id = $1) AND status IN ('open', 'active') ORDER BY id DESC",
        )
        .bind(channel_id as i64)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.iter().map(|r| r.get(0)).collect())
    }

    /// The newest started table of game `kind` (a `game.kind` value) in a channel or its
    /// threads, whatever its status (for `/fog export`, which wants ended games too).
    pub async fn latest_started_in(
        &self,
        channel_id: u64,
        kind: &str,
    ) -> Result<Option<GameId>, StoreError> {
        self.newest_in(
            "SELECT id FROM game WHERE (channel_id = $1 OR thread_id = $1) AND kind = $2 AND snapshot IS NOT NULL ORDER BY id DESC LIMIT 1",
            channel_id,
            kind,
        )
        .await
    }

    /// The newest game of `kind` played to the end in `channel_id` (the channel or its thread).
    pub async fn latest_ended_in(
        &self,
        channel_id: u64,
        kind: &str,
    ) -> Result<Option<GameId>, StoreError> {
        self.newest_in(
            "SELECT id FROM game WHERE (channel_id = $1 OR thread_id = $1) AND kind = $2 AND status = 'ended' ORDER BY id DESC LIMIT 1",
            channel_id,
            kind,
        )
        .await
    }

    /// The game id `sql` finds first (a `SELECT id FROM game` of the newest first, `$1` the
    /// channel, `$2` the game's kind) for `channel_id` and `kind`.
    async fn newest_in(
        &self,
        sql: &'static str,
        channel_id: u64,
        kind: &str,
    ) -> Result<Option<GameId>, StoreError> {
        let row = sqlx::query(sql)
            .bind(channel_id as i64)
            .bind(kind)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| r.get(0)))
    }

    /// Open and active tables in a server, newest first.
    pub async fn live_tables_in_guild(&self, guild_id: u64) -> Result<Vec<GameId>, StoreError> {
        let rows = sqlx::query("SELECT id FROM game WHERE guild_id = $1 AND status IN ('open', 'active') ORDER BY id DESC")
            .bind(guild_id as i64)
            .fetch_all(&self.pool)
            .await?;
        Ok(rows.iter().map(|r| r.get(0)).collect())
    }

    /// Live tables where `user_id` holds a seat, newest first.
    pub async fn live_tables_of(&self, user_id: u64) -> Result<Vec<GameId>, StoreError> {
        let rows = sqlx::query(
            "SELECT g.id FROM game g JOIN game_seat s ON s.game_id = g.id
             WHERE s.user_id = $1 AND g.status IN ('open', 'active') ORDER BY g.id DESC",
        )
        .bind(user_id as i64)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.iter().map(|r| r.get(0)).collect())
    }

    /// The active games whose scheduled time (`due_at`) has come by `now`, earliest first, at
    /// most `limit`, of the servers `shards` covers: what one scheduler pass looks at. An
    /// indexed range read (migration 0009): its cost follows the games due, not the games in
    /// progress.
    pub async fn due_games(
        &self,
        now: i64,
        shards: crate::shards::Shards,
        limit: i64,
    ) -> Result<Vec<GameId>, StoreError> {
        let rows = match shards {
            crate::shards::Shards::All => {
                sqlx::query(
                    "SELECT id FROM game WHERE status = 'active' AND parked_why IS NULL AND due_at IS NOT NULL
                     AND due_at <= $1 ORDER BY due_at, id LIMIT $2",
                )
                .bind(now)
                .bind(limit)
                .fetch_all(&self.pool)
                .await?
            }
            // The shard of a server is (id >> 22) % total (Discord's formula, `shards::shard_of`);
            // games without a server belong to shard 0.
            crate::shards::Shards::Range { first, last, total } => {
                sqlx::query(
                    "SELECT id FROM game WHERE status = 'active' AND parked_why IS NULL AND due_at IS NOT NULL
                     AND due_at <= $1
                     AND (COALESCE(guild_id, 0) / 4194304) % $3 BETWEEN $4 AND $5
                     ORDER BY due_at, id LIMIT $2",
                )
                .bind(now)
                .bind(limit)
                .bind(i64::from(total.max(1)))
                .bind(i64::from(first))
                .bind(i64::from(last))
                .fetch_all(&self.pool)
                .await?
            }
        };
        Ok(rows.iter().map(|r| r.get(0)).collect())
    }

    /// Stores when the scheduler should next look at a game (`None`: nothing can come due),
    /// computed from the row as it was read: only if the game still waits since
    /// `waiting_since` with `reminders_sent` sent, so a move made meanwhile (which asked for a
    /// look at once) is never pushed back.
    pub async fn set_due(
        &self,
        id: GameId,
        due_at: Option<i64>,
        waiting_since: Option<i64>,
        reminders_sent: i64,
        version: i64,
    ) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "UPDATE game SET due_at = $2 WHERE id = $1 AND version = $5 AND reminders_sent = $4
             AND (waiting_since = $3 OR (waiting_since IS NULL AND $3 IS NULL))",
        )
        .bind(id)
        .bind(due_at)
        .bind(waiting_since)
        .bind(reminders_sent)
        .bind(version)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Every active game.
    pub async fn active_games(&self) -> Result<Vec<GameId>, StoreError> {
        let rows = sqlx::query("SELECT id FROM game WHERE status = 'active' ORDER BY id")
            .fetch_all(&self.pool)
            .await?;
        Ok(rows.iter().map(|r| r.get(0)).collect())
    }

    /// The accepted actions of a game, in order: (version, seat, action JSON).
    pub async fn actions(&self, id: GameId) -> Result<Vec<(i64, usize, String)>, StoreError> {
        self.game_rows(
            "SELECT version, seat, action FROM game_action WHERE game_id = $1 ORDER BY version",
            id,
            |r| (r.get(0), r.get::<i64, _>(1) as usize, r.get(2)),
        )
        .await
    }

    /// What `read` makes of each row `sql` (`$1` the game) reads of game `id`, in its order.
    pub(super) async fn game_rows<T>(
        &self,
        sql: &'static str,
        id: GameId,
        read: impl Fn(&AnyRow) -> T,
    ) -> Result<Vec<T>, StoreError> {
        let rows = sqlx::query(sql).bind(id).fetch_all(&self.pool).await?;
        Ok(rows.iter().map(read).collect())
    }

    /// The last `limit` events of a game, oldest first: (version, event JSON).
    pub async fn recent_events(
        &self,
        id: GameId,
        limit: i64,
    ) -> Result<Vec<(i64, String)>, StoreError> {
        let rows = sqlx::query(
            "SELECT version, event FROM (SELECT seq, version, event FROM game_event WHERE game_id = $1 ORDER BY seq DESC LIMIT $2) AS recent ORDER BY seq",
        )
        .bind(id)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.iter().map(|r| (r.get(0), r.get(1))).collect())
    }

    /// The public log since `seat` last acted (events of versions after its newest stored
    /// action, or since the start when it has none), up to `up_to` (the version a view is drawn
    /// at): whether the seat has acted at all, how many events there are, and the newest
    /// `limit` of them (version, JSON), oldest first.
    pub async fn events_since_seat(
        &self,
        id: GameId,
        seat: usize,
        up_to: i64,
        limit: i64,
    ) -> Result<(bool, i64, Vec<(i64, String)>), StoreError> {
        let last: Option<i64> =
            sqlx::query("SELECT MAX(version) FROM game_action WHERE game_id = $1 AND seat = $2")
                .bind(id)
                .bind(seat as i64)
                .fetch_one(&self.pool)
                .await?
                .get(0);
        let after = last.unwrap_or(0);
        let total: i64 = sqlx::query(
            "SELECT COUNT(*) FROM game_event WHERE game_id = $1 AND version > $2 AND version <= $3",
        )
        .bind(id)
        .bind(after)
        .bind(up_to)
        .fetch_one(&self.pool)
        .await?
        .get(0);
        let rows = sqlx::query(
            "SELECT version, event FROM (SELECT seq, version, event FROM game_event WHERE game_id = $1 AND version > $2 AND version <= $3 ORDER BY seq DESC LIMIT $4) AS recent ORDER BY seq",
        )
        .bind(id)
        .bind(after)
        .bind(up_to)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        Ok((
            last.is_some(),
            total,
            rows.iter().map(|r| (r.get(0), r.get(1))).collect(),
        ))
    }
}

fn game_row(r: &AnyRow) -> Result<GameRow, StoreError> {
    let opt = |name: &str| -> Option<u64> { r.get::<Option<i64>, _>(name).map(|v| v as u64) };
    let options: String = r.get("options");
    Ok(GameRow {
        id: r.get("id"),
        kind: r.get("kind"),
        guild_id: opt("guild_id"),
        channel_id: r.get::<i64, _>("channel_id") as u64,
        thread_id: opt("thread_id"),
        table_message_id: opt("table_message_id"),
        host_id: r.get::<i64, _>("host_id") as u64,
        status: Status::parse(r.get::<String, _>("status").as_str())?,
        options: serde_json::from_str(&options)
            .map_err(|e| StoreError::Corrupt(format!("options: {e}")))?,
        seed: r.get::<i64, _>("seed") as u64,
        version: r.get("version"),
        snapshot: r.get("snapshot"),
        waiting_since: r.get("waiting_since"),
        reminders_sent: r.get("reminders_sent"),
        round_reminded: parse_seat_list(&r.get::<String, _>("round_reminded")),
        due_at: r.get("due_at"),
        stand_in_note: r.get("stand_in_note"),
        created_at: r.get("created_at"),
        updated_at: r.get("updated_at"),
        undoable_by: r.get::<Option<i64>, _>("undoable_by").map(|s| s as usize),
        parked: match r.get::<Option<String>, _>("parked_why") {
            Some(why) => Some((
                Parked::parse(&why)?,
                r.get::<Option<i64>, _>("parked_at").unwrap_or(0),
            )),
            None => None,
        },
    })
}

/// Seats as stored in `round_reminded`: "0,2".
fn seat_list(seats: &[usize]) -> String {
    seats
        .iter()
        .map(|s| s.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

fn parse_seat_list(text: &str) -> Vec<usize> {
    text.split(',')
        .filter_map(|s| s.trim().parse().ok())
        .collect()
}
