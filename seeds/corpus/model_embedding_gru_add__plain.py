# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(matmul: T.Buffer((T.int64(2), T.int64(18)), "float32", layout=None), wx_bias: T.Buffer((T.int64(18),), "float32", layout=None), T_add: T.Buffer((T.int64(2), T.int64(18)), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax0, ax1 in T.grid(T.int64(2), T.int64(18)):
        T_add[ax0, ax1] = matmul[ax0, ax1] + wx_bias[ax1]
