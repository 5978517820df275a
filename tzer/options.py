"""Every `tzer fuzz` flag in one table, as libFuzzer keeps FuzzerFlags.def: name, type, default, help.

The argparse flags and the FuzzOptions object are both generated from FUZZ_FLAGS, and each
sampled oracle adds its own rate flag from the oracle registry, so a default is written once.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable
from dataclasses import dataclass, field, make_dataclass
from pathlib import Path
from typing import Any

import psutil

import memcov
from tzer.argtypes import coverage_scope, duration, non_negative_int, positive_int, rate, worker_count
from tzer.oracles import sampled

MUTATOR_SETS = ("general", "all")
PASS_MUTATION_MODES = ("none", "random", "evolutionary")
SCHEDULES = ("rare", "energy")
TARGET_CHOICES = ("evolutionary", "random")


@dataclass(frozen=True)
class Flag:
    """One option: its FuzzOptions field, its spellings, default, help, and how argparse reads it.

    A `store_false` flag such as --no-feedback sets a field that defaults to True.
    """

    dest: str
    flags: tuple[str, ...]
    default: Any
    help: str
    type: Callable[[str], Any] | None = None
    choices: tuple[str, ...] | None = None
    action: str | None = None
    required: bool = False

    def add_to(self, parser: argparse.ArgumentParser) -> None:
        kwargs: dict[str, Any] = {"dest": self.dest, "help": self.help}
        if self.action:
            kwargs["action"] = self.action
        else:
            kwargs.update(type=self.type, choices=self.choices, required=self.required)
            if not self.required:
                kwargs["default"] = self.default
                if self.default is not None:
                    kwargs["help"] = f"{self.help} (default {self.default:g})" if isinstance(self.default, float) \
                        else f"{self.help} (default {self.default})"
        parser.add_argument(*self.flags, **kwargs)


def _rate_flag(oracle: Any) -> Flag:
    return Flag(f"rate_{oracle.name}", (oracle.flag,), oracle.default_rate, oracle.help, type=rate)


FUZZ_FLAGS: tuple[Flag, ...] = (
    Flag("out", ("-o", "--out"), None, "campaign output folder", type=Path, required=True),
    Flag("resume", ("--resume",), False, "continue the campaign in --out", action="store_true"),
    Flag("time_budget", ("--time", "--max-total-time"), None,
         "time budget, e.g. 90s, 10m, 4h (default: until Ctrl-C)", type=duration),
    Flag("exec_budget", ("--execs",), None, "stop after this many TIR tests (analysis tests with --analysis-share 1)",
         type=positive_int),
    Flag("seed", ("--seed",), 0, "RNG seed", type=int),
    Flag("seeds", ("--seeds",), None, "folder of TVMScript seeds (several: joined by ','), or 'none' "
                                      "for the empty function (default: seeds/corpus and seeds/tvm_tests)"),
    Flag("mutators", ("--mutators",), "all", "'general' leaves out the tensor-compiler-specific mutators",
         choices=MUTATOR_SETS),
    Flag("pass_mutation", ("--pass-mutation",), "evolutionary", "how pass sequences are chosen",
         choices=PASS_MUTATION_MODES),
    Flag("feedback", ("--no-feedback",), True, "keep every valid mutant; ignore coverage", action="store_false"),
    Flag("schedule", ("--schedule",), "rare", "how the next seed is picked: by its energy and speed, and with 'rare' "
                                             "also by the rarity of the blocks it leads to (counted by sancov only)",
         choices=SCHEDULES),
    Flag("n_max", ("--n-max",), 4, "IR mutations without new coverage before the pass sequence is mutated",
         type=positive_int),
    Flag("pass_mutation_rate", ("--pass-mutation-rate",), 0.45,
         "share of rounds that mutate the pass sequence before the seed's N reaches --n-max", type=rate),
    Flag("outside_contract_rate", ("--outside-contract-rate",), 0.05,
         "share of pass mutations run without the passes' prerequisites (findings say contract: outside)",
         type=rate),
    Flag("targets", ("--targets",), "all", "targets to compile for, comma-separated (e.g. llvm,c,cuda), or 'all' "
                                           "that this TVM can build (`tzer targets` lists them)"),
    Flag("target_choice", ("--target-choice",), "evolutionary",
         "how a test's target is chosen: a seed keeps its own until a target mutation moves it (evolutionary), "
         "or each test draws one (random)", choices=TARGET_CHOICES),
    Flag("target_mutation_rate", ("--target-mutation-rate",), 0.65,
         "share of pass-mutation rounds that change the seed's target instead of its passes", type=rate),
    Flag("analysis_share", ("--analysis-share",), 0.25,
         "share of the workers' time spent on analysis tests (one call of one of TVM's arithmetic analyses each, "
         "judged at the points of its domain); 0 tests TIR functions only, 1 analyses only", type=rate),
    Flag("coverage", ("--coverage",), "breakpoint", "coverage backend", choices=memcov.BACKENDS),
    Flag("coverage_scope", ("--coverage-scope",), "tir",
         "the code under test, whose new blocks keep a test and feed every yield and energy: 'tir' (TVM's "
         "src/tirx, s_tir, sym, target, backend, ir, script), 'tvm' (all of TVM, not LLVM nor Z3), 'all', or "
         "directories and 'llvm'/'z3' joined by ','; breakpoint backends only (sancov counts all)",
         type=coverage_scope),
    Flag("tvm_library_path", ("--tvm-library-path",), None, "folder of an instrumented TVM build (for --coverage "
                                                            "sancov)"),
    Flag("timeout", ("--timeout",), 10.0, "per-test wall-clock limit in seconds", type=duration),
    Flag("rss_limit_mb", ("--rss-limit-mb",), 4096, "per-worker memory limit", type=positive_int),
    Flag("sync", ("--sync",), False,
         "share the queue with the campaigns in the folders beside -o (AFL's sync dir): run their new "
         "favoured entries once, keep those that reach new code here", action="store_true"),
    Flag("sync_every", ("--sync-every",), 300.0, "how often --sync reads the other campaigns' queues",
         type=duration),
    Flag("max_disk_mb", ("--max-disk-mb",), 8192,
         "disk for queue entries and findings: past it, retired entries are deleted oldest first, and the "
         "campaign stops when none is left to delete; 0: no bound", type=non_negative_int),
    Flag("jobs", ("-j", "--jobs"), "auto", "worker processes; 'auto': one per CPU core this process may use, "
                                           "as many as --rss-limit-mb leaves room for in memory", type=worker_count),
    Flag("ray", ("--ray",), None, "run the workers as actors on a Ray cluster at this address ('local' starts "
                                  "one on this machine; needs pip install -e '.[ray]'); tests for GPU targets go "
                                  "to actors on nodes with a GPU"),
    Flag("rpc", ("--rpc",), None, "run the builds of GPU targets on the device of a TVM RPC server at HOST:PORT "
                                  "(python -m tvm.exec.rpc_server) when this machine has no such GPU"),
    *(_rate_flag(oracle) for oracle in sampled()),
    Flag("no_run", ("--no-run",), "",
         "targets or runners (`tzer targets` names both), comma-separated, whose builds are compiled and judged "
         "by the oracles that need no run, but never run"),
    Flag("emulated_run_rate", ("--emulated-run-rate",), 1.0,
         "share of the tests for another CPU (run under qemu-user) whose drawn run oracles (reference, "
         "differential, vector length) do run their builds", type=rate),
    Flag("known", ("--known",), None, "file of known bugs' signatures, one a line (* wildcards, # comments): "
                                      "their hits are counted, not saved", type=Path),
    Flag("calibrate", ("--no-calibrate",), True, "skip the flaky-block calibration", action="store_false"),
    Flag("confirm", ("--no-confirm",), True, "do not re-run findings in a clean process", action="store_false"),
    Flag("triage", ("--triage",), False, "run `tzer triage` on the campaign at the end", action="store_true"),
    Flag("progress", ("--no-progress",), True, "no progress bar (a status line a minute)", action="store_false"),
)

FuzzOptions = make_dataclass("FuzzOptions", [
    *((flag.dest, Any, field(default=flag.default)) for flag in FUZZ_FLAGS),
    ("command_line", list, field(default_factory=list)),
])
FuzzOptions.__doc__ = "Everything `tzer fuzz` needs to run or resume one campaign (fields: FUZZ_FLAGS)."
FuzzOptions.rates = property(lambda self: {oracle.name: getattr(self, f"rate_{oracle.name}") for oracle in sampled()})


def add_fuzz_flags(parser: argparse.ArgumentParser) -> None:
    for flag in FUZZ_FLAGS:
        flag.add_to(parser)


def auto_jobs(rss_limit_mb: int) -> int:
    """One worker per CPU core this process may use, as many as fit in memory at their limit."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return max(1, min(cores, psutil.virtual_memory().total // (rss_limit_mb << 20)))


def options_from(args: argparse.Namespace, command_line: list[str]) -> Any:
    """The FuzzOptions of parsed `tzer fuzz` arguments."""
    values = {flag.dest: getattr(args, flag.dest) for flag in FUZZ_FLAGS}
    if values["jobs"] == "auto":
        values["jobs"] = auto_jobs(values["rss_limit_mb"])
    return FuzzOptions(**values, command_line=command_line)
