# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(data: T.Buffer((1, 4, 8), "float32", layout=None), w: T.Buffer((4, 2, 3), "float32", layout=None), compute: T.Buffer((1, 2, 15), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    data_dilate = T.alloc_buffer((1, 4, 15), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    data_pad = T.alloc_buffer((1, 4, 17), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    kernel = T.alloc_buffer((2, 4, 3), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    for i1, i2 in T.grid(4, 15):
        data_dilate[0, i1, i2] = T.if_then_else(i2 % 2 == 0, data[0, i1, i2 // 2], T.float32(0.0))
    for i1, i2 in T.grid(4, 17):
        data_pad[0, i1, i2] = T.if_then_else(1 <= i2 and i2 < 16, data_dilate[0, i1, i2 - 1], T.float32(0.0))
    for o, i, w_1 in T.grid(2, 4, 3):
        kernel[o, i, w_1] = w[i, o, 2 - w_1]
    for c, w_1, dc, dw in T.grid(2, 15, 4, 3):
        if dc == 0 and dw == 0:
            compute[0, c, w_1] = T.float32(0.0)
        compute[0, c, w_1] = compute[0, c, w_1] + data_pad[0, dc, w_1 + dw] * kernel[c, dc, dw]
