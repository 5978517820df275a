# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(private=True, s_tir=True)
def main(A: T.Buffer((4, 4), "float32"), E: T.Buffer((4, 4), "float32")):
    blockIdx_x = T.launch_thread("blockIdx.x", 1)
    B_1 = T.alloc_buffer((24,), scope="shared.dyn")
    C_1 = T.alloc_local((1,))
    D_1 = T.alloc_buffer((16,), scope="shared.dyn")
    with T.launch_thread("threadIdx.x", 16) as threadIdx_x:
        B_1_1 = T.decl_buffer((24,), data=B_1.data, scope="shared.dyn")
        A_1 = A.view(16)
        B_1_1[threadIdx_x // 4 * 6 + threadIdx_x % 4] = A_1[threadIdx_x]
        C_1_1 = T.decl_buffer((1,), data=C_1.data, scope="local")
        C_1_1[0] = B_1_1[threadIdx_x // 4 * 6 + threadIdx_x % 4]
        D_1_1 = T.decl_buffer((16,), data=D_1.data, scope="shared.dyn")
        T.tvm_storage_sync("shared.dyn", T.bool(False), -1)
        D_1_1[threadIdx_x] = C_1_1[0]
        E_1 = E.view(16)
        E_1[threadIdx_x] = D_1_1[threadIdx_x]
