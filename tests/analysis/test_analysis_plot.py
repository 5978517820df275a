import argparse
from pathlib import Path

import numpy as np
import pytest

from tzer.analysis.campaign import CampaignError, read_plot_dirs
from tzer.analysis.figure import _envelope
from tzer.analysis.plot import add_plot_arguments, default_labels, plot, resolve_output, run_plot

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == PNG_MAGIC and data[12:16] == b"IHDR"
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def cli(*argv: str) -> int:
    parser = argparse.ArgumentParser(prog="tzer plot")
    add_plot_arguments(parser)
    return run_plot(parser.parse_args([str(a) for a in argv]))


def test_png_of_a_truncated_campaign(make_campaign, tmp_path):
    out = make_campaign(truncated="315.0,31500,10")
    written = plot([out], tmp_path / "fig.png")
    assert written == tmp_path / "fig.png"
    assert png_size(written) == (1440, 1632)  # 12x13.6 inches at 120 dpi: six panels and the legend


def test_overlay_svg_has_a_legend_entry_per_campaign(make_campaign, tmp_path):
    a, b = make_campaign("a"), make_campaign("b", coverage=1500, rate=50)
    svg = plot([a, b], tmp_path / "fig.svg", labels=["baseline", "joint IR-pass"])
    text = svg.read_text()
    assert text.lstrip().startswith("<?xml") and "<svg" in text
    assert "baseline" in text and "joint IR-pass" in text
    for title in ("Coverage", "Corpus size", "Distinct finding signatures", "Executions per second", "Findings",
                  "Analysis tests"):
        assert title in text
    assert "time (min)" in text  # 300 s campaigns are drawn in minutes


def test_pdf_and_execs_axis(make_campaign, tmp_path):
    pdf = plot([make_campaign()], tmp_path / "fig", x="execs", fmt="pdf")
    assert pdf == tmp_path / "fig.pdf"
    assert pdf.read_bytes().startswith(b"%PDF-")


def test_group_mode(make_campaign, tmp_path):
    outs = [make_campaign(f"cfg{c}/rep{r}", coverage=1000 + 100 * r + 500 * c, seconds=290 + 5 * r)
            for c in (1, 2) for r in range(3)]
    svg = plot(outs, tmp_path / "group.svg", group=True)
    text = svg.read_text()
    # Default labels in group mode are the parent folders: one legend entry per configuration.
    assert text.count("cfg1 (mean of 3, min-max band)") == 1
    assert text.count("cfg2 (mean of 3, min-max band)") == 1
    assert "rep0" not in text
    png_size(plot(outs, tmp_path / "group.png", group=True))


def test_envelope_on_common_grid():
    xs = [np.array([0.0, 10.0]), np.array([0.0, 5.0, 12.0])]
    ys = [np.array([0.0, 10.0]), np.array([0.0, 10.0, 10.0])]
    grid, mean, low, high = _envelope(xs, ys)
    assert grid[0] == 0.0 and grid[-1] == 10.0  # only the span both runs cover
    at5 = np.searchsorted(grid, 5.0)
    assert grid[at5] == pytest.approx(5.0, abs=0.05)
    assert low[at5] == pytest.approx(5.0, abs=0.05) and high[at5] == pytest.approx(10.0)
    assert mean[at5] == pytest.approx(7.5, abs=0.05)
    assert mean[-1] == high[-1] == low[-1] == 10.0


def test_resolve_output():
    assert resolve_output(Path("f.svg"), None) == (Path("f.svg"), "svg")
    assert resolve_output(Path("f"), None) == (Path("f.png"), "png")
    assert resolve_output(Path("f.v2"), "pdf") == (Path("f.v2.pdf"), "pdf")
    with pytest.raises(ValueError, match="suffix .png but --format is svg"):
        resolve_output(Path("f.png"), "svg")


def test_default_labels_tell_same_names_apart(tmp_path):
    outs = [tmp_path / "a" / "rep0", tmp_path / "b" / "rep0"]
    assert default_labels(outs, group=False) == ["a/rep0", "b/rep0"]
    assert default_labels(outs, group=True) == ["a", "b"]
    assert default_labels([tmp_path / "x", tmp_path / "y"], group=False) == ["x", "y"]


def test_cli_writes_and_prints_the_file(make_campaign, tmp_path, capsys):
    assert cli(make_campaign(), "-o", tmp_path / "cli", "--format", "svg") == 0
    assert capsys.readouterr().out.strip() == str(tmp_path / "cli.svg")
    assert (tmp_path / "cli.svg").read_text().count("<svg") == 1


def test_cli_unreadable_folder(make_campaign, tmp_path, capsys):
    good = make_campaign()
    assert cli(good, tmp_path / "missing", "-o", tmp_path / "x.png") == 1
    err = capsys.readouterr().err
    assert err == f"tzer plot: {tmp_path / 'missing'}: not a campaign folder (no such directory)\n"
    assert not (tmp_path / "x.png").exists()


def test_cli_argument_errors(make_campaign, tmp_path, capsys):
    out = make_campaign()
    assert cli(out, "--labels", "a", "b", "-o", tmp_path / "x.png") == 1
    assert capsys.readouterr().err == "tzer plot: 2 labels for 1 campaigns\n"
    assert cli(out, "-o", tmp_path / "x.png", "--format", "pdf") == 1
    assert "suffix .png but --format is pdf" in capsys.readouterr().err


def test_campaign_without_rows(tmp_path):
    (tmp_path / "new").mkdir()
    header = "relative_time,execs,execs_per_sec,coverage,corpus,valid_rate,findings\n"
    (tmp_path / "new" / "plot_data").write_text(header)
    with pytest.raises(CampaignError, match="no rows yet"):
        plot([tmp_path / "new"], tmp_path / "x.png")


def test_the_directory_figure_sums_each_tir_directory_from_plot_dirs(make_campaign, tmp_path):
    out = make_campaign("dirs")
    with pytest.raises(CampaignError, match="no plot_dirs"):
        plot([out], tmp_path / "none.svg", directories=True)
    (out / "plot_dirs").write_text("relative_time,directory,covered,blocks\n"
                                   "60.0,src/tirx/transform,10,100\n60.0,src/tirx/ir,30,100\n60.0,llvm,5,10\n"
                                   "120.0,src/tirx/transform,50,100\n120.0,src/tirx/ir,50,100\nbroken line\n")
    data = read_plot_dirs(out, ("src/tirx", "src/sym"))
    assert data["relative_time"].tolist() == [60.0, 120.0] and data.dropped == 1
    assert data["src/tirx"].tolist() == [20.0, 50.0] and data["src/sym"].tolist() == [0.0, 0.0]
    text = plot([out], tmp_path / "dirs.svg", directories=True).read_text()
    assert "src/tirx: % of its blocks covered" in text and "src/s_tir: % of its blocks covered" in text
    with pytest.raises(ValueError, match="time on its x axis"):
        plot([out], tmp_path / "dirs.svg", directories=True, x="execs")
