# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(private=True)
def main(A: T.Buffer((128, 32), "float16", layout=None)):
    A_1 = A.view(4096)
    with T.launch_thread("blockIdx.x", 1) as blockIdx_x:
        threadIdx_x = T.launch_thread("threadIdx.x", 128)
        blockIdx_y = T.launch_thread("blockIdx.y", 1)
        blockIdx_z = T.launch_thread("blockIdx.z", 1)
        warp_id_in_cta: T.let[T.int32] = T.tvm_warp_shuffle(T.uint32(4294967295), threadIdx_x // 32, 0, 32, 32)
        bx: T.let[T.int32] = blockIdx_x
        by: T.let[T.int32] = blockIdx_y
        bz: T.let[T.int32] = blockIdx_z
        v: T.let[T.int32] = warp_id_in_cta
        v_1: T.let[T.int32] = threadIdx_x % 32
        tid: T.let[T.int32] = threadIdx_x
        T.evaluate(v)
        T.evaluate(v_1)
        A_smem = T.alloc_shared((4096,), "float16", layout=None)
        for tile in range(4):
            for vec in T.vectorized(8):
                compose_m = T.int32()
                compose_q = T.int32()
                A_smem[T.Let(T.Let(((compose_q ^ (compose_q & 56) >> 3) << 3) + compose_m % 8, where={compose_q: compose_m // 8}), where={compose_m: tile * 1024 + threadIdx_x * 8 + vec})] = A_1[tile * 1024 + threadIdx_x * 8 + vec]
