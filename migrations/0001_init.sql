-- Farmhand's tables. Numbered migrations are never edited once released; add a new file instead.
-- Discord ids (snowflakes) are stored as INTEGER (they fit in i64). Times are unix milliseconds.

-- One row per table opened with /fog new: a lobby first, then a game in progress, then a result.
CREATE TABLE game (
    id                INTEGER PRIMARY KEY AUTOINCREMENT,
    kind              TEXT    NOT NULL DEFAULT 'fields_of_green', -- which game the row holds
    guild_id          INTEGER,            -- the server (NULL only for tests)
    channel_id        INTEGER NOT NULL,   -- where /fog new was used
    thread_id         INTEGER,            -- the game's thread, when the bot could create one
    table_message_id  INTEGER,            -- the public table message, edited in place
    host_id           INTEGER NOT NULL,   -- who opened the table (may start, cancel, abandon)
    status            TEXT    NOT NULL CHECK (status IN ('open', 'active', 'ended', 'abandoned')),
    options           TEXT    NOT NULL,   -- JSON: seats wanted, introductory mode, reminder delay
    seed              INTEGER NOT NULL,   -- drives every shuffle of the game
    version           INTEGER NOT NULL DEFAULT 0, -- optimistic concurrency: +1 on every write
    snapshot          TEXT,               -- JSON GameSnapshot once the game has started
    waiting_since     INTEGER,            -- when the game last moved on (reminders count from it)
    reminders_sent    INTEGER NOT NULL DEFAULT 0, -- reminders sent since then
    created_at        INTEGER NOT NULL,
    updated_at        INTEGER NOT NULL
);
CREATE INDEX game_channel ON game (channel_id, status);
CREATE INDEX game_guild ON game (guild_id, status);

-- Who sits where. Seat numbers are the engine's seats (0 = first to join).
CREATE TABLE game_seat (
    game_id  INTEGER NOT NULL REFERENCES game (id) ON DELETE CASCADE,
    seat     INTEGER NOT NULL,
    user_id  INTEGER NOT NULL,
    name     TEXT    NOT NULL,            -- display name when joining, for messages
    PRIMARY KEY (game_id, seat),
    UNIQUE (game_id, user_id)
);

-- Every accepted action, in order: with the seed it replays the game exactly.
CREATE TABLE game_action (
    game_id     INTEGER NOT NULL REFERENCES game (id) ON DELETE CASCADE,
    version     INTEGER NOT NULL,         -- the game version this action produced
    seat        INTEGER NOT NULL,
    action      TEXT    NOT NULL,         -- JSON Action
    created_at  INTEGER NOT NULL,
    PRIMARY KEY (game_id, version)
);

-- The public log: the events each action caused.
CREATE TABLE game_event (
    game_id     INTEGER NOT NULL REFERENCES game (id) ON DELETE CASCADE,
    seq         INTEGER NOT NULL,         -- 0, 1, 2... per game
    version     INTEGER NOT NULL,         -- the game version the event belongs to
    event       TEXT    NOT NULL,         -- JSON Event
    created_at  INTEGER NOT NULL,
    PRIMARY KEY (game_id, seq)
);

-- A player's own preferences (/fog settings).
CREATE TABLE user_pref (
    user_id     INTEGER PRIMARY KEY,
    hand_in_dm  INTEGER NOT NULL DEFAULT 0,   -- 1: keep the hand in a DM the bot edits
    reminders   TEXT    NOT NULL DEFAULT 'mention' CHECK (reminders IN ('mention', 'dm', 'off'))
);

-- The DM message per player and game that shows the hand (edited as hands pass).
CREATE TABLE game_dm (
    game_id     INTEGER NOT NULL REFERENCES game (id) ON DELETE CASCADE,
    user_id     INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,
    message_id  INTEGER NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
