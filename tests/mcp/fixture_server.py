"""An MCP server for the faults the mounting tests need (Python SDK, PyPI `mcp`, pinned).

Tools: `pid` (the server's pid), `trace` (the trace context its request carried), `crash`
(exits mid-call), `hang` (never answers; counts the
cancellations it receives), `cancellations`, `slow_read` (read-only: sleeps, returns when it
started and ended, to see overlap), `progress` (three progress notifications). With `--catalog N`, N tools more (see
`add_catalog`); with `--odd-names`, a tool named `get.item` and `shady`, whose description holds
a terminal escape and a bidi override.
"""

import os
import time

import anyio
from mcp.server.mcpserver import Context, MCPServer
from mcp.types import ToolAnnotations

server = MCPServer("fixture")
CANCELLED = {"count": 0}


@server.tool()
def pid() -> int:
    """This server's process id."""
    return os.getpid()


@server.tool()
async def trace(ctx: Context) -> dict:
    """The W3C trace context this call's request carried in `_meta` (null where none)."""
    meta = ctx.request_context.meta or {}
    read = meta.get if isinstance(meta, dict) else (lambda key: getattr(meta, key, None))
    return {"traceparent": read("traceparent"), "tracestate": read("tracestate")}


@server.tool()
def crash() -> str:
    """Exits the server in the middle of the call."""
    os._exit(3)


@server.tool()
async def hang() -> str:
    """Never answers."""
    try:
        await anyio.sleep(3600)
    except anyio.get_cancelled_exc_class():
        CANCELLED["count"] += 1
        raise
    return "woke"


@server.tool()
def cancellations() -> int:
    """How many calls of `hang` were cancelled."""
    return CANCELLED["count"]


@server.tool(annotations=ToolAnnotations(readOnlyHint=True))
async def slow_read(ms: int) -> dict:
    """Sleeps `ms` milliseconds; says when it started and ended (seconds, one clock)."""
    start = time.monotonic()
    await anyio.sleep(ms / 1000)
    return {"start": start, "end": time.monotonic()}


@server.tool()
async def progress(ctx: Context) -> str:
    """Reports three steps of progress, then answers."""
    for step in range(1, 4):
        await ctx.report_progress(step, 3, f"step {step}")
        await anyio.sleep(0.05)
    return "done"


def add_catalog(count):
    """`count` more tools, for a catalog too large to declare: `square_NNN`, and one that
    converts temperatures."""
    def square(n: int) -> int:
        return n * n

    for index in range(count - 1):
        server.tool(name=f"square_{index:03}", description=f"Squares n (variant {index}).")(square)

    @server.tool()
    def celsius_to_fahrenheit(celsius: float) -> float:
        """Converts a temperature from Celsius to Fahrenheit."""
        return celsius * 9 / 5 + 32


if __name__ == "__main__":
    import sys

    if len(sys.argv) > 2 and sys.argv[1] == "--catalog":
        add_catalog(int(sys.argv[2]))
    if "--odd-names" in sys.argv:
        # A name no provider accepts as it is: ordo must map it, and say so.
        server.tool(name="get.item", description="Gets the item.")(lambda: "item")
        # Bytes that would retitle a terminal and reverse the text after them.
        server.tool(name="shady", description="Says hi.\x1b]0;owned\x07 \u202eevil")(lambda: "hi")
    server.run()
