/* The program a cross build runs in under qemu-user: it calls the build's entry on inputs read
 * from a file and writes every buffer argument back.
 *
 *   crosshost INPUT OUTPUT
 *
 * INPUT: a line "TZER1 <count>", then one line per argument: "T <code> <bits> <lanes> <ndim>
 * <extent>... <bytes>" followed by that many bytes (a tensor, in the target's byte order),
 * "I <value>" (an integer), "B <0|1>" (a bool) or "F <hex float>" (a float).
 * OUTPUT: the bytes of every tensor argument after the call, in argument order.
 * Exit status: 0 on success, 3 when the build returned an error (printed on stderr), 64 when
 * the input is malformed (tzer's fault, not the build's), 65 when the build calls a packed
 * function (T.call_packed): that needs TVM's runtime, which is not here.
 *
 * The build needs three things from a TVM runtime, defined here: the error setter, a parallel
 * launcher (serial: one task, so a parallel loop runs in order) and workspace allocation. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <dlpack/dlpack.h>
#include <tvm/ffi/c_api.h>

typedef struct {
  void* sync_handle;
  int32_t num_task;
} TVMParallelGroupEnv;
typedef int (*FTVMParallelLambda)(int task_id, TVMParallelGroupEnv* penv, void* cdata);

/* A build calls the runtime through these pointers, which it defines only where it uses them
 * (a parallel loop, a large allocation); the harness points them at its own functions. */
extern int (*__TVMBackendParallelLaunch)(FTVMParallelLambda, void*, int) __attribute__((weak));
extern void* (*__TVMBackendAllocWorkspace)(int, int, uint64_t, int, int) __attribute__((weak));
extern int (*__TVMBackendFreeWorkspace)(int, int, void*) __attribute__((weak));
/* A packed call looks its function up through these; TVM's runtime sets them when it loads a
 * module. Left null, the build would call through a null pointer. */
extern int (*__TVMFFIHandleInitOnce)(void**, int (*)(void**)) __attribute__((weak));
extern int (*__TVMFFIEnvModLookupFromImports)(void*, const char*, void**) __attribute__((weak));
extern int __tvm_ffi_main(void* handle, const TVMFFIAny* args, int32_t num_args, TVMFFIAny* result);

#define MAX_ARGS 256
#define MAX_DIMS 16
#define ALIGNMENT 64

static void* aligned(uint64_t bytes) {
  return aligned_alloc(ALIGNMENT, (bytes + ALIGNMENT - 1) / ALIGNMENT * ALIGNMENT + ALIGNMENT);
}

static int serial_launch(FTVMParallelLambda flambda, void* cdata, int num_task) {
  TVMParallelGroupEnv env = {0, 1};
  (void)num_task;
  return flambda(0, &env, cdata);
}

int TVMBackendParallelBarrier(int task_id, TVMParallelGroupEnv* penv) {
  (void)task_id;
  (void)penv;
  return 0;
}

void* TVMBackendAllocWorkspace(int device_type, int device_id, uint64_t nbytes, int code, int bits) {
  (void)device_type;
  (void)device_id;
  (void)code;
  (void)bits;
  return aligned(nbytes);
}

int TVMBackendFreeWorkspace(int device_type, int device_id, void* ptr) {
  (void)device_type;
  (void)device_id;
  free(ptr);
  return 0;
}

void TVMFFIErrorSetRaisedFromCStrParts(const char* kind, const char** parts, int32_t count) {
  fprintf(stderr, "%s: ", kind);
  for (int32_t i = 0; i < count; ++i) fputs(parts[i], stderr);
  fputc('\n', stderr);
}

#define NEEDS_RUNTIME 65

static int packed_init_once(void** handle, int (*init)(void**)) {
  (void)handle;
  (void)init;
  fputs("crosshost: the build calls a packed function, which needs TVM's runtime\n", stderr);
  exit(NEEDS_RUNTIME);
}

static int packed_lookup(void* library, const char* name, void** result) {
  (void)library;
  (void)result;
  fprintf(stderr, "crosshost: the build calls packed function %s, which needs TVM's runtime\n", name);
  exit(NEEDS_RUNTIME);
}

static int malformed(const char* what) {
  fprintf(stderr, "crosshost: malformed input: %s\n", what);
  return 64;
}

int main(int argc, char** argv) {
  static TVMFFIAny args[MAX_ARGS];
  static DLTensor tensors[MAX_ARGS];
  static int64_t shapes[MAX_ARGS][MAX_DIMS];
  static uint64_t sizes[MAX_ARGS];
  if (argc != 3) {
    fprintf(stderr, "usage: %s INPUT OUTPUT\n", argv[0]);
    return 64;
  }
  FILE* in = fopen(argv[1], "rb");
  if (!in) return malformed("cannot open the input file");
  int count;
  if (fscanf(in, "TZER1 %d\n", &count) != 1 || count < 0 || count > MAX_ARGS) return malformed("header");
  for (int i = 0; i < count; ++i) {
    char kind;
    if (fscanf(in, "%c", &kind) != 1) return malformed("argument kind");
    if (kind == 'T') {
      int code, bits, lanes, ndim;
      unsigned long long bytes;
      if (fscanf(in, " %d %d %d %d", &code, &bits, &lanes, &ndim) != 4 || ndim < 0 || ndim > MAX_DIMS)
        return malformed("tensor header");
      for (int d = 0; d < ndim; ++d) {
        long long extent;
        if (fscanf(in, " %lld", &extent) != 1) return malformed("tensor shape");
        shapes[i][d] = extent;
      }
      if (fscanf(in, " %llu", &bytes) != 1 || fgetc(in) != '\n') return malformed("tensor size");
      void* data = aligned(bytes);
      if (bytes && fread(data, 1, bytes, in) != bytes) return malformed("tensor data");
      sizes[i] = bytes;
      DLTensor tensor = {data, {kDLCPU, 0}, ndim, {(uint8_t)code, (uint8_t)bits, (uint16_t)lanes}, shapes[i], NULL, 0};
      tensors[i] = tensor;
      args[i].type_index = kTVMFFIDLTensorPtr;
      args[i].v_ptr = &tensors[i];
    } else if (kind == 'I' || kind == 'B') {
      long long value;
      if (fscanf(in, " %lld\n", &value) != 1) return malformed("integer");
      args[i].type_index = kind == 'I' ? kTVMFFIInt : kTVMFFIBool;
      args[i].v_int64 = value;
    } else if (kind == 'F') {
      double value;
      if (fscanf(in, " %la\n", &value) != 1) return malformed("float");
      args[i].type_index = kTVMFFIFloat;
      args[i].v_float64 = value;
    } else {
      return malformed("unknown argument kind");
    }
  }
  fclose(in);
  if (&__TVMBackendParallelLaunch) __TVMBackendParallelLaunch = serial_launch;
  if (&__TVMBackendAllocWorkspace) __TVMBackendAllocWorkspace = TVMBackendAllocWorkspace;
  if (&__TVMBackendFreeWorkspace) __TVMBackendFreeWorkspace = TVMBackendFreeWorkspace;
  if (&__TVMFFIHandleInitOnce) __TVMFFIHandleInitOnce = packed_init_once;
  if (&__TVMFFIEnvModLookupFromImports) __TVMFFIEnvModLookupFromImports = packed_lookup;
  TVMFFIAny result;
  memset(&result, 0, sizeof(result));
  if (__tvm_ffi_main(NULL, args, count, &result) != 0) return 3;
  FILE* out = fopen(argv[2], "wb");
  if (!out) return malformed("cannot open the output file");
  for (int i = 0; i < count; ++i)
    if (args[i].type_index == kTVMFFIDLTensorPtr && sizes[i] && fwrite(tensors[i].data, 1, sizes[i], out) != sizes[i])
      return malformed("cannot write the output");
  return fclose(out) == 0 ? 0 : malformed("cannot write the output");
}
