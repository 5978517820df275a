# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(private=True, s_tir=True)
def main(A: T.Buffer((16, 1), "float32")):
    T.func_attr({"layout_free_buffers": [0]})
    # with T.sblock("root"):
    for i, j in T.grid(16, 1):
        with T.sblock("block"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A[vi, vj])
            T.writes()
            T.evaluate(A[vi, vj])
