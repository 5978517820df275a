# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def expected():
    # with T.sblock("root"):
    for i in range(8):
        with T.sblock(""):
            T.reads()
            T.writes()
            A = T.sblock_alloc_buffer((60, 60))
            for j, k in T.grid(8, 8):
                with T.sblock(""):
                    T.where(j * 8 + k < 60)
                    T.reads()
                    T.writes(A[j * 8 + k, j * 8 + k])
                    A[j * 8 + k, j * 8 + k] = T.float32(1.0)
