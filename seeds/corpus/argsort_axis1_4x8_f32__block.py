# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(data_buf: T.Buffer((4, 8), "float32", align=8), out_buf: T.Buffer((4, 8), "int32", align=8)):
    T.func_attr({"tirx.noalias": True})
    with T.sblock("argsort_cpu"):
        T.reads()
        T.writes()
        T.call_packed("tvm.contrib.sort.argsort", T.tvm_stack_make_array(data_buf.data, T.tvm_stack_make_shape(4, 8), 0, 2, T.float32(0.0), 0), T.tvm_stack_make_array(out_buf.data, T.tvm_stack_make_shape(4, 8), 0, 2, 0, 0), 1, 1)
