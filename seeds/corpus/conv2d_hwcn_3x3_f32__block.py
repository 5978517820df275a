# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(data: T.Buffer((8, 8, 4, 1), "float32"), w: T.Buffer((3, 3, 4, 4), "float32"), conv2d_hwcn: T.Buffer((8, 8, 4, 1), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    pad_temp = T.sblock_alloc_buffer((10, 10, 4, 1))
    for i0, i1, i2, i3 in T.grid(10, 10, 4, 1):
        with T.sblock("pad_temp"):
            v_i0, v_i1, v_i2, v_i3 = T.axis.remap("SSSS", [i0, i1, i2, i3])
            T.reads(data[v_i0 - 1, v_i1 - 1, v_i2, v_i3])
            T.writes(pad_temp[v_i0, v_i1, v_i2, v_i3])
            pad_temp[v_i0, v_i1, v_i2, v_i3] = T.if_then_else(1 <= v_i0 and v_i0 < 9 and 1 <= v_i1 and v_i1 < 9, data[v_i0 - 1, v_i1 - 1, v_i2, v_i3], T.float32(0.0))
    for yy, xx, ff, nn, rx, ry, rc in T.grid(8, 8, 4, 1, 3, 3, 4):
        with T.sblock("conv2d_hwcn"):
            v_yy, v_xx, v_ff, v_nn, v_rx, v_ry, v_rc = T.axis.remap("SSSSRRR", [yy, xx, ff, nn, rx, ry, rc])
            T.reads(pad_temp[v_yy + v_ry, v_xx + v_rx, v_rc, v_nn], w[v_ry, v_rx, v_rc, v_ff])
            T.writes(conv2d_hwcn[v_yy, v_xx, v_ff, v_nn])
            with T.init():
                conv2d_hwcn[v_yy, v_xx, v_ff, v_nn] = T.float32(0.0)
            conv2d_hwcn[v_yy, v_xx, v_ff, v_nn] = conv2d_hwcn[v_yy, v_xx, v_ff, v_nn] + pad_temp[v_yy + v_ry, v_xx + v_rx, v_rc, v_nn] * w[v_ry, v_rx, v_rc, v_ff]
