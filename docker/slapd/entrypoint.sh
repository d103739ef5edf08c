#!/bin/sh
# Renders slapd.conf from the template and the environment, then runs slapd in the foreground.
set -eu
: "${SLAPD_ROOT_PASSWORD:?set SLAPD_ROOT_PASSWORD or SLAPD_ROOT_PASSWORD_FILE (no default password)}"
dir=/var/lib/gridstack-ldap
suffix=${SLAPD_SUFFIX:-o=grid}
root_dn=${SLAPD_ROOT_DN:-cn=admin,$suffix}
root_password=$(slappasswd -s "$SLAPD_ROOT_PASSWORD")
schema_includes="include /etc/ldap/schema/cosine.schema
include /etc/ldap/gridstack/glue.schema
include /etc/ldap/gridstack/grim.schema"
module_path=/usr/lib/ldap
log_level=${SLAPD_LOG_LEVEL:-none}
max_size_bytes=1073741824
index_lines=""
export dir suffix root_dn root_password schema_includes module_path log_level max_size_bytes index_lines
envsubst '${dir} ${suffix} ${root_dn} ${root_password} ${schema_includes} ${module_path} ${log_level} ${max_size_bytes} ${index_lines}' \
  </etc/ldap/gridstack/slapd.conf.template >"$dir/slapd.conf"
unset SLAPD_ROOT_PASSWORD
exec /usr/sbin/slapd -d 0 -h "ldap://0.0.0.0:${SLAPD_PORT:-3389}/" -f "$dir/slapd.conf"
