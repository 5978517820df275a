"""The campaign folder: a resumed campaign starts from complete entries only."""

import os
import signal
import subprocess
import sys
import textwrap

from tzer.campaign.folder import CampaignFolder
from tzer.vocabulary import FindingKind


def test_a_write_killed_before_its_rename_leaves_nothing_after_resume(tmp_path):
    out = tmp_path / "out"
    CampaignFolder.open(out, resume=False)
    # A real writer killed between its temporary folder and the rename, as `kill -9` leaves it.
    writer = textwrap.dedent(f"""
        import os, signal
        from pathlib import Path
        import tzer.campaign.files as files
        def killed(src, dst):
            os.kill(os.getpid(), signal.SIGKILL)
        files.os.replace = killed
        files.write_folder(Path({str(out / "queue" / "id_000007")!r}), {{"func.py": "x"}})
    """)
    proc = subprocess.run([sys.executable, "-c", writer], check=False)
    assert proc.returncode == -signal.SIGKILL
    (out / FindingKind.CRASH.folder / ".id_000002.abc.tmp").write_text("half")
    assert list((out / "queue").glob(".*.tmp"))
    folder = CampaignFolder.open(out, resume=True)
    assert not list(folder.queue.glob(".*.tmp"))
    assert not list((out / FindingKind.CRASH.folder).glob(".*.tmp"))
    assert not os.path.exists(out / "queue" / "id_000007")
