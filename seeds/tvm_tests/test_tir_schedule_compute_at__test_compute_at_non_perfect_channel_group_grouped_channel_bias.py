# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def grouped_channel_bias(X: T.Buffer((720, 8, 8), "float32"), Y: T.Buffer((720, 8, 8), "float32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((45,))
    for i in range(45):
        with T.sblock("init"):
            vi = T.axis.spatial(45, i)
            T.reads()
            T.writes(B[vi])
            B[vi] = T.Cast("float32", vi)
    for c_o, h, w, c_i in T.grid(2, 8, 8, 360):
        with T.sblock("compute"):
            hh, ww = T.axis.remap("SS", [h, w])
            cc = T.axis.spatial(720, c_o * 360 + c_i)
            T.reads(X[cc, hh, ww], B[cc // 16])
            T.writes(Y[cc, hh, ww])
            Y[cc, hh, ww] = X[cc, hh, ww] + B[cc // 16]
