# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(private=True, s_tir=True)
def main(A: T.Buffer((16, 1), "float32")):
    T.func_attr({"layout_free_buffers": [0]})
    # with T.sblock("root"):
    A_global = T.sblock_alloc_buffer((16,))
    for ax0, ax1 in T.grid(16, 1):
        with T.sblock("A_global"):
            v0, v1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(A[v0, v1])
            T.writes(A_global[v0])
            T.sblock_attr({"meta_schedule.layout_rewrite_preproc": True})
            A_global[v0] = A[v0, v1]
    for i, j in T.grid(16, 1):
        with T.sblock("block"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A_global[vi])
            T.writes()
            T.evaluate(A_global[vi])
