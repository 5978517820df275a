# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def tiled_repeat_op_after_compute_at(x: T.Buffer((4,), "float32"), T_repeat: T.Buffer((64,), "float32")):
    # with T.sblock("root"):
    T_add = T.sblock_alloc_buffer((4,))
    for i0_0 in range(8):
        with T.sblock("T_add"):
            ax0 = T.axis.spatial(4, i0_0 // 2)
            T.reads(x[ax0])
            T.writes(T_add[ax0])
            T_add[ax0] = x[ax0] + T.float32(1.0)
        for i0_1 in range(8):
            with T.sblock("T_repeat"):
                ax0 = T.axis.spatial(64, i0_0 * 8 + i0_1)
                T.reads(T_add[ax0 // 16])
                T.writes(T_repeat[ax0])
                T_repeat[ax0] = T_add[ax0 // 16]
