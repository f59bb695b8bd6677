-- The PostgreSQL twin of ../0004_records.sql.
CREATE TABLE game_record (
    game_id   BIGINT  PRIMARY KEY REFERENCES game (id) ON DELETE CASCADE,
    kind      TEXT    NOT NULL,
    guild_id  BIGINT,
    outcome   TEXT    NOT NULL CHECK (outcome IN ('ended', 'abandoned')),
    ended_at  BIGINT  NOT NULL
);
CREATE INDEX game_record_guild ON game_record (guild_id, kind, ended_at);

CREATE TABLE game_record_seat (
    game_id     BIGINT NOT NULL REFERENCES game_record (game_id) ON DELETE CASCADE,
    seat        BIGINT NOT NULL,
    user_id     BIGINT NOT NULL,
    name        TEXT   NOT NULL,
    bot         TEXT,
    score       BIGINT,
    won         BIGINT NOT NULL DEFAULT 0,
    favourites  TEXT   NOT NULL DEFAULT '[]',
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX game_record_seat_user ON game_record_seat (user_id, game_id);
