# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((4, 8), "float32", offset_factor=1), out_buf: T.Buffer((4, 8), "float32")):
    T.func_attr({"tirx.noalias": True})
    with T.sblock("cumsum_generic"):
        T.reads()
        T.writes()
        for v in T.parallel(4):
            out_buf[v * 8 // 8, v * 8 % 8] = A[v * 8 // 8, v * 8 % 8]
            for v_1 in range(7):
                out_buf[(v * 8 + (v_1 + 1)) // 8, (v * 8 + (v_1 + 1)) % 8] = out_buf[(v * 8 + (v_1 + 1 - 1)) // 8, (v * 8 + (v_1 + 1 - 1)) % 8] + A[(v * 8 + (v_1 + 1)) // 8, (v * 8 + (v_1 + 1)) % 8]
