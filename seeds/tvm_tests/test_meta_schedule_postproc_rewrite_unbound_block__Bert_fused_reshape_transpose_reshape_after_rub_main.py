# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(placeholder: T.Buffer((12, 64, 64), "float32"), T_reshape: T.Buffer((64, 768), "float32")):
    # with T.sblock("root"):
    for i0_i1_fused_0_i0_i1_fused_1_fused_0 in T.thread_binding(48, thread="blockIdx.x"):
        for i0_i1_fused_0_i0_i1_fused_1_fused_1 in T.thread_binding(1024, thread="threadIdx.x"):
            with T.sblock("T_reshape_1"):
                ax0 = T.axis.spatial(64, (i0_i1_fused_0_i0_i1_fused_1_fused_0 * 1024 + i0_i1_fused_0_i0_i1_fused_1_fused_1) // 768)
                ax1 = T.axis.spatial(768, (i0_i1_fused_0_i0_i1_fused_1_fused_0 * 1024 + i0_i1_fused_0_i0_i1_fused_1_fused_1) % 768)
                T.reads(placeholder[ax1 % 768 // 64, (ax1 // 768 + ax0) % 64, ax1 % 64])
                T.writes(T_reshape[ax0, ax1])
                T_reshape[ax0, ax1] = placeholder[((ax1 % 64 // 64 + (ax1 // 768 + ax0) % 64) // 64 + ax1 % 768 // 64) % 12, (ax1 % 64 // 64 + (ax1 // 768 + ax0) % 64) % 64, ax1 % 64 % 64]
