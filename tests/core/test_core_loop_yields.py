"""What the fuzz loop learns from one result: the mutators' yields and the seeds' energy count
tests, not rounds."""

from tzer.cli import build_parser
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
