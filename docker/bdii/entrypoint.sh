#!/bin/sh
# Lays out the BDII's folders under its own home (as org.gridstack.testing.BdiiProcess does on a
# host), starts its slapd on 2170 (in the foreground) and bdii-update (its daemon). Debian 12's bdii-update
# passes -h/-p to ldap-utils 2.5, which removed them: wrappers first on PATH rewrite them to -H.
set -eu
: "${BDII_SOURCES:?BDII_SOURCES: the ldap://HOST:PORT/BASE sources to aggregate}"
d=/var/lib/gridstack-bdii
mkdir -p "$d/run/db" "$d/db/grid" "$d/db/glue" "$d/db/stats" "$d/var/archive" "$d/ldif" "$d/provider" "$d/plugin" "$d/wrap"
sed -e "s#/run/bdii/db#$d/run/db#g" -e "s#/var/lib/bdii/db#$d/db#g" /usr/share/bdii/bdii-slapd.conf >"$d/slapd.conf"
for tool in ldapadd ldapmodify ldapdelete ldapsearch; do
  cat >"$d/wrap/$tool" <<WRAP
#!/bin/bash
args=(); host=; port=389
while [ \$# -gt 0 ]; do
  case "\$1" in -h) host=\$2; shift 2;; -p) port=\$2; shift 2;; *) args+=("\$1"); shift;; esac
done
[ -n "\$host" ] && args=(-H "ldap://\$host:\$port" "\${args[@]}")
exec /usr/bin/$tool "\${args[@]}"
WRAP
  chmod +x "$d/wrap/$tool"
done
cp /usr/share/bdii/default.ldif "$d/ldif/"
i=0
for src in $BDII_SOURCES; do
  i=$((i + 1))
  hostport=${src#ldap://}; base=${hostport#*/}; hostport=${hostport%%/*}
  printf '#!/bin/sh\nexec /usr/bin/ldapsearch -x -LLL -o ldif-wrap=no -H ldap://%s -b "%s"\n' "$hostport" "$base" >"$d/provider/source-$i"
  chmod +x "$d/provider/source-$i"
done
cat >"$d/bdii.conf" <<CONF
SLAPD_CONF=$d/slapd.conf
BDII_LOG_FILE=$d/bdii-update.log
BDII_PID_FILE=$d/run/bdii-update.pid
BDII_LOG_LEVEL=INFO
BDII_LDIF_DIR=$d/ldif
BDII_PROVIDER_DIR=$d/provider
BDII_PLUGIN_DIR=$d/plugin
BDII_PORT=2170
BDII_BREATHE_TIME=${BDII_BREATHE_TIME:-60}
BDII_READ_TIMEOUT=30
BDII_ARCHIVE_SIZE=0
BDII_DELETE_DELAY=0
BDII_VAR_DIR=$d/var
BDII_RUN_DIR=$d/run
BDII_HOSTNAME=127.0.0.1
CONF
# slapd in the foreground of this script; bdii-update as the daemon it is (-d), once slapd answers
/usr/sbin/slapd -f "$d/slapd.conf" -h "ldap://0.0.0.0:2170/" -d 0 &
slapd_pid=$!
trap 'kill "$(cat "$d/run/bdii-update.pid" 2>/dev/null)" "$slapd_pid" 2>/dev/null' TERM INT
tries=0
until /usr/bin/ldapsearch -x -LLL -H ldap://127.0.0.1:2170 -b '' -s base 1.1 >/dev/null 2>&1; do
  tries=$((tries + 1)); [ $tries -lt 60 ] || { echo "slapd did not start" >&2; exit 1; }
  sleep 1
done
PATH="$d/wrap:$PATH" /usr/sbin/bdii-update -c "$d/bdii.conf" -d
wait "$slapd_pid"
