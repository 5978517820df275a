# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def opaque_block(A: T.Buffer((16,), "float32")):
    # with T.sblock("root"):
    for i in range(15):
        with T.sblock("opaque"):
            T.reads(A[i:i + 2])
            T.writes(A[i + 1])
            A[i + 1] = A[i + 1] + A[i]
