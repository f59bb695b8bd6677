-- Away (issue 41): a player's absence, for all their games in one server. From `from_at` to
-- `until_at` (unix ms; `until_date` is the day they gave, '2026-12-03', shown on the tables),
-- their reminders are off, and their deadlines are frozen (for at most each table's
-- `max_away_days`) or, with `stand_in` = 1, the stand-in plays for them at once. A new away
-- replaces the old one; a passed one is ignored (and replaced by the next).
CREATE TABLE player_away (
    user_id     INTEGER NOT NULL,
    guild_id    INTEGER NOT NULL,
    from_at     INTEGER NOT NULL,
    until_at    INTEGER NOT NULL,
    until_date  TEXT    NOT NULL,
    stand_in    INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (user_id, guild_id)
);

-- Seats that changed hands during a game (issue 41): a player left (a bot at the table's
-- strength took the seat) or the host gave the seat to another member. Kept for the table,
-- the records' flag and the refusal a former player's click gets.
CREATE TABLE game_seat_change (
    game_id     INTEGER NOT NULL REFERENCES game (id) ON DELETE CASCADE,
    version     INTEGER NOT NULL,     -- the game version the change produced
    seat        INTEGER NOT NULL,
    from_user   INTEGER NOT NULL,
    from_name   TEXT    NOT NULL,     -- their name at the table, for the table's note
    to_user     INTEGER NOT NULL,     -- a bot's small id when a player left
    kind        TEXT    NOT NULL CHECK (kind IN ('left', 'given')),
    by_user     INTEGER NOT NULL,     -- who did it: the player leaving, or the host / manager
    created_at  INTEGER NOT NULL,
    PRIMARY KEY (game_id, version)
);
CREATE INDEX game_seat_change_from ON game_seat_change (game_id, from_user);

-- The records' flag: how many times the seat changed hands (0: one player all game).
ALTER TABLE game_record_seat ADD COLUMN handed_on INTEGER NOT NULL DEFAULT 0;
