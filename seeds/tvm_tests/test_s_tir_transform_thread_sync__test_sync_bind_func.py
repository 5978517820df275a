# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(private=True, s_tir=True)
def main(A: T.Buffer((8192,), "float32")):
    blockIdx_x = T.launch_thread("blockIdx.x", 16)
    A_shared = T.alloc_shared((512,))
    in_thread_A_temp = T.alloc_local((1,))
    cross_thread_A_temp = T.alloc_local((1,))
    with T.launch_thread("threadIdx.x", 128) as threadIdx_x:
        A_shared_1 = T.decl_buffer((512,), data=A_shared.data, scope="shared")
        for ax0 in range(512):
            A_shared_1[ax0] = A[blockIdx_x * 512 + ax0]
        in_thread_A_temp_1 = T.decl_buffer((1,), data=in_thread_A_temp.data, scope="local")
        in_thread_A_temp_1[0] = T.float32(0.0)
        A_temp_1: T.let[T.float32] = in_thread_A_temp_1[0] + A_shared_1[threadIdx_x]
        in_thread_A_temp_1[0] = A_temp_1
        A_temp_2: T.let[T.float32] = in_thread_A_temp_1[0] + A_shared_1[threadIdx_x + 128]
        in_thread_A_temp_1[0] = A_temp_2
        A_temp_3: T.let[T.float32] = in_thread_A_temp_1[0] + A_shared_1[threadIdx_x + 256]
        in_thread_A_temp_1[0] = A_temp_3
        A_temp_4: T.let[T.float32] = in_thread_A_temp_1[0] + A_shared_1[threadIdx_x + 384]
        in_thread_A_temp_1[0] = A_temp_4
        cross_thread_A_temp_1 = T.decl_buffer((1,), data=cross_thread_A_temp.data, scope="local")
        with T.attr(T.comm_reducer(lambda x0, y0: x0 + y0, [T.float32(0.0)]), "reduce_scope", 0):
            T.tvm_thread_allreduce(T.uint32(1), in_thread_A_temp_1[0], T.bool(True), cross_thread_A_temp_1[0], threadIdx_x)
