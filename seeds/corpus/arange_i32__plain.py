# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(T_arange: T.Buffer((5,), "int32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax0 in range(5):
        T_arange[ax0] = ax0 * 2
