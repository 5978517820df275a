# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def my_module(A: T.Buffer((128,), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for i in range(128):
        with T.sblock("A"):
            v_i = T.axis.spatial(128, i)
            T.reads()
            T.writes(A[v_i])
            A[v_i] = T.float32(1.0)
