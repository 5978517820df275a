# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def after(x: T.Buffer((1, 3, 200, 200), "float32"), y: T.Buffer((1, 3, 100, 100), "float32")):
    # with T.sblock("root"):
    x_global = T.sblock_alloc_buffer((1, 3, 200, 200))
    for i0, i1, i2_0, i3_0 in T.grid(1, 3, 10, 10):
        for ax0, ax1 in T.grid(24, 24):
            with T.sblock("cache"):
                v0 = T.axis.spatial(1, 0)
                v1 = T.axis.spatial(3, i1)
                v2 = T.axis.spatial(200, i2_0 * 20 - 3 + ax0)
                v3 = T.axis.spatial(200, i3_0 * 20 - 3 + ax1)
                T.where(3 <= i2_0 * 20 + ax0 and i2_0 * 20 + ax0 < 203 and 3 <= i3_0 * 20 + ax1 and i3_0 * 20 + ax1 < 203)
                T.reads(x[v0, v1, v2, v3])
                T.writes(x_global[v0, v1, v2, v3])
                x_global[v0, v1, v2, v3] = x[v0, v1, v2, v3]
        for i2_1, i3_1 in T.grid(10, 10):
            with T.sblock("resize"):
                v_i0, v_i1 = T.axis.remap("SS", [i0, i1])
                v_i2 = T.axis.spatial(100, i2_0 * 10 + i2_1)
                v_i3 = T.axis.spatial(100, i3_0 * 10 + i3_1)
                T.reads(x_global[v_i0, v_i1, v_i2 * 2 - 3:v_i2 * 2 - 3 + 6, v_i3 * 2 - 3:v_i3 * 2 - 3 + 6])
                T.writes(y[v_i0, v_i1, v_i2, v_i3])
                T.sblock_attr({"explicit_read_region": [0]})
                y[v_i0, v_i1, v_i2, v_i3] = x_global[v_i0, v_i1, T.Cast("int32", T.floor(T.Cast("float32", v_i2 * 2) + T.float32(0.5))), T.Cast("int32", T.floor(T.Cast("float32", v_i3 * 2) + T.float32(0.5)))]
