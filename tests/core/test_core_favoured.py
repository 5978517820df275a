"""Favoured entries (AFL's top_rated): the cheapest entry of each block, and retirement of the rest."""

import random

import numpy as np
from test_core_fuzz import good_seeds, stats, tzer  # noqa: F401  (good_seeds is a fixture)

from tzer.cli import build_parser
from tzer.engine.favoured import Favoured
from tzer.engine.loop import Fuzzer
from tzer.engine.pool import SeedPool
from tzer.options import options_from
from tzer.vocabulary import Seed


def test_the_cheapest_entry_of_a_block_owns_it_and_an_entry_owning_nothing_retires():
    favoured = Favoured(16)
    assert favoured.offer(1, 10.0, [1, 2, 3]) == []
    assert favoured.offer(2, 5.0, [2, 3]) == []  # entry 1 still owns block 1
    assert favoured.offer(3, 20.0, [3, 4]) == []  # dearer for block 3, but alone on block 4
    assert favoured.offer(4, 1.0, [1, 2, 3]) == [1, 2]
    assert [favoured.is_favoured(i) for i in (1, 2, 3, 4)] == [False, False, True, True]
    assert favoured.owner[[1, 2, 3, 4]].tolist() == [4, 4, 4, 3]
    assert (favoured.count, favoured.blocks) == (2, 4)


def test_a_saved_map_restores_owners_and_keeps_entries_queued_after_the_save_selectable(tmp_path):
    favoured = Favoured(16)
    favoured.offer(1, 3.0, [1, 2])
    favoured.offer(2, 1.0, [2, 5])
    favoured.save(tmp_path / "favoured.npz")
    restored = Favoured(16)
    restored.load(tmp_path / "favoured.npz")
    assert restored.owner.tolist() == favoured.owner.tolist()
    assert (restored.count, restored.blocks, restored.owned) == (2, 3, {1: 1, 2: 2})
    # Entry 3 joined the queue after the save: nothing says it owns nothing.
    assert restored.is_favoured(3) and not restored.is_favoured(0)
    missing = Favoured(16)
    missing.load(tmp_path / "nothing.npz")
    assert missing.is_favoured(1) and missing.is_favoured(7)


def test_selection_never_picks_a_retired_entry():
    pool = SeedPool(favoured=Favoured(16))
    for entry_id, cost_blocks in ((1, [1, 2]), (2, [3]), (3, [1, 2, 4])):
        seed = Seed(id=entry_id, script="x" * 10, passes=[], duration=1.0 if entry_id != 3 else 0.1)
        pool.offer(seed, cost_blocks)
        pool.add(seed)
    rng = random.Random(0)
    picked = {pool.select(rng).id for _ in range(300)}
    assert picked == {2, 3}
    assert not pool.favoured.is_favoured(1)


def test_a_campaign_keeps_its_favoured_map_and_resume_restores_it(tmp_path, good_seeds):  # noqa: F811
    out = tmp_path / "out"
    argv = ["fuzz", "-o", str(out), "--seeds", str(good_seeds), "--no-progress", "-j", "1", "--targets", "llvm",
            "--analysis-share", "0", "--seed", "5"]
    assert tzer(*argv, "--execs", 30).returncode == 0
    values = stats(out)
    favoured, blocks = int(values["favoured"]), int(values["favoured_blocks"])
    assert 1 <= favoured <= int(values["corpus_count"])
    assert 0 < blocks <= int(values["coverage_covered"])
    assert int(values["picks_favoured"]) <= int(values["picks"])
    with np.load(out / "favoured.npz") as saved:
        owners = set(saved["owner"].tolist())
        assert len(saved["blocks"]) == blocks
    queue = {int(p.name.removeprefix("id_")) for p in (out / "queue").glob("id_*")}
    assert len(owners) == favoured and owners <= queue
    resumed = [*argv, "--resume", "--execs", "1"]
    fuzzer = Fuzzer(options_from(build_parser().parse_args(resumed), resumed))
    with fuzzer.campaign.session(fuzzer.request):
        restored = fuzzer.pool.favoured
        assert (restored.count, restored.blocks) == (favoured, blocks)
        live = [seed.id for seed in fuzzer.pool.seeds if fuzzer.pool.live(seed)]
        assert set(live) == owners


def test_past_the_disk_bound_retired_entries_are_deleted_oldest_first_and_the_count_stays_true(
        tmp_path, good_seeds):  # noqa: F811
    out = tmp_path / "out"
    argv = ["fuzz", "-o", str(out), "--seeds", str(good_seeds), "--no-progress", "-j", "1", "--targets", "llvm",
            "--analysis-share", "0", "--seed", "5", "--max-disk-mb", "1"]
    run = tzer(*argv, "--execs", 150)
    assert run.returncode == 0, run.stderr
    values = stats(out)
    pruned, stored = int(values["pruned"]), float(values["stored_mb"])
    # Either retired entries were deleted down to the bound, or none was left and the campaign stopped.
    assert pruned > 0 or "no retired entry is left to delete" in run.stderr, run.stderr[-2000:]
    if "no retired entry is left" not in run.stderr:
        assert stored <= 1.0
    from tzer.campaign.folder import CampaignFolder

    assert abs(CampaignFolder(out).measure_stored() / 2**20 - stored) < 0.05
    queue = {int(p.name.removeprefix("id_")) for p in (out / "queue").glob("id_*")}
    with np.load(out / "favoured.npz") as saved:
        assert set(saved["owner"].tolist()) <= queue  # no favoured entry was deleted
    assert len(queue) == int(values["corpus_count"])
    resumed = tzer(*argv, "--resume", "--execs", 5, "--max-disk-mb", "0")
    assert resumed.returncode == 0, resumed.stderr
    assert float(stats(out)["stored_mb"]) >= stored


def test_resume_with_a_truncated_state_says_what_it_could_not_read_and_what_it_rebuilt(tmp_path, good_seeds):  # noqa: F811
    out = tmp_path / "out"
    argv = ["fuzz", "-o", str(out), "--seeds", str(good_seeds), "--no-progress", "-j", "1", "--targets", "llvm",
            "--analysis-share", "0", "--seed", "5"]
    assert tzer(*argv, "--execs", 10).returncode == 0
    queued = len(list((out / "queue").glob("id_*")))
    state = out / "state.json"
    state.write_text(state.read_text()[: len(state.read_text()) // 2])
    resumed = tzer(*argv, "--resume", "--execs", 1)
    assert resumed.returncode == 0, resumed.stderr
    [warning] = [line for line in resumed.stderr.splitlines() if "warning:" in line]
    assert f"{state} is unreadable (JSONDecodeError" in warning
    assert f"rebuilt {queued} corpus entries" in warning


def test_the_pool_reads_a_queued_entrys_script_from_its_folder_instead_of_keeping_it(tmp_path, good_seeds):  # noqa: F811
    out = tmp_path / "out"
    argv = ["fuzz", "-o", str(out), "--seeds", str(good_seeds), "--no-progress", "-j", "1", "--targets", "llvm",
            "--analysis-share", "0", "--seed", "5", "--execs", "12"]
    fuzzer = Fuzzer(options_from(build_parser().parse_args(argv), argv))
    assert fuzzer.run() == 0
    seeds = fuzzer.pool.seeds
    assert len(seeds) > 1
    for seed in seeds:
        assert seed._script is None and seed.source == str(out / "queue" / f"id_{seed.id:06d}")
        assert seed.script == (out / "queue" / f"id_{seed.id:06d}" / "func.py").read_text()
