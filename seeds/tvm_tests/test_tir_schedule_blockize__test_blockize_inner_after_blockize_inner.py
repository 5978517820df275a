# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def after_blockize_inner(A: T.Buffer((128, 128), "float32"), B: T.Buffer((128, 128), "float32")):
    # with T.sblock("root"):
    for i in range(128):
        with T.sblock("blockized_B"):
            vi = T.axis.spatial(128, i)
            vjo = T.axis.spatial(1, 0)
            T.reads(A[vi, 0:128])
            T.writes(B[vi, 0:128])
            for j in range(128):
                with T.sblock("B"):
                    vj = T.axis.spatial(128, j)
                    T.reads(A[vi, vj])
                    T.writes(B[vi, vj])
                    B[vi, vj] = A[vi, vj] * T.float32(2.0)
