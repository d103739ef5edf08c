#!/bin/sh
# Renders docker/squid/$SQUID_ROLE.conf.template from the environment and runs Squid in the
# foreground as the image's unprivileged user. Every placeholder gets a value or this fails.
set -eu
dir=/var/lib/squid-gridstack
name=${SQUID_NAME:-$(hostname)}
listen_address=0.0.0.0
port=${SQUID_PORT:-3128}
invalidator_address=${SQUID_INVALIDATOR_ADDRESS:-127.0.0.1}
cache_mem_mb=${SQUID_CACHE_MEM_MB:-256}
max_object_mb=${SQUID_MAX_OBJECT_MB:-16}
negative_ttl_seconds=${SQUID_NEGATIVE_TTL_SECONDS:-0}
case "${SQUID_ROLE:-site-proxy}" in
  accelerator)
    origin_host=${SQUID_ORIGIN_HOST:?SQUID_ORIGIN_HOST: the servlet host this accelerator is in front of}
    origin_port=${SQUID_ORIGIN_PORT:-8080}
    template=/etc/squid/gridstack/accelerator.conf.template ;;
  site-proxy)
    if [ -n "${SQUID_PARENT:-}" ]; then
      parent_line="cache_peer ${SQUID_PARENT%:*} parent ${SQUID_PARENT##*:} 0 no-query no-digest default name=parent"
      never_direct="allow all"
    else
      parent_line=""
      never_direct="deny all"
    fi
    template=/etc/squid/gridstack/site-proxy.conf.template ;;
  *) echo "SQUID_ROLE must be accelerator or site-proxy, is '$SQUID_ROLE'" >&2; exit 1 ;;
esac
export dir name listen_address port invalidator_address cache_mem_mb max_object_mb negative_ttl_seconds \
  origin_host origin_port parent_line never_direct
vars=$(grep -o '\${[a-z_]*}' "$template" | sort -u | tr '\n' ' ')
for v in $vars; do
  n=${v#??}; n=${n%?}
  eval "[ -n \"\${$n+set}\" ]" || { echo "placeholder $v of $template has no value" >&2; exit 1; }
done
envsubst "$vars" <"$template" >"$dir/squid.conf"
exec /usr/sbin/squid -N -f "$dir/squid.conf"
