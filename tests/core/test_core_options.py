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
