# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(add: T.Buffer((T.int64(1), T.int64(3), T.int64(8)), "float32", layout=None), permute_dims: T.Buffer((T.int64(8), T.int64(16)), "float32", layout=None), matmul: T.Buffer((T.int64(1), T.int64(3), T.int64(16)), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for i1, i2, k in T.grid(T.int64(3), T.int64(16), T.int64(8)):
        if k == T.int64(0):
            matmul[T.int64(0), i1, i2] = T.float32(0.0)
        matmul[T.int64(0), i1, i2] = matmul[T.int64(0), i1, i2] + add[T.int64(0), i1, k] * permute_dims[k, i2]
