-- Version 12: a player who signed off and lost a game at their turn is
-- logged as such ('signoff'), so the game's ending says "player signed
-- off" and not "time forfeit" (earlier versions logged a 'forfeit' with
-- the comment "player signed off"; those games keep the ending they were
-- given). SQLite cannot widen a CHECK constraint in place: the table is
-- rebuilt, as in votes.sql.
CREATE TABLE IF NOT EXISTS turns_rebuilt (
    game    INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq     INTEGER NOT NULL,                     -- 1, 2, ... over the whole log
    ply     INTEGER NOT NULL,                     -- board turns played after this entry
    kind    TEXT NOT NULL DEFAULT 'turn'
            CHECK (kind IN ('turn', 'resign', 'forfeit', 'signoff', 'draw', 'undo')),
    seat    INTEGER,                              -- the seat that moved or resigned
    player  INTEGER REFERENCES players(id),
    text    TEXT NOT NULL,                        -- canonical notation, or the event
    roll    TEXT,                                 -- `1,3` in dice games
    comment TEXT,
    at      TEXT NOT NULL,
    auto    INTEGER NOT NULL DEFAULT 0,           -- played by the server from a queue
    undone  INTEGER,                              -- seq of the 'undo' entry that took it back
    PRIMARY KEY (game, seq)
);
INSERT INTO turns_rebuilt (game, seq, ply, kind, seat, player, text, roll, comment, at, auto, undone)
    SELECT game, seq, ply, kind, seat, player, text, roll, comment, at, auto, undone FROM turns;
DROP TABLE turns;
ALTER TABLE turns_rebuilt RENAME TO turns;
