# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def global_buffer_with_blockidx(a: T.Buffer((1, 32), "int32"), b: T.Buffer((1, 32), "int32")):
    # with T.sblock("root"):
    for i0 in T.thread_binding(1, thread="blockIdx.x"):
        for i1 in T.thread_binding(32, thread="threadIdx.x"):
            with T.sblock("copy"):
                i, j = T.axis.remap("SS", [i0, i1])
                T.reads(a[i, j])
                T.writes(b[i, j])
                b[i, j] = a[i, j]
