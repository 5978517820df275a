# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(data: T.Buffer((1, 10, 10, 4), "int8"), w: T.Buffer((3, 3, 4, 4), "int8"), conv2d_nhwc: T.Buffer((1, 10, 10, 4), "int32")):
    T.func_attr({"layout_free_buffers": [1], "tirx.noalias": True})
    # with T.sblock("root"):
    pad_temp = T.sblock_alloc_buffer((1, 14, 14, 4), "int8")
    for i0, i1, i2, i3 in T.grid(1, 14, 14, 4):
        with T.sblock("pad_temp"):
            v_i0, v_i1, v_i2, v_i3 = T.axis.remap("SSSS", [i0, i1, i2, i3])
            T.reads(data[v_i0, v_i1 - 2, v_i2 - 2, v_i3])
            T.writes(pad_temp[v_i0, v_i1, v_i2, v_i3])
            pad_temp[v_i0, v_i1, v_i2, v_i3] = T.if_then_else(2 <= v_i1 and v_i1 < 12 and 2 <= v_i2 and v_i2 < 12, data[v_i0, v_i1 - 2, v_i2 - 2, v_i3], T.int8(0))
    for nn, yy, xx, ff, ry, rx, rc in T.grid(1, 10, 10, 4, 3, 3, 4):
        with T.sblock("conv2d_nhwc"):
            v_nn, v_yy, v_xx, v_ff, v_ry, v_rx, v_rc = T.axis.remap("SSSSRRR", [nn, yy, xx, ff, ry, rx, rc])
            T.reads(pad_temp[v_nn, v_ry * 2 + v_yy, v_rx * 2 + v_xx, v_rc], w[v_ry, v_rx, v_rc, v_ff])
            T.writes(conv2d_nhwc[v_nn, v_yy, v_xx, v_ff])
            with T.init():
                conv2d_nhwc[v_nn, v_yy, v_xx, v_ff] = 0
            conv2d_nhwc[v_nn, v_yy, v_xx, v_ff] = conv2d_nhwc[v_nn, v_yy, v_xx, v_ff] + T.Cast("int32", pad_temp[v_nn, v_ry * 2 + v_yy, v_rx * 2 + v_xx, v_rc]) * T.Cast("int32", w[v_ry, v_rx, v_rc, v_ff])
