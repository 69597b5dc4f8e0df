"""Load on a fleet of `ordo mcp --http` replicas behind nginx, from real MCP clients of the
stateless revision (the Python SDK, PyPI `mcp`): the client side of tests/cli/fleet.rs, which
starts the fleet, breaks it during the load (kill -9 a replica, restart PostgreSQL) and judges.

Usage: fleet.py URL [--clients 32] [--calls 25] [--tag load] [--started FILE] [--call-timeout 60]

Every client is its own HTTP client speaking 2026-07-28 (`server/discover`, no initialize, no
session), all running at once (one anyio task group). Each makes CALLS `run_code` calls one
after another; each script makes 5 nested tool calls, 4 in parallel then 1 (as tests/mcp/load.py):

    await Promise.all([4 x tools.read_file]); await tools.list_dir({})

and returns a tag naming its call (`TAG-client-C-call-N`), which the client checks in the answer
(an answer meant for another call would fail the check). Each call is one request, carrying its
tag as `X-Request-Id`, which nginx logs with the replica it went to (the tool list the SDK checks
results against is fetched once before).

--started FILE is written when the first call starts: the test breaks the fleet from then on.

Prints one JSON object on stdout: count (the calls the clients were to make), answered (right
answers), failed (count - answered), kinds (failed calls by kind: `transport` (an HTTP error
status, a connection or a stream that broke), `rpc_error` (a JSON-RPC error answer),
`tool_error` (an answer with isError), `wrong_answer` (an answer without its tag), `timeout` (no
answer within --call-timeout), `session` (the client's discovery failed, so its calls were
never made)), calls (every call: client, call, tag, kind (`answered` or the failure's), error
text, the HTTP error status if any, start and end in s since the load began), p50/p99/max
latency of the answered calls in ms, and wall time in s. Exits 0 even on failures: the test
judges.
"""

import argparse
import json
import os
import time

import anyio
import httpx2
from mcp import ClientSession, MCPError
from mcp.client.streamable_http import streamable_http_client

# The calls and the reading of their answers are load.py's (this script's folder is on the path).
from load import READ, SCRIPT, describe, percentile, result_text

MAX_ERROR_CHARS = 600


class Load:
    def __init__(self, tag, started_file):
        self.tag = tag
        self.started_file = started_file
        self.began = time.perf_counter()
        self.calls = []

    def now(self):
        return time.perf_counter() - self.began

    def first_call(self):
        if self.started_file and not os.path.exists(self.started_file):
            with open(self.started_file, "w") as file:
                file.write(str(os.getpid()))

    def record(self, client, call, tag, kind, error, start, status=None):
        self.calls.append(
            {
                "client": client,
                "call": call,
                "tag": tag,
                "kind": kind,
                "error": error[:MAX_ERROR_CHARS] if error else None,
                "http_status": status,
                "start": round(start, 3),
                "end": round(self.now(), 3),
            }
        )


async def call_once(session, http, statuses, load, client, call, timeout):
    tag = f"{load.tag}-client-{client}-call-{call}"
    code = SCRIPT % (json.dumps(READ), tag)
    # The client's calls are one after another: this header and these statuses are this call's.
    http.headers["X-Request-Id"] = tag
    statuses.clear()
    load.first_call()
    start = load.now()
    try:
        with anyio.fail_after(timeout):
            result = await session.call_tool("run_code", {"code": code})
    except TimeoutError:
        load.record(client, call, tag, "timeout", f"no answer within {timeout} s", start)
        return
    except MCPError as error:
        if statuses:  # an HTTP error status, which the SDK reports without it
            load.record(client, call, tag, "transport", describe(error), start, statuses[-1])
        else:  # a JSON-RPC error answer
            load.record(client, call, tag, "rpc_error", describe(error), start)
        return
    except Exception as error:  # a connection or a stream that broke
        load.record(client, call, tag, "transport", describe(error), start)
        return
    text = result_text(result)
    if result.is_error:
        load.record(client, call, tag, "tool_error", text, start)
    elif tag not in text:
        load.record(client, call, tag, "wrong_answer", text, start)
    else:
        load.record(client, call, tag, "answered", None, start)


async def one_client(url, load, client, calls, timeout):
    # The SDK reports an HTTP error status without the status: the client keeps it.
    statuses = []

    async def keep_status(response):
        if not 200 <= response.status_code < 300:
            statuses.append(response.status_code)

    hooks = {"response": [keep_status]}
    async with httpx2.AsyncClient(timeout=timeout, event_hooks=hooks) as http:
        try:
            async with streamable_http_client(url, http_client=http) as (read, write, *_):
                async with ClientSession(read, write) as session:
                    # The stateless revision (2026-07-28): `server/discover`, no initialize.
                    await session.discover()
                    # The tools' output schemas, which the SDK would fetch at the first call
                    # (a second request under that call's X-Request-Id).
                    await session.list_tools()
                    for call in range(calls):
                        await call_once(session, http, statuses, load, client, call, timeout)
        except Exception as error:  # the client failed as a whole: its calls left never ran
            made = {entry["call"] for entry in load.calls if entry["client"] == client}
            for call in range(calls):
                if call not in made:
                    tag = f"{load.tag}-client-{client}-call-{call}"
                    load.record(client, call, tag, "session", describe(error), load.now())


async def main_async(args):
    load = Load(args.tag, args.started)
    async with anyio.create_task_group() as group:
        for client in range(args.clients):
            group.start_soon(one_client, args.url, load, client, args.calls, args.call_timeout)
    wall = load.now()
    calls = sorted(load.calls, key=lambda entry: (entry["client"], entry["call"]))
    answered = [entry for entry in calls if entry["kind"] == "answered"]
    kinds = {}
    for entry in calls:
        if entry["kind"] != "answered":
            kinds[entry["kind"]] = kinds.get(entry["kind"], 0) + 1
    latencies = sorted((entry["end"] - entry["start"]) * 1000 for entry in answered)
    count = args.clients * args.calls
    return {
        "clients": args.clients,
        "calls_per_client": args.calls,
        "count": count,
        "answered": len(answered),
        "failed": count - len(answered),
        "kinds": kinds,
        "calls": calls,
        "p50_ms": percentile(latencies, 0.50),
        "p99_ms": percentile(latencies, 0.99),
        "max_ms": round(latencies[-1], 2) if latencies else None,
        "wall_s": round(wall, 3),
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("url")
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument("--calls", type=int, default=25)
    parser.add_argument("--tag", default="load", help="what the calls' tags start with")
    parser.add_argument("--started", help="a file written when the first call starts")
    parser.add_argument("--call-timeout", type=float, default=60.0)
    args = parser.parse_args()
    print(json.dumps(anyio.run(main_async, args)))


if __name__ == "__main__":
    main()
