//! `boserv help orphic`: the rules and notation in the server's words.

pub const TEXT: &str = "\
Orphic Chess (Mats Winther, 2006): the pieces are dropped onto the board.

Start: White's pawns on a3-h3, Black's on a6-h6. Each side holds its
K, Q, R, R, B, B, N, N in reserve; the board shows each side's reserve
beside it. A turn is a drop or a board move.

Drops. A piece from your reserve goes to any empty square:
  N@e4      a knight from the reserve onto e4
or onto one of your own pawns, which must at once move (same turn) to an
empty square of your ranks 2-4 (Black: 7-5), never to rank 1:
  N@e3/c4   the knight onto e3, the pawn from e3 to c4
A drop onto a pawn is not allowed while your king is in check.
Your second bishop goes to a square of the other colour than your first
bishop's drop square (the reserve shows B:d or B:l once it must go on a
dark or light square). The king may be dropped at any time, but only on
your first rank (Black: rank 8) while other pieces remain in your reserve;
as the last piece in reserve it may go wherever a drop may go (a pawn of
yours too: K@e3/c4). A king is never dropped into check.

Board moves. Until your king is on the board, your pieces and pawns may
only capture (en passant counts): no move to an empty square. Pieces move
as in chess; no castling. A pawn on its second rank (relocated there) may
move two squares, and may be taken en passant. Promotion as in chess:
e7-e8=Q. Board moves are written as in chess: Nc3xe4, e4xd5, e7-e8=Q;
SAN (Nxe4, exd5) and e2e4 are understood too.

Check and mate once the king is on the board: no move or drop may leave
your own king in check. Drops may give check and mate. A side without a
king cannot be checked. The game ends as chess: checkmate; stalemate (no
legal drop or move, king not in check: draw); the third occurrence of a
position (reserves included); 100 plies without a capture or pawn move
(a relocation moves a pawn); no mating material left with both reserves
empty (K v K, K+B v K, K+N v K, bishops of one colour). Draws by agreement and
resignation are commands.

Position text (--fen): FEN with the reserves after the placement, as in
Crazyhouse, White's then Black's; no castling field letters:
  8/8/pppppppp/8/8/PPPPPPPP/8/8[QRRBBNNKqrrbbnnk] w - - 0 1
En passant is written as the double step just made (e2-e4) or -.
";
