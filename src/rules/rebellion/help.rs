//! `boserv help rebellion` and `boserv help squirm`: the rules in the
//! server's words (the rulings of RULES.md), with worked examples of the
//! squares each piece can be moved to by a rebel move. The tests check
//! every example against the move generator.

/// What both games share: the rebel move, its examples, the option.
macro_rules! rebel_move_text {
    () => {
        r#"THE REBEL MOVE
  A rebel move moves one of your OPPONENT'S pieces one square "forwards or
  sideways": to one of the three squares ahead of it (straight or
  diagonally; ahead is the way its OWNER plays, so down the board for a
  Black piece, up for a White one) or to one of the two squares beside it.
  The square must be empty (a rebel move never captures), and it must be a
  square the piece could NOT reach by its own move or capture from where it
  stands, judged on an empty board. So, with the chess pieces:
    pawn     sideways only (ahead is its move, diagonally ahead its capture)
    knight   all five squares
    bishop   straight ahead and the two squares beside it
    rook     the two squares diagonally ahead
    queen    never, and the king never
  A Berolina pawn (option berolina) also goes sideways only.

WORKED EXAMPLES (each piece alone on d5 or e4, every square around it empty)
  White to move, Black's pieces go DOWN the board:
    Black knight on d5:  ~Nd5-c4, ~Nd5-d4, ~Nd5-e4, ~Nd5-c5, ~Nd5-e5
    Black bishop on d5:  ~Bd5-d4, ~Bd5-c5, ~Bd5-e5
    Black rook on d5:    ~Rd5-c4, ~Rd5-e4
    Black pawn on d5:    ~d5-c5, ~d5-e5
    Black queen on d5:   none
  Black to move, White's pieces go UP the board:
    White knight on e4:  ~Ne4-d5, ~Ne4-e5, ~Ne4-f5, ~Ne4-d4, ~Ne4-f4
    White bishop on e4:  ~Be4-e5, ~Be4-d4, ~Be4-f4
    White rook on e4:    ~Re4-d5, ~Re4-f5
    White pawn on e4:    ~e4-d4, ~e4-f4
  With Berolina pawns (they move diagonally forward, capture straight):
    White Berolina pawn on e4:  ~e4-d4, ~e4-f4
  At the start every one of these squares is taken: the first rebel move
  comes once pieces have left their places."#
    };
}

/// The rules both games share after the rebel move.
macro_rules! common_text {
    () => {
        r#"FINER POINTS (both games)
  A pawn moved sideways by a rebel move onto another square of its second
  rank may still go two squares on its first move of its own.
  A rebel move gives no chance of en passant, and ends one that was open.
  A rook moved by a rebel move has moved: its side may no longer castle
  with it (even if it comes back). Castling is otherwise as in chess.
  Promotion as in chess: Q, R, B or N (e7-e8=Q).

THE END
  Checkmate wins; stalemate is a draw. Rebel moves count: you are mated
  only if no move of your own and no rebel move gets your king out of
  check (moving the checking piece aside, or an enemy piece into the
  line, may save you).
  Draws: the third time the same position stands (same pieces on the same
  squares, same side to move, same castling rights, en passant captures
  and squirms possible) - counted over the whole game, because a rebel
  move can undo what looked final; 100 plies without a capture or a pawn
  move (a rebel move of a pawn counts as a pawn move); and positions where
  no mate is possible: only K v K, K+B v K and K+N v K (two bishops on one
  colour are not dead here: a rebel move can put one on the other colour).
  A mate on the move that would also complete a draw rule stands.
  You may resign or agree a draw at any time.

OPTION
  --opt berolina at the challenge (-berolina by mail): both sides play with
  Berolina pawns. A Berolina pawn moves one square diagonally forward (two
  from its second rank, the square between empty: e2-c4), captures one
  square straight ahead, and after a two-square move may be taken en
  passant on the square it passed over, by an enemy Berolina pawn that
  captures onto it (d3 after e2-c4, taken from d4)."#
    };
}

pub const REBELLION: &str = concat!(
    r#"Rebellion Chess (rebellion) - a game by Ralph Betza (2000)

Chess, with one more choice: on your turn you make a normal move of your
own, OR one rebel move of one of your opponent's pieces.

"#,
    rebel_move_text!(),
    r#"

CHECK
  Any turn - a rebel move too - must not leave your own king in check, and
  may give check. Moving an enemy piece out of the way of your own piece
  gives check. Moving an enemy piece to a square from which it attacks
  your king is illegal (an enemy knight a knight's leap from your king);
  beside your king a knight is harmless.

"#,
    common_text!(),
    r#"

NOTATION
  A normal move as in chess: Ng1-f3, e2-e4, e4xd5, e7-e8=Q, Ke1-g1 (also
  e2e4, Nf3, exd5, O-O). A rebel move starts with ~ and the enemy piece's
  letter (none for a pawn): ~Nb8-b7 moves Black's knight from b8 to b7,
  ~d7-e7 Black's pawn from d7 to e7. ~nb8b7 is understood too.
  boserv moves rebellion lists every legal turn.
"#
);

pub const SQUIRM: &str = concat!(
    r#"Squirm Chess (squirm) - a game by Ralph Betza (2000)

Chess, where the piece your opponent just moved may squirm out of their
hand: on your turn you may FIRST make a rebel move (a "squirm") with the
enemy piece that moved last, and THEN you make your normal move. The
squirm is optional; the normal move is not.

WHAT MAY SQUIRM
  Only the enemy piece that moved in the last turn (in a turn with a
  squirm, the piece of the normal move). After a promotion it is the new
  piece. After castling nothing may squirm (castling is a king move, and a
  king never rebels). On White's first turn nothing has moved yet; Black
  may squirm White's first move. The board in every mail and in show says
  which piece may squirm this turn, and where to.

"#,
    rebel_move_text!(),
    r#"

CHECK
  After the squirm alone your own king may be in check - your normal move
  must then get it out. After the whole turn it may not be in check.
  One more rule: a normal move is ILLEGAL if your opponent could then
  squirm the piece you moved so as to put your own king in check (the piece
  shuts a line onto your king, and one of its rebel squares opens it).
  Example: Black's rook on e8 checks White's king on e1; White has a
  queen on d3 and a knight on c3. Qd3-e3 blocks the check (a queen never
  squirms). Nc3-e4 does not: Black could squirm the knight to d5, f5, d4 or
  f4 and the rook would check again, so Nc3-e4 is illegal.

"#,
    common_text!(),
    r#"

NOTATION
  A normal move as in chess: Ng1-f3, e2-e4, e4xd5, e7-e8=Q, Ke1-g1 (also
  e2e4, Nf3, exd5, O-O). A squirm starts with ~ and the enemy piece's
  letter (none for a pawn), and a turn with a squirm writes it first, then
  a comma and the normal move: ~Nf6-f5, e2-e4 squirms Black's knight from
  f6 to f5, then plays e2-e4. ~nf6f5, e4 is understood too.
  boserv moves squirm lists every legal turn.

SETTING UP A POSITION (--fen)
  Chess FEN with a seventh field: the square of the piece that moved last
  (the one that may squirm), or - for none:
    rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 e4
  The en passant field names the pawn move just made (e2-e4), or -.
"#
);
