-- Issue 43: the lists that could grow with the server are read through
-- indexes that stop after the page they show.
--
-- `variant_players`: who has played each game type here, and how many of
-- their games of it are being played and in all (`list VARIANT`), kept by
-- triggers as seats are taken and games end, so that the list reads its
-- page by userid instead of aggregating every seat of the type. A player
-- seated twice in one game (playing themselves) counts the game once.
CREATE TABLE IF NOT EXISTS variant_players (
    variant TEXT NOT NULL,
    userid  TEXT NOT NULL,
    active  INTEGER NOT NULL DEFAULT 0,
    total   INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (variant, userid)
) WITHOUT ROWID;
INSERT OR IGNORE INTO variant_players (variant, userid, active, total)
    SELECT g.variant, p.userid, sum(g.status = 'active'), count(*)
    FROM (SELECT DISTINCT game, player FROM seats) s
    JOIN games g ON g.id = s.game JOIN players p ON p.id = s.player
    GROUP BY g.variant, p.userid;
CREATE TRIGGER IF NOT EXISTS variant_players_seat AFTER INSERT ON seats
    WHEN NOT EXISTS (SELECT 1 FROM seats WHERE game = NEW.game AND player = NEW.player
                     AND seat <> NEW.seat)
BEGIN
    INSERT INTO variant_players (variant, userid, active, total)
        SELECT g.variant, p.userid, g.status = 'active', 1 FROM games g, players p
        WHERE g.id = NEW.game AND p.id = NEW.player
        ON CONFLICT (variant, userid) DO UPDATE
        SET active = active + excluded.active, total = total + 1;
END;
CREATE TRIGGER IF NOT EXISTS variant_players_status AFTER UPDATE OF status ON games
    WHEN (OLD.status = 'active') <> (NEW.status = 'active')
BEGIN
    UPDATE variant_players
        SET active = active + (CASE WHEN NEW.status = 'active' THEN 1 ELSE -1 END)
        WHERE variant = NEW.variant
        AND userid IN (SELECT p.userid FROM seats s JOIN players p ON p.id = s.player
                       WHERE s.game = NEW.id);
END;

-- A pool's standings by rating, best first (`standings VARIANT`, its web
-- page): the best ratings are read from the index, never the whole pool.
CREATE INDEX IF NOT EXISTS ratings_by_pool ON ratings (variant, rating DESC);

-- `due.mover` (added before this step runs, src/store/migrate.rs): the
-- player to move in the game, as the service worked it out with the due
-- moment (src/service/due.rs); NULL when nobody is (or the game waits for
-- consent). `next`, the digest and `signoff` read a player's turns
-- through `due_by_mover` instead of loading each of their games to see
-- whose turn it is. Every active game is worked out again by the first
-- `remind` after this step ('': due at once, as step 15 began them).
CREATE INDEX IF NOT EXISTS due_by_mover ON due (mover, at) WHERE mover IS NOT NULL;
UPDATE due SET at = ''
    WHERE mover IS NULL AND game IN (SELECT id FROM games WHERE status = 'active');
-- A vacation changes the due moments of the games where its player is to
-- move, and only those (the clocks read the pauses of the player to
-- move: src/service/deadline.rs): it marks those, through the index,
-- instead of every active game of the player. A game not worked out yet
-- ('') is due at once and read with the vacations of its run.
DROP TRIGGER IF EXISTS due_vacation;
CREATE TRIGGER due_vacation AFTER INSERT ON vacations
BEGIN UPDATE due SET at = NULL WHERE mover = NEW.player; END;
DROP TRIGGER IF EXISTS due_vacation_changed;
CREATE TRIGGER due_vacation_changed AFTER UPDATE ON vacations
BEGIN UPDATE due SET at = NULL WHERE mover IN (OLD.player, NEW.player); END;
