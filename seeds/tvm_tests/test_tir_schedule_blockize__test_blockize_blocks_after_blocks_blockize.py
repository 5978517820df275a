# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def after_blocks_blockize(A: T.Buffer((128, 128), "float32"), B: T.Buffer((128, 128), "float32")):
    # with T.sblock("root"):
    for m in range(6):
        with T.sblock("outer_B_C_"):
            vi_o = T.axis.spatial(1, 0)
            vj_o = T.axis.spatial(1, 0)
            T.reads(A[0:128, 0:128])
            T.writes(B[0:128, 0:128])
            for i, j in T.grid(3, 1):
                with T.sblock("B"):
                    vi_i = T.axis.spatial(3, i)
                    T.reads(A[vi_i, 0])
                    T.writes(B[vi_i, 0])
                    B[vi_i, 0] = A[vi_i, 0] * T.float32(2.0)
            for i, j in T.grid(128, 64):
                with T.sblock("C"):
                    vi_i, vj_i = T.axis.remap("SS", [i, j])
                    T.reads(A[vi_i, vj_i + 64])
                    T.writes(B[vi_i, vj_i + 64])
                    B[vi_i, vj_i + 64] = A[vi_i, vj_i + 64] * T.float32(3.0)
