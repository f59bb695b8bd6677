-- Undo (issue 41): a player may take back their own last decision while nobody has acted since
-- and the decision revealed nothing. Whether the engine found each stored action reversible is
-- kept with it, so a private screen can offer Undo without replaying the game; actions stored
-- before this migration count as final.
ALTER TABLE game_action ADD COLUMN undoable INTEGER NOT NULL DEFAULT 0;

-- Every decision taken back, in the order they happened: the undone action leaves
-- `game_action` (the log still replays the game exactly), and this row keeps what it was.
CREATE TABLE game_undo (
    game_id         INTEGER NOT NULL REFERENCES game (id) ON DELETE CASCADE,
    version         INTEGER NOT NULL,     -- the game version the undo produced
    seat            INTEGER NOT NULL,
    undone_version  INTEGER NOT NULL,     -- the version the undone action had produced
    action          TEXT    NOT NULL,     -- JSON Action taken back
    created_at      INTEGER NOT NULL,
    PRIMARY KEY (game_id, version)
);
