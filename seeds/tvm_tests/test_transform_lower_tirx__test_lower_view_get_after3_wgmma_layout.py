# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(private=True)
def main(in_buf: T.Buffer((128, 128), "float32", layout=None), out: T.Buffer((128, 128), "float32", layout=None)):
    out_1 = out.view(16384)
    in_buf_1 = in_buf.view(16384)
    with T.launch_thread("blockIdx.x", 1) as blockIdx_x:
        threadIdx_x = T.launch_thread("threadIdx.x", 256)
        blockIdx_y = T.launch_thread("blockIdx.y", 1)
        blockIdx_z = T.launch_thread("blockIdx.z", 1)
        warp_id_in_cta: T.let[T.int32] = T.tvm_warp_shuffle(T.uint32(4294967295), threadIdx_x // 32, 0, 32, 32)
        bx: T.let[T.int32] = blockIdx_x
        by: T.let[T.int32] = blockIdx_y
        bz: T.let[T.int32] = blockIdx_z
        wg_id: T.let[T.int32] = warp_id_in_cta // 4
        warp_id_in_wg: T.let[T.int32] = warp_id_in_cta % 4
        lane_id: T.let[T.int32] = threadIdx_x % 32
        acc = T.alloc_local((64,), layout=None)
        B = acc.view(16384)
        acc_local = T.decl_buffer((64,), data=acc.data, scope="local", layout=None)
        for i in range(16):
            for j in T.unroll(2):
                for vec in T.vectorized(2):
                    acc_local[i % 8 * 8 + j * 4 + i // 8 * 2 + vec] = in_buf_1[warp_id_in_cta * 2048 + j * 1024 + threadIdx_x % 32 // 4 * 128 + i * 8 + threadIdx_x % 4 * 2 + vec]
        B_1 = acc.view(16384)
        acc_local_1 = T.decl_buffer((64,), data=acc.data, scope="local", layout=None)
        for i in range(16):
            for j in T.unroll(2):
                for vec in T.vectorized(2):
                    out_1[warp_id_in_cta * 2048 + j * 1024 + threadIdx_x % 32 // 4 * 128 + i * 8 + threadIdx_x % 4 * 2 + vec] = acc_local_1[i % 8 * 8 + j * 4 + i // 8 * 2 + vec]
