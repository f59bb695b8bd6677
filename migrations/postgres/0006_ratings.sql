-- The PostgreSQL twin of ../0006_ratings.sql.
CREATE TABLE rating (
    guild_id  BIGINT           NOT NULL,
    kind      TEXT             NOT NULL,
    user_id   BIGINT           NOT NULL,
    bot       TEXT             NOT NULL DEFAULT '',
    mu        DOUBLE PRECISION NOT NULL,
    sigma     DOUBLE PRECISION NOT NULL,
    games     BIGINT           NOT NULL,
    PRIMARY KEY (guild_id, kind, user_id, bot)
);

CREATE TABLE rating_seat (
    game_id       BIGINT           NOT NULL,
    seat          BIGINT           NOT NULL,
    mu_before     DOUBLE PRECISION NOT NULL,
    sigma_before  DOUBLE PRECISION NOT NULL,
    mu_after      DOUBLE PRECISION NOT NULL,
    sigma_after   DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, seat),
    FOREIGN KEY (game_id, seat) REFERENCES game_record_seat (game_id, seat) ON DELETE CASCADE
);
