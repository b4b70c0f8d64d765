#!/usr/bin/env python3
"""Fairy-Stockfish's own example variants.ini, read by boserv unchanged.

The file is GPL text and is not part of boserv: give its path (a copy of
src/variants.ini of Fairy-Stockfish; without a path the script fetches it
from GitHub at the commit below, when the network allows). The script
hands the file to boserv as an operator's variants file
(`boserv config set variants-file PATH` on a scratch database), counts the
sections boserv loads, lists the reasons it gives for the rest (grouped by
the key each names), and checks the perft of every loaded section against
Fairy-Stockfish (pyffish, with the same file loaded) from its start and
from positions of a seeded random game.

Usage:
  scripts/fsf_variants_ini.py [--quick] [VARIANTS_INI] [BOSERV]
    --quick: perft depth 2 from the start only
  exits 1 when a loaded section's perft differs from Fairy-Stockfish's
"""
import collections
import os
import random
import re
import subprocess
import sys
import tempfile
import urllib.request

import pyffish as sf

# The library's perft script, beside this one: the same perft and random games.
from fsf_perft import perft as fsf_perft, random_game

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
COMMIT = "020267beca6aa5d15719d0493b4050a26b356d97"
URL = ("https://raw.githubusercontent.com/fairy-stockfish/Fairy-Stockfish/"
       f"{COMMIT}/src/variants.ini")

START_DEPTH = 3
RANDOM_DEPTH = 2
RANDOM_PLIES = (10, 20)


def boserv_binary():
    target = subprocess.run([os.path.join(ROOT, "scripts", "target-dir.sh")],
                            capture_output=True, text=True).stdout.strip()
    return os.path.join(target or os.path.join(ROOT, "target"), "debug", "boserv")


def sections(text):
    return [m.group(1) for m in re.finditer(r"^\[([^:\]]+)(?::[^\]]*)?\]", text, re.M)]


def boserv_reads(boserv, path, db):
    """(loaded names, {name: reason}) as `config set variants-file` says."""
    out = subprocess.run([boserv, "--db", db, "config", "set", "variants-file", path],
                         capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"boserv refused the file: {out.stderr.strip()}")
    loaded, refused = [], {}
    for line in out.stdout.splitlines():
        m = re.match(r".*: \d+ games? offered:(.*)$", line)
        if m:
            loaded = m.group(1).split()
        m = re.match(r"refused \[([^\]]+)\] (.*)$", line)
        if m:
            refused[m.group(1)] = m.group(2)
    return loaded, refused


def reason_key(reason):
    """What a refusal names: the key, or the kind of reason."""
    m = re.search(r"the key (\w+)", reason)
    if m:
        return m.group(1)
    m = re.match(r"line \d+: (\w+):", reason)
    if m:
        return m.group(1)
    m = re.search(r"the parent (\S+)", reason)
    if m:
        return "parent " + m.group(1)
    return reason


def positions(variant, quick):
    start = sf.start_fen(variant)
    if quick:
        return [(start, 2)]
    fens = random_game(variant, RANDOM_PLIES)
    return [(start, START_DEPTH)] + [(fen, RANDOM_DEPTH) for fen in fens]


def boserv_perft(boserv, path, db, game, depth, fen):
    env = dict(os.environ, BOSERV_VARIANTS_FILE=path)
    out = subprocess.run([boserv, "--db", db, "perft", game, str(depth), "--fen", fen],
                         capture_output=True, text=True, env=env)
    return out.stdout.split()[0] if out.returncode == 0 and out.stdout.split() \
        else out.stderr.strip().splitlines()[-1]


def main():
    args = sys.argv[1:]
    quick = "--quick" in args
    args = [a for a in args if a != "--quick"]
    path = args[0] if args else None
    boserv = args[1] if len(args) > 1 else boserv_binary()
    with tempfile.TemporaryDirectory() as tmp:
        if path is None:
            path = os.path.join(tmp, "variants.ini")
            urllib.request.urlretrieve(URL, path)
        with open(path) as f:
            text = f.read()
        names = sections(text)
        db = os.path.join(tmp, "scratch.db")
        loaded, refused = boserv_reads(boserv, path, db)
        print(f"{path}: {len(names)} sections; boserv loads {len(loaded)}, "
              f"refuses {len(refused)}")
        print("loaded: " + " ".join(loaded))
        by_key = collections.defaultdict(list)
        for name, reason in refused.items():
            by_key[reason_key(reason)].append(name)
        print("refused, by what the reason names:")
        for key, which in sorted(by_key.items(), key=lambda kv: (-len(kv[1]), kv[0])):
            print(f"  {key} ({len(which)}): {' '.join(which)}")
        for name in names:
            if name in refused:
                print(f"  [{name}] {refused[name]}")
        sf.load_variant_config(text)
        known = set(sf.variants())
        bad = 0
        for game in loaded:
            if game not in known:
                print(f"{game}: Fairy-Stockfish did not load it (pyffish {sf.version()})")
                continue
            for fen, depth in positions(game, quick):
                theirs = fsf_perft(game, fen, depth)
                ours = boserv_perft(boserv, path, db, game, depth, fen)
                ok = str(theirs) == str(ours)
                bad += not ok
                print(f"{game} depth {depth}: Fairy-Stockfish {theirs}, boserv {ours}"
                      + ("" if ok else "  DIFFERENT") + f"  ({fen})")
        print(f"{len(loaded)} of {len(names)} sections loaded; "
              f"{'all agree' if not bad else f'{bad} positions differ'}")
        sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
