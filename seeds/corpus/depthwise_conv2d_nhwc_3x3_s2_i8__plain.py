# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(data: T.Buffer((1, 9, 9, 4), "int8", layout=None), w: T.Buffer((3, 3, 4, 1), "int8", layout=None), DepthwiseConv2d: T.Buffer((1, 5, 5, 4), "int32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    PaddedInput = T.alloc_buffer((1, 11, 11, 4), "int8", layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    for i1, i2, i3 in T.grid(11, 11, 4):
        PaddedInput[0, i1, i2, i3] = T.if_then_else(1 <= i1 and i1 < 10 and 1 <= i2 and i2 < 10, data[0, i1 - 1, i2 - 1, i3], T.int8(0))
    for i, j, c, di, dj in T.grid(5, 5, 4, 3, 3):
        if di == 0 and dj == 0:
            DepthwiseConv2d[0, i, j, c] = 0
        DepthwiseConv2d[0, i, j, c] = DepthwiseConv2d[0, i, j, c] + T.Cast("int32", PaddedInput[0, i * 2 + di, j * 2 + dj, c]) * T.Cast("int32", w[di, dj, c, 0])
