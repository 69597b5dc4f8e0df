#!/bin/sh
# A manifest tool: arguments as JSON on stdin, the value as JSON on stdout.
#
# Arguments are read with a JSON parser, never with a pattern: `{"path": "a.txt", "x": {"path":
# "/elsewhere"}}` names a.txt, and a pattern that takes the last "path" would read the other.
set -eu
path=$(python3 -c 'import json, sys; print(json.load(sys.stdin)["path"])')
if [ ! -f "$path" ]; then
  echo "no such file: $path" >&2
  exit 1
fi
set -- $(wc -l -w -c < "$path")
printf '{"lines": %s, "words": %s, "bytes": %s}\n' "$1" "$2" "$3"
