# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((16, 16), "float32"), C: T.Buffer((16, 16), "float32")):
    A_1 = A.view(256)
    C_1 = C.view(256)
    for i in range(16):
        B_new = T.alloc_buffer((16,))
        for j in range(16):
            B_new[j] = A_1[i * 16 + j] + T.float32(1.0)
        for j in range(16):
            C_1[i * 16 + j] = B_new[j] * T.float32(2.0)
