-- The PostgreSQL twin of ../0002_bots.sql.
ALTER TABLE game ADD COLUMN stand_in_note TEXT;
