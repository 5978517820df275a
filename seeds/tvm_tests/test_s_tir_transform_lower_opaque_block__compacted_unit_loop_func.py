# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def compacted_unit_loop_func(A: T.Buffer((32,), "float32"), C: T.Buffer((32,), "float32")):
    # with T.sblock("root"):
    for x, y, z in T.grid(4, 1, 8):
        with T.sblock(""):
            T.reads(A[x * 8 + y * 8 + z])
            T.writes(C[x * 8 + y * 8 + z])
            C[x * 8 + y * 8 + z] = A[x * 8 + y * 8 + z] + T.float32(1.0)
