-- Version 29: a daily digest's own reply address (issue 42). A digest lists
-- several games, and a mail has one Reply-To: `chess+TOKEN@example.net`
-- there stands for its reader and the boards it listed, and a reply to it
-- names the board on its first line (`7 e2-e4`). As for reply_tokens,
-- only the SHA-256 (hex) of a token is kept.
CREATE TABLE IF NOT EXISTS digest_tokens (
    hash   TEXT PRIMARY KEY,
    player INTEGER NOT NULL REFERENCES players(id) ON DELETE CASCADE,
    issued TEXT NOT NULL,
    -- The boards the digest listed as the reader's move, space-separated.
    boards TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS digest_tokens_by_player ON digest_tokens (player, issued);
