# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def partitioned_concat_3(placeholder: T.Buffer((1, 64, 28, 28), "int8"), placeholder_1: T.Buffer((1, 32, 28, 28), "int8"), placeholder_2: T.Buffer((1, 32, 28, 28), "int8"), T_concat: T.Buffer((1, 128, 28, 28), "int8")):
    placeholder_flat = placeholder.view(50176)
    placeholder_1_flat = placeholder_1.view(25088)
    placeholder_2_flat = placeholder_2.view(25088)
    T_concat_flat = T_concat.view(100352)
    for i1, i2, i3 in T.grid(64, 28, 28):
        T_concat_flat[i1 * 784 + i2 * 28 + i3] = placeholder_flat[i1 * 784 + i2 * 28 + i3]
    for i1, i2, i3 in T.grid(32, 28, 28):
        T_concat_flat[i1 * 784 + i2 * 28 + i3 + 50176] = placeholder_1_flat[i1 * 784 + i2 * 28 + i3]
    for i1, i2, i3 in T.grid(32, 28, 28):
        T_concat_flat[i1 * 784 + i2 * 28 + i3 + 75264] = placeholder_2_flat[i1 * 784 + i2 * 28 + i3]
