-- Version 28: a CHECK that a column holds one of three or more words is
-- spelled as comparisons (`status = 'pending' OR status = 'sent' OR ...`),
-- not as `status IN (...)`, in the tables written by every move, mail
-- and `remind` (games, turns, outbox, inbox; issue 25): SQLite checks an
-- IN list of more than two values by building a temporary b-tree of the
-- list for every row written, about 20,000 instructions a row where the
-- comparisons take 400. The other tables' lists stay: they are seldom
-- written, and every process parses the schema, where the comparisons
-- are the longer text (about 4,500 instructions a CHECK).
-- The two forms accept the same values (NULL too), so no row is read
-- again: the tables' text in the schema is rewritten in place, SQLite's
-- own procedure for a constraint change that leaves the file's content as
-- it is (https://sqlite.org/lang_altertable.html, "Making Other Kinds Of
-- Table Schema Changes"). A clause not found (already rewritten) is left:
-- the step may run again. `writable_schema = RESET` has this connection
-- read the schema again; the table made and dropped moves the schema's
-- version, so that every other connection reads it again too.
PRAGMA writable_schema = ON;
UPDATE sqlite_master SET sql = replace(sql,
    'CHECK (status IN (''active'', ''over'', ''cancelled''))',
    'CHECK (status = ''active'' OR status = ''over'' OR status = ''cancelled'')')
    WHERE type = 'table' AND name = 'games';
UPDATE sqlite_master SET sql = replace(sql,
    'CHECK (kind IN (''turn'', ''resign'', ''forfeit'', ''signoff'', ''draw'', ''undo''))',
    'CHECK (kind = ''turn'' OR kind = ''resign'' OR kind = ''forfeit'' OR kind = ''signoff''
                    OR kind = ''draw'' OR kind = ''undo'')')
    WHERE type = 'table' AND name = 'turns';
UPDATE sqlite_master SET sql = replace(sql,
    'CHECK (status IN (''pending'', ''sent'', ''failed''))',
    'CHECK (status = ''pending'' OR status = ''sent'' OR status = ''failed'')')
    WHERE type = 'table' AND name = 'outbox';
UPDATE sqlite_master SET sql = replace(sql,
    'CHECK (status IN (''received'', ''handled'', ''refused'', ''unreadable'', ''ignored'', ''duplicate''))',
    'CHECK (status = ''received'' OR status = ''handled'' OR status = ''refused''
                       OR status = ''unreadable'' OR status = ''ignored'' OR status = ''duplicate'')')
    WHERE type = 'table' AND name = 'inbox';
PRAGMA writable_schema = RESET;
CREATE TABLE IF NOT EXISTS schema_moved (x);
DROP TABLE schema_moved;
