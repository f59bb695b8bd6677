-- Records of finished games (issue 12): /fog history, /fog stats and /fog leaderboard (and /kh's)
-- read these instead of every final snapshot (restoring thousands of snapshots per query would be
-- slow, and a score needs the rules). Written in the same transaction that ends or abandons a
-- game; games that finished before this migration are recorded when the bot starts (the scores
-- need the engine, which SQL cannot run), idempotently.

-- One row per started game that finished: played to the end, or abandoned. A lobby cancelled
-- before the start is not a game and has no record.
CREATE TABLE game_record (
    game_id   INTEGER PRIMARY KEY REFERENCES game (id) ON DELETE CASCADE,
    kind      TEXT    NOT NULL,            -- game.kind
    guild_id  INTEGER,                     -- game.guild_id: records are per server
    outcome   TEXT    NOT NULL CHECK (outcome IN ('ended', 'abandoned')),
    ended_at  INTEGER NOT NULL             -- unix milliseconds
);
CREATE INDEX game_record_guild ON game_record (guild_id, kind, ended_at);

-- Each seat's result. Names are the display names the seats had, so a record reads the same
-- after the player renames or leaves the server.
CREATE TABLE game_record_seat (
    game_id     INTEGER NOT NULL REFERENCES game_record (game_id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,          -- a bot's seat has a small id (see 0002_bots.sql)
    name        TEXT    NOT NULL,
    bot         TEXT,                      -- which bot played the seat; NULL for a person
    score       INTEGER,                   -- NULL in an abandoned game
    won         INTEGER NOT NULL DEFAULT 0, -- 1 for each winner (a shared win counts for each)
    favourites  TEXT    NOT NULL DEFAULT '[]', -- JSON list of ids (cards in the farm, crops won)
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX game_record_seat_user ON game_record_seat (user_id, game_id);
