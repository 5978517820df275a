# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((4, 16), "float32", layout=None), B: T.Buffer((8, 16), "float32", layout=None), T_matmul_NT: T.Buffer((4, 8), "float32", layout=None)):
    T.func_attr({"layout_free_buffers": [1], "tirx.noalias": True})
    for i0, i1, k in T.grid(4, 8, 16):
        if k == 0:
            T_matmul_NT[i0, i1] = T.float32(0.0)
        T_matmul_NT[i0, i1] = T_matmul_NT[i0, i1] + A[i0, k] * B[i1, k]
