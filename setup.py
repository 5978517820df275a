"""Install tzer: the fuzzer (tzer/), its mutators, the memcov coverage runtime and the seed corpus.

memcov's C runtimes are loaded with ctypes, not imported, so they are built as plain shared
libraries named lib<name>.so inside the memcov package instead of Python extension modules.
"""

from setuptools import Extension, find_packages, setup
from setuptools.command.build_ext import build_ext


class CtypesLibrary(Extension):
    """A C shared library for ctypes; its file is memcov/lib<name>.so."""


class BuildCtypesLibraries(build_ext):
    def get_ext_filename(self, fullname: str) -> str:
        ext = self.ext_map.get(fullname)
        if isinstance(ext, CtypesLibrary):
            package, _, name = fullname.rpartition(".")
            # --inplace and editable builds pass the bare name ("memcov"): no package prefix then.
            return package.replace(".", "/") + f"/lib{name}.so" if package else f"lib{name}.so"
        return super().get_ext_filename(fullname)

    def get_export_symbols(self, ext: Extension) -> list[str]:
        return [] if isinstance(ext, CtypesLibrary) else super().get_export_symbols(ext)


C_FLAGS = ["-O2", "-fPIC", "-fvisibility=hidden", "-Wall"]

setup(
    name="tzer",
    version="0.1.0",
    description="Coverage-guided joint IR-pass fuzzer for TVM's low-level IR (TIR)",
    python_requires=">=3.10",
    packages=find_packages(include=["tzer", "tzer.*", "tirkit", "mutators", "mutators.*", "memcov", "seeds"]),
    package_data={"memcov": ["csrc/*"], "tzer.runners": ["csrc/*"],
                  "seeds": ["corpus/*.py", "corpus/index.json", "tvm_tests/*.py", "tvm_tests/index.json",
                            "arith.json"]},
    ext_modules=[
        # The soname lets an instrumented library's DT_NEEDED find the copy attach_worker() loaded.
        CtypesLibrary("memcov.memcov", ["memcov/csrc/memcov.c"], depends=["memcov/csrc/memcov.h"],
                      extra_compile_args=C_FLAGS + ["-O3"], extra_link_args=["-Wl,-soname,libmemcov.so"]),
        CtypesLibrary("memcov.bpcov", ["memcov/csrc/bpcov.c"], depends=["memcov/csrc/memcov.h"],
                      extra_compile_args=C_FLAGS, libraries=["dl"]),
    ],
    cmdclass={"build_ext": BuildCtypesLibraries},
    install_requires=[
        "apache-tvm>=0.27.0,<0.28",
        "numpy",
        "psutil",
        "tqdm",
        "matplotlib",
        "capstone>=5",
        "pyelftools",
        # tvm.exec.rpc_server (the GPU box's side of --rpc) needs it; the wheel does not declare it.
        "cloudpickle",
        # Where the builds of GPU and other CPU targets run without that hardware: OpenCL kernels on
        # PoCL, WebGPU kernels on lavapipe (both Debian drivers, .ci/apt-packages), wasm32 under
        # wasmtime, and zig's C compiler linking the CPUs Debian has no cross compiler for.
        "pyopencl",
        "wgpu",
        "wasmtime",
        "ziglang",
    ],
    extras_require={"ray": ["ray>=2.9"], "test": ["pytest", "hypothesis", "ruff", "import-linter", "ray>=2.9"]},
    entry_points={"console_scripts": ["tzer=tzer.cli:main", "memcov-clang=memcov.wrapper:main_cc",
                                      "memcov-clang++=memcov.wrapper:main_cxx"]},
)
