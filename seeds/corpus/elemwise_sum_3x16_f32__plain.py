# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((16,), "float32", layout=None), B: T.Buffer((16,), "float32", layout=None), C: T.Buffer((16,), "float32", layout=None), T_elemwise_sum: T.Buffer((16,), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax0 in range(16):
        T_elemwise_sum[ax0] = A[ax0] + B[ax0] + C[ax0]
