-- Parked games (issue 42): Discord said a game's place is gone (its channel deleted, the bot
-- removed from the server, or the channel closed to the bot). A parked game makes no more
-- calls there: no posts, redraws, reminders or stand-in moves, and its players' clicks are
-- refused with a word on how to bring it back. The host or a manager resumes it in another
-- channel (the row gets the new channel, thread and table message) or abandons it.
ALTER TABLE game ADD COLUMN parked_why TEXT; -- 'channel_gone', 'no_access' or 'removed'; NULL: not parked
ALTER TABLE game ADD COLUMN parked_at BIGINT; -- when it was parked (unix ms)
