#!/usr/bin/env bash
# The HTML boards in a real browser (issues 28 and 44): for every game, a
# game is started and its first turn played; then Debian's chromium,
# headless, renders the HTML part of the board mail the second player gets
# and the game's web page, at 320 px and 1000 px, light and in forced dark
# mode, with its <style> and without it. scripts/browser_check.py drives
# it (over the DevTools pipe), saves the screenshots (OUT/NAME-*.png) and
# fails when a page is wider than a 320-px screen, a square is not square
# or out of line, the board does not grow on a wide screen, two armies'
# pieces lose their contrast in forced dark mode, or a piece has no
# accessible name (see its docstring).
#
#   scripts/browser-check.sh [OUT]     (default OUT: target/browser-check)
#
# Every game boserv offers (`boserv variants`: the seeds and the games
# defined in variants/library.ini) is played; the check reads each
# board's size from the page itself (its file and rank header cells).
# Installs chromium with apt-get when it is missing (as root, as CI runs).
# The boserv binary is the one cargo builds, wherever its target dir is
# (or $BOSERV, when set, e.g. a release build).
set -euo pipefail
cd "$(dirname "$0")/.."

OUT=${1:-"$(scripts/target-dir.sh)/browser-check"}

if ! command -v chromium >/dev/null 2>&1; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi
[ -n "${BOSERV:-}" ] || BOSERV=$(cargo build --locked --quiet --bin boserv --message-format=json |
    python3 -c 'import json,sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m["target"]["name"] == "boserv" and m.get("executable"):
        print(m["executable"])' | tail -n 1)
[ -x "$BOSERV" ] || { echo "browser-check: cargo built no boserv binary"; exit 1; }

mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

export BOSERV_DB=$WORK/boserv.db BOSERV_CONFIG= BOSERV_NOW=2026-03-01T12:00:00Z
export BOSERV_FROM='Chess Server <chess@example.net>'
unset BOSERV_USER
for user in alice bob carol; do
    "$BOSERV" signup "$user" secret "$user@example.test" >/dev/null
done
mkdir -p "$WORK/www" "$WORK/sent"
"$BOSERV" config set web_dir "$WORK/www" >/dev/null

# One game per variant (the operator's challenge: it begins at once, nobody
# is asked), its first turn played.
n=0
declare -A GAME
for variant in $("$BOSERV" variants | awk '{print $1}'); do
    n=$((n + 1))
    GAME[$variant]=$n
    if [ "$variant" = orwell ]; then
        BOSERV_DICE_SEED=$(printf '%064x' 161) \
            "$BOSERV" challenge orwell alice bob carol >/dev/null
        # The seat to move plays its first legal turn with its roll.
        json=$("$BOSERV" show "game$n" --format json)
        mover=$(python3 -c 'import json,sys; print(json.load(sys.stdin)["to_move"])' <<<"$json")
        roll=$(python3 -c 'import json,sys; print(",".join(map(str,json.load(sys.stdin)["roll"])))' <<<"$json")
        turn=$("$BOSERV" moves "game$n" | head -n 1)
        "$BOSERV" --as "$mover" move "game$n" "$turn" >/dev/null
    else
        "$BOSERV" challenge "$variant" alice bob >/dev/null
        turn=$("$BOSERV" moves "game$n" | head -n 1)
        "$BOSERV" --as alice move "game$n" "$turn#1" >/dev/null
    fi
done
"$BOSERV" deliver --transport "file:$WORK/sent" >/dev/null

# The HTML part of the last mail to bob for each game, as NAME.mail.html.
python3 - "$WORK/sent" "$WORK" <<'EOF'
import email, email.policy, pathlib, re, sys
sent, work = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
last = {}
for path in sorted(sent.iterdir(), key=lambda p: p.stat().st_mtime_ns):
    message = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
    if "bob@example.test" not in str(message.get("To", "")) + str(message.get("Bcc", "")):
        continue
    match = re.search(r"Board (\d+)", str(message["Subject"]))
    html = message.get_body(preferencelist=("html",))
    text = message.get_body(preferencelist=("plain",))
    if match and html is not None:
        last[match.group(1)] = (html.get_content(), text.get_content() if text else "")
for game, (html, text) in last.items():
    (work / f"mail-{game}.html").write_text(html, encoding="utf-8")
    (work / f"mail-{game}.txt").write_text(text, encoding="utf-8")
EOF

pages=()
for variant in "${!GAME[@]}"; do
    id=${GAME[$variant]}
    pages+=("$variant-mail=$WORK/mail-$id.html" "$variant-page=$WORK/www/games/$id.html")
done
mkdir -p "$OUT"
cp "$WORK"/mail-*.txt "$WORK"/mail-*.html "$OUT"/ 2>/dev/null || true
python3 scripts/browser_check.py "$OUT" "${pages[@]}"
