"""A real MCP client (the Python SDK, PyPI `mcp`) driving `ordo mcp` for the end-to-end tests.

Usage: client.py SCENARIO [--elicit=ANSWER] [--modern] (--stdio ORDO ARGS... -- | --http URL
[--token TOKEN] --) SCENARIO_ARGS...

--elicit=ANSWER declares elicitation and answers every elicitation with ANSWER: an action
(accept, decline, cancel), `raise` (the callback raises, as a UI that timed out), `garbage` (the
callback returns a value that is no result; the SDK answers with an error), or `raw:JSON` (JSON is
sent as the result as it is, past the SDK's own checks). The messages asked are reported as
`elicited`.

--modern speaks the stateless revision (2026-07-28: `server/discover`, no initialize); without
it the client initializes a session (2025-11-25).

Runs one scenario and prints what it observed as one JSON object on stdout; the Rust tests
(tests/cli/mcp.rs) assert on it. Nothing here decides whether ordo is right.
"""

import json
import sys

import anyio
import httpx2
from mcp import ClientSession, StdioServerParameters, types
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamable_http_client


def dump(result):
    return result.model_dump(by_alias=True, mode="json", exclude_none=True)


async def scenario_list(session, _args):
    tools = await session.list_tools()
    return {"tools": [dump(tool) for tool in tools.tools]}


async def scenario_call(session, args):
    """args: TOOL JSON_ARGUMENTS"""
    name, arguments = args[0], json.loads(args[1])
    try:
        result = await session.call_tool(name, arguments)
        return {"result": dump(result)}
    except Exception as error:  # a protocol error: what the client saw
        return {"error": str(error), "type": type(error).__name__}


async def scenario_call_meta(session, args):
    """args: TOOL JSON_ARGUMENTS JSON_META: one call whose request carries `_meta` (a trace
    context, as an instrumented client sends it)."""
    name, arguments, meta = args[0], json.loads(args[1]), json.loads(args[2])
    result = await session.call_tool(name, arguments, meta=meta)
    return {"result": dump(result)}


async def scenario_calls(session, args):
    """args: JSON list of [TOOL, ARGUMENTS]: called in order on one session."""
    out = []
    for name, arguments in json.loads(args[0]):
        try:
            out.append({"result": dump(await session.call_tool(name, arguments))})
        except Exception as error:
            out.append({"error": str(error), "type": type(error).__name__})
    return {"calls": out}


async def scenario_chain(session, args):
    """args: JSON list of codes: run_code for each in order, each given the `state` handle the
    result before it returned (as a model passes it back), if any."""
    out, state = [], None
    for code in json.loads(args[0]):
        arguments = {"code": code} if state is None else {"code": code, "state": state}
        try:
            result = dump(await session.call_tool("run_code", arguments))
            state = result.get("structuredContent", {}).get("state", state)
            out.append({"result": result})
        except Exception as error:
            out.append({"error": str(error), "type": type(error).__name__})
    return {"calls": out}


async def scenario_progress(session, args):
    seen = []

    async def on_progress(progress, total, message):
        seen.append({"progress": progress, "message": message})

    result = await session.call_tool("run_code", {"code": args[0]}, progress_callback=on_progress)
    return {"result": dump(result), "progress": seen}


async def scenario_cancel(session, args):
    """Starts run_code, cancels it after args[1] seconds; then checks the session still works."""
    cancelled = False
    with anyio.move_on_after(float(args[1])) as scope:
        await session.call_tool("run_code", {"code": args[0]})
    cancelled = scope.cancelled_caught
    await anyio.sleep(1.0)
    after = await session.call_tool("run_code", {"code": "return 'still here'"})
    return {"cancelled": cancelled, "after": dump(after)}


class RawAnswers(ClientSession):
    """A client session that answers elicitations with a fixed JSON value, unchecked."""

    raw = None

    async def _on_request(self, dctx, method, params):
        if method == "elicitation/create" and self.raw is not None:
            return self.raw
        return await super()._on_request(dctx, method, params)


ELICITED = []


async def run(scenario, args, transport, elicitation, modern):
    async def on_elicit(context, params):
        ELICITED.append(params.message)
        if elicitation == "raise":
            raise RuntimeError("UI timed out")
        if elicitation == "garbage":
            return "garbage"
        return types.ElicitResult(action=elicitation)

    callback = on_elicit if elicitation else None
    if elicitation and elicitation.startswith("raw:"):
        RawAnswers.raw = json.loads(elicitation[4:])
    async with transport as streams:
        read, write = streams[0], streams[1]
        async with RawAnswers(read, write, elicitation_callback=callback) as session:
            if modern:
                # The stateless revision (2026-07-28): `server/discover`, no initialize.
                discovered = await session.discover()
                out = await SCENARIOS[scenario](session, args)
                out["protocol"] = discovered.model_dump(by_alias=True, mode="json").get("supportedVersions")
                return out
            initialized = await session.initialize()
            out = await SCENARIOS[scenario](session, args)
            out["protocol"] = initialized.protocol_version
            return out


SCENARIOS = {
    "list": scenario_list,
    "call": scenario_call,
    "call_meta": scenario_call_meta,
    "calls": scenario_calls,
    "chain": scenario_chain,
    "progress": scenario_progress,
    "cancel": scenario_cancel,
}


def main():
    argv = sys.argv[1:]
    scenario = argv.pop(0)
    elicitation = None
    if argv and argv[0].startswith("--elicit="):
        elicitation = argv.pop(0).split("=", 1)[1]
    modern = bool(argv) and argv[0] == "--modern"
    if modern:
        argv.pop(0)
    if argv[0] == "--stdio":
        split = argv.index("--")
        command = argv[1:split]
        args = argv[split + 1 :]
        transport = stdio_client(StdioServerParameters(command=command[0], args=command[1:]))
    else:
        url = argv[1]
        rest = argv[2:]
        headers = {}
        if rest and rest[0] == "--token":
            headers["Authorization"] = f"Bearer {rest[1]}"
            rest = rest[2:]
        split = rest.index("--")
        args = rest[split + 1 :]
        transport = streamable_http_client(url, http_client=httpx2.AsyncClient(headers=headers, timeout=30))
    out = anyio.run(run, scenario, args, transport, elicitation, modern)
    out["elicited"] = ELICITED
    print(json.dumps(out))


if __name__ == "__main__":
    main()
