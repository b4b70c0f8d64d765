-- Exactly-once mail intake (version step added by the crash-safety work).

-- What identifies a received message across the MTA's retries and double
-- deliveries: its Message-ID when it has a usable one, else
-- `sha256:HEX`, a digest of the headers a retry does not change and the
-- body (src/mail/fingerprint.rs). Only a message whose row is finished
-- (not `received`) is a duplicate; a `received` row is resumed.
--   inbox.key TEXT
-- Bytes received; `raw` holds fewer when the message was over the size
-- limit (kept truncated) or a copy of one already stored (kept empty):
--   inbox.size INTEGER
-- When `raw` was emptied by the retention setting (the row itself stays):
--   inbox.pruned_at TEXT
-- (src/store/migrate.rs adds these three columns before this step runs.)
UPDATE inbox SET key = message_id, size = length(raw) WHERE size IS NULL;
CREATE UNIQUE INDEX IF NOT EXISTS inbox_key ON inbox (key) WHERE status <> 'duplicate';
CREATE INDEX IF NOT EXISTS inbox_unpruned ON inbox (received_at) WHERE pruned_at IS NULL;

-- The commands of a received message that are done: written in the same
-- transaction as the command itself, its mail and its answer to the
-- sender, so a message interrupted anywhere resumes at the first command
-- without a row here, and none runs twice. The answer (masked, like
-- every stored text) waits here until the message is finished: then its
-- sender gets the answers of all its commands in one mail (issue 10's
-- bound), in the game's thread when there is one answer about a board.
CREATE TABLE IF NOT EXISTS inbox_steps (
    inbox   INTEGER NOT NULL REFERENCES inbox(id) ON DELETE CASCADE,
    step    INTEGER NOT NULL,                 -- 0, 1, ... in the message
    outcome TEXT NOT NULL CHECK (outcome IN ('done', 'refused')),
    at      TEXT NOT NULL,
    answer_subject TEXT,
    answer_body    TEXT,
    answer_game    INTEGER,                   -- the thread: game and userid
    answer_user    TEXT,
    PRIMARY KEY (inbox, step)
);
