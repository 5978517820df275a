"""The C map utilities shared by every backend, on maps of campaign size."""

import numpy as np

from memcov import native

N = 2_000_000


def _address(array: np.ndarray) -> int:
    return array.ctypes.data


def test_merge_counts_only_uncovered_entries_and_keeps_exclusions():
    rng = np.random.default_rng(1)
    current = (rng.random(N) < 0.05).astype(np.uint8) * rng.integers(1, 255, N, dtype=np.uint8)
    glob = rng.choice(np.array([0, 1, 2], dtype=np.uint8), N, p=[0.9, 0.07, 0.03])
    expected_new = int(np.count_nonzero((current != 0) & (glob == 0)))
    expected = np.where((current != 0) & (glob == 0), 1, glob).astype(np.uint8)

    fresh = native.memcov().memcov_merge(_address(current), _address(glob), N)

    assert fresh == expected_new > 0
    assert np.array_equal(glob, expected)
    assert native.memcov().memcov_merge(_address(current), _address(glob), N) == 0


def test_merge_handles_lengths_that_are_not_multiples_of_eight():
    current = np.ones(13, dtype=np.uint8)
    glob = np.zeros(13, dtype=np.uint8)
    assert native.memcov().memcov_merge(_address(current), _address(glob), 11) == 11
    assert glob.tolist() == [1] * 11 + [0, 0]


def test_merge_indices_ignores_duplicates_exclusions_and_out_of_range():
    rng = np.random.default_rng(2)
    glob = rng.choice(np.array([0, 1, 2], dtype=np.uint8), N, p=[0.9, 0.07, 0.03])
    indices = rng.integers(0, N + 1000, 300_000).astype(np.uint32)
    valid = indices[indices < N]
    expected_new = len(np.unique(valid[glob[valid] == 0]))
    expected = glob.copy()
    expected[valid[glob[valid] == 0]] = 1

    fresh = native.memcov().memcov_merge_indices(_address(indices), len(indices), _address(glob), N)

    assert fresh == expected_new > 0
    assert np.array_equal(glob, expected)


def test_count_and_clear_indices():
    rng = np.random.default_rng(3)
    entries = rng.choice(np.array([0, 1, 2], dtype=np.uint8), N)
    for value in (0, 1, 2):
        assert native.memcov().memcov_count(_address(entries), N, value) == np.count_nonzero(entries == value)
    indices = np.flatnonzero(entries == 1)[:1000].astype(np.uint32)
    native.memcov().memcov_clear_indices(_address(entries), _address(indices), len(indices), N)
    assert not entries[indices].any()


def test_regions_of_a_killed_parent_are_removed(tmp_path):
    import os
    import subprocess
    import sys

    from memcov.shm import SHM_DIR, remove_stale_regions

    child = subprocess.run([sys.executable, "-c", "import os, memcov; b = memcov.open_backend('none');"
                            "b.new_worker_map(); print(os.getpid(), flush=True); os._exit(0)"],
                           capture_output=True, text=True, check=True)
    pid = child.stdout.strip()
    leaked = [name for name in os.listdir(SHM_DIR) if name.startswith(f"tzer-memcov-{pid}-")]
    assert leaked, "the child should have left its regions behind"
    assert remove_stale_regions() >= len(leaked)
    assert not [name for name in os.listdir(SHM_DIR) if name.startswith(f"tzer-memcov-{pid}-")]
