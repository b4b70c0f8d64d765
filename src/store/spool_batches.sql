-- The batches of spooled mail the game database has taken in, counted
-- (src/store/spool_batches.rs). The spool marks each message it let go of
-- with the batch that took it in; a spool whose marks run past this count
-- is ahead of the game database (the two were restored from replicas
-- copied at different moments), and what it let go of in batches this
-- database never saw is taken in again.
CREATE TABLE IF NOT EXISTS spool_batches (
    id      INTEGER PRIMARY KEY CHECK (id = 1),
    taken   INTEGER NOT NULL
);
INSERT OR IGNORE INTO spool_batches (id, taken) VALUES (1, 0);
