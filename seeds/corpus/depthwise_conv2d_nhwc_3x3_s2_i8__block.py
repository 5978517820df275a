# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(data: T.Buffer((1, 9, 9, 4), "int8"), w: T.Buffer((3, 3, 4, 1), "int8"), DepthwiseConv2d: T.Buffer((1, 5, 5, 4), "int32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    PaddedInput = T.sblock_alloc_buffer((1, 11, 11, 4), "int8")
    for i0, i1, i2, i3 in T.grid(1, 11, 11, 4):
        with T.sblock("PaddedInput"):
            v_i0, v_i1, v_i2, v_i3 = T.axis.remap("SSSS", [i0, i1, i2, i3])
            T.reads(data[v_i0, v_i1 - 1, v_i2 - 1, v_i3])
            T.writes(PaddedInput[v_i0, v_i1, v_i2, v_i3])
            PaddedInput[v_i0, v_i1, v_i2, v_i3] = T.if_then_else(1 <= v_i1 and v_i1 < 10 and 1 <= v_i2 and v_i2 < 10, data[v_i0, v_i1 - 1, v_i2 - 1, v_i3], T.int8(0))
    for b, i, j, c, di, dj in T.grid(1, 5, 5, 4, 3, 3):
        with T.sblock("DepthwiseConv2d"):
            v_b, v_i, v_j, v_c, v_di, v_dj = T.axis.remap("SSSSRR", [b, i, j, c, di, dj])
            T.reads(PaddedInput[v_b, v_i * 2 + v_di, v_j * 2 + v_dj, v_c], w[v_di, v_dj, v_c, 0])
            T.writes(DepthwiseConv2d[v_b, v_i, v_j, v_c])
            with T.init():
                DepthwiseConv2d[v_b, v_i, v_j, v_c] = 0
            DepthwiseConv2d[v_b, v_i, v_j, v_c] = DepthwiseConv2d[v_b, v_i, v_j, v_c] + T.Cast("int32", PaddedInput[v_b, v_i * 2 + v_di, v_j * 2 + v_dj, v_c]) * T.Cast("int32", w[v_di, v_dj, v_c, 0])
