#!/usr/bin/env python3
"""Cross-checks `orthodia-simple` perft counts against Fairy-Stockfish's rules.

Fairy-Stockfish (through its Python wrapper pyffish, `pip install pyffish`;
GPL, never linked into boserv: this script only runs it beside the binary)
can describe simplified Orthodia without the Torch (an odd-distance rider
it cannot express) as custom pieces in Betza notation:

  Warrior  W  mfF cfW ifmnA  (diagonal step forward, captures straight
                              ahead, a double diagonal first step, lame)
  Gold     G  WfF
  Blooming Rose  B  mRcB     (moves as a rook, captures as a bishop)
  Ringing Bell   R  mBcR     (moves as a bishop, captures as a rook)

Fairy-Stockfish gives check along capture lines, as orthodia-simple does;
no castling, no en passant, promotion to B, G or R for pawns and Warriors.

Usage: scripts/fsf_orthodia_simple.py [path/to/boserv] [depth]
Prints each position's counts from both and exits 1 on any difference.
"""
import os
import subprocess
import sys

import pyffish as sf

INI = """
[orthodia-simple:chess]
customPiece1 = w:mfFcfWifmnA
customPiece2 = g:WfF
customPiece3 = b:mRcB
customPiece4 = r:mBcR
knight = -
bishop = -
rook = -
queen = -
king = k
pawn = p
castling = false
enPassantRegion = -
promotionPieceTypes = bgr
promotionPawnTypes = pw
checking = true
"""

POSITIONS = [
    "rgb1kbgr/wppppppw/8/8/8/8/WPPPPPPW/RGB1KBGR w - - 0 1",
    "rgb1kbgr/2pppppw/8/8/pwW5/8/1PPPPPPW/RGB1KBGR b - - 0 1",
    "r3k3/1p3b2/8/3B4/2K5/4r3/5R2/7b w - - 0 1",
    "4k3/1P2P2W/8/2w5/3g4/1G6/6pw/4K3 w - - 0 1",
]


def perft(fen, moves, depth):
    legal = sf.legal_moves("orthodia-simple", fen, moves)
    if depth == 1:
        return len(legal)
    return sum(perft(fen, moves + [m], depth - 1) for m in legal)


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    boserv = sys.argv[1] if len(sys.argv) > 1 else os.path.join(subprocess.run(
        [os.path.join(root, "scripts/target-dir.sh")], capture_output=True, text=True,
        check=True).stdout.strip(), "release/boserv")
    depth = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    sf.load_variant_config(INI)
    bad = 0
    for fen in POSITIONS:
        for d in range(1, depth + 1):
            ours = subprocess.run(
                [boserv, "perft", "orthodia-simple", str(d), "--fen", fen],
                capture_output=True, text=True, check=True,
            ).stdout.split()[0]
            theirs = perft(fen, [], d)
            mark = "ok" if int(ours) == theirs else "DIFFERENT"
            bad += mark != "ok"
            print(f"{fen} depth {d}: boserv {ours}, Fairy-Stockfish {theirs} {mark}")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
