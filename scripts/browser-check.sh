#!/usr/bin/env bash
# The HTML boards in a real browser (issue 28): for every game, a game is
# started and its first turn played, then Debian's chromium, headless at a
# phone's width, renders the HTML part of the board mail the second player
# gets and the game's web page. For each it saves a screenshot
# (OUT/NAME.png) and fails when the DOM chromium dumps lacks a cell for
# any square of the game (64; 148 for Big Outer Chess; 84 for Orwell) or
# when the page is wider than 360 px.
#
# The width is measured in a copy of the page with one line of script
# that writes the page's width into the DOM; the mail part and the pages
# themselves have no script. Headless Chromium lays pages out at least
# 500 px wide whatever --window-size says (the screenshots are 360 px), so
# the probe sets the body to 360 px and reads its scrollWidth: more than
# 360 means something sticks out of a 360-px screen.
#
#   scripts/browser-check.sh [OUT]     (default OUT: target/browser-check)
#
# Installs chromium with apt-get when it is missing (as root, as CI runs).
set -euo pipefail
cd "$(dirname "$0")/.."

OUT=${1:-"$(scripts/target-dir.sh)/browser-check"}
WIDTH=360

if ! command -v chromium >/dev/null 2>&1; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi
cargo build --locked --quiet
BOSERV="$(scripts/target-dir.sh)/debug/boserv"

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
        turn=$("$BOSERV" moves "$variant" | head -n 1)
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
    if match and html is not None:
        last[match.group(1)] = html.get_content()
for game, html in last.items():
    (work / f"mail-{game}.html").write_text(html, encoding="utf-8")
EOF

# chromium at a phone's width; root needs --no-sandbox.
browse() {
    timeout 120 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars \
        --no-first-run --disable-extensions --window-size=$WIDTH,2000 "$@" 2>/dev/null
}

failures=0
check() { # NAME FILE CELLS
    local name=$1 file=$2 cells=$3
    if [ ! -s "$file" ]; then
        echo "FAIL $name: no page at $file"
        failures=$((failures + 1))
        return
    fi
    browse --screenshot="$OUT/$name.png" "file://$file" >/dev/null
    # A copy that writes its own width into the DOM.
    local probe=${file%.html}.probe.html
    sed 's#</body>#<script>var b=document.body;b.style.width="360px";b.style.boxSizing="border-box";b.insertAdjacentHTML("beforeend","<p id=\\"measured-width\\">"+b.scrollWidth+"</p>")</script></body>#' \
        "$file" >"$probe"
    local dom
    dom=$(browse --dump-dom "file://$probe")
    local found width
    found=$(grep -o 'data-square="[^"]*"' <<<"$dom" | sort -u | wc -l)
    width=$(sed -n 's/.*<p id="measured-width">\([0-9]*\)<\/p>.*/\1/p' <<<"$dom" | head -n 1)
    local verdict=ok
    if [ "$found" -ne "$cells" ]; then
        verdict="FAIL: $found cells of $cells"
    elif [ -z "$width" ] || [ "$width" -gt "$WIDTH" ]; then
        verdict="FAIL: ${width:-unmeasured} px wide (at most $WIDTH)"
    fi
    printf '%-28s %3s cells  %4s px  %s\n' "$name" "$found" "${width:-?}" "$verdict"
    [ "$verdict" = ok ] || failures=$((failures + 1))
}

for variant in "${!GAME[@]}"; do
    id=${GAME[$variant]}
    case $variant in
        bochess) cells=148 ;;
        orwell) cells=84 ;;
        *) cells=64 ;;
    esac
    check "$variant-mail" "$WORK/mail-$id.html" "$cells"
    check "$variant-page" "$WORK/www/games/$id.html" "$cells"
done

echo "screenshots: $OUT"
if [ "$failures" -gt 0 ]; then
    echo "browser-check: $failures failed"
    exit 1
fi
echo "browser-check: all passed"
