# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((16,), "int32", offset_factor=1), out_buf: T.Buffer((16,), "int32")):
    T.func_attr({"tirx.noalias": True})
    with T.sblock("cumsum_generic"):
        T.reads()
        T.writes()
        for v in T.parallel(1):
            out_buf[v * 16] = 0
            for v_1 in range(15):
                out_buf[v * 16 + (v_1 + 1)] = out_buf[v * 16 + (v_1 + 1 - 1)] + A[v * 16 + (v_1 + 1 - 1)]
