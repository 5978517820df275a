# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((4, 512), "float32"), B: T.Buffer((512, 4), "float32"), C: T.Buffer((4, 4), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    C_rf = T.sblock_alloc_buffer((4, 4, 4))
    for i0, i1, i2_0, i2_1 in T.grid(4, 4, 4, 128):
        with T.sblock("C_rf"):
            vi2_0, i, j, vi2_1 = T.axis.remap("SSSR", [i2_0, i0, i1, i2_1])
            T.reads(A[i, vi2_0 * 128 + vi2_1], B[vi2_0 * 128 + vi2_1, j])
            T.writes(C_rf[i, j, vi2_0])
            with T.init():
                C_rf[i, j, vi2_0] = T.float32(0.0)
            C_rf[i, j, vi2_0] = C_rf[i, j, vi2_0] + A[i, vi2_0 * 128 + vi2_1] * B[vi2_0 * 128 + vi2_1, j]
    for i0, i1, i2_0 in T.grid(4, 4, 4):
        with T.sblock("C"):
            vi2_0, i, j = T.axis.remap("RSS", [i2_0, i0, i1])
            T.reads(C_rf[i, j, vi2_0])
            T.writes(C[i, j])
            T.sblock_attr({"meta_schedule.random_compute_producer": 1})
            with T.init():
                C[i, j] = T.float32(0.0)
            C[i, j] = C[i, j] + C_rf[i, j, vi2_0]
