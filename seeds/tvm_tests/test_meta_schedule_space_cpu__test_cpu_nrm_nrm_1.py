# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((1, 256, 256), "float32"), D: T.Buffer((1,), "float32")):
    T.func_attr({"tirx.noalias": True})
    with T.sblock("root"):
        T.reads()
        T.writes()
        T.sblock_attr({"meta_schedule.parallel": 288, "meta_schedule.unroll_explicit": 16, "meta_schedule.vectorize": 64})
        C = T.sblock_alloc_buffer((1,))
        C_rf = T.sblock_alloc_buffer((1, 2))
        for b, i_j_fused_0, i_j_fused_1 in T.grid(1, 32768, 2):
            with T.sblock("C_rf"):
                vi_j_fused_1, v_b, vi_j_fused_0 = T.axis.remap("SSR", [i_j_fused_1, b, i_j_fused_0])
                T.reads(A[v_b, (vi_j_fused_0 * 2 + vi_j_fused_1) // 256, (vi_j_fused_0 * 2 + vi_j_fused_1) % 256])
                T.writes(C_rf[v_b, vi_j_fused_1])
                with T.init():
                    C_rf[v_b, vi_j_fused_1] = T.float32(0.0)
                C_rf[v_b, vi_j_fused_1] = C_rf[v_b, vi_j_fused_1] + A[v_b, (vi_j_fused_0 * 2 + vi_j_fused_1) // 256, (vi_j_fused_0 * 2 + vi_j_fused_1) % 256] * A[v_b, (vi_j_fused_0 * 2 + vi_j_fused_1) // 256, (vi_j_fused_0 * 2 + vi_j_fused_1) % 256]
        for b, i_j_fused_1 in T.grid(1, 2):
            with T.sblock("C"):
                vi_j_fused_1, v_b = T.axis.remap("RS", [i_j_fused_1, b])
                T.reads(C_rf[v_b, vi_j_fused_1])
                T.writes(C[v_b])
                with T.init():
                    C[v_b] = T.float32(0.0)
                C[v_b] = C[v_b] + C_rf[v_b, vi_j_fused_1]
        for b in range(1):
            with T.sblock("D"):
                v_b = T.axis.spatial(1, b)
                T.reads(C[v_b])
                T.writes(D[v_b])
                D[v_b] = T.sqrt(C[v_b])
