"""Worker for the toy libraries: attach memcov first, then run `function int...` lines from stdin."""

import ctypes
import sys

import memcov

probe = memcov.attach_worker()
library = ctypes.CDLL(sys.argv[1])
print(f"ready {probe.armed}", flush=True)
for line in sys.stdin:
    function, *args = line.split()
    print(f"done {getattr(library, function)(*map(int, args))}", flush=True)
