# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((4, 4), "int32"), B: T.Buffer((14,), "int32")):
    # with T.sblock("root"):
    for i, j in T.grid(4, 4):
        with T.sblock("buffer_A_assumption"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A[vi, vj])
            T.writes()
            T.assume(not (vi == 3 and 2 <= vj) or A[vi, vj] == 42)
    for i in range(14):
        with T.sblock("block"):
            vi = T.axis.spatial(14, i)
            T.reads(A[vi // 4, vi % 4])
            T.writes(B[vi])
            B[vi] = A[vi // 4, vi % 4]
