# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def transformed_rank0_buffer(A: T.Buffer((8, 8), "float32"), B: T.Buffer((8, 8), "float32")):
    # with T.sblock("root"):
    for i, j in T.grid(8, 8):
        with T.sblock(""):
            T.reads()
            T.writes(A[i, j], B[i, j])
            A[i, j] = T.float32(1.0)
