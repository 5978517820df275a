# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def before(A: T.Buffer((4, 16), "int32"), C: T.Buffer((4, 8), "int32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((4, 6), "int32")
    for c, i in T.grid(4, 2):
        for j, k in T.grid(6, 3):
            with T.sblock("P1"):
                cc, vi, vj, vk = T.axis.remap("SSSR", [c, i, j, k])
                T.where(i < 1 or j >= 2)
                T.reads(B[cc, (vi * 4 + vj) % 6], A[cc, vi * 4 + vj + vk])
                T.writes(B[cc, (vi * 4 + vj) % 6])
                if vk == 0:
                    B[cc, (vi * 4 + vj) % 6] = 0
                B[cc, (vi * 4 + vj) % 6] = B[cc, (vi * 4 + vj) % 6] + A[cc, vi * 4 + vj + vk]
        for j, k in T.grid(4, 3):
            with T.sblock("P2"):
                vi = T.axis.opaque(2, i)
                cc, vj, vk = T.axis.remap("SSR", [c, j, k])
                T.reads(C[cc, vi * 4 + vj], B[cc, (vi * 4 + vj + vk) % 6])
                T.writes(C[cc, vi * 4 + vj])
                if vk == 0:
                    C[cc, vi * 4 + vj] = 0
                C[cc, vi * 4 + vj] = C[cc, vi * 4 + vj] + B[cc, (vi * 4 + vj + vk) % 6]
