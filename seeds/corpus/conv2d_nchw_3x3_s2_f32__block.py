# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(data: T.Buffer((1, 4, 9, 9), "float32"), w: T.Buffer((8, 4, 3, 3), "float32"), conv2d_nchw: T.Buffer((1, 8, 5, 5), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    pad_temp = T.sblock_alloc_buffer((1, 4, 11, 11))
    for i0, i1, i2, i3 in T.grid(1, 4, 11, 11):
        with T.sblock("pad_temp"):
            v_i0, v_i1, v_i2, v_i3 = T.axis.remap("SSSS", [i0, i1, i2, i3])
            T.reads(data[v_i0, v_i1, v_i2 - 1, v_i3 - 1])
            T.writes(pad_temp[v_i0, v_i1, v_i2, v_i3])
            pad_temp[v_i0, v_i1, v_i2, v_i3] = T.if_then_else(1 <= v_i2 and v_i2 < 10 and 1 <= v_i3 and v_i3 < 10, data[v_i0, v_i1, v_i2 - 1, v_i3 - 1], T.float32(0.0))
    for nn, ff, yy, xx, rc, ry, rx in T.grid(1, 8, 5, 5, 4, 3, 3):
        with T.sblock("conv2d_nchw"):
            v_nn, v_ff, v_yy, v_xx, v_rc, v_ry, v_rx = T.axis.remap("SSSSRRR", [nn, ff, yy, xx, rc, ry, rx])
            T.reads(pad_temp[v_nn, v_rc, v_yy * 2 + v_ry, v_xx * 2 + v_rx], w[v_ff, v_rc, v_ry, v_rx])
            T.writes(conv2d_nchw[v_nn, v_ff, v_yy, v_xx])
            with T.init():
                conv2d_nchw[v_nn, v_ff, v_yy, v_xx] = T.float32(0.0)
            conv2d_nchw[v_nn, v_ff, v_yy, v_xx] = conv2d_nchw[v_nn, v_ff, v_yy, v_xx] + pad_temp[v_nn, v_rc, v_yy * 2 + v_ry, v_xx * 2 + v_rx] * w[v_ff, v_rc, v_ry, v_rx]
