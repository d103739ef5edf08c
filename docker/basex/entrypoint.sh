#!/bin/sh
# Sets the admin password from the environment (BaseX keeps it hashed in its users.xml), then runs
# the server in the foreground with its databases in the volume.
set -eu
: "${BASEX_ADMIN_PASSWORD:?set BASEX_ADMIN_PASSWORD or BASEX_ADMIN_PASSWORD_FILE (no default password)}"
home=/var/lib/gridstack/basex
mkdir -p "$home/data"
printf 'DBPATH = %s/data\n' "$home" >"$home/.basex"
cd "$home"
printf 'ALTER PASSWORD admin %s\n' "$BASEX_ADMIN_PASSWORD" | java -cp /opt/basex/basex.jar org.basex.BaseX >/dev/null
unset BASEX_ADMIN_PASSWORD
exec java -cp /opt/basex/basex.jar org.basex.BaseXServer
