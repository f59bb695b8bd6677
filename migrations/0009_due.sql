-- When the scheduler next looks at a game (issue 41): its next reminder or stand-in move.
-- Each pass reads only the rows whose time has come, through the index below, so a pass costs
-- what is due, not every game in progress. NULL: nothing can come due (nobody is waited for).
-- A write that moves a game on sets it to `waiting_since` ("look now"); the pass that looks
-- then stores the exact next time.
ALTER TABLE game ADD COLUMN due_at INTEGER;
CREATE INDEX game_due ON game (due_at) WHERE status = 'active' AND due_at IS NOT NULL;
UPDATE game SET due_at = waiting_since WHERE status = 'active';

-- A player's day (issue 41): their IANA time zone ('Asia/Tokyo') and quiet hours ('23-07',
-- local time), set with /fog settings or /kh settings. NULL: none set.
ALTER TABLE user_pref ADD COLUMN time_zone TEXT;
ALTER TABLE user_pref ADD COLUMN quiet_hours TEXT;

-- The seats already reminded in the current reminder round ('0,2'): a player inside their quiet
-- hours at the round's time is reminded when they end, the others at once. The round counts as
-- sent (reminders_sent + 1) once every seat waited for has had it; a move clears it.
ALTER TABLE game ADD COLUMN round_reminded TEXT NOT NULL DEFAULT '';
