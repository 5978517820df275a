# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(data: T.Buffer((1, 2, 6, 6, 6), "float32"), w: T.Buffer((4, 2, 3, 3, 3), "float32"), conv3d_ncdhw: T.Buffer((1, 4, 6, 6, 6), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    pad_temp = T.sblock_alloc_buffer((1, 2, 8, 8, 8))
    for i0, i1, i2, i3, i4 in T.grid(1, 2, 8, 8, 8):
        with T.sblock("pad_temp"):
            v_i0, v_i1, v_i2, v_i3, v_i4 = T.axis.remap("SSSSS", [i0, i1, i2, i3, i4])
            T.reads(data[v_i0, v_i1, v_i2 - 1, v_i3 - 1, v_i4 - 1])
            T.writes(pad_temp[v_i0, v_i1, v_i2, v_i3, v_i4])
            pad_temp[v_i0, v_i1, v_i2, v_i3, v_i4] = T.if_then_else(1 <= v_i2 and v_i2 < 7 and 1 <= v_i3 and v_i3 < 7 and 1 <= v_i4 and v_i4 < 7, data[v_i0, v_i1, v_i2 - 1, v_i3 - 1, v_i4 - 1], T.float32(0.0))
    for nn, ff, yy, xx, zz, rc, ry, rx, rz in T.grid(1, 4, 6, 6, 6, 2, 3, 3, 3):
        with T.sblock("conv3d_ncdhw"):
            v_nn, v_ff, v_yy, v_xx, v_zz, v_rc, v_ry, v_rx, v_rz = T.axis.remap("SSSSSRRRR", [nn, ff, yy, xx, zz, rc, ry, rx, rz])
            T.reads(pad_temp[v_nn, v_rc, v_yy + v_ry, v_xx + v_rx, v_zz + v_rz], w[v_ff, v_rc, v_ry, v_rx, v_rz])
            T.writes(conv3d_ncdhw[v_nn, v_ff, v_yy, v_xx, v_zz])
            with T.init():
                conv3d_ncdhw[v_nn, v_ff, v_yy, v_xx, v_zz] = T.float32(0.0)
            conv3d_ncdhw[v_nn, v_ff, v_yy, v_xx, v_zz] = conv3d_ncdhw[v_nn, v_ff, v_yy, v_xx, v_zz] + pad_temp[v_nn, v_rc, v_yy + v_ry, v_xx + v_rx, v_zz + v_rz] * w[v_ff, v_rc, v_ry, v_rx, v_rz]
