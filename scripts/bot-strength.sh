#!/usr/bin/env bash
# The computer player's strength table: at a level, the bot against a random
# mover and a one-ply greedy player (takes the most valuable piece, else a
# random turn) in every two-seat game, and against two random movers in
# Orwell Chess (a win there is finishing first). The bot takes each seat in
# turn; a game that reaches the move cap counts as a draw. Games are played
# in-process (examples/bot_strength.rs), in release mode, at low priority.
#
#   scripts/bot-strength.sh [--games N] [--level L] [--cap PLIES] [--seed S] [GAME...]
#   (defaults: 10 games, level 3, cap 400 plies; README's table: --games 100)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet --example bot_strength
exec nice "$(scripts/target-dir.sh)/release/examples/bot_strength" "$@"
