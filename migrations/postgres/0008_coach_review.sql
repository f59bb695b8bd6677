-- The coach's review of a finished game (issue 30), computed once in the background and kept, so
-- a second Review click or `/fog review` reads it instead of replaying the game again. While it
-- is computed the row says so ('computing'), which is also the claim: only the process whose
-- INSERT made the row computes (a claim left by a process that died is taken over after a while).
CREATE TABLE coach_review (
    game_id     BIGINT  PRIMARY KEY REFERENCES game (id) ON DELETE CASCADE,
    state       TEXT    NOT NULL CHECK (state IN ('computing', 'done', 'failed')),
    review      TEXT,                      -- the review as JSON, once done
    started_at  BIGINT  NOT NULL,          -- unix milliseconds
    finished_at BIGINT                     -- unix milliseconds, once done or failed
);
