"""The `tzer` command: fuzz, seeds, replay, reduce, triage, plot, status, showmap, cmin and targets.

Bad input gets one line on stderr and a non-zero exit; a stack trace means a bug in tzer.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections import Counter
from pathlib import Path

from tzer.options import add_fuzz_flags, options_from

# libFuzzer spellings that users type from habit.
LIBFUZZER_ALIASES = {"-max_total_time": "--time", "-timeout": "--timeout", "-rss_limit_mb": "--rss-limit-mb",
                     "-jobs": "--jobs", "-runs": "--execs", "-seed": "--seed"}


class UsageError(Exception):
    """A malformed command line; the message is one line."""


class OneLineParser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(f"{self.prog}: {message}")


def _add_fuzz(sub: argparse._SubParsersAction) -> None:
    add_fuzz_flags(sub.add_parser("fuzz", help="run or resume a fuzzing campaign"))


def _add_seeds(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("seeds", help="build or check a seed corpus")
    actions = p.add_subparsers(dest="seeds_command", required=True, parser_class=OneLineParser)
    build = actions.add_parser("build", help="regenerate the corpus from TOPI operators and Relax models")
    build.add_argument("--out", type=Path, help="output folder (default: the shipped corpus folder, or "
                       "seeds/tvm_tests with --tvm-tests)")
    build.add_argument("--tvm-tests", type=Path, metavar="TVM_SOURCE",
                       help="instead: seeds from the pass tests of a TVM checkout or bare git repository, "
                            "keeping those that `tzer seeds check` passes or only the llvm build rejects")
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
    "showmap": ("tzer.analysis.showmap", "add_showmap_arguments", "run_showmap", "replay cases, report blocks covered"),
    "cmin": ("tzer.analysis.cmin", "add_cmin_arguments", "run_cmin", "smallest subset with the same coverage"),
    "targets": ("tzer.analysis.targetlist", "add_targets_arguments", "run_targets",
                "list the targets this TVM wheel can build"),
}


def _fuzz(args: argparse.Namespace, argv: list[str]) -> int:
    if args.coverage == "sancov" and not args.tvm_library_path:
        raise UsageError("tzer fuzz: --coverage sancov needs --tvm-library-path DIR (the instrumented TVM build)")
    opts = options_from(args, ["tzer", *argv])
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
    from tzer.seedcheck import check_seeds

    try:
        if args.seeds_command == "build" and args.tvm_tests:
            summary = _build_tvm_tests(args.tvm_tests, args.out)
            print("\n".join(f"{key}: {value}" for key, value in summary.items()))
            return 0
        if args.seeds_command == "build":
            summary = seeds.build(args.out or seeds.CORPUS_DIR)
            print("\n".join(f"{key}: {value}" for key, value in summary.items()))
            return 0
        report = check_seeds(args.folder)
    except seeds.SeedError as error:
        print(f"tzer seeds: {error}", file=sys.stderr)
        return 1
    print(report.table())
    return 0


# A seed that only the llvm build rejects still feeds the passes; undefined behaviour, crashes,
# hangs, disagreements and invalid IR would make every mutant of it a false finding or a dead end.
KEPT_STATUSES = ("ok", "ok_without_reference", "rejected@compile")


def _build_tvm_tests(source: Path, out: Path | None) -> dict:
    import seeds
    from seeds import tvm_tests
    from tzer.seedcheck import check_seeds

    out = out or seeds.TVM_TESTS_DIR
    summary = tvm_tests.build(source, out)
    rows = check_seeds(out).rows if summary["seeds"] else []
    drop = {row.name: row.status for row in rows if row.status not in KEPT_STATUSES}
    tvm_tests.prune(out, drop)
    statuses = Counter(row.status for row in rows)
    summary["checked"] = dict(sorted(statuses.items()))
    summary["dropped by the check"] = drop
    summary["seeds"] -= len(drop)
    summary["compile on llvm"] = statuses["ok"] + statuses["ok_without_reference"]
    return summary


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
