# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((16,), "float32"), B: T.Buffer((16,), "float32")):
    T.func_attr({"tirx.noalias": True})
    for i_0, i_1_s in T.grid(4, 4):
        if i_0 * 4 + i_1_s < 14:
            B[i_0 * 4 + i_1_s] = A[i_0] + T.float32(1.0)
