# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((4, 16), "float32", layout=None), T_softmax_norm: T.Buffer((4, 16), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    T_softmax_maxelem = T.alloc_buffer((4,), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    T_softmax_delta = T.alloc_buffer((4, 16), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    T_fast_exp = T.alloc_buffer((4, 16), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    T_softmax_expsum = T.alloc_buffer((4,), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    for i0, k in T.grid(4, 16):
        if k == 0:
            T_softmax_maxelem[i0] = T.float32(-340282346638528859811704183484516925440.0)
        T_softmax_maxelem[i0] = T.max(T_softmax_maxelem[i0], A[i0, k])
    for i0, i1 in T.grid(4, 16):
        T_softmax_delta[i0, i1] = A[i0, i1] - T_softmax_maxelem[i0]
    for ax0, ax1 in T.grid(4, 16):
        T_fast_exp[ax0, ax1] = T.max(T.reinterpret("float32", T.Cast("int32", T.floor(T.max(T.min(T_softmax_delta[ax0, ax1], T.float32(88.376266479492188)), T.float32(-88.376258850097656)) * T.float32(1.4426950216293335) + T.float32(0.5)) + T.float32(127.0)) << 23) * ((((((T.float32(0.00019875691214110702) * (T.max(T.min(T_softmax_delta[ax0, ax1], T.float32(88.376266479492188)), T.float32(-88.376258850097656)) - T.floor(T.max(T.min(T_softmax_delta[ax0, ax1], T.float32(88.376266479492188)), T.float32(-88.376258850097656)) * T.float32(1.4426950216293335) + T.float32(0.5)) * T.float32(0.69314718246459961)) + T.float32(0.0013981999363750219)) * (T.max(T.min(T_softmax_delta[ax0, ax1], T.float32(88.376266479492188)), T.float32(-88.376258850097656)) - T.floor(T.max(T.min(T_softmax_delta[ax0, ax1], T.float32(88.376266479492188)), T.float32(-88.376258850097656)) * T.float32(1.4426950216293335) + T.float32(0.5)) * T.float32(0.69314718246459961)) + T.float32(0.008333452045917511)) * (T.max(T.min(T_softmax_delta[ax0, ax1], T.float32(88.376266479492188)), T.float32(-88.376258850097656)) - T.floor(T.max(T.min(T_softmax_delta[ax0, ax1], T.float32(88.376266479492188)), T.float32(-88.376258850097656)) * T.float32(1.4426950216293335) + T.float32(0.5)) * T.float32(0.69314718246459961)) + T.float32(0.041665796190500259)) * (T.max(T.min(T_softmax_delta[ax0, ax1], T.float32(88.376266479492188)), T.float32(-88.376258850097656)) - T.floor(T.max(T.min(T_softmax_delta[ax0, ax1], T.float32(88.376266479492188)), T.float32(-88.376258850097656)) * T.float32(1.4426950216293335) + T.float32(0.5)) * T.float32(0.69314718246459961)) + T.float32(0.1666666567325592)) * (T.max(T.min(T_softmax_delta[ax0, ax1], T.float32(88.376266479492188)), T.float32(-88.376258850097656)) - T.floor(T.max(T.min(T_softmax_delta[ax0, ax1], T.float32(88.376266479492188)), T.float32(-88.376258850097656)) * T.float32(1.4426950216293335) + T.float32(0.5)) * T.float32(0.69314718246459961)) + T.float32(0.5)) * (T.max(T.min(T_softmax_delta[ax0, ax1], T.float32(88.376266479492188)), T.float32(-88.376258850097656)) - T.floor(T.max(T.min(T_softmax_delta[ax0, ax1], T.float32(88.376266479492188)), T.float32(-88.376258850097656)) * T.float32(1.4426950216293335) + T.float32(0.5)) * T.float32(0.69314718246459961)) * (T.max(T.min(T_softmax_delta[ax0, ax1], T.float32(88.376266479492188)), T.float32(-88.376258850097656)) - T.floor(T.max(T.min(T_softmax_delta[ax0, ax1], T.float32(88.376266479492188)), T.float32(-88.376258850097656)) * T.float32(1.4426950216293335) + T.float32(0.5)) * T.float32(0.69314718246459961)) + (T.max(T.min(T_softmax_delta[ax0, ax1], T.float32(88.376266479492188)), T.float32(-88.376258850097656)) - T.floor(T.max(T.min(T_softmax_delta[ax0, ax1], T.float32(88.376266479492188)), T.float32(-88.376258850097656)) * T.float32(1.4426950216293335) + T.float32(0.5)) * T.float32(0.69314718246459961)) + T.float32(1.0)), T_softmax_delta[ax0, ax1])
    for i0, k in T.grid(4, 16):
        if k == 0:
            T_softmax_expsum[i0] = T.float32(0.0)
        T_softmax_expsum[i0] = T_softmax_expsum[i0] + T_fast_exp[i0, k]
    for i0, i1 in T.grid(4, 16):
        T_softmax_norm[i0, i1] = T_fast_exp[i0, i1] / T_softmax_expsum[i0]
