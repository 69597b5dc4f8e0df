"""The baseline for the mounting benchmark (benches/mount.rs): N sequential calls of the fixture
server's trivial `pid` tool, made directly with the Python SDK's client. Prints the loop's
milliseconds (the server's start and the handshake are not counted).

Usage: direct_calls.py PYTHON FIXTURE N
"""

import json
import sys
import time

import anyio
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client


async def main(python, fixture, count):
    server = StdioServerParameters(command=python, args=[fixture])
    async with stdio_client(server) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            await session.call_tool("pid", {})
            start = time.perf_counter()
            for _ in range(count):
                await session.call_tool("pid", {})
            return (time.perf_counter() - start) * 1000


if __name__ == "__main__":
    elapsed = anyio.run(main, sys.argv[1], sys.argv[2], int(sys.argv[3]))
    print(json.dumps({"ms": elapsed}))
