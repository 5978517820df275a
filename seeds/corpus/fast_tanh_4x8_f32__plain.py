# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((4, 8), "float32", layout=None), T_fast_tanh: T.Buffer((4, 8), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    T_minimum = T.alloc_buffer((4, 8), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    T_maximum = T.alloc_buffer((4, 8), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    for ax0, ax1 in T.grid(4, 8):
        T_minimum[ax0, ax1] = T.min(T.float32(9.0), A[ax0, ax1])
    for ax0, ax1 in T.grid(4, 8):
        T_maximum[ax0, ax1] = T.max(T.float32(-9.0), T_minimum[ax0, ax1])
    for ax0, ax1 in T.grid(4, 8):
        T_fast_tanh[ax0, ax1] = T_maximum[ax0, ax1] * (T_maximum[ax0, ax1] * T_maximum[ax0, ax1] * (T_maximum[ax0, ax1] * T_maximum[ax0, ax1] * (T_maximum[ax0, ax1] * T_maximum[ax0, ax1] * (T_maximum[ax0, ax1] * T_maximum[ax0, ax1] * (T_maximum[ax0, ax1] * T_maximum[ax0, ax1] * (T_maximum[ax0, ax1] * T_maximum[ax0, ax1] * T.float32(-2.76076847742355e-16) + T.float32(2.0001879048247699e-13)) + T.float32(-8.60467152213735e-11)) + T.float32(5.1222970903711401e-08)) + T.float32(1.4857223571797901e-05)) + T.float32(0.00063726192887543596)) + T.float32(0.0048935245589178597)) / (T_maximum[ax0, ax1] * T_maximum[ax0, ax1] * (T_maximum[ax0, ax1] * T_maximum[ax0, ax1] * (T_maximum[ax0, ax1] * T_maximum[ax0, ax1] * T.float32(1.1982583946670199e-06) + T.float32(0.000118534705686654)) + T.float32(0.0022684346324390002)) + T.float32(0.0048935251855438504))
