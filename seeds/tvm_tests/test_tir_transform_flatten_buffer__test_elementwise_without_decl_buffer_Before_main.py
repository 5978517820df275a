# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((16, 16), "float32"), C: T.Buffer((16, 16), "float32")):
    for i in range(16):
        B_new_buf = T.alloc_buffer((1, 16))
        B_new = T.decl_buffer((1, 16), data=B_new_buf.data)
        for j in range(16):
            B_new[0, j] = A[i, j] + T.float32(1.0)
        for j in range(16):
            C[i, j] = B_new[0, j] * T.float32(2.0)
