-- Ratings (issue 30): a Weng-Lin (OpenSkill) rating per player, per server and per game, computed
-- from the records of games played to the end (0004) in the order they ended. A person is rated by
-- user id; each kind of bot (its BotSpec text, as the leaderboard groups bots) is rated as one
-- player, apart from the people on the leaderboard. Written in the same transaction that records
-- the game; `farmhand records recompute-ratings` rebuilds both tables from the records, so a
-- change of formula never loses history. Games recorded before this migration are rated when the
-- bot starts (the formula is Rust, which SQL cannot run).

-- Each player's current rating: a cache of their latest rating_seat row, for the leaderboard.
CREATE TABLE rating (
    guild_id  INTEGER NOT NULL,
    kind      TEXT    NOT NULL,            -- game.kind
    user_id   INTEGER NOT NULL,            -- a person's id; 0 for a bot
    bot       TEXT    NOT NULL DEFAULT '', -- a bot's BotSpec text; '' for a person
    mu        REAL    NOT NULL,            -- the estimated skill
    sigma     REAL    NOT NULL,            -- its uncertainty
    games     INTEGER NOT NULL,            -- rated games (seats, for a bot)
    PRIMARY KEY (guild_id, kind, user_id, bot)
);

-- What each seat of a rated game did to its player's rating: before and after the game.
CREATE TABLE rating_seat (
    game_id       INTEGER NOT NULL,
    seat          INTEGER NOT NULL,
    mu_before     REAL    NOT NULL,
    sigma_before  REAL    NOT NULL,
    mu_after      REAL    NOT NULL,
    sigma_after   REAL    NOT NULL,
    PRIMARY KEY (game_id, seat),
    FOREIGN KEY (game_id, seat) REFERENCES game_record_seat (game_id, seat) ON DELETE CASCADE
);
