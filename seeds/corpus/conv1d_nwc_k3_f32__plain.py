# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(data: T.Buffer((1, 16, 4), "float32", layout=None), w: T.Buffer((3, 4, 8), "float32", layout=None), conv1d_nwc: T.Buffer((1, 16, 8), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    pad_temp = T.alloc_buffer((1, 18, 4), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    for i1, i2 in T.grid(18, 4):
        pad_temp[0, i1, i2] = T.if_then_else(1 <= i1 and i1 < 17, data[0, i1 - 1, i2], T.float32(0.0))
    for yy, ff, ry, rc in T.grid(16, 8, 3, 4):
        if ry == 0 and rc == 0:
            conv1d_nwc[0, yy, ff] = T.float32(0.0)
        conv1d_nwc[0, yy, ff] = conv1d_nwc[0, yy, ff] + pad_temp[0, yy + ry, rc] * w[ry, rc, ff]
