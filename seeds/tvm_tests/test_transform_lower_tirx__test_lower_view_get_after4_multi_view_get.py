# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(private=True)
def main(in_buf: T.Buffer((64,), "float32", layout=None), out: T.Buffer((64,), "float32", layout=None)):
    out_1 = T.decl_buffer((64,), data=out.data, layout=None)
    in_buf_1 = T.decl_buffer((64,), data=in_buf.data, layout=None)
    with T.launch_thread("blockIdx.x", 1) as blockIdx_x:
        threadIdx_x = T.launch_thread("threadIdx.x", 32)
        blockIdx_y = T.launch_thread("blockIdx.y", 1)
        blockIdx_z = T.launch_thread("blockIdx.z", 1)
        warp_id_in_cta: T.let[T.int32] = T.tvm_warp_shuffle(T.uint32(4294967295), threadIdx_x // 32, 0, 32, 32)
        bx: T.let[T.int32] = blockIdx_x
        by: T.let[T.int32] = blockIdx_y
        bz: T.let[T.int32] = blockIdx_z
        v: T.let[T.int32] = warp_id_in_cta
        lane_id: T.let[T.int32] = threadIdx_x % 32
        T.evaluate(v)
        A = T.alloc_local((2,), "float16", layout=None)
        B = A.view(64)
        B_1 = A.view(64)
        A_local = T.decl_buffer((2,), "float16", data=A.data, scope="local", layout=None)
        A_local[0] = T.Cast("float16", in_buf_1[threadIdx_x * 2])
        A_local_1 = T.decl_buffer((2,), "float16", data=A.data, scope="local", layout=None)
        A_local_1[1] = T.Cast("float16", in_buf_1[threadIdx_x * 2 + 1])
        B_2 = A.view(64)
        B_3 = A.view(64)
        A_local_2 = T.decl_buffer((2,), "float16", data=A.data, scope="local", layout=None)
        out_1[threadIdx_x * 2] = T.Cast("float32", A_local_2[0])
        A_local_3 = T.decl_buffer((2,), "float16", data=A.data, scope="local", layout=None)
        out_1[threadIdx_x * 2 + 1] = T.Cast("float32", A_local_3[1])
