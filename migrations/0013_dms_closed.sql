-- Closed DMs (issue 42): a player whose DMs refused the bot (50007 "Cannot send messages to
-- this user") is remembered, so their hand panel is shown privately in the channel instead of
-- the bot trying the DM again at every redraw (each refusal counts toward Discord's
-- invalid-request limit). Their next /fog settings (or /kh settings) clears it.
ALTER TABLE user_pref ADD COLUMN dms_closed INTEGER NOT NULL DEFAULT 0;
