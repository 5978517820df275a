"""A simulated day: what the parent pays per test, and what --resume takes, when a campaign's pool
has grown to a day's size (500,000 entries, extrapolated from ~180 new entries a minute).

Part 1 (per test): a pool of N synthetic entries with rare blocks and durations, as
bench_select.py builds it, and a pool journal in a scratch folder. Each test picks a seed,
rewards or penalises it, counts its hits for rarity, and every SAVE_EVERY tests (5 s at ~20
tests/s) the campaign's save runs: the journal's append (or compaction) and state.json. One test
in KEEP_EVERY keeps a new entry, whose HITS blocks are offered to the favoured map, as a kept
test's are.

Part 2 (resume): a campaign folder grown to N queue entries from a real campaign's entries (hard
links to its files, so that it costs directories, not data) with a journal of their states and
the bytes its entries would take unlinked (state.json's stored_bytes, as a campaign counts them),
then `tzer fuzz --resume --execs 1` at the defaults: the "resumed: ... in X ms" line, the wall
time to the end, and fuzzer_stats' stored_mb against --max-disk-mb.

    python experiments/bench_day.py --template /work/acc2 --sizes 5000,500000 --work /work/day
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

from tzer.campaign.files import stored_bytes
from tzer.campaign.journal import COLD, PoolJournal
from tzer.campaign.state import CampaignState
from tzer.campaign.stats import parse_fuzzer_stats
from tzer.engine.favoured import Favoured
from tzer.engine.pool import REFRESH_SHARE, SeedPool
from tzer.engine.rarity import RARE_BLOCKS, BlockFrequency
from tzer.vocabulary import Seed

MAP_SIZE = 2_000_000
SAVE_EVERY = 100
KEEP_EVERY = 8
HITS = 200_000  # blocks a test reaches (a real campaign's tests reach 150,000-300,000)
FILES = ("func.py", "passes.json", "meta.json", "case.json")


def synthetic_pool(size: int, rng: random.Random) -> SeedPool:
    frequency = BlockFrequency(MAP_SIZE)
    pool = SeedPool(timed=True, frequency=frequency, favoured=Favoured(MAP_SIZE))
    for i in range(size):
        seed = synthetic_seed(i, rng)
        pool.offer(seed, seed.rare_blocks)
        pool.add(seed)
    return pool


def synthetic_seed(entry_id: int, rng: random.Random) -> Seed:
    passes = [{"name": "s_tir.LoopPartition"}, {"name": "tirx.FlattenBuffer"}]
    return Seed(id=entry_id, script="x" * 2000, passes=passes, duration=rng.uniform(0.02, 0.3),
                rare_blocks=rng.sample(range(MAP_SIZE), RARE_BLOCKS), rng=rng.getrandbits(32))


def per_test(size: int, scratch: Path) -> dict[str, float]:
    """Seconds per test of the pick, the energy and rarity updates, and the amortised save."""
    rng = random.Random(0)
    pool = synthetic_pool(size, rng)
    hits = np.random.default_rng(1).choice(np.flatnonzero(pool.frequency.watched), 500)
    kept_hits = np.random.default_rng(2).choice(MAP_SIZE, HITS, replace=False)
    shutil.rmtree(scratch, ignore_errors=True)
    scratch.mkdir(parents=True)
    journal = PoolJournal(scratch)
    journal.save([], (s.state() for s in pool.seeds), len(pool))
    pool.take_touched()
    pool.select(rng)
    tests = max(5000, 3 * size // REFRESH_SHARE)
    spent = {"pick": 0.0, "record": 0.0, "save": 0.0}
    for index in range(tests):
        started = time.perf_counter()
        seed = pool.select(rng)
        picked = time.perf_counter()
        if index % 8:
            pool.unrewarded(seed)
        else:
            pool.rewarded(seed)
        seed.stall += 1
        pool.frequency.observe(hits)
        if index % KEEP_EVERY == 0:
            child = synthetic_seed(size + index, rng)
            pool.offer(child, kept_hits)
            pool.add(child)
        recorded = time.perf_counter()
        if index % SAVE_EVERY == 0:
            replaced = journal.save((s.state() for s in pool.take_touched()), (s.state() for s in pool.seeds),
                                    len(pool))
            CampaignState(start_time=0.0, counters={"execs": index}, rng=rng.getstate(),
                          journal=journal.position()).save(scratch / "state.json")
            if replaced is not None:
                replaced.unlink()
        saved = time.perf_counter()
        spent["pick"] += picked - started
        spent["record"] += recorded - picked
        spent["save"] += saved - recorded
    return {name: seconds / tests for name, seconds in spent.items()} | {"tests": tests}


def grow_folder(template: Path, size: int, folder: Path) -> None:
    """A copy of `template` whose queue holds `size` entries, cycling through the template's."""
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    for name in ("coverage.npz", "rarity.npz", "signatures.json", "fuzzer_stats", "plot_data"):
        if (template / name).exists():
            shutil.copy(template / name, folder / name)
    for sub in template.iterdir():
        if sub.is_dir() and sub.name not in ("queue", "bugs", "workers"):
            shutil.copytree(sub, folder / sub.name)
    (folder / "workers").mkdir()
    stats = folder / "fuzzer_stats"
    stats.write_text(re.sub(r"(?m)^(status\s*:).*$", r"\1 finished", stats.read_text()))
    saved = json.loads((template / "state.json").read_text())
    states = {entry["id"]: entry for entry in saved.get("pool", [])}
    if saved.get("journal"):
        states = PoolJournal.from_position(template, saved["journal"]).read()
        for state in states.values():
            rest = state.pop(COLD, None)
            if rest is not None:
                state.update(json.loads(rest))
    models = []
    for path in sorted((template / "queue").glob("id_*")):
        number = int(path.name[3:])
        state = dict(states.get(number, {"id": number}))
        if (path / "case.json").exists():
            meta = json.loads((path / "meta.json").read_text())
            case = json.loads((path / "case.json").read_text())
            state.update(case=case, analysis=case.get("analysis"), parent=meta.get("parent"),
                         origin=meta.get("origin", ""))
        models.append((path, state))
    queue = folder / "queue"
    queue.mkdir()
    for number in range(1, size + 1):
        path, _ = models[(number - 1) % len(models)]
        entry = queue / f"id_{number:06d}"
        entry.mkdir()
        for name in FILES:
            if (path / name).exists():
                os.link(path / name, entry / name)
    journal = PoolJournal(folder)
    journal.save(({**models[(number - 1) % len(models)][1], "id": number} for number in range(1, size + 1)), [],
                 size)
    sizes = [stored_bytes(path) for path, _ in models]
    saved.pop("pool", None)
    saved.update(version=2, journal=journal.position(), pending=[])
    saved.setdefault("counters", {})["stored_bytes"] = sum(sizes[(n - 1) % len(sizes)] for n in range(1, size + 1))
    (folder / "state.json").write_text(json.dumps(saved))


def resume(folder: Path) -> tuple[str, float]:
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "tzer", "fuzz", "-o", str(folder), "--resume", "--execs", "1",
                           "--no-progress", "-j", "1"], capture_output=True, text=True, timeout=3600)
    wall = time.monotonic() - started
    line = next((row for row in done.stderr.splitlines() if "resumed:" in row), done.stderr[-300:])
    stats = parse_fuzzer_stats((folder / "fuzzer_stats").read_text())
    bound = f"stored_mb {stats.get('stored_mb')} of --max-disk-mb {stats.get('max_disk_mb', 'default')}"
    return f"{line.strip()}; {bound}", wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="5000,500000")
    parser.add_argument("--template", type=Path, required=True, help="a finished campaign folder to grow")
    parser.add_argument("--work", type=Path, required=True, help="scratch folder (emptied)")
    parser.add_argument("--skip-resume", action="store_true")
    args = parser.parse_args()
    print("| pool entries | tests | pick ms/test | record ms/test | save ms/test | total ms/test |")
    print("|---|---|---|---|---|---|")
    rows = {}
    for size in (int(s) for s in args.sizes.split(",")):
        cost = per_test(size, args.work / f"journal-{size}")
        total = cost["pick"] + cost["record"] + cost["save"]
        rows[size] = total
        print(f"| {size} | {cost['tests']} | {cost['pick'] * 1e3:.4f} | {cost['record'] * 1e3:.4f} | "
              f"{cost['save'] * 1e3:.4f} | {total * 1e3:.4f} |", flush=True)
    sizes = sorted(rows)
    print(f"\nratio {sizes[-1]} / {sizes[0]} entries: {rows[sizes[-1]] / rows[sizes[0]]:.2f}")
    if args.skip_resume:
        return
    for size in sizes:
        folder = args.work / f"campaign-{size}"
        started = time.monotonic()
        grow_folder(args.template, size, folder)
        grown = time.monotonic() - started
        usage = subprocess.run(["du", "-sh", str(folder)], capture_output=True, text=True).stdout.split()[0]
        line, wall = resume(folder)
        print(f"\n{size} entries (grown in {grown:.0f} s, {usage} on disk): {line}\n  tzer fuzz --resume --execs 1: "
              f"{wall:.1f} s wall", flush=True)


if __name__ == "__main__":
    main()
