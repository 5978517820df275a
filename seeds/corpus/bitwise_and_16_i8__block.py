# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((16,), "int8"), B: T.Buffer((16,), "int8"), T_bitwise_and: T.Buffer((16,), "int8")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for ax0 in range(16):
        with T.sblock("T_bitwise_and"):
            v_ax0 = T.axis.spatial(16, ax0)
            T.reads(A[v_ax0], B[v_ax0])
            T.writes(T_bitwise_and[v_ax0])
            T_bitwise_and[v_ax0] = A[v_ax0] & B[v_ax0]
