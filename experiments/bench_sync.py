"""What `--sync` costs a node, read against real campaign folders (issue 33's 100-node design).

For each folder given (a finished campaign, e.g. the soak's, or bench_day.py's grown one) it
measures, as a peer reading that folder would pay:
- the scan with nothing new: listing queue/ and loading favoured.npz;
- reading one new entry (its three files) and the covered-blocks check;
then prints what a node of a 100-node sync folder pays per sync: 7 peers, each with the new
favoured entries one campaign queues in `--sync-every` (from its fuzzer_stats, as favoured
entries per second of run time).

    python experiments/bench_sync.py /work/soak /work/day/campaign-500000
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np

from tzer.campaign.folder import CampaignFolder, entry_name
from tzer.campaign.stats import parse_fuzzer_stats
from tzer.campaign.sync import favoured_in
from tzer.campaign.testcase import TestCase

PEERS = 7  # of a 100-node sync folder (campaign/sync.py)
SYNC_EVERY = 300.0
MAP_SIZE = 7_800_000


def measure(folder: Path, reads: int) -> dict[str, float]:
    campaign = CampaignFolder(folder)
    started = time.perf_counter()
    ids = campaign.entry_ids(campaign.queue)
    listed = time.perf_counter()
    favoured = favoured_in(folder)
    loaded = time.perf_counter()
    covered = np.zeros(MAP_SIZE, bool)
    sample = ids[-reads:]
    started_reads = time.perf_counter()
    for entry_id in sample:
        case = TestCase.load(campaign.queue / entry_name(entry_id))
        blocks = np.asarray(case.meta.get("blocks") or [], dtype=np.int64)
        covered[blocks[blocks < MAP_SIZE]].all()
    per_entry = (time.perf_counter() - started_reads) / max(len(sample), 1)
    stats = parse_fuzzer_stats((folder / "fuzzer_stats").read_text())
    run_time = float(stats.get("run_time", 0) or 0)
    favoured_count = float(stats.get("favoured", len(favoured[0]) if favoured else 0))
    return {"entries": len(ids), "list_s": listed - started, "favoured_s": loaded - listed,
            "favoured_blocks": float(stats.get("favoured_blocks", 0)), "per_entry_s": per_entry,
            "favoured_per_s": favoured_count / run_time if run_time else 0.0}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folders", type=Path, nargs="+")
    parser.add_argument("--reads", type=int, default=300, help="entries read to time one read")
    args = parser.parse_args()
    print("| folder | queue entries | list queue/ s | load favoured.npz s | read one entry ms |")
    print("|---|---|---|---|---|")
    rows = []
    for folder in args.folders:
        row = measure(folder, args.reads)
        rows.append(row)
        print(f"| {folder} | {row['entries']:.0f} | {row['list_s']:.3f} | {row['favoured_s']:.3f} | "
              f"{row['per_entry_s'] * 1e3:.2f} |", flush=True)
    for folder, row in zip(args.folders, rows, strict=True):
        new = row["favoured_per_s"] * SYNC_EVERY
        scan = PEERS * (row["list_s"] + row["favoured_s"])
        reading = PEERS * new * row["per_entry_s"]
        print(f"\npeers like {folder}: {PEERS} scans {scan:.2f} s + {PEERS} x {new:.0f} new favoured entries read "
              f"{reading:.2f} s = {(scan + reading) / SYNC_EVERY:.2%} of one core every {SYNC_EVERY:.0f} s "
              f"(at most {PEERS * new:.0f} tests to run, before the covered-blocks check drops those already covered)")


if __name__ == "__main__":
    main()
