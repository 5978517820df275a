# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((80, 16), "float32"), B: T.Buffer((64, 16), "float32")):
    # with T.sblock("root"):
    A_data_1: T.let[T.handle("float32", "global")] = T.address_of(A[0, 0])
    A_1 = T.decl_buffer((16,), data=A_data_1)
    B_data_1: T.let[T.handle("float32", "global")] = T.address_of(B[0, 0])
    B_1 = T.decl_buffer((16,), data=B_data_1)
    for i in range(16):
        with T.sblock("scalar_mul_1"):
            T.reads(A_1[i])
            T.writes(B_1[i])
            B_1[i] = A_1[i] * T.float32(2.0)
    A_data_2: T.let[T.handle("float32", "global")] = T.address_of(A[1, 0])
    A_2 = T.decl_buffer((16,), data=A_data_2)
    B_data_2: T.let[T.handle("float32", "global")] = T.address_of(B[1, 0])
    B_2 = T.decl_buffer((16,), data=B_data_2)
    for i in range(16):
        with T.sblock("scalar_mul_2"):
            T.reads(A_2[i])
            T.writes(B_2[i])
            B_2[i] = A_2[i] * T.float32(2.0)
