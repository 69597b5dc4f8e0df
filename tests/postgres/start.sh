#!/usr/bin/env bash
# A PostgreSQL server for the tests (Debian's package, the one on the machine; installed here
# where missing): initdb into a folder of its own, started on a loopback port, as the
# `postgres` user when run as root. Prints the URL to connect with. Idempotent: a server this
# script started and that still answers is reused. ORDO_TEST_POSTGRES, when set, is printed
# as it is (a server the caller runs).
set -euo pipefail
if [ -n "${ORDO_TEST_POSTGRES:-}" ]; then
    echo "$ORDO_TEST_POSTGRES"
    exit 0
fi
port="${ORDO_TEST_POSTGRES_PORT:-55432}"
dir="${TMPDIR:-/tmp}/ordo-test-postgres-$port"
url="postgres://postgres@127.0.0.1:$port/postgres"
bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)"
if [ -z "$bin" ]; then
    if command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
        install() { DEBIAN_FRONTEND=noninteractive apt-get install -y -q postgresql >&2; }
        install || { apt-get update -q >&2 && install; }
        bin="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)"
    else
        echo "PostgreSQL is not installed (Debian: apt-get install postgresql)" >&2
        exit 1
    fi
fi
as_owner() {
    if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
if [ -f "$dir/postmaster.pid" ] && as_owner "$bin/pg_ctl" -D "$dir" status >/dev/null 2>&1; then
    echo "$url"
    exit 0
fi
rm -rf "$dir"
mkdir -p "$dir"
if [ "$(id -u)" = 0 ]; then chown postgres "$dir"; fi
as_owner "$bin/initdb" -D "$dir" -U postgres --auth=trust --no-sync -E UTF8 >/dev/null
as_owner "$bin/pg_ctl" -D "$dir" -l "$dir/server.log" -w -t 60 \
    -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" \
    start >/dev/null
echo "$url"
