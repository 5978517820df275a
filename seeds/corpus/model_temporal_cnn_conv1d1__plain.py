# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(relu: T.Buffer((T.int64(1), T.int64(8), T.int64(12)), "float32", layout=None), conv2_weight: T.Buffer((T.int64(4), T.int64(8), T.int64(3)), "float32", layout=None), conv1d_ncw: T.Buffer((T.int64(1), T.int64(4), T.int64(12)), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    pad_temp = T.alloc_buffer((T.int64(1), T.int64(8), T.int64(16)), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    for i1, i2 in T.grid(T.int64(8), T.int64(16)):
        pad_temp[T.int64(0), i1, i2] = T.if_then_else(T.int64(2) <= i2 and i2 < T.int64(14), relu[T.int64(0), i1, i2 - T.int64(2)], T.float32(0.0))
    for ff, yy, rc, ry in T.grid(T.int64(4), T.int64(12), T.int64(8), T.int64(3)):
        if rc == T.int64(0) and ry == T.int64(0):
            conv1d_ncw[T.int64(0), ff, yy] = T.float32(0.0)
        conv1d_ncw[T.int64(0), ff, yy] = conv1d_ncw[T.int64(0), ff, yy] + pad_temp[T.int64(0), rc, ry * T.int64(2) + yy] * conv2_weight[ff, rc, ry]
