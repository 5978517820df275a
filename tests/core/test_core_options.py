import pytest

from tzer.argtypes import parse_duration


@pytest.mark.parametrize("text, seconds", [("90s", 90), ("10m", 600), ("4h", 14400), ("1h30m", 5400),
                                           ("45", 45), ("1.5m", 90), ("250ms", 0.25), ("2d", 172800)])
def test_durations(text, seconds):
    assert parse_duration(text) == pytest.approx(seconds)


@pytest.mark.parametrize("text", ["", "10x", "m", "-5s", "ten minutes", "5s 3"])
def test_malformed_durations_raise(text):
    with pytest.raises(ValueError, match="malformed duration"):
        parse_duration(text)


def test_auto_jobs_is_one_worker_per_usable_core_that_fits_in_memory(monkeypatch):
    import os

    import psutil

    from tzer.options import auto_jobs

    monkeypatch.setattr(os, "sched_getaffinity", lambda _pid: {0, 1, 2, 3})
    assert auto_jobs(4096) == min(4, psutil.virtual_memory().total // (4096 << 20))
    assert auto_jobs(psutil.virtual_memory().total >> 20) == 1  # one worker's limit takes all memory


def test_jobs_defaults_to_auto_and_takes_a_number():
    from tzer.cli import UsageError, build_parser
    from tzer.options import auto_jobs, options_from

    argv = ["fuzz", "-o", "out"]
    assert options_from(build_parser().parse_args(argv), argv).jobs == auto_jobs(4096)
    argv = ["fuzz", "-o", "out", "-j", "3"]
    assert options_from(build_parser().parse_args(argv), argv).jobs == 3
    with pytest.raises(UsageError, match="expected a whole number, got 'some'"):
        build_parser().parse_args(["fuzz", "-o", "out", "-j", "some"])
