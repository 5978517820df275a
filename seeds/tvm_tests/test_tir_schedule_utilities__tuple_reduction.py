# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(data: T.Buffer((4, 32), "float32"), T_add: T.Buffer((4,), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    data_red_temp_v0 = T.sblock_alloc_buffer((4,))
    data_red_temp_v1 = T.sblock_alloc_buffer((4,))
    for i0, i1 in T.grid(4, 32):
        with T.sblock("data_red_temp"):
            ax0, k1 = T.axis.remap("SR", [i0, i1])
            T.reads(data[ax0, k1])
            T.writes(data_red_temp_v0[ax0], data_red_temp_v1[ax0])
            with T.init():
                data_red_temp_v0[ax0] = T.float32(0.0)
                data_red_temp_v1[ax0] = T.float32(0.0)
            v_data_red_temp_v0: T.let[T.float32] = data_red_temp_v0[ax0] + data[ax0, k1]
            v_data_red_temp_v1: T.let[T.float32] = data_red_temp_v1[ax0] + data[ax0, k1] * data[ax0, k1]
            data_red_temp_v0[ax0] = v_data_red_temp_v0
            data_red_temp_v1[ax0] = v_data_red_temp_v1
    for i0 in range(4):
        with T.sblock("T_add"):
            ax0 = T.axis.spatial(4, i0)
            T.reads(data_red_temp_v0[ax0], data_red_temp_v1[ax0])
            T.writes(T_add[ax0])
            T_add[ax0] = data_red_temp_v0[ax0] + data_red_temp_v1[ax0]
