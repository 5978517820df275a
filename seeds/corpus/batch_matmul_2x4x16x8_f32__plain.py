# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((2, 4, 16), "float32", layout=None), B: T.Buffer((2, 8, 16), "float32", layout=None), T_batch_matmul_NT: T.Buffer((2, 4, 8), "float32", layout=None)):
    T.func_attr({"layout_free_buffers": [1], "tirx.noalias": True})
    for b, i, j, k in T.grid(2, 4, 8, 16):
        if k == 0:
            T_batch_matmul_NT[b, i, j] = T.float32(0.0)
        T_batch_matmul_NT[b, i, j] = T_batch_matmul_NT[b, i, j] + A[b, i, k] * B[b, j, k]
