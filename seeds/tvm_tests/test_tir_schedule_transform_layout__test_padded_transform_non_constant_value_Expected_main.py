# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((14,), "int32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((4, 4), "int32")
    for i, j in T.grid(4, 4):
        with T.sblock("block"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A[vi * 4 + vj])
            T.writes(B[vi, vj])
            B[vi, vj] = T.if_then_else(vi == 3 and 2 <= vj, vi + vj, A[vi * 4 + vj])
