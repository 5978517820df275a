# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(private=True)
def main(out: T.Buffer((128, 4), "float32", layout=None)):
    out_1 = out.view(512)
    with T.launch_thread("blockIdx.x", 1) as blockIdx_x:
        threadIdx_x = T.launch_thread("threadIdx.x", 128)
        blockIdx_y = T.launch_thread("blockIdx.y", 1)
        blockIdx_z = T.launch_thread("blockIdx.z", 1)
        warp_id_in_cta: T.let[T.int32] = T.tvm_warp_shuffle(T.uint32(4294967295), threadIdx_x // 32, 0, 32, 32)
        bx: T.let[T.int32] = blockIdx_x
        by: T.let[T.int32] = blockIdx_y
        bz: T.let[T.int32] = blockIdx_z
        v: T.let[T.int32] = warp_id_in_cta // 4
        warp_id: T.let[T.int32] = warp_id_in_cta % 4
        lane_id: T.let[T.int32] = threadIdx_x % 32
        T.evaluate(v)
        reg_wg = T.alloc_local((4,), layout=None)
        reg = T.decl_buffer((4,), data=reg_wg.data, scope="local", layout=None)
        for i in range(4):
            reg[i] = out_1[warp_id_in_cta % 4 * 128 + threadIdx_x % 32 * 4 + i]
