# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((4, 8), "int32"), B: T.Buffer((4, 8), "int32"), T_mod: T.Buffer((4, 8), "int32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    T_add = T.sblock_alloc_buffer((4, 8), "int32")
    for ax0, ax1 in T.grid(4, 8):
        with T.sblock("T_add"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(B[v_ax0, v_ax1])
            T.writes(T_add[v_ax0, v_ax1])
            T_add[v_ax0, v_ax1] = B[v_ax0, v_ax1] + 1
    for ax0, ax1 in T.grid(4, 8):
        with T.sblock("T_mod"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(A[v_ax0, v_ax1], T_add[v_ax0, v_ax1])
            T.writes(T_mod[v_ax0, v_ax1])
            T_mod[v_ax0, v_ax1] = T.truncmod(A[v_ax0, v_ax1], T_add[v_ax0, v_ax1])
