//! `boserv help bochess`: the rules and the notation in the server's words,
//! with a map of the zones (the rulings of RULES.md, not the seed's text).

pub const TEXT: &str = r#"Big Outer Chess (bochess) - a game by Peter Blanchard (1999)

THE BOARD
  12 x 12 squares, files a-l, ranks 1-12, plus four corner squares that
  extend the long diagonals: z1 beyond a1, z2 beyond l1, z3 beyond l12,
  z4 beyond a12. A corner square touches only the board corner next to it,
  diagonally. a1 is dark, and so is z1.

THE ZONES
  The power of the Matriarch, Jumper and Knight depends on the zone of the
  square they move FROM (never the square they go to):

       a b c d e f g h i j k l
   12  o o o o o o o o o o o o  12      c = central zone, e5-h8 (16 squares)
   11  o o o o o o o o o o o o  11      m = mid zone, c3-j10 without the
   10  o o m m m m m m m m o o  10          central zone (48 squares)
    9  o o m m m m m m m m o o   9      o = outer zone, everything else,
    8  o o m m c c c c m m o o   8          the corner squares too (84)
    7  o o m m c c c c m m o o   7
    6  o o m m c c c c m m o o   6      The board drawing marks the zone
    5  o o m m c c c c m m o o   5      borders with # at the grid corners.
    4  o o m m m m m m m m o o   4
    3  o o m m m m m m m m o o   3
    2  o o o o o o o o o o o o   2
    1  o o o o o o o o o o o o   1
       a b c d e f g h i j k l

THE PIECES
  King (K), Queen (Q), Rook (R), Bishop (B): as in chess, across the whole
    board. A slider stops at the edge; it reaches a corner square only along
    the long diagonal through it, and leaves it the same way.
  Guard (G): one square diagonally, or a leap of 3 and 1 (a long knight).
  Matriarch (M): a queen whose range shrinks inwards: any distance from the
    outer zone, at most 6 squares from the mid zone, at most 3 from the
    central zone.
  Jumper (J): one square in any direction, always. From the outer zone it
    may also leap exactly 3 squares in a straight or diagonal line, from the
    mid zone exactly 2; from the central zone nothing more. Leaps jump over
    pieces.
  Knight (N): leaps 4 and 1 or 3 and 2 from the outer zone; 3 and 1 or 2
    and 2 from the mid zone; 2 and 1 (a chess knight) from the central zone.
  Leapers may land on any square that exists, corner squares included.
  Pawn: White moves up from rank 2, Black down from rank 11. Its first move
    goes 1, 2, 3 or 4 squares straight ahead, later moves 1 or 2; it enters
    the last rank only by a one-square step. Every square it passes must be
    empty. It captures one square diagonally forward. On the last rank it
    must become a R, B, Q, G, M, J or N (you name it: e11-e12=M).
  En passant: right after a pawn moved two or more squares, an enemy pawn
    that attacks ANY square it passed over may take it by moving onto that
    square - even from two or three ranks away. Only on the very next move.

START
  White: pawns a2-l2; Ja1 Rb1 Mc1 Gd1 Be1 Qf1 Kg1 Bh1 Gi1 Mj1 Rk1 Jl1,
  Knights on the corner squares z1 and z2. Black mirrors it on ranks 11 and
  12 with Knights on z4 and z3. White moves first.

CASTLING
  The King moves three squares towards a Rook, and the Rook jumps to the
  square the King crossed: Kg1-j1 (Rook k1 to i1) or Kg1-d1 (Rook b1 to e1);
  Black the same on rank 12. Neither piece may have moved, every square
  between them must be empty and none of those squares may be attacked (on
  the long side c1 too, although only the Rook crosses it), and the King
  may not be in check.

THE END
  As in chess: checkmate wins; stalemate, threefold repetition (same pieces
  on the same squares, same side to move, same castling rights and legal en
  passant captures), 100 plies without a capture or pawn move (the 50-move
  rule), and bare Kings are draws. A mate on the move that would also complete a draw rule
  stands. You may resign or agree a draw at any time.

NOTATION
  Squares are a1 ... l12 and z1 ... z4 (upper case is fine too).
  A move is the piece letter (none for pawns), the from square, - or x,
  the to square, and =X for a promotion: Ja1-d4, Nz1-b3, e2-e6, e5xd6,
  e11-e12=M. Castling is the King's move: Kg1-j1, Kg1-d1; O-O and O-O-O are
  understood too. Also accepted: e2e6, E2-E6, e11e12m, and short forms such
  as Nb3, Mxf6, exd6 when they name exactly one move. Letters may be in
  either case, so a short move such as bc5 reads two ways (the b-pawn takes
  on c5, or a Bishop goes there): when both are legal the move is refused
  as ambiguous, naming both; when one is, it is played. Check signs (+ #)
  are ignored. Every move is echoed in the long form above.

SETTING UP A POSITION (Big Outer FEN)
  Like chess FEN with 12 files; a corner square is written in parentheses
  before or after the first and last rank's files:
    (n)jrmgbqkbgmrj(n)/pppppppppppp/12/12/12/12/12/12/12/12/PPPPPPPPPPPP/(N)JRMGBQKBGMRJ(N) w KQkq - 0 1
  Before rank 12 is z4, after it z3; before rank 1 is z1, after it z2. The
  en passant field names the pawn move just made (e2-e6), since a pawn may
  pass over several squares; otherwise -.
"#;
