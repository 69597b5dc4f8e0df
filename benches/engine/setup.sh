#!/usr/bin/env bash
# QuickJS for the engine benchmark: quickjs-emscripten from npm, pinned, in a folder cached
# across runs. Prints the folder holding node_modules on stdout.
set -euo pipefail
VERSION=0.32.0
CACHE="${ORDO_TEST_CACHE:-$HOME/.cache/ordo-test}"
DIR="$CACHE/quickjs-$VERSION"
if [ ! -d "$DIR/node_modules/quickjs-emscripten" ]; then
    mkdir -p "$DIR"
    npm install --prefix "$DIR" --no-audit --no-fund --loglevel=error "quickjs-emscripten@$VERSION" >&2
fi
echo "$DIR"
