# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def before(x: T.Buffer((1, 3, 200, 200), "float32"), y: T.Buffer((1, 3, 100, 100), "float32")):
    # with T.sblock("root"):
    x_global = T.sblock_alloc_buffer((1, 3, 200, 200))
    for ax0, ax1, ax2, ax3 in T.grid(1, 3, 200, 200):
        with T.sblock("cache"):
            v0, v1, v2, v3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(x[v0, v1, v2, v3])
            T.writes(x_global[v0, v1, v2, v3])
            x_global[v0, v1, v2, v3] = x[v0, v1, v2, v3]
    for i0, i1, i2, i3 in T.grid(1, 3, 100, 100):
        with T.sblock("resize"):
            v_i0, v_i1, v_i2, v_i3 = T.axis.remap("SSSS", [i0, i1, i2, i3])
            T.reads(x_global[v_i0, v_i1, 0:200, 0:200])
            T.writes(y[v_i0, v_i1, v_i2, v_i3])
            y[v_i0, v_i1, v_i2, v_i3] = x_global[v_i0, v_i1, T.Cast("int32", T.floor(T.Cast("float32", v_i2 * 2) + T.float32(0.5))), T.Cast("int32", T.floor(T.Cast("float32", v_i3 * 2) + T.float32(0.5)))]
