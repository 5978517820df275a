# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def dot_product_desc(A: T.Buffer((4,), "float32"), B: T.Buffer((4,), "float32"), C: T.Buffer((), "float32")):
    with T.sblock("root"):
        T.reads(C[()], A[0:4], B[0:4])
        T.writes(C[()])
        for i in range(4):
            with T.sblock("update"):
                vi = T.axis.reduce(4, i)
                T.reads(C[()], A[vi], B[vi])
                T.writes(C[()])
                C[()] = C[()] + A[vi] * B[vi]
