# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(X: T.Buffer((128, 128), "int8"), W: T.Buffer((128, 128), "int8"), compute: T.Buffer((128, 128), "int32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    compute_local = T.sblock_alloc_buffer((128, 128), "int32", scope="local")
    X_shared = T.sblock_alloc_buffer((128, 128), "int8", scope="shared")
    W_shared = T.sblock_alloc_buffer((128, 128), "int8", scope="shared")
    for i_0_j_0_fused in T.thread_binding(1, thread="blockIdx.x"):
        for i_1_j_1_fused in T.thread_binding(512, thread="vthread.x"):
            for i_2_j_2_fused in T.thread_binding(2, thread="threadIdx.x"):
                for k_0_0 in range(1):
                    for ax0_ax1_fused in range(16384):
                        with T.sblock("X_shared"):
                            v0 = T.axis.spatial(128, ax0_ax1_fused // 128)
                            v1 = T.axis.spatial(128, ax0_ax1_fused % 128)
                            T.reads(X[v0, v1])
                            T.writes(X_shared[v0, v1])
                            T.sblock_attr({"meta_schedule.cooperative_fetch": 1})
                            X_shared[v0, v1] = X[v0, v1]
                    for ax0_ax1_fused in range(16384):
                        with T.sblock("W_shared"):
                            v0 = T.axis.spatial(128, ax0_ax1_fused // 128)
                            v1 = T.axis.spatial(128, ax0_ax1_fused % 128)
                            T.reads(W[v0, v1])
                            T.writes(W_shared[v0, v1])
                            T.sblock_attr({"meta_schedule.cooperative_fetch": 1})
                            W_shared[v0, v1] = W[v0, v1]
                    for k_0_1, i_3, j_3, k_0_2, i_4, j_4 in T.grid(1, 2, 4, 32, 2, 1):
                        with T.sblock("compute_o"):
                            v_i = T.axis.spatial(128, i_1_j_1_fused // 32 * 8 + i_2_j_2_fused * 4 + i_3 * 2 + i_4)
                            v_j = T.axis.spatial(128, i_1_j_1_fused % 32 * 4 + j_3 + j_4)
                            v_k_o = T.axis.reduce(32, k_0_0 * 32 + k_0_1 * 32 + k_0_2)
                            T.reads(X_shared[v_i, v_k_o * 4:v_k_o * 4 + 4], W_shared[v_j, v_k_o * 4:v_k_o * 4 + 4])
                            T.writes(compute_local[v_i, v_j])
                            T.sblock_attr({"meta_schedule.auto_tensorize": "dp4a_s8s8s32"})
                            with T.init():
                                with T.sblock("compute_init"):
                                    T.reads()
                                    T.writes(compute_local[v_i, v_j])
                                    compute_local[v_i, v_j] = 0
                            for k_1 in range(4):
                                with T.sblock("compute"):
                                    v_k_i = T.axis.reduce(4, k_1)
                                    T.reads(compute_local[v_i, v_j], X_shared[v_i, v_k_o * 4 + v_k_i], W_shared[v_j, v_k_o * 4 + v_k_i])
                                    T.writes(compute_local[v_i, v_j])
                                    T.sblock_attr({"meta_schedule.tiling_structure": "SSSRRSRS"})
                                    compute_local[v_i, v_j] = compute_local[v_i, v_j] + T.Cast("int32", X_shared[v_i, v_k_o * 4 + v_k_i]) * T.Cast("int32", W_shared[v_j, v_k_o * 4 + v_k_i])
                for ax0, ax1 in T.grid(4, 4):
                    with T.sblock("compute_local"):
                        v0 = T.axis.spatial(128, i_1_j_1_fused // 32 * 8 + i_2_j_2_fused * 4 + ax0)
                        v1 = T.axis.spatial(128, i_1_j_1_fused % 32 * 4 + ax1)
                        T.reads(compute_local[v0, v1])
                        T.writes(compute[v0, v1])
                        compute[v0, v1] = compute_local[v0, v1]
