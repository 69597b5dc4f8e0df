#!/usr/bin/env bash
# The real MCP client the end-to-end tests drive ordo with: the Python SDK from PyPI, pinned,
# in a virtual environment cached across runs. Prints the environment's python on stdout.
set -euo pipefail
VERSION=2.3.0
CACHE="${ORDO_TEST_CACHE:-$HOME/.cache/ordo-test}"
VENV="$CACHE/mcp-$VERSION"
if ! "$VENV/bin/python" -c "import mcp, httpx2" >/dev/null 2>&1; then
    mkdir -p "$CACHE"
    rm -rf "$VENV"
    python3 -m venv "$VENV" >&2
    "$VENV/bin/pip" install --quiet --disable-pip-version-check "mcp==$VERSION" >&2
fi
echo "$VENV/bin/python"
