# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def rowsum_zero_dim(A: T.Buffer((128,), "float32"), B: T.Buffer((), "float32")):
    # with T.sblock("root"):
    for k0 in range(128):
        with T.sblock("B"):
            k = T.axis.reduce(128, k0)
            T.reads(A[k])
            T.writes(B[()])
            with T.init():
                B[()] = T.float32(0.0)
            B[()] = B[()] + A[k]
