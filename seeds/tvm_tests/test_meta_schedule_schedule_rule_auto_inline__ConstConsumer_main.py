# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(T_full: T.Buffer((1, 12, 4096), "int64")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for i0, i1, i2 in T.grid(1, 12, 4096):
        with T.sblock("T_full"):
            ax0, ax1, ax2 = T.axis.remap("SSS", [i0, i1, i2])
            T.reads()
            T.writes(T_full[ax0, ax1, ax2])
            T_full[ax0, ax1, ax2] = T.int64(0)
