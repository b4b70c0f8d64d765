-- Server settings (version step added by the operator kit): the sender
-- address, the transport and the like, in the database so the MTA pipe,
-- cron and the shell read the same values (`boserv config set|show`).
CREATE TABLE IF NOT EXISTS settings (
    name  TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
