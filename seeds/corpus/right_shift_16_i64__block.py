# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((16,), "int64"), B: T.Buffer((16,), "int64"), T_right_shift: T.Buffer((16,), "int64")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for ax0 in range(16):
        with T.sblock("T_right_shift"):
            v_ax0 = T.axis.spatial(16, ax0)
            T.reads(A[v_ax0], B[v_ax0])
            T.writes(T_right_shift[v_ax0])
            T_right_shift[v_ax0] = A[v_ax0] >> B[v_ax0]
