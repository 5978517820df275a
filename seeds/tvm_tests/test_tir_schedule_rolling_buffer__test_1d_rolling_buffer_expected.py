# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def expected(A: T.Buffer((4, 12), "int32"), C: T.Buffer((4, 8), "int32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((4, 6), "int32")
    for c, i_0 in T.grid(4, 2):
        for ax0, ax1 in T.grid(6, 3):
            with T.sblock("B"):
                cc = T.axis.spatial(4, c)
                vi = T.axis.opaque(10, i_0 * 4 + ax0)
                vk = T.axis.reduce(3, ax1)
                T.where(i_0 < 1 or 2 <= ax0)
                T.reads(A[cc, vi + vk])
                T.writes(B[cc, vi % 6])
                with T.init():
                    B[cc, vi % 6] = 0
                B[cc, vi % 6] = B[cc, vi % 6] + A[cc, vi + vk]
        for i_1, k in T.grid(4, 3):
            with T.sblock("C"):
                cc = T.axis.spatial(4, c)
                vi = T.axis.opaque(8, i_0 * 4 + i_1)
                vk = T.axis.reduce(3, k)
                T.reads(B[cc, (vi + vk) % 6])
                T.writes(C[cc, vi])
                with T.init():
                    C[cc, vi] = 0
                C[cc, vi] = C[cc, vi] + B[cc, (vi + vk) % 6]
