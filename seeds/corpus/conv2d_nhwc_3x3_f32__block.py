# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(data: T.Buffer((1, 8, 8, 4), "float32"), w: T.Buffer((3, 3, 4, 8), "float32"), conv2d_nhwc: T.Buffer((1, 8, 8, 8), "float32")):
    T.func_attr({"layout_free_buffers": [1], "tirx.noalias": True})
    # with T.sblock("root"):
    pad_temp = T.sblock_alloc_buffer((1, 10, 10, 4))
    for i0, i1, i2, i3 in T.grid(1, 10, 10, 4):
        with T.sblock("pad_temp"):
            v_i0, v_i1, v_i2, v_i3 = T.axis.remap("SSSS", [i0, i1, i2, i3])
            T.reads(data[v_i0, v_i1 - 1, v_i2 - 1, v_i3])
            T.writes(pad_temp[v_i0, v_i1, v_i2, v_i3])
            pad_temp[v_i0, v_i1, v_i2, v_i3] = T.if_then_else(1 <= v_i1 and v_i1 < 9 and 1 <= v_i2 and v_i2 < 9, data[v_i0, v_i1 - 1, v_i2 - 1, v_i3], T.float32(0.0))
    for nn, yy, xx, ff, ry, rx, rc in T.grid(1, 8, 8, 8, 3, 3, 4):
        with T.sblock("conv2d_nhwc"):
            v_nn, v_yy, v_xx, v_ff, v_ry, v_rx, v_rc = T.axis.remap("SSSSRRR", [nn, yy, xx, ff, ry, rx, rc])
            T.reads(pad_temp[v_nn, v_yy + v_ry, v_xx + v_rx, v_rc], w[v_ry, v_rx, v_rc, v_ff])
            T.writes(conv2d_nhwc[v_nn, v_yy, v_xx, v_ff])
            with T.init():
                conv2d_nhwc[v_nn, v_yy, v_xx, v_ff] = T.float32(0.0)
            conv2d_nhwc[v_nn, v_yy, v_xx, v_ff] = conv2d_nhwc[v_nn, v_yy, v_xx, v_ff] + pad_temp[v_nn, v_yy + v_ry, v_xx + v_rx, v_rc] * w[v_ry, v_rx, v_rc, v_ff]
