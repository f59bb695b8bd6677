-- The game version the public table message was last drawn at (issue 10). A crash between a
-- commit and the redraw of the table message leaves the message behind the game: on start the
-- bot redraws every table drawn before its game's latest version. Finished games are up to date
-- by then (their last redraw happened long ago); games still live may be stale.
ALTER TABLE game ADD COLUMN table_drawn_version INTEGER;
UPDATE game SET table_drawn_version = version WHERE status IN ('ended', 'abandoned');
