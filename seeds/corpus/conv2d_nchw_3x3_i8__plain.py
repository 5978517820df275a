# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(data: T.Buffer((1, 4, 8, 8), "int8", layout=None), w: T.Buffer((4, 4, 3, 3), "int8", layout=None), conv2d_nchw: T.Buffer((1, 4, 8, 8), "int32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    pad_temp = T.alloc_buffer((1, 4, 10, 10), "int8", layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    for i1, i2, i3 in T.grid(4, 10, 10):
        pad_temp[0, i1, i2, i3] = T.if_then_else(1 <= i2 and i2 < 9 and 1 <= i3 and i3 < 9, data[0, i1, i2 - 1, i3 - 1], T.int8(0))
    for ff, yy, xx, rc, ry, rx in T.grid(4, 8, 8, 4, 3, 3):
        if rc == 0 and ry == 0 and rx == 0:
            conv2d_nchw[0, ff, yy, xx] = 0
        conv2d_nchw[0, ff, yy, xx] = conv2d_nchw[0, ff, yy, xx] + T.Cast("int32", pad_temp[0, rc, yy + ry, xx + rx]) * T.Cast("int32", w[ff, rc, ry, rx])
