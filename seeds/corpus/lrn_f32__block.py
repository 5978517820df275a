# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((1, 8, 4, 4), "float32"), T_divide: T.Buffer((1, 8, 4, 4), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    pad_data = T.sblock_alloc_buffer((1, 10, 4, 4))
    tensor = T.sblock_alloc_buffer((1, 8, 4, 4))
    tensor_1 = T.sblock_alloc_buffer((1, 8, 4, 4))
    for ax0, ax1, ax2, ax3 in T.grid(1, 10, 4, 4):
        with T.sblock("pad_data"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(A[v_ax0, v_ax1 - 1, v_ax2, v_ax3])
            T.writes(pad_data[v_ax0, v_ax1, v_ax2, v_ax3])
            pad_data[v_ax0, v_ax1, v_ax2, v_ax3] = T.if_then_else(1 <= v_ax1 and v_ax1 < 9, A[v_ax0, v_ax1 - 1, v_ax2, v_ax3], T.float32(0.0))
    for ax0, ax1, ax2, ax3, rxs in T.grid(1, 8, 4, 4, 3):
        with T.sblock("tensor"):
            v_ax0, v_ax1, v_ax2, v_ax3, v_rxs = T.axis.remap("SSSSR", [ax0, ax1, ax2, ax3, rxs])
            T.reads(pad_data[v_ax0, v_ax1 + v_rxs, v_ax2, v_ax3])
            T.writes(tensor[v_ax0, v_ax1, v_ax2, v_ax3])
            with T.init():
                tensor[v_ax0, v_ax1, v_ax2, v_ax3] = T.float32(0.0)
            tensor[v_ax0, v_ax1, v_ax2, v_ax3] = tensor[v_ax0, v_ax1, v_ax2, v_ax3] + pad_data[v_ax0, v_ax1 + v_rxs, v_ax2, v_ax3] * pad_data[v_ax0, v_ax1 + v_rxs, v_ax2, v_ax3]
    for ax0, ax1, ax2, ax3 in T.grid(1, 8, 4, 4):
        with T.sblock("tensor_1"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(tensor[v_ax0, v_ax1, v_ax2, v_ax3])
            T.writes(tensor_1[v_ax0, v_ax1, v_ax2, v_ax3])
            tensor_1[v_ax0, v_ax1, v_ax2, v_ax3] = T.pow(T.float32(2.0) + T.float32(9.9999997473787516e-05) * tensor[v_ax0, v_ax1, v_ax2, v_ax3] / T.float32(3.0), T.float32(0.75))
    for ax0, ax1, ax2, ax3 in T.grid(1, 8, 4, 4):
        with T.sblock("T_divide"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(A[v_ax0, v_ax1, v_ax2, v_ax3], tensor_1[v_ax0, v_ax1, v_ax2, v_ax3])
            T.writes(T_divide[v_ax0, v_ax1, v_ax2, v_ax3])
            T_divide[v_ax0, v_ax1, v_ax2, v_ax3] = A[v_ax0, v_ax1, v_ax2, v_ax3] / tensor_1[v_ax0, v_ax1, v_ax2, v_ax3]
