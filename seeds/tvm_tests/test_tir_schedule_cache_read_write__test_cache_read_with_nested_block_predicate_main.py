# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A_buf: T.Buffer((12, 24), "float32"), C_buf: T.Buffer((10, 20), "float32")):
    # with T.sblock("root"):
    for i, j in T.grid(12, 24):
        with T.sblock("compute"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A_buf[vi, vj])
            T.writes(C_buf[vi, vj])
            with T.sblock("inner"):
                T.where(vi < 10 and vj < 20)
                T.reads(A_buf[vi, vj])
                T.writes(C_buf[vi, vj])
                C_buf[vi, vj] = A_buf[vi, vj] * T.float32(2.0)
