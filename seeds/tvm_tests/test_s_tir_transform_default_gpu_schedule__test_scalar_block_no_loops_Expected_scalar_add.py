# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def scalar_add(a: T.Buffer((), "float32"), b: T.Buffer((), "float32"), c: T.Buffer((), "float32")):
    T.func_attr({"tirx.is_scheduled": True})
    # with T.sblock("root"):
    for u_fused_0 in T.thread_binding(1, thread="blockIdx.x"):
        for u_fused_1 in T.thread_binding(1, thread="threadIdx.x"):
            with T.sblock("scalar_add"):
                vu = T.axis.spatial(1, 0)
                T.reads()
                T.writes()
                c[()] = a[()] + b[()]
