# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(data: T.Buffer((1, 2, 6, 6, 6), "float32", layout=None), w: T.Buffer((4, 2, 3, 3, 3), "float32", layout=None), conv3d_ncdhw: T.Buffer((1, 4, 6, 6, 6), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    pad_temp = T.alloc_buffer((1, 2, 8, 8, 8), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    for i1, i2, i3, i4 in T.grid(2, 8, 8, 8):
        pad_temp[0, i1, i2, i3, i4] = T.if_then_else(1 <= i2 and i2 < 7 and 1 <= i3 and i3 < 7 and 1 <= i4 and i4 < 7, data[0, i1, i2 - 1, i3 - 1, i4 - 1], T.float32(0.0))
    for ff, yy, xx, zz, rc, ry, rx, rz in T.grid(4, 6, 6, 6, 2, 3, 3, 3):
        if rc == 0 and ry == 0 and rx == 0 and rz == 0:
            conv3d_ncdhw[0, ff, yy, xx, zz] = T.float32(0.0)
        conv3d_ncdhw[0, ff, yy, xx, zz] = conv3d_ncdhw[0, ff, yy, xx, zz] + pad_temp[0, rc, yy + ry, xx + rx, zz + rz] * w[ff, rc, ry, rx, rz]
