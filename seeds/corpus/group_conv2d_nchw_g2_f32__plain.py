# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(data: T.Buffer((1, 8, 8, 8), "float32", layout=None), w: T.Buffer((8, 4, 3, 3), "float32", layout=None), group_conv2d_nchw: T.Buffer((1, 8, 8, 8), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    pad_temp = T.alloc_buffer((1, 8, 10, 10), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    for i1, i2, i3 in T.grid(8, 10, 10):
        pad_temp[0, i1, i2, i3] = T.if_then_else(1 <= i2 and i2 < 9 and 1 <= i3 and i3 < 9, data[0, i1, i2 - 1, i3 - 1], T.float32(0.0))
    for ff, yy, xx, rc, ry, rx in T.grid(8, 8, 8, 4, 3, 3):
        if rc == 0 and ry == 0 and rx == 0:
            group_conv2d_nchw[0, ff, yy, xx] = T.float32(0.0)
        group_conv2d_nchw[0, ff, yy, xx] = group_conv2d_nchw[0, ff, yy, xx] + pad_temp[0, ff // 4 * 4 + rc, yy + ry, xx + rx] * w[ff, rc, ry, rx]
