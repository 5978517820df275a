# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(x: T.Buffer((T.int64(1), T.int64(4), T.int64(12)), "float32"), conv1_weight: T.Buffer((T.int64(8), T.int64(4), T.int64(3)), "float32"), conv1d_ncw: T.Buffer((T.int64(1), T.int64(8), T.int64(12)), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    pad_temp = T.sblock_alloc_buffer((T.int64(1), T.int64(4), T.int64(14)))
    for i0, i1, i2 in T.grid(T.int64(1), T.int64(4), T.int64(14)):
        with T.sblock("pad_temp"):
            v_i0, v_i1, v_i2 = T.axis.remap("SSS", [i0, i1, i2])
            T.reads(x[v_i0, v_i1, v_i2 - T.int64(1)])
            T.writes(pad_temp[v_i0, v_i1, v_i2])
            pad_temp[v_i0, v_i1, v_i2] = T.if_then_else(T.int64(1) <= v_i2 and v_i2 < T.int64(13), x[v_i0, v_i1, v_i2 - T.int64(1)], T.float32(0.0))
    for nn, ff, yy, rc, ry in T.grid(T.int64(1), T.int64(8), T.int64(12), T.int64(4), T.int64(3)):
        with T.sblock("conv1d_ncw"):
            v_nn, v_ff, v_yy, v_rc, v_ry = T.axis.remap("SSSRR", [nn, ff, yy, rc, ry])
            T.reads(pad_temp[v_nn, v_rc, v_yy + v_ry], conv1_weight[v_ff, v_rc, v_ry])
            T.writes(conv1d_ncw[v_nn, v_ff, v_yy])
            with T.init():
                conv1d_ncw[v_nn, v_ff, v_yy] = T.float32(0.0)
            conv1d_ncw[v_nn, v_ff, v_yy] = conv1d_ncw[v_nn, v_ff, v_yy] + pad_temp[v_nn, v_rc, v_yy + v_ry] * conv1_weight[v_ff, v_rc, v_ry]
