"""Worker that compiles TIR functions under memcov, one `VERB NAME` line from stdin at a time.

`compile NAME` compiles for llvm; `harness NAME` runs the fuzzer's harness on it (printing and
verifying it, then the build); `print NAME` prints its TVMScript with recording on."""

import sys

import memcov

probe = memcov.attach_worker()

import tvm  # noqa: E402
from tvm import te, topi  # noqa: E402


def build(name: str) -> tvm.tirx.PrimFunc:
    if name == "add":
        a = te.placeholder((64,), "float32", name="A")
        return te.create_prim_func([a, te.compute((64,), lambda i: a[i] + 1.0, name="B")])
    if name == "softmax":
        a = te.placeholder((4, 32), "float32", name="A")
        return te.create_prim_func([a, topi.nn.softmax(a)])
    if name == "argmax":
        a = te.placeholder((8, 16), "int32", name="A")
        return te.create_prim_func([a, topi.argmax(a, axis=1)])
    if name == "matmul":
        a = te.placeholder((16, 16), "float32", name="A")
        b = te.placeholder((16, 16), "float32", name="B")
        return te.create_prim_func([a, b, topi.matmul(a, b)])
    raise ValueError(name)


from tirkit.script import to_script  # noqa: E402
from tzer.execution.harness import Harness  # noqa: E402

harness = Harness(report=lambda _event: None, probe=probe)
print(f"ready {probe.armed}", flush=True)
for line in sys.stdin:
    verb, name = line.split()
    if verb == "compile":
        tvm.compile(build(name), target="llvm")
    elif verb == "harness":
        harness.run(build(name), [], {}, 0)
    else:
        to_script(build(name))
    print("done", flush=True)
