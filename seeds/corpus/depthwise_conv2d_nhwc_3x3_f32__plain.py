# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(data: T.Buffer((1, 8, 8, 4), "float32", layout=None), w: T.Buffer((3, 3, 4, 1), "float32", layout=None), DepthwiseConv2d: T.Buffer((1, 8, 8, 4), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    PaddedInput = T.alloc_buffer((1, 10, 10, 4), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    for i1, i2, i3 in T.grid(10, 10, 4):
        PaddedInput[0, i1, i2, i3] = T.if_then_else(1 <= i1 and i1 < 9 and 1 <= i2 and i2 < 9, data[0, i1 - 1, i2 - 1, i3], T.float32(0.0))
    for i, j, c, di, dj in T.grid(8, 8, 4, 3, 3):
        if di == 0 and dj == 0:
            DepthwiseConv2d[0, i, j, c] = T.float32(0.0)
        DepthwiseConv2d[0, i, j, c] = DepthwiseConv2d[0, i, j, c] + PaddedInput[0, i + di, j + dj, c] * w[di, dj, c, 0]
