# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(data_buf: T.Buffer((10,), "float32", align=8, layout=None), indices_buf: T.Buffer((2,), "int64", align=8, layout=None)):
    T.func_attr({"tirx.noalias": True})
    T.call_packed("tvm.contrib.sort.topk", T.tvm_stack_make_array(data_buf.data, T.tvm_stack_make_shape(10), 0, 1, T.float32(0.0), 0), T.tvm_stack_make_array(indices_buf.data, T.tvm_stack_make_shape(2), 0, 1, T.int64(0), 0), 2, -1, "indices", T.bool(True))
