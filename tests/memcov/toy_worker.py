"""Worker for the toy libraries: attach memcov first, then run `function int...` lines from stdin.

A line that starts with `off` runs with recording off, as the fuzzer's harness runs its own work."""

import ctypes
import sys

import memcov

probe = memcov.attach_worker()
library = ctypes.CDLL(sys.argv[1])
print(f"ready {probe.armed}", flush=True)
for line in sys.stdin:
    words = line.split()
    recording = words[0] != "off"
    function, *args = words if recording else words[1:]
    with probe.recording(recording):
        result = getattr(library, function)(*map(int, args))
    print(f"done {result}", flush=True)
