# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def factorized(A: T.Buffer((16, 16, 16), "float32"), B: T.Buffer((16,), "float32")):
    # with T.sblock("root"):
    B_rf_local = T.sblock_alloc_buffer((16, 16), scope="local")
    for j in T.thread_binding(16, thread="blockIdx.x"):
        for i_o in T.thread_binding(4, thread="threadIdx.x"):
            for i_i, k in T.grid(4, 16):
                with T.sblock("B_rf"):
                    vi = T.axis.spatial(16, i_o * 4 + i_i)
                    vj, vk = T.axis.remap("SR", [j, k])
                    T.reads(A[vj, vi, vk])
                    T.writes(B_rf_local[vi, vj])
                    with T.init():
                        B_rf_local[vi, vj] = T.float32(0.0)
                    B_rf_local[vi, vj] = B_rf_local[vi, vj] + A[vj, vi, vk]
    for i, k in T.grid(16, 16):
        with T.sblock("B"):
            vi, vk = T.axis.remap("SR", [i, k])
            T.reads(B_rf_local[vk, vi])
            T.writes(B[vi])
            with T.init():
                B[vi] = T.float32(0.0)
            B[vi] = B[vi] + B_rf_local[vk, vi]
