-- Board mails get an HTML part, and static web pages follow the games
-- (issue 28). `outbox.html` (added by the migrator) is a board mail's HTML
-- part until it is sent. `publish` lists the pages a committed command
-- changed: filled in the command's own transaction, emptied after commit
-- by the process that wrote them or by `deliver`, so a crash neither
-- publishes an unmade move nor loses an update.
-- `marked` changes each time a page is marked again, so a writer removes
-- only the marks it has written (a newer one stays queued).
CREATE TABLE IF NOT EXISTS publish (
    page   TEXT PRIMARY KEY,   -- `index`, `game:N`, `player:USERID`
    marked INTEGER NOT NULL
);
