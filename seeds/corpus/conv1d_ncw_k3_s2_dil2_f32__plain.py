# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(data: T.Buffer((2, 4, 17), "float32", layout=None), w: T.Buffer((4, 4, 3), "float32", layout=None), conv1d_ncw: T.Buffer((2, 4, 9), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    pad_temp = T.alloc_buffer((2, 4, 21), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    for i0, i1, i2 in T.grid(2, 4, 21):
        pad_temp[i0, i1, i2] = T.if_then_else(2 <= i2 and i2 < 19, data[i0, i1, i2 - 2], T.float32(0.0))
    for nn, ff, yy, rc, ry in T.grid(2, 4, 9, 4, 3):
        if rc == 0 and ry == 0:
            conv1d_ncw[nn, ff, yy] = T.float32(0.0)
        conv1d_ncw[nn, ff, yy] = conv1d_ncw[nn, ff, yy] + pad_temp[nn, rc, yy * 2 + ry * 2] * w[ff, rc, ry]
