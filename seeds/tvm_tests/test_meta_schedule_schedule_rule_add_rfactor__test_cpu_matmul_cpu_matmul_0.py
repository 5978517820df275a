# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((4, 512), "float32"), B: T.Buffer((512, 4), "float32"), C: T.Buffer((4, 4), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for i0, i1, i2 in T.grid(4, 4, 512):
        with T.sblock("C"):
            i, j, k = T.axis.remap("SSR", [i0, i1, i2])
            T.reads(A[i, k], B[k, j])
            T.writes(C[i, j])
            with T.init():
                C[i, j] = T.float32(0.0)
            C[i, j] = C[i, j] + A[i, k] * B[k, j]
