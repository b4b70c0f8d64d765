-- Guarding the server (issue 10): confirmed addresses, reply tokens, the
-- Reply-To of queued mail, and the per-address answer budget.

-- An address gets nothing but its confirmation mail until it is confirmed.
-- Addresses from before this step, and those the operator enters in the
-- shell, count as confirmed. `code_hash` is the SHA-256 (hex) of the
-- confirmation code while one is outstanding.
ALTER TABLE player_emails ADD COLUMN confirmed INTEGER NOT NULL DEFAULT 1;
ALTER TABLE player_emails ADD COLUMN code_hash TEXT;

-- Reply-by-mail tokens: `chess+TOKEN@example.net` in a board mail's
-- Reply-To stands for one player in one game. Only the SHA-256 (hex) of a
-- token is kept; a token is valid while its game is active.
CREATE TABLE reply_tokens (
    hash   TEXT PRIMARY KEY,
    game   INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    player INTEGER NOT NULL REFERENCES players(id) ON DELETE CASCADE,
    issued TEXT NOT NULL
);

-- The Reply-To of a queued mail (the token is masked once it is sent).
ALTER TABLE outbox ADD COLUMN reply_to TEXT;

-- How much one sender address was answered on one UTC day: answers of any
-- kind and refusals, for the rate limit (src/mail/limits.rs).
CREATE TABLE senders (
    address  TEXT PRIMARY KEY COLLATE NOCASE,
    day      TEXT NOT NULL,
    answers  INTEGER NOT NULL DEFAULT 0,
    refusals INTEGER NOT NULL DEFAULT 0
);
