"""Load on `ordo mcp --http` from real MCP clients (the Python SDK, PyPI `mcp`): the client side
of the `mcp_load` benchmark (benches/mcp_load.rs), which starts the server and watches it.

Usage: load.py URL TOKEN [--clients 32] [--calls 25] [--disconnecting 3] [--scratch DIR]
               [--retry-refused]

Every client is its own MCP session over its own HTTP client, all running at once (one anyio
task group). A connected client makes CALLS `run_code` calls one after another; each script
makes 5 nested tool calls, 4 in parallel then 1:

    await Promise.all([4 x tools.read_file]); await tools.list_dir({})

and returns a tag naming its client and call, which the client checks in the answer (an answer
meant for another call would fail the check).

A disconnecting client makes half its calls like the others (they count as connected calls),
then starts a call whose script waits on the `slow` manifest tool (two calls in parallel; the
tool records its start in `started.<pid>` in the scratch folder, then sleeps 30 s), and 0.5 s
after its tool processes started (or after 10 s, if they never do), drops the connection:
its HTTP client's sockets are closed, then its task scope is cancelled. No DELETE, no
`notifications/cancelled` reaches the server: only closed streams. The server must kill the
sleeping tools; the benchmark checks none is left.

Prints one JSON object on stdout: count (the calls connected clients were to make), answered,
failures (count - answered: failed calls, and calls never made because their session failed),
sessions_failed, initialize_retries, http_errors (non-2xx statuses by status), errors (the
first few), p50/p99/max latency in ms, wall time in s, calls/s (answered calls over the wall
time), and what the disconnecting clients saw. Exits 0 even on failures: the benchmark judges.

All clients start at once, as the SDK does: each initialize is a request without a session,
which the server counts against the peer address. Without --retry-refused, a refused
initialize fails its client's session, as it would for an SDK client.
"""

import argparse
import json
import math
import os
import time

import anyio
import httpx2
from mcp import ClientSession, MCPError
from mcp.client.streamable_http import streamable_http_client

READ = ["a.txt", "b.txt", "c.txt", "d.txt"]

# 4 read_file in parallel, then list_dir: 5 nested calls.
SCRIPT = """
const texts = await Promise.all(%s.map((path) => tools.read_file({ path })));
const listing = await tools.list_dir({});
if (texts.length !== 4 || listing === undefined) throw new Error("unexpected nested results");
return "%s";
"""

# Two slow tool calls in parallel, each tagged with its client so its start can be seen.
SLOW_SCRIPT = """
await Promise.all([tools.slow({ tag: "%s" }), tools.slow({ tag: "%s" })]);
return "not cancelled";
"""

# How long after its tools started a disconnecting client drops its connection.
DISCONNECT_AFTER_S = 0.5
# How long a disconnecting client waits for its tools to start before it drops anyway.
START_WAIT_S = 10.0
MAX_ERRORS_KEPT = 10
# With --retry-refused: how many times a client tries to initialize, and how long it waits
# between tries (the server's Retry-After is 1 s).
INITIALIZE_ATTEMPTS = 30
INITIALIZE_RETRY_S = 1.0


def describe(error):
    """An error, with the leaves of an exception group (what a task group raises) spelled out."""
    if isinstance(error, BaseExceptionGroup):
        return "; ".join(describe(inner) for inner in error.exceptions)
    return f"{type(error).__name__}: {error}"


def result_text(result):
    return "".join(getattr(block, "text", "") for block in result.content)


class Stats:
    def __init__(self):
        self.latencies_ms = []
        # Errors seen: failed calls, and sessions that failed as a whole (whose calls left
        # are never made, and count as failed).
        self.errors_seen = 0
        self.sessions_failed = 0
        self.initialize_retries = 0
        # HTTP statuses other than 2xx the server answered, by status.
        self.statuses = {}
        self.errors = []
        self.disconnects = []

    def fail(self, client, call, why):
        self.errors_seen += 1
        if len(self.errors) < MAX_ERRORS_KEPT:
            self.errors.append({"client": client, "call": call, "error": why[:500]})


def http_client(headers, stats):
    """An HTTP client of its own for one MCP client, counting the non-2xx statuses it gets."""

    async def count_status(response):
        if not 200 <= response.status_code < 300:
            key = str(response.status_code)
            stats.statuses[key] = stats.statuses.get(key, 0) + 1

    return httpx2.AsyncClient(headers=headers, timeout=30, event_hooks={"response": [count_status]})


async def initialize(session, stats, retry):
    """Initializes the session; with `retry`, tries again on an error answer (the SDK gives no
    status; the counted statuses say whether it was a 429)."""
    for attempt in range(INITIALIZE_ATTEMPTS):
        try:
            return await session.initialize()
        except MCPError:
            if not retry or attempt == INITIALIZE_ATTEMPTS - 1:
                raise
            stats.initialize_retries += 1
            await anyio.sleep(INITIALIZE_RETRY_S)


async def call_once(session, stats, client, call):
    tag = f"client-{client}-call-{call}"
    code = SCRIPT % (json.dumps(READ), tag)
    start = time.perf_counter()
    try:
        result = await session.call_tool("run_code", {"code": code})
    except Exception as error:  # a protocol or transport error: a failed call
        stats.fail(client, call, describe(error))
        return
    elapsed = (time.perf_counter() - start) * 1000
    text = result_text(result)
    if result.is_error or tag not in text:
        stats.fail(client, call, f"is_error={result.is_error}: {text}")
        return
    stats.latencies_ms.append(elapsed)


def tools_started(scratch, tag):
    """How many `slow` tool processes of this tag have recorded their start."""
    count = 0
    for name in os.listdir(scratch):
        if name.startswith("started."):
            try:
                with open(os.path.join(scratch, name)) as file:
                    if tag in file.read():
                        count += 1
            except OSError:
                pass
    return count


async def connected_client(url, headers, stats, client, calls, retry):
    async with http_client(headers, stats) as http:
        async with streamable_http_client(url, http_client=http) as (read, write, *_):
            async with ClientSession(read, write) as session:
                await initialize(session, stats, retry)
                for call in range(calls):
                    await call_once(session, stats, client, call)


async def disconnecting_client(url, headers, stats, client, calls, scratch, retry):
    tag = f"slow-{client}"
    seen = {"client": client, "tag": tag, "tools_started": 0, "answered": None}
    # Not `async with`: the client is closed by the drop, in the middle of the call.
    http = http_client(headers, stats)
    with anyio.CancelScope() as scope:
        try:
            await _disconnect_mid_call(url, http, stats, client, calls, scratch, scope, seen, retry)
        except Exception as error:  # what the drop raised besides the cancellation: expected
            seen["drop_error"] = describe(error)[:300]
    await http.aclose()
    seen["dropped"] = scope.cancelled_caught
    stats.disconnects.append(seen)


async def _disconnect_mid_call(url, http, stats, client, calls, scratch, scope, seen, retry):
    """The disconnecting client's session: half its calls, then the slow call it drops."""
    tag = seen["tag"]
    async with streamable_http_client(url, http_client=http, terminate_on_close=False) as (
        read,
        write,
        *_,
    ):
        async with ClientSession(read, write) as session:
            await initialize(session, stats, retry)
            for call in range(calls // 2):
                await call_once(session, stats, client, call)

            async def drop_when_started():
                deadline = time.monotonic() + START_WAIT_S
                while time.monotonic() < deadline:
                    seen["tools_started"] = tools_started(scratch, tag)
                    if seen["tools_started"] >= 2:
                        break
                    await anyio.sleep(0.02)
                await anyio.sleep(DISCONNECT_AFTER_S)
                # Abrupt: the sockets go first (the in-flight POST's stream with them),
                # so nothing more is sent; then everything of this client is cancelled.
                await http.aclose()
                scope.cancel()

            async with anyio.create_task_group() as group:
                group.start_soon(drop_when_started)
                result = await session.call_tool("run_code", {"code": SLOW_SCRIPT % (tag, tag)})
                # Reaching here means the call was answered before the drop: not the test.
                seen["answered"] = result_text(result)


def percentile(sorted_values, fraction):
    if not sorted_values:
        return None
    # Nearest rank.
    index = min(len(sorted_values) - 1, max(0, math.ceil(fraction * len(sorted_values)) - 1))
    return round(sorted_values[index], 2)


async def main_async(args):
    headers = {"Authorization": f"Bearer {args.token}"}
    stats = Stats()
    disconnecting = set(range(0, args.clients, max(1, args.clients // max(1, args.disconnecting))))
    disconnecting = set(sorted(disconnecting)[: args.disconnecting])
    start = time.perf_counter()

    async def one(client):
        try:
            if client in disconnecting:
                await disconnecting_client(
                    args.url, headers, stats, client, args.calls, args.scratch, args.retry_refused
                )
            else:
                await connected_client(args.url, headers, stats, client, args.calls, args.retry_refused)
        except Exception as error:  # the session failed as a whole (initialize, transport)
            stats.sessions_failed += 1
            stats.fail(client, None, f"session: {describe(error)}")

    async with anyio.create_task_group() as group:
        for client in range(args.clients):
            group.start_soon(one, client)
    wall = time.perf_counter() - start
    latencies = sorted(stats.latencies_ms)
    # Every call a connected client was to make: all of a connected client's, the first half
    # of a disconnecting one's.
    count = (args.clients - len(disconnecting)) * args.calls + len(disconnecting) * (args.calls // 2)
    return {
        "clients": args.clients,
        "calls_per_client": args.calls,
        "disconnecting": len(disconnecting),
        "count": count,
        "answered": len(latencies),
        "failures": count - len(latencies),
        "sessions_failed": stats.sessions_failed,
        "initialize_retries": stats.initialize_retries,
        "http_errors": stats.statuses,
        "errors_seen": stats.errors_seen,
        "errors": stats.errors,
        "p50_ms": percentile(latencies, 0.50),
        "p99_ms": percentile(latencies, 0.99),
        "max_ms": round(latencies[-1], 2) if latencies else None,
        "wall_s": round(wall, 3),
        "calls_per_s": round(len(latencies) / wall, 1) if wall > 0 else None,
        "disconnects": sorted(stats.disconnects, key=lambda seen: seen["client"]),
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("url")
    parser.add_argument("token")
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument("--calls", type=int, default=25)
    parser.add_argument("--disconnecting", type=int, default=3)
    parser.add_argument("--scratch", default=".", help="where the slow tool records its start")
    parser.add_argument(
        "--retry-refused",
        action="store_true",
        help="retry a refused initialize (e.g. 429) every second; the SDK itself does not",
    )
    args = parser.parse_args()
    print(json.dumps(anyio.run(main_async, args)))


if __name__ == "__main__":
    main()
