# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((16,), "float32"), B: T.Buffer((16,), "float32")):
    T.func_attr({"tirx.noalias": True})
    for i_0 in range(4):
        for i_1 in T.vectorized(4):
            if i_0 * 4 + i_1 > 14:
                A[i_0 * 4 + i_1] = T.float32(2.0)
            if 14 < i_0 * 4 + i_1:
                A[i_0 * 4 + i_1] = T.float32(2.0)
            if i_0 * 4 + i_1 < i_0 * 4 + i_1:
                A[i_0 * 4 + i_1] = T.float32(2.0)
