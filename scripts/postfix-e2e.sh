#!/bin/sh
# The operator kit, proven on a scratch Debian/Ubuntu machine (as root; it
# installs packages and adds users, so never run it on a machine you care
# about):
#
#   scripts/postfix-e2e.sh [BOSERV_BINARY]      (default target/release/boserv)
#   MTA=exim scripts/postfix-e2e.sh [BOSERV_BINARY]   (the same with Exim)
#
# 1. installs Postfix ("Local only", mail name boserv.test) -- or Exim
#    (exim4-daemon-light, local delivery only), which replaces Postfix --
#    and bsd-mailx from the distribution, and starts the MTA;
# 2. deploys boserv with scripts/mta/setup.sh exactly as README says
#    (address chess@boserv.test);
# 3. adds two local users, alice and bob, who sign up, challenge and play
#    Fool's mate by mail with `mail` (mailx), as they would at a terminal:
#    alice with pbmserv's Subject and her password, bob (under Postfix) by
#    replying to his board mails (to their Reply-To token address) with the
#    move alone;
# 4. drains the outbox with the command line of /etc/cron.d/boserv, as the
#    boserv user, and checks both mailboxes (/var/mail/alice, /var/mail/bob)
#    for the boards and the result.
# Prints what each user received; exits non-zero on the first failure.
set -eu

bin="$(realpath "${1:-target/release/boserv}")"
here="$(cd "$(dirname "$0")" && pwd)"
domain=boserv.test
server="chess@$domain"

step() { printf '\n== %s\n' "$*"; }
fail() { echo "postfix-e2e: FAILED: $*" >&2; exit 1; }

mta="${MTA:-postfix}"
pidfile=/run/exim4/exim.pid     # the Exim daemon, if one runs
echo "$domain" >/etc/mailname
case "$mta" in
postfix)
    step "installing postfix and bsd-mailx"
    echo "postfix postfix/main_mailer_type select Local only" | debconf-set-selections
    echo "postfix postfix/mailname string $domain" | debconf-set-selections
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q postfix bsd-mailx >/tmp/mta-e2e-apt.log
    dpkg-query -W postfix bsd-mailx
    # An Exim daemon left by an earlier MTA=exim run holds port 25.
    if [ -f "$pidfile" ] && kill "$(cat "$pidfile")" 2>/dev/null; then sleep 1; fi
    postconf -e "myhostname = $domain" "mydestination = $domain, localhost" \
        "myorigin = /etc/mailname" "inet_interfaces = loopback-only"
    postfix status >/dev/null 2>&1 && postfix reload || postfix start
    queued() { postqueue -p | grep -q '^[0-9A-F]'; }
    ;;
exim)
    step "installing exim4 and bsd-mailx"
    if command -v postfix >/dev/null; then postfix stop 2>/dev/null || true; fi
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q exim4-daemon-light bsd-mailx >/tmp/mta-e2e-apt.log
    dpkg-query -W exim4-daemon-light bsd-mailx
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
    # A daemon the package started runs the old configuration: restart it.
    if [ -f "$pidfile" ] && kill "$(cat "$pidfile")" 2>/dev/null; then sleep 1; fi
    exim4 -bd -q5s
    queued() { [ "$(exim4 -bpc)" != 0 ]; }
    ;;
*) fail "MTA is postfix or exim, not $mta" ;;
esac

step "deploying boserv with the kit"
# A scratch machine: a run starts from an empty database.
rm -f /var/lib/boserv/boserv.db /var/lib/boserv/boserv.db-wal /var/lib/boserv/boserv.db-shm \
    /var/lib/boserv/boserv.db.spool /var/lib/boserv/boserv.db.spool-wal \
    /var/lib/boserv/boserv.db.spool-shm
sh "$here/mta/setup.sh" --address "$server" --name "Chess Server" --bin "$bin"

# The cron line for deliver, run as cron would (its user, its PATH).
cronline=$(grep ' deliver ' /etc/cron.d/boserv)
cronpath=$(sed -n 's/^PATH=//p' /etc/cron.d/boserv)
cronuser=$(echo "$cronline" | awk '{print $6}')
croncmd=$(echo "$cronline" | awk '{$1=$2=$3=$4=$5=$6=""; sub(/^ +/, ""); print}')
deliver() {
    # Wait for the MTA to hand the incoming mail to boserv, then send.
    for _ in $(seq 1 30); do
        queued || break
        sleep 1
    done
    sleep 1
    env -i PATH="$cronpath" HOME=/ su -s /bin/sh "$cronuser" -c "$croncmd"
    tail -n 1 /var/log/boserv/deliver.log
    for _ in $(seq 1 30); do
        queued || break
        sleep 1
    done
}

step "two local users"
for u in alice bob; do
    id "$u" >/dev/null 2>&1 || useradd -m "$u"
    : >"/var/mail/$u"
    chown "$u:mail" "/var/mail/$u"
done
# A player mails the server from their own account with mailx.
as() { who="$1"; subject="$2"; shift 2; printf '%s\n' "${*:-}" | su "$who" -c "mail -s '$subject' $server"; }
# A player answers their newest board mail: to its Reply-To (the server's
# address with a token as its plus part), the move alone on the first
# line, no password.
reply() {
    who="$1"; shift
    to=$(sed -n 's/^Reply-To: *//p' "/var/mail/$who" | tail -n 1)
    case "$to" in chess+*@$domain) ;; *) fail "$who: no Reply-To token in the newest board mail ($to)" ;; esac
    printf '%s\n' "$@" | su "$who" -c "mail -s 'Re: Chess Board 1' '$to'"
}

as alice "signup alice pw-alice alice@$domain"
as bob "signup bob pw-bob bob@$domain"
deliver
# Each address is confirmed by answering its confirmation mail (its
# Subject is the command), before any other mail goes there.
for u in alice bob; do
    code=$(sed -n "s/^Subject: confirm $u \([0-9a-f]*\)$/\1/p" "/var/mail/$u" | tail -n 1)
    [ -n "$code" ] || fail "$u: no confirmation mail"
    as "$u" "Re: confirm $u $code"
done
deliver
as alice "chess challenge alice bob --login=alice:pw-alice" "Fancy a quick one?"
deliver
as alice "chess move 1 alice pw-alice f2-f3#1"
deliver
# bob replies to his board mails under Postfix (the kit sets its recipient
# delimiter); Debian's Exim needs the router change of aliases.example
# first, which the kit leaves to the operator, so there he uses the Subject.
bob() {
    case "$mta" in
    postfix) reply bob "$1" "$2" ;;
    *) as bob "chess move 1 bob pw-bob $1" "$2" ;;
    esac
}
bob "e7-e5#2" "Careful now."
deliver
as alice "chess move 1 alice pw-alice g2-g4#3"
deliver
bob "Qd8-h4#4" "Sorry!"
deliver

step "what each user received"
for u in alice bob; do
    echo "-- /var/mail/$u: subjects"
    grep '^Subject:' "/var/mail/$u" || true
done
step "bob's last mail"
awk '/^From /{n++} {m[n]=m[n] $0 "\n"} END {printf "%s", m[n]}' /var/mail/bob

step "checks"
for u in alice bob; do
    box="/var/mail/$u"
    grep -q "^From: \"\?Chess Server\"\? <$server>" "$box" || fail "$u: no mail from $server"
    grep -q '^Subject: .*Chess Board 1' "$box" || fail "$u: no board mail for game 1"
    grep -qi 'checkmate' "$box" || fail "$u: the mate is not in the mailbox"
done
grep -q "Sorry!" /var/mail/alice || fail "alice did not get bob's comment"
shown=$(su -s /bin/sh boserv -c "/usr/local/bin/boserv --db /var/lib/boserv/boserv.db show game1")
echo "$shown" | tail -n 3
echo "$shown" | grep -qi "checkmate" || fail "game1 is not over by mate"
outbox=$(su -s /bin/sh boserv -c "/usr/local/bin/boserv --db /var/lib/boserv/boserv.db outbox")
[ -z "$outbox" ] || fail "mail left in the outbox: $outbox"
echo "postfix-e2e ($mta): ok"
