"""ctypes bindings of libmemcov.so and libbpcov.so, and the shared-memory header they both use.

The header mirrors `struct memcov_header` in csrc/memcov.h; change both together.
"""

from __future__ import annotations

import ctypes
import os
from functools import cache
from pathlib import Path

HEADER_SIZE = 65536
MAGIC = 0x32766F636D656D
MAX_MODULES = 200
PATH_MAX = 256
# OUT_OF_SCOPE: outside the code under test (GlobalMap.restrict); like EXCLUDED, never new, never armed.
UNCOVERED, COVERED, EXCLUDED, OUT_OF_SCOPE = 0, 1, 2, 3

PACKAGE_DIR = Path(__file__).resolve().parent
MEMCOV_LIBRARY = PACKAGE_DIR / "libmemcov.so"
BPCOV_LIBRARY = PACKAGE_DIR / "libbpcov.so"


class ModuleRecord(ctypes.Structure):
    _fields_ = [("first", ctypes.c_uint64), ("count", ctypes.c_uint64), ("path", ctypes.c_char * PATH_MAX)]


class Header(ctypes.Structure):
    _fields_ = [
        ("magic", ctypes.c_uint64),
        ("capacity", ctypes.c_uint64),
        ("used", ctypes.c_uint64),
        ("nlog", ctypes.c_uint64),
        ("log_offset", ctypes.c_uint64),
        ("nmodules", ctypes.c_uint64),
        ("modules", ModuleRecord * MAX_MODULES),
    ]


_u8p = ctypes.c_void_p
_u64 = ctypes.c_uint64


def _load(path: Path) -> ctypes.CDLL:
    if not path.exists():
        raise ImportError(f"{path} is missing: build memcov with `pip install -e .` in the tzer checkout")
    # RTLD_GLOBAL: an instrumented library's DT_NEEDED on libmemcov.so then binds to this very copy.
    return ctypes.CDLL(str(path), mode=os.RTLD_GLOBAL)


@cache
def memcov() -> ctypes.CDLL:
    lib = _load(MEMCOV_LIBRARY)
    lib.memcov_attach.argtypes, lib.memcov_attach.restype = [], _u64
    lib.memcov_merge.argtypes, lib.memcov_merge.restype = [_u8p, _u8p, _u64], _u64
    lib.memcov_merge_indices.argtypes, lib.memcov_merge_indices.restype = [_u8p, _u64, _u8p, _u64], _u64
    lib.memcov_clear_indices.argtypes, lib.memcov_clear_indices.restype = [_u8p, _u8p, _u64, _u64], None
    lib.memcov_count.argtypes, lib.memcov_count.restype = [_u8p, _u64, ctypes.c_uint8], _u64
    lib.memcov_record.argtypes, lib.memcov_record.restype = [ctypes.c_int], ctypes.c_int
    return lib


@cache
def bpcov() -> ctypes.CDLL:
    lib = _load(BPCOV_LIBRARY)
    lib.bpcov_arm.argtypes = [ctypes.c_void_p, ctypes.c_char_p, _u64, _u64, _u64, _u64, _u8p, ctypes.c_char_p]
    lib.bpcov_arm.restype = ctypes.c_long
    lib.bpcov_error.argtypes, lib.bpcov_error.restype = [], ctypes.c_char_p
    lib.bpcov_record.argtypes, lib.bpcov_record.restype = [ctypes.c_int], ctypes.c_int
    lib.bpcov_logged.argtypes, lib.bpcov_logged.restype = [], _u64
    return lib
