#!/usr/bin/env bash
# Mail throughput and latency, one `boserv mail` process per message as an
# MTA runs it (issue 10).
#
#   [BENCH_WORKERS=4] scripts/bench-mail.sh [GAMES] [PLIES] [tokens|password]
#       (default 250 games x 40 plies = 10,000 mails; `tokens`: phases 1 and 2
#       only; `password`: phases 1 and 3 only)
#
# 1. floor:    GAMES*PLIES processes, 4 at a time, each one durable insert
#              with the sqlite3 CLI (WAL, synchronous=FULL);
# 2. tokens:   GAMES*PLIES move mails as replies to board mails (Reply-To
#              token, move on the first body line), 4 at a time;
# 3. password: the same moves in pbmserv's Subject form with the password
#              (argon2 checked before the write lock), 4 at a time;
# 4. latency:  p50/p99 of password move mails, then of replies to board
#              mails, arriving 8 and 20 at once.
# Each mail phase checks that nothing was lost or doubled: every game has
# exactly PLIES turns and every mail one inbox row. Moves are the first 40
# plies of Kasparov-Topalov, Wijk aan Zee 1999, in every game; each ply is
# one round over all games (a game's next move waits for its last).
# Every phase starts its processes through scripts/launch.py (no shell per
# process) and also prints the CPU milliseconds each process used: on a
# machine shared with other work the rates fall, the CPU per mail does not.
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-250}
plies=${2:-40}
only=${3:-all}
workers=${BENCH_WORKERS:-4}
moves=(e4 d6 d4 Nf6 Nc3 g6 Be3 Bg7 Qd2 c6 f3 b5 Nge2 Nbd7 Bh6 Bxh6 Qxh6 Bb7 a3 e5
       O-O-O Qe7 Kb1 a6 Nc1 O-O-O Nb3 exd4 Rxd4 c5 Rd1 Nb6 g3 Kb8 Na5 Ba8 Bh3 d5 Qf4+ Ka7)
[ "$plies" -le ${#moves[@]} ] || { echo "at most ${#moves[@]} plies" >&2; exit 2; }

. scripts/need-sqlite3.sh
command -v python3 >/dev/null || { echo "bench-mail.sh needs python3 (scripts/launch.py)" >&2; exit 2; }
cargo build --release --quiet
bin="$(scripts/target-dir.sh)/release/boserv"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export BOSERV_FROM="Chess <chess@example.net>"
# Each player's replies use the token of their first board mail: kept
# good for the whole game here (the default is the latest 2 board mails),
# as this measures throughput, not the token's life.
export BOSERV_REPLY_TOKEN_MAILS=1000
unset BOSERV_NOW EXTENSION
n=$((games * plies))

now_ns() { date +%s%N; }
rate() { awk -v n="$1" -v ns="$2" 'BEGIN { printf "%.1f", n / (ns / 1e9) }'; }
# Milliseconds of CPU per process: the sum of the seconds in file $1, over $2.
cpu_per() { awk -v n="$2" '{ s += $1 } END { printf "%.2f", s * 1000 / n }' "$1"; }

# A fresh database with GAMES games of chess between wG and bG (password
# `secret`, addresses entered by the operator: confirmed).
setup() {
    export BOSERV_DB=$1
    {
        for g in $(seq "$games"); do
            echo "signup w$g secret w$g@example.org"
            echo "signup b$g secret b$g@example.org"
        done
        for g in $(seq "$games"); do echo "chess challenge w$g b$g"; done
    } | "$bin" run >/dev/null
}

# Runs the mail files of the directories $2..., one directory (one ply)
# after the other, each file through `boserv mail`, $1 at a time, one
# process per mail without a shell (scripts/launch.py); writes the failures
# (file and exit code) to $work/failed and the processes' CPU seconds to
# $work/cpu.
run_mails() {
    local workers=$1 dir
    shift
    for dir in "$@"; do find "$dir" -type f | sort; echo; done |
        python3 scripts/launch.py "$workers" "$bin" mail >"$work/launched"
    grep -v '^cpu ' "$work/launched" >"$work/failed" || true
    sed -n 's/^cpu //p' "$work/launched" >"$work/cpu"
}

# The move mails of every game, in $work/KIND/PLY/GAME: KIND t replies to
# the board mail (token[] holds each address's Reply-To), KIND p uses
# pbmserv's Subject with the password.
write_mails() {
    local kind=$1 k g p move
    for k in $(seq "$plies"); do
        mkdir -p "$work/$kind/$k"
        move=${moves[$((k - 1))]}
        for g in $(seq "$games"); do
            if [ $((k % 2)) -eq 1 ]; then p=w$g; else p=b$g; fi
            if [ "$kind" = t ]; then
                printf 'From: %s@example.org\r\nTo: %s\r\nMessage-ID: <t%s.%s@example.org>\r\nSubject: Re: Chess Board %s\r\n\r\n%s\r\n\r\n> the board\r\n' \
                    "$p" "${token[$p@example.org]}" "$g" "$k" "$g" "$move"
            else
                printf 'From: %s@example.org\r\nMessage-ID: <p%s.%s@example.org>\r\nSubject: chess move %s %s secret %s#%s\r\n\r\n' \
                    "$p" "$g" "$k" "$g" "$p" "$move" "$k"
            fi >"$work/$kind/$k/$g"
        done
    done
}

# Writes the mails of KIND and runs them, one ply at a time (a game's next
# move waits for its last); prints the rate.
phase() {
    local t0 t1 k
    write_mails "$1"
    t0=$(now_ns)
    run_mails "$workers" $(for k in $(seq "$plies"); do echo "$work/$1/$k"; done)
    t1=$(now_ns)
    rate "$n" $((t1 - t0))
}

# Checks nothing was lost or doubled in database $1.
check() {
    local short doubled inbox
    short=$(sqlite3 "$1" "SELECT count(*) FROM (SELECT g.id, count(t.seq) c FROM games g
        LEFT JOIN turns t ON t.game = g.id GROUP BY g.id) WHERE c <> $plies")
    inbox=$(sqlite3 "$1" "SELECT count(*) FROM inbox WHERE status = 'handled'")
    doubled=$(sqlite3 "$1" "SELECT count(*) FROM (SELECT message_id FROM inbox
        GROUP BY message_id HAVING count(*) > 1)")
    echo "  check: games without exactly $plies turns: $short; handled mails: $inbox of $n;" \
         "doubled: $doubled; failed processes: $(wc -l <"$work/failed" 2>/dev/null || echo 0);" \
         "WAL left: $(stat -c %s "$1-wal" 2>/dev/null || echo 0) bytes"
}

# 1. The floor.
sqlite3 "$work/floor.db" "PRAGMA journal_mode=WAL; CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT);" >/dev/null
t0=$(now_ns)
seq "$n" | python3 scripts/launch.py "$workers" sqlite3 -cmd ".timeout 5000" "$work/floor.db" \
    "PRAGMA synchronous=FULL; INSERT INTO t (v) VALUES ('move {}');" >"$work/launched"
t1=$(now_ns)
sed -n 's/^cpu //p' "$work/launched" >"$work/floor.cpu"
floor_ns=$((t1 - t0))
floor=$(rate "$n" "$floor_ns")
floor_cpu=$(cpu_per "$work/floor.cpu" "$n")
echo "floor: $n sqlite3 durable inserts, $workers at a time: $floor/s" \
     "($(sqlite3 "$work/floor.db" "SELECT count(*) FROM t") rows; CPU $floor_cpu ms each)"

# 2. Token replies.
if [ "$only" != password ]; then
setup "$work/tokens.db"
sqlite3 -separator ' ' "$work/tokens.db" \
    "SELECT json_extract(recipients, '\$[0]'), reply_to FROM outbox WHERE reply_to IS NOT NULL" \
    >"$work/tokens"
declare -A token
while read -r address reply; do token[$address]=$reply; done <"$work/tokens"
tokens=$(phase t)
echo "token replies: $n mails, $workers at a time: $tokens/s" \
     "($(awk -v a="$tokens" -v b="$floor" 'BEGIN { printf "%.2f", a / b }')x the floor; target >= 0.5x;" \
     "CPU $(cpu_per "$work/cpu" "$n") ms each)"
check "$work/tokens.db"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
[ "$only" = tokens ] && exit 0
fi

# 3. Password mails (pbmserv's Subject form).
setup "$work/password.db"
password=$(phase p)
echo "password mails: $n mails, $workers at a time: $password/s" \
     "($(awk -v a="$password" 'BEGIN { printf "%.2f", a / 33 }')x the 33/s before; target >= 1.8x;" \
     "$(awk -v a="$password" -v b="$floor" 'BEGIN { printf "%.3f", a / b }')x the floor, before 33/601 = 0.055x;" \
     "CPU $(cpu_per "$work/cpu" "$n") ms each)"
check "$work/password.db"
[ "$only" = password ] && exit 0

# 4. Latency with C mails at once (C games, one round per ply), each
# process timed from its start to its exit: password mails (KIND p), and
# replies to board mails (KIND t), where one process takes in the others'
# spooled replies before it exits, so its time is the time until all of
# the round's moves are made.
latency() {
    local kind=$1 c=$2 rounds=$3 what
    games=$c setup "$work/lat$kind$c.db"
    if [ "$kind" = t ]; then
        what="replies to board mails"
        sqlite3 -separator ' ' "$work/lat$kind$c.db" \
            "SELECT json_extract(recipients, '\$[0]'), reply_to FROM outbox WHERE reply_to IS NOT NULL" \
            >"$work/lat.tokens"
        declare -A token
        while read -r address reply; do token[$address]=$reply; done <"$work/lat.tokens"
    else
        what="password mails"
    fi
    : >"$work/lat$kind$c.ns"
    for k in $(seq "$rounds"); do
        for g in $(seq "$c"); do
            if [ $((k % 2)) -eq 1 ]; then p=w$g; else p=b$g; fi
            if [ "$kind" = t ]; then
                printf 'From: %s@example.org\r\nTo: %s\r\nMessage-ID: <l%s.%s@example.org>\r\nSubject: Re: Chess Board %s\r\n\r\n%s\r\n' \
                    "$p" "${token[$p@example.org]}" "$g" "$k" "$g" "${moves[$((k - 1))]}"
            else
                printf 'From: %s@example.org\r\nMessage-ID: <l%s.%s@example.org>\r\nSubject: chess move %s %s secret %s\r\n\r\n' \
                    "$p" "$g" "$k" "$g" "$p" "${moves[$((k - 1))]}"
            fi >"$work/l$c.$g"
        done
        for g in $(seq "$c"); do
            (s=$(now_ns); "$bin" mail <"$work/l$c.$g" 2>/dev/null; e=$(now_ns); echo $((e - s)) >>"$work/lat$kind$c.ns") &
        done
        wait
    done
    local made
    made=$(sqlite3 "$work/lat$kind$c.db" "SELECT count(*) FROM turns")
    sort -n "$work/lat$kind$c.ns" | awk -v c="$c" -v what="$what" -v made="$made" '{ a[NR] = $1 } END {
        p50 = a[int(NR * 0.50 + 0.5)]; p99 = a[int(NR * 0.99 + 0.5)]
        printf "latency, %d %s at once (%d samples, %d moves made): p50 %.0f ms, p99 %.0f ms (busy timeout 5000 ms)\n",
            c, what, NR, made, p50 / 1e6, p99 / 1e6 }'
}
latency p 8 20
latency p 20 10
latency t 8 20
latency t 20 10
echo "(machine: $(nproc) cores; figures are pessimistic when it is shared)"
