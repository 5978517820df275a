# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((6,), "int32"), T_reverse_sequence: T.Buffer((6,), "int32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for ax0 in range(6):
        with T.sblock("T_reverse_sequence"):
            v_ax0 = T.axis.spatial(6, ax0)
            T.reads(A[5 - v_ax0])
            T.writes(T_reverse_sequence[v_ax0])
            T_reverse_sequence[v_ax0] = A[5 - v_ax0]
