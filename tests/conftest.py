"""Every test gets its own bug memory: `tzer triage` remembers root causes across campaigns in a file
outside the campaign folder, which tests must neither read nor fill."""

import pytest

from tzer.triage.memory import MEMORY_VARIABLE


@pytest.fixture(autouse=True)
def own_bug_memory(tmp_path_factory, monkeypatch):
    monkeypatch.setenv(MEMORY_VARIABLE, str(tmp_path_factory.mktemp("memory") / "bugs.json"))
