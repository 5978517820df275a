"""Scalable vectors: a build for SVE or RVV computes the same at every vector length (sampled).

Code for scalable vectors (SVE on AArch64, V on RISC-V) is written once for any vector length;
the machine decides it. qemu-user sets it per run, so the optimized build runs at every length
its runner offers. Where the function itself uses T.vscale(), what it should compute at each
length comes from the reference interpreter run with that length; otherwise the results at every
length must equal the default length's.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tirkit.nodes import needs
from tzer.oracles.base import ReproParts
from tzer.oracles.differential import RunsBuilds, first_mismatch
from tzer.oracles.reference import STEP_BUDGET
from tzer.reference import InterpreterOutcome, UndefinedBehaviour, interpret
from tzer.runners.base import Variant
from tzer.runtime.testrun import TestRun
from tzer.vocabulary import FindingKind, Outcome, Stage, Status

REPRO_BODY = '''\
    results = {{cpu: run(optimized, args, cpu) for cpu in {cpus!r}}}
    expected = results[{default!r}]
    for cpu, got in results.items():
        for index, (want, have) in enumerate(zip(expected, got)):
            np.testing.assert_allclose(have, want, rtol=1e-2, atol=1e-3, equal_nan=True,
                                       err_msg=f"buffer argument {{index}} differs at -cpu {{cpu}}")
'''


class VectorLength(RunsBuilds):
    name = "vector_length"
    kind = FindingKind.INCONSISTENCY
    expected = "A build for scalable vectors computes the same results at every vector length the CPU may have."
    default_rate = 1.0
    flag = "--vector-length-rate"
    help = ("share of the tests that run their builds on a scalable-vector target (SVE, RVV) that also run "
            "at the other vector lengths")
    rides_with = ("differential",)

    def judges(self, test: TestRun) -> bool:
        return super().judges(test) and len(test.variants) > 1

    def judge_runs(self, test: TestRun, args: list[Any]) -> Outcome | None:
        variants = test.variants
        scalable = needs([test.func]).scalable
        baseline = test.run(test.executable, args, variants[0].name)
        for variant in variants[1:]:
            expected = self.expected_at(test, args, variant) if scalable else baseline
            if expected is None:
                return None
            got = test.run(test.executable, args, variant.name)
            mismatch = first_mismatch(expected, got, nan_is_value=True)
            if mismatch:
                test.stage(Stage.COMPARE, "vector length")
                return Outcome(status=Status.INCONSISTENCY, stage=Stage.COMPARE,
                               pass_name="default pipeline or codegen (vector length)",
                               message=f"at -cpu {variant.name}: {mismatch}", applied_passes=len(test.passes),
                               details={"oracle": self.name, "variant": variant.name})
        return None

    @staticmethod
    def expected_at(test: TestRun, args: list[Any], variant: Variant) -> list[np.ndarray] | None:
        """What the function computes where T.vscale() is the variant's, or None when the
        interpreter cannot say (a run with undefined behaviour at that length is no reference)."""
        try:
            return interpret(test.func, args, step_budget=STEP_BUDGET, vscale=variant.vscale)
        except (UndefinedBehaviour, InterpreterOutcome):
            return None

    def repro(self, meta: dict[str, Any], script: str, passes: list[dict[str, Any]]) -> ReproParts:
        from tzer import runners, targets

        cpus = [variant.name for variant in runners.variants(targets.get(str(meta.get("target"))))]
        return self.repro_parts(meta, [], REPRO_BODY.format(cpus=cpus, default=cpus[0] if cpus else ""))
