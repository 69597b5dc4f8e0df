#!/usr/bin/env python3
"""Instructions per pipeline call, from a callgrind profile of a criterion benchmark: the
inclusive instructions of criterion's iteration closure (less the exporter's flushes, which the
telemetry benchmark keeps off the clock) divided by the calls of `Pipeline::begin` (one per call
through the pipeline, nested ones included). Instruction counts
hold on a loaded machine where timings do not.

    cargo bench --profile release --bench telemetry --no-run
    valgrind --tool=callgrind --separate-threads=yes --callgrind-out-file=cg \\
        target/release/deps/telemetry-HASH --bench 'telemetry_nested10/on$' --profile-time 3
    python3 benches/support/per_call.py cg-01

(`-01` is the main thread's file; the exporter's threads have their own.)
"""
import re
import subprocess
import sys

BEGIN = "ordo_tools::pipeline::Pipeline::begin"
ITERATION = re.compile(r"AsyncBencher<A,M>::iter(_custom)?::\{\{closure\}\}")
# Off the clock in the telemetry benchmark: the exporter's flush between chunks of calls.
UNTIMED = re.compile(r"(Telemetry::flush|SpanProcessor>::force_flush) ")


def calls_of(path, name):
    """How many times `name` was called, from the profile's call records."""
    names, current, total = {}, None, 0
    with open(path) as profile:
        for line in profile:
            found = re.match(r"c?fn=\((\d+)\)(?: (.*))?", line)
            if found:
                number, text = found.group(1), found.group(2)
                if text:
                    names[number] = text
                if line.startswith("cfn="):
                    current = names.get(number)
                continue
            if line.startswith("calls=") and current and name in current:
                total += int(line.split("=")[1].split()[0])
    return total


def inclusive(report, pattern):
    """The inclusive instructions of the first function `pattern` finds, or None."""
    for line in report.splitlines():
        if pattern.search(line):
            return int(line.split()[0].replace(",", ""))
    return None


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: per_call.py CALLGRIND_FILE")
    path = sys.argv[1]
    calls = calls_of(path, BEGIN)
    if calls == 0:
        sys.exit(f"no call of {BEGIN} in {path}")
    report = subprocess.run(
        ["callgrind_annotate", "--inclusive=yes", "--threshold=100", path],
        capture_output=True, text=True, check=True,
    ).stdout
    timed = inclusive(report, ITERATION)
    if timed is None:
        sys.exit(f"no criterion iteration in {path}")
    timed -= inclusive(report, UNTIMED) or 0
    print(f"{timed / calls:.0f} instructions a call ({calls} calls)")


if __name__ == "__main__":
    main()
