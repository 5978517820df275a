"""Read a campaign folder written by `tzer fuzz -o OUT` (layout in ARCHITECTURE.md).

Everything here only reads: a campaign may still be running and writing while we look at it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from memcov.atlas import under
from tzer.campaign.stats import PLOT_COLUMNS, parse_fuzzer_stats
from tzer.vocabulary import FindingKind

LATER_COLUMNS = ("signatures", "analysis_execs")  # plot_data columns that campaigns of earlier tzer versions lack
# Derived on reading, not a column of the file: new distinct signatures in the hour up to each row.
SIGNATURES_LAST_HOUR = "signatures_last_hour"
HOUR = 3600.0

# Entries are written under a temporary name and renamed into place, so only `id_<n>` folders
# are complete entries.
_ENTRY = re.compile(r"id_\d+")


class CampaignError(Exception):
    """A campaign folder that cannot be read; str() is a one-line message naming the folder."""


@dataclass(frozen=True)
class PlotData:
    """The rows of `plot_data`, one numpy array per column, plus how many lines were dropped."""

    columns: dict[str, np.ndarray]
    dropped: int = 0

    def __getitem__(self, name: str) -> np.ndarray:
        return self.columns[name]

    def __len__(self) -> int:
        return len(self.columns["relative_time"])

    def final(self, name: str) -> float:
        """The last sample of a column (the campaign's final value for finished campaigns)."""
        return float(self.columns[name][-1])


@dataclass(frozen=True)
class Campaign:
    """What `tzer status` needs: fuzzer_stats, the findings on disk and the triaged bugs."""

    path: Path
    stats: dict[str, str]
    findings: dict[str, int] = field(default_factory=dict)
    bugs: int = 0

    def number(self, key: str, default: float | None = None) -> float | None:
        """A numeric fuzzer_stats value, or default when the key is absent or not a number."""
        try:
            return float(self.stats[key].rstrip("%"))
        except (KeyError, ValueError):
            return default

    @property
    def total_findings(self) -> int:
        return sum(self.findings.values())


def _read_text(out: Path, name: str) -> str:
    if not out.is_dir():
        raise CampaignError(f"{out}: not a campaign folder (no such directory)")
    path = out / name
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise CampaignError(f"{out}: no {name} (not a tzer campaign folder, or not started yet)") from None
    except (OSError, UnicodeDecodeError) as error:
        raise CampaignError(f"{out}: cannot read {name}: {error}") from None


def parse_plot_data(text: str, source: Path | str = "plot_data") -> PlotData:
    """Parse plot_data text; columns are found by header name so extra columns are harmless.

    Rows are appended while the campaign runs, so a campaign killed mid-write leaves a last line
    without its newline: that line is dropped even when it happens to parse, because its last
    number may be cut short. Blank lines and malformed rows (a resumed campaign appends after a
    cut line, gluing two rows together) are skipped and counted in `dropped`.
    """
    lines = text.split("\n")
    # After the final "\n" split() leaves "" (complete file) or the unfinished line.
    unfinished = lines.pop() != ""
    lines = [line.strip() for line in lines]
    while lines and not lines[0]:
        lines.pop(0)
    if not lines:
        raise CampaignError(f"{source}: plot_data has no complete header line")
    header = [name.strip() for name in lines[0].split(",")]
    missing = [name for name in PLOT_COLUMNS if name not in header and name not in LATER_COLUMNS]
    if missing:
        raise CampaignError(f"{source}: plot_data header lacks {', '.join(missing)}")
    # A campaign written before a column existed reads as 0 in it.
    header_with_later = header + [name for name in LATER_COLUMNS if name not in header]
    index = [header_with_later.index(name) for name in PLOT_COLUMNS]
    rows: list[list[float]] = []
    dropped = int(unfinished)
    for line in lines[1:]:
        if not line:
            continue
        fields = line.split(",")
        try:
            if len(fields) != len(header):
                raise ValueError(line)
            values = [*fields, *("0" * (len(header_with_later) - len(header)))]
            rows.append([float(values[i]) for i in index])
        except ValueError:
            dropped += 1
    table = np.array(rows, dtype=float).reshape(len(rows), len(PLOT_COLUMNS))
    columns = {name: table[:, i] for i, name in enumerate(PLOT_COLUMNS)}
    columns[SIGNATURES_LAST_HOUR] = new_in_last_hour(columns["relative_time"], columns["signatures"])
    return PlotData(columns, dropped)


def new_in_last_hour(times: np.ndarray, counts: np.ndarray) -> np.ndarray:
    """At each row, how much a running count (distinct signatures) grew in the hour before it: the
    rate of discovery that tells a user back from a night's run whether the campaign still finds."""
    earlier = np.searchsorted(times, times - HOUR, side="right") - 1
    base = np.where(earlier >= 0, counts[np.maximum(earlier, 0)], 0.0)
    return counts - base


def read_plot_data(out: Path) -> PlotData:
    out = Path(out)
    return parse_plot_data(_read_text(out, "plot_data"), out)


def _entries(folder: Path) -> int:
    try:
        return sum(1 for entry in folder.iterdir() if entry.is_dir() and _ENTRY.fullmatch(entry.name))
    except FileNotFoundError:
        return 0


def count_findings(out: Path) -> dict[str, int]:
    """Complete finding folders per kind (kinds with no folder count 0)."""
    return {kind.folder: _entries(Path(out) / kind.folder) for kind in FindingKind}


def count_bugs(out: Path) -> int:
    """Bug folders written by `tzer triage` under OUT/bugs/ (0 before triage)."""
    try:
        return sum(1 for entry in (Path(out) / "bugs").iterdir() if entry.is_dir())
    except FileNotFoundError:
        return 0


def load_campaign(out: Path) -> Campaign:
    out = Path(out)
    stats = parse_fuzzer_stats(_read_text(out, "fuzzer_stats"))
    if not stats:
        raise CampaignError(f"{out}: fuzzer_stats holds no 'key : value' line")
    try:
        return Campaign(out, stats, count_findings(out), count_bugs(out))
    except OSError as error:
        raise CampaignError(f"{out}: cannot list findings: {error}") from None


def read_plot_dirs(out: Path, directories: tuple[str, ...]) -> PlotData:
    """plot_dirs summed into `directories` (each row of plot_dirs counts under the one it lies in):
    per sample time, the share of each directory's blocks covered, in percent."""
    out = Path(out)
    if out.is_dir() and (out / "plot_data").exists() and not (out / "plot_dirs").exists():
        raise CampaignError(f"{out}: no plot_dirs (written by campaigns of tzer since --coverage-scope, with a "
                            "breakpoint backend)")
    samples: dict[float, dict[str, list[int]]] = {}
    dropped = 0
    for line in _read_text(out, "plot_dirs").splitlines()[1:]:
        try:
            time_text, name, covered, blocks = line.split(",")
            counts = samples.setdefault(float(time_text), {})
            owner = next((d for d in directories if under(name, (d,))), None)
            if owner is not None:
                total = counts.setdefault(owner, [0, 0])
                total[0] += int(covered)
                total[1] += int(blocks)
        except ValueError:
            dropped += 1
    times = sorted(samples)
    columns = {"relative_time": np.array(times, dtype=float)}
    for directory in directories:
        pairs = [samples[t].get(directory, [0, 0]) for t in times]
        columns[directory] = np.array([100.0 * c / b if b else 0.0 for c, b in pairs])
    if not times:
        raise CampaignError(f"{out}: plot_dirs has no rows yet (a campaign with a --coverage-scope and an atlas "
                            "writes them)")
    return PlotData(columns, dropped)
