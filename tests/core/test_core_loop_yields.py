"""What the fuzz loop does with one result: the mutators' yields and the seeds' energy count tests,
not rounds; a test the worker could not run is saved for tzer's developers."""

import json

from tzer.cli import build_parser
from tzer.engine.campaign import INTERNAL_ERROR_LIMIT
from tzer.engine.loop import Fuzzer, Round
from tzer.options import options_from
from tzer.vocabulary import ExecResult, Outcome, Stage, Status


def _fuzzer(out) -> Fuzzer:
    argv = ["fuzz", "-o", str(out), "--seeds", "none", "--coverage", "none", "-j", "1", "--execs", "1"]
    return Fuzzer(options_from(build_parser().parse_args(argv), argv))


def _round(seed, mutator: str) -> Round:
    request = {"seed_key": seed.key, "mutation": {"mutator": mutator, "rng": 1}, "passes": [], "checks": {},
               "rng": 0, "target": "llvm"}
    return Round(seed, request, "ir", mutator=mutator, passes=[])


def test_a_mutator_that_found_nothing_to_change_charges_neither_itself_nor_the_seed(tmp_path):
    fuzzer = _fuzzer(tmp_path / "out")
    with fuzzer.campaign.session(fuzzer.request):
        seed = fuzzer.campaign.pending[0]
        fuzzer.pool.add(seed)
        energy, stall = seed.energy, seed.stall
        nothing = Outcome(status=Status.NO_MUTATION, stage=Stage.MUTATE, message="splice: no hole")
        fuzzer._complete(_round(seed, "splice"), ExecResult(status=Status.NO_MUTATION, outcome=nothing))
        assert (seed.energy, seed.stall) == (energy, stall)
        invalid = Outcome(status=Status.INVALID, stage=Stage.VERIFY, message="undefined variable")
        fuzzer._complete(_round(seed, "insert"), ExecResult(status=Status.INVALID, outcome=invalid))
    assert "splice" not in fuzzer.mutator_yields.average
    assert fuzzer.mutator_yields.average["insert"] == 0.0
    assert seed.energy < energy and seed.stall == stall + 1


def test_a_test_the_worker_could_not_run_is_saved_three_times_per_message(tmp_path):
    fuzzer = _fuzzer(tmp_path / "out")
    with fuzzer.campaign.session(fuzzer.request):
        seed = fuzzer.campaign.pending[0]
        for message in ["KeyError: 'nope'"] * 4 + ["TypeError: bad request"]:
            failed = Outcome(status=Status.INTERNAL_ERROR, message=message)
            fuzzer._complete(_round(seed, "insert"), ExecResult(status=Status.INTERNAL_ERROR, outcome=failed))
    saved = sorted((tmp_path / "out" / "internal_errors").glob("id_*"))
    assert [p.name for p in saved] == ["id_000001", "id_000002", "id_000003", "id_000004"]
    assert (saved[0] / "func.py").read_text().rstrip() == seed.script.rstrip()
    meta = json.loads((saved[3] / "meta.json").read_text())
    assert meta["message"] == "TypeError: bad request" and meta["mutation"] == {"mutator": "insert", "rng": 1}
    assert meta["request"]["seed_key"] == seed.key and meta["parent"] == seed.id


def test_a_campaign_whose_tests_all_fail_inside_tzer_stops_with_an_error(tmp_path):
    fuzzer = _fuzzer(tmp_path / "out")
    failed = ExecResult(status=Status.INTERNAL_ERROR, outcome=Outcome(status=Status.INTERNAL_ERROR,
                                                                      message="NameError: name 'x' is not defined"))
    invalid = ExecResult(status=Status.INVALID, outcome=Outcome(status=Status.INVALID, stage=Stage.VERIFY,
                                                                message="undefined variable"))
    with fuzzer.campaign.session(fuzzer.request):
        seed = fuzzer.campaign.pending[0]
        for result in [failed] * (INTERNAL_ERROR_LIMIT - 1) + [invalid] + [failed] * (INTERNAL_ERROR_LIMIT - 1):
            fuzzer._complete(_round(seed, "insert"), result)
        assert not fuzzer.campaign.stop_requested and fuzzer.campaign.broken is None
        fuzzer._complete(_round(seed, "insert"), failed)
        assert fuzzer.campaign.stop_requested
    assert "NameError" in fuzzer.campaign.broken and "internal_errors" in fuzzer.campaign.broken


def test_targets_named_by_no_run_are_compiled_and_judged_but_their_builds_never_run(tmp_path):
    argv = ["fuzz", "-o", str(tmp_path / "out"), "--seeds", "none", "--coverage", "none", "-j", "1", "--execs", "1",
            "--no-run", "qemu,llvm-O1", "--reference-rate", "1", "--diff-rate", "1"]
    fuzzer = Fuzzer(options_from(build_parser().parse_args(argv), argv))
    assert {"llvm-aarch64", "llvm-s390x", "llvm-O1"} <= fuzzer.campaign.not_run
    assert "llvm" not in fuzzer.campaign.not_run
    with fuzzer.campaign.session(fuzzer.request):
        seed = fuzzer.campaign.pending[0]
        for target, runs in (("llvm", True), ("llvm-O1", False), ("llvm-aarch64", False)):
            checks = fuzzer.request(seed, None, [], target)["checks"]
            assert checks["reference"] is runs and checks["differential"] is runs, target
