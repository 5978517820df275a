# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(data: T.Buffer((8, 8, 4, 1), "float32", layout=None), w: T.Buffer((3, 3, 4, 4), "float32", layout=None), conv2d_hwcn: T.Buffer((8, 8, 4, 1), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    pad_temp = T.alloc_buffer((10, 10, 4, 1), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    for i0, i1, i2 in T.grid(10, 10, 4):
        pad_temp[i0, i1, i2, 0] = T.if_then_else(1 <= i0 and i0 < 9 and 1 <= i1 and i1 < 9, data[i0 - 1, i1 - 1, i2, 0], T.float32(0.0))
    for yy, xx, ff, rx, ry, rc in T.grid(8, 8, 4, 3, 3, 4):
        if rx == 0 and ry == 0 and rc == 0:
            conv2d_hwcn[yy, xx, ff, 0] = T.float32(0.0)
        conv2d_hwcn[yy, xx, ff, 0] = conv2d_hwcn[yy, xx, ff, 0] + pad_temp[yy + ry, xx + rx, rc, 0] * w[ry, rx, rc, ff]
