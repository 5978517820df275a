# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((4, 8), "bool"), A_red: T.Buffer((), "bool")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for k0, k1 in T.grid(4, 8):
        with T.sblock("A_red"):
            v_k0, v_k1 = T.axis.remap("RR", [k0, k1])
            T.reads(A[v_k0, v_k1])
            T.writes(A_red[()])
            with T.init():
                A_red[()] = T.bool(False)
            A_red[()] = A_red[()] or A[v_k0, v_k1]
