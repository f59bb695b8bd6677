//! The coach's stored reviews (issue 30, migration 0008): a finished game's review is computed
//! once, by whoever claims it first, and read from here afterwards. The claim is the row itself
//! (an INSERT that only one writer can make), so two clicks, or two processes on one PostgreSQL
//! database, never compute the same review twice.

use super::{GameId, Store, StoreError};
use sqlx::Row;

/// A claim older than this is taken to be a computation that died with its process (a review
/// takes at most about a minute): another click may take it over.
pub const REVIEW_CLAIM_STALE_MS: i64 = 10 * 60 * 1000;

/// Where a game's review stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReviewClaim {
    /// The caller claimed it and must compute it, then call [`Store::finish_review`].
    Mine,
    /// Someone else is computing it.
    Computing,
    /// Computed: the review's JSON.
    Done(String),
    /// The computation failed (the stored game could not be replayed).
    Failed,
}

/// A review's row, as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReviewRow {
    pub state: String,
    pub review: Option<String>,
    pub started_at: i64,
    pub finished_at: Option<i64>,
}

impl Store {
    /// Claims the computation of game `id`'s review at `now` (unix ms), or says where it stands.
    /// A failed review, or a claim older than [`REVIEW_CLAIM_STALE_MS`], is claimed again.
    pub async fn claim_review(&self, id: GameId, now: i64) -> Result<ReviewClaim, StoreError> {
        let made = sqlx::query(
            "INSERT INTO coach_review (game_id, state, started_at) VALUES ($1, 'computing', $2)
             ON CONFLICT (game_id) DO NOTHING",
        )
        .bind(id)
        .bind(now)
        .execute(&self.pool)
        .await?;
        if made.rows_affected() == 1 {
            return Ok(ReviewClaim::Mine);
        }
        let retaken = sqlx::query(
            "UPDATE coach_review SET state = 'computing', review = NULL, started_at = $2, finished_at = NULL
             WHERE game_id = $1 AND state <> 'done' AND started_at < $3",
        )
        .bind(id)
        .bind(now)
        .bind(now - REVIEW_CLAIM_STALE_MS)
        .execute(&self.pool)
        .await?;
        if retaken.rows_affected() == 1 {
            return Ok(ReviewClaim::Mine);
        }
        Ok(match self.review_row(id).await? {
            Some(r) => match (r.state.as_str(), r.review) {
                ("done", Some(json)) => ReviewClaim::Done(json),
                ("failed", _) => ReviewClaim::Failed,
                _ => ReviewClaim::Computing,
            },
            // Deleted meanwhile (the game was removed): nobody computes it.
            None => ReviewClaim::Failed,
        })
    }

    /// Stores the claimed review of game `id`: its JSON, or None when it failed.
    pub async fn finish_review(
        &self,
        id: GameId,
        review: Option<&str>,
        now: i64,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "UPDATE coach_review SET state = $2, review = $3, finished_at = $4 WHERE game_id = $1",
        )
        .bind(id)
        .bind(if review.is_some() { "done" } else { "failed" })
        .bind(review)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Game `id`'s review row, if any.
    pub async fn review_row(&self, id: GameId) -> Result<Option<ReviewRow>, StoreError> {
        let row = sqlx::query(
            "SELECT state, review, started_at, finished_at FROM coach_review WHERE game_id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map(|r| ReviewRow {
            state: r.get(0),
            review: r.get(1),
            started_at: r.get(2),
            finished_at: r.get(3),
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::TableOptions;

    /// A table to hang a review row on (the row's game must exist).
    async fn a_game(store: &Store) -> GameId {
        let options = TableOptions::plain(2, 60);
        store
            .create_table(
                crate::host::Kind::default().as_str(),
                Some(1),
                2,
                3,
                "Ada",
                &options,
                7,
            )
            .await
            .unwrap()
    }

    #[test]
    async fn a_review_is_claimed_once_and_read_after() {
        let store = Store::open_in_memory().await.unwrap();
        let id = a_game(&store).await;
        assert_eq!(
            store.claim_review(id, 1000).await.unwrap(),
            ReviewClaim::Mine
        );
        // A second asker while it is computed does not compute it again.
        assert_eq!(
            store.claim_review(id, 2000).await.unwrap(),
            ReviewClaim::Computing
        );
        store.finish_review(id, Some("{}"), 3000).await.unwrap();
        assert_eq!(
            store.claim_review(id, 4000).await.unwrap(),
            ReviewClaim::Done("{}".into())
        );
        let row = store.review_row(id).await.unwrap().unwrap();
        assert_eq!((row.started_at, row.finished_at), (1000, Some(3000)));
    }

    #[test]
    async fn a_stale_claim_or_a_failure_is_taken_over_later() {
        let store = Store::open_in_memory().await.unwrap();
        let id = a_game(&store).await;
        assert_eq!(store.claim_review(id, 0).await.unwrap(), ReviewClaim::Mine);
        let later = REVIEW_CLAIM_STALE_MS + 1;
        assert_eq!(
            store.claim_review(id, later).await.unwrap(),
            ReviewClaim::Mine
        );
        store.finish_review(id, None, later).await.unwrap();
        assert_eq!(
            store.claim_review(id, later + 1).await.unwrap(),
            ReviewClaim::Failed
        );
        let much_later = later + REVIEW_CLAIM_STALE_MS + 1;
        assert_eq!(
            store.claim_review(id, much_later).await.unwrap(),
            ReviewClaim::Mine
        );
    }
}
