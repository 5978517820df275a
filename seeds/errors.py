"""Errors of the seeds package."""

from __future__ import annotations


class SeedError(Exception):
    """A seed folder cannot be used (missing, or holding no .py files); the message is one line."""
