# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def multiple_reduction_blocks_rfactor(A: T.Buffer((16, 16, 16), "float32"), F: T.Buffer((16, 16), "float32")):
    # with T.sblock("root"):
    C = T.sblock_alloc_buffer((16, 16))
    D = T.sblock_alloc_buffer((16, 16))
    E = T.sblock_alloc_buffer((16, 16))
    C_rf = T.sblock_alloc_buffer((16, 16, 4))
    for i, j1, k1o, k1i in T.grid(16, 16, 4, 4):
        with T.sblock("C_rf"):
            vk1o, ci, cj, vk1i = T.axis.remap("SSSR", [k1o, i, j1, k1i])
            T.reads(A[ci, cj, vk1o * 4 + vk1i])
            T.writes(C_rf[ci, cj, vk1o])
            with T.init():
                C_rf[ci, cj, vk1o] = T.float32(0.0)
            C_rf[ci, cj, vk1o] = C_rf[ci, cj, vk1o] + A[ci, cj, vk1o * 4 + vk1i]
    for i_1 in range(16):
        for j1_1 in range(16):
            for k1o_1 in range(4):
                with T.sblock("C"):
                    vk1o_1, ci_1, cj_1 = T.axis.remap("RSS", [k1o_1, i_1, j1_1])
                    T.reads(C_rf[ci_1, cj_1, vk1o_1])
                    T.writes(C[ci_1, cj_1])
                    with T.init():
                        C[ci_1, cj_1] = T.float32(0.0)
                    C[ci_1, cj_1] = C[ci_1, cj_1] + C_rf[ci_1, cj_1, vk1o_1]
            for k2o, k2i in T.grid(4, 4):
                with T.sblock("D"):
                    di, dj = T.axis.remap("SS", [i_1, j1_1])
                    dk = T.axis.reduce(16, k2o * 4 + k2i)
                    T.reads(A[di, dj, dk], C[di, dj])
                    T.writes(D[di, dj])
                    with T.init():
                        D[di, dj] = T.float32(0.0)
                    D[di, dj] = D[di, dj] + A[di, dj, dk] + C[di, dj]
        for j2 in range(16):
            for k3o, k3i in T.grid(4, 4):
                with T.sblock("E"):
                    ei, ej = T.axis.remap("SS", [i_1, j2])
                    ek = T.axis.reduce(16, k3o * 4 + k3i)
                    T.reads(A[ei, ej, ek], D[ei, ej])
                    T.writes(E[ei, ej])
                    with T.init():
                        E[ei, ej] = T.float32(0.0)
                    E[ei, ej] = E[ei, ej] + A[ei, ej, ek] + D[ei, ej]
            for k4o, k4i in T.grid(4, 4):
                with T.sblock("F"):
                    fi, fj = T.axis.remap("SS", [i_1, j2])
                    fk = T.axis.reduce(16, k4o * 4 + k4i)
                    T.reads(A[fi, fj, fk], E[fi, fj])
                    T.writes(F[fi, fj])
                    with T.init():
                        F[fi, fj] = T.float32(0.0)
                    F[fi, fj] = F[fi, fj] + A[fi, fj, fk] + E[fi, fj]
