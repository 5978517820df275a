"""The `tzer` command: fuzz, seeds, replay, reduce, triage, plot and status.

Bad input gets one line on stderr and a non-zero exit; a stack trace means a bug in tzer.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from pathlib import Path

from tzer.argtypes import duration, positive_int, rate
from tzer.options import MUTATOR_SETS, PASS_MUTATION_MODES, FuzzOptions

COVERAGE_CHOICES = ("breakpoint", "breakpoint-func", "sancov", "none")

# libFuzzer spellings that users type from habit.
LIBFUZZER_ALIASES = {"-max_total_time": "--time", "-timeout": "--timeout", "-rss_limit_mb": "--rss-limit-mb",
                     "-jobs": "--jobs", "-runs": "--execs", "-seed": "--seed"}


class UsageError(Exception):
    """A malformed command line; the message is one line."""


class OneLineParser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(f"{self.prog}: {message}")


def _add_fuzz(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("fuzz", help="run or resume a fuzzing campaign")
    p.add_argument("-o", "--out", required=True, type=Path, help="campaign output folder")
    p.add_argument("--resume", action="store_true", help="continue the campaign in --out")
    p.add_argument("--time", "--max-total-time", dest="time", type=duration,
                   help="time budget, e.g. 90s, 10m, 4h (default: until Ctrl-C)")
    p.add_argument("--execs", type=positive_int, help="stop after this many test executions")
    p.add_argument("--seed", type=int, default=0, help="RNG seed (default 0)")
    p.add_argument("--seeds", help="folder of TVMScript seeds, or 'none' for the empty function "
                                   "(default: the shipped corpus)")
    p.add_argument("--mutators", choices=MUTATOR_SETS, default="all",
                   help="'general' leaves out the tensor-compiler-specific mutators (default all)")
    p.add_argument("--pass-mutation", choices=PASS_MUTATION_MODES, default="evolutionary",
                   help="how pass sequences are chosen (default evolutionary)")
    p.add_argument("--no-feedback", action="store_true", help="keep every valid mutant; ignore coverage")
    p.add_argument("--n-max", type=positive_int, default=4,
                   help="IR mutations without new coverage before the pass sequence is mutated (default 4)")
    p.add_argument("--coverage", choices=COVERAGE_CHOICES, default="breakpoint",
                   help="coverage backend (default breakpoint)")
    p.add_argument("--tvm-library-path", help="folder of an instrumented TVM build (for --coverage sancov)")
    p.add_argument("--timeout", type=duration, default=10.0, help="per-test wall-clock limit (default 10s)")
    p.add_argument("--rss-limit-mb", type=positive_int, default=4096, help="per-worker memory limit (default 4096)")
    p.add_argument("-j", "--jobs", type=positive_int, default=1, help="worker processes (only 1 is supported yet)")
    p.add_argument("--diff-rate", type=rate, default=0.25,
                   help="share of tests compared against the unoptimized build (default 0.25)")
    p.add_argument("--perf-rate", type=rate, default=0.02, help="share of tests timed (default 0.02)")
    p.add_argument("--idempotence-rate", type=rate, default=0.05,
                   help="share of tests that apply one pass twice (default 0.05)")
    p.add_argument("--roundtrip-rate", type=rate, default=0.05,
                   help="share of tests whose IR is re-parsed after each pass (default 0.05)")
    p.add_argument("--no-calibrate", action="store_true", help="skip the flaky-block calibration")
    p.add_argument("--no-confirm", action="store_true", help="do not re-run findings in a clean process")
    p.add_argument("--triage", action="store_true", help="run `tzer triage` on the campaign at the end")
    p.add_argument("--no-progress", action="store_true", help="no progress bar (a status line a minute)")


def _add_seeds(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("seeds", help="build or check a seed corpus")
    actions = p.add_subparsers(dest="seeds_command", required=True, parser_class=OneLineParser)
    build = actions.add_parser("build", help="regenerate the corpus from TOPI operators and Relax models")
    build.add_argument("--out", type=Path, help="output folder (default: the shipped corpus folder)")
    check = actions.add_parser("check", help="parse, verify, round-trip, compile and run every seed")
    check.add_argument("folder", nargs="?", type=Path, help="seed folder (default: the shipped corpus)")


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(prog="tzer", description="Coverage-guided joint IR-pass fuzzer for TVM's TIR")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=OneLineParser)
    _add_fuzz(sub)
    _add_seeds(sub)
    for name, (module, add_arguments, _, summary) in _EXTRA_COMMANDS.items():
        getattr(importlib.import_module(module), add_arguments)(sub.add_parser(name, help=summary))
    return parser


# command -> (module, function adding its flags, function running it, one-line help)
_EXTRA_COMMANDS = {
    "replay": ("tzer.triage.cli", "add_replay_arguments", "run_replay",
               "run a finding again and say if it reproduces"),
    "reduce": ("tzer.triage.cli", "add_reduce_arguments", "run_reduce",
               "shrink a finding while it keeps failing"),
    "triage": ("tzer.triage.cli", "add_triage_arguments", "run_triage",
               "confirm, group and reduce a campaign's findings"),
    "plot": ("tzer.analysis.plot", "add_plot_arguments", "run_plot", "plot coverage trends of campaigns"),
    "status": ("tzer.analysis.status", "add_status_arguments", "run_status", "one status line per campaign"),
}


def _fuzz(args: argparse.Namespace, argv: list[str]) -> int:
    if args.jobs != 1:
        raise UsageError("tzer fuzz: -j/--jobs > 1 is not supported yet; run one campaign per core")
    if args.coverage == "sancov" and not args.tvm_library_path:
        raise UsageError("tzer fuzz: --coverage sancov needs --tvm-library-path DIR (the instrumented TVM build)")
    opts = FuzzOptions(
        out=args.out, resume=args.resume, time_budget=args.time, exec_budget=args.execs, seed=args.seed,
        seeds=args.seeds, mutators=args.mutators, pass_mutation=args.pass_mutation,
        feedback=not args.no_feedback, n_max=args.n_max, coverage=args.coverage,
        tvm_library_path=args.tvm_library_path, timeout=args.timeout, rss_limit_mb=args.rss_limit_mb,
        jobs=args.jobs, diff_rate=args.diff_rate, perf_rate=args.perf_rate,
        idempotence_rate=args.idempotence_rate, roundtrip_rate=args.roundtrip_rate,
        calibrate=not args.no_calibrate, confirm=not args.no_confirm, triage=args.triage,
        progress=not args.no_progress, command_line=["tzer", *argv])
    import memcov
    from tzer.campaign.folder import CampaignError
    from tzer.engine.loop import Fuzzer
    from tzer.engine.seeding import SeedSourceError

    try:
        code = Fuzzer(opts).run()
    except (CampaignError, SeedSourceError, memcov.CoverageUnavailable) as error:
        print(f"tzer fuzz: {error}", file=sys.stderr)
        return 1
    if opts.triage:
        from tzer.triage.cli import triage_campaign

        code = code or triage_campaign(opts.out)
    return code


def _seeds(args: argparse.Namespace) -> int:
    import seeds

    try:
        if args.seeds_command == "build":
            summary = seeds.build(args.out or seeds.CORPUS_DIR)
            print("\n".join(f"{key}: {value}" for key, value in summary.items()))
            return 0
        report = seeds.check(args.folder)
    except seeds.SeedError as error:
        print(f"tzer seeds: {error}", file=sys.stderr)
        return 1
    print(report.table())
    return 0


def _translate_libfuzzer_flags(argv: list[str]) -> list[str]:
    translated = []
    for arg in argv:
        flag, sep, value = arg.partition("=")
        translated.append(LIBFUZZER_ALIASES[flag] + sep + value if flag in LIBFUZZER_ALIASES else arg)
    return translated


def main(argv: list[str] | None = None) -> int:
    argv = _translate_libfuzzer_flags(list(sys.argv[1:] if argv is None else argv))
    try:
        args = build_parser().parse_args(argv)
        if args.command == "fuzz":
            return _fuzz(args, argv)
        if args.command == "seeds":
            return _seeds(args)
        module, _, run, _ = _EXTRA_COMMANDS[args.command]
        return int(getattr(importlib.import_module(module), run)(args))
    except UsageError as error:
        print(f"{error} (see 'tzer --help')", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("tzer: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
