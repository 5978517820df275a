# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(relu1: T.Buffer((T.int64(2), T.int64(12)), "float16", layout=None), permute_dims2: T.Buffer((T.int64(12), T.int64(4)), "float16", layout=None), matmul: T.Buffer((T.int64(2), T.int64(4)), "float16", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for i0, i1, k in T.grid(T.int64(2), T.int64(4), T.int64(12)):
        if k == T.int64(0):
            matmul[i0, i1] = T.float16(0.0)
        matmul[i0, i1] = matmul[i0, i1] + relu1[i0, k] * permute_dims2[k, i1]
