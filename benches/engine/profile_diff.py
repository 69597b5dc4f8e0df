"""What a script's timed part costs, by function: the difference of two callgrind profiles, one
of the script and one of its setup alone (the same text, returning before `const start`).

    valgrind --tool=callgrind --callgrind-out-file=cg.setup target/release/examples/run_in_process setup.js
    valgrind --tool=callgrind --callgrind-out-file=cg.full target/release/examples/run_in_process full.js
    python3 benches/engine/profile_diff.py cg.setup cg.full [--inclusive] [--top N]

Instructions are counted, not time, so the figures hold on a loaded machine. Inclusive counts of
recursive functions are callgrind's own (a function's cycles are summed once per name).
"""

import argparse
import re
import subprocess

LINE = re.compile(r"\s*([\d,]+) \([^)]*\).*?\?\?\?:(.*?) \[")


def costs(profile, inclusive):
    """Instructions per function name in a callgrind output file."""
    flag = "--inclusive=yes" if inclusive else "--inclusive=no"
    text = subprocess.run(["callgrind_annotate", flag, profile], capture_output=True, text=True, check=True).stdout
    by_name = {}
    for line in text.splitlines():
        match = LINE.match(line)
        if match:
            name = match.group(2)
            by_name[name] = by_name.get(name, 0) + int(match.group(1).replace(",", ""))
    return by_name


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("base")
    parser.add_argument("full")
    parser.add_argument("--inclusive", action="store_true")
    parser.add_argument("--top", type=int, default=40)
    args = parser.parse_args()
    base, full = costs(args.base, args.inclusive), costs(args.full, args.inclusive)
    difference = {name: full.get(name, 0) - base.get(name, 0) for name in set(base) | set(full)}
    total = max(difference.values()) if args.inclusive else sum(difference.values())
    print(f"{total:>15,} instructions ({'the largest inclusive' if args.inclusive else 'in all'})")
    for name, cost in sorted(difference.items(), key=lambda item: -item[1])[: args.top]:
        print(f"{cost:>15,} {100 * cost / max(total, 1):5.1f}% {name[:140]}")


if __name__ == "__main__":
    main()
