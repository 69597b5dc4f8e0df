"""The Python SDK's default client (`mcp.Client`, mode "auto": it discovers the server and speaks
the newest revision it offers) answering ordo's approvals, for tests/cli/mcp/approvals.rs.

Usage: approvals.py SCENARIO --elicit=ANSWER (--stdio ORDO ARGS... -- | --http URL TOKEN --)
SCENARIO_ARGS...

ANSWER is what the elicitation callback answers: accept, decline or cancel.

Scenarios:
  call CODE                      run_code, the client driving `input_required` itself
  pause CODE                     run_code once, returning the `input_required` result as it came
  retry CODE STATE RESPONSES     run_code with a state and responses kept from `pause`
  direct TOOL ARGUMENTS          a tool called directly (`ordo mcp --direct`)

Prints what it observed as one JSON object: the result or the error, the protocol version it
spoke, and the messages it was asked. Nothing here decides whether ordo is right.
"""

import json
import sys

import anyio
import httpx2
from mcp import Client, StdioServerParameters, types
from mcp.client.streamable_http import streamable_http_client

ELICITED = []


def dump(result):
    return result.model_dump(by_alias=True, mode="json", exclude_none=True)


async def scenario(client, name, args):
    code = {"code": args[0]}
    try:
        if name == "direct":
            return {"result": dump(await client.call_tool(args[0], json.loads(args[1])))}
        if name == "call":
            return {"result": dump(await client.call_tool("run_code", code))}
        if name == "pause":
            first = await client.session.call_tool("run_code", code, allow_input_required=True)
            return {"first": dump(first)}
        if name == "retry":
            responses = json.loads(args[2])
            result = await client.call_tool("run_code", code, input_responses=responses, request_state=args[1])
            return {"result": dump(result)}
    except Exception as error:  # a protocol error: what the client saw
        return {"error": str(error), "type": type(error).__name__}
    raise SystemExit(f"no scenario {name}")


async def run(name, args, server, answer):
    async def on_elicit(_context, params):
        ELICITED.append(params.message)
        return types.ElicitResult(action=answer)

    info = types.Implementation(name="ordo-approvals-test", version="1.0")
    async with Client(server, elicitation_callback=on_elicit, client_info=info) as client:
        out = await scenario(client, name, args)
        out["protocol"] = client.session.protocol_version if hasattr(client.session, "protocol_version") else None
        return out


def main():
    argv = sys.argv[1:]
    name = argv.pop(0)
    answer = argv.pop(0).split("=", 1)[1]
    split = argv.index("--")
    where, args = argv[:split], argv[split + 1 :]
    if where[0] == "--stdio":
        server = StdioServerParameters(command=where[1], args=where[2:])
    else:
        url, token = where[1], where[2]
        headers = {"Authorization": f"Bearer {token}"}
        server = streamable_http_client(url, http_client=httpx2.AsyncClient(headers=headers, timeout=30))
    out = anyio.run(run, name, args, server, answer)
    out["elicited"] = ELICITED
    print(json.dumps(out))


if __name__ == "__main__":
    main()
