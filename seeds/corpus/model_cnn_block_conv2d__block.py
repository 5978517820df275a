# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(x: T.Buffer((T.int64(1), T.int64(3), T.int64(8), T.int64(8)), "float32"), conv_weight: T.Buffer((T.int64(8), T.int64(3), T.int64(3), T.int64(3)), "float32"), conv2d_nchw: T.Buffer((T.int64(1), T.int64(8), T.int64(8), T.int64(8)), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    pad_temp = T.sblock_alloc_buffer((T.int64(1), T.int64(3), T.int64(10), T.int64(10)))
    for i0, i1, i2, i3 in T.grid(T.int64(1), T.int64(3), T.int64(10), T.int64(10)):
        with T.sblock("pad_temp"):
            v_i0, v_i1, v_i2, v_i3 = T.axis.remap("SSSS", [i0, i1, i2, i3])
            T.reads(x[v_i0, v_i1, v_i2 - T.int64(1), v_i3 - T.int64(1)])
            T.writes(pad_temp[v_i0, v_i1, v_i2, v_i3])
            pad_temp[v_i0, v_i1, v_i2, v_i3] = T.if_then_else(T.int64(1) <= v_i2 and v_i2 < T.int64(9) and T.int64(1) <= v_i3 and v_i3 < T.int64(9), x[v_i0, v_i1, v_i2 - T.int64(1), v_i3 - T.int64(1)], T.float32(0.0))
    for nn, ff, yy, xx, rc, ry, rx in T.grid(T.int64(1), T.int64(8), T.int64(8), T.int64(8), T.int64(3), T.int64(3), T.int64(3)):
        with T.sblock("conv2d_nchw"):
            v_nn, v_ff, v_yy, v_xx, v_rc, v_ry, v_rx = T.axis.remap("SSSSRRR", [nn, ff, yy, xx, rc, ry, rx])
            T.reads(pad_temp[v_nn, v_rc, v_yy + v_ry, v_xx + v_rx], conv_weight[v_ff, v_rc, v_ry, v_rx])
            T.writes(conv2d_nchw[v_nn, v_ff, v_yy, v_xx])
            with T.init():
                conv2d_nchw[v_nn, v_ff, v_yy, v_xx] = T.float32(0.0)
            conv2d_nchw[v_nn, v_ff, v_yy, v_xx] = conv2d_nchw[v_nn, v_ff, v_yy, v_xx] + pad_temp[v_nn, v_rc, v_yy + v_ry, v_xx + v_rx] * conv_weight[v_ff, v_rc, v_ry, v_rx]
