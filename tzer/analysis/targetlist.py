"""`tzer targets`: every target tzer knows, and whether this TVM wheel and machine can build it."""

from __future__ import annotations

import argparse

from tzer import targets


def add_targets_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = "List the targets `tzer fuzz --targets` accepts on this machine."


def run_targets(_args: argparse.Namespace) -> int:
    usable = set(targets.available())
    width = max(len(info.name) for info in targets.TARGETS) + 1
    print(f"{'target':<{width}} {'usable':<7} {'emits':<7} oracles")
    for info in targets.TARGETS:
        oracles = "all (its builds run here)" if info.runs else "crash, hang, exception, ill-formed"
        print(f"{info.name:<{width}} {'yes' if info.name in usable else 'no':<7} {info.output:<7} {oracles}")
    return 0
