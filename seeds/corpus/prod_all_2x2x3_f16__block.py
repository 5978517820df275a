# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((2, 2, 3), "float16"), A_red: T.Buffer((), "float16")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for k0, k1, k2 in T.grid(2, 2, 3):
        with T.sblock("A_red"):
            v_k0, v_k1, v_k2 = T.axis.remap("RRR", [k0, k1, k2])
            T.reads(A[v_k0, v_k1, v_k2])
            T.writes(A_red[()])
            with T.init():
                A_red[()] = T.float16(1.0)
            A_red[()] = A_red[()] * A[v_k0, v_k1, v_k2]
