#!/usr/bin/env bash
# Runs the production FroNtier servlet built by build.sh in the foreground, in a Tomcat instance
# folder of its own (CATALINA_BASE, deleted on exit), against the database the caller names:
#
#   FRONTIER_PORT=P FRONTIER_DB_URL=jdbc:postgresql://... FRONTIER_DB_USER=u FRONTIER_DB_PASSWORD=p start.sh OUT_DIR
#
# Answers at http://127.0.0.1:P/Frontier/Frontier. The pool is the one of the golden-vector
# captures: Tomcat DBCP2, maxTotal=10, maxIdle=1, maxWaitMillis=-1, validationQuery "select 1".
# The FroNtier throughput benchmark runs it with --peer-start and stops it (and its JVM) at the end.
set -euo pipefail
out=$(cd "${1:?usage: start.sh OUT_DIR (from build.sh)}" && pwd)
: "${FRONTIER_PORT:?}" "${FRONTIER_DB_URL:?}" "${FRONTIER_DB_USER:?}" "${FRONTIER_DB_PASSWORD:?}"
home=$out/apache-tomcat-9.0.98
base=$(mktemp -d "${TMPDIR:-/tmp}/frontier-3.42-XXXXXX")
child=
cleanup() {
  if [ -n "$child" ]; then
    kill "$child" 2>/dev/null || true
    while kill -0 "$child" 2>/dev/null; do sleep 0.2; done   # Tomcat writes its logs while it stops
  fi
  rm -rf "$base"
}
trap cleanup EXIT
trap 'exit 143' TERM INT
mkdir -p "$base/conf/Catalina/localhost" "$base/logs" "$base/temp" "$base/webapps" "$base/work"
cp "$home/conf/"{web.xml,catalina.properties,logging.properties,context.xml} "$base/conf/"
cat > "$base/conf/server.xml" <<XML
<?xml version="1.0" encoding="UTF-8"?>
<Server port="-1" shutdown="SHUTDOWN">
  <Service name="Catalina">
    <Connector port="$FRONTIER_PORT" address="127.0.0.1" protocol="HTTP/1.1" connectionTimeout="20000"/>
    <Engine name="Catalina" defaultHost="localhost">
      <Host name="localhost" appBase="webapps" unpackWARs="false" autoDeploy="false"/>
    </Engine>
  </Service>
</Server>
XML
esc() { printf '%s' "$1" | sed -e 's/&/\&amp;/g' -e 's/"/\&quot;/g' -e 's/</\&lt;/g'; }
cat > "$base/conf/Catalina/localhost/Frontier.xml" <<XML
<Context docBase="$out/webapp">
  <Resource name="jdbc/frontiercms" auth="Container" type="javax.sql.DataSource"
            driverClassName="org.postgresql.Driver" url="$(esc "$FRONTIER_DB_URL")"
            username="$(esc "$FRONTIER_DB_USER")" password="$(esc "$FRONTIER_DB_PASSWORD")"
            maxTotal="10" maxIdle="1" maxWaitMillis="-1" validationQuery="select 1"/>
</Context>
XML
export CATALINA_HOME=$home CATALINA_BASE=$base CATALINA_OUT=$base/logs/catalina.out
export CATALINA_OPTS="${CATALINA_OPTS:-} -Duser.timezone=UTC"
"$home/bin/catalina.sh" run &
child=$!
wait "$child"
