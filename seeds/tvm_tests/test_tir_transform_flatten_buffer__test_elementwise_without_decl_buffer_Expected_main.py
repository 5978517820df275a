# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(input_A: T.Buffer((16, 16), "float32"), input_C: T.Buffer((16, 16), "float32")):
    A = input_A.view(256)
    C = input_C.view(256)
    for i in range(16):
        B_new_buf = T.alloc_buffer((16,))
        B_new = T.decl_buffer((16,), data=B_new_buf.data)
        for j in range(16):
            B_new[j] = A[i * 16 + j] + T.float32(1.0)
        for j in range(16):
            C[i * 16 + j] = B_new[j] * T.float32(2.0)
