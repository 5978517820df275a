# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((14, 32), "int32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((4, 4), "int32")
    for i, j, k in T.grid(4, 4, 32):
        with T.sblock("block"):
            vi, vj, vk = T.axis.remap("SSR", [i, j, k])
            T.reads(A[vi * 4 + vj, vk])
            T.writes(B[vi, vj])
            with T.init():
                B[vi, vj] = T.if_then_else(vi == 3 and 2 <= vj, 0, 0)
            B[vi, vj] = T.if_then_else(vi == 3 and 2 <= vj, 0, B[vi, vj] + A[vi * 4 + vj, vk])
