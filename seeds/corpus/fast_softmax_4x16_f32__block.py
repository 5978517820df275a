# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((4, 16), "float32"), T_softmax_norm: T.Buffer((4, 16), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    T_softmax_maxelem = T.sblock_alloc_buffer((4,))
    T_softmax_delta = T.sblock_alloc_buffer((4, 16))
    T_fast_exp = T.sblock_alloc_buffer((4, 16))
    T_softmax_expsum = T.sblock_alloc_buffer((4,))
    for i0, k in T.grid(4, 16):
        with T.sblock("T_softmax_maxelem"):
            v_i0, v_k = T.axis.remap("SR", [i0, k])
            T.reads(A[v_i0, v_k])
            T.writes(T_softmax_maxelem[v_i0])
            with T.init():
                T_softmax_maxelem[v_i0] = T.float32(-340282346638528859811704183484516925440.0)
            T_softmax_maxelem[v_i0] = T.max(T_softmax_maxelem[v_i0], A[v_i0, v_k])
    for i0, i1 in T.grid(4, 16):
        with T.sblock("T_softmax_delta"):
            v_i0, v_i1 = T.axis.remap("SS", [i0, i1])
            T.reads(A[v_i0, v_i1], T_softmax_maxelem[v_i0])
            T.writes(T_softmax_delta[v_i0, v_i1])
            T_softmax_delta[v_i0, v_i1] = A[v_i0, v_i1] - T_softmax_maxelem[v_i0]
    for ax0, ax1 in T.grid(4, 16):
        with T.sblock("T_fast_exp"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_softmax_delta[v_ax0, v_ax1])
            T.writes(T_fast_exp[v_ax0, v_ax1])
            T_fast_exp[v_ax0, v_ax1] = T.max(T.reinterpret("float32", T.Cast("int32", T.floor(T.max(T.min(T_softmax_delta[v_ax0, v_ax1], T.float32(88.376266479492188)), T.float32(-88.376258850097656)) * T.float32(1.4426950216293335) + T.float32(0.5)) + T.float32(127.0)) << 23) * ((((((T.float32(0.00019875691214110702) * (T.max(T.min(T_softmax_delta[v_ax0, v_ax1], T.float32(88.376266479492188)), T.float32(-88.376258850097656)) - T.floor(T.max(T.min(T_softmax_delta[v_ax0, v_ax1], T.float32(88.376266479492188)), T.float32(-88.376258850097656)) * T.float32(1.4426950216293335) + T.float32(0.5)) * T.float32(0.69314718246459961)) + T.float32(0.0013981999363750219)) * (T.max(T.min(T_softmax_delta[v_ax0, v_ax1], T.float32(88.376266479492188)), T.float32(-88.376258850097656)) - T.floor(T.max(T.min(T_softmax_delta[v_ax0, v_ax1], T.float32(88.376266479492188)), T.float32(-88.376258850097656)) * T.float32(1.4426950216293335) + T.float32(0.5)) * T.float32(0.69314718246459961)) + T.float32(0.008333452045917511)) * (T.max(T.min(T_softmax_delta[v_ax0, v_ax1], T.float32(88.376266479492188)), T.float32(-88.376258850097656)) - T.floor(T.max(T.min(T_softmax_delta[v_ax0, v_ax1], T.float32(88.376266479492188)), T.float32(-88.376258850097656)) * T.float32(1.4426950216293335) + T.float32(0.5)) * T.float32(0.69314718246459961)) + T.float32(0.041665796190500259)) * (T.max(T.min(T_softmax_delta[v_ax0, v_ax1], T.float32(88.376266479492188)), T.float32(-88.376258850097656)) - T.floor(T.max(T.min(T_softmax_delta[v_ax0, v_ax1], T.float32(88.376266479492188)), T.float32(-88.376258850097656)) * T.float32(1.4426950216293335) + T.float32(0.5)) * T.float32(0.69314718246459961)) + T.float32(0.1666666567325592)) * (T.max(T.min(T_softmax_delta[v_ax0, v_ax1], T.float32(88.376266479492188)), T.float32(-88.376258850097656)) - T.floor(T.max(T.min(T_softmax_delta[v_ax0, v_ax1], T.float32(88.376266479492188)), T.float32(-88.376258850097656)) * T.float32(1.4426950216293335) + T.float32(0.5)) * T.float32(0.69314718246459961)) + T.float32(0.5)) * (T.max(T.min(T_softmax_delta[v_ax0, v_ax1], T.float32(88.376266479492188)), T.float32(-88.376258850097656)) - T.floor(T.max(T.min(T_softmax_delta[v_ax0, v_ax1], T.float32(88.376266479492188)), T.float32(-88.376258850097656)) * T.float32(1.4426950216293335) + T.float32(0.5)) * T.float32(0.69314718246459961)) * (T.max(T.min(T_softmax_delta[v_ax0, v_ax1], T.float32(88.376266479492188)), T.float32(-88.376258850097656)) - T.floor(T.max(T.min(T_softmax_delta[v_ax0, v_ax1], T.float32(88.376266479492188)), T.float32(-88.376258850097656)) * T.float32(1.4426950216293335) + T.float32(0.5)) * T.float32(0.69314718246459961)) + (T.max(T.min(T_softmax_delta[v_ax0, v_ax1], T.float32(88.376266479492188)), T.float32(-88.376258850097656)) - T.floor(T.max(T.min(T_softmax_delta[v_ax0, v_ax1], T.float32(88.376266479492188)), T.float32(-88.376258850097656)) * T.float32(1.4426950216293335) + T.float32(0.5)) * T.float32(0.69314718246459961)) + T.float32(1.0)), T_softmax_delta[v_ax0, v_ax1])
    for i0, k in T.grid(4, 16):
        with T.sblock("T_softmax_expsum"):
            v_i0, v_k = T.axis.remap("SR", [i0, k])
            T.reads(T_fast_exp[v_i0, v_k])
            T.writes(T_softmax_expsum[v_i0])
            with T.init():
                T_softmax_expsum[v_i0] = T.float32(0.0)
            T_softmax_expsum[v_i0] = T_softmax_expsum[v_i0] + T_fast_exp[v_i0, v_k]
    for i0, i1 in T.grid(4, 16):
        with T.sblock("T_softmax_norm"):
            v_i0, v_i1 = T.axis.remap("SS", [i0, i1])
            T.reads(T_fast_exp[v_i0, v_i1], T_softmax_expsum[v_i0])
            T.writes(T_softmax_norm[v_i0, v_i1])
            T.sblock_attr({"axis": 1})
            T_softmax_norm[v_i0, v_i1] = T_fast_exp[v_i0, v_i1] / T_softmax_expsum[v_i0]
