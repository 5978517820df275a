# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def multiple_read(A: T.Buffer((128, 128), "float32"), B: T.Buffer((128, 128), "float32")):
    # with T.sblock("root"):
    for i, j in T.grid(128, 128):
        with T.sblock("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A[T.min(vj, vi):T.min(vj, vi) + (T.max(vj, vi) + 1 - T.min(vj, vi)), T.min(vi, vj):T.min(vi, vj) + (T.max(vi, vj) + 1 - T.min(vi, vj))])
            T.writes(B[vi, vj])
            B[vi, vj] = A[vj, vi] + A[vi, vj]
