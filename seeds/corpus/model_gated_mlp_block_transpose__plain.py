# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(gate_weight: T.Buffer((T.int64(16), T.int64(8)), "float32", layout=None), T_transpose: T.Buffer((T.int64(8), T.int64(16)), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax0, ax1 in T.grid(T.int64(8), T.int64(16)):
        T_transpose[ax0, ax1] = gate_weight[ax1, ax0]
