# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def sum_with_trivial_block_iter(A: T.Buffer((1, 64, 768), "float32"), B: T.Buffer((1, 64, 1), "float32")):
    # with T.sblock("root"):
    for i0, i1, i2, i3 in T.grid(1, 64, 1, 768):
        with T.sblock("sum"):
            ax0, ax1, ax2, k2 = T.axis.remap("SSSR", [i0, i1, i2, i3])
            T.reads(A[ax0, ax1, k2])
            T.writes(B[ax0, ax1, ax2])
            with T.init():
                B[ax0, ax1, ax2] = T.float32(0.0)
            B[ax0, ax1, ax2] = B[ax0, ax1, ax2] + A[ax0, ax1, k2]
