#!/bin/sh
# Entry point wrapper: for every NAME_FILE variable, exports NAME with the file's content (a
# secret mounted as a file never shows in `docker inspect` or ps), then runs the command.
set -eu
for var in $(env | sed -n 's/^\([A-Z0-9_]*\)_FILE=.*/\1/p'); do
  file=$(printenv "${var}_FILE")
  [ -r "$file" ] || { echo "secret-env: ${var}_FILE=$file is not readable" >&2; exit 1; }
  export "$var=$(cat "$file")"
done
exec "$@"
