/* libbpcov.so: block coverage of an uninstrumented shared library with one-shot breakpoints.
 *
 * bpcov_arm() writes int3 (0xCC) at every statically found block start that the global map does
 * not cover yet.  When one fires, the SIGTRAP handler puts the original byte back, marks the block
 * in the worker's shared map, appends its index to the worker's fired log and resumes at the same
 * address.  A block therefore traps at most once per worker: after the first run of an input, the
 * code runs at native speed and the traps are exactly the blocks new to the campaign.
 *
 * While recording is off (bpcov_record(0): the harness's own work around a test), a trap only
 * restores the byte and queues the block; turning recording back on re-arms the queued blocks, so
 * they stay available to the tests that really reach them.  A block is re-armed at most
 * MAX_REARMS times: code that only the harness runs (the printer, the parser) stops trapping.
 */
#define _GNU_SOURCE
#include "memcov.h"

#include <dlfcn.h>
#include <fcntl.h>
#include <link.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <ucontext.h>
#include <unistd.h>

#define API __attribute__((visibility("default")))
#define INT3 0xCC

static uintptr_t g_base, g_lo, g_hi;     /* load address, armed code range */
static const uint32_t *g_offsets;        /* sorted block offsets, relative to g_base */
static uint8_t *g_orig;                  /* original first byte of each block */
static uint64_t g_count;
static uint8_t *g_hits;                  /* worker map: one byte per block */
static uint32_t *g_log;                  /* worker map: fired indices, in firing order */
static uint64_t *g_nlog;
static struct sigaction g_previous;
#define MAX_REARMS 32
static volatile int g_recording = 1;
static uint8_t *g_queued;                /* per block: restored while not recording, not re-armed yet */
static uint8_t *g_rearms;                /* per block: times re-armed */
static uint32_t *g_queue;                /* indices of queued blocks */
static uint64_t g_nqueue;
static const char *g_error = "";

static long find_block(uint32_t offset) {
  uint64_t a = 0, b = g_count;
  while (a < b) {
    uint64_t m = a + (b - a) / 2;
    if (g_offsets[m] < offset) a = m + 1; else b = m;
  }
  return a < g_count && g_offsets[a] == offset ? (long)a : -1;
}

/* Says where a trap that is not one of ours came from, in the worker's log, before it goes to the
 * handler that was there before (or kills the process): an offset inside the armed range points
 * at a wrongly found block start. */
static void report_foreign_trap(uintptr_t pc) {
  char line[96] = "bpcov: SIGTRAP not armed by bpcov at pc 0x";
  size_t n = strlen(line);
  int inside = pc >= g_lo && pc < g_hi;
  uintptr_t value = inside ? pc - g_base : pc;
  for (int shift = 60; shift >= 0; shift -= 4) line[n++] = "0123456789abcdef"[(value >> shift) & 0xf];
  const char *tail = inside ? " (library offset, inside the armed code)\n" : " (outside the armed code)\n";
  size_t k = strlen(tail);
  if (n + k < sizeof line) {
    memcpy(line + n, tail, k);
    n += k;
  }
  ssize_t ignored = write(2, line, n);
  (void)ignored;
}

static void forward(int sig, siginfo_t *si, void *ctx) {
  report_foreign_trap((uintptr_t)((ucontext_t *)ctx)->uc_mcontext.gregs[REG_RIP] - 1);
  if (g_previous.sa_flags & SA_SIGINFO) { g_previous.sa_sigaction(sig, si, ctx); return; }
  if (g_previous.sa_handler != SIG_DFL && g_previous.sa_handler != SIG_IGN) {
    g_previous.sa_handler(sig);
    return;
  }
  signal(SIGTRAP, SIG_DFL);
  raise(SIGTRAP);
}

/* Threads may trap on the same block at once: the first to flip the hit byte restores the code and
 * logs the block, the others just resume and trap again until the byte is back. */
static void on_trap(int sig, siginfo_t *si, void *ctx) {
  ucontext_t *uc = ctx;
  uintptr_t pc = (uintptr_t)uc->uc_mcontext.gregs[REG_RIP] - 1;
  long i = pc >= g_lo && pc < g_hi ? find_block((uint32_t)(pc - g_base)) : -1;
  if (i < 0 || g_orig[i] == INT3) {  /* an int3 that was in the code before we armed */
    forward(sig, si, ctx);
    return;
  }
  if (!g_recording) {
    if (__atomic_exchange_n(&g_queued[i], 1, __ATOMIC_ACQ_REL) == 0) {
      __atomic_store_n((uint8_t *)pc, g_orig[i], __ATOMIC_RELEASE);
      uint64_t slot = __atomic_fetch_add(&g_nqueue, 1, __ATOMIC_ACQ_REL);
      if (slot < g_count) g_queue[slot] = (uint32_t)i;
    }
  } else if (__atomic_exchange_n(&g_hits[i], MEMCOV_COVERED, __ATOMIC_ACQ_REL) == 0) {
    __atomic_store_n((uint8_t *)pc, g_orig[i], __ATOMIC_RELEASE);
    uint64_t slot = __atomic_fetch_add(g_nlog, 1, __ATOMIC_ACQ_REL);
    if (slot < g_count) g_log[slot] = (uint32_t)i;
  }
  uc->uc_mcontext.gregs[REG_RIP] = (greg_t)pc;
}

/* Turning recording on re-arms what the harness restored; the caller's thread is the only one
 * running the library then (the harness switches between its own steps).  Returns the previous
 * setting. */
API int bpcov_record(int on) {
  int previous = g_recording;
  if (on && !previous && g_offsets) {
    uint8_t *code = (uint8_t *)g_base;
    uint64_t n = g_nqueue < g_count ? g_nqueue : g_count;
    for (uint64_t k = 0; k < n; k++) {
      uint32_t i = g_queue[k];
      g_queued[i] = 0;
      if (g_hits[i] == 0 && g_rearms[i] < MAX_REARMS) {
        g_rearms[i]++;
        code[g_offsets[i]] = INT3;
      }
    }
    g_nqueue = 0;
  }
  __atomic_store_n(&g_recording, on, __ATOMIC_RELEASE);
  return previous;
}

/* How many blocks the worker's log holds: a caller that runs several tests between resets reads it
 * before and after each, so that the parent can tell which test reached which blocks. */
API uint64_t bpcov_logged(void) {
  return g_nlog ? __atomic_load_n(g_nlog, __ATOMIC_ACQUIRE) : 0;
}

static int fail(const char *msg) {
  g_error = msg;
  return -1;
}

API const char *bpcov_error(void) { return g_error; }

/* Maps a whole file (or shm object) for the rest of the process: the trap handler may run until the
 * very end, during interpreter teardown, after Python objects are gone. */
static void *map_forever(int fd, int writable, uint64_t *size) {
  struct stat st = {0};
  if (fd < 0) return NULL;
  void *p = fstat(fd, &st) ? MAP_FAILED
            : mmap(NULL, st.st_size, PROT_READ | (writable ? PROT_WRITE : 0), MAP_SHARED, fd, 0);
  close(fd);
  *size = st.st_size;
  return p == MAP_FAILED ? NULL : p;
}

/* handle: dlopen handle of the target library; blocks_path: a .npy file whose n sorted uint32 block
 * offsets (module-relative, inside [code_lo, code_hi)) start at byte data_offset; global: the
 * campaign's map, read only while arming; worker_shm: this worker's region (capacity n, with a log).
 * Returns the number of armed blocks or -1 (see bpcov_error()).  A process arms once. */
API long bpcov_arm(void *handle, const char *blocks_path, uint64_t data_offset, uint64_t n, uint64_t code_lo,
                   uint64_t code_hi, const uint8_t *global, const char *worker_shm) {
  if (g_offsets) return fail("breakpoints are already armed in this process");
  uint64_t size;
  struct memcov_header *worker = map_forever(shm_open(worker_shm, O_RDWR, 0), 1, &size);
  if (!worker || size < MEMCOV_HEADER_SIZE || worker->magic != MEMCOV_MAGIC || worker->capacity != n ||
      !worker->log_offset || worker->log_offset + 4 * n > size)
    return fail("the worker map is missing or does not match the block list");
  const uint8_t *file = map_forever(open(blocks_path, O_RDONLY | O_CLOEXEC), 0, &size);
  if (!file || data_offset + 4 * n > size) return fail("cannot map the block list");
  const uint32_t *offsets = (const uint32_t *)(file + data_offset);
  for (uint64_t i = 0; i < n; i++)
    if (offsets[i] < code_lo || offsets[i] >= code_hi || (i && offsets[i] <= offsets[i - 1]))
      return fail("block offsets are not sorted inside the code range");
  struct link_map *lm;
  if (dlinfo(handle, RTLD_DI_LINKMAP, &lm)) return fail("dlinfo failed on the target library");
  g_orig = malloc(n ? n : 1);
  g_queued = calloc(n ? n : 1, 1);
  g_rearms = calloc(n ? n : 1, 1);
  g_queue = malloc(4 * (n ? n : 1));
  if (!g_orig || !g_queued || !g_rearms || !g_queue) return fail("out of memory");

  g_base = lm->l_addr;
  g_lo = g_base + code_lo;
  g_hi = g_base + code_hi;
  long page = sysconf(_SC_PAGESIZE);
  uintptr_t first_page = g_lo & ~(uintptr_t)(page - 1);
  uintptr_t end_page = (g_hi + page - 1) & ~(uintptr_t)(page - 1);
  if (mprotect((void *)first_page, end_page - first_page, PROT_READ | PROT_WRITE | PROT_EXEC))
    return fail("mprotect(RWX) of the code was refused");

  g_hits = memcov_entries(worker);
  g_log = (uint32_t *)((uint8_t *)worker + worker->log_offset);
  g_nlog = &worker->nlog;
  g_count = n;
  uint8_t *code = (uint8_t *)g_base;
  for (uint64_t i = 0; i < n; i++) g_orig[i] = code[offsets[i]];
  g_offsets = offsets;

  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = on_trap;
  sa.sa_flags = SA_SIGINFO | SA_RESTART;
  sigemptyset(&sa.sa_mask);
  if (sigaction(SIGTRAP, &sa, &g_previous)) return fail("sigaction(SIGTRAP) failed");

  long armed = 0;
  for (uint64_t i = 0; i < n; i++) {
    if (global[i] != MEMCOV_UNCOVERED || g_orig[i] == INT3) continue;
    code[offsets[i]] = INT3;
    armed++;
  }
  return armed;
}
