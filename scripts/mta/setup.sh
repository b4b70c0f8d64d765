#!/bin/sh
# boserv operator kit: deploys boserv behind the local MTA (Postfix or Exim
# on Debian/Ubuntu) in one run, as root. Safe to run again (it changes only
# what differs).
#
#   scripts/mta/setup.sh --address chess@example.net [--name "Chess Server"]
#                        [--bin target/release/boserv] [--user boserv]
#                        [--home /var/lib/boserv]
#
# What it does, and why:
#   1. a system user (default `boserv`) whose home holds the database;
#   2. the binary copied to /usr/local/bin/boserv;
#   3. the server settings written INTO THE DATABASE (`boserv config set`):
#      the sender address and the transport `sendmail:/usr/sbin/sendmail`,
#      so the MTA pipe, cron and the shell read the same values and no
#      environment variable is needed anywhere;
#   4. mail to the address reaches `boserv mail` AS THE BOSERV USER: an
#      alias `LOCALPART: boserv` in /etc/aliases, and the pipe in
#      ~boserv/.forward. Postfix and Exim both run a .forward pipe as the
#      owner of the .forward (an /etc/aliases pipe would run as `nobody`
#      under Postfix and is refused by Debian's Exim);
#   5. /var/log/boserv, owned by the boserv user;
#   6. /etc/cron.d/boserv: `deliver` every minute and `remind` hourly, with
#      absolute paths.
set -eu

address=""
name="Chess Server"
bin="target/release/boserv"
user="boserv"
home="/var/lib/boserv"
while [ $# -gt 0 ]; do
    case "$1" in
    --address) address="$2"; shift 2 ;;
    --name) name="$2"; shift 2 ;;
    --bin) bin="$2"; shift 2 ;;
    --user) user="$2"; shift 2 ;;
    --home) home="$2"; shift 2 ;;
    *) echo "setup.sh: unknown option $1 (see the comment at the top)" >&2; exit 2 ;;
    esac
done
[ -n "$address" ] || { echo "setup.sh: give --address LOCALPART@DOMAIN" >&2; exit 2; }
[ "$(id -u)" = 0 ] || { echo "setup.sh: run as root" >&2; exit 2; }
[ -x "$bin" ] || { echo "setup.sh: no boserv binary at $bin (cargo build --release, or --bin PATH)" >&2; exit 2; }
[ -x /usr/sbin/sendmail ] || { echo "setup.sh: no /usr/sbin/sendmail: install postfix or exim4 first" >&2; exit 2; }
localpart="${address%@*}"
db="$home/boserv.db"
boserv=/usr/local/bin/boserv

# 1. The user and its home (the database directory).
if ! id "$user" >/dev/null 2>&1; then
    useradd --system --home-dir "$home" --create-home --shell /usr/sbin/nologin "$user"
fi
install -d -o "$user" -g "$user" -m 0750 "$home"

# 2. The binary, replaced in one step: a pipe starting during an upgrade
#    runs the old or the new one, never a half-written file.
install -m 0755 "$bin" "$boserv.new"
mv -f "$boserv.new" "$boserv"

# 3. The settings, in the database (created here, owned by the user).
as_user() { su -s /bin/sh "$user" -c "$*"; }
as_user "$boserv --db $db config set from '$name <$address>'"
as_user "$boserv --db $db config set transport sendmail:/usr/sbin/sendmail"

# 4. Mail in: alias to the user, pipe in its .forward.
printf '"|%s --db %s mail"\n' "$boserv" "$db" >"$home/.forward"
chown "$user:$user" "$home/.forward"
chmod 0644 "$home/.forward"
if ! grep -q "^$localpart:" /etc/aliases 2>/dev/null; then
    echo "$localpart: $user" >>/etc/aliases
fi
newaliases

# 5. Logs.
install -d -o "$user" -g "$user" -m 0755 /var/log/boserv

# 6. cron.
cat >/etc/cron.d/boserv <<EOF
# boserv (written by scripts/mta/setup.sh). Times are UTC to boserv.
PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin
* * * * *  $user  $boserv --db $db deliver >>/var/log/boserv/deliver.log 2>&1
17 * * * * $user  $boserv --db $db remind >>/var/log/boserv/remind.log 2>&1
EOF
chmod 0644 /etc/cron.d/boserv

echo "boserv is set up: mail to $address is played by $boserv as $user;"
echo "database $db; settings:"
as_user "$boserv --db $db config show"
