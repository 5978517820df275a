# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def full(rxplaceholder: T.Buffer((), "int32"), T_full: T.Buffer((T.int64(2), T.int64(3)), "int32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for i0, i1 in T.grid(T.int64(2), T.int64(3)):
        with T.sblock("T_full"):
            ax0, ax1 = T.axis.remap("SS", [i0, i1])
            T.reads(rxplaceholder[()])
            T.writes(T_full[ax0, ax1])
            T_full[ax0, ax1] = rxplaceholder[()]
