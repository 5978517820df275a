"""The declared layers hold (import-linter) and the tree is lint-clean (ruff)."""

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _run(tool, *args):
    # The virtualenv's own copy first: it may be used without being activated.
    beside = Path(sys.executable).with_name(tool)
    path = str(beside) if beside.exists() else shutil.which(tool)
    assert path, f"{tool} is not installed: pip install -e '.[test]'"
    return subprocess.run([path, *args], cwd=ROOT, capture_output=True, text=True, timeout=300)


def test_import_contracts_are_kept():
    done = _run("lint-imports")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 broken" in done.stdout


def test_ruff_is_clean():
    done = _run("ruff", "check", "tzer", "tirkit", "mutators", "memcov", "seeds", "tests", "experiments", "setup.py")
    assert done.returncode == 0, done.stdout + done.stderr
