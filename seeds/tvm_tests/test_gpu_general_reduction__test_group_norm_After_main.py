# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((1, 2048), "float32"), B: T.Buffer((2048,), "float32"), C: T.Buffer((2048,), "float32"), T_reshape: T.Buffer((1, 2048), "float32")):
    T.func_attr({"tirx.is_scheduled": True, "tirx.noalias": True})
    # with T.sblock("root"):
    A_red_temp_v0_shared = T.sblock_alloc_buffer((1, 32), scope="shared")
    A_red_temp_v1_shared = T.sblock_alloc_buffer((1, 32), scope="shared")
    for ax0_fused in T.thread_binding(T.int64(1), thread="blockIdx.x"):
        for ax0 in range(32):
            for ax1_fused_1 in T.thread_binding(256, thread="threadIdx.x"):
                for ax1_fused_0 in T.serial(1, annotations={"pragma_auto_unroll_max_step": 256, "pragma_unroll_explicit": 1}):
                    with T.sblock("A_red_temp"):
                        v0 = T.axis.spatial(32, ax0)
                        v1 = T.axis.reduce(64, ax1_fused_0 * 256 + ax1_fused_1)
                        T.where(ax1_fused_0 * 256 + ax1_fused_1 < 64)
                        T.reads(A[0, v0 * 64 + v1])
                        T.writes(A_red_temp_v0_shared[0, v0], A_red_temp_v1_shared[0, v0])
                        with T.init():
                            A_red_temp_v0_shared[0, v0] = T.float32(0.0)
                            A_red_temp_v1_shared[0, v0] = T.float32(0.0)
                        v_A_red_temp_v0: T.let[T.float32] = A_red_temp_v0_shared[0, v0] + A[0, v0 * 64 + v1]
                        v_A_red_temp_v1: T.let[T.float32] = A_red_temp_v1_shared[0, v0] + A[0, v0 * 64 + v1] * A[0, v0 * 64 + v1]
                        A_red_temp_v0_shared[0, v0] = v_A_red_temp_v0
                        A_red_temp_v1_shared[0, v0] = v_A_red_temp_v1
        for ax1_1 in T.thread_binding(256, thread="threadIdx.x"):
            for ax1_0 in T.serial(8, annotations={"pragma_auto_unroll_max_step": 256, "pragma_unroll_explicit": 1}):
                with T.sblock("T_reshape_3"):
                    v0 = T.axis.spatial(T.int64(1), T.int64(0))
                    v1 = T.axis.spatial(2048, ax1_0 * 256 + ax1_1)
                    T.reads(A[0, v1], A_red_temp_v0_shared[0, v1 // 64], A_red_temp_v1_shared[0, v1 // 64], B[v1], C[v1])
                    T.writes(T_reshape[0, v1])
                    T_reshape[0, v1] = (A[0, v1] - A_red_temp_v0_shared[0, v1 // 64] * T.float32(0.015625)) * T.rsqrt(A_red_temp_v1_shared[0, v1 // 64] * T.float32(0.015625) - A_red_temp_v0_shared[0, v1 // 64] * T.float32(0.015625) * (A_red_temp_v0_shared[0, v1 // 64] * T.float32(0.015625)) + T.float32(1.0000000000000001e-05)) * B[v1] + C[v1]
