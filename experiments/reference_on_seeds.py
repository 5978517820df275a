"""The reference interpreter against the llvm build (opt_level=0) on every shipped seed.

    PYTHONPATH=. python experiments/reference_on_seeds.py [--limit N] [--match TEXT]

Prints the share of seeds interpreted, the unsupported constructs, UB found in seeds, the
agreement with the compiled build and the interpreter's time next to the compile time.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from pathlib import Path

import numpy as np
import tvm

from tirkit.script import from_script
from tzer.reference import AssertionFailed, BudgetExceeded, UndefinedBehaviour, Unsupported, interpret
from tzer.runners.host import call_main
from tzer.runtime.inputs import NotRunnable, make_arguments

CORPUS = Path(__file__).resolve().parent.parent / "seeds" / "corpus"
TOLERANCES = {"float16": (5e-2, 1e-2)}
DEFAULT_TOLERANCE = (1e-2, 1e-3)


def compile_llvm(func):
    module = tvm.IRModule({"main": func.with_attr("global_symbol", "main")})
    with tvm.transform.PassContext(opt_level=0):
        return tvm.compile(module, target="llvm")


def first_mismatch(ours: list[np.ndarray], theirs: list[np.ndarray]) -> str | None:
    for position, (a, b) in enumerate(zip(ours, theirs, strict=True)):
        if a.shape != b.shape or a.dtype != b.dtype:
            return f"output {position}: {a.dtype}{a.shape} vs {b.dtype}{b.shape}"
        if a.dtype.kind == "f":
            rtol, atol = TOLERANCES.get(str(a.dtype), DEFAULT_TOLERANCE)
            same = np.isclose(a, b, rtol=rtol, atol=atol, equal_nan=True)
        else:
            same = a == b
        if not same.all():
            index = tuple(int(i) for i in np.argwhere(~same)[0])
            count = int((~same).sum())
            return f"output {position} at {index}: interpreter {a[index]!r}, llvm {b[index]!r} ({count} differ)"
    return None


def percentile(values: list[float], q: float) -> float:
    return float(np.percentile(values, q)) if values else float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=None, help="only the first N seeds")
    parser.add_argument("--match", default="", help="only seeds whose file name contains this")
    parser.add_argument("--budget", type=int, default=2_000_000, help="interpreter step budget")
    options = parser.parse_args()

    files = sorted(p for p in CORPUS.glob("*.py") if options.match in p.name and p.name != "__init__.py")
    files = files[: options.limit] if options.limit is not None else files
    unsupported: Counter[str] = Counter()
    unsupported_seeds: dict[str, list[str]] = {}
    ub: list[tuple[str, str]] = []
    budget: list[str] = []
    asserts: list[str] = []
    other: list[tuple[str, str]] = []
    disagreements: list[tuple[str, str]] = []
    agreed = 0
    interp_times: list[float] = []
    compile_times: list[float] = []

    for path in files:
        name = path.stem
        try:
            func = from_script(path.read_text())
            args = make_arguments(func, np.random.default_rng(0))
        except (NotRunnable, ValueError, tvm.error.DiagnosticError) as error:
            other.append((name, f"not runnable: {error}"))
            continue
        start = time.perf_counter()
        try:
            ours = interpret(func, args, step_budget=options.budget)
        except Unsupported as error:
            unsupported[str(error)] += 1  # the construct, with a detail such as the packed function
            unsupported_seeds.setdefault(str(error), []).append(name)
            continue
        except UndefinedBehaviour as error:
            ub.append((name, str(error)))
            continue
        except BudgetExceeded:
            budget.append(name)
            continue
        except AssertionFailed as error:
            asserts.append(f"{name}: {error}")
            continue
        finally:
            interp_times.append(time.perf_counter() - start)
        start = time.perf_counter()
        try:
            executable = compile_llvm(func)
        except Exception as error:  # noqa: BLE001 - a seed that does not build is reported, not fatal
            other.append((name, f"llvm build failed: {str(error).splitlines()[0][:200]}"))
            continue
        compile_times.append(time.perf_counter() - start)
        theirs = call_main(executable, args)
        mismatch = first_mismatch(ours, theirs)
        if mismatch is None:
            agreed += 1
        else:
            disagreements.append((name, mismatch))

    total = len(files)
    interpreted = agreed + len(disagreements) + len(ub) + len(asserts)
    print(f"seeds: {total}")
    print(f"interpreted to an outcome (result, UB or failed assert): {interpreted} ({100 * interpreted / total:.1f}%)")
    print(f"unsupported: {sum(unsupported.values())} seeds")
    for construct, count in unsupported.most_common():
        examples = ", ".join(unsupported_seeds[construct][:3])
        print(f"  {count:4d}  {construct}   e.g. {examples}")
    print(f"step budget ({options.budget}) exceeded: {len(budget)} seeds")
    for name in budget:
        print(f"  {name}")
    print(f"undefined behaviour found in seeds: {len(ub)}")
    kinds = Counter(message.split(":", 1)[0] for _, message in ub)
    for kind, count in kinds.most_common():
        print(f"  {count:4d}  {kind}")
    for name, message in ub:
        print(f"  {name}: {message[:300]}")
    print(f"failed asserts: {len(asserts)}")
    for line in asserts:
        print(f"  {line}")
    if other:
        print(f"other (not runnable / build failed): {len(other)}")
        for name, message in other:
            print(f"  {name}: {message}")
    compared = agreed + len(disagreements)
    share = 100 * agreed / compared if compared else float("nan")
    print(f"agreement with llvm on results: {agreed}/{compared} ({share:.1f}%)")
    for name, mismatch in disagreements:
        print(f"  DISAGREE {name}: {mismatch}")
    print(
        f"interpreter time per seed: median {1000 * percentile(interp_times, 50):.1f} ms, "
        f"p95 {1000 * percentile(interp_times, 95):.1f} ms, max {1000 * max(interp_times, default=0):.1f} ms"
    )
    print(
        f"llvm compile time per seed: median {1000 * percentile(compile_times, 50):.1f} ms, "
        f"p95 {1000 * percentile(compile_times, 95):.1f} ms"
    )


if __name__ == "__main__":
    main()
