# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def reduction_loop_only(A: T.Buffer((2,), "float32"), B: T.Buffer((2,), "float32"), C: T.Buffer((), "float32")):
    # with T.sblock("root"):
    for i0 in range(2):
        with T.sblock("C"):
            k0 = T.axis.reduce(2, i0)
            T.reads(A[k0], B[k0])
            T.writes(C[()])
            with T.init():
                C[()] = T.float32(1.0)
            C[()] = T.min(C[()], A[k0] / B[k0])
