# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def add(rxplaceholder: T.Buffer((), "int64"), T_add: T.Buffer((), "int64")):
    T.func_attr({"tirx.is_scheduled": True, "tirx.noalias": True})
    # with T.sblock("root"):
    for u_fused_0 in T.thread_binding(1, thread="blockIdx.x"):
        for u_fused_1 in T.thread_binding(1, thread="threadIdx.x"):
            with T.sblock("T_add"):
                vi = T.axis.spatial(1, T.int64(0))
                T.reads(rxplaceholder[()])
                T.writes(T_add[()])
                T_add[()] = rxplaceholder[()] + T.int64(1)
