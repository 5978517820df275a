# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def vector_add(A: T.Buffer((128,), "float32"), B: T.Buffer((128,), "float32")):
    # with T.sblock("root"):
    for i in range(128):
        with T.sblock("init"):
            vi = T.axis.spatial(128, i)
            T.reads(A[vi])
            T.writes(B[vi])
            B[vi] = A[vi]
