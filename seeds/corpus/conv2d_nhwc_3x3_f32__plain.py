# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(data: T.Buffer((1, 8, 8, 4), "float32", layout=None), w: T.Buffer((3, 3, 4, 8), "float32", layout=None), conv2d_nhwc: T.Buffer((1, 8, 8, 8), "float32", layout=None)):
    T.func_attr({"layout_free_buffers": [1], "tirx.noalias": True})
    pad_temp = T.alloc_buffer((1, 10, 10, 4), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    for i1, i2, i3 in T.grid(10, 10, 4):
        pad_temp[0, i1, i2, i3] = T.if_then_else(1 <= i1 and i1 < 9 and 1 <= i2 and i2 < 9, data[0, i1 - 1, i2 - 1, i3], T.float32(0.0))
    for yy, xx, ff, ry, rx, rc in T.grid(8, 8, 8, 3, 3, 4):
        if ry == 0 and rx == 0 and rc == 0:
            conv2d_nhwc[0, yy, xx, ff] = T.float32(0.0)
        conv2d_nhwc[0, yy, xx, ff] = conv2d_nhwc[0, yy, xx, ff] + pad_temp[0, yy + ry, xx + rx, rc] * w[ry, rx, rc, ff]
