-- Takebacks and thinking-time limits (issue 15).
--
-- A takeback agreed by vote keeps the turns it takes back in the log: they
-- are marked with the `seq` of the 'undo' entry that took them back
-- (`turns.undone`), and that entry records when and at whose proposal. The
-- live game is the log without undone turns and without 'undo' entries; the
-- full log is the game's audit trail (`history` shows it all). A
-- taken-back turn's roll was roll n of the game; the turn played in its
-- place is again move n and gets the same roll n, so the dice are never
-- rolled again and `audit` checks the live turns as before.
-- SQLite cannot widen a CHECK constraint in place: the table is rebuilt.
CREATE TABLE IF NOT EXISTS turns_rebuilt (
    game    INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq     INTEGER NOT NULL,                     -- 1, 2, ... over the whole log
    ply     INTEGER NOT NULL,                     -- board turns played after this entry
    kind    TEXT NOT NULL DEFAULT 'turn'
            CHECK (kind IN ('turn', 'resign', 'forfeit', 'draw', 'undo')),
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
INSERT INTO turns_rebuilt (game, seq, ply, kind, seat, player, text, roll, comment, at, auto)
    SELECT game, seq, ply, kind, seat, player, text, roll, comment, at, auto FROM turns;
DROP TABLE turns;
ALTER TABLE turns_rebuilt RENAME TO turns;

-- The seats agreeing to a takeback of the last turn, `0,2` (NULL: none
-- proposed); at most one proposal, a draw or a takeback, stands at a time.
--   games.undo_votes TEXT
-- pbmserv's --totaltime=D: each player may think D days in all (NULL: no
-- such limit).
--   games.total_days INTEGER
-- (src/store/migrate.rs adds these two columns before this step runs.)
