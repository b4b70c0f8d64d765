#!/usr/bin/env bash
# A whole game of chess by mail through a real SMTP server on 127.0.0.1.
#
# aiosmtpd (from PyPI, in a throwaway venv) listens on a loopback port and
# files every message it receives in a Maildir. boserv takes each player's
# mail on stdin (`boserv mail`, as an MTA pipe would), `boserv deliver`
# sends the outbox over SMTP to the sink, and the script reads the board
# mails back off the Maildir until the game-over mail arrives.
#
#   scripts/e2e-mail.sh            # uses target/release/boserv (builds it)
#   BOSERV_BIN=path scripts/e2e-mail.sh
set -euo pipefail
cd "$(dirname "$0")/.."

work=$(mktemp -d)
trap 'kill "${sink_pid:-}" 2>/dev/null || true; [ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT

bin=${BOSERV_BIN:-"$(scripts/target-dir.sh)/release/boserv"}
[ -n "${BOSERV_BIN:-}" ] || cargo build --release --quiet
python3 -m venv "$work/venv"
"$work/venv/bin/pip" install --quiet aiosmtpd

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
mkdir -p "$work/maildir/tmp" "$work/maildir/new" "$work/maildir/cur"
"$work/venv/bin/python" -m aiosmtpd -n -l "127.0.0.1:$port" \
    -c aiosmtpd.handlers.Mailbox "$work/maildir" &
sink_pid=$!
for _ in $(seq 50); do
    python3 -c "import socket; socket.create_connection(('127.0.0.1',$port),1)" 2>/dev/null && break
    sleep 0.1
done

export BOSERV_DB="$work/boserv.db" BOSERV_FROM="Chess Server <chess@example.net>"
transport="smtp://127.0.0.1:$port"
n=0
# Mails one command from a player, as their mail client would.
send() {
    local from=$1 subject=$2 body=${3:-}
    n=$((n + 1))
    printf 'From: %s\r\nTo: chess@example.net\r\nMessage-ID: <e2e%s@example.org>\r\nSubject: %s\r\n\r\n%s\r\n' \
        "$from" "$n" "$subject" "$body" | "$bin" mail
    "$bin" deliver --transport "$transport" >/dev/null
}
# Waits for a delivered mail whose Subject line is exactly $1.
expect_mail() {
    for _ in $(seq 50); do
        if grep -rlxF "Subject: $1" "$work/maildir/new" >/dev/null 2>&1; then
            echo "received: $1"
            return 0
        fi
        sleep 0.1
    done
    echo "no mail with Subject: $1" >&2
    exit 1
}

# Answers the confirmation mail to $1@example.org as it is (Re: Subject).
confirm() {
    local subject=""
    for _ in $(seq 50); do
        subject=$(grep -rhx "Subject: confirm $1 [0-9a-f]*" "$work/maildir/new" 2>/dev/null | head -n 1 | tr -d '\r')
        [ -n "$subject" ] && break
        sleep 0.1
    done
    [ -n "$subject" ] || { echo "no confirmation mail for $1" >&2; exit 1; }
    echo "received: $subject"
    send "$1@example.org" "Re: ${subject#Subject: }"
}
# Replies from $1 to the Reply-To of the mail whose Subject is $2, with
# the body $3 (the move on its first line), as a mail client's Reply does.
reply() {
    local file to
    # Both players' copies carry the Subject; the token is in $1's own.
    file=$(grep -rlxF "Subject: $2" "$work/maildir/new" | xargs grep -l "^To: .*$1" | head -n 1)
    to=$(grep -m 1 '^Reply-To: ' "$file" | sed 's/^Reply-To: //' | tr -d '\r')
    n=$((n + 1))
    printf 'From: %s\r\nTo: %s\r\nMessage-ID: <e2e%s@example.org>\r\nSubject: Re: %s\r\n\r\n%s\r\n' \
        "$1" "$to" "$n" "$2" "$3" | "$bin" mail
    "$bin" deliver --transport "$transport" >/dev/null
}

send alice@example.org "signup alice secret alice@example.org"
send bob@example.org "signup bob hunter2 bob@example.org"
confirm alice
confirm bob
send alice@example.org "chess challenge alice bob --login=alice:secret" "A quick one?"
expect_mail "New Chess Board 1 alice"
send alice@example.org "chess move 1 alice secret f2-f3#1"
expect_mail "Chess Board 1 bob"
reply bob@example.org "Chess Board 1 bob" $'e7-e5\r\nCareful now.'
expect_mail "Chess Board 1 alice **"
send alice@example.org "chess move 1 alice secret g2-g4#3"
send bob@example.org "Re: chess move 1 bob hunter2 Qd8-h4#4"
final=$(grep -rlF "Game won by bob (checkmate)." "$work/maildir/new" | xargs grep -lF "Result: 0-1" | wc -l)
[ "$final" -ge 2 ] || { echo "the game-over mail did not reach both players" >&2; exit 1; }
echo "game over by mail: 0-1 (checkmate), mailed to both players"
"$bin" show game1 | tail -3
