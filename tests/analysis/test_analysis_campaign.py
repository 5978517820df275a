import math

import numpy as np
import pytest

from tzer.analysis.campaign import (
    CampaignError,
    count_bugs,
    count_findings,
    load_campaign,
    parse_plot_data,
    read_plot_data,
)
from tzer.campaign.stats import parse_fuzzer_stats

HEADER = "relative_time,execs,execs_per_sec,coverage,corpus,valid_rate,findings\n"


def test_plot_data_numbers(make_campaign):
    data = read_plot_data(make_campaign(rows=20, seconds=300, coverage=1000, rate=100))
    assert len(data) == 20 and data.dropped == 0
    assert data["relative_time"][0] == 15.0 and data.final("relative_time") == 300.0
    assert data.final("execs") == 30000
    assert data.final("coverage") == int(1000 * math.log1p(20))
    assert data.final("corpus") == 30
    assert data.final("valid_rate") == pytest.approx(0.7)
    assert data.final("findings") == 4


def test_truncated_last_line_is_dropped_even_when_it_parses(make_campaign):
    # "315.0,...,4" could be a cut "315.0,...,42": without its newline the row is not trusted.
    data = read_plot_data(make_campaign(rows=20, truncated="315.0,31500,100.00,3050,31,0.710,4"))
    assert len(data) == 20 and data.dropped == 1
    assert data.final("relative_time") == 300.0


def test_truncated_mid_field(make_campaign):
    data = read_plot_data(make_campaign(rows=5, truncated="315.0,315"))
    assert len(data) == 5 and data.dropped == 1


def test_blank_lines_and_glued_rows_are_skipped():
    # A resumed campaign appends after a line cut by the kill: the two rows end up glued.
    text = HEADER + "\n1,10,10,5,1,0.5,0\n\n2,20,10,6,2,0.5,03,30,10,7,3,0.5,0\n4,40,10,8,4,0.5,1\n\n"
    data = parse_plot_data(text)
    assert list(data["relative_time"]) == [1.0, 4.0]
    assert list(data["coverage"]) == [5.0, 8.0]
    assert data.dropped == 1


def test_columns_are_found_by_name():
    text = ("findings,relative_time,extra,execs,execs_per_sec,coverage,corpus,valid_rate\n"
            "3,1.5,x,10,9,7,2,0.25\n")
    data = parse_plot_data(text)
    assert data["findings"][0] == 3 and data["coverage"][0] == 7 and data["valid_rate"][0] == 0.25


def test_header_only_gives_no_rows():
    data = parse_plot_data(HEADER)
    assert len(data) == 0 and data["coverage"].shape == (0,)
    assert isinstance(data["coverage"], np.ndarray)


@pytest.mark.parametrize("text, message", [
    ("", "no complete header"),
    ("relative_time,execs", "no complete header"),  # the header itself was cut
    ("relative_time,execs\n1,2\n", "header lacks execs_per_sec, coverage, corpus, valid_rate, findings"),
])
def test_bad_plot_data(text, message):
    with pytest.raises(CampaignError, match=message):
        parse_plot_data(text)


def test_missing_and_unreadable_files(tmp_path, make_campaign):
    with pytest.raises(CampaignError) as missing_dir:
        read_plot_data(tmp_path / "nope")
    assert str(missing_dir.value) == f"{tmp_path / 'nope'}: not a campaign folder (no such directory)"

    (tmp_path / "empty").mkdir()
    with pytest.raises(CampaignError, match="no plot_data"):
        read_plot_data(tmp_path / "empty")
    with pytest.raises(CampaignError, match="no fuzzer_stats"):
        load_campaign(tmp_path / "empty")

    out = make_campaign()
    (out / "plot_data").unlink()
    (out / "plot_data").mkdir()  # unreadable even as root
    with pytest.raises(CampaignError) as unreadable:
        read_plot_data(out)
    assert str(unreadable.value).startswith(f"{out}: cannot read plot_data: ")
    assert "\n" not in str(unreadable.value)


def test_fuzzer_stats_parsing():
    stats = parse_fuzzer_stats("start_time        : 1790000000\n"
                               "command_line      : tzer fuzz -o a:b\n\njunk\nvalid_rate : 87.5%\n")
    assert stats == {"start_time": "1790000000", "command_line": "tzer fuzz -o a:b", "valid_rate": "87.5%"}


def test_findings_and_bugs_count_complete_folders_only(make_campaign):
    out = make_campaign(findings={"crashes": 3, "inconsistencies": 1}, bugs=2)
    (out / "crashes" / ".tmp_id_000009").mkdir()  # still being written
    (out / "crashes" / "README.txt").write_text("not an entry")
    counts = count_findings(out)
    assert counts["crashes"] == 3 and counts["inconsistencies"] == 1 and counts["hangs"] == 0
    assert count_bugs(out) == 2

    campaign = load_campaign(out)
    assert campaign.total_findings == 4 and campaign.bugs == 2
    assert campaign.number("coverage_total") == 100000
    assert campaign.number("valid_rate") == pytest.approx(0.7)
    assert campaign.number("missing", 7.0) == 7.0
    assert campaign.number("command_line") is None
