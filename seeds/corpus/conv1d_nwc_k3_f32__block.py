# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(data: T.Buffer((1, 16, 4), "float32"), w: T.Buffer((3, 4, 8), "float32"), conv1d_nwc: T.Buffer((1, 16, 8), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    pad_temp = T.sblock_alloc_buffer((1, 18, 4))
    for i0, i1, i2 in T.grid(1, 18, 4):
        with T.sblock("pad_temp"):
            v_i0, v_i1, v_i2 = T.axis.remap("SSS", [i0, i1, i2])
            T.reads(data[v_i0, v_i1 - 1, v_i2])
            T.writes(pad_temp[v_i0, v_i1, v_i2])
            pad_temp[v_i0, v_i1, v_i2] = T.if_then_else(1 <= v_i1 and v_i1 < 17, data[v_i0, v_i1 - 1, v_i2], T.float32(0.0))
    for nn, yy, ff, ry, rc in T.grid(1, 16, 8, 3, 4):
        with T.sblock("conv1d_nwc"):
            v_nn, v_yy, v_ff, v_ry, v_rc = T.axis.remap("SSSRR", [nn, yy, ff, ry, rc])
            T.reads(pad_temp[v_nn, v_yy + v_ry, v_rc], w[v_ry, v_rc, v_ff])
            T.writes(conv1d_nwc[v_nn, v_yy, v_ff])
            with T.init():
                conv1d_nwc[v_nn, v_yy, v_ff] = T.float32(0.0)
            conv1d_nwc[v_nn, v_yy, v_ff] = conv1d_nwc[v_nn, v_yy, v_ff] + pad_temp[v_nn, v_yy + v_ry, v_rc] * w[v_ry, v_rc, v_ff]
