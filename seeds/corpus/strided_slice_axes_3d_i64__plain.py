# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((3, 6, 5), "int64", layout=None), T_strided_slice_with_axes: T.Buffer((2, 6, 2), "int64", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax0, ax1, ax2 in T.grid(2, 6, 2):
        T_strided_slice_with_axes[ax0, ax1, ax2] = A[ax0 + 1, ax1, ax2 * 2 + 1]
