# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(h: T.Buffer((T.int64(2), T.int64(6)), "float32", layout=None), permute_dims1: T.Buffer((T.int64(6), T.int64(18)), "float32", layout=None), matmul: T.Buffer((T.int64(2), T.int64(18)), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for i0, i1, k in T.grid(T.int64(2), T.int64(18), T.int64(6)):
        if k == T.int64(0):
            matmul[i0, i1] = T.float32(0.0)
        matmul[i0, i1] = matmul[i0, i1] + h[i0, k] * permute_dims1[k, i1]
