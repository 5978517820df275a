# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((1, 32), "float16", layout=None), B: T.Buffer((4, 32), "float16", layout=None), T_matmul_NT: T.Buffer((1, 4), "float16", layout=None)):
    T.func_attr({"layout_free_buffers": [1], "tirx.noalias": True})
    for i1, k in T.grid(4, 32):
        if k == 0:
            T_matmul_NT[0, i1] = T.float16(0.0)
        T_matmul_NT[0, i1] = T_matmul_NT[0, i1] + A[0, k] * B[i1, k]
