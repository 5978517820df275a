"""The pool journal and state.json: a save appends what changed, a kill leaves a state that
--resume reads whole, compaction starts a new generation, and a version-1 state.json still loads."""

import json
import random

from tzer.campaign.journal import COLD, COMPACT_FACTOR, COMPACT_SLACK, HOT, PoolJournal
from tzer.campaign.state import CampaignState
from tzer.engine.analysis import AnalysisSeed
from tzer.engine.pool import SeedPool
from tzer.vocabulary import Seed


def _state(path, journal):
    CampaignState(start_time=1.0, rng=random.Random(0).getstate(), journal=journal.position()).save(path)
    return CampaignState.load(path, 0.0)


def test_a_save_appends_only_the_changed_entries_and_the_latest_line_wins(tmp_path):
    journal = PoolJournal(tmp_path)
    everything = [{"id": i, "energy": 1.0} for i in range(50)]
    assert journal.save(everything, everything, 50) is None
    size = journal.size
    assert journal.save([{"id": 7, "energy": 3.5}], everything, 50) is None
    assert journal.lines == 51 and journal.size - size == len(b'{"id":7,"energy":3.5}\t{}\n')
    loaded = {entry["id"]: entry for entry in _state(tmp_path / "state.json", journal).pool}
    assert len(loaded) == 50 and loaded[7]["energy"] == 3.5 and loaded[8]["energy"] == 1.0


def test_what_a_kill_left_past_the_saved_length_is_ignored_then_cut_off(tmp_path):
    journal = PoolJournal(tmp_path)
    journal.save([{"id": 1, "energy": 2.0}], [], 1)
    state_path = tmp_path / "state.json"
    CampaignState(start_time=1.0, rng=random.Random(0).getstate(), journal=journal.position()).save(state_path)
    with open(journal.path, "a") as handle:  # appended, then killed before state.json was written
        handle.write('{"id":1,"energy":9.0}\t{}\n{"id":2,"ene')
    state = CampaignState.load(state_path, 0.0)
    assert state.pool == [{"id": 1, "energy": 2.0}]
    resumed = PoolJournal.from_position(tmp_path, state.journal)
    resumed.resume()
    assert journal.path.stat().st_size == journal.size
    assert resumed.save([{"id": 3, "energy": 1.0}], [], 2) is None
    assert sorted(e["id"] for e in _state(state_path, resumed).pool) == [1, 3]


def test_a_journal_grown_past_its_bound_is_compacted_to_one_line_per_entry(tmp_path):
    journal = PoolJournal(tmp_path)
    everything = [{"id": i, "energy": 1.0} for i in range(10)]
    replaced = []
    for step in range(COMPACT_FACTOR * 10 + COMPACT_SLACK + 5):
        old = journal.save([{"id": step % 10, "energy": float(step)}], everything, 10)
        if old is not None:
            replaced.append(old)
            old.unlink()
    assert len(replaced) == 1 and journal.generation == 1
    assert journal.lines < COMPACT_FACTOR * 10 + COMPACT_SLACK
    assert [p.name for p in tmp_path.iterdir()] == [journal.path.name]


def test_a_version_1_state_json_with_the_pool_inside_still_loads(tmp_path):
    path = tmp_path / "state.json"
    path.write_text(json.dumps({"version": 1, "start_time": 5.0, "counters": {}, "rng": [3, list(range(625)), None],
                                "pool": [{"id": 4, "energy": 2.5}], "pending": []}))
    state = CampaignState.load(path, 0.0)
    assert state.pool == [{"id": 4, "energy": 2.5}] and state.start_time == 5.0 and not state.problem


def test_the_pool_reports_the_entries_picked_or_added_since_the_last_save():
    pool = SeedPool()
    for i in range(5):
        pool.add(Seed(id=i, script="", passes=[]))
    assert [s.id for s in pool.take_touched()] == [0, 1, 2, 3, 4]
    picked = pool.select(random.Random(1))
    pool.add(Seed(id=9, script="", passes=[]))
    assert [s.id for s in pool.take_touched()] == sorted({picked.id, 9})
    assert pool.take_touched() == []


def test_a_resumed_entry_parses_its_pass_sequence_only_when_it_is_read(tmp_path):
    original = Seed(id=3, script="", passes=[{"name": "s_tir.LoopPartition", "config": {"x": 1}}], target="c",
                    energy=2.5, checks={"reference": True}, rare_blocks=[4, 5], parent=1, origin="ir")
    journal = PoolJournal(tmp_path)
    journal.save([original.state()], [], 1)
    (entry := tmp_path / "id_000003").mkdir()
    (entry / "func.py").write_text("# the script")
    hot = journal.read()[3]
    rest = hot.pop(COLD)
    assert set(hot) <= HOT and b"LoopPartition" in rest
    resumed = Seed.from_journal(str(entry), hot, rest)
    assert resumed.energy == 2.5 and "_rest" in vars(resumed) and "passes" not in vars(resumed)
    assert resumed.target == "c" and "_rest" not in vars(resumed)
    assert resumed.state() == original.state() and resumed.script == "# the script"


def test_a_resumed_analysis_case_is_grouped_by_its_analysis_before_its_case_is_parsed(tmp_path):
    case = {"analysis": "simplify", "variables": [["x", "int32", 0, 7]], "exprs": [["var", "int32", "x"]],
            "constraints": [], "options": {}}
    journal = PoolJournal(tmp_path)
    journal.save([AnalysisSeed(7, case, energy=2.0, parent=3, origin="mutant").state()], [], 1)
    hot = journal.read()[7]
    rest = hot.pop(COLD)
    resumed = AnalysisSeed.stored(hot, rest)
    assert resumed.analysis == "simplify" and resumed.energy == 2.0 and "case" not in vars(resumed)
    assert resumed.case == case and resumed.parent == 3 and resumed.origin == "mutant"
