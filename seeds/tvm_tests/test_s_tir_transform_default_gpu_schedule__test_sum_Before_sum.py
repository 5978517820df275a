# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def sum(A: T.Buffer((T.int64(2), T.int64(2)), "float64"), A_red: T.Buffer((), "float64")):
    # with T.sblock("root"):
    for k0, k1 in T.grid(T.int64(2), T.int64(2)):
        with T.sblock("A_red"):
            v_k0, v_k1 = T.axis.remap("RR", [k0, k1])
            T.reads(A[v_k0, v_k1])
            T.writes(A_red[()])
            with T.init():
                A_red[()] = T.float64(0.0)
            A_red[()] = A_red[()] + A[v_k0, v_k1]
