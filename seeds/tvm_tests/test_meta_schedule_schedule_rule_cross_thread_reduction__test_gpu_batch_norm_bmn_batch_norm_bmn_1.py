# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((1, 512, 512), "float32"), D: T.Buffer((1,), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    C_shared = T.sblock_alloc_buffer((1,), scope="shared")
    for i0_0 in range(1):
        for ax0, ax1_ax2_fused_0 in T.grid(1, 1024):
            for ax1_ax2_fused_1 in T.thread_binding(256, thread="threadIdx.x"):
                with T.sblock("C"):
                    b = T.axis.spatial(1, ax0)
                    i = T.axis.reduce(512, (ax1_ax2_fused_0 * 256 + ax1_ax2_fused_1) // 512)
                    j = T.axis.reduce(512, (ax1_ax2_fused_0 * 256 + ax1_ax2_fused_1) % 512)
                    T.reads(A[b, i, j])
                    T.writes(C_shared[b])
                    with T.init():
                        C_shared[b] = T.float32(0.0)
                    C_shared[b] = C_shared[b] + A[b, i, j] * A[b, i, j]
        for i0_1 in T.thread_binding(256, thread="threadIdx.x"):
            with T.sblock("D"):
                b = T.axis.spatial(1, i0_0 * 256 + i0_1)
                T.where(i0_0 * 256 + i0_1 < 1)
                T.reads(C_shared[b])
                T.writes(D[b])
                D[b] = T.sqrt(C_shared[b])
