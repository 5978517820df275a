# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(T_arange: T.Buffer((5,), "int32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for ax0 in range(5):
        with T.sblock("T_arange"):
            v_ax0 = T.axis.spatial(5, ax0)
            T.reads()
            T.writes(T_arange[v_ax0])
            T_arange[v_ax0] = v_ax0 * 2
