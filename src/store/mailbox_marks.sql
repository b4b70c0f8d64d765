-- How far `boserv fetch` and `boserv serve` have taken a mailbox in
-- (src/store/mailbox_marks.rs): for each mailbox (imaps://user@host/FOLDER)
-- the UIDVALIDITY its UIDs belong to and the highest UID taken in. A
-- message is taken in before its mark moves past it; a mark of another
-- UIDVALIDITY counts for nothing (the server renumbered the folder).
CREATE TABLE IF NOT EXISTS mailbox_marks (
    mailbox      TEXT PRIMARY KEY,
    uidvalidity  INTEGER NOT NULL,
    last_uid     INTEGER NOT NULL,
    updated      TEXT NOT NULL
);
