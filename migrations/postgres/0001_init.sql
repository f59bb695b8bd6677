-- The PostgreSQL twin of ../0001_init.sql: the same tables, columns and constraints. Every
-- integer is BIGINT, the type the store binds (Discord ids and millisecond times need 64 bits).

CREATE TABLE game (
    id                BIGSERIAL PRIMARY KEY,
    kind              TEXT    NOT NULL DEFAULT 'fields_of_green',
    guild_id          BIGINT,
    channel_id        BIGINT  NOT NULL,
    thread_id         BIGINT,
    table_message_id  BIGINT,
    host_id           BIGINT  NOT NULL,
    status            TEXT    NOT NULL CHECK (status IN ('open', 'active', 'ended', 'abandoned')),
    options           TEXT    NOT NULL,
    seed              BIGINT  NOT NULL,
    version           BIGINT  NOT NULL DEFAULT 0,
    snapshot          TEXT,
    waiting_since     BIGINT,
    reminders_sent    BIGINT  NOT NULL DEFAULT 0,
    created_at        BIGINT  NOT NULL,
    updated_at        BIGINT  NOT NULL
);
CREATE INDEX game_channel ON game (channel_id, status);
CREATE INDEX game_guild ON game (guild_id, status);

CREATE TABLE game_seat (
    game_id  BIGINT NOT NULL REFERENCES game (id) ON DELETE CASCADE,
    seat     BIGINT NOT NULL,
    user_id  BIGINT NOT NULL,
    name     TEXT   NOT NULL,
    PRIMARY KEY (game_id, seat),
    UNIQUE (game_id, user_id)
);

CREATE TABLE game_action (
    game_id     BIGINT NOT NULL REFERENCES game (id) ON DELETE CASCADE,
    version     BIGINT NOT NULL,
    seat        BIGINT NOT NULL,
    action      TEXT   NOT NULL,
    created_at  BIGINT NOT NULL,
    PRIMARY KEY (game_id, version)
);

CREATE TABLE game_event (
    game_id     BIGINT NOT NULL REFERENCES game (id) ON DELETE CASCADE,
    seq         BIGINT NOT NULL,
    version     BIGINT NOT NULL,
    event       TEXT   NOT NULL,
    created_at  BIGINT NOT NULL,
    PRIMARY KEY (game_id, seq)
);

CREATE TABLE user_pref (
    user_id     BIGINT PRIMARY KEY,
    hand_in_dm  BIGINT NOT NULL DEFAULT 0,
    reminders   TEXT   NOT NULL DEFAULT 'mention' CHECK (reminders IN ('mention', 'dm', 'off'))
);

CREATE TABLE game_dm (
    game_id     BIGINT NOT NULL REFERENCES game (id) ON DELETE CASCADE,
    user_id     BIGINT NOT NULL,
    channel_id  BIGINT NOT NULL,
    message_id  BIGINT NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
