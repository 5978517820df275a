# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(data: T.Buffer((1, 4, 8, 8), "float32"), w: T.Buffer((4, 1, 3, 3), "float32"), DepthwiseConv2d: T.Buffer((1, 4, 8, 8), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    PaddedInput = T.sblock_alloc_buffer((1, 4, 10, 10))
    for i0, i1, i2, i3 in T.grid(1, 4, 10, 10):
        with T.sblock("PaddedInput"):
            v_i0, v_i1, v_i2, v_i3 = T.axis.remap("SSSS", [i0, i1, i2, i3])
            T.reads(data[v_i0, v_i1, v_i2 - 1, v_i3 - 1])
            T.writes(PaddedInput[v_i0, v_i1, v_i2, v_i3])
            PaddedInput[v_i0, v_i1, v_i2, v_i3] = T.if_then_else(1 <= v_i2 and v_i2 < 9 and 1 <= v_i3 and v_i3 < 9, data[v_i0, v_i1, v_i2 - 1, v_i3 - 1], T.float32(0.0))
    for b, c, i, j, di, dj in T.grid(1, 4, 8, 8, 3, 3):
        with T.sblock("DepthwiseConv2d"):
            v_b, v_c, v_i, v_j, v_di, v_dj = T.axis.remap("SSSSRR", [b, c, i, j, di, dj])
            T.reads(PaddedInput[v_b, v_c, v_i + v_di, v_j + v_dj], w[v_c, 0, v_di, v_dj])
            T.writes(DepthwiseConv2d[v_b, v_c, v_i, v_j])
            with T.init():
                DepthwiseConv2d[v_b, v_c, v_i, v_j] = T.float32(0.0)
            DepthwiseConv2d[v_b, v_c, v_i, v_j] = DepthwiseConv2d[v_b, v_c, v_i, v_j] + PaddedInput[v_b, v_c, v_i + v_di, v_j + v_dj] * w[v_c, 0, v_di, v_dj]
