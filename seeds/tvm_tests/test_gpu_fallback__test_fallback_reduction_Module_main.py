# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((1, 6144), "float32"), B: T.Buffer((1,), "float32")):
    # with T.sblock("root"):
    for ax0, ax1 in T.grid(1, 6144):
        with T.sblock("block"):
            v0, v1 = T.axis.remap("SR", [ax0, ax1])
            T.reads(A[v0, v1])
            T.writes(B[v0])
            with T.init():
                B[v0] = T.float32(0.0)
            B[v0] = B[v0] + T.Cast("float32", A[v0, v1])
