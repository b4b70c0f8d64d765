-- Version 11: how many users one player's words (`message`, `chat`) mailed
-- on one UTC day, for the daily cap (setting messages-per-day,
-- src/mail/rates.rs). One row per player, reset by the first words of a
-- new day.
CREATE TABLE IF NOT EXISTS words_sent (
    player INTEGER PRIMARY KEY REFERENCES players(id),
    day    TEXT NOT NULL,                         -- YYYY-MM-DD, UTC
    mails  INTEGER NOT NULL DEFAULT 0
);
