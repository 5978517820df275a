# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((3, 5), "int32", layout=None), B: T.Buffer((7, 5), "int32", layout=None), T_matmul_NT: T.Buffer((3, 7), "int32", layout=None)):
    T.func_attr({"layout_free_buffers": [1], "tirx.noalias": True})
    for i0, i1, k in T.grid(3, 7, 5):
        if k == 0:
            T_matmul_NT[i0, i1] = 0
        T_matmul_NT[i0, i1] = T_matmul_NT[i0, i1] + A[i0, k] * B[i1, k]
