# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def elementwise_0(A: T.Buffer((512, 512), "float32"), B: T.Buffer((512, 512), "float32")):
    # with T.sblock("root"):
    for i_j_fused_0 in T.thread_binding(256, thread="blockIdx.x"):
        for i_j_fused_1 in T.thread_binding(1024, thread="threadIdx.x"):
            with T.sblock("C"):
                vi = T.axis.spatial(512, (i_j_fused_0 * 1024 + i_j_fused_1) // 512)
                vj = T.axis.spatial(512, (i_j_fused_0 * 1024 + i_j_fused_1) % 512)
                T.reads(A[vi, vj])
                T.writes(B[vi, vj])
                B[vi, vj] = A[vi, vj] + T.float32(1.0)
