# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def gpu_func(A: T.Buffer((1, 32, 1, 128), "float16"), C: T.Buffer((1, 1, 4096), "float16")):
    T.func_attr({"tirx.is_scheduled": True})
    # with T.sblock("root"):
    for ax0_fused_0 in T.thread_binding(4, thread="blockIdx.x"):
        for ax0_fused_1 in T.thread_binding(1024, thread="threadIdx.x"):
            with T.sblock("T_reshape"):
                v0 = T.axis.spatial(4096, ax0_fused_0 * 1024 + ax0_fused_1)
                T.reads(A[0, v0 // 128, 0, v0 % 128])
                T.writes(C[0, 0, v0])
                C[0, 0, v0] = A[0, v0 // 128, 0, v0 % 128]
