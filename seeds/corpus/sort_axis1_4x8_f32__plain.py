# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(data_buf: T.Buffer((4, 8), "float32", align=8, layout=None), out_buf: T.Buffer((4, 8), "float32", align=8, layout=None)):
    T.func_attr({"tirx.noalias": True})
    T.call_packed("tvm.contrib.sort.sort", T.tvm_stack_make_array(data_buf.data, T.tvm_stack_make_shape(4, 8), 0, 2, T.float32(0.0), 0), T.tvm_stack_make_array(out_buf.data, T.tvm_stack_make_shape(4, 8), 0, 2, T.float32(0.0), 0), 1, 1)
