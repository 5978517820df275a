# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(data: T.Buffer((1, 4, 5, 5), "float32", layout=None), w: T.Buffer((4, 2, 3, 3), "float32", layout=None), compute: T.Buffer((1, 2, 9, 9), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    data_dilate = T.alloc_buffer((1, 4, 9, 9), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    data_pad = T.alloc_buffer((1, 4, 11, 11), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    kernel_transform = T.alloc_buffer((2, 4, 3, 3), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    for i1, i2, i3 in T.grid(4, 9, 9):
        data_dilate[0, i1, i2, i3] = T.if_then_else(i2 % 2 == 0 and i3 % 2 == 0, data[0, i1, i2 // 2, i3 // 2], T.float32(0.0))
    for i1, i2, i3 in T.grid(4, 11, 11):
        data_pad[0, i1, i2, i3] = T.if_then_else(1 <= i2 and i2 < 10 and 1 <= i3 and i3 < 10, data_dilate[0, i1, i2 - 1, i3 - 1], T.float32(0.0))
    for o, i, h, w_1 in T.grid(2, 4, 3, 3):
        kernel_transform[o, i, h, w_1] = w[i, o, 2 - h, 2 - w_1]
    for c, h, w_1, dc, dh, dw in T.grid(2, 9, 9, 4, 3, 3):
        if dc == 0 and dh == 0 and dw == 0:
            compute[0, c, h, w_1] = T.float32(0.0)
        compute[0, c, h, w_1] = compute[0, c, h, w_1] + data_pad[0, dc, h + dh, w_1 + dw] * kernel_transform[c, dc, dh, dw]
