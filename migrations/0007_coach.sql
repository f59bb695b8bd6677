-- The coach (issue 30): how many hints each seat of a game asked for, counted when a hint is
-- shown, so the final result and the records can say "Ada used 3 hints". A seat that never
-- asked has no row.
CREATE TABLE coach_hint (
    game_id INTEGER NOT NULL REFERENCES game (id) ON DELETE CASCADE,
    seat    INTEGER NOT NULL,
    used    INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, seat)
);
