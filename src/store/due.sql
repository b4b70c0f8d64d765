-- Version 15: when `remind` must next look at each active game, so that a
-- run reads only the games due instead of every clock (issue 25).
--
-- `at` is the earliest moment `remind` acts on the game (a reminder, a
-- forfeit, whatever time rule the game has), as RFC 3339 UTC text, worked
-- out by src/service/due.rs in the transaction of the change that moved
-- it. Two other values:
--   NULL  changed in the transaction under way: the triggers below mark
--         every change a due moment depends on, and the command works the
--         marked games out before it commits (a path that forgot would
--         leave NULL, which `remind` reads as due now);
--   ''    never worked out (the active games of a database older than this
--         step): due at once, so the first `remind` works them all out.
-- A game that is over, or that nobody is to move in, has no row.
-- Rows of `turns`, `seats`, `reminders` and `vacations` are never
-- deleted, nor seats changed: those have no trigger. A `draw_offers` row
-- marks its active game however it changes, a delete included. A later
-- step that rebuilds one of these tables must create its triggers again.
-- The triggers upsert: an INSERT OR REPLACE in a trigger takes the outer
-- statement's conflict rule (an upsert outside makes it fail).
CREATE TABLE IF NOT EXISTS due (
    game INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    at   TEXT
);
CREATE INDEX IF NOT EXISTS due_by_time ON due (at);
INSERT OR IGNORE INTO due (game, at) SELECT id, '' FROM games WHERE status = 'active';

CREATE TRIGGER IF NOT EXISTS due_game_new AFTER INSERT ON games WHEN NEW.status = 'active'
BEGIN
    INSERT INTO due (game, at) VALUES (NEW.id, NULL) ON CONFLICT (game) DO UPDATE SET at = NULL;
END;
CREATE TRIGGER IF NOT EXISTS due_game_changed AFTER UPDATE ON games
BEGIN
    INSERT INTO due (game, at) SELECT NEW.id, NULL WHERE NEW.status = 'active'
        ON CONFLICT (game) DO UPDATE SET at = NULL;
    DELETE FROM due WHERE game = NEW.id AND NEW.status <> 'active';
END;
CREATE TRIGGER IF NOT EXISTS due_seat AFTER INSERT ON seats
BEGIN
    INSERT INTO due (game, at)
        SELECT id, NULL FROM games WHERE id = NEW.game AND status = 'active'
        ON CONFLICT (game) DO UPDATE SET at = NULL;
END;
CREATE TRIGGER IF NOT EXISTS due_turn AFTER INSERT ON turns
BEGIN
    INSERT INTO due (game, at)
        SELECT id, NULL FROM games WHERE id = NEW.game AND status = 'active'
        ON CONFLICT (game) DO UPDATE SET at = NULL;
END;
CREATE TRIGGER IF NOT EXISTS due_turn_changed AFTER UPDATE ON turns
BEGIN
    INSERT INTO due (game, at)
        SELECT id, NULL FROM games WHERE id = NEW.game AND status = 'active'
        ON CONFLICT (game) DO UPDATE SET at = NULL;
END;
CREATE TRIGGER IF NOT EXISTS due_reminder AFTER INSERT ON reminders
BEGIN
    INSERT INTO due (game, at)
        SELECT id, NULL FROM games WHERE id = NEW.game AND status = 'active'
        ON CONFLICT (game) DO UPDATE SET at = NULL;
END;
CREATE TRIGGER IF NOT EXISTS due_reminder_changed AFTER UPDATE ON reminders
BEGIN
    INSERT INTO due (game, at)
        SELECT id, NULL FROM games WHERE id = NEW.game AND status = 'active'
        ON CONFLICT (game) DO UPDATE SET at = NULL;
END;
CREATE TRIGGER IF NOT EXISTS due_vacation AFTER INSERT ON vacations
BEGIN
    INSERT INTO due (game, at)
        SELECT g.id, NULL FROM seats s JOIN games g ON g.id = s.game
        WHERE s.player = NEW.player AND g.status = 'active'
        ON CONFLICT (game) DO UPDATE SET at = NULL;
END;
CREATE TRIGGER IF NOT EXISTS due_vacation_changed AFTER UPDATE ON vacations
BEGIN
    INSERT INTO due (game, at)
        SELECT g.id, NULL FROM seats s JOIN games g ON g.id = s.game
        WHERE s.player IN (OLD.player, NEW.player) AND g.status = 'active'
        ON CONFLICT (game) DO UPDATE SET at = NULL;
END;
CREATE TRIGGER IF NOT EXISTS due_draw_offer AFTER INSERT ON draw_offers
BEGIN
    INSERT INTO due (game, at)
        SELECT id, NULL FROM games WHERE id = NEW.game AND status = 'active'
        ON CONFLICT (game) DO UPDATE SET at = NULL;
END;
CREATE TRIGGER IF NOT EXISTS due_draw_offer_changed AFTER UPDATE ON draw_offers
BEGIN
    INSERT INTO due (game, at)
        SELECT id, NULL FROM games WHERE id IN (OLD.game, NEW.game) AND status = 'active'
        ON CONFLICT (game) DO UPDATE SET at = NULL;
END;
CREATE TRIGGER IF NOT EXISTS due_draw_offer_gone AFTER DELETE ON draw_offers
BEGIN
    INSERT INTO due (game, at)
        SELECT id, NULL FROM games WHERE id = OLD.game AND status = 'active'
        ON CONFLICT (game) DO UPDATE SET at = NULL;
END;
