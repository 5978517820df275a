# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def before(A: T.Buffer((4, 12), "int32"), C: T.Buffer((4, 8), "int32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((4, 10), "int32")
    for c in range(4):
        for i, k in T.grid(10, 3):
            with T.sblock("B"):
                cc, vi, vk = T.axis.remap("SSR", [c, i, k])
                T.reads(A[cc, vi + vk])
                T.writes(B[cc, vi])
                with T.init():
                    B[cc, vi] = 0
                B[cc, vi] = B[cc, vi] + A[cc, vi + vk]
        for i, k in T.grid(8, 3):
            with T.sblock("C"):
                cc, vi, vk = T.axis.remap("SSR", [c, i, k])
                T.reads(B[cc, vi + vk])
                T.writes(C[cc, vi])
                with T.init():
                    C[cc, vi] = 0
                C[cc, vi] = C[cc, vi] + B[cc, vi + vk]
