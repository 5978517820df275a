# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(data: T.Buffer((1, 10, 10, 4), "int8", layout=None), w: T.Buffer((3, 3, 4, 4), "int8", layout=None), conv2d_nhwc: T.Buffer((1, 10, 10, 4), "int32", layout=None)):
    T.func_attr({"layout_free_buffers": [1], "tirx.noalias": True})
    pad_temp = T.alloc_buffer((1, 14, 14, 4), "int8", layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    for i1, i2, i3 in T.grid(14, 14, 4):
        pad_temp[0, i1, i2, i3] = T.if_then_else(2 <= i1 and i1 < 12 and 2 <= i2 and i2 < 12, data[0, i1 - 2, i2 - 2, i3], T.int8(0))
    for yy, xx, ff, ry, rx, rc in T.grid(10, 10, 4, 3, 3, 4):
        if ry == 0 and rx == 0 and rc == 0:
            conv2d_nhwc[0, yy, xx, ff] = 0
        conv2d_nhwc[0, yy, xx, ff] = conv2d_nhwc[0, yy, xx, ff] + T.Cast("int32", pad_temp[0, ry * 2 + yy, rx * 2 + xx, rc]) * T.Cast("int32", w[ry, rx, rc, ff])
