# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(data: T.Buffer((1, 4, 16), "float32", layout=None), w: T.Buffer((8, 4, 3), "float32", layout=None), conv1d_ncw: T.Buffer((1, 8, 16), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    pad_temp = T.alloc_buffer((1, 4, 18), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    for i1, i2 in T.grid(4, 18):
        pad_temp[0, i1, i2] = T.if_then_else(1 <= i2 and i2 < 17, data[0, i1, i2 - 1], T.float32(0.0))
    for ff, yy, rc, ry in T.grid(8, 16, 4, 3):
        if rc == 0 and ry == 0:
            conv1d_ncw[0, ff, yy] = T.float32(0.0)
        conv1d_ncw[0, ff, yy] = conv1d_ncw[0, ff, yy] + pad_temp[0, rc, yy + ry] * w[ff, rc, ry]
