# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def after(T_softmax_norm: T.Buffer((T.int64(6), T.int64(1), T.int64(1)), "float32"), T_reshape_2: T.Buffer((T.int64(6), T.int64(1), T.int64(64)), "float32"), T_transpose: T.Buffer((T.int64(1), T.int64(1), T.int64(6), T.int64(64)), "float32")):
    # with T.sblock("root"):
    for ax0, ax1 in T.grid(T.int64(6), T.int64(64)):
        with T.sblock("bmm"):
            v0, v1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_softmax_norm[v0, T.int64(0), T.int64(0)], T_reshape_2[v0, T.int64(0), v1])
            T.writes(T_transpose[T.int64(0), T.int64(0), v0, v1])
            with T.init():
                T_transpose[T.int64(0), T.int64(0), v0, v1] = T.float32(0.0)
            T_transpose[T.int64(0), T.int64(0), v0, v1] = T_transpose[T.int64(0), T.int64(0), v0, v1] + T_softmax_norm[v0, T.int64(0), T.int64(0)] * T_reshape_2[v0, T.int64(0), v1]
