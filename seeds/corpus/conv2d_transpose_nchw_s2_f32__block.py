# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(data: T.Buffer((1, 4, 5, 5), "float32"), w: T.Buffer((4, 2, 3, 3), "float32"), compute: T.Buffer((1, 2, 9, 9), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    data_dilate = T.sblock_alloc_buffer((1, 4, 9, 9))
    data_pad = T.sblock_alloc_buffer((1, 4, 11, 11))
    kernel_transform = T.sblock_alloc_buffer((2, 4, 3, 3))
    for i0, i1, i2, i3 in T.grid(1, 4, 9, 9):
        with T.sblock("data_dilate"):
            v_i0, v_i1, v_i2, v_i3 = T.axis.remap("SSSS", [i0, i1, i2, i3])
            T.reads(data[v_i0, v_i1, v_i2 // 2, v_i3 // 2])
            T.writes(data_dilate[v_i0, v_i1, v_i2, v_i3])
            data_dilate[v_i0, v_i1, v_i2, v_i3] = T.if_then_else(v_i2 % 2 == 0 and v_i3 % 2 == 0, data[v_i0, v_i1, v_i2 // 2, v_i3 // 2], T.float32(0.0))
    for i0, i1, i2, i3 in T.grid(1, 4, 11, 11):
        with T.sblock("data_pad"):
            v_i0, v_i1, v_i2, v_i3 = T.axis.remap("SSSS", [i0, i1, i2, i3])
            T.reads(data_dilate[v_i0, v_i1, v_i2 - 1, v_i3 - 1])
            T.writes(data_pad[v_i0, v_i1, v_i2, v_i3])
            data_pad[v_i0, v_i1, v_i2, v_i3] = T.if_then_else(1 <= v_i2 and v_i2 < 10 and 1 <= v_i3 and v_i3 < 10, data_dilate[v_i0, v_i1, v_i2 - 1, v_i3 - 1], T.float32(0.0))
    for o, i, h, w_1 in T.grid(2, 4, 3, 3):
        with T.sblock("kernel_transform"):
            v_o, v_i, v_h, v_w = T.axis.remap("SSSS", [o, i, h, w_1])
            T.reads(w[v_i, v_o, 2 - v_h, 2 - v_w])
            T.writes(kernel_transform[v_o, v_i, v_h, v_w])
            kernel_transform[v_o, v_i, v_h, v_w] = w[v_i, v_o, 2 - v_h, 2 - v_w]
    for b, c, h, w_1, dc, dh, dw in T.grid(1, 2, 9, 9, 4, 3, 3):
        with T.sblock("compute"):
            v_b, v_c, v_h, v_w, v_dc, v_dh, v_dw = T.axis.remap("SSSSRRR", [b, c, h, w_1, dc, dh, dw])
            T.reads(data_pad[v_b, v_dc, v_h + v_dh, v_w + v_dw], kernel_transform[v_c, v_dc, v_dh, v_dw])
            T.writes(compute[v_b, v_c, v_h, v_w])
            with T.init():
                compute[v_b, v_c, v_h, v_w] = T.float32(0.0)
            compute[v_b, v_c, v_h, v_w] = compute[v_b, v_c, v_h, v_w] + data_pad[v_b, v_dc, v_h + v_dh, v_w + v_dw] * kernel_transform[v_c, v_dc, v_dh, v_dw]
