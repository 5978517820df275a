# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(data: T.Buffer((1, 4, 9, 9), "float32", layout=None), w: T.Buffer((4, 2, 3, 3), "float32", layout=None), DepthwiseConv2d: T.Buffer((1, 8, 5, 5), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    PaddedInput = T.alloc_buffer((1, 4, 11, 11), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    for i1, i2, i3 in T.grid(4, 11, 11):
        PaddedInput[0, i1, i2, i3] = T.if_then_else(1 <= i2 and i2 < 10 and 1 <= i3 and i3 < 10, data[0, i1, i2 - 1, i3 - 1], T.float32(0.0))
    for c, i, j, di, dj in T.grid(8, 5, 5, 3, 3):
        if di == 0 and dj == 0:
            DepthwiseConv2d[0, c, i, j] = T.float32(0.0)
        DepthwiseConv2d[0, c, i, j] = DepthwiseConv2d[0, c, i, j] + PaddedInput[0, c // 2, i * 2 + di, j * 2 + dj] * w[c // 2, c % 2, di, dj]
