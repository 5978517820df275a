# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def ref(B: T.Buffer((8, 8, 16, 16), "float32"), C: T.Buffer((128, 128), "float32")):
    # with T.sblock("root"):
    for i_0, j_0 in T.grid(8, 8):
        with T.sblock("C_o"):
            vi_o, vj_o = T.axis.remap("SS", [i_0, j_0])
            T.reads(B[vi_o, vj_o, 0:16, 0:16])
            T.writes(C[vi_o * 16:vi_o * 16 + 16, vj_o * 16:vj_o * 16 + 16])
            for i_1, j_1 in T.grid(16, 16):
                with T.sblock("C"):
                    vi, vj = T.axis.remap("SS", [i_1, j_1])
                    T.reads(B[vi_o, vj_o, vi, vj])
                    T.writes(C[vi_o * 16 + vi, vj_o * 16 + vj])
                    C[vi_o * 16 + vi, vj_o * 16 + vj] = B[vi_o, vj_o, vi, vj] + T.float32(1.0)
