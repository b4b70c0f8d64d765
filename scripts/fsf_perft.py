#!/usr/bin/env python3
"""Perft of every game of boserv's library against Fairy-Stockfish.

Fairy-Stockfish (through its Python wrapper pyffish, `pip install pyffish`;
GPL, never linked into boserv: this script only asks it beside boserv)
plays each game of variants/library.ini as its own built-in variant of
the same name. For each game this script counts, with Fairy-Stockfish's
legal move lists, the perft from the start and from positions reached by
seeded random play, and writes them to tests/data/fsf_perft.txt, which
the test `defined_games_agree_with_fairy_stockfish_on_perft` holds boserv
to (so the test needs no Fairy-Stockfish).

Usage:
  scripts/fsf_perft.py write [GAME...]  regenerate tests/data/fsf_perft.txt
                                        (given games: only their lines)
  scripts/fsf_perft.py check [BOSERV] [GAME...]
                                        compare the file with Fairy-Stockfish
                                        and, given a boserv binary, with it
                                        (given games: only their lines);
                                        exits 1 on any difference
  scripts/fsf_perft.py markdown         README's table, from the file
"""
import os
import random
import re
import subprocess
import sys

import pyffish as sf

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIBRARY = os.path.join(ROOT, "variants", "library.ini")
DATA = os.path.join(ROOT, "tests", "data", "fsf_perft.txt")

START_DEPTH = 3
RANDOM_DEPTH = 3
RANDOM_PLIES = (8, 17, 30)
# Games whose turns are too many for depth 3 in seconds: Duck chess's
# (each move times each square the duck may go to: 640 first turns).
DEPTH = {"duck": 2}

# Positions where a game's own end rule is within perft's reach, which
# random play from the start seldom comes near: the kings a step from the
# hill or the eighth rank, a flag move that stalemates, a capture that
# leaves a kind extinct or a king bare, castling across attacked squares
# with a king that is not royal.
EXTRA = {
    "kingofthehill": ["rnbq1bnr/ppp1pppp/3k4/3p4/4P3/3K4/PPPP1PPP/RNBQ1BNR w - - 0 1",
                      "7k/7p/7P/8/2K5/8/B7/8 w - - 0 1"],
    "racingkings": ["8/1k5K/8/8/8/8/1rbnNBR1/qrbnNBRQ w - - 0 1",
                    "8/6K1/2k5/8/8/8/1rbnNBR1/qrbnNBRQ w - - 0 1"],
    "giveaway": ["r3k2r/ppppp1pp/5q2/8/8/8/PPPPP1PP/R3K2R w KQkq - 0 1",
                 "8/8/8/8/8/8/p7/1R6 b - - 0 1"],
    "antichess": ["8/8/8/8/8/2p5/8/1R6 w - - 0 1"],
    "losers": ["4k3/8/8/8/8/8/3q4/3QK3 w - - 0 1",
               "r3k2r/ppp2ppp/8/8/8/5q2/PPP2PPP/R3K2R w KQkq - 0 1"],
    "extinction": ["rnb1kbnr/pppp1ppp/8/4p3/4P2q/5Q2/PPPP1PPP/RNB1KBNR w KQkq - 0 1",
                   "rnb1kbnr/pppppppp/8/8/8/5q2/PPPPPPPP/RNBQKBNR w KQkq - 0 1"],
    "shatranj": ["8/8/8/3k4/8/3r4/8/3K4 w - - 0 1",
                 "8/8/8/3k4/8/3r4/3Q4/3K4 b - - 0 1"],
    "3check": ["rnbqkbnr/ppppp2p/5pp1/7Q/4P3/8/PPPP1PPP/RNB1KBNR w KQkq - 1+3 0 3"],
    "courier": ["12/12/12/5k6/12/5r6/5F6/5K6 b - - 0 1"],
    # A double step on the e-file's side taken en passant straight ahead.
    "berolina": ["rnbqkbnr/pppp1ppp/8/8/4p3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"],
    # Double steps from the middle of the board, taken en passant.
    "torpedo": ["4k3/8/8/3p4/8/4P3/8/4K3 w - - 0 1",
                "4k3/8/8/8/2p5/8/3P4/4K3 w - - 0 1"],
    # A first-rank double step (not taken en passant) and White's last
    # piece taken.
    "horde": ["4k3/8/8/8/8/1p6/8/P7 w - - 0 1",
              "4k3/8/8/8/8/8/1p6/P7 b - - 0 1",
              "4k3/8/8/8/1p6/8/P7/8 w - - 0 1"],
    # Pawns in hand: never dropped on the last rank, nor (but in Chessgi)
    # the first; a capture on the promotion rank to hand.
    # A promoted queen taken goes to hand as a pawn (in Loop as a queen).
    "crazyhouse": ["4k3/8/8/8/8/8/3q4/3Q~2K1[] b - - 0 1",
                   "r3k3/1P6/8/8/8/8/8/4K3[Qq] w q - 0 1"],
    "loop": ["4k3/8/8/8/8/8/3q4/3Q2K1[] b - - 0 1",
             "4k3/1P6/8/8/8/8/8/4K3[Pp] w - - 0 1",
             "r3k3/1P6/8/8/8/8/8/4K3[Qq] w q - 0 1"],
    "chessgi": ["4k3/1P6/8/8/8/8/8/4K3[Pp] w - - 0 1"],
    "pocketknight": ["r3k2r/8/8/8/8/8/8/R3K2R[Nn] w KQkq - 0 1"],
    # A running count (its limit in the en passant field, the count in
    # the ply field), and pawns a step from promotion to a met.
    # Explosions: en passant, a castling rook blown up, a king that may
    # not capture, kings that touch, a capture that blows up the other
    # king while in check, promotion by capture, castling across an attack.
    "nocheckatomic": ["rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
                      "rq2k2r/8/8/8/8/8/8/RN2K2R b KQkq - 0 1",
                      "4k3/8/8/8/8/8/3p4/4K3 w - - 0 1",
                      "r3k2r/8/8/8/3q4/8/8/R3K2R w KQkq - 0 1"],
    "atomic": ["rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
               "rnbqkb1r/pp1p1ppp/2p5/4P3/2B5/8/PPP1NnPP/RNBQK2R w KQkq - 0 6",
               "8/8/8/8/8/4k3/r7/4K3 w - - 0 1",
               "4k3/5p2/8/7Q/8/8/8/r3K3 w - - 0 1",
               "r3k1rR/5K2/8/8/8/8/8/8 b q - 0 1",
               "rn2k3/1P6/8/8/8/8/8/4K3 w q - 0 1",
               "r3k2r/8/8/8/3q4/8/8/R3K2R w KQkq - 0 1"],
    "makruk": ["8/8/8/3k4/8/8/4R3/4K3 b - 32 10 1",
               "4k3/8/8/1P6/2p5/8/8/4K3 w - - 0 1",
               "r1s1k3/4m3/3p4/8/8/3P4/4M3/R1S1K3 w - 128 5 20"],
    # The initial moves: the king's leap (not out of check, never onto a
    # piece), the met's double step over a piece (not onto one), gates
    # named with no piece on them, and rook moves that aim at a king
    # with its leap (through a piece too) or not.
    "cambodian": ["4k3/8/8/8/8/8/4P3/3KM3 w DEde - 0 1",
                  "4k3/8/8/8/8/8/4p3/3KM3 w DEde - 0 1",
                  "4k3/8/8/8/8/4s3/8/3KM3 w DEde - 0 1",
                  "r3k3/8/8/8/8/8/3P4/3KM3 b DEde - 0 1",
                  "3mk3/3p4/8/8/8/8/1r6/R2KM3 b DEde - 0 1",
                  "rn1mksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1"],
    # A bare king (either side's, a draw) a capture away, promotion to a
    # bers with check, and the mates of the mate rule's tests (a rook's,
    # a knight's, a bishop's after a knight's check).
    "shatar": ["4k3/8/8/8/8/8/r7/R3K3 w - - 0 1",
               "4k3/8/8/8/8/8/2p5/R3K3 b - - 0 1",
               "7k/8/6K1/8/8/8/p7/1R6 w - - 0 1",
               "7k/5K1n/8/4N3/8/8/8/B7 w - - 0 1",
               "6k1/7p/4N3/8/6N1/8/8/K1B5 w - - 0 1"],
    # Promotion on the eighth and ninth ranks a choice, on the tenth a
    # must, and only to a piece the side has fewer of than at the start
    # (none, the chancellor, a knight, or a rook, bishop and knight).
    "grand": ["r8r/1nbqkcabn1/ppppp1pppp/5P4/10/10/10/10/1NBQKCABN1/R8R w - - 0 1",
              "r8r/1nbqkc1bn1/ppppp1pppp/5P4/10/10/10/10/1NBQK1ABN1/R8R w - - 0 1",
              "rr8/1nbqk1abnP/10/10/10/10/10/10/1NBQ1CAB2/R3K4R w - - 0 1",
              "r1r7/1nbqk1ab1P/10/10/10/10/10/10/1NBQ1CA3/R3K5 w - - 0 1",
              "4k5/10/10/10/10/10/10/10/1p8/R3K5 b - - 0 1"],
    # Pawns and sergeants promoting (a pawn also to the elephant, by a
    # step or a capture; Black's too), a sergeant's double step taken en
    # passant by a pawn, a pawn's double step a sergeant cannot take, a
    # pawn on a3 (no double step) and a sergeant on b3 (one), elephants.
    "wolf": ["1r2k3/PS6/8/8/8/8/8/8/8/4K3 w - - 0 1",
             "4k3/8/8/8/8/8/8/8/ps6/1R2K3 b - - 0 1",
             "4k3/8/8/8/8/8/1p6/8/S7/4K3 w - - 0 1",
             "4k3/p7/8/1S6/8/8/8/8/8/4K3 b - - 0 1",
             "4k3/8/8/8/8/8/2p5/PS6/8/4K3 w - - 0 1",
             "4k3/8/8/8/3E4/8/8/2e5/8/4K3 w - - 0 1"],
    # The grasshopper's check over a hurdle of either side (the hurdle
    # moved away ends it), a piece pinned between it and the hurdle, the
    # empty hurdle square next to the king barred, a capture of the
    # hurdle that keeps the check, castling over a square it hops to, a
    # discovered check by moving its first piece, a hurdle made by a
    # move, and a pawn promoting to one that checks.
    "grasshopper": ["4k3/4p3/8/8/8/8/8/4G1K1 b - - 0 1",
                    "4k3/4N3/8/8/8/8/8/4G1K1 b - - 0 1",
                    "4k3/4p3/8/4n3/8/8/8/4G1K1 b - - 0 1",
                    "7k/8/8/8/8/2b5/8/G6K b - - 0 1",
                    "6rk/6N1/8/8/8/8/8/G6K b - - 0 1",
                    "4kg2/8/8/8/8/8/5P2/R3K2R w KQ - 0 1",
                    "4k3/4p3/8/8/8/4N3/8/4G1K1 w - - 0 1",
                    "4k3/8/2N5/8/8/8/8/4G1K1 w - - 0 1",
                    "kr6/4P3/8/8/8/8/8/6K1 w - - 0 1"],
    # Spartan chess: a king of two left in check, a move that would
    # leave both attacked, a lone king (pseudo-royal), hoplites leaping
    # over pieces on their first move, promoting to a king while Black
    # has one (not two), White castling across the lieutenant's and the
    # warlord's squares, both kings attacked with few moves, White's king
    # against the general.
    "spartan": ["lg1c1kwl/hhhhhhhh/8/2k5/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1",
                "2k2k2/hhh2hhh/8/8/8/8/3Q4/4K3 b - - 0 1",
                "kk6/8/8/8/8/8/8/R3K3 b - - 0 1",
                "k4k2/8/8/8/8/8/8/R3K2Q b - - 0 1",
                "4k3/8/8/8/8/8/h7/4K3 b - - 0 1",
                "k3k3/8/8/8/8/8/h6h/R3K3 b - - 0 1",
                "lgkcckwl/hhhhhhhh/3P1P2/8/8/8/PPP1P1PP/RNBQKBNR b KQ - 0 1",
                "1gkcck1l/hhhhhhhh/8/8/8/4l3/PPPP1PPP/R3K2R w KQ - 0 1",
                "2k5/8/8/8/8/8/5w2/R3K2R w KQ - 0 1",
                "2k2k2/8/8/8/8/8/8/2Q1K3 b - - 0 1",
                "k6k/8/8/8/8/8/1B6/R3K3 b - - 0 1",
                "2k5/8/8/8/8/8/8/2R1K2g w - - 0 1"],
    # Chigorin chess: White's pawns promote to a chancellor, rook or
    # knight, Black's to a queen, rook or bishop.
    "chigorin": ["r3k3/1P6/8/8/8/8/6p1/4K2R w Kq - 0 1",
                 "r3k3/1P6/8/8/8/8/6p1/4K2R b Kq - 0 1"],
    # Seirawan's gates: after a gate (Black's gates open, White's e
    # left), castling that gates on the king's or the rook's square (one
    # piece in hand: the gate empties it and closes the other gates), a
    # knight pinned on its gate (the gated piece does not unpin it), a
    # king that may not step along the check line behind its gate, a
    # gated piece that blocks its own side's discovered check, the gates
    # of a castling letter lost with the rook (E written alone), and
    # promotion to the hawk and the elephant.
    "seirawan": ["rnbqkbnr/pppppppp/8/8/8/2N5/PPPPPPPP/RHBQKBNR[Eeh] b KQCDFGkqbcdfg - 1 1",
                 "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[HEhe] w KQkq - 0 1",
                 "r3k2r/pppp1ppp/8/4p3/8/8/PPPP1PPP/R3K2R[Hh] w KQkq - 0 1",
                 "4k3/8/8/8/8/8/8/q2NK2R[HE] w KD - 0 1",
                 "4k3/8/8/8/8/8/8/4K2r[HE] w E - 0 1",
                 "8/8/8/8/8/8/8/R3K2k[He] w QE - 0 1",
                 "r3k3/8/8/8/8/8/8/RN2K3[HEhe] w BEq - 0 1",
                 "4k3/1P6/8/8/8/8/6p1/4K2R[Hhe] w K - 0 1"],
    # The duck (*, a wall Fairy-Stockfish's lists move as `e2e4,e4d5`):
    # en passant open, and shut by the duck on the square passed over;
    # castling with the duck on the king's way, through attacked squares
    # (the commoner king is no royal piece), a king to be taken (the game
    # ends), promotions and a rider stopped by the duck.
    "duck": ["rnbqkbnr/1pp1pppp/p7/3pP3/8/*7/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
             "rnbqkbnr/1pp1pppp/p2*4/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3",
             "rnbqkbnr/1pppp1pp/p3*3/4Pp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
             "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK*1R w KQkq - 6 4",
             "r3k2r/8/8/8/2b5/8/5*2/R3K2R w KQkq - 0 1",
             "rnb1kbnr/pppp1ppp/8/4p2*/4P2q/5P2/PPPPP1PP/RNBQKBNR b KQkq - 0 1",
             "4k3/1P2P3/4*3/8/8/8/8/4K3 w - - 0 1",
             "3nkn2/4P3/8/8/8/8/1*6/4K3 w - - 0 1",
             "4k3/8/8/3*4/8/8/8/R2QK2R w KQ - 0 1"],
}


def games():
    """The library's section names, in order."""
    with open(LIBRARY) as f:
        return [m.group(1) for m in re.finditer(r"^\[([^:\]]+)", f.read(), re.M)]


def perft(variant, fen, depth, moves=()):
    legal = sf.legal_moves(variant, fen, list(moves))
    if depth == 1:
        return len(legal)
    return sum(perft(variant, fen, depth - 1, list(moves) + [m]) for m in legal)


def random_game(variant, plies=RANDOM_PLIES):
    """FENs of a game of random moves seeded by the variant's name, after
    each of `plies` plies, where a move is left."""
    start = sf.start_fen(variant)
    rng = random.Random(variant)
    moves, fens = [], []
    for ply in range(max(plies)):
        legal = sf.legal_moves(variant, start, moves)
        if not legal:
            break
        moves.append(rng.choice(sorted(legal)))
        if ply + 1 in plies:
            fen = sf.get_fen(variant, start, moves)
            if sf.legal_moves(variant, fen, []):
                fens.append(fen)
    return fens


def positions(variant):
    """(fen, depth) pairs: the start, then positions of a seeded random game."""
    start, deep = DEPTH.get(variant, START_DEPTH), DEPTH.get(variant, RANDOM_DEPTH)
    out = [(sf.start_fen(variant), start)]
    out.extend((fen, deep) for fen in random_game(variant))
    out.extend((fen, deep) for fen in EXTRA.get(variant, []))
    return out


def table(only):
    kept = read() if only and os.path.exists(DATA) else []
    rows = []
    for game in games():
        if only and game not in only:
            rows.extend(r for r in kept if r[0] == game)
            continue
        for fen, depth in positions(game):
            rows.append((game, depth, perft(game, fen, depth), fen))
    return rows


def write(only):
    rows = table(only)
    with open(DATA, "w") as f:
        f.write("# game depth nodes fen -- Fairy-Stockfish %s, by scripts/fsf_perft.py\n"
                % ".".join(map(str, sf.version())))
        for game, depth, nodes, fen in rows:
            f.write(f"{game} {depth} {nodes} {fen}\n")
    print(f"wrote {len(rows)} positions to {DATA}")


def read():
    rows = []
    with open(DATA) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            game, depth, nodes, fen = line.rstrip("\n").split(" ", 3)
            rows.append((game, int(depth), int(nodes), fen))
    return rows


def check(boserv, only=()):
    bad = 0
    for game, depth, nodes, fen in read():
        if only and game not in only:
            continue
        theirs = perft(game, fen, depth)
        line = f"{game} depth {depth}: file {nodes}, Fairy-Stockfish {theirs}"
        ok = theirs == nodes
        if boserv:
            ours = subprocess.run([boserv, "perft", game, str(depth), "--fen", fen],
                                  capture_output=True, text=True)
            ours = ours.stdout.split()[0] if ours.returncode == 0 else ours.stderr.strip()
            line += f", boserv {ours}"
            ok = ok and str(ours) == str(nodes)
        bad += not ok
        print(line + ("" if ok else "  DIFFERENT") + f"  ({fen})")
    sys.exit(1 if bad else 0)


def markdown():
    """README's table: each game's perft from the start and how many of
    its positions the file holds (read from the file, no pyffish)."""
    games = {}
    for game, depth, nodes, _fen in read():
        games.setdefault(game, []).append((depth, nodes))
    print("| game | perft 3 from the start | positions that agree |")
    print("|---|---:|---:|")
    for game, rows in games.items():
        depth, nodes = rows[0]
        shown = nodes if depth == START_DEPTH else f"{nodes} (perft {depth})"
        print(f"| {game} | {shown} | {len(rows)} |")


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "markdown":
        markdown()
    elif len(sys.argv) > 1 and sys.argv[1] == "write":
        write(sys.argv[2:])
    elif len(sys.argv) > 1 and sys.argv[1] == "check":
        check(sys.argv[2] if len(sys.argv) > 2 else None, sys.argv[3:])
    else:
        print(__doc__)
        sys.exit(2)


if __name__ == "__main__":
    main()
