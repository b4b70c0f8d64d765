#!/usr/bin/env bash
# Every command's cost at scale (issue 43): a server of GAMES games
# (default 1,000,000) between GAMES/10 players, one of whom, alice, plays
# one game in 100 (10,000 of a million). Generates the database once with
# direct SQL (examples/scale_db.rs), then runs on a copy of it, one whole
# release process each, every verb of the shell and every kind of mail,
# with and without web pages (`web_dir`), and `remind` with a digest due;
# prints each one's CPU time (user + system), and the `cron` runs that
# write the letters of vacations and signoffs and end a signed-off
# player's turns; and, last:
#
#   scale: worst command S ms (VERB), worst mail S ms (KIND), remind S s
#
#   scripts/bench-scale.sh [GAMES]     (1,000,000 games: about 600 MB of disk
#                                       and under 2 minutes to generate)
#
# BENCH_SCALE_DB=DIR keeps the generated database in DIR and reuses it.
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-1000000}

# BENCH_PROFILE=debug: the debug build instead (its figures are not the
# release build's; for finding the worst offenders while a release build
# is not at hand).
profile=release
[ "${BENCH_PROFILE:-release}" = debug ] && profile=debug
# BENCH_NO_BUILD=1: the build already there, as it is (no `cargo build`).
if [ -n "${BENCH_NO_BUILD:-}" ]; then
    :
elif [ "$profile" = release ]; then
    cargo build --release --quiet --bin boserv --example scale_db
else
    cargo build --quiet --bin boserv --example scale_db
fi
# The build where cargo puts it (CARGO_TARGET_DIR, a workspace...).
target=$(cargo metadata --format-version 1 --no-deps |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])')
bin=$target/$profile/boserv
work=$(mktemp -d "${TMPDIR:-/tmp}/bench-scale.XXXXXX")
trap 'rm -rf "$work"' EXIT

keep=${BENCH_SCALE_DB:-}
master=${keep:+$keep/$games.db}
master=${master:-$work/master.db}
if [ -n "$keep" ] && [ -f "$master" ] && [ -f "$keep/$games.ids" ]; then
    read -r now other white mine1 mine2 mine3 mine4 <"$keep/$games.ids"
    echo "reusing $master" >&2
else
    [ -n "$keep" ] && mkdir -p "$keep" && rm -f "$master"
    t0=$(date +%s%N)
    ids=$("$target/$profile/examples/scale_db" "$master" "$games")
    read -r now other white mine1 mine2 mine3 mine4 <<<"$ids"
    t1=$(date +%s%N)
    [ -n "$keep" ] && echo "$ids" >"$keep/$games.ids"
    echo "generated $games games in $(( (t1 - t0) / 1000000000 )) s" >&2
fi

db=$work/run.db
cp "$master" "$db"
export BOSERV_DB=$db BOSERV_NOW=$now BOSERV_FROM="Chess <chess@example.net>"
unset BOSERV_USER BOSERV_WEB_DIR
web=$work/web
mkdir -p "$web"
: >"$work/rows"

# cpu KIND NAME COMMAND...: runs COMMAND (stdin from $work/in if there),
# records its CPU milliseconds under NAME.
cpu() {
    local kind=$1 name=$2 ms
    shift 2
    /usr/bin/time -f '%U %S' -o "$work/time" "$@" <"${input:-/dev/null}" >"$work/out" 2>&1 ||
        { echo "$name failed:" >&2; tail -n 3 "$work/out" >&2; }
    ms=$(awk '{ printf "%.0f", ($1 + $2) * 1000 }' "$work/time")
    printf '%-7s %-36s %7s ms\n' "$kind" "$name" "$ms" | tee -a "$work/rows"
}
verb() { local name=$1; shift; cpu verb "$name" "$bin" "$@"; }
# mail NAME FROM SUBJECT [BODY LINES...]: one `boserv mail` of that text.
mail() {
    local name=$1 from=$2 subject=$3 n=$((RANDOM))
    shift 3
    {
        printf 'From: %s\r\nMessage-ID: <%s.%s@example.test>\r\nSubject: %s\r\n\r\n' \
            "$from" "${name// /-}" "$n$RANDOM" "$subject"
        for line in "$@"; do printf '%s\r\n' "$line"; done
    } >"$work/in"
    input=$work/in cpu mail "$name" "$bin" mail
}

echo "kind    command                                    CPU"
verb "games (alice's own)"             --as alice games
verb "games alice all"                 --as alice games alice all
verb "games alice next"                --as alice games alice next
verb "games (everyone's)"              games
verb "show alice"                      --as alice show alice
verb "show GAME"                       --as alice show "$mine1"
verb "history chess"                   history chess
verb "ratings alice"                   ratings alice
verb "standings chess"                 standings chess
verb "seeks"                           --as alice seeks
verb "seek chess"                      --as alice seek chess
verb "list"                            list
verb "list chess"                      list chess
verb "tournaments"                     tournaments
verb "tournament create"               --as alice tournament create spring chess round-robin --players=4
verb "tournament join"                 --as p2 tournament join spring
verb "challenge"                       --as alice challenge chess alice p3
verb "move"                            --as alice move "$mine1" Nf3
verb "move (another game)"             --as "$white" move "$other" Nf3
verb "digest on"                       --as alice digest on 13
verb "vacation on"                     --as alice vacation on
verb "vacation off"                    --as alice vacation off
BOSERV_WEB_DIR=$web verb "publish pending (web_dir)" --as alice games
BOSERV_WEB_DIR=$web verb "move (web_dir)" --as alice move "$mine2" Nf3

mail "games alice x5 (stranger)" stranger@example.test "chess games alice" \
    "chess games alice" "chess games alice" "chess games alice" "chess games alice"
mail "show alice (stranger)" stranger@example.test "chess show alice"
mail "move by password" alice@example.test "chess move $mine3 alice secret Nf3"
BOSERV_WEB_DIR=$web mail "move by password (web_dir)" alice@example.test "chess move $mine4 alice secret Nf3"
mail "games by password" alice@example.test "chess games alice secret"
mail "seeks" stranger@example.test "chess seeks"
mail "list chess (stranger)" stranger@example.test "list chess"
mail "standings chess (stranger)" stranger@example.test "chess standings"
mail "games alice next (stranger)" stranger@example.test "chess games alice next"
mail "vacation on by password" alice@example.test "vacation alice secret on"
mail "vacation off by password" alice@example.test "vacation alice secret off"
mail "signup" newbie@example.test "chess signup newbie secret newbie@example.test"

# What the vacations left to cron (src/service/accounts/tidings.rs): the
# letters of the four vacation commands above, one per other player of
# alice's games (about 5,000 each), and alice's turns judged again after
# her return. Shown as `cron` rows: the work of whole runs, not of a
# command.
cpu cron "remind (4 vacations' letters told)" "$bin" remind

# remind at the digest's hour: every game's reminders and forfeits due,
# alice's digest among them.
BOSERV_NOW=$(date -u -d "$now + 1 hour" +%Y-%m-%dT%H:%M:%SZ) cpu remind "remind (digest due)" "$bin" remind
verb "signoff"                         --as alice signoff
BOSERV_NOW=$(date -u -d "$now + 1 hour" +%Y-%m-%dT%H:%M:%SZ) \
    cpu cron "remind (signoff: games ended, told)" "$bin" remind

awk '
    $1 == "verb"   { ms = $(NF - 1); name = substr($0, 9, 36); sub(/ +$/, "", name);
                     if (ms + 0 > wv + 0) { wv = ms; wn = name } }
    $1 == "mail"   { ms = $(NF - 1); name = substr($0, 9, 36); sub(/ +$/, "", name);
                     if (ms + 0 > mv + 0) { mv = ms; mn = name } }
    $1 == "remind" { r = $(NF - 1) / 1000 }
    END { printf "scale: worst command %d ms (%s), worst mail %d ms (%s), remind %.2f s\n", wv, wn, mv, mn, r }
' "$work/rows"
