# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(permute_dims1: T.Buffer((T.int64(1), T.int64(2), T.int64(4), T.int64(8)), "float32", layout=None), permute_dims4: T.Buffer((T.int64(1), T.int64(2), T.int64(8), T.int64(4)), "float32", layout=None), matmul: T.Buffer((T.int64(1), T.int64(2), T.int64(4), T.int64(4)), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for i1, i2, i3, k in T.grid(T.int64(2), T.int64(4), T.int64(4), T.int64(8)):
        if k == T.int64(0):
            matmul[T.int64(0), i1, i2, i3] = T.float32(0.0)
        matmul[T.int64(0), i1, i2, i3] = matmul[T.int64(0), i1, i2, i3] + permute_dims1[T.int64(0), i1, i2, k] * permute_dims4[T.int64(0), i1, k, i3]
