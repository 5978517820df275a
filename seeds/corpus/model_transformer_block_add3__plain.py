# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(matmul4: T.Buffer((T.int64(1), T.int64(4), T.int64(32)), "float32", layout=None), fc1_bias: T.Buffer((T.int64(32),), "float32", layout=None), T_add: T.Buffer((T.int64(1), T.int64(4), T.int64(32)), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax1, ax2 in T.grid(T.int64(4), T.int64(32)):
        T_add[T.int64(0), ax1, ax2] = matmul4[T.int64(0), ax1, ax2] + fc1_bias[ax2]
