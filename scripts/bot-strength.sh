#!/usr/bin/env bash
# The computer player's strength in Elo: the bot at each level plays chess
# against Fairy-Stockfish limited by UCI_LimitStrength/UCI_Elo (Debian
# package fairy-stockfish, run as a separate process, never linked),
# alternating colours over book openings (examples/bot_elo.rs, in release
# mode, at low priority, one game at a time: one core). Prints a table and
# a last line `bot: level L ≈ Elo E ± I (N games), top level CPU per move S s`.
#
#   scripts/bot-strength.sh [--games N] [--levels 1,2,3,4,5] [--elo E[,E...]]
#                           [--fsf-ms MS] [--cap PLIES] [--adjudicate CP] [--seed S]
#                           [--variant NAME]   # a library game, by Fairy-Stockfish's name
#   (defaults: 20 games a level, levels 1 to 5, UCI_Elo 2000, 500 ms a move
#   for Fairy-Stockfish, cap 300 plies, adjudicated at 600 cp)
#
# The older table against a random mover and a greedy one in every game is
# examples/bot_strength.rs (cargo run --release --example bot_strength).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v fairy-stockfish >/dev/null || [ -x /usr/games/fairy-stockfish ] || {
  echo "bot-strength: needs fairy-stockfish (apt-get install fairy-stockfish)" >&2
  exit 1
}
cargo build --release --quiet --example bot_elo
exec nice -n 10 "$(scripts/target-dir.sh)/release/examples/bot_elo" "$@"
