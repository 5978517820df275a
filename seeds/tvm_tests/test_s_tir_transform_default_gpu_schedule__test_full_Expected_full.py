# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def full(rxplaceholder: T.Buffer((), "int32"), T_full: T.Buffer((T.int64(2), T.int64(3)), "int32")):
    T.func_attr({"tirx.is_scheduled": True, "tirx.noalias": True})
    # with T.sblock("root"):
    for i0_i1_fused_0 in T.thread_binding(T.int64(1), thread="blockIdx.x"):
        for i0_i1_fused_1 in T.thread_binding(T.int64(6), thread="threadIdx.x"):
            with T.sblock("T_full"):
                ax0 = T.axis.spatial(T.int64(2), (i0_i1_fused_0 * T.int64(6) + i0_i1_fused_1) // T.int64(3))
                ax1 = T.axis.spatial(T.int64(3), (i0_i1_fused_0 * T.int64(6) + i0_i1_fused_1) % T.int64(3))
                T.reads(rxplaceholder[()])
                T.writes(T_full[ax0, ax1])
                T_full[ax0, ax1] = rxplaceholder[()]
