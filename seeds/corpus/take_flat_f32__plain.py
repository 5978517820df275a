# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((4, 5), "float32", layout=None), idx: T.Buffer((6,), "int32", layout=None), T_take: T.Buffer((6,), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax0 in range(6):
        T_take[ax0] = A[idx[ax0] % 20 // 5, idx[ax0] % 5]
