-- Bots (issue 5). Bot seats are ordinary game_seat rows whose user_id is a small number
-- (1-64) that no Discord snowflake can be; which bot plays a seat is in game.options (JSON).

-- What the stand-in last did, shown on the table message ("a bot played for bob ...").
ALTER TABLE game ADD COLUMN stand_in_note TEXT;
