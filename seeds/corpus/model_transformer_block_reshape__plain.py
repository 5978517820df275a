# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(add: T.Buffer((T.int64(1), T.int64(4), T.int64(48)), "float32", layout=None), T_reshape: T.Buffer((T.int64(1), T.int64(4), T.int64(3), T.int64(2), T.int64(8)), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax1, ax2, ax3, ax4 in T.grid(T.int64(4), T.int64(3), T.int64(2), T.int64(8)):
        T_reshape[T.int64(0), ax1, ax2, ax3, ax4] = add[T.int64(0), ((ax2 * T.int64(16) + ax3 * T.int64(8) + ax4) // T.int64(48) + ax1) % T.int64(4), (ax2 * T.int64(16) + ax3 * T.int64(8) + ax4) % T.int64(48)]
