-- The PostgreSQL twin of ../0009_due.sql.
ALTER TABLE game ADD COLUMN due_at BIGINT;
CREATE INDEX game_due ON game (due_at) WHERE status = 'active' AND due_at IS NOT NULL;
UPDATE game SET due_at = waiting_since WHERE status = 'active';
ALTER TABLE user_pref ADD COLUMN time_zone TEXT;
ALTER TABLE user_pref ADD COLUMN quiet_hours TEXT;
ALTER TABLE game ADD COLUMN round_reminded TEXT NOT NULL DEFAULT '';
