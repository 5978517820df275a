# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(private=True, s_tir=True)
def main(A: T.Buffer((32,), "float32")):
    for i in range(32):
        if i == 15:
            if i == 15:
                A[i] = T.float32(0.0)
