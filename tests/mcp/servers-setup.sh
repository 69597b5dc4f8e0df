#!/usr/bin/env bash
# The real MCP servers the mounting tests run: the reference servers from npm, pinned, in a
# folder cached across runs. Prints the folder holding node_modules/.bin on stdout.
set -euo pipefail
EVERYTHING=2026.8.31
FILESYSTEM=2026.8.31
CACHE="${ORDO_TEST_CACHE:-$HOME/.cache/ordo-test}"
DIR="$CACHE/servers-$EVERYTHING-$FILESYSTEM"
if [ ! -x "$DIR/node_modules/.bin/mcp-server-everything" ] || [ ! -x "$DIR/node_modules/.bin/mcp-server-filesystem" ]; then
    mkdir -p "$DIR"
    npm install --prefix "$DIR" --no-audit --no-fund --loglevel=error \
        "@modelcontextprotocol/server-everything@$EVERYTHING" \
        "@modelcontextprotocol/server-filesystem@$FILESYSTEM" >&2
fi
echo "$DIR"
