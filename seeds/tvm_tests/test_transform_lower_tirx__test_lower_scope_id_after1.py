# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(private=True)
def main():
    blockIdx_x = T.launch_thread("blockIdx.x", 3)
    threadIdx_x = T.launch_thread("threadIdx.x", 32)
    blockIdx_y = T.launch_thread("blockIdx.y", 4)
    blockIdx_z = T.launch_thread("blockIdx.z", 5)
    warp_id_in_cta: T.let[T.int32] = T.tvm_warp_shuffle(T.uint32(4294967295), threadIdx_x // 32, 0, 32, 32)
    bx: T.let[T.int32] = blockIdx_x
    by: T.let[T.int32] = blockIdx_y
    bz: T.let[T.int32] = blockIdx_z
    tx: T.let[T.int32] = threadIdx_x
    T.evaluate(bx + by + bz + tx)
