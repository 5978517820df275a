# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(T_full: T.Buffer((T.int64(2), T.int64(3)), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.sblock("T_full"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads()
            T.writes(T_full[v_ax0, v_ax1])
            T_full[v_ax0, v_ax1] = T.float32(1.0)
