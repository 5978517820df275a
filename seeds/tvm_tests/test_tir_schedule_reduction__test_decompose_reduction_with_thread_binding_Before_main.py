# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((32, 16), "float32"), B: T.Buffer((32,), "float32")):
    # with T.sblock("root"):
    for t in T.thread_binding(32, thread="threadIdx.x"):
        for r in range(16):
            with T.sblock("B"):
                vi, vr = T.axis.remap("SR", [t, r])
                T.reads(A[vi, vr])
                T.writes(B[vi])
                with T.init():
                    B[vi] = T.float32(0.0)
                B[vi] = B[vi] + A[vi, vr]
