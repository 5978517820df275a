"""`tzer plot`: one figure of campaign progress read from each OUT/plot_data.

matplotlib is loaded only when a figure is drawn (tzer.analysis.figure): `tzer` imports this
module to build its parser, and the other commands should not pay for matplotlib.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from memcov.atlas import TIR_DIRECTORIES
from tzer.analysis.campaign import CampaignError, PlotData, read_plot_data, read_plot_dirs

FORMATS = ("png", "svg", "pdf")
X_AXES = ("time", "execs")


def resolve_output(output: Path, fmt: str | None) -> tuple[Path, str]:
    """The file to write and its format: --format wins, else the suffix, else PNG."""
    suffix = output.suffix.lower().lstrip(".")
    if fmt is None:
        fmt = suffix if suffix in FORMATS else "png"
    elif fmt not in FORMATS:
        raise ValueError(f"unknown format {fmt!r} (choose from {', '.join(FORMATS)})")
    elif suffix in FORMATS and suffix != fmt:
        raise ValueError(f"output {output} has suffix .{suffix} but --format is {fmt}")
    if suffix != fmt:
        output = output.with_name(output.name + "." + fmt)
    return output, fmt


def default_labels(outs: Sequence[Path], group: bool) -> list[str]:
    """Folder names; in group mode the parent's name, for the OUT/<config>/rep<i> layout of studies."""
    outs = [Path(out).resolve() for out in outs]
    if group:
        return [out.parent.name for out in outs]
    names = [out.name for out in outs]
    if len(set(names)) == len(names):
        return names
    # Same folder name in different places (a/rep0, b/rep0): keep the parent to tell them apart.
    return [f"{out.parent.name}/{out.name}" for out in outs]


def _group(labels: Sequence[str], data: Sequence[PlotData], group: bool) -> list[tuple[str, list[PlotData]]]:
    if not group:
        return [(label, [d]) for label, d in zip(labels, data, strict=True)]
    groups: dict[str, list[PlotData]] = {}
    for label, d in zip(labels, data, strict=True):
        groups.setdefault(label, []).append(d)
    return list(groups.items())


def plot(
    outs: Sequence[Path],
    output: Path,
    labels: Sequence[str] | None = None,
    x: str = "time",
    fmt: str | None = None,
    group: bool = False,
    directories: bool = False,
) -> Path:
    """Draw the progress panels of the campaigns in `outs` into `output`; returns the file written.

    With `group`, campaigns sharing a label are repeated runs of one configuration and are drawn
    as their mean with a min-max band. Raises CampaignError for an unreadable campaign and
    ValueError for bad arguments. With `directories`, the panels are the coverage of TVM's TIR
    directories (plot_dirs) instead of the campaign's progress.
    """
    if not outs:
        raise ValueError("no campaign folder given")
    if x not in X_AXES:
        raise ValueError(f"unknown x axis {x!r} (choose from {', '.join(X_AXES)})")
    output, fmt = resolve_output(Path(output), fmt)
    labels = list(labels) if labels else default_labels(outs, group)
    if len(labels) != len(outs):
        raise ValueError(f"{len(labels)} labels for {len(outs)} campaigns")
    if directories and x == "execs":
        raise ValueError("the directory figure has time on its x axis only")
    data = [read_plot_dirs(Path(out), TIR_DIRECTORIES) if directories else read_plot_data(Path(out)) for out in outs]
    for out, d in zip(outs, data, strict=True):
        if len(d) == 0:
            raise CampaignError(f"{out}: plot_data has no rows yet")

    from tzer.analysis.figure import PANELS, directory_panels, draw  # loads matplotlib; see the module docstring

    draw(_group(labels, data, group), output, fmt, x, directory_panels(TIR_DIRECTORIES) if directories else PANELS)
    return output


def add_plot_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("outs", metavar="OUT", nargs="+", type=Path, help="campaign folders")
    parser.add_argument("-o", "--output", type=Path, default=Path("tzer-plot"),
                        help="figure file; its suffix picks the format unless --format is given "
                             "(default: tzer-plot.png)")
    parser.add_argument("--labels", nargs="+", metavar="L",
                        help="one legend label per OUT, given after the OUT folders (default: the folder "
                             "names)")
    parser.add_argument("--x", choices=X_AXES, default="time", help="x axis (default: time)")
    parser.add_argument("--format", choices=FORMATS, dest="fmt", help="figure format")
    parser.add_argument("--group", action="store_true",
                        help="campaigns sharing a label are repeated runs: draw their mean and min-max "
                             "band (default label: the parent folder, as in OUT/<config>/rep<i>)")
    parser.add_argument("--dirs", action="store_true",
                        help="plot the coverage of each TIR directory of TVM (from OUT/plot_dirs) instead")


def run_plot(args: argparse.Namespace) -> int:
    try:
        written = plot(args.outs, args.output, labels=args.labels, x=args.x, fmt=args.fmt, group=args.group,
                       directories=args.dirs)
    except (CampaignError, ValueError) as error:
        print(f"tzer plot: {error}", file=sys.stderr)
        return 1
    except OSError as error:
        print(f"tzer plot: cannot write {args.output}: {error}", file=sys.stderr)
        return 1
    print(written)
    return 0
