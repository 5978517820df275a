"""argparse value types shared by every `tzer` subcommand, each with a one-line error."""

from __future__ import annotations

import argparse
import re

_DURATION = re.compile(r"(\d+(?:\.\d+)?)(ms|s|m|h|d)?")
_SECONDS = {"ms": 0.001, "s": 1.0, "m": 60.0, "h": 3600.0, "d": 86400.0, None: 1.0}


def parse_duration(text: str) -> float:
    """Seconds in a budget like "90s", "10m", "4h", "1h30m" or a bare number of seconds."""
    text = text.strip().lower()
    pos, total = 0, 0.0
    for match in _DURATION.finditer(text):
        if match.start() != pos:
            break
        total += float(match.group(1)) * _SECONDS[match.group(2)]
        pos = match.end()
    if not text or pos != len(text):
        raise ValueError(f"malformed duration {text!r}: use e.g. 90s, 10m, 4h or 1h30m")
    return total


def duration(text: str) -> float:
    try:
        return parse_duration(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _at_least(text: str, least: int) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < least:
        raise argparse.ArgumentTypeError(f"expected a number >= {least}, got {value}")
    return value


def positive_int(text: str) -> int:
    return _at_least(text, 1)


def non_negative_int(text: str) -> int:
    return _at_least(text, 0)


def worker_count(text: str) -> int | str:
    """A positive number of workers, or 'auto'."""
    return "auto" if text.strip() == "auto" else positive_int(text)


def rate(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a rate between 0 and 1, got {text!r}") from None
    if not 0.0 <= value <= 1.0:
        raise argparse.ArgumentTypeError(f"expected a rate between 0 and 1, got {value}")
    return value


def coverage_scope(text: str) -> str:
    """A --coverage-scope value (memcov.atlas.scope_prefixes), checked."""
    from memcov.atlas import scope_prefixes

    try:
        scope_prefixes(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text
