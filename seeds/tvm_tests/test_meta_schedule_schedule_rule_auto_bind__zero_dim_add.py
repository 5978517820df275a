# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def zero_dim_add(A: T.Buffer((), "float32"), B: T.Buffer((), "float32"), C: T.Buffer((), "float32")):
    # with T.sblock("root"):
    with T.sblock("C"):
        vi = T.axis.spatial(1, 0)
        T.reads(A[()], B[()])
        T.writes(C[()])
        C[()] = A[()] + B[()]
