-- The language a player's Discord client was set to when they last opened or joined a table or
-- changed their settings ('en-US', 'ja'...): DMs and DM reminders are drawn in it (issue 12).
-- NULL: not known yet (the table's language is used).
ALTER TABLE user_pref ADD COLUMN locale TEXT;
