# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def after(A: T.Buffer((2,), "float32"), E: T.Buffer((2,), "float32")):
    with T.sblock("root"):
        T.reads()
        T.writes()
        with T.sblock(""):
            T.reads(A[0:3])
            T.writes(E[0:2])
            B = T.sblock_alloc_buffer((2, 1), scope="shared")
            C = T.sblock_alloc_buffer((2, 1), scope="shared")
            D = T.sblock_alloc_buffer((2, 1), scope="shared")
            with T.sblock(""):
                T.reads(A[0:3], B[0:2, 0], C[0:2, 0])
                T.writes(B[0:2, 0], C[0:2, 0], D[0:2, 0])
                for i in T.unroll(3):
                    with T.sblock(""):
                        T.where(i < 2)
                        T.reads(A[i])
                        T.writes(B[0:2, 0])
                        B[i % 2, 0] = A[i] * T.float32(2.0)
                    with T.sblock(""):
                        T.where(1 <= i)
                        T.reads(B[0:2, 0])
                        T.writes(C[0:2, 0])
                        C[(i + 1) % 2, 0] = B[(i + 1) % 2, 0] + T.float32(3.0)
                    with T.sblock(""):
                        T.where(i == 2)
                        T.reads(C[0:2, 0])
                        T.writes(D[0:2, 0])
                        D[i % 2, 0] = C[i % 2, 0] + T.float32(4.0)
            with T.sblock(""):
                T.reads()
                T.writes()
                T.evaluate(0)
            with T.sblock(""):
                T.reads(C[0:2, 0], D[0:2, 0])
                T.writes(D[0:2, 0], E[0:2])
                for i in T.unroll(2):
                    with T.sblock(""):
                        T.where(i < 1)
                        T.reads(C[0:2, 0])
                        T.writes(D[0:2, 0])
                        D[(i + 1) % 2, 0] = C[(i + 1) % 2, 0] + T.float32(4.0)
                    with T.sblock(""):
                        T.reads(D[0:2, 0])
                        T.writes(E[i])
                        E[i] = D[i, 0] + T.float32(5.0)
