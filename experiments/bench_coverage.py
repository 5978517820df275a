"""Cost of breakpoint coverage on TIR compiles, in worker processes, against no coverage.

    python experiments/bench_coverage.py [--rounds 20]

Two workers stay alive side by side, one under `none` and one under `breakpoint` with a fresh
global map (every block armed, as in a new campaign).  Each imports tvm and arms, compiles a few
TIR functions once (first-compile cost) and warms up; then the parent alternates timed compiles
between the two, so that both see the same load from the rest of the machine.  Memory: a worker's
RSS after arming minus before, and the breakpoint worker's RSS minus the other's at the end.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

FUNCTIONS = ("add", "softmax", "argmax", "matmul")
WARMUP_ROUNDS = 3


def _build(name):
    from tvm import te, topi

    if name == "add":
        a = te.placeholder((64,), "float32", name="A")
        return te.create_prim_func([a, te.compute((64,), lambda i: a[i] + 1.0, name="B")])
    if name == "softmax":
        a = te.placeholder((4, 32), "float32", name="A")
        return te.create_prim_func([a, topi.nn.softmax(a)])
    if name == "argmax":
        a = te.placeholder((8, 16), "int32", name="A")
        return te.create_prim_func([a, topi.argmax(a, axis=1)])
    a = te.placeholder((16, 16), "float32", name="A")
    b = te.placeholder((16, 16), "float32", name="B")
    return te.create_prim_func([a, b, topi.matmul(a, b)])


def _rss_mb():
    import psutil

    return psutil.Process().memory_info().rss / 2**20


def worker():
    """In the worker: answer `compile NAME` with the seconds it took, `rss` with the RSS in MB."""
    import memcov

    started = time.perf_counter()
    import tvm

    import_s = time.perf_counter() - started
    rss_before = _rss_mb()
    started = time.perf_counter()
    probe = memcov.attach_worker()
    attach_s = time.perf_counter() - started
    print(json.dumps({"armed": probe.armed, "import_s": import_s, "attach_s": attach_s,
                      "rss_before_mb": rss_before, "rss_armed_mb": _rss_mb()}), flush=True)
    funcs = {name: _build(name) for name in FUNCTIONS}
    for line in sys.stdin:
        command, *args = line.split()
        if command == "rss":
            print(_rss_mb(), flush=True)
            continue
        started = time.perf_counter()
        tvm.compile(funcs[args[0]], target="llvm")
        print(time.perf_counter() - started, flush=True)


class Worker:
    def __init__(self, backend_name):
        import memcov

        self.backend = memcov.open_backend(backend_name)
        self.wmap = self.backend.new_worker_map()
        self.proc = subprocess.Popen([sys.executable, __file__, "--worker"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, env={**os.environ, **self.wmap.env()})
        self.start = json.loads(self.proc.stdout.readline())

    def ask(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        return float(self.proc.stdout.readline())

    def close(self):
        self.proc.stdin.close()
        self.proc.wait()
        self.wmap.close()
        self.backend.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker()
        return
    base, bp = Worker("none"), Worker("breakpoint")
    try:
        first = {w: {name: w.ask(f"compile {name}") for name in FUNCTIONS} for w in (base, bp)}
        bp.wmap.merge()
        for _ in range(WARMUP_ROUNDS):
            for name in FUNCTIONS:
                base.ask(f"compile {name}")
                bp.ask(f"compile {name}")
        bp.wmap.reset()
        warm = {w: {name: [] for name in FUNCTIONS} for w in (base, bp)}
        for _ in range(args.rounds):
            for name in FUNCTIONS:
                for w in (base, bp):
                    warm[w][name].append(w.ask(f"compile {name}"))
        traps_after_warmup = len(bp.wmap.hit_indices())
        rss = {w: w.ask("rss") for w in (base, bp)}
    finally:
        base.close()
        bp.close()

    median = {w: {name: statistics.median(times) for name, times in warm[w].items()} for w in (base, bp)}
    print(f"{'function':10} {'none ms':>8} {'bp ms':>8} {'ratio':>6}   "
          f"first compile: {'none ms':>8} {'bp ms':>8}")
    for name in FUNCTIONS:
        n, b = median[base][name] * 1e3, median[bp][name] * 1e3
        print(f"{name:10} {n:8.1f} {b:8.1f} {b / n:6.2f}   {'':15}{first[base][name] * 1e3:8.1f} "
              f"{first[bp][name] * 1e3:8.1f}")
    ratio = sum(median[bp].values()) / sum(median[base].values())
    print(f"warm compile ratio, breakpoint/none (sum of medians over {args.rounds} rounds): {ratio:.2f}x")
    print(f"first compiles: none {sum(first[base].values()):.2f} s, "
          f"breakpoint {sum(first[bp].values()):.2f} s; "
          f"{traps_after_warmup} blocks trapped during the timed rounds")
    s = bp.start
    print(f"breakpoint worker: {s['armed']} breakpoints armed in {s['attach_s']:.2f} s "
          f"(import tvm {s['import_s']:.2f} s)")
    print(f"RSS: arming added {s['rss_armed_mb'] - s['rss_before_mb']:.0f} MB; at the end breakpoint "
          f"{rss[bp]:.0f} MB vs none {rss[base]:.0f} MB (+{rss[bp] - rss[base]:.0f} MB)")


if __name__ == "__main__":
    main()
