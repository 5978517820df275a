# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(x: T.Buffer((T.int64(2), T.int64(8)), "float16", layout=None), permute_dims: T.Buffer((T.int64(8), T.int64(12)), "float16", layout=None), matmul: T.Buffer((T.int64(2), T.int64(12)), "float16", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for i0, i1, k in T.grid(T.int64(2), T.int64(12), T.int64(8)):
        if k == T.int64(0):
            matmul[i0, i1] = T.float16(0.0)
        matmul[i0, i1] = matmul[i0, i1] + x[i0, k] * permute_dims[k, i1]
