"""Drawing of `tzer plot` figures with matplotlib.

Kept apart from tzer.analysis.plot so that `tzer` (whose parser imports that module) does not load
matplotlib for every command. The figure is a bare matplotlib Figure (no pyplot): no display
backend is needed and no global matplotlib state of the calling process changes.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

import matplotlib
import numpy as np
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from tzer.analysis.campaign import SIGNATURES_LAST_HOUR, PlotData


class Panel(NamedTuple):
    column: str  # in plot_data
    title: str
    scale: float = 1.0
    steps: bool = False  # a count that jumps: drawn as steps, not slopes, for a single run
    ylim: tuple[float, float] | None = None


PANELS = (
    Panel("coverage", "Coverage"),
    Panel("corpus", "Corpus size"),
    Panel("signatures", "Distinct finding signatures", steps=True),
    Panel("execs_per_sec", "Executions per second"),
    Panel("findings", "Findings (every saved example)", steps=True),
    Panel("analysis_execs", "Analysis tests (tzer/arith)"),
    Panel(SIGNATURES_LAST_HOUR, "New signatures in the past hour", steps=True),
)
GRID_POINTS = 256
# Set explicitly so that a user's matplotlibrc (a dark style, say) cannot make the figure unreadable.
STYLE = {
    "figure.facecolor": "white",
    "axes.facecolor": "white",
    "savefig.facecolor": "white",
    "axes.edgecolor": "#333333",
    "axes.labelcolor": "#111111",
    "text.color": "#111111",
    "xtick.color": "#333333",
    "ytick.color": "#333333",
    "axes.grid": True,
    "grid.color": "#dddddd",
    "grid.linewidth": 0.8,
    "font.size": 10,
    "axes.titlesize": 11,
    "axes.titleweight": "bold",
    "lines.linewidth": 1.8,
    # Keep SVG text as text (searchable, editable) instead of outlines.
    "svg.fonttype": "none",
}
# tab10 gives ten distinct colours; further series reuse them with another dash pattern.
LINESTYLES = ("-", "--", ":", "-.")


def _time_scale(seconds: float) -> tuple[float, str]:
    if seconds <= 120:
        return 1.0, "s"
    if seconds <= 2 * 3600:
        return 60.0, "min"
    return 3600.0, "h"


def _x_values(data: PlotData, x: str, time_divisor: float) -> np.ndarray:
    return data["execs"] if x == "execs" else data["relative_time"] / time_divisor


def _envelope(xs: list[np.ndarray], ys: list[np.ndarray]) -> tuple[np.ndarray, ...]:
    """Mean, min and max of repeated runs on a common grid spanning the x range all runs cover."""
    lo = max(float(x[0]) for x in xs)
    hi = min(float(x[-1]) for x in xs)
    grid = np.linspace(lo, hi, GRID_POINTS) if hi > lo else np.array([hi])
    stacked = np.vstack([np.interp(grid, x, y) for x, y in zip(xs, ys, strict=True)])
    return grid, stacked.mean(axis=0), stacked.min(axis=0), stacked.max(axis=0)


def directory_panels(directories: Sequence[str]) -> tuple[Panel, ...]:
    """One panel per directory of a plot_dirs figure (tzer.analysis.campaign.read_plot_dirs)."""
    return tuple(Panel(directory, f"{directory}: % of its blocks covered") for directory in directories)


def _draw(axes: Sequence[Axes], label: str, runs: list[PlotData], x: str, divisor: float, index: int,
          panels: Sequence[Panel]) -> None:
    colour = matplotlib.colormaps["tab10"](index % 10)
    style = {"color": colour, "linestyle": LINESTYLES[index // 10 % len(LINESTYLES)]}
    xs = [_x_values(run, x, divisor) for run in runs]
    if len(runs) > 1:
        label = f"{label} (mean of {len(runs)}, min-max band)"
    for ax, panel in zip(axes, panels, strict=True):
        ys = [run[panel.column] * panel.scale for run in runs]
        if len(runs) == 1:
            line_x, line_y = xs[0], ys[0]
        else:
            line_x, line_y, low, high = _envelope(xs, ys)
            ax.fill_between(line_x, low, high, color=colour, alpha=0.2, linewidth=0, zorder=1)
        # A single sample draws no line segment, so mark it. Lines sit above every band.
        ax.plot(line_x, line_y, label=label, marker="o" if len(line_x) == 1 else None, zorder=3,
                drawstyle="steps-post" if panel.steps and len(runs) == 1 else "default", **style)


def draw(groups: Sequence[tuple[str, list[PlotData]]], output: Path, fmt: str, x: str,
         panels: Sequence[Panel] = PANELS) -> None:
    """One figure of progress panels; each group is one line, or mean and band when it has several runs."""
    longest = max(run.final("relative_time") for _, runs in groups for run in runs)
    divisor, unit = _time_scale(longest)
    xlabel = "executions" if x == "execs" else f"time ({unit})"
    with matplotlib.rc_context(STYLE):
        rows = (len(panels) + 2) // 2  # the panels and the legend, two a row
        figure = Figure(figsize=(12, 3.4 * rows), layout="constrained")
        grid = figure.subplots(rows, 2)
        axes, legend_ax = list(grid.flat[: len(panels)]), grid.flat[len(panels)]
        for spare in grid.flat[len(panels) + 1:]:
            spare.set_visible(False)
        for index, (label, runs) in enumerate(groups):
            _draw(axes, label, runs, x, divisor, index, panels)
        for ax, panel in zip(axes, panels, strict=True):
            ax.set_title(panel.title)
            ax.set_xlabel(xlabel)
            if panel.ylim:
                ax.set_ylim(*panel.ylim)
        # The sixth cell is free: hold the legend there rather than covering a curve.
        legend_ax.axis("off")
        handles, names = axes[0].get_legend_handles_labels()
        legend_ax.legend(handles, names, loc="center", frameon=False, fontsize=10 if len(names) <= 12 else 8)
        output.parent.mkdir(parents=True, exist_ok=True)
        figure.savefig(output, format=fmt, dpi=120)
