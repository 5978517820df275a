# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def decl_buffer_alias_func(A: T.Buffer((16,), "float32"), B: T.Buffer((16,), "float32")):
    with T.sblock("alias"):
        T.reads(A[0])
        T.writes(B[0])
        A_view = T.decl_buffer((16,), data=A.data)
        B[0] = A[0] + A_view[0]
