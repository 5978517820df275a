# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((6, 3), "float32", offset_factor=1, layout=None), out_buf: T.Buffer((6, 3), "float32")):
    T.func_attr({"tirx.noalias": True})
    for v in T.parallel(3):
        out_buf[(v // 3 * 6 * 3 + v % 3) // 3, (v // 3 * 6 * 3 + v % 3) % 3] = A[(v // 3 * 6 * 3 + v % 3) // 3, (v // 3 * 6 * 3 + v % 3) % 3]
        for v_1 in range(5):
            out_buf[(v // 3 * 6 * 3 + v % 3 + (v_1 + 1) * 3) // 3, (v // 3 * 6 * 3 + v % 3 + (v_1 + 1) * 3) % 3] = out_buf[(v // 3 * 6 * 3 + v % 3 + (v_1 + 1 - 1) * 3) // 3, (v // 3 * 6 * 3 + v % 3 + (v_1 + 1 - 1) * 3) % 3] * A[(v // 3 * 6 * 3 + v % 3 + (v_1 + 1) * 3) // 3, (v // 3 * 6 * 3 + v % 3 + (v_1 + 1) * 3) % 3]
