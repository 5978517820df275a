# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((1, 6144), "float32"), B: T.Buffer((1,), "float32")):
    T.func_attr({"tirx.is_scheduled": True})
    # with T.sblock("root"):
    for ax0_fused_0 in T.thread_binding(T.int64(1), thread="blockIdx.x"):
        for ax0_fused_1 in T.thread_binding(T.int64(1024), thread="threadIdx.x"):
            with T.sblock("block_init"):
                v0 = T.axis.spatial(T.int64(1), T.int64(0))
                T.where(ax0_fused_0 * T.int64(1024) + ax0_fused_1 < T.int64(1))
                T.reads()
                T.writes(B[0])
                B[0] = T.float32(0.0)
            for ax1 in range(6144):
                with T.sblock("block_update"):
                    v0 = T.axis.spatial(T.int64(1), T.int64(0))
                    v1 = T.axis.reduce(6144, ax1)
                    T.where(ax0_fused_0 * T.int64(1024) + ax0_fused_1 < T.int64(1))
                    T.reads(B[0], A[0, v1])
                    T.writes(B[0])
                    B[0] = B[0] + T.Cast("float32", A[0, v1])
