# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def grouped_channel_bias_non_perfect_tiled(X: T.Buffer((720, 8, 8), "float32"), Y: T.Buffer((720, 8, 8), "float32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((45,))
    for c_o in range(2):
        for ax0 in range(23):
            with T.sblock("init"):
                vi = T.axis.spatial(45, c_o * 22 + ax0)
                T.reads()
                T.writes(B[vi])
                B[vi] = T.Cast("float32", vi)
        for h, w, c_i in T.grid(8, 8, 360):
            with T.sblock("compute"):
                hh, ww = T.axis.remap("SS", [h, w])
                cc = T.axis.spatial(720, c_o * 360 + c_i)
                T.reads(X[cc, hh, ww], B[cc // 16])
                T.writes(Y[cc, hh, ww])
                Y[cc, hh, ww] = X[cc, hh, ww] + B[cc // 16]
