#!/usr/bin/env python3
"""The engine benchmark: each script of corpus/ run by ordo, Node and QuickJS, one process each,
in one run. Every script times its own work inside the engine (no start-up, no input transfer)
and returns {ms, check}: the checks must agree, or the engines did not compute the same thing.
Prints a table of the times, the ratios against Node and QuickJS, and each engine's peak
memory: the largest resident size of its process and of the processes below it (ordo's worker),
polled from /proc while they run.

    python3 benches/engine/run.py --ordo target/release/ordo [--only NAME] [--rounds N] [--variants]
                                  [--folder DIR]

`--variants` runs variants/ instead: 32 more scripts of the same kinds (a tokenizer and parser,
Haversine numerics, typed-array statistics, INI parsing, `Intl` labels, ...), written to find
what the corpus missed; they are not in the README's table. `--folder DIR` runs the scripts of
any folder the same way (a probe of one built-in, say).

QuickJS comes from npm (benches/engine/setup.sh, pinned); where npm cannot be reached its
column says so. `cargo bench --bench engine` builds ordo and runs this.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus")
# More scripts of the corpus's kinds (session 47's helper wrote them against Node and QuickJS);
# they share the corpus's `_data.js`.
VARIANTS = os.path.join(HERE, "variants")


def descendants(pid):
    """The processes below `pid`, from /proc's children lists."""
    found, queue = [], [pid]
    while queue:
        parent = queue.pop()
        try:
            for task in os.listdir(f"/proc/{parent}/task"):
                with open(f"/proc/{parent}/task/{task}/children") as children:
                    for child in children.read().split():
                        found.append(int(child))
                        queue.append(int(child))
        except OSError:
            pass
    return found


def peak_kib(pid):
    """A live process's peak resident memory (VmHWM), or 0."""
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def run(argv, env=None):
    """Runs a command; returns (stdout, stderr, exit code, peak RSS in MiB). The peak is the
    largest of the process (ru_maxrss) and of every process below it, read from /proc every
    10 ms while they live: ordo's worker is not reaped where wait4 would count it."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        process = subprocess.Popen(argv, stdout=out, stderr=err, env=env)
        below = 0
        while True:
            done, status, usage = os.wait4(process.pid, os.WNOHANG)
            if done:
                break
            for child in descendants(process.pid):
                below = max(below, peak_kib(child))
            time.sleep(0.01)
        out.seek(0)
        err.seek(0)
        code = os.waitstatus_to_exitcode(status)
        return out.read().decode(), err.read().decode(), code, max(usage.ru_maxrss, below) / 1024


def answer(text):
    try:
        value = json.loads(text)
        return value if isinstance(value, dict) and "ms" in value else None
    except json.JSONDecodeError:
        return None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--ordo", required=True)
    parser.add_argument("--only")
    parser.add_argument("--rounds", type=int, default=1, help="best of this many runs per engine")
    parser.add_argument(
        "--variants",
        action="store_true",
        help="run variants/ (scripts of the same kinds, written to find what the corpus missed) instead of corpus/",
    )
    parser.add_argument("--folder", help="run the scripts of this folder instead (they share the corpus's _data.js)")
    args = parser.parse_args()
    data = open(os.path.join(CORPUS, "_data.js")).read()
    folder = args.folder or (VARIANTS if args.variants else CORPUS)
    quickjs = None
    try:
        quickjs = subprocess.run(["bash", os.path.join(HERE, "setup.sh")], capture_output=True, text=True, check=True).stdout.strip()
    except (subprocess.CalledProcessError, FileNotFoundError) as error:
        print(f"QuickJS could not be installed from npm ({error}): its column is empty", file=sys.stderr)
    env = dict(os.environ, TZ="UTC")
    rows = []
    failed = False
    for name in sorted(os.listdir(folder)):
        if name.startswith("_") or not name.endswith(".js") or (args.only and args.only not in name):
            continue
        body = data + "\n" + open(os.path.join(folder, name)).read()
        with tempfile.NamedTemporaryFile("w", suffix=".js", delete=False) as script:
            script.write(body)
        # A script that awaits runs as an async function's body in every engine (as ordo runs
        # every script); the others as a plain function's, as before.
        function = "Object.getPrototypeOf(async function () {}).constructor" if "await " in body else "Function"
        node_body = f"const body = require('fs').readFileSync({json.dumps(script.name)}, 'utf8'); Promise.resolve(new ({function})(body)()).then((r) => console.log(JSON.stringify(r)));"
        engines = {
            "ordo": [args.ordo, "run", "--raw", script.name],
            "node": ["node", "-e", node_body],
        }
        if quickjs:
            engines["quickjs"] = ["node", os.path.join(HERE, "quickjs.js"), quickjs, script.name]
        results = {}
        for engine, argv in engines.items():
            best = None
            for _ in range(args.rounds):
                out, err, code, rss = run(argv, env)
                value = answer(out)
                if code != 0 or value is None:
                    results[engine] = {"error": (err or out).strip().splitlines()[-1:] or ["no output"], "rss": rss}
                    break
                if best is None or value["ms"] < best["ms"]:
                    best = dict(value, rss=rss)
            if best is not None and engine not in results:
                results[engine] = best
        os.unlink(script.name)
        checks = {result.get("check") for result in results.values() if "check" in result}
        if len(checks) > 1:
            failed = True
            print(f"{name}: the engines disagree: { {engine: result.get('check') for engine, result in results.items()} }", file=sys.stderr)
        for engine, result in results.items():
            if "error" in result:
                # QuickJS has no TextEncoder or Intl: a script that needs them has no QuickJS time.
                failed = failed or engine != "quickjs"
                print(f"{name}: {engine} failed: {result['error'][0]}", file=sys.stderr)
        rows.append((name[:-3], results))

    def cell(result, key, form):
        return form.format(result[key]) if result and key in result else "—"

    print("| script | ordo ms | Node ms | QuickJS ms | ordo/Node | ordo/QuickJS | ordo MiB | Node MiB |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for name, results in rows:
        ordo, node, qjs = results.get("ordo"), results.get("node"), results.get("quickjs")
        to_node = f"{ordo['ms'] / max(node['ms'], 0.01):.2f}" if ordo and node and "ms" in ordo and "ms" in node else "—"
        to_qjs = f"{ordo['ms'] / max(qjs['ms'], 0.01):.2f}" if ordo and qjs and "ms" in ordo and "ms" in qjs else "—"
        print(f"| {name} | {cell(ordo, 'ms', '{:.0f}')} | {cell(node, 'ms', '{:.0f}')} | {cell(qjs, 'ms', '{:.0f}')} | {to_node} | {to_qjs} | {cell(ordo, 'rss', '{:.0f}')} | {cell(node, 'rss', '{:.0f}')} |")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
