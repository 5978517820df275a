"""GPU kernels on this CPU's drivers (OpenCL on PoCL, WebGPU on Mesa's lavapipe), run in a child
process that imports neither TVM nor coverage: `program` (what a run takes), `opencl` and `wgsl`
(one driver each), `child` (the process's request loop)."""
