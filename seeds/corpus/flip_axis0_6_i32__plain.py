# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((6,), "int32", layout=None), T_reverse_sequence: T.Buffer((6,), "int32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax0 in range(6):
        T_reverse_sequence[ax0] = A[5 - ax0]
