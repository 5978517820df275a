# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(data: T.Buffer((1, 4, 8), "float32"), w: T.Buffer((4, 2, 3), "float32"), compute: T.Buffer((1, 2, 15), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    data_dilate = T.sblock_alloc_buffer((1, 4, 15))
    data_pad = T.sblock_alloc_buffer((1, 4, 17))
    kernel = T.sblock_alloc_buffer((2, 4, 3))
    for i0, i1, i2 in T.grid(1, 4, 15):
        with T.sblock("data_dilate"):
            v_i0, v_i1, v_i2 = T.axis.remap("SSS", [i0, i1, i2])
            T.reads(data[v_i0, v_i1, v_i2 // 2])
            T.writes(data_dilate[v_i0, v_i1, v_i2])
            data_dilate[v_i0, v_i1, v_i2] = T.if_then_else(v_i2 % 2 == 0, data[v_i0, v_i1, v_i2 // 2], T.float32(0.0))
    for i0, i1, i2 in T.grid(1, 4, 17):
        with T.sblock("data_pad"):
            v_i0, v_i1, v_i2 = T.axis.remap("SSS", [i0, i1, i2])
            T.reads(data_dilate[v_i0, v_i1, v_i2 - 1])
            T.writes(data_pad[v_i0, v_i1, v_i2])
            data_pad[v_i0, v_i1, v_i2] = T.if_then_else(1 <= v_i2 and v_i2 < 16, data_dilate[v_i0, v_i1, v_i2 - 1], T.float32(0.0))
    for o, i, w_1 in T.grid(2, 4, 3):
        with T.sblock("kernel"):
            v_o, v_i, v_w = T.axis.remap("SSS", [o, i, w_1])
            T.reads(w[v_i, v_o, 2 - v_w])
            T.writes(kernel[v_o, v_i, v_w])
            kernel[v_o, v_i, v_w] = w[v_i, v_o, 2 - v_w]
    for b, c, w_1, dc, dw in T.grid(1, 2, 15, 4, 3):
        with T.sblock("compute"):
            v_b, v_c, v_w, v_dc, v_dw = T.axis.remap("SSSRR", [b, c, w_1, dc, dw])
            T.reads(data_pad[v_b, v_dc, v_w + v_dw], kernel[v_c, v_dc, v_dw])
            T.writes(compute[v_b, v_c, v_w])
            with T.init():
                compute[v_b, v_c, v_w] = T.float32(0.0)
            compute[v_b, v_c, v_w] = compute[v_b, v_c, v_w] + data_pad[v_b, v_dc, v_w + v_dw] * kernel[v_c, v_dc, v_dw]
