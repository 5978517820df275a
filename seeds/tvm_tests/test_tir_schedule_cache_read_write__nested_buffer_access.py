# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def nested_buffer_access(A: T.Buffer((T.int64(7), T.int64(512)), "float32"), B: T.Buffer((T.int64(1),), "int32"), C: T.Buffer((T.int64(1), T.int64(512)), "float32")):
    # with T.sblock("root"):
    for ax0, ax1 in T.grid(T.int64(1), T.int64(512)):
        with T.sblock("C"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(A[B[v_ax0], v_ax1], B[v_ax0])
            T.writes(C[v_ax0, v_ax1])
            C[v_ax0, v_ax1] = A[B[v_ax0], v_ax1]
