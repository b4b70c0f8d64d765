#!/usr/bin/env bash
# boserv on a mailbox, against a real IMAP server: Debian's Dovecot on
# 127.0.0.1 (IMAPS on 10993, its SMTP submission service with STARTTLS
# and login on 10587, a certificate of a CA made here), no MTA.
#
#   scripts/imap-e2e.sh [BOSERV_BINARY]     (default target/debug/boserv)
#
# As root (it installs dovecot-imapd and dovecot-submissiond with apt-get
# when they are missing, and adds the user vmail); everything else lives
# in a scratch directory, with a Dovecot instance of its own (its own
# base_dir and ports), so that a Dovecot the machine runs is untouched.
#
# Dovecot's submission service relays to an SMTP server; here that is a
# few lines of Python (scripts/imap_e2e_relay.py) handing each mail to
# Dovecot's own delivery agent, dovecot-lda, as an MTA's local delivery
# would. The players (scripts/imap_e2e_players.py) mail the server's
# mailbox through the submission port and read their own maildirs.
#
# boserv is set up with two settings, as docs say, and runs `boserv
# serve` (IDLE renewed every 20 s here, to exercise the renewal); while
# the players sign up, play a chess game to mate and chat, all by Reply,
# `serve` is killed (SIGKILL) at random moments (not while it hands
# answers to the SMTP server) and started again, and
# the IMAP server is restarted while `serve` waits in IDLE.
#
# Last line:
#   imap-e2e: sent N received N lost N doubled N p50 S p99 S
# sent: player mails; received: those whose answer reached its player;
# lost: player mails whose answer never came (60 s, or at the end, for an
# answer a killed delivery left leased in the outbox, after a deliver with
# the clock past its lease); doubled: answers
# that came twice; p50/p99: mail -> answer, in seconds.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
bin="$(realpath "${1:-$here/../target/debug/boserv}")"
[ -x "$bin" ] || { echo "imap-e2e: no boserv binary at $bin (cargo build first)" >&2; exit 2; }
work="$(mktemp -d /tmp/imap-e2e.XXXXXX)"
# Dovecot's auth process (user dovecot) reads the users file and its
# delivery (user vmail) the maildirs below: the directory is theirs to
# pass through. The test passwords are no secret; boserv's file is 0600.
chmod 755 "$work"
imaps=10993
submission=10587
relay=10025

fail() { echo "imap-e2e: FAILED: $*" >&2; exit 1; }
step() { printf '== %s\n' "$*"; }

if ! command -v dovecot >/dev/null || [ ! -x /usr/lib/dovecot/submission ]; then
    step "installing dovecot-imapd and dovecot-submissiond"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq dovecot-imapd dovecot-submissiond >"$work/apt.log"
fi
getent passwd vmail >/dev/null || useradd --system --no-create-home --shell /usr/sbin/nologin vmail

step "a CA and the server's certificate"
openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=imap-e2e CA" \
    -keyout "$work/ca.key" -out "$work/ca.pem" 2>/dev/null
openssl req -newkey rsa:2048 -nodes -subj "/CN=127.0.0.1" \
    -keyout "$work/server.key" -out "$work/server.csr" 2>/dev/null
printf 'subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\n' >"$work/ext"
openssl x509 -req -in "$work/server.csr" -CA "$work/ca.pem" -CAkey "$work/ca.key" \
    -CAcreateserial -days 2 -extfile "$work/ext" -out "$work/server.pem" 2>/dev/null

step "dovecot on 127.0.0.1:$imaps (imaps) and :$submission (submission)"
mkdir -p "$work/run" "$work/state" "$work/mail"
chown vmail:vmail "$work/mail"
for u in chess alice bob carol; do echo "$u:{PLAIN}pw-$u::::::"; done >"$work/users"
cat >"$work/dovecot.conf" <<EOF
base_dir = $work/run
state_dir = $work/state
log_path = $work/dovecot.log
protocols = imap submission
listen = 127.0.0.1
hostname = imap.test
ssl = required
ssl_cert = <$work/server.pem
ssl_key = <$work/server.key
auth_mechanisms = plain login
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%n $work/users
}
userdb {
  driver = static
  args = uid=vmail gid=vmail home=$work/mail/%n allow_all_users=yes
}
mail_location = maildir:~/Maildir
recipient_delimiter = +
service imap-login {
  inet_listener imap {
    port = 0
  }
  inet_listener imaps {
    port = $imaps
    ssl = yes
  }
}
service submission-login {
  inet_listener submission {
    port = $submission
  }
}
service auth {
  unix_listener auth-userdb {
    mode = 0666
  }
}
submission_relay_host = 127.0.0.1
submission_relay_port = $relay
submission_relay_trusted = yes
protocol imap {
  imap_idle_notify_interval = 5 secs
}
EOF
dovecot -c "$work/dovecot.conf"

step "the relay (SMTP on 127.0.0.1:$relay to dovecot-lda)"
python3 "$here/imap_e2e_relay.py" "$relay" "$work/dovecot.conf" 2>"$work/relay.log" &
relay_pid=$!

cleanup() {
    kill "$relay_pid" 2>/dev/null || true
    [ -f "$work/serve.pid" ] && kill "$(cat "$work/serve.pid")" 2>/dev/null || true
    doveadm -c "$work/dovecot.conf" stop 2>/dev/null || true
}
trap cleanup EXIT
for _ in $(seq 1 50); do
    (exec 3<>"/dev/tcp/127.0.0.1/$relay") 2>/dev/null && (exec 3<>"/dev/tcp/127.0.0.1/$imaps") 2>/dev/null && break
    sleep 0.1
done

step "boserv: two settings, then serve"
umask 077
echo pw-chess >"$work/chess.pw"
export BOSERV_DB="$work/boserv.db" BOSERV_CONFIG=""
"$bin" config set from "Chess Server <chess@imap.test>"
"$bin" config set mailbox "imaps://chess@127.0.0.1:$imaps/INBOX?password-file=$work/chess.pw&ca=$work/ca.pem"
"$bin" config set transport "smtp+starttls://chess@127.0.0.1:$submission?password-file=$work/chess.pw&ca=$work/ca.pem"
umask 022

python3 "$here/imap_e2e_players.py" --work "$work" --bin "$bin" \
    --submission "$submission" --ca "$work/ca.pem"
