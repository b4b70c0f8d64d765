-- Issue 43: every read of one player's games, seeks, invitations or
-- tournaments goes through an index on that player, so that its cost
-- grows with what it returns, never with the server's size.
--
-- `seats_by_player_game` (player, game) replaces `seats_by_player`: a
-- player's games newest first (`games::of_players`) are read from the
-- index alone, in order, stopping after the page asked for.
CREATE INDEX IF NOT EXISTS seats_by_player_game ON seats (player, game);
DROP INDEX IF EXISTS seats_by_player;
-- A player's open seeks (`seeks-per-player`, signoff).
CREATE INDEX IF NOT EXISTS seeks_by_player ON seeks (player, status, expires);
-- The invitations a player sent (`invitations-per-player`, signoff) and
-- those waiting for a player.
CREATE INDEX IF NOT EXISTS invitations_by_challenger ON invitations (challenger COLLATE NOCASE);
CREATE INDEX IF NOT EXISTS invitees_by_player ON invitees (player);
-- The tournaments a player organises (`tournaments-per-player`, signoff).
CREATE INDEX IF NOT EXISTS tournaments_by_organiser ON tournaments (organiser COLLATE NOCASE, state);
-- The finished games of a type, newest first (`history VARIANT`): a
-- finished game's row last changed when it ended.
CREATE INDEX IF NOT EXISTS games_finished_by_type
    ON games (variant COLLATE NOCASE, updated, id) WHERE status = 'over' AND result IS NOT NULL;
-- The active games against the computer player (each has a level) by
-- when they last changed: after a mail, the bot looks for its turns in
-- the games that mail changed only, never in every game it plays.
CREATE INDEX IF NOT EXISTS bot_games_by_change ON games (updated)
    WHERE bot_level IS NOT NULL AND status = 'active';
