# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(data: T.Buffer((1, 3, 9, 9), "float32", layout=None), w: T.Buffer((4, 3, 5, 5), "float32", layout=None), conv2d_nchw: T.Buffer((1, 4, 5, 5), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    pad_temp = T.alloc_buffer((1, 3, 9, 9), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    for i1, i2, i3 in T.grid(3, 9, 9):
        pad_temp[0, i1, i2, i3] = data[0, i1, i2, i3]
    for ff, yy, xx, rc, ry, rx in T.grid(4, 5, 5, 3, 5, 5):
        if rc == 0 and ry == 0 and rx == 0:
            conv2d_nchw[0, ff, yy, xx] = T.float32(0.0)
        conv2d_nchw[0, ff, yy, xx] = conv2d_nchw[0, ff, yy, xx] + pad_temp[0, rc, yy + ry, xx + rx] * w[ff, rc, ry, rx]
