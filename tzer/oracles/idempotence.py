"""Applying a pass a second time to its own output changes nothing (sampled).

Idempotence is a property a pass can promise, not one every pass has (DecorateDeviceScope wraps
the body again on every run, by design). So only passes whose registry entry cites a TVM test or
document promising it (`PassInfo.idempotent`) are checked; a finding on any other pass would
report behaviour TVM never promised.
"""

from __future__ import annotations

import random
from typing import Any

import tvm_ffi

from tzer.oracles.base import Oracle, ReproParts, failure
from tzer.passes.labels import pass_family
from tzer.passes.registry import instantiate, pass_context, registry, spec_label
from tzer.runtime.testrun import TestRun
from tzer.vocabulary import FindingKind, Outcome, Stage, Status

REPRO_BODY = '''\
    once = apply_passes(mod, PASSES[:{index} + 1])
    transform, config = PASSES[{index}]
    with tvm.transform.PassContext(opt_level=3, config=config):
        twice = transform(once)
    tvm.ir.assert_structural_equal(once, twice)  # raises: a second application changes the IR
'''


def guilty_index(passes: list[dict[str, Any]], label: str | None) -> int:
    """The last pass of the sequence with the guilty pass's name (the one applied twice)."""
    family = pass_family(label)
    matches = [i for i, spec in enumerate(passes) if spec["name"] == family]
    return matches[-1] if matches else len(passes) - 1


class Idempotence(Oracle):
    name = "idempotence"
    kind = FindingKind.NON_IDEMPOTENT
    default_rate = 0.05
    flag = "--idempotence-rate"
    help = "share of tests that apply one pass twice"

    def after_passes(self, test: TestRun) -> Outcome | None:
        known = registry()
        candidates = [i for i, spec in enumerate(test.passes)
                      if spec["name"] in known and known[spec["name"]].idempotent]
        if not candidates:
            return None
        index = random.Random(test.rng_seed).choice(candidates)
        spec = test.passes[index]
        once = test.snapshots[index + 1]
        try:
            with pass_context(spec):
                twice = instantiate(spec, test.target.target())(once)
        except Exception as error:  # noqa: BLE001
            return failure(Status.NON_IDEMPOTENT, Stage.PASS, error, spec_label(spec), index + 1)
        if tvm_ffi.structural_equal(once, twice):
            return None
        mismatch = tvm_ffi.get_first_structural_mismatch(once, twice)
        return Outcome(status=Status.NON_IDEMPOTENT, stage=Stage.PASS, pass_name=spec_label(spec),
                       message=f"a second application changes the IR at {mismatch}"[:500],
                       applied_passes=index + 1)

    def repro(self, meta: dict[str, Any], script: str, passes: list[dict[str, Any]]) -> ReproParts:
        return ReproParts(body=REPRO_BODY.format(index=guilty_index(passes, meta.get("pass"))))
