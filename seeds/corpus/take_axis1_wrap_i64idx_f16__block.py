# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((2, 6), "float16"), idx: T.Buffer((4,), "int64"), T_take: T.Buffer((2, 4), "float16")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for ax0, ax1 in T.grid(2, 4):
        with T.sblock("T_take"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(A[v_ax0, T.truncmod(T.truncmod(idx[v_ax1], T.int64(6)) + T.int64(6), T.int64(6))], idx[v_ax1])
            T.writes(T_take[v_ax0, v_ax1])
            T_take[v_ax0, v_ax1] = A[v_ax0, T.truncmod(T.truncmod(idx[v_ax1], T.int64(6)) + T.int64(6), T.int64(6))]
