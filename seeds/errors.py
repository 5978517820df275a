"""Errors of the seeds package, and the one-line form of any error that reports and tables use."""

from __future__ import annotations


class SeedError(Exception):
    """A seed folder cannot be used (missing, or holding no .py files); the message is one line."""


def first_line(err: BaseException) -> str:
    """`Type: first non-empty message line`; TVM appends whole TVMScript listings after it."""
    lines = [line.strip() for line in str(err).splitlines() if line.strip()]
    return f"{type(err).__name__}: {lines[0]}" if lines else type(err).__name__
