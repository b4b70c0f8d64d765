#!/usr/bin/env bash
# The whole deployment, as README writes it, on this machine's real MTA
# (as root, on a scratch Debian/Ubuntu machine: it installs packages and
# adds users, so never run it on a machine you care about):
#
#   scripts/mta-e2e.sh postfix|exim [BOSERV_BINARY]   (default target/release/boserv)
#
# 1. installs the MTA (Postfix "Local only", or Exim's exim4-daemon-light,
#    local delivery only; either replaces the other), cron and bsd-mailx,
#    and starts the MTA, with boserv.test a local domain;
# 2. deploys boserv with scripts/mta/setup.sh exactly as README says
#    (address chess@boserv.test); nothing else runs boserv: no cron job is
#    run by hand, so every answer below left through the pipe's --deliver;
# 3. three local users, alice, bob and carol, sign up and confirm by mail
#    (replying to the confirmation), play a chess game to mate (alice
#    challenges by Subject with her password, bob accepts the invitation by
#    Reply and answers his board mails by Reply, the move alone; alice moves
#    by pbmserv Subjects), a second chess game that bob plays from his daily
#    digest (the digest answered by Reply, the board named: `2 e7-e5`;
#    `remind`, which sends digests, is run once by hand as cron runs it), and
#    a seek (alice posts it by Subject, carol takes it by Subject; the
#    game's first board mail is the answer, and carol's first move answers
#    it by Reply), a round-robin tournament round (alice organises, alice
#    and carol join by Subject; the one seeded White makes the first move
#    with the Subject their start mail names, the other resigns by Reply
#    to the board mail, and the round's table reaches the winner), and
#    an Orwell game of a few turns, its invitations accepted by Reply (the
#    turns are picked with `boserv moves` in the operator's shell, which
#    finds the database by /etc/boserv/boserv.conf);
#    every Reply goes to the mail's Reply-To with `Re: ` and the Subject
#    the server wrote, as a mail client's Reply does;
# 4. times each player mail until its answer is in the mailbox it must
#    reach, and counts what came back.
#
# Last line:
#   mta-e2e: MTA sent N received N bounced N lost N p50 S p99 S
# sent: player mails; received: mails from the server in the players'
# mailboxes; bounced: delivery failure reports there or in the postmaster's;
# lost: player mails whose answer never came (60 s); p50/p99: mail -> answer.
set -euo pipefail

mta="${1:-}"
case "$mta" in postfix | exim) ;; *) echo "usage: scripts/mta-e2e.sh postfix|exim [BOSERV_BINARY]" >&2; exit 2 ;; esac
bin="$(realpath "${2:-"$(cd "$(dirname "$0")/.." && scripts/target-dir.sh)/release/boserv"}")"
here="$(cd "$(dirname "$0")" && pwd)"
domain=boserv.test
server="chess@$domain"
pidfile=/run/exim4/exim.pid

step() { printf '\n== %s\n' "$*"; }
fail() { echo "mta-e2e: FAILED: $*" >&2; exit 1; }

echo "$domain" >/etc/mailname
apt-get update -qq
case "$mta" in
postfix)
    step "installing postfix, cron and bsd-mailx"
    echo "postfix postfix/main_mailer_type select Local only" | debconf-set-selections
    echo "postfix postfix/mailname string $domain" | debconf-set-selections
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q postfix cron bsd-mailx >/tmp/mta-e2e-apt.log
    dpkg-query -W postfix
    if [ -f "$pidfile" ] && kill "$(cat "$pidfile")" 2>/dev/null; then sleep 1; fi
    postconf -e "myhostname = $domain" "mydestination = $domain, localhost" \
        "myorigin = /etc/mailname" "inet_interfaces = loopback-only"
    if postfix status >/dev/null 2>&1; then postfix reload; else postfix start; fi
    ;;
exim)
    step "installing exim4-daemon-light, cron and bsd-mailx"
    if command -v postfix >/dev/null; then postfix stop 2>/dev/null || true; fi
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q exim4-daemon-light cron bsd-mailx >/tmp/mta-e2e-apt.log
    dpkg-query -W exim4-daemon-light
    # The answers of `dpkg-reconfigure exim4-config` for a server that
    # delivers its own domain locally ("local delivery only").
    cat >/etc/exim4/update-exim4.conf.conf <<EOF
dc_eximconfig_configtype='local'
dc_other_hostnames='$domain'
dc_local_interfaces='127.0.0.1'
dc_readhost=''
dc_relay_domains=''
dc_minimaldns='false'
dc_relay_nets=''
dc_smarthost=''
CFILEMODE='644'
dc_use_split_config='false'
dc_hide_mailname=''
dc_mailname_in_oh='true'
dc_localdelivery='mail_spool'
EOF
    update-exim4.conf
    if [ -f "$pidfile" ] && kill "$(cat "$pidfile")" 2>/dev/null; then sleep 1; fi
    exim4 -bd -q5s
    ;;
esac

step "deploying boserv with the kit"
rm -f /var/lib/boserv/boserv.db* 2>/dev/null || true
sh "$here/mta/setup.sh" --address "$server" --name "Chess Server" --bin "$bin"
boserv() { su -s /bin/sh boserv -c "cd / && /usr/local/bin/boserv $*"; }

step "three local users"
for u in alice bob carol; do
    id "$u" >/dev/null 2>&1 || useradd -m "$u"
    : >"/var/mail/$u"
    chown "$u:mail" "/var/mail/$u"
done
: >/var/mail/root 2>/dev/null || true

sent=0
lost=0
latencies=()
# count WHO PATTERN: mails in WHO's mailbox whose Subject holds PATTERN.
count() { grep -c "^Subject: .*$2" "/var/mail/$1" 2>/dev/null || true; }
# mailto WHO SUBJECT [BODY...]: WHO mails the server with mailx.
mailto() {
    local who="$1" subject="$2"
    shift 2
    printf '%s\n' "${@:-}" | su "$who" -c "mail -s '$subject' $server"
}
# replyto WHO SUBJECT-WORDS BODY...: WHO presses Reply on the newest mail
# whose Subject holds SUBJECT-WORDS: to its Reply-To (a token address, or
# the server's own), Subject `Re: ` and the Subject the server wrote.
replyto() {
    local who="$1" word="$2"
    shift 2
    local found to subject
    found=$(awk -v w="$word" '
        function keep() { if (hit && rt != "") { last = rt; lastsub = sub_ } }
        /^From / { keep(); hit = 0; rt = ""; sub_ = ""; body = 0 }
        /^$/ { body = 1 }
        !body && /^Reply-To: / { rt = $2; gsub(/[<>]/, "", rt) }
        !body && /^Subject: / && index($0, w) { hit = 1; sub_ = substr($0, 10) }
        END { keep(); print last "\t" lastsub }' "/var/mail/$who")
    to=${found%%$'\t'*}
    subject=${found#*$'\t'}
    case "$to" in chess*@$domain) ;; *) fail "$who: no Reply-To in the newest '$word' mail ($to)" ;; esac
    printf '%s\n' "$@" | su "$who" -c "mail -s 'Re: $subject' '$to'"
}
# timed WAITER PATTERN COMMAND...: runs COMMAND (one player mail) and waits
# for its answer, a new mail in WAITER's mailbox whose Subject holds
# PATTERN; records the seconds, or a loss.
timed() {
    local waiter="$1" pattern="$2"
    shift 2
    local before t0 t1
    before=$(count "$waiter" "$pattern")
    t0=$(date +%s.%N)
    "$@"
    sent=$((sent + 1))
    for _ in $(seq 1 600); do
        if [ "$(count "$waiter" "$pattern")" -gt "$before" ]; then
            t1=$(date +%s.%N)
            latencies+=("$(awk "BEGIN { print $t1 - $t0 }")")
            return 0
        fi
        sleep 0.1
    done
    lost=$((lost + 1))
    echo "mta-e2e: no answer reached $waiter after: $*" >&2
}

step "sign up and confirm by mail"
for u in alice bob carol; do
    timed "$u" "confirm $u" mailto "$u" "signup $u pw-$u $u@$domain"
done
for u in alice bob carol; do
    code=$(sed -n "s/^Subject: confirm $u \([0-9a-f]*\)$/\1/p" "/var/mail/$u" | tail -n 1)
    [ -n "$code" ] || fail "$u: no confirmation mail"
    timed "$u" "Welcome, $u" replyto "$u" "confirm $u $code"
done

step "chess: alice by Subject and password, bob by Reply to the invitation and his board mails"
timed bob "Chess Invitation" mailto alice "chess challenge alice bob --login=alice:pw-alice" "Fancy a quick one?"
game=$(boserv games alice | grep -o 'game[0-9]*' | head -n 1)
n=${game#game}
timed alice "New Chess Board $n" replyto bob "Chess Invitation $n" "accept" "With pleasure."
timed bob "Board $n bob" mailto alice "chess move $n alice pw-alice f2-f3#1"
timed alice "Board $n alice" replyto bob "Board $n" "e7-e5" "Careful now."
timed bob "Board $n bob" mailto alice "chess move $n alice pw-alice g2-g4#3"
timed alice "Board $n over" replyto bob "Board $n" "Qd8-h4" "Sorry!"
boserv show "$game" | grep -qi checkmate || fail "$game is not over by mate"

step "chess from the digest: bob answers his daily digest by Reply, naming the board"
hour=$(date -u +%-H)
timed bob "" mailto bob "digest bob pw-bob on $hour"
timed bob "Chess Invitation" mailto alice "chess challenge alice bob --login=alice:pw-alice"
second=$(boserv games alice | grep -o 'game[0-9]*' | tail -n 1)
m=${second#game}
timed alice "New Chess Board $m" replyto bob "Chess Invitation $m" "accept"
sent=$((sent + 1))
mailto alice "chess move $m alice pw-alice e2-e4#1"
for _ in $(seq 1 100); do
    [ "$(boserv show "$second" --format json | python3 -c 'import json,sys; print(json.load(sys.stdin)["ply"])')" = 1 ] && break
    sleep 0.1
done
# What cron's hourly `remind` does: the digest, and its delivery.
boserv remind >/dev/null
boserv deliver >/dev/null
for _ in $(seq 1 600); do [ "$(count bob "Digest ")" -gt 0 ] && break; sleep 0.1; done
[ "$(count bob "Digest ")" -gt 0 ] || fail "no digest reached bob"
timed alice "Board $m alice" replyto bob "Digest " "$m e7-e5#2" "From my digest."
[ "$(boserv show "$second" --format json | python3 -c 'import json,sys; print(json.load(sys.stdin)["ply"])')" = 2 ] ||
    fail "$second: the digest's reply did not move"

step "a seek: alice posts it, carol takes it, and answers its board mail by Reply"
timed alice "Re: chess seek alice" mailto alice "chess seek alice pw-alice --color=white"
seek=$(boserv seeks | awk '$3 == "alice" { print $1 }' | tail -n 1)
[ -n "$seek" ] || fail "alice's seek is not open"
timed alice "Board " mailto carol "accept carol pw-carol $seek"
third=$(boserv games carol | grep -o 'game[0-9]*' | tail -n 1)
k=${third#game}
timed carol "Board $k carol" mailto alice "chess move $k alice pw-alice d2-d4#1"
timed alice "Board $k alice" replyto carol "Board $k" "d7-d5"
[ "$(boserv show "$third" --format json | python3 -c 'import json,sys; print(json.load(sys.stdin)["ply"])')" = 2 ] ||
    fail "$third: carol's reply did not move"

step "a tournament round: alice and carol, one game; carol resigns by Reply"
timed alice "Re: tournament create" mailto alice "tournament create alice pw-alice spring chess round-robin --players=2"
timed alice "Re: tournament join" mailto alice "tournament join alice pw-alice spring"
timed carol "spring: started" mailto carol "tournament join carol pw-carol spring"
# Seeded by rating: the one who plays White moves first, by the Subject
# their start mail names; the other resigns by Reply to the board mail.
round=$(boserv games carol | grep -o 'game[0-9]*' | tail -n 1)
first=$(boserv show "$round" --format json | python3 -c 'import json,sys; print(json.load(sys.stdin)["to_move"])')
case $first in alice) other=carol ;; carol) other=alice ;; *) fail "$round: nobody to move" ;; esac
for _ in $(seq 1 600); do [ "$(count "$first" "spring: started")" -gt 0 ] && break; sleep 0.1; done
line=$(sed -n '/^Subject: Tournament spring: started/,$p' "/var/mail/$first" |
    grep -o "chess move [0-9]* $first PASSWORD MOVE#1" | head -n 1 || true)
[ "$line" = "chess move ${round#game} $first PASSWORD MOVE#1" ] ||
    fail "$first's start mail names no Subject for the first move of $round ($line)"
timed "$other" "Board ${round#game} $other" mailto "$first" "chess move ${round#game} $first pw-$first e2-e4#1"
timed "$first" "Tournament spring: won by $first" replyto "$other" "Board ${round#game}" "resign"
boserv tournament show spring | grep -q "done, won by $first" || fail "the round of spring did not end"

step "orwell: invitations accepted by Reply, then a few turns, each by the player to move"
timed carol "Orwell Invitation" mailto alice "orwell challenge alice bob carol --login=alice:pw-alice"
orwell=$(boserv games carol | grep -o 'game[0-9]*' | tail -n 1)
timed bob "" replyto bob "Orwell Invitation ${orwell#game}" "accept"
timed carol "Orwell Board ${orwell#game}" replyto carol "Orwell Invitation ${orwell#game}" "accept"
for _ in 1 2 3 4; do
    json=$(boserv show "$orwell" --format json)
    who=$(printf '%s' "$json" | python3 -c 'import json,sys; print(json.load(sys.stdin)["to_move"] or "")')
    [ -n "$who" ] || break
    turn=$(boserv moves "$orwell" | head -n 1)
    [ -n "$turn" ] || fail "$orwell: no legal turn for $who"
    # Every turn's board reaches carol (the mover too gets the new board);
    # bob reads his daily digest instead, since the digest step.
    timed carol "Orwell Board ${orwell#game}" mailto "$who" "orwell move ${orwell#game} $who pw-$who $turn"
done

step "counts"
received=0
for u in alice bob carol; do
    received=$((received + $(grep -c "^From: \"\?Chess Server\"\? <$server>" "/var/mail/$u" || true)))
done
bounced=$(cat /var/mail/alice /var/mail/bob /var/mail/carol /var/mail/root 2>/dev/null |
    grep -ciE '^Subject: (Undelivered Mail|Mail delivery failed|Delivery Status Notification)' || true)
outbox=$(boserv outbox)
[ -z "$outbox" ] || echo "mail left in the outbox: $outbox" >&2
stats=$(printf '%s\n' "${latencies[@]}" | sort -n | awk '{a[NR]=$1} END {
    p50 = a[int((NR + 1) / 2)]; i = int(NR * 0.99 + 0.999); if (i > NR) i = NR;
    printf "p50 %.1f p99 %.1f", p50, a[i] }')
echo "mta-e2e: $mta sent $sent received $received bounced $bounced lost $lost $stats"
[ "$lost" = 0 ] && [ "$bounced" = 0 ] && [ -z "$outbox" ]
