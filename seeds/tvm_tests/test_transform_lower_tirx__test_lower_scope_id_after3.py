# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(private=True)
def main():
    clusterCtaIdx_x = T.launch_thread("clusterCtaIdx.x", 2)
    blockIdx_z = T.launch_thread("blockIdx.z", 12)
    clusterCtaIdx_y = T.launch_thread("clusterCtaIdx.y", 2)
    clusterCtaIdx_z = T.launch_thread("clusterCtaIdx.z", 1)
    blockIdx_x = T.launch_thread("blockIdx.x", 8)
    threadIdx_x = T.launch_thread("threadIdx.x", 384)
    blockIdx_y = T.launch_thread("blockIdx.y", 10)
    warp_id_in_cta: T.let[T.int32] = T.tvm_warp_shuffle(T.uint32(4294967295), threadIdx_x // 32, 0, 32, 32)
    bx: T.let[T.int32] = blockIdx_x
    by: T.let[T.int32] = blockIdx_y
    bz: T.let[T.int32] = blockIdx_z
    cbx: T.let[T.int32] = clusterCtaIdx_x
    cby: T.let[T.int32] = clusterCtaIdx_y
    cbz: T.let[T.int32] = clusterCtaIdx_z
    clx: T.let[T.int32] = T.cuda.mov_sreg(32, "clusterid.x")
    cly: T.let[T.int32] = T.cuda.mov_sreg(32, "clusterid.y")
    clz: T.let[T.int32] = T.cuda.mov_sreg(32, "clusterid.z")
    wg_id: T.let[T.int32] = warp_id_in_cta // 4
    warp_id_in_wg: T.let[T.int32] = warp_id_in_cta % 4
    lane_id: T.let[T.int32] = threadIdx_x % 32
    tid_in_wg: T.let[T.int32] = threadIdx_x % 128
    T.evaluate(bx + by + bz)
    T.evaluate(cbx + cby + cbz)
    T.evaluate(clx + cly + clz)
    T.evaluate(wg_id + warp_id_in_wg + lane_id + tid_in_wg)
