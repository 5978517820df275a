# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def concat_func_single_point(placeholder: T.Buffer((28, 64), "int8"), placeholder_1: T.Buffer((28, 1), "int8"), placeholder_2: T.Buffer((28, 63), "int8"), T_concat: T.Buffer((28, 128), "int8")):
    for i0 in range(28):
        for i1 in T.serial(128, annotations={"pragma_loop_partition_hint": 1}):
            if i1 > 63:
                T_concat[i0, i1] = placeholder[i0, i1 - 64]
            else:
                if i1 == 63:
                    T_concat[i0, i1] = placeholder_1[i0, i1 - 63]
                else:
                    T_concat[i0, i1] = placeholder_2[i0, i1]
