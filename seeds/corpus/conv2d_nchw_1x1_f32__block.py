# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(data: T.Buffer((2, 8, 6, 6), "float32"), w: T.Buffer((4, 8, 1, 1), "float32"), conv2d_nchw: T.Buffer((2, 4, 6, 6), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    pad_temp = T.sblock_alloc_buffer((2, 8, 6, 6))
    for i0, i1, i2, i3 in T.grid(2, 8, 6, 6):
        with T.sblock("pad_temp"):
            v_i0, v_i1, v_i2, v_i3 = T.axis.remap("SSSS", [i0, i1, i2, i3])
            T.reads(data[v_i0, v_i1, v_i2, v_i3])
            T.writes(pad_temp[v_i0, v_i1, v_i2, v_i3])
            pad_temp[v_i0, v_i1, v_i2, v_i3] = data[v_i0, v_i1, v_i2, v_i3]
    for nn, ff, yy, xx, rc, ry, rx in T.grid(2, 4, 6, 6, 8, 1, 1):
        with T.sblock("conv2d_nchw"):
            v_nn, v_ff, v_yy, v_xx, v_rc, v_ry, v_rx = T.axis.remap("SSSSRRR", [nn, ff, yy, xx, rc, ry, rx])
            T.reads(pad_temp[v_nn, v_rc, v_yy + v_ry, v_xx + v_rx], w[v_ff, v_rc, v_ry, v_rx])
            T.writes(conv2d_nchw[v_nn, v_ff, v_yy, v_xx])
            with T.init():
                conv2d_nchw[v_nn, v_ff, v_yy, v_xx] = T.float32(0.0)
            conv2d_nchw[v_nn, v_ff, v_yy, v_xx] = conv2d_nchw[v_nn, v_ff, v_yy, v_xx] + pad_temp[v_nn, v_rc, v_yy + v_ry, v_xx + v_rx] * w[v_ff, v_rc, v_ry, v_rx]
