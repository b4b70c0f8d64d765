-- Version 35 (issue 42), columns added by the migrator:
-- `players.timezone`: the IANA name of the time zone a player reads dates
-- in (`timezone Europe/Berlin`); NULL: UTC, the default;
-- `seeks.warned`: when the seeker was warned, a day before it expires, that
-- their seek will (once). Found by `seeks_open (status, expires)`.
SELECT 1;
