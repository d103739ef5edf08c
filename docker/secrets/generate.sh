#!/bin/sh
# Writes a random secret to /secrets/NAME for every NAME in $GENERATE that has no file yet (an
# operator's own file is kept). Runs once per compose up.
set -eu
umask 022   # PostgreSQL's image reads them as its own user; the volume is mounted only into this compose project's containers
for name in $GENERATE; do
  case "$name" in *[!A-Za-z0-9._-]*) echo "secret name '$name': letters, digits, . _ - only" >&2; exit 1 ;; esac
  if [ ! -s "/secrets/$name" ]; then
    head -c 24 /dev/urandom | base64 | tr -d '/+=\n' >"/secrets/$name"
    echo "generated secret $name"
  fi
done
