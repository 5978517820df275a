# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((16,), "float16"), B: T.Buffer((16,), "float16"), T_where: T.Buffer((16,), "float16")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    T_greater = T.sblock_alloc_buffer((16,), "bool")
    for ax0 in range(16):
        with T.sblock("T_greater"):
            v_ax0 = T.axis.spatial(16, ax0)
            T.reads(B[v_ax0], A[v_ax0])
            T.writes(T_greater[v_ax0])
            T_greater[v_ax0] = B[v_ax0] < A[v_ax0]
    for ax0 in range(16):
        with T.sblock("T_where"):
            v_ax0 = T.axis.spatial(16, ax0)
            T.reads(T_greater[v_ax0], A[v_ax0], B[v_ax0])
            T.writes(T_where[v_ax0])
            T_where[v_ax0] = T.Select(0 < T.Cast("int32", T_greater[v_ax0]), A[v_ax0], B[v_ax0])
