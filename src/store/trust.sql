-- Version 13 (issue 23): bounds on signups and on the life of a reply
-- token. The columns are added by migrate.rs (COLUMNS) before this runs:
-- senders.signups (accounts created by mail from the address that day),
-- senders.confirmations (confirmation mails to it that day), and
-- reply_tokens.ply (the game's ply when the token was mailed: a token is
-- good for its player's latest board mails only, src/mail/token.rs).
-- A token from before this step counts as one of the current board mail.
UPDATE reply_tokens SET ply = (SELECT ply FROM games WHERE games.id = reply_tokens.game)
 WHERE ply IS NULL;
CREATE INDEX IF NOT EXISTS reply_tokens_by_player ON reply_tokens (game, player, ply);
