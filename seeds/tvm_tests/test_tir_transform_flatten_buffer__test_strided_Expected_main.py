# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((16, 16), "float32"), C: T.Buffer((16, 16), "float32")):
    A_1 = A.view(256)
    C_1 = C.view(256)
    for i0 in range(4):
        B = T.alloc_buffer((68,))
        B_1 = T.decl_buffer((68,), data=B.data)
        for i1, j in T.grid(4, 16):
            B_1[i1 * 17 + j] = A_1[i0 * 64 + i1 * 16 + j] + T.float32(1.0)
        for i1, j in T.grid(4, 16):
            C_1[i0 * 64 + i1 * 16 + j] = B_1[i1 * 17 + j] * T.float32(2.0)
