# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(private=True, s_tir=True)
def main(A: T.Buffer((25,), "float32")):
    for j in T.vectorized(T.vscale() * 4):
        A[j * T.vscale() * 4:j * T.vscale() * 4 + T.vscale() * 4] = T.Broadcast(T.float32(1.0), T.vscale() * 4)
