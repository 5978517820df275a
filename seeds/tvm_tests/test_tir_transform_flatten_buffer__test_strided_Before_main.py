# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((16, 16), "float32"), C: T.Buffer((16, 16), "float32")):
    for i0 in range(4):
        B = T.alloc_buffer((4, 17))
        B_1 = T.decl_buffer((4, 16), data=B.data, strides=(17, 1))
        for i1, j in T.grid(4, 16):
            B_1[i1, j] = A[i0 * 4 + i1, j] + T.float32(1.0)
        for i1, j in T.grid(4, 16):
            C[i0 * 4 + i1, j] = B_1[i1, j] * T.float32(2.0)
