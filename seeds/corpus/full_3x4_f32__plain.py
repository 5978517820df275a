# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(T_full: T.Buffer((3, 4), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax0, ax1 in T.grid(3, 4):
        T_full[ax0, ax1] = T.float32(1.5)
