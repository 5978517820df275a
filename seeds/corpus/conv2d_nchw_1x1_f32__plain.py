# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(data: T.Buffer((2, 8, 6, 6), "float32", layout=None), w: T.Buffer((4, 8, 1, 1), "float32", layout=None), conv2d_nchw: T.Buffer((2, 4, 6, 6), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    pad_temp = T.alloc_buffer((2, 8, 6, 6), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    for i0, i1, i2, i3 in T.grid(2, 8, 6, 6):
        pad_temp[i0, i1, i2, i3] = data[i0, i1, i2, i3]
    for nn, ff, yy, xx, rc in T.grid(2, 4, 6, 6, 8):
        if rc == 0 and T.EQ(0, 0) and T.EQ(0, 0):
            conv2d_nchw[nn, ff, yy, xx] = T.float32(0.0)
        conv2d_nchw[nn, ff, yy, xx] = conv2d_nchw[nn, ff, yy, xx] + pad_temp[nn, rc, T.Add(yy, 0), T.Add(xx, 0)] * w[ff, rc, 0, 0]
