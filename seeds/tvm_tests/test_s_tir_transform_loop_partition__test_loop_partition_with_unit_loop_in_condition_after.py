# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def after(placeholder: T.Buffer((50176,), "int8"), placeholder_1: T.Buffer((25088,), "int8"), placeholder_2: T.Buffer((25088,), "int8"), T_concat: T.Buffer((100352,), "int8")):
    placeholder_3 = T.decl_buffer((50176,), "int8", data=placeholder.data)
    placeholder_1_1 = T.decl_buffer((25088,), "int8", data=placeholder_1.data)
    placeholder_2_1 = T.decl_buffer((25088,), "int8", data=placeholder_2.data)
    T_concat_1 = T.decl_buffer((100352,), "int8", data=T_concat.data)
    for k in T.serial(1, annotations={"preserve_unit_loop": True}):
        for i1, i2, i3 in T.grid(64, 28, 28):
            T_concat_1[i1 * 784 + i2 * 28 + i3] = placeholder_3[i1 * 784 + i2 * 28 + i3]
        for i1, i2, i3 in T.grid(32, 28, 28):
            T_concat_1[i1 * 784 + i2 * 28 + i3 + 50176] = placeholder_1_1[i1 * 784 + i2 * 28 + i3]
        for i1, i2, i3 in T.grid(32, 28, 28):
            T_concat_1[i2 * 28 + i3] = placeholder_2_1[i1 * 784 + i2 * 28 + i3]
