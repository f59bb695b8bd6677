//! What the store keeps of each player outside a game's rules: preferences (hand in DMs,
//! reminders), language, hints used, and the hand DMs.

use super::*;

impl Store {
    pub async fn prefs(&self, user_id: u64) -> Result<Prefs, StoreError> {
        let row = sqlx::query(
            "SELECT hand_in_dm, reminders, time_zone, quiet_hours, dms_closed FROM user_pref WHERE user_id = $1",
        )
            .bind(user_id as i64)
            .fetch_optional(&self.pool)
            .await?;
        Ok(match row {
            None => Prefs::default(),
            Some(r) => Prefs {
                hand_in_dm: r.get::<i64, _>(0) != 0,
                reminders: match r.get::<String, _>(1).as_str() {
                    "dm" => Reminders::Dm,
                    "off" => Reminders::Off,
                    _ => Reminders::Mention,
                },
                time_zone: r.get::<Option<String>, _>(2),
                // Stored as written by `QuietHours`'s Display ("23:00-07:00"), which parses back.
                quiet_hours: r
                    .get::<Option<String>, _>(3)
                    .and_then(|q| crate::day::QuietHours::parse(&q).ok()),
                dms_closed: r.get::<i64, _>(4) != 0,
            },
        })
    }

    /// Remembers that `user_id`'s DMs refused the bot (`closed`), or took a DM again.
    pub async fn note_dms_closed(&self, user_id: u64, closed: bool) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO user_pref (user_id, dms_closed) VALUES ($1, $2)
             ON CONFLICT (user_id) DO UPDATE SET dms_closed = excluded.dms_closed",
        )
        .bind(user_id as i64)
        .bind(i64::from(closed))
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Stores a player's `settings`. Saving them also forgets that their DMs were closed
    /// (issue 42): a player who changes their settings may have opened them, and the next DM
    /// finds out.
    pub async fn set_prefs(&self, user_id: u64, prefs: Prefs) -> Result<(), StoreError> {
        let reminders = match prefs.reminders {
            Reminders::Mention => "mention",
            Reminders::Dm => "dm",
            Reminders::Off => "off",
        };
        sqlx::query(
            "INSERT INTO user_pref (user_id, hand_in_dm, reminders, time_zone, quiet_hours)
             VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (user_id) DO UPDATE SET hand_in_dm = excluded.hand_in_dm,
             reminders = excluded.reminders, time_zone = excluded.time_zone,
             quiet_hours = excluded.quiet_hours, dms_closed = 0",
        )
        .bind(user_id as i64)
        .bind(prefs.hand_in_dm as i64)
        .bind(reminders)
        .bind(prefs.time_zone.clone())
        .bind(prefs.quiet_hours.map(|q| q.to_string()))
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The language a player's Discord client was last seen in (None: never seen).
    pub async fn locale(&self, user_id: u64) -> Result<Option<crate::i18n::Locale>, StoreError> {
        let row = sqlx::query("SELECT locale FROM user_pref WHERE user_id = $1")
            .bind(user_id as i64)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row
            .and_then(|r| r.get::<Option<String>, _>(0))
            .map(|tag| crate::i18n::Locale::from_discord(&tag)))
    }

    /// Counts a hint shown to `seat` of game `id` (the coach, issue 30), durably; returns how
    /// many that seat has used now.
    pub async fn count_hint(&self, id: GameId, seat: usize) -> Result<u32, StoreError> {
        let row = sqlx::query(
            "INSERT INTO coach_hint (game_id, seat, used) VALUES ($1, $2, 1)
             ON CONFLICT (game_id, seat) DO UPDATE SET used = coach_hint.used + 1
             RETURNING used",
        )
        .bind(id)
        .bind(seat as i64)
        .fetch_one(&self.pool)
        .await?;
        Ok(row.get::<i64, _>(0) as u32)
    }

    /// Hints used in game `id`, by seat (seats that asked for none are left out).
    pub async fn hints_used(&self, id: GameId) -> Result<Vec<(usize, u32)>, StoreError> {
        self.game_rows(
            "SELECT seat, used FROM coach_hint WHERE game_id = $1 AND used > 0 ORDER BY seat",
            id,
            |r| (r.get::<i64, _>(0) as usize, r.get::<i64, _>(1) as u32),
        )
        .await
    }

    /// Keeps the language a player's client is set to, for the DMs the bot sends them unasked.
    pub async fn note_locale(
        &self,
        user_id: u64,
        locale: crate::i18n::Locale,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO user_pref (user_id, locale) VALUES ($1, $2)
             ON CONFLICT (user_id) DO UPDATE SET locale = excluded.locale",
        )
        .bind(user_id as i64)
        .bind(locale.tag())
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The DM message showing a player's hand for a game: (channel, message).
    pub async fn dm(&self, id: GameId, user_id: u64) -> Result<Option<(u64, u64)>, StoreError> {
        let row = sqlx::query(
            "SELECT channel_id, message_id FROM game_dm WHERE game_id = $1 AND user_id = $2",
        )
        .bind(id)
        .bind(user_id as i64)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map(|r| (r.get::<i64, _>(0) as u64, r.get::<i64, _>(1) as u64)))
    }

    pub async fn set_dm(
        &self,
        id: GameId,
        user_id: u64,
        channel_id: u64,
        message_id: u64,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO game_dm (game_id, user_id, channel_id, message_id) VALUES ($1, $2, $3, $4)
             ON CONFLICT (game_id, user_id) DO UPDATE SET channel_id = excluded.channel_id, message_id = excluded.message_id",
        )
        .bind(id)
        .bind(user_id as i64)
        .bind(channel_id as i64)
        .bind(message_id as i64)
        .execute(&self.pool)
        .await?;
        Ok(())
    }
}
