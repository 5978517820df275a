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


def test_in_a_large_sync_folder_a_campaign_reads_log2_n_siblings_and_every_campaign_is_reached(tmp_path):
    from tzer.campaign.sync import siblings

    names = [f"node{i:03d}" for i in range(100)]
    for name in names:
        (tmp_path / name / "queue").mkdir(parents=True)
    (tmp_path / "notes").mkdir()  # not a campaign
    reads = {name: [path.name for path in siblings(tmp_path / name)] for name in names}
    assert reads["node000"] == ["node001", "node002", "node004", "node008", "node016", "node032", "node064"]
    assert all(len(peers) == 7 and name not in peers for name, peers in reads.items())
    # What node000 keeps, its readers keep in turn: within 7 syncs it reaches every campaign.
    reached, frontier = {"node000"}, {"node000"}
    for _ in range(7):
        frontier = {reader for reader, peers in reads.items() if frontier & set(peers)} - reached
        reached |= frontier
    assert reached == set(names)
    small = tmp_path / "small"
    for name in ("a", "b", "c"):
        (small / name / "queue").mkdir(parents=True)
    assert [path.name for path in siblings(small / "b")] == ["a", "c"]
