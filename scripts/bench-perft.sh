#!/usr/bin/env bash
# Perft speed of every game's move generator, as nodes per CPU second
# (user + sys of whole `boserv perft` processes, the median of RUNS runs),
# and beside Fairy-Stockfish where it counts the same tree:
#
#   chess                perft 6 from the start     FSF_8X8 (or FSF_LARGE)
#   orthodia-simple      perft 6 without the Torch   FSF_LARGE (or FSF_8X8)
#                        (the variant of scripts/fsf_orthodia_simple.py)
#
# A peer's runs alternate with boserv's, and the ratio is boserv's median
# CPU time over the peer's (below 1: boserv is faster). CPU time, not
# wall time: other work on the machine slows both alike.
#
#   scripts/bench-perft.sh [RUNS]        (default 3)
#   FSF_8X8=/path/to/fairy-stockfish FSF_LARGE=/path/to/fairy-stockfish-large \
#       scripts/bench-perft.sh
#
# The peers are Fairy-Stockfish binaries built from the pyffish source
# distribution (`pip download --no-binary :all: --no-deps pyffish==0.0.90`;
# it has no Makefile, so its src/ compiled with g++ and the flags of
# Stockfish's Makefile for the machine's ARCH, x86-64-bmi2 here, plus
# `-DNNUE_EMBEDDING_OFF`, and `-DLARGEBOARDS -DPRECOMPUTED_MAGICS -DALLVARS`
# for the large one); nothing of them is part of boserv.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}

cargo build --release --quiet --bin boserv
bin="$(scripts/target-dir.sh)/release/boserv"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

median() { sort -g | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

# CPU seconds (user + sys) of a command, its stdout in $work/out.
cpu() {
    /usr/bin/time -f "%U %S" -o "$work/time" "$@" >"$work/out" 2>"$work/err"
    awk '{ print $1 + $2 }' "$work/time"
}

NO_TORCH="rgb1kbgr/wppppppw/8/8/8/8/WPPPPPPW/RGB1KBGR w - - 0 1"

# game, depth, FEN (empty: the start)
cases=(
    "chess|6|"
    "orthodia|6|"
    "orthodia-simple|6|$NO_TORCH"
    "bochess|4|"
    "orphic|3|"
    "rebellion|5|"
    "squirm|4|"
    "orwell|2|"
)

# The UCI commands for a peer's perft of orthodia-simple without the
# Torch or of chess, in $work/uci.
peer_input() { # GAME DEPTH
    local setup
    if [ "$1" = orthodia-simple ]; then
        sed -n '/^INI = """/,/^"""/p' scripts/fsf_orthodia_simple.py | sed '1d;$d' >"$work/variant.ini"
        setup="setoption name VariantPath value $work/variant.ini
setoption name UCI_Variant value orthodia-simple
position fen $NO_TORCH"
    else
        setup="position startpos"
    fi
    printf 'uci\n%s\ngo perft %s\nquit\n' "$setup" "$2" >"$work/uci"
}

peer_for() {
    case $1 in
        chess) echo "${FSF_8X8:-${FSF_LARGE:-}}" ;;
        orthodia-simple) echo "${FSF_LARGE:-${FSF_8X8:-}}" ;;
        *) echo "" ;;
    esac
}

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')"
printf '%-16s %5s %14s %9s %12s %s\n' game depth nodes "cpu s" "M nodes/s" "peer"
for case in "${cases[@]}"; do
    IFS='|' read -r game depth fen <<<"$case"
    args=(perft "$game" "$depth")
    [ -n "$fen" ] && args+=(--fen "$fen")
    peer=$(peer_for "$game")
    [ -n "$peer" ] && peer_input "$game" "$depth"
    : >"$work/ours"
    : >"$work/theirs"
    for _ in $(seq "$runs"); do
        cpu "$bin" "${args[@]}" >>"$work/ours"
        nodes=$(tail -n 1 "$work/out")
        if [ -n "$peer" ]; then
            cpu "$peer" <"$work/uci" >>"$work/theirs"
            theirs=$(sed -n 's/^Nodes searched: //p' "$work/out")
            if [ "$theirs" != "$nodes" ]; then
                echo "$game perft $depth: boserv $nodes, peer $theirs" >&2
                exit 1
            fi
        fi
    done
    ours=$(median <"$work/ours")
    nps=$(awk -v n="$nodes" -v s="$ours" 'BEGIN { printf "%.1f", n / s / 1e6 }')
    line=$(printf '%-16s %5s %14s %9.2f %12s' "$game" "$depth" "$nodes" "$ours" "$nps")
    if [ -n "$peer" ]; then
        theirs=$(median <"$work/theirs")
        line+=$(awk -v a="$ours" -v b="$theirs" 'BEGIN { printf " Fairy-Stockfish %.2f s, ratio %.2f", b, a / b }')
    fi
    echo "$line"
done
