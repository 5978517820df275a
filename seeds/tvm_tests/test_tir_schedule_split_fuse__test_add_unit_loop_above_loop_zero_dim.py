# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def zero_dim(A: T.Buffer((), "int32"), B: T.Buffer((), "int32"), C: T.Buffer((), "int32")):
    # with T.sblock("root"):
    for u in range(1):
        with T.sblock("C"):
            vi = T.axis.spatial(1, 0)
            T.reads(A[()], B[()])
            T.writes(C[()])
            C[()] = A[()] + B[()]
