# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((1, 256, 256), "float32"), D: T.Buffer((1,), "float32")):
    T.func_attr({"tirx.noalias": True})
    with T.sblock("root"):
        T.reads()
        T.writes()
        T.sblock_attr({"meta_schedule.unroll_explicit": 1024})
        C_shared = T.sblock_alloc_buffer((1,), scope="shared")
        for b_0_fused in T.thread_binding(1, thread="blockIdx.x"):
            for ax0, ax1_ax2_fused_0 in T.grid(1, 512):
                for ax1_ax2_fused_1 in T.thread_binding(128, thread="threadIdx.x"):
                    with T.sblock("C"):
                        v_b = T.axis.spatial(1, ax0)
                        v_i = T.axis.reduce(256, (ax1_ax2_fused_0 * 128 + ax1_ax2_fused_1) // 256)
                        v_j = T.axis.reduce(256, (ax1_ax2_fused_0 * 128 + ax1_ax2_fused_1) % 256)
                        T.reads(A[v_b, v_i, v_j])
                        T.writes(C_shared[v_b])
                        with T.init():
                            C_shared[v_b] = T.float32(0.0)
                        C_shared[v_b] = C_shared[v_b] + A[v_b, v_i, v_j] * A[v_b, v_i, v_j]
            for b_1 in T.thread_binding(128, thread="threadIdx.x"):
                with T.sblock("D"):
                    v_b = T.axis.spatial(1, b_1)
                    T.where(T.Mul(0, 128) + b_1 < 1)
                    T.reads(C_shared[v_b])
                    T.writes(D[v_b])
                    D[v_b] = T.sqrt(C_shared[v_b])
