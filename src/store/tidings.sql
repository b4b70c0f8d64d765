-- Version 39: news of one player that everyone in their games is told
-- (issue 43): a vacation begun or ended, a signoff. The command writes
-- one row here in its own transaction; the letters, one to each other
-- player of the games concerned, are written from it afterwards in
-- batches by `deliver` and `remind` (src/service/accounts/tidings.rs),
-- each batch in one transaction with the row's progress, so a command
-- costs the same whether its player shares games with three people or
-- with five thousand, and no reader is told twice or never.
--
--   kind     'away' (vacation on), 'back' (vacation off), 'farewell' (signoff)
--   until    'away': the day the clocks run again ('YYYY-MM-DD'), if any
--   recheck  1: `remind` has yet to judge again every game the player is
--            to move in (their due moments may have come earlier; a
--            signed-off player's turns end the games), then sets it 0
--   reached  the last reader told (userid, in the order readers are
--            told); NULL: nobody yet
--   told     1: every reader told
-- A farewell is told only once `remind` has judged the player's turns
-- (recheck 0): the games it ended are in `farewell_games`, with their
-- results (NULL: the game goes on without the player).
CREATE TABLE IF NOT EXISTS tidings (
    id      INTEGER PRIMARY KEY,
    kind    TEXT NOT NULL CHECK (kind IN ('away', 'back', 'farewell')),
    player  INTEGER NOT NULL REFERENCES players(id),
    until   TEXT,
    made    TEXT NOT NULL,
    recheck INTEGER NOT NULL DEFAULT 0,
    reached TEXT,
    told    INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS tidings_untold ON tidings (id) WHERE told = 0;
CREATE INDEX IF NOT EXISTS tidings_rechecks ON tidings (player) WHERE recheck = 1;
CREATE TABLE IF NOT EXISTS farewell_games (
    tiding INTEGER NOT NULL REFERENCES tidings(id) ON DELETE CASCADE,
    game   INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    result TEXT,
    PRIMARY KEY (tiding, game)
);
-- A vacation no longer marks its player's games to be worked out in its
-- command (thousands of games loaded): going away only moves due moments
-- later, so the stored ones stay safe (`remind` looks at the game then,
-- finds nothing due and stores the later moment); coming back writes a
-- tiding with `recheck`, and the next `remind` judges those games first.
DROP TRIGGER IF EXISTS due_vacation;
DROP TRIGGER IF EXISTS due_vacation_changed;
