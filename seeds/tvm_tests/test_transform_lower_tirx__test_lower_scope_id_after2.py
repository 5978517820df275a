# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(private=True)
def main():
    clusterCtaIdx_x = T.launch_thread("clusterCtaIdx.x", 2)
    blockIdx_z = T.launch_thread("blockIdx.z", 8)
    clusterCtaIdx_y = T.launch_thread("clusterCtaIdx.y", 2)
    clusterCtaIdx_z = T.launch_thread("clusterCtaIdx.z", 2)
    blockIdx_x = T.launch_thread("blockIdx.x", 8)
    threadIdx_x = T.launch_thread("threadIdx.x", 128)
    blockIdx_y = T.launch_thread("blockIdx.y", 8)
    warp_id_in_cta: T.let[T.int32] = T.tvm_warp_shuffle(T.uint32(4294967295), threadIdx_x // 32, 0, 32, 32)
    cbx: T.let[T.int32] = clusterCtaIdx_x
    cby: T.let[T.int32] = clusterCtaIdx_y
    cbz: T.let[T.int32] = clusterCtaIdx_z
    bx: T.let[T.int32] = blockIdx_x
    by: T.let[T.int32] = blockIdx_y
    bz: T.let[T.int32] = blockIdx_z
    warp_id: T.let[T.int32] = warp_id_in_cta
    lane_id: T.let[T.int32] = threadIdx_x % 32
    T.evaluate(bx + by + bz + warp_id + lane_id + cbx + cby + cbz)
