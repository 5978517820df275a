# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((2, 3), "float32"), T_tile: T.Buffer((T.int64(4), T.int64(9)), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for ax0, ax1 in T.grid(T.int64(4), T.int64(9)):
        with T.sblock("T_tile"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(A[v_ax0 % T.int64(2), v_ax1 % T.int64(3)])
            T.writes(T_tile[v_ax0, v_ax1])
            T_tile[v_ax0, v_ax1] = A[v_ax0 % T.int64(2), v_ax1 % T.int64(3)]
