"""`--sync`: campaigns in one sync folder share their favoured entries, as AFL's -M/-S instances do."""

import json

from test_core_fuzz import good_seeds, stats, tzer  # noqa: F401  (good_seeds is a fixture)

from tzer.campaign.sync import new_entries


def test_a_campaign_runs_its_siblings_favoured_entries_once_and_keeps_what_is_new_here(
        tmp_path, good_seeds):  # noqa: F811
    sync = tmp_path / "sync"
    common = ["--no-progress", "-j", "1", "--targets", "llvm", "--analysis-share", "0"]
    first = tzer("fuzz", "-o", sync / "a", "--seeds", good_seeds, "--execs", 25, "--seed", 1, *common)
    assert first.returncode == 0, first.stderr
    # The second starts from the empty function, so the first's entries reach code it has not.
    second = tzer("fuzz", "-o", sync / "b", "--seeds", "none", "--execs", 15, "--seed", 2, "--sync",
                  "--sync-every", "0s", *common)
    assert second.returncode == 0, second.stderr
    assert "sync:" in second.stderr and "favoured entries of the campaigns beside" in second.stderr
    values = stats(sync / "b")
    imported, kept = int(values["sync_imported"]), int(values["sync_kept"])
    assert 0 < kept <= imported
    metas = [json.loads(path.read_text()) for path in (sync / "b" / "queue").glob("id_*/meta.json")]
    synced = [meta for meta in metas if meta.get("origin") == "sync"]
    assert len(synced) == kept
    assert all(meta["name"].startswith("a/id_") and (sync / "a" / "queue" / meta["name"][2:]).is_dir()
               for meta in synced)
    # Resumed, it reads on from where it left off (entries read but not run yet are read again):
    # no entry of the first is run twice.
    again = tzer("fuzz", "-o", sync / "b", "--resume", "--execs", 30, "--sync", "--sync-every", "0s", *common)
    assert again.returncode == 0, again.stderr
    eligible = len(list(new_entries(sync / "b", {})))
    assert imported <= int(stats(sync / "b")["sync_imported"]) <= eligible
    names = [json.loads(path.read_text()).get("name") for path in (sync / "b" / "queue").glob("id_*/meta.json")]
    synced_names = [name for name in names if name and name.startswith("a/")]
    assert len(synced_names) == len(set(synced_names)) == int(stats(sync / "b")["sync_kept"])
