#!/bin/sh
# A manifest tool: arguments as JSON on stdin, the value as JSON on stdout.
set -eu
read -r args
path=$(printf '%s' "$args" | sed -n 's/.*"path" *: *"\([^"]*\)".*/\1/p')
if [ ! -f "$path" ]; then
  echo "no such file: $path" >&2
  exit 1
fi
set -- $(wc -l -w -c < "$path")
printf '{"lines": %s, "words": %s, "bytes": %s}\n' "$1" "$2" "$3"
