# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((4, 8), "float32"), T_fast_tanh: T.Buffer((4, 8), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    T_minimum = T.sblock_alloc_buffer((4, 8))
    T_maximum = T.sblock_alloc_buffer((4, 8))
    for ax0, ax1 in T.grid(4, 8):
        with T.sblock("T_minimum"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(A[v_ax0, v_ax1])
            T.writes(T_minimum[v_ax0, v_ax1])
            T_minimum[v_ax0, v_ax1] = T.min(T.float32(9.0), A[v_ax0, v_ax1])
    for ax0, ax1 in T.grid(4, 8):
        with T.sblock("T_maximum"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_minimum[v_ax0, v_ax1])
            T.writes(T_maximum[v_ax0, v_ax1])
            T_maximum[v_ax0, v_ax1] = T.max(T.float32(-9.0), T_minimum[v_ax0, v_ax1])
    for ax0, ax1 in T.grid(4, 8):
        with T.sblock("T_fast_tanh"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_maximum[v_ax0, v_ax1])
            T.writes(T_fast_tanh[v_ax0, v_ax1])
            T_fast_tanh[v_ax0, v_ax1] = T_maximum[v_ax0, v_ax1] * (T_maximum[v_ax0, v_ax1] * T_maximum[v_ax0, v_ax1] * (T_maximum[v_ax0, v_ax1] * T_maximum[v_ax0, v_ax1] * (T_maximum[v_ax0, v_ax1] * T_maximum[v_ax0, v_ax1] * (T_maximum[v_ax0, v_ax1] * T_maximum[v_ax0, v_ax1] * (T_maximum[v_ax0, v_ax1] * T_maximum[v_ax0, v_ax1] * (T_maximum[v_ax0, v_ax1] * T_maximum[v_ax0, v_ax1] * T.float32(-2.76076847742355e-16) + T.float32(2.0001879048247699e-13)) + T.float32(-8.60467152213735e-11)) + T.float32(5.1222970903711401e-08)) + T.float32(1.4857223571797901e-05)) + T.float32(0.00063726192887543596)) + T.float32(0.0048935245589178597)) / (T_maximum[v_ax0, v_ax1] * T_maximum[v_ax0, v_ax1] * (T_maximum[v_ax0, v_ax1] * T_maximum[v_ax0, v_ax1] * (T_maximum[v_ax0, v_ax1] * T_maximum[v_ax0, v_ax1] * T.float32(1.1982583946670199e-06) + T.float32(0.000118534705686654)) + T.float32(0.0022684346324390002)) + T.float32(0.0048935251855438504))
