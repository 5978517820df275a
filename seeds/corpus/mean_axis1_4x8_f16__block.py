# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((4, 8), "float16"), T_divide: T.Buffer((4,), "float16")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    A_red = T.sblock_alloc_buffer((4,), "float16")
    for ax0, k1 in T.grid(4, 8):
        with T.sblock("A_red"):
            v_ax0, v_k1 = T.axis.remap("SR", [ax0, k1])
            T.reads(A[v_ax0, v_k1])
            T.writes(A_red[v_ax0])
            with T.init():
                A_red[v_ax0] = T.float16(0.0)
            A_red[v_ax0] = A_red[v_ax0] + A[v_ax0, v_k1]
    for ax0 in range(4):
        with T.sblock("T_divide"):
            v_ax0 = T.axis.spatial(4, ax0)
            T.reads(A_red[v_ax0])
            T.writes(T_divide[v_ax0])
            T_divide[v_ax0] = A_red[v_ax0] / T.float16(8.0)
