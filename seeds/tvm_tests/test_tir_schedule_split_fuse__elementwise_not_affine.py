# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def elementwise_not_affine(A: T.Buffer((127, 128), "float32"), B: T.Buffer((127, 128), "float32")):
    # with T.sblock("root"):
    for i in range(4):
        for j, k in T.grid(T.min(31, 126 - i * 32) + 1, 128):
            with T.sblock("B"):
                vi = T.axis.spatial(127, i * 32 + j)
                vj = T.axis.spatial(128, k)
                T.reads(A[vi, vj])
                T.writes(B[vi, vj])
                B[vi, vj] = A[vi, vj]
